//! The integration tests of this crate, one module per file, linked into one test
//! binary: a binary per file cost a link each, most of a cold `cargo test`.

mod common;

mod connect4;
mod hostile_suites;
mod measure;
mod othello;
mod published;
mod results;
mod signature;
