//! The `GameTree` trait: what every search kernel is generic over.
//!
//! A tree hands out small `Copy` node states. Expanding a node is split in two so that
//! models which need per-node work before their children can be named (a search order
//! sorted by static value, a permutation of move values) do that work once per node:
//! [`GameTree::children`] computes it, [`GameTree::child`] then names the `i`-th child **in
//! search order** in O(1). Nothing here allocates; kernels are monomorphised over the
//! trait, so none of it costs a dynamic call.

use crate::Value;
use std::fmt::Debug;

/// A game tree searched by the kernels, in the negamax convention of Knuth & Moore eq. (1).
pub trait GameTree: Sync {
    /// A position: a small value any thread can copy and expand.
    type Node: Copy + Send + Sync + Debug;
    /// What [`GameTree::children`] computes once per internal node (search order,
    /// per-child data); `()` for models that need nothing.
    type Children: Copy + Send + Sync;

    /// The root position (depth 0).
    fn root(&self) -> Self::Node;

    /// An upper bound on the depth of every node: kernels size their stacks with it.
    fn height(&self) -> u32;

    /// An upper bound on the number of children of every node.
    fn max_degree(&self) -> usize;

    /// The depth of `node`; the root has depth 0.
    fn depth(&self, node: Self::Node) -> u32;

    /// The number of children of `node`; 0 exactly when `node` is terminal.
    fn degree(&self, node: Self::Node) -> usize;

    /// Prepares an internal node for [`GameTree::child`] and [`GameTree::move_number`].
    fn children(&self, node: Self::Node) -> Self::Children;

    /// The `i`-th child of `node` in search order, `i < degree(node)`.
    fn child(&self, node: Self::Node, children: &Self::Children, i: usize) -> Self::Node;

    /// The move number (natural child index, as the specification numbers moves) of the
    /// `i`-th child in search order.
    fn move_number(&self, node: Self::Node, children: &Self::Children, i: usize) -> usize;

    /// The value of a terminal node, from the viewpoint of the player to move there.
    fn value(&self, node: Self::Node) -> Value;

    /// A heuristic value of any node, terminal or not, from the viewpoint of the player to
    /// move there: what a search that stops short of the leaves scores its frontier with
    /// (Knuth & Moore §4's "best guess about the value"). `None` for trees whose interior
    /// nodes carry no value, which is all but `branch-sum`'s implicit form.
    fn estimate(&self, node: Self::Node) -> Option<Value> {
        let _ = node;
        None
    }
}
