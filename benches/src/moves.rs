//! The value of every root move, `-F(child)`, found by the serial kernel on that child
//! alone: what a search's best move is held to. A parallel search or a peer can return
//! the right value with a move that does not produce it; on a tree whose value is 0 by
//! construction (the `ordered` model) the move is the only part of the answer a bench
//! can check.

use abbench_search::F2Iter;
use abbench_tree::{GameTree, Value};
use std::collections::HashMap;

/// Each root move's value, by move number.
#[derive(Clone, Debug)]
pub struct RootMoves(HashMap<usize, Value>);

impl RootMoves {
    /// Searches every root move of `tree` once (a bench does this outside its timed
    /// region).
    pub fn of<T: GameTree>(tree: &T) -> RootMoves {
        let root = tree.root();
        let children = tree.children(root);
        let mut kernel = F2Iter::new(tree);
        let values = (0..tree.degree(root))
            .map(|i| {
                let number = tree.move_number(root, &children, i);
                let value = kernel.root_move_value(tree, number);
                (number, value.expect("a root move's number names it"))
            })
            .collect();
        RootMoves(values)
    }

    /// Panics unless `best_move` is a root move whose own value is `value`.
    pub fn check(&self, what: &str, value: Value, best_move: Option<usize>) {
        let best = best_move.unwrap_or_else(|| panic!("{what}: no best move"));
        match self.0.get(&best) {
            Some(&own) => assert_eq!(own, value, "{what}: best move {best} has value {own}"),
            None => panic!("{what}: best move {best} is not a root move"),
        }
    }
}
