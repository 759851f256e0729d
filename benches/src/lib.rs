//! Shared pieces of abbench's criterion benchmarks: the fixed workloads, their golden
//! figures (kept in `data/golden.txt`, so a fast wrong kernel cannot pass a bench), and
//! the adapter that lets the `minimax` crate search the same trees.

mod golden;
pub mod peer;
mod workloads;

pub use golden::{Golden, golden};
pub use workloads::{Workload, workload};
