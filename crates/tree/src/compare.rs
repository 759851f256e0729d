//! Node-for-node comparison of two game trees.
//!
//! Two trees are the same tree when a full search cannot tell them apart: the same
//! degrees, the same children in search order, the same depths, the same leaf values
//! (negamax, Knuth & Moore eq. (1)) and, unless asked to ignore them, the same move
//! numbers. The arenas, the `.tree` round trip and the models' reference tests are all
//! checked with this. The walk is iterative, like every walk in this crate.

use crate::GameTree;
use std::fmt::Write;

/// Whether [`first_difference`] compares move numbers.
///
/// A `.tree` file lists children in search order and has no move numbers of its own (a
/// child's move number is its position), so a tree read back from a file equals its
/// source with [`MoveNumbers::Ignore`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveNumbers {
    /// Move numbers must match too.
    Compare,
    /// Only the shape, depths and values must match.
    Ignore,
}

struct Frame<A: GameTree + ?Sized, B: GameTree + ?Sized> {
    a: A::Node,
    b: B::Node,
    a_children: A::Children,
    b_children: B::Children,
    degree: usize,
    next: usize,
}

/// Describes the first position, in pre-order, where `a` and `b` differ, naming its path
/// of search-order positions from the root; `None` when they are the same tree.
pub fn first_difference<A, B>(a: &A, b: &B, moves: MoveNumbers) -> Option<String>
where
    A: GameTree + ?Sized,
    B: GameTree + ?Sized,
{
    let mut path: Vec<usize> = Vec::new();
    let describe = |path: &[usize], what: String| {
        let mut at = String::from("root");
        for p in path {
            let _ = write!(at, "/{p}");
        }
        format!("at {at}: {what}")
    };
    let (ra, rb) = (a.root(), b.root());
    if let Some(what) = node_difference(a, ra, b, rb, 0) {
        return Some(describe(&path, what));
    }
    let degree = a.degree(ra);
    if degree == 0 {
        return None;
    }
    let mut stack: Vec<Frame<A, B>> = vec![Frame {
        a: ra,
        b: rb,
        a_children: a.children(ra),
        b_children: b.children(rb),
        degree,
        next: 0,
    }];
    while let Some(top) = stack.last_mut() {
        if top.next == top.degree {
            stack.pop();
            path.pop();
            continue;
        }
        let i = top.next;
        top.next += 1;
        if moves == MoveNumbers::Compare {
            let (ma, mb) = (
                a.move_number(top.a, &top.a_children, i),
                b.move_number(top.b, &top.b_children, i),
            );
            if ma != mb {
                path.push(i);
                return Some(describe(&path, format!("move number {ma} != {mb}")));
            }
        }
        let ca = a.child(top.a, &top.a_children, i);
        let cb = b.child(top.b, &top.b_children, i);
        let depth = path.len() as u32 + 1;
        path.push(i);
        if let Some(what) = node_difference(a, ca, b, cb, depth) {
            return Some(describe(&path, what));
        }
        let degree = a.degree(ca);
        if degree == 0 {
            path.pop();
        } else {
            stack.push(Frame {
                a: ca,
                b: cb,
                a_children: a.children(ca),
                b_children: b.children(cb),
                degree,
                next: 0,
            });
        }
    }
    None
}

/// What differs between two positions at the same path, if anything.
fn node_difference<A, B>(a: &A, na: A::Node, b: &B, nb: B::Node, depth: u32) -> Option<String>
where
    A: GameTree + ?Sized,
    B: GameTree + ?Sized,
{
    let (da, db) = (a.depth(na), b.depth(nb));
    if da != depth || db != depth {
        return Some(format!("depth {da} and {db}, path length {depth}"));
    }
    let (ga, gb) = (a.degree(na), b.degree(nb));
    if ga != gb {
        return Some(format!("degree {ga} != {gb}"));
    }
    if ga == 0 {
        let (va, vb) = (a.value(na), b.value(nb));
        if va != vb {
            return Some(format!("leaf value {va} != {vb}"));
        }
    }
    None
}
