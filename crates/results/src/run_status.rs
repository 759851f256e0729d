//! How a sweep ended, as `machine.json` records it: the field of [`crate::MachineInfo`]
//! that the folder's state (`status.rs`) reads beside its lock.

use serde::{Deserialize, Serialize};

/// What a sweep wrote into `machine.json` about how far it got.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RunStatus {
    /// The sweep is writing the folder (or died before it could say otherwise).
    Running,
    /// Every tree of the suite was measured.
    Complete,
    /// Stopped by a signal before the end.
    Interrupted,
    /// Stopped by an error before the end.
    Failed,
    /// Joined by `merge --allow-partial` from parts of which some are missing or did not
    /// finish: nothing was interrupted, but the run lacks those parts' trees.
    Partial,
}
