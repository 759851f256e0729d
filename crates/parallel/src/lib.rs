//! Shared-memory parallel alpha-beta on real threads and in a deterministic simulation:
//! root splitting, young brothers wait, Jamboree, ABDADA, Lazy SMP and a search driven
//! by null-window tests.
//!
//! Every algorithm runs a serial kernel of `abbench-search` below its split height (the
//! null-window search MTD(f)'s, on the shared table; every other one F2's).
//! Root splitting, young brothers wait and Jamboree share bounds through split points
//! (`split_point.rs`; the protocol is in `src/ybwc/README.md`); ABDADA, Lazy SMP and the
//! null-window search (parallel MTD(f)) share a lockless node table (`src/table/`). Each
//! algorithm has a folder with a README that gives its protocol and the measurements
//! behind its rules. They are written against an executor (`executor.rs`), the one
//! scheduler-specific step. A [`ParallelSearcher`] runs them on a rayon thread pool,
//! built once per thread count outside timed code; every search returns the root value,
//! the best move and per-worker statistics summed into [`ParallelStats`]. [`sim`] runs
//! the very same code on `p` virtual processors in virtual time (any `p`, the same
//! figures on every machine), and gives the work/span view of a search and root
//! splitting's ceiling on perfectly ordered trees.

mod abdada;
mod context;
mod dispatch;
mod executor;
mod jamboree;
mod lazy_smp;
mod null_window;
mod options;
mod probes;
mod root_split;
mod searcher;
pub mod sim;
mod split_point;
mod stats;
mod sync;
mod table;
mod table_search;
mod ybwc;

pub use options::{
    CUT_WAIT_BROTHERS, ELDEST_GRAIN_POSITIONS, ParallelAlgorithm, SERIAL_GRAIN_POSITIONS,
    SearchOptions, auto_split_height,
};
pub use searcher::{ParallelError, ParallelResult, ParallelSearcher};
pub use stats::{ParallelStats, Percentiles, WorkerStats};
pub use table::{TableTiming, time_table_accesses};
