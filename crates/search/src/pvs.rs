//! Principal variation search (NegaScout; Marsland & Campbell 1982, Reinefeld 1983): the
//! eldest child of every node is searched with the node's window, each younger child
//! first with the null window `(a, a + 1)` — enough to show it is no better than the best
//! so far — and searched again with the window `(a, beta)` only when it fails high inside
//! the node's window.
//!
//! ```text
//! pvs(p, alpha, beta):                      (fail-soft)
//!   m := -pvs(p_1, -beta, -alpha)
//!   for i := 2 .. d while m < beta:
//!     a := max(alpha, m)
//!     t := -pvs(p_i, -a - 1, -a)
//!     if a < t < beta then t := -pvs(p_i, -beta, -a)
//!     m := max(m, t)
//!   return m
//! ```
//!
//! Values are integers, so `(a, a + 1)` contains none: a null-window search only says
//! whether the value is above `a`. On a perfectly ordered tree no younger child fails
//! high and the search examines exactly the minimal tree of Knuth & Moore's Theorem 1.
//! A position searched again is counted again: it is examined twice.

use crate::{Counters, SearchResult};
use abbench_tree::{GameTree, Value};

/// `pvs(root, -inf, +inf)`, which equals `F(root)`, counting into `counters`.
pub(crate) fn pvs_with<T: GameTree, C: Counters>(tree: &T, mut counters: C) -> SearchResult {
    let root = tree.root();
    let (value, best) = pvs_node(
        tree,
        root,
        abbench_tree::NEG_INFINITY,
        abbench_tree::INFINITY,
        &mut counters,
    );
    let best_move = best.map(|i| tree.move_number(root, &tree.children(root), i));
    SearchResult::exact(value, best_move, counters.stats())
}

/// `pvs(node, alpha, beta)`: the value and the search-order index of the child that
/// produced it.
fn pvs_node<T: GameTree, C: Counters>(
    tree: &T,
    node: T::Node,
    alpha: Value,
    beta: Value,
    counters: &mut C,
) -> (Value, Option<usize>) {
    counters.position(tree.depth(node));
    let degree = tree.degree(node);
    if degree == 0 {
        counters.leaf();
        return (tree.value(node), None);
    }
    let children = tree.children(node);
    let mut m = -pvs_node(
        tree,
        tree.child(node, &children, 0),
        -beta,
        -alpha,
        counters,
    )
    .0;
    let mut best = 0;
    for i in 1..degree {
        if m >= beta {
            counters.cutoff();
            break;
        }
        let a = m.max(alpha);
        let child = tree.child(node, &children, i);
        // `a < beta <= +inf`, so `a + 1` does not overflow.
        let mut t = -pvs_node(tree, child, -a - 1, -a, counters).0;
        if a < t && t < beta {
            t = -pvs_node(tree, child, -beta, -a, counters).0;
        }
        if t > m {
            m = t;
            best = i;
        }
    }
    (m, Some(best))
}
