//! Shared-memory parallel alpha-beta: root splitting and young brothers wait, on real
//! threads and in a deterministic simulation.
//!
//! Both algorithms run the serial kernel of `abbench-search` below their split points
//! and share bounds through `ybwc`'s split points; the protocol is written down in
//! `src/ybwc/README.md`. They are written against an executor (`executor.rs`), the one
//! scheduler-specific step. A [`ParallelSearcher`] runs them on a rayon thread pool,
//! built once per thread count outside timed code; every search returns the root value,
//! the best move and per-worker statistics summed into [`ParallelStats`]. [`sim`] runs
//! the very same code on `p` virtual processors in virtual time (any `p`, the same
//! figures on every machine), and gives the work/span view of a search and root
//! splitting's ceiling on perfectly ordered trees.

mod context;
mod executor;
mod options;
mod root_split;
mod searcher;
pub mod sim;
mod stats;
mod sync;
mod ybwc;

pub use options::{
    CUT_WAIT_BROTHERS, ELDEST_GRAIN_POSITIONS, ParallelAlgorithm, SERIAL_GRAIN_POSITIONS,
    SearchOptions, auto_split_height,
};
pub use searcher::{ParallelError, ParallelResult, ParallelSearcher};
pub use stats::{ParallelStats, Percentiles, WorkerStats};
