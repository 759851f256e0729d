//! The root of a whole-tree search, shared by the paper-form procedures: count the root,
//! return a terminal root's value, otherwise try every move (the root's window is
//! `(-inf, +inf)`, so it never cuts off) and keep the move that produced the value.

use crate::{Counters, SearchResult};
use abbench_tree::{GameTree, NEG_INFINITY, Value};

/// Searches from the root; `child_value(child, m, counters)` returns the negated value of
/// a root move's subtree given the root's running maximum `m`, as each procedure computes it.
pub(crate) fn search_root<T: GameTree, C: Counters>(
    tree: &T,
    mut counters: C,
    mut child_value: impl FnMut(T::Node, Value, &mut C) -> Value,
) -> SearchResult {
    let root = tree.root();
    counters.position(0);
    let degree = tree.degree(root);
    if degree == 0 {
        counters.leaf();
        return SearchResult::exact(tree.value(root), None, counters.stats());
    }
    let children = tree.children(root);
    let mut m = NEG_INFINITY;
    let mut best = 0;
    for i in 0..degree {
        let t = child_value(tree.child(root, &children, i), m, &mut counters);
        if t > m {
            m = t;
            best = i;
        }
    }
    SearchResult::exact(
        m,
        Some(tree.move_number(root, &children, best)),
        counters.stats(),
    )
}
