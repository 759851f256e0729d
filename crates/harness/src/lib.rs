//! The abbench harness: experiments, metrics, verification and reports.
//!
//! [`measure()`] runs every requested algorithm and thread count on one tree, timed after a
//! warm-up, and checks each result against serial F2; each (tree, algorithm, threads)
//! becomes a [`Record`], one line of `results.jsonl` (schema 1).

mod algorithm;
mod error;
mod measure;
mod record;
mod timing;

pub use algorithm::{Algorithm, UnknownAlgorithm};
pub use error::HarnessError;
pub use measure::{MeasureConfig, Pools, available_threads, measure};
pub use record::{ParallelMetrics, Record, SCHEMA, TreeInfo};
pub use timing::WallTimes;
