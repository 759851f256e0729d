//! F2 and fail-soft F2 from any root window, with either cutoff criterion, optionally
//! counting node kinds: Knuth & Moore §2's procedure as in [`crate::f2()`], §4's narrow
//! root windows, and seed 002's variants.
//!
//! ```text
//! F2(p, alpha, beta)             fail-soft(p, alpha, beta)
//!   m := alpha                     m := -inf
//!   for each child p_i:            for each child p_i:
//!     t := -F2(p_i, -beta, -m)       t := -fail-soft(p_i, -beta, -max(m, alpha))
//!     if t > m then m := t           if t > m then m := t
//!     if m >= beta then done         if m >= beta then done
//!   return m                       return m
//! ```
//!
//! With `--cutoff gt` both stop only when `m > beta`. The fail-hard form returns `alpha`
//! itself when the value is at most alpha; the fail-soft form returns a bound that can
//! lie further out, which is what aspiration search and MTD(f) feed on.

use crate::kinds::{KindObserver, NodeKind};
use crate::{Bound, Counters, Cutoff, NodeKinds, SearchResult, Window};
use abbench_tree::{GameTree, NEG_INFINITY, Value};

/// Which form of the procedure, and its cutoff criterion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Form {
    /// Fail-soft: the running maximum starts at `-inf`.
    pub soft: bool,
    /// When a node stops.
    pub cutoff: Cutoff,
}

/// Searches the whole tree from its root with `window`, counting into `counters`; node
/// kinds are counted when `kinds` is set. The result carries its [`Bound`].
pub(crate) fn window_search<T: GameTree, C: Counters>(
    tree: &T,
    window: Window,
    form: Form,
    kinds: bool,
    mut counters: C,
) -> SearchResult {
    let root = tree.root();
    let (value, best_index, kinds) = if kinds {
        let mut tally = NodeKinds::for_height(tree.height());
        let (value, best) = node_search(
            tree,
            root,
            window.alpha,
            window.beta,
            NodeKind::Pv,
            form,
            &mut counters,
            &mut tally,
        );
        (value, best, Some(tally))
    } else {
        let (value, best) = node_search(
            tree,
            root,
            window.alpha,
            window.beta,
            NodeKind::Pv,
            form,
            &mut counters,
            &mut (),
        );
        (value, best, None)
    };
    let best_move = best_index.map(|i| tree.move_number(root, &tree.children(root), i));
    SearchResult {
        value,
        best_move,
        stats: counters.stats(),
        bound: Some(Bound::of(value, window)),
        kinds,
        passes: None,
        table: None,
    }
}

/// The procedure on `node` with window `(alpha, beta)`; `expected` is the kind predicted
/// for it. Returns the value and the search-order index of the child that produced it.
#[allow(clippy::too_many_arguments)]
pub(crate) fn node_search<T: GameTree, C: Counters, K: KindObserver>(
    tree: &T,
    node: T::Node,
    alpha: Value,
    beta: Value,
    expected: NodeKind,
    form: Form,
    counters: &mut C,
    kinds: &mut K,
) -> (Value, Option<usize>) {
    let depth = tree.depth(node);
    counters.position(depth);
    let degree = tree.degree(node);
    if degree == 0 {
        counters.leaf();
        return (tree.value(node), None);
    }
    let children = tree.children(node);
    let mut m = if form.soft { NEG_INFINITY } else { alpha };
    let mut best = None;
    for i in 0..degree {
        let floor = if form.soft { m.max(alpha) } else { m };
        let child = tree.child(node, &children, i);
        let (v, _) = node_search(
            tree,
            child,
            -beta,
            -floor,
            expected.child(i),
            form,
            counters,
            kinds,
        );
        let t = -v;
        if t > m {
            m = t;
            best = Some(i);
        }
        if form.cutoff.cuts(m, beta) {
            if i + 1 < degree {
                counters.cutoff();
            }
            break;
        }
    }
    if K::ENABLED {
        kinds.record(depth, expected, NodeKind::outcome(m, alpha, beta));
    }
    (m, best)
}
