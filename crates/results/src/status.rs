//! A run folder's status — running, complete, interrupted, failed — as `machine.json`
//! records it, checked against the folder's lock so that a sweep killed outright
//! (`SIGKILL`, a crash, the machine stopping), which could not mark its folder, is told
//! from one still running.
//!
//! The protocol: a sweep takes the exclusive lock on [`LOCK_FILE`] before it writes
//! anything, writes `machine.json` with `"status": "running"`, and rewrites it with how
//! it ended (`complete`, `interrupted` or `failed`) before it lets the lock go; the lock
//! goes with the process, however it ends. A reader that finds `running` tries the lock:
//! held, the sweep is running now; free, the sweep died without finishing —
//! [`FolderState::Abandoned`]. Folders written before the status existed have none: they
//! are complete unless their `incomplete` entry says otherwise.

use crate::MachineInfo;
use crate::run_status::RunStatus;
use std::fmt;
use std::path::Path;

/// The lock file of a run folder: present in every folder a sweep wrote, never removed
/// (removing it would let two sweeps hold locks on two different files of one name).
pub const LOCK_FILE: &str = ".abbench.lock";

/// A run folder's state, from its status and its lock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FolderState {
    /// A sweep holds the folder's lock and is writing it now.
    Running,
    /// Every tree was measured.
    Complete,
    /// Stopped by a signal; the folder says how far it got.
    Interrupted,
    /// Stopped by an error; the folder says how far it got.
    Failed,
    /// Merged from parts of which some are missing or did not finish; the folder says
    /// which.
    Partial,
    /// Marked running, but no process holds its lock: the sweep was killed outright or
    /// the machine stopped, and nothing marked how far it got.
    Abandoned,
}

impl FolderState {
    /// Whether every tree the run set out to measure was measured.
    pub fn is_complete(self) -> bool {
        self == FolderState::Complete
    }

    /// Why the folder is not complete, in words; `None` when it is. `machine`'s
    /// `incomplete` entry is used where the sweep wrote one.
    pub fn why_incomplete(self, machine: &MachineInfo) -> Option<String> {
        let written = machine.incomplete.clone();
        match self {
            FolderState::Complete => None,
            FolderState::Running => Some(
                "still running: a sweep is writing this folder now, and its records so far \
                 are only part of the run"
                    .into(),
            ),
            FolderState::Abandoned => Some(
                "abandoned: the sweep stopped without finishing the folder (it was killed, \
                 or the machine stopped), so nothing says how far it got"
                    .into(),
            ),
            FolderState::Interrupted => {
                Some(written.unwrap_or_else(|| "interrupted before the end".into()))
            }
            FolderState::Failed => {
                Some(written.unwrap_or_else(|| "stopped by an error before the end".into()))
            }
            FolderState::Partial => Some(written.unwrap_or_else(|| {
                "a partial merge: some of the run's parts are missing or did not finish".into()
            })),
        }
    }
}

impl fmt::Display for FolderState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FolderState::Running => "running",
            FolderState::Complete => "complete",
            FolderState::Interrupted => "interrupted",
            FolderState::Failed => "failed",
            FolderState::Partial => "partial",
            FolderState::Abandoned => "abandoned",
        })
    }
}

/// The status `machine` records: its `status`, or for a folder written before the
/// status existed, complete unless its `incomplete` entry says otherwise.
pub fn recorded_status(machine: &MachineInfo) -> RunStatus {
    match (machine.status, &machine.incomplete) {
        (Some(status), _) => status,
        (None, None) => RunStatus::Complete,
        (None, Some(why)) if why.starts_with("interrupted") => RunStatus::Interrupted,
        (None, Some(_)) => RunStatus::Failed,
    }
}

/// The state of the run folder `dir` whose `machine.json` is `machine`.
pub fn folder_state(dir: &Path, machine: &MachineInfo) -> FolderState {
    match recorded_status(machine) {
        RunStatus::Complete => FolderState::Complete,
        RunStatus::Interrupted => FolderState::Interrupted,
        RunStatus::Failed => FolderState::Failed,
        RunStatus::Partial => FolderState::Partial,
        RunStatus::Running if is_locked(dir) => FolderState::Running,
        RunStatus::Running => FolderState::Abandoned,
    }
}

/// Takes the lock of the folder `dir` ([`LOCK_FILE`], made if needed) exclusively,
/// without waiting: `None` when another process holds it (a sweep, or a report, writing
/// into the folder now). The lock goes with the returned file: when it is dropped, or
/// its process dies.
pub fn try_lock_folder(dir: &Path) -> Result<Option<std::fs::File>, crate::FileError> {
    let path = dir.join(LOCK_FILE);
    let io = |source| crate::FileError::Io {
        path: path.clone(),
        source,
    };
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(io)?;
    match file.try_lock() {
        Ok(()) => Ok(Some(file)),
        Err(std::fs::TryLockError::WouldBlock) => Ok(None),
        Err(std::fs::TryLockError::Error(source)) => Err(io(source)),
    }
}

/// Whether a process holds the lock of the run folder `dir` now.
pub fn is_locked(dir: &Path) -> bool {
    let Ok(file) = std::fs::File::open(dir.join(LOCK_FILE)) else {
        return false;
    };
    // Taken and let go at once when free: a reader never keeps a sweep out for longer
    // than this call.
    matches!(
        file.try_lock_shared(),
        Err(std::fs::TryLockError::WouldBlock)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn machine(status: Option<RunStatus>, incomplete: Option<&str>) -> MachineInfo {
        MachineInfo {
            status,
            incomplete: incomplete.map(str::to_string),
            ..MachineInfo::default()
        }
    }

    #[test]
    fn running_is_told_from_abandoned_by_the_lock() {
        let dir = tempfile::tempdir().unwrap();
        let running = machine(Some(RunStatus::Running), None);
        // No lock file at all: nobody is writing.
        assert_eq!(folder_state(dir.path(), &running), FolderState::Abandoned);
        let lock = std::fs::File::create(dir.path().join(LOCK_FILE)).unwrap();
        assert_eq!(folder_state(dir.path(), &running), FolderState::Abandoned);
        lock.lock().unwrap();
        assert_eq!(folder_state(dir.path(), &running), FolderState::Running);
        assert!(is_locked(dir.path()));
        assert!(try_lock_folder(dir.path()).unwrap().is_none(), "held");
        drop(lock);
        assert_eq!(folder_state(dir.path(), &running), FolderState::Abandoned);
        let taken = try_lock_folder(dir.path()).unwrap().unwrap();
        assert!(is_locked(dir.path()));
        drop(taken);
        let why = FolderState::Abandoned.why_incomplete(&running).unwrap();
        assert!(why.starts_with("abandoned"), "{why}");
    }

    #[test]
    fn folders_without_a_status_read_as_before() {
        let dir = tempfile::tempdir().unwrap();
        let state = |m: &MachineInfo| folder_state(dir.path(), m);
        assert_eq!(state(&machine(None, None)), FolderState::Complete);
        assert_eq!(
            state(&machine(None, Some("interrupted after 1 of 2 trees"))),
            FolderState::Interrupted
        );
        assert_eq!(
            state(&machine(
                None,
                Some("stopped by an error after 0 of 2 trees")
            )),
            FolderState::Failed
        );
        assert_eq!(
            state(&machine(Some(RunStatus::Complete), None)),
            FolderState::Complete
        );
        assert!(FolderState::Complete.is_complete());
        assert!(!FolderState::Interrupted.is_complete());
    }

    #[test]
    fn the_status_is_written_in_snake_case() {
        let json = serde_json::to_string(&RunStatus::Interrupted).unwrap();
        assert_eq!(json, "\"interrupted\"");
        let m: MachineInfo = serde_json::from_str(r#"{"status":"running"}"#).unwrap();
        assert_eq!(m.status, Some(RunStatus::Running));
    }
}
