//! The integration tests of this crate, one module per file, linked into one test
//! binary: a binary per file cost a link each, most of a cold `cargo test`. `allocation.rs`
//! is its own binary: its allocator counts every thread's allocations, so no other test
//! may run beside it.

mod agreement;
mod panic;
mod stress;
