//! A tree searched as if it had no transpositions: every method of the tree it wraps but
//! [`GameTree::position_key`], which is `None`, so the table-driven searches name each
//! position by its path. Searching a game both ways measures what its transpositions
//! save (`--path-keys`).

use crate::{GameTree, Value};

/// `T` without its position keys.
#[derive(Clone, Debug)]
pub struct PathKeyed<T>(pub T);

impl<T: GameTree> GameTree for PathKeyed<T> {
    type Node = T::Node;
    type Children = T::Children;

    #[inline(always)]
    fn root(&self) -> T::Node {
        self.0.root()
    }
    fn height(&self) -> u32 {
        self.0.height()
    }
    fn max_degree(&self) -> usize {
        self.0.max_degree()
    }
    #[inline(always)]
    fn depth(&self, node: T::Node) -> u32 {
        self.0.depth(node)
    }
    #[inline(always)]
    fn degree(&self, node: T::Node) -> usize {
        self.0.degree(node)
    }
    #[inline(always)]
    fn children(&self, node: T::Node) -> T::Children {
        self.0.children(node)
    }
    #[inline(always)]
    fn child(&self, node: T::Node, children: &T::Children, i: usize) -> T::Node {
        self.0.child(node, children, i)
    }
    #[inline(always)]
    fn move_number(&self, node: T::Node, children: &T::Children, i: usize) -> usize {
        self.0.move_number(node, children, i)
    }
    #[inline(always)]
    fn value(&self, node: T::Node) -> Value {
        self.0.value(node)
    }
    #[inline(always)]
    fn estimate(&self, node: T::Node) -> Option<Value> {
        self.0.estimate(node)
    }
    #[inline(always)]
    fn value_bounds(&self, node: T::Node) -> Option<(Value, Value)> {
        self.0.value_bounds(node)
    }
    #[inline(always)]
    fn untabled(&self, node: T::Node) -> bool {
        self.0.untabled(node)
    }
    #[inline(always)]
    fn settle(&self, node: T::Node, window: (Value, Value)) -> Option<Value> {
        self.0.settle(node, window)
    }
    #[inline(always)]
    fn search_small<X: crate::Tally>(
        &self,
        node: T::Node,
        depth: u32,
        window: (Value, Value),
        tally: &mut X,
    ) -> Option<Value> {
        self.0.search_small(node, depth, window, tally)
    }
    #[inline(always)]
    fn remaining_height(&self, node: T::Node) -> u32 {
        self.0.remaining_height(node)
    }

    fn decided_move(&self, node: T::Node) -> Option<usize> {
        self.0.decided_move(node)
    }
    /// The game's own: the split height then follows the tree, not its keys, so path
    /// keys and position keys are compared at the same split height.
    fn branching_per_ply(&self) -> Option<f64> {
        self.0.branching_per_ply()
    }
}
