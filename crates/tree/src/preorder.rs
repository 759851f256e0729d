//! An iterative pre-order walk over any [`GameTree`], children in search order.
//!
//! Materialising an arena, writing a `.tree` file, computing statistics and comparing two
//! trees all visit every position once in the order a full search (F0, Knuth & Moore
//! eq. (1)) examines them. The walk keeps an explicit stack of one frame per level, so
//! its depth is bounded by memory, never by the call stack, and it can stop early.
//!
//! Pre-order visits the positions of each level left to right, which is also their
//! breadth-first order within the level: the arenas use this to place a node at its
//! breadth-first index while walking depth-first.

use crate::GameTree;
use std::ops::ControlFlow;

/// One event of a pre-order walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<N> {
    /// A position is reached; its subtree follows (if it has children).
    Enter {
        /// The position.
        node: N,
        /// The length of the path from the root (the root has depth 0).
        depth: u32,
        /// Its index among its parent's children in search order (0 for the root).
        position: usize,
        /// Its move number as the parent numbers moves (0 for the root).
        move_number: usize,
        /// Its number of children; 0 for a terminal position.
        degree: usize,
    },
    /// The whole subtree of an internal position has been walked.
    Leave {
        /// The position.
        node: N,
        /// Its depth.
        depth: u32,
    },
}

/// A position whose children are being walked.
struct Frame<T: GameTree + ?Sized> {
    node: T::Node,
    children: T::Children,
    depth: u32,
    degree: usize,
    next: usize,
}

/// Walks `tree` in pre-order, calling `visit` on every step; stops as soon as `visit`
/// breaks and returns what it broke with.
///
/// Terminal positions get an [`Step::Enter`] only; internal positions an `Enter` before
/// their subtree and a [`Step::Leave`] after it.
pub fn walk_preorder<T, B, F>(tree: &T, mut visit: F) -> ControlFlow<B>
where
    T: GameTree + ?Sized,
    F: FnMut(Step<T::Node>) -> ControlFlow<B>,
{
    let root = tree.root();
    let degree = tree.degree(root);
    visit(Step::Enter {
        node: root,
        depth: 0,
        position: 0,
        move_number: 0,
        degree,
    })?;
    if degree == 0 {
        return ControlFlow::Continue(());
    }
    let mut stack: Vec<Frame<T>> = Vec::with_capacity(tree.height() as usize + 1);
    stack.push(Frame {
        node: root,
        children: tree.children(root),
        depth: 0,
        degree,
        next: 0,
    });
    while let Some(top) = stack.last_mut() {
        if top.next == top.degree {
            let (node, depth) = (top.node, top.depth);
            stack.pop();
            visit(Step::Leave { node, depth })?;
            continue;
        }
        let position = top.next;
        top.next += 1;
        let node = tree.child(top.node, &top.children, position);
        let move_number = tree.move_number(top.node, &top.children, position);
        let depth = top.depth + 1;
        let degree = tree.degree(node);
        visit(Step::Enter {
            node,
            depth,
            position,
            move_number,
            degree,
        })?;
        if degree > 0 {
            stack.push(Frame {
                node,
                children: tree.children(node),
                depth,
                degree,
                next: 0,
            });
        }
    }
    ControlFlow::Continue(())
}
