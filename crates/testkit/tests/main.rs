//! The integration tests of this crate, one module per file, linked into one test
//! binary: the workspace's structure (`architecture.rs`), the README's and the guide's
//! measure (`docs.rs`), and the benches' golden figures
//! and instruction-bench versions, checked here so that `cargo test --workspace` never
//! compiles the benches' criterion and gungraun.

mod architecture;
mod docs;
mod golden;
mod instruction_tools;
