//! F2: alpha-beta, Knuth & Moore §2, written as in the paper.
//!
//! ```text
//! integer procedure F2(position p, integer alpha, integer beta):
//!     if d = 0 then F2 := f(p) else
//!     begin m := alpha;
//!         for i := 1 step 1 until d do
//!         begin t := -F2(p_i, -beta, -m);
//!             if t > m then m := t;
//!             if m >= beta then go to done;
//!         end;
//!     done: F2 := m
//!     end
//! ```
//!
//! Its contract (eq. (6)–(8)): `F2(p, a, b) <= a` if `F(p) <= a`; `= F(p)` if
//! `a < F(p) < b`; `>= b` if `F(p) >= b`.

use crate::root::search_root;
use crate::{Counters, SearchResult};
use abbench_tree::{GameTree, INFINITY, Value};

/// `F2(root, -inf, +inf)`, which equals `F(root)`.
pub fn f2<T: GameTree, C: Counters>(tree: &T) -> SearchResult {
    f2_with(tree, C::for_height(tree.height()))
}

/// [`f2()`] counting into `counters`.
pub(crate) fn f2_with<T: GameTree, C: Counters>(tree: &T, counters: C) -> SearchResult {
    search_root(tree, counters, |child, m, counters| {
        -alphabeta(tree, child, -INFINITY, -m, counters)
    })
}

/// `F2(node, alpha, beta)` for any node: the recursive procedure itself.
pub fn alphabeta<T: GameTree, C: Counters>(
    tree: &T,
    node: T::Node,
    alpha: Value,
    beta: Value,
    counters: &mut C,
) -> Value {
    counters.position(tree.depth(node));
    let degree = tree.degree(node);
    if degree == 0 {
        counters.leaf();
        return tree.value(node);
    }
    let children = tree.children(node);
    let mut m = alpha;
    for i in 0..degree {
        let t = -alphabeta(tree, tree.child(node, &children, i), -beta, -m, counters);
        if t > m {
            m = t;
        }
        if m >= beta {
            if i + 1 < degree {
                counters.cutoff();
            }
            break;
        }
    }
    m
}
