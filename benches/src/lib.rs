//! Shared pieces of abbench's criterion benchmarks: the fixed workloads, their golden
//! figures (kept in `data/golden.txt`, so a fast wrong kernel cannot pass a bench), and
//! the adapter that lets the `minimax` crate search the same trees, the searches a
//! line names beyond the algorithms (the kernel with a narrow root window), and the
//! values of the root moves, which a search's best move is held to.

mod golden;
mod moves;
pub mod peer;
mod variants;
mod workloads;

pub use golden::{Golden, golden};
pub use moves::RootMoves;
pub use variants::{NARROW, variant};
pub use workloads::{Workload, workload, workloads};
