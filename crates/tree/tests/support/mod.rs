//! Test helpers on the crate's side: small trees of every model for property tests,
//! naming a reference tree as a `ModelSpec`, and what a full search meets in a
//! `GameTree`, in the reference's terms.
#![allow(dead_code)]

use crate::reference::{Params, Visit};
use abbench_tree::{
    BranchOrder, GameTree, Model, ModelSpec, Step, TreeVisitor, Value, walk_preorder,
};
use proptest::prelude::*;
use std::ops::ControlFlow;

/// Small trees of every model: few and many distinct values, perfect to random ordering,
/// variable branching with terminal nodes, branch-sum in both orders.
pub fn small_tree() -> impl Strategy<Value = Params> {
    let model = prop_oneof![
        Just("random"),
        Just("ordered"),
        Just("dependent"),
        Just("branch-sum"),
        Just("worst"),
    ];
    (
        model,
        1u64..6,
        0u32..5,
        any::<u64>(),
        0u64..3,
        prop::bool::ANY,
    )
        .prop_map(|(model, degree, height, seed, variant, flag)| {
            let degree = if model == "dependent" {
                degree.max(2)
            } else {
                degree
            };
            let mut p = Params::new(model, degree, height, seed);
            match model {
                "random" => p.values = [1 << 32, 10, 1][variant as usize],
                "ordered" => {
                    p.ordering = [1.0, 0.5, 0.0][variant as usize];
                    p.spread = [1000, 3, 1][variant as usize];
                    if flag {
                        p.degree_min = 1 + variant;
                        p.degree_max = degree + 2;
                        p.terminal_prob = [0.0, 0.2, 0.5][variant as usize];
                    }
                }
                "branch-sum" => {
                    p.edge_range = [1000, 10, 0][variant as usize];
                    p.order = if flag { "static" } else { "natural" }.to_string();
                }
                _ => {}
            }
            p
        })
}

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
