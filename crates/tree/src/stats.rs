//! Tree statistics: positions and leaves per depth, the range of leaf values, the
//! degrees met, and the size the tree's arena would take (`abbench tree --stats`).
//!
//! The counts are those of a full search (F0, Knuth & Moore eq. (1)), which examines every
//! position once: `levels[j]` is what the spec calls the positions examined at depth `j`.
//! The walk is iterative, over any [`GameTree`].

use crate::arena::{ragged_arena_bytes, uniform_arena_bytes};
use crate::preorder::{Step, walk_preorder};
use crate::{GameTree, Value};
use std::ops::ControlFlow;

/// Positions at one depth.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LevelStats {
    /// Positions at this depth.
    pub nodes: u64,
    /// Terminal positions at this depth.
    pub leaves: u64,
}

/// The shape and values of a whole tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeStats {
    /// `levels[j]`: positions and leaves at depth `j`.
    pub levels: Vec<LevelStats>,
    /// The least and largest negamax leaf value (viewpoint of the player to move at
    /// the leaf).
    pub leaf_range: (Value, Value),
    /// The least and largest leaf value from the root player's viewpoint (as a `.tree`
    /// file writes them).
    pub root_view_range: (Value, Value),
    /// The least and largest number of children of an internal position; `None` when the
    /// root is a leaf.
    pub degree_range: Option<(usize, usize)>,
    /// Whether every move number equals the child's position in search order.
    pub natural_order: bool,
}

impl TreeStats {
    /// Walks all of `tree`.
    pub fn of<T: GameTree + ?Sized>(tree: &T) -> TreeStats {
        let mut levels: Vec<LevelStats> = Vec::with_capacity(tree.height() as usize + 1);
        let mut leaf_range = (Value::MAX, Value::MIN);
        let mut root_view_range = (Value::MAX, Value::MIN);
        let mut degree_range: Option<(usize, usize)> = None;
        let mut natural_order = true;
        let _ = walk_preorder(tree, |step| {
            if let Step::Enter {
                node,
                depth,
                position,
                move_number,
                degree,
            } = step
            {
                if depth as usize == levels.len() {
                    levels.push(LevelStats::default());
                }
                let level = &mut levels[depth as usize];
                level.nodes += 1;
                natural_order &= move_number == position;
                if degree == 0 {
                    level.leaves += 1;
                    let v = tree.value(node);
                    leaf_range = (leaf_range.0.min(v), leaf_range.1.max(v));
                    let r = if depth % 2 == 1 { -v } else { v };
                    root_view_range = (root_view_range.0.min(r), root_view_range.1.max(r));
                } else {
                    degree_range = Some(match degree_range {
                        None => (degree, degree),
                        Some((lo, hi)) => (lo.min(degree), hi.max(degree)),
                    });
                }
            }
            ControlFlow::<()>::Continue(())
        });
        TreeStats {
            levels,
            leaf_range,
            root_view_range,
            degree_range,
            natural_order,
        }
    }

    /// All positions.
    pub fn nodes(&self) -> u64 {
        self.levels.iter().map(|l| l.nodes).sum()
    }

    /// All terminal positions.
    pub fn leaves(&self) -> u64 {
        self.levels.iter().map(|l| l.leaves).sum()
    }

    /// The depth of the deepest leaf.
    pub fn height(&self) -> u32 {
        self.levels.len() as u32 - 1
    }

    /// Whether every internal position has the same number of children and every leaf
    /// is at the greatest depth: the shape a uniform arena stores.
    pub fn is_uniform(&self) -> bool {
        let (last, above) = self.levels.split_last().expect("a tree has a root");
        let leaves_at_bottom = above.iter().all(|l| l.leaves == 0) && last.leaves == last.nodes;
        leaves_at_bottom && self.degree_range.is_none_or(|(lo, hi)| lo == hi)
    }

    /// The estimated bytes of this tree's arena: uniform layout if [`Self::is_uniform`],
    /// ragged otherwise.
    pub fn arena_bytes(&self) -> Option<u64> {
        let moves = !self.natural_order;
        if self.is_uniform() {
            let degree = self.degree_range.map_or(0, |(d, _)| d as u64);
            uniform_arena_bytes(degree, self.height(), moves)
        } else {
            ragged_arena_bytes(self.nodes(), moves)
        }
    }
}
