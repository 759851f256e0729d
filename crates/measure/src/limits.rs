//! The limits every source of parameters shares — the command line and suite files — so
//! that a value refused on one is refused on the other with the same range.

/// The most worker threads a search may ask for. More than the machine has is allowed
/// (and noted), so oversubscription can be measured; this bound only keeps a typo such as
/// `--threads 40000` from starting tens of thousands of threads.
pub const MAX_THREADS: usize = 256;

/// The most timed or warm-up runs per search (`--repeat`, `--warmup`, a suite's `repeat` and
/// `warmup`).
pub const MAX_RUNS: i64 = 1_000_000;

/// The highest split height ybwc accepts: the deepest tree the specification allows.
pub const MAX_SPLIT_HEIGHT: u32 = abbench_tree::MAX_HEIGHT;
