//! A uniform tree given by its leaf values, for hand-made known answers.

use abbench_tree::{GameTree, Value};

/// A uniform tree of degree `d` whose leaves, left to right, hold `leaves` (negamax
/// values, viewpoint of the player to move at the leaf).
pub struct ExplicitTree {
    pub degree: usize,
    pub height: u32,
    pub leaves: Vec<Value>,
}

#[derive(Clone, Copy, Debug)]
pub struct Pos {
    /// Index of the node among the nodes of its level, left to right.
    index: usize,
    depth: u32,
}

impl GameTree for ExplicitTree {
    type Node = Pos;
    type Children = ();
    fn root(&self) -> Pos {
        Pos { index: 0, depth: 0 }
    }
    fn height(&self) -> u32 {
        self.height
    }
    fn max_degree(&self) -> usize {
        self.degree
    }
    fn depth(&self, node: Pos) -> u32 {
        node.depth
    }
    fn degree(&self, node: Pos) -> usize {
        if node.depth < self.height {
            self.degree
        } else {
            0
        }
    }
    fn children(&self, _node: Pos) {}
    fn child(&self, node: Pos, _children: &(), i: usize) -> Pos {
        Pos {
            index: node.index * self.degree + i,
            depth: node.depth + 1,
        }
    }
    fn move_number(&self, _node: Pos, _children: &(), i: usize) -> usize {
        i
    }
    fn value(&self, node: Pos) -> Value {
        self.leaves[node.index]
    }
}
