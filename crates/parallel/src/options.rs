//! What a parallel search may be told, and the split height every algorithm but root
//! splitting shares. Each algorithm reads what it needs ([`crate::Setting`]); the
//! defaults of young brothers wait's own settings, and the functions that apply them,
//! live in `ybwc/settings.rs`.

use abbench_vocab::{ParallelAlgorithm, Setting};

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

/// What a parallel search may be told: the search settings ([`abbench_search::Settings`],
/// made from the vocabulary's one list). Each algorithm reads the settings its line of
/// the list names, and applies its default rule where one is not given, in its folder.
pub type SearchOptions = abbench_search::Settings;

/// The split height of a search on a tree of this largest degree: the one given (at
/// least 1), else [`auto_split_height`].
pub(crate) fn split_height_for(options: &SearchOptions, max_degree: usize) -> u32 {
    options
        .split_height
        .unwrap_or_else(|| auto_split_height(max_degree))
        .max(1)
}

/// Whether a single worker still shares work: only with a split height given (tests,
/// and the calibration of their bookkeeping); with an automatic one a lone worker runs
/// the serial kernel.
pub(crate) fn splits_alone(options: &SearchOptions) -> bool {
    options.split_height.is_some()
}

/// A setting an algorithm cannot search a tree with, refused before any search.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("--{} {value} is {why}", setting.flag())]
pub struct SettingRefused {
    /// The setting.
    pub setting: Setting,
    /// Its value, as the command line writes it.
    pub value: String,
    /// Why `algorithm` refuses it, and what it takes.
    pub why: String,
    /// The algorithm that refused it.
    pub algorithm: ParallelAlgorithm,
}
