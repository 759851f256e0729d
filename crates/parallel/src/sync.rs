//! The synchronisation primitives of the hand-out, the split point, the node table, the
//! null-window search's cut chain, the table search's finish, ER's brothers and
//! budget, and the best-first search's bounds and threshold: the standard library's, or loom's model-checked ones when built with
//! `--cfg loom` (see `handout.rs`, `ybwc/test.rs`, `table/test.rs`,
//! `null_window/test.rs`, `table_search.rs`, `kept.rs`).

#[cfg(loom)]
pub(crate) use loom::sync::Mutex;
#[cfg(loom)]
pub(crate) use loom::sync::atomic::{
    AtomicBool, AtomicI64, AtomicU64, AtomicUsize, Ordering, fence,
};

#[cfg(not(loom))]
pub(crate) use std::sync::Mutex;
#[cfg(not(loom))]
pub(crate) use std::sync::atomic::{
    AtomicBool, AtomicI64, AtomicU64, AtomicUsize, Ordering, fence,
};
