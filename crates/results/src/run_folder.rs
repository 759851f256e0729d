//! A run folder's files, as this crate knows them: `results.jsonl` (every record),
//! `machine.json` (the machine and build), the one way every file of the tool is
//! written whole: to a temporary file renamed into place
//! (`abbench_tree::file::write_atomically_with` does the writing), and the one check
//! of a file a command is asked to write ([`check_output_file`]).

use crate::{CALIBRATION_FILE, FileError, LOCK_FILE, MachineInfo, SHARD_FILE};
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

/// The files of a run folder that hold what was measured, or how: written by the
/// sweep (or `merge`) that made the folder and by nothing else, since nothing could
/// make them again.
pub const RUN_DATA_FILES: [&str; 5] = [
    RESULTS_FILE,
    MACHINE_FILE,
    CALIBRATION_FILE,
    SHARD_FILE,
    LOCK_FILE,
];

/// Checks, before a command's work, the file `out` it will write (atomically) its result
/// to: refused when it is one of `inputs` (files or run folders the command reads), when
/// it is one of a run folder's [`RUN_DATA_FILES`] (a folder holding a `results.jsonl`
/// or a `machine.json`), when it is not a regular file
/// (`abbench_tree::file::check_replaceable`), or when no file can be made where it goes
/// (a missing or read-only folder), so that neither a run's measurements are replaced
/// nor the work is done for nothing.
pub fn check_output_file(out: &Path, inputs: &[&Path]) -> Result<(), FileError> {
    let refuse = |message: String| FileError::Unwritable {
        path: out.to_path_buf(),
        message,
    };
    abbench_tree::file::check_replaceable(out).map_err(|e| refuse(e.to_string()))?;
    let folder = out
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = out.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let run_folder = folder.join(RESULTS_FILE).is_file() || folder.join(MACHINE_FILE).is_file();
    if run_folder && RUN_DATA_FILES.contains(&name) {
        return Err(refuse(format!(
            "it is the {name} of the run folder {}: a command writes over no run's \
             measurements",
            folder.display()
        )));
    }
    if let Ok(target) = out.canonicalize() {
        for input in inputs {
            let read = results_file(input);
            if read.canonicalize().is_ok_and(|read| read == target) {
                return Err(refuse(format!(
                    "it is {}, which this command reads: writing it would replace its own \
                     input",
                    input.display()
                )));
            }
        }
    }
    // A file can be made where `out` goes: made and removed at once.
    let probe = abbench_tree::file::temporary_path(out);
    std::fs::File::create_new(&probe)
        .and_then(|_| std::fs::remove_file(&probe))
        .map_err(|e| refuse(e.to_string()))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_and_a_run_folders_measurements_are_never_outputs() {
        let dir = tempfile::tempdir().unwrap();
        let run = dir.path().join("run");
        std::fs::create_dir(&run).unwrap();
        std::fs::write(run.join(RESULTS_FILE), "{}\n").unwrap();
        let message =
            |out: &Path, inputs: &[&Path]| check_output_file(out, inputs).unwrap_err().to_string();
        for name in RUN_DATA_FILES {
            let out = run.join(name);
            assert!(
                message(&out, &[]).contains(&format!("it is the {name} of the run folder")),
                "{name}"
            );
        }
        // A file of its own in a run folder is fine, and so is a new file anywhere.
        check_output_file(&run.join("bencher.json"), &[&run]).unwrap();
        check_output_file(&dir.path().join("plot.svg"), &[&run]).unwrap();
        // Its own input, named either way.
        let records = dir.path().join("records.jsonl");
        std::fs::write(&records, "{}\n").unwrap();
        let again = dir.path().join(".").join("records.jsonl");
        assert!(message(&again, &[&records]).contains("which this command reads"));
        // Where no file can be made.
        let nowhere = dir.path().join("missing").join("out.svg");
        assert!(message(&nowhere, &[]).starts_with("cannot write "));
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            2,
            "nothing left"
        );
    }
}
