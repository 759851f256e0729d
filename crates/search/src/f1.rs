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

use crate::root::search_root;
use crate::{Counters, SearchResult};
use abbench_tree::{GameTree, NEG_INFINITY, Value};

/// `F1(root, +inf)`, which equals `F(root)`.
pub fn f1<T: GameTree, C: Counters>(tree: &T) -> SearchResult {
    f1_with(tree, C::for_height(tree.height()))
}

/// [`f1()`] counting into `counters`.
pub(crate) fn f1_with<T: GameTree, C: Counters>(tree: &T, counters: C) -> SearchResult {
    search_root(tree, counters, |child, m, counters| {
        -bounded(tree, child, -m, counters)
    })
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
