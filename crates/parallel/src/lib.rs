//! Shared-memory parallel alpha-beta on real threads and in a deterministic simulation:
//! root splitting, young brothers wait, Jamboree, ABDADA, Lazy SMP, a search driven by
//! null-window tests, and ER.
//!
//! Each algorithm is a folder with its README (its protocol and the measurements behind
//! its rules) and a type implementing `algorithm::Search`: the settings it reads of
//! [`SearchOptions`], what it needs of the shared node table, and its search, written
//! against the shared `context::Context` (no algorithm's settings in it) and an
//! executor (`executor.rs`), the one scheduler-specific step. The one list of them, a
//! line each, is `abbench-vocab`'s: [`ParallelAlgorithm`] and its names come from it
//! there, the modules and the dispatch here (`registry.rs`).
//!
//! Every algorithm runs a serial kernel of `abbench-search` below its split height (the
//! null-window search MTD(f)'s, on the shared table; every other one F2's). What they
//! share lives beside them: the hand-out of work (`handout.rs`), the split points of
//! root splitting, young brothers wait and Jamboree (`split_point.rs`; the protocol is
//! in `src/ybwc/README.md`), and the lockless node table of ABDADA, Lazy SMP and the
//! null-window search (`src/table/`, with its one "probe, then narrow" rule). A
//! [`ParallelSearcher`] runs them on a rayon thread pool, built once per thread count
//! outside timed code; every search returns the root value, the best move and
//! per-worker statistics summed into [`ParallelStats`]. [`sim`] runs the very same code
//! on `p` virtual processors in virtual time (any `p`, the same figures on every
//! machine), and gives the work/span view of a search and root splitting's ceiling on
//! perfectly ordered trees.

#[cfg(test)]
mod agreement;
mod algorithm;
#[macro_use]
mod registry;
mod context;
mod executor;
mod handout;
mod kept;
mod options;
mod probes;
mod searcher;
pub mod sim;
mod split_point;
mod stats;
mod sync;
mod table;
mod table_search;

pub use abbench_vocab::{OwnStats, ParallelAlgorithm, Percentiles, Setting, one_of};
pub use null_window::{GAME_GRAIN_POSITIONS, game_split_height};
pub use options::{SERIAL_GRAIN_POSITIONS, SearchOptions, SettingRefused, auto_split_height};
pub use registry::{check_settings, settings_used};
pub use searcher::{ParallelError, ParallelResult, ParallelSearcher};
pub use stats::{ParallelStats, WorkerStats, percentiles};
pub use table::{TableAllocation, TableTiming, time_table_accesses};
pub use ybwc::{CUT_WAIT_BROTHERS, ELDEST_GRAIN_POSITIONS};

// The parallel algorithms: a folder each, and a line in `abbench-vocab`'s `list.rs`.
abbench_vocab::parallel_algorithms!(dispatch);
