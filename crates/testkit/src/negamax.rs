//! Negamax over every position (Knuth & Moore's F0), written apart from the kernels of
//! `abbench-search` (this crate depends on the trees alone): the oracle that confirms the
//! benches' golden values, in `tests/golden.rs` on the smaller trees and in
//! `examples/golden_negamax.rs` on all of them.

use abbench_tree::{GameTree, Value};

/// The value of `node`: the largest negated value of its children, down to the leaves.
pub fn negamax<T: GameTree>(tree: &T, node: T::Node) -> Value {
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
