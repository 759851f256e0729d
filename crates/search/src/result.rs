//! The answer of a search: the root value, the move that produced it, and what was
//! examined — and, for the windowed searches, what kind of bound the value is, the node
//! kinds per level, and the root searches an aspiration search or MTD(f) made.

use crate::Settings;
use crate::{Bound, NodeKinds, SearchStats};
use abbench_tree::Value;
use serde::{Deserialize, Serialize};

/// A completed search of the whole tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchResult {
    /// `F(root)`, from the viewpoint of the player to move at the root — or, when
    /// `bound` says so, a bound on it.
    pub value: Value,
    /// The move number (natural numbering) of the root move that produced `value`;
    /// `None` when the root is terminal or no move rose above the window's lower end.
    pub best_move: Option<usize>,
    /// What the search examined (for several root searches, all of them together).
    pub stats: SearchStats,
    /// For a search with a root window (`f2`, `f2-iter` with `--window`, `f2-soft`):
    /// whether `value` is the value or a bound on it; `None` for a search of the whole
    /// tree that always finds the value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bound: Option<Bound>,
    /// Internal nodes per level by kind, when counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kinds: Option<NodeKinds>,
    /// The root searches of `aspiration` or `mtdf`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passes: Option<Passes>,
    /// What the transposition table did (`mtdf`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<TableStats>,
}

/// The work of a search's transposition table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableStats {
    /// Lookups: one per internal position examined.
    pub probes: u64,
    /// Lookups that found bounds on their node, stored earlier in the same search.
    pub hits: u64,
    /// Bounds written: one per internal position not answered by its lookup.
    pub stores: u64,
    /// The table's size in bytes: `--tt-mb` rounded down to a power of two of slots.
    #[serde(default)]
    pub bytes: u64,
}

impl TableStats {
    /// `hits / probes` (0 without probes).
    pub fn hit_rate(&self) -> f64 {
        if self.probes == 0 {
            0.0
        } else {
            self.hits as f64 / self.probes as f64
        }
    }
}

impl SearchResult {
    /// A search of the whole tree that found the value: no bound kind, no extras.
    pub fn exact(value: Value, best_move: Option<usize>, stats: SearchStats) -> SearchResult {
        SearchResult {
            value,
            best_move,
            stats,
            bound: None,
            kinds: None,
            passes: None,
            table: None,
        }
    }

    /// The settings this search used, given `given` (only those its algorithm reads):
    /// those given, and the first guess it started from where it made root searches
    /// around one (aspiration, MTD(f)).
    pub fn settings_used(&self, given: &Settings) -> Settings {
        Settings {
            guess: self.passes.as_ref().map(|p| p.guess).or(given.guess),
            ..*given
        }
    }
}

/// Where the first guess of an aspiration search or MTD(f) came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GuessSource {
    /// Given (`--guess`).
    Given,
    /// A search two plies shallower, scoring its frontier by the tree's interior values.
    Shallow,
    /// The tree has no interior values and none was given: 0.
    Zero,
    /// A search two plies shallower, scoring each frontier position by one leaf below
    /// it (its eldest descendant): MTD(f)'s guess on trees without interior values.
    Sampled,
    /// The middle of the range the tree's rules give the root's value
    /// ([`abbench_tree::GameTree::value_bounds`]: a game's, never a synthetic tree's),
    /// where a game's solver starts its null-window tests; nothing is searched for it.
    Middle,
}

/// One root search of a sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pass {
    /// The root window's lower end.
    pub alpha: Value,
    /// The root window's upper end.
    pub beta: Value,
    /// What the search returned.
    pub value: Value,
    /// Positions it examined.
    pub nodes: u64,
    /// Terminal positions it examined.
    pub leaves: u64,
}

/// The root searches of an aspiration search or MTD(f), in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Passes {
    /// The first guess.
    pub guess: Value,
    /// Where it came from.
    pub guess_source: GuessSource,
    /// Positions the shallower search for the guess examined (0 unless `Shallow` or
    /// `Sampled`); they are included in the result's `stats`.
    pub guess_nodes: u64,
    /// Every root search of the full depth, first to last.
    pub runs: Vec<Pass>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hit_rate_is_hits_over_probes() {
        let stats = |probes, hits| TableStats {
            probes,
            hits,
            ..TableStats::default()
        };
        assert_eq!(stats(0, 0).hit_rate(), 0.0);
        assert_eq!(stats(4, 3).hit_rate(), 0.75);
        assert_eq!(stats(8, 0).hit_rate(), 0.0);
        assert_eq!(stats(5, 5).hit_rate(), 1.0);
    }
}
