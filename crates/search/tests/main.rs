//! The integration tests of this crate, one module per file, linked into one test
//! binary: a binary per file cost a link each, most of a cold `cargo test`.

mod common;
mod reference;

mod agreement;
mod deadline;
mod known_answers;
mod no_allocation;
mod probe;
mod windows;
