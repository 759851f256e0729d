//! The outputs a command may write: never over a run folder's measurements, never over
//! its own input, and refused before the work when no file can be made there.

use crate::{
    CALIBRATION_FILE, FileError, LOCK_FILE, MACHINE_FILE, RESULTS_FILE, SHARD_FILE, results_file,
};
use std::path::Path;

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

/// The files of a run folder drawn from its records — the summary, the report, its plots
/// and a merged run's list of parts — by the sweep, `merge` or `abbench report`: another
/// command's output never replaces them, so that a report always matches its run.
pub const RUN_REPORT_FILES: [&str; 10] = [
    "summary.csv",
    "report.md",
    "shards.json",
    "speedup.svg",
    "nps.svg",
    "search-overhead.svg",
    "speedup-simulated.svg",
    "theory.svg",
    "windows.svg",
    "speedup-machines.svg",
];

/// Checks, before a command's work, the file `out` it will write (atomically) its result
/// to: refused when it is one of `inputs` (files or run folders the command reads), when
/// it is one of a run folder's [`RUN_DATA_FILES`] or [`RUN_REPORT_FILES`] (a folder
/// holding a `results.jsonl` or a `machine.json`), when it is not a regular file
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
    if run_folder && RUN_REPORT_FILES.contains(&name) {
        return Err(refuse(format!(
            "it is the {name} of the run folder {}, drawn from that run's records: a \
             command writes over no run's report (name a file of its own)",
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
        for name in RUN_REPORT_FILES {
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
