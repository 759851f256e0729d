//! The answer of a search: the root value, the move that produced it, and what was
//! examined.

use crate::SearchStats;
use abbench_tree::Value;
use serde::{Deserialize, Serialize};

/// A completed search of the whole tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchResult {
    /// `F(root)`, from the viewpoint of the player to move at the root.
    pub value: Value,
    /// The move number (natural numbering) of the root move that produced `value`;
    /// `None` when the root is terminal.
    pub best_move: Option<usize>,
    /// What the search examined.
    pub stats: SearchStats,
}
