//! A run folder's files, as this crate knows them: `results.jsonl` (every record),
//! `machine.json` (the machine and build), the one way every file of the tool is
//! written whole: to a temporary file renamed into place
//! (`abbench_tree::file::write_atomically_with` does the writing). The one check of a
//! file a command is asked to write is in `output_file.rs`.

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
    let bad = |line: usize, message: String| FileError::BadInput {
        path: path.to_path_buf(),
        line,
        message: format!("not a machine description{message}"),
    };
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| bad(e.line(), format!(" ({e})")))?;
    // Every field may be missing (files of earlier versions lack the newer ones), but
    // not all of them; and a core count given is one.
    let Some(object) = value.as_object() else {
        return Err(bad(0, ": not a JSON object".into()));
    };
    let fields = serde_json::to_value(MachineInfo::default()).expect("machine info serialises");
    let optional = ["load_average", "cpu_governor", "status", "incomplete"];
    let known = |key: &String| fields.get(key).is_some() || optional.contains(&key.as_str());
    if !object.keys().any(known) {
        return Err(bad(
            0,
            ": it names no machine (none of its fields is one of machine.json's)".into(),
        ));
    }
    for key in ["logical_cores", "physical_cores"] {
        if object.get(key).and_then(serde_json::Value::as_u64) == Some(0) {
            return Err(bad(
                0,
                format!(": `{key}` is 0; a machine has at least one core"),
            ));
        }
    }
    let machine: MachineInfo =
        serde_json::from_value(value).map_err(|e| bad(0, format!(" ({e})")))?;
    machine.check().map_err(|e| bad(0, format!(": {e}")))?;
    Ok(machine)
}
