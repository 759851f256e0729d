//! What a parallel search may be told, and the split height every algorithm but root
//! splitting shares. Each algorithm reads what it needs ([`crate::Setting`]); the
//! defaults of young brothers wait's own settings, and the methods that apply them, live
//! in `ybwc/settings.rs`.

use abbench_tree::Value;
use abbench_vocab::{ParallelAlgorithm, Setting};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Positions the serial kernel should examine, at the least, between two split points:
/// enough that a split point's fixed cost (a scope, a few atomics, a clock read, the walk
/// up the chain of live windows) is lost in the noise of the work it distributes.
///
/// Chosen by measurement on random trees of degree 16 and height 8 (5 seeds, 2 cores):
/// a grain of 4096 (split height 4) ran ybwc at 0.84x of f2-iter on one thread and 1.61x
/// on two; 16384 (split height 5) at 0.95x and 1.80x, with the same search overhead.
pub const SERIAL_GRAIN_POSITIONS: f64 = 16384.0;

/// The split height chosen when none is given, for a tree of this degree: the least
/// remaining height `r` whose subtrees F2 searches in about [`SERIAL_GRAIN_POSITIONS`]
/// positions, taking F2's effective branching factor on random trees as `d^(3/4)`
/// (Knuth & Moore §7: between `d^(1/2)`, the best case, and `d`; Table 1). For degree 16
/// that is 5, for degree 8 it is 7.
pub fn auto_split_height(max_degree: usize) -> u32 {
    if max_degree <= 1 {
        return u32::MAX;
    }
    let per_level = 0.75 * (max_degree as f64).ln();
    (SERIAL_GRAIN_POSITIONS.ln() / per_level).ceil().max(1.0) as u32
}

/// What a parallel search may be told.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchOptions {
    /// `ybwc`: a node splits only if at least this far above the deepest leaves
    /// (at least 1); `None` chooses [`auto_split_height`].
    pub split_height: Option<u32>,
    /// `ybwc`: a split point offers its younger brothers to helpers only if its eldest
    /// brother's subtree examined at least this many positions; otherwise its owner
    /// finishes it in one serial search. `None` chooses [`crate::ELDEST_GRAIN_POSITIONS`] scaled
    /// to the number of workers when the split height is automatic, and 0 (every split
    /// point shares) when it is given ([`SearchOptions::eldest_grain_for`]).
    #[serde(default)]
    pub eldest_grain: Option<u64>,
    /// `ybwc`: at a node expected to cut off, the owner searches this many brothers (the
    /// eldest included) alone before it offers the rest, so a cutoff among them wastes
    /// nothing; 1 is classic young brothers wait. `None` chooses [`crate::CUT_WAIT_BROTHERS`]
    /// when the split height is automatic and 1 when it is given
    /// ([`SearchOptions::cut_wait_for`]).
    #[serde(default)]
    pub cut_wait: Option<u32>,
    /// Stop and report a timeout after this long.
    pub time_limit: Option<Duration>,
    /// The table searches' node table in MiB (`--tt-mb`, the serial MTD(f)'s table's
    /// size, [`abbench_search::DEFAULT_TT_MB`] unless given): the largest power of two of
    /// 32-byte entries that fits. Only the algorithms that share a table read it
    /// ([`crate::ParallelAlgorithm::uses_table`]).
    #[serde(default = "default_tt_mb")]
    pub tt_mb: usize,
    /// The null-window search: the first guess (`--guess`, as serial MTD(f)'s); `None`
    /// finds it as MTD(f) does ([`abbench_search::mtdf_guess`]).
    #[serde(default)]
    pub guess: Option<Value>,
    /// ER: the most positions its e-nodes may keep at once, each child whose first line
    /// waits to be finished (`--keep-limit`, [`crate::Setting::KeepLimit`]). An e-node
    /// that would pass it is searched as young brothers wait searches it. At least the
    /// tree's largest degree; `None`: no bound.
    #[serde(default)]
    pub keep_limit: Option<u64>,
}

fn default_tt_mb() -> usize {
    abbench_search::DEFAULT_TT_MB
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            split_height: None,
            eldest_grain: None,
            cut_wait: None,
            time_limit: None,
            tt_mb: abbench_search::DEFAULT_TT_MB,
            guess: None,
            keep_limit: None,
        }
    }
}

impl SearchOptions {
    /// What the serial searches a parallel one is set against are told: the same first
    /// guess (aspiration's and MTD(f)'s, as `run --guess` gives them) and table size
    /// (MTD(f)'s), the rest the paper's full-window search.
    pub fn serial(&self) -> abbench_search::SerialOptions {
        abbench_search::SerialOptions {
            guess: self.guess,
            tt_mb: self.tt_mb,
            ..abbench_search::SerialOptions::default()
        }
    }

    /// The split height used on a tree of this largest degree.
    pub fn split_height_for(&self, max_degree: usize) -> u32 {
        self.split_height
            .unwrap_or_else(|| auto_split_height(max_degree))
            .max(1)
    }

    /// Whether the split height, the eldest grain and the cut wait are all chosen
    /// automatically.
    pub fn is_automatic(&self) -> bool {
        self.split_height.is_none() && self.eldest_grain.is_none() && self.cut_wait.is_none()
    }
}

/// A memory bound ([`SearchOptions::keep_limit`]) too small for one e-node of the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "--keep-limit {limit} is below the tree's largest degree {degree}: ER keeps one node's \
     children at once, so give at least {degree}"
)]
pub struct KeepLimitTooSmall {
    /// The bound given.
    pub limit: u64,
    /// The tree's largest degree, the least bound that lets ER search its way.
    pub degree: usize,
}

impl SearchOptions {
    /// Whether the memory bound, where `algorithm` reads it, lets it keep one node's
    /// children on a tree of this largest degree.
    pub fn check_keep_limit(
        &self,
        algorithm: ParallelAlgorithm,
        max_degree: usize,
    ) -> Result<(), KeepLimitTooSmall> {
        match self.keep_limit {
            Some(limit) if algorithm.reads(Setting::KeepLimit) && limit < max_degree as u64 => {
                Err(KeepLimitTooSmall {
                    limit,
                    degree: max_degree,
                })
            }
            _ => Ok(()),
        }
    }
}
