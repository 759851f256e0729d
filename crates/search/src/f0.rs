//! F0: plain negamax, Knuth & Moore eq. (1) — the oracle every other procedure is
//! checked against. It examines every position of the tree.

use crate::root::search_root;
use crate::{Counters, SearchResult};
use abbench_tree::{GameTree, NEG_INFINITY, Value};

/// `F(p)` by eq. (1): the maximum over the children of the negated child values.
pub fn f0<T: GameTree, C: Counters>(tree: &T) -> SearchResult {
    f0_with(tree, C::for_height(tree.height()))
}

/// [`f0()`] counting into `counters`.
pub(crate) fn f0_with<T: GameTree, C: Counters>(tree: &T, counters: C) -> SearchResult {
    search_root(tree, counters, |child, _m, counters| {
        -negamax(tree, child, counters)
    })
}

fn negamax<T: GameTree, C: Counters>(tree: &T, node: T::Node, counters: &mut C) -> Value {
    counters.position(tree.depth(node));
    let degree = tree.degree(node);
    if degree == 0 {
        counters.leaf();
        return tree.value(node);
    }
    let children = tree.children(node);
    let mut m = NEG_INFINITY;
    for i in 0..degree {
        let t = -negamax(tree, tree.child(node, &children, i), counters);
        if t > m {
            m = t;
        }
    }
    m
}
