//! F1: branch-and-bound without deep cutoffs, Knuth & Moore §2.
//!
//! ```text
//! integer procedure F1(position p, integer bound):
//!     if d = 0 then F1 := f(p) else
//!     begin m := -inf;
//!         for i := 1 step 1 until d do
//!         begin t := -F1(p_i, -m);
//!             if t > m then m := t;
//!             if m >= bound then go to done;
//!         end;
//!     done: F1 := m
//!     end
//! ```
//!
//! A node knows only its parent's bound, so a cutoff can never come from further up.

use crate::{Counters, SearchResult};
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY, Value};

/// `F1(root, +inf)`, which equals `F(root)`.
pub fn f1<T: GameTree, C: Counters>(tree: &T) -> SearchResult {
    let mut counters = C::for_height(tree.height());
    let root = tree.root();
    counters.position(0);
    let degree = tree.degree(root);
    if degree == 0 {
        counters.leaf();
        return SearchResult {
            value: tree.value(root),
            best_move: None,
            stats: counters.stats(),
        };
    }
    let children = tree.children(root);
    let mut m = NEG_INFINITY;
    let mut best = 0;
    for i in 0..degree {
        let t = -bounded(tree, tree.child(root, &children, i), -m, &mut counters);
        if t > m {
            m = t;
            best = i;
        }
        // bound = +inf at the root: never a cutoff.
    }
    debug_assert!(m < INFINITY);
    SearchResult {
        value: m,
        best_move: Some(tree.move_number(root, &children, best)),
        stats: counters.stats(),
    }
}

fn bounded<T: GameTree, C: Counters>(
    tree: &T,
    node: T::Node,
    bound: Value,
    counters: &mut C,
) -> Value {
    counters.position(tree.depth(node));
    let degree = tree.degree(node);
    if degree == 0 {
        counters.leaf();
        return tree.value(node);
    }
    let children = tree.children(node);
    let mut m = NEG_INFINITY;
    for i in 0..degree {
        let t = -bounded(tree, tree.child(node, &children, i), -m, counters);
        if t > m {
            m = t;
        }
        if m >= bound {
            if i + 1 < degree {
                counters.cutoff();
            }
            break;
        }
    }
    m
}
