//! Shared pieces of abbench's criterion benchmarks: the fixed workloads, their golden
//! figures (kept in `data/golden.txt`, so a fast wrong kernel cannot pass a bench), and
//! the adapter that lets the `minimax` crate search the same trees, and the searches a
//! line names beyond the algorithms (the kernel with a narrow root window).

mod golden;
pub mod peer;
mod variants;
mod workloads;

pub use golden::{Golden, golden};
pub use variants::{NARROW, variant};
pub use workloads::{Workload, workload};
