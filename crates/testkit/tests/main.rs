//! The integration tests of this crate, one module per file, linked into one test
//! binary: the workspace's structure (`architecture.rs`), and the benches' golden figures
//! and instruction-bench versions, checked here so that `cargo test --workspace` never
//! compiles the benches' criterion and gungraun.

mod architecture;
mod golden;
mod instruction_tools;
