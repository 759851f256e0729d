//! A run folder's files, as this crate knows them: `results.jsonl` (every record),
//! `machine.json` (the machine and build), and the one way every file of the tool is
//! written whole: to a temporary file renamed into place
//! (`abbench_tree::file::write_atomically_with` does the writing).

use crate::{FileError, MachineInfo};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Every record, one JSON object per line.
pub const RESULTS_FILE: &str = "results.jsonl";
/// The machine and build.
pub const MACHINE_FILE: &str = "machine.json";

/// The records `path` names, for every command that reads a run: `path` itself (a
/// `results.jsonl`), or the [`RESULTS_FILE`] inside it when it is a run folder.
pub fn results_file(path: &Path) -> PathBuf {
    if path.is_dir() {
        path.join(RESULTS_FILE)
    } else {
        path.to_path_buf()
    }
}

/// Replaces `path` with `bytes` atomically: readers see the old file or the new one,
/// never part of either, and an error leaves the old file as it was.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    abbench_tree::file::write_atomically_with(path, |file| file.write_all(bytes)).map_err(
        |source| FileError::Io {
            path: path.to_path_buf(),
            source,
        },
    )
}

/// Writes `machine.json` into `dir`.
pub fn write_machine(dir: &Path, machine: &MachineInfo) -> Result<PathBuf, FileError> {
    let path = dir.join(MACHINE_FILE);
    let mut json = serde_json::to_string_pretty(machine).expect("machine info serialises");
    json.push('\n');
    write_atomically(&path, json.as_bytes())?;
    Ok(path)
}

/// Reads a `machine.json`.
pub fn read_machine(path: &Path) -> Result<MachineInfo, FileError> {
    let text = crate::read_text(path, crate::MAX_SMALL_FILE_BYTES)?;
    serde_json::from_str(&text).map_err(|e| FileError::BadInput {
        path: path.to_path_buf(),
        line: e.line(),
        message: format!("not a machine description ({e})"),
    })
}
