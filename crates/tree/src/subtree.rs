//! The tree below one node of another, as a tree of its own: what a search of one root
//! move is made on, as when a best move's value is checked by a table search where f2-iter,
//! which has no table, would cost far more than the search it checks.

use crate::{GameTree, Value};

/// The tree below `root`, a node of `tree`: its depths count from `root`, and everything
/// else (children, values, keys, bounds) is `tree`'s.
#[derive(Clone, Copy, Debug)]
pub struct Subtree<'a, T: GameTree> {
    tree: &'a T,
    root: T::Node,
    depth: u32,
}

impl<'a, T: GameTree> Subtree<'a, T> {
    /// The tree below `root`, a node of `tree`.
    pub fn new(tree: &'a T, root: T::Node) -> Self {
        Subtree {
            tree,
            root,
            depth: tree.depth(root),
        }
    }
}

impl<T: GameTree> GameTree for Subtree<'_, T> {
    type Node = T::Node;
    type Children = T::Children;

    #[inline(always)]
    fn root(&self) -> T::Node {
        self.root
    }
    fn height(&self) -> u32 {
        self.tree.height().saturating_sub(self.depth)
    }
    fn max_degree(&self) -> usize {
        self.tree.max_degree()
    }
    #[inline(always)]
    fn depth(&self, node: T::Node) -> u32 {
        self.tree.depth(node) - self.depth
    }
    #[inline(always)]
    fn degree(&self, node: T::Node) -> usize {
        self.tree.degree(node)
    }
    #[inline(always)]
    fn children(&self, node: T::Node) -> T::Children {
        self.tree.children(node)
    }
    #[inline(always)]
    fn child(&self, node: T::Node, children: &T::Children, i: usize) -> T::Node {
        self.tree.child(node, children, i)
    }
    #[inline(always)]
    fn move_number(&self, node: T::Node, children: &T::Children, i: usize) -> usize {
        self.tree.move_number(node, children, i)
    }
    #[inline(always)]
    fn value(&self, node: T::Node) -> Value {
        self.tree.value(node)
    }
    #[inline(always)]
    fn estimate(&self, node: T::Node) -> Option<Value> {
        self.tree.estimate(node)
    }
    #[inline(always)]
    fn position_key(&self, node: T::Node) -> Option<u64> {
        self.tree.position_key(node)
    }
    #[inline(always)]
    fn value_bounds(&self, node: T::Node) -> Option<(Value, Value)> {
        self.tree.value_bounds(node)
    }
    #[inline(always)]
    fn untabled(&self, node: T::Node) -> bool {
        self.tree.untabled(node)
    }
    #[inline(always)]
    fn settle(&self, node: T::Node, window: (Value, Value)) -> Option<Value> {
        self.tree.settle(node, window)
    }
    #[inline(always)]
    fn search_small<X: crate::Tally>(
        &self,
        node: T::Node,
        depth: u32,
        window: (Value, Value),
        tally: &mut X,
    ) -> Option<Value> {
        self.tree.search_small(node, depth, window, tally)
    }
    #[inline(always)]
    fn remaining_height(&self, node: T::Node) -> u32 {
        self.tree.remaining_height(node)
    }
    fn decided_move(&self, node: T::Node) -> Option<usize> {
        self.tree.decided_move(node)
    }
    fn branching_per_ply(&self) -> Option<f64> {
        self.tree.branching_per_ply()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::connect4::Connect4Tree;
    use crate::models::connect4::position::parse_moves;

    /// Negamax of `node`.
    fn negamax<T: GameTree>(tree: &T, node: T::Node) -> Value {
        if tree.degree(node) == 0 {
            return tree.value(node);
        }
        let children = tree.children(node);
        (0..tree.degree(node))
            .map(|i| -negamax(tree, tree.child(node, &children, i)))
            .max()
            .unwrap()
    }

    #[test]
    fn a_subtree_is_its_root_nodes_tree_counted_from_it() {
        // A Connect Four position with 8 moves left.
        let board = parse_moves("1773137111772153742654552465335644").unwrap();
        let tree = Connect4Tree::new(board);
        let root = tree.root();
        let children = tree.children(root);
        for i in 0..tree.degree(root) {
            let child = tree.child(root, &children, i);
            let below = Subtree::new(&tree, child);
            assert_eq!(below.depth(below.root()), 0);
            assert_eq!(below.height(), tree.height() - 1);
            assert_eq!(below.position_key(child), tree.position_key(child));
            assert_eq!(negamax(&below, below.root()), negamax(&tree, child));
            if below.degree(child) > 0 {
                let grandchildren = below.children(child);
                assert_eq!(below.depth(below.child(child, &grandchildren, 0)), 1);
            }
        }
    }
}
