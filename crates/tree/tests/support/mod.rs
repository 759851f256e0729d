//! Test helpers on the crate's side: naming a reference tree as a `ModelSpec`, and what a
//! full search meets in a `GameTree`, in the reference's terms.
#![allow(dead_code)]

use crate::reference::{Params, Visit};
use abbench_tree::{
    BranchOrder, GameTree, Model, ModelSpec, Step, TreeVisitor, Value, walk_preorder,
};
use std::ops::ControlFlow;

/// The crate's name for the reference's parameters.
pub fn model_spec(p: &Params) -> ModelSpec {
    let model = match p.model.as_str() {
        "random" => Model::Random,
        "ordered" => Model::Ordered,
        "dependent" => Model::Dependent,
        "branch-sum" => Model::BranchSum,
        "worst" => Model::Worst,
        other => panic!("unknown model {other}"),
    };
    ModelSpec {
        values: p.values,
        ordering: p.ordering,
        spread: p.spread,
        degree_min: Some(p.degree_min as u32),
        degree_max: Some(p.degree_max as u32),
        terminal_prob: p.terminal_prob,
        edge_range: p.edge_range,
        order: match p.order.as_str() {
            "static" => BranchOrder::Static,
            _ => BranchOrder::Natural,
        },
        ..ModelSpec::new(model, p.degree as u32, p.height, p.seed)
    }
}

/// Every position of `tree` in pre-order, as the reference describes positions.
pub fn visits<T: GameTree + ?Sized>(tree: &T) -> Vec<Visit> {
    let mut out = Vec::new();
    let _ = walk_preorder(tree, |step| {
        if let Step::Enter {
            node,
            depth,
            move_number,
            degree,
            ..
        } = step
        {
            assert_eq!(tree.depth(node), depth, "depth of the node state");
            out.push(Visit {
                depth,
                move_number,
                degree,
                value: if degree == 0 { tree.value(node) } else { 0 },
            });
        }
        ControlFlow::<()>::Continue(())
    });
    out
}

/// Plain recursive negamax over a `GameTree` (small trees only).
pub fn negamax<T: GameTree + ?Sized>(tree: &T, node: T::Node) -> Value {
    let degree = tree.degree(node);
    if degree == 0 {
        return tree.value(node);
    }
    let children = tree.children(node);
    (0..degree)
        .map(|i| -negamax(tree, tree.child(node, &children, i)))
        .max()
        .unwrap()
}

/// Collects a tree's visits and root value.
pub struct Collect;

impl TreeVisitor for Collect {
    type Output = (Vec<Visit>, Value);
    fn visit<T: GameTree>(self, tree: &T) -> Self::Output {
        (visits(tree), negamax(tree, tree.root()))
    }
}
