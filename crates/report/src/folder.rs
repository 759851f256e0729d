//! The report files of a run folder: `summary.csv`, `report.md` and the SVG plots, from
//! its records; and rebuilding them from a `results.jsonl` alone.
//!
//! The report also runs the simulator on the trees measured (`simulated.rs`): its
//! SIMULATED scaling is a pure function of the records, so a rebuilt report is the same
//! byte for byte. Every file is written whole to a temporary file and renamed into place.

use crate::shards::{SHARDS_FILE, ShardsListing};
use crate::{ReportError, aggregate, markdown, plots, simulated, summary, theory};
use crate::{run_folder_profile, write_profile};
use abbench_parallel::sim::CostProfile;
use abbench_results::{
    CALIBRATION_FILE, FileError, MACHINE_FILE, MachineInfo, RESULTS_FILE, Results, folder_state,
    read_machine, read_results, recorded_status, try_lock_folder, write_atomically, write_machine,
};
use std::path::{Path, PathBuf};

/// One CSV row per record.
pub const SUMMARY_FILE: &str = "summary.csv";
/// The Markdown report.
pub const REPORT_FILE: &str = "report.md";

/// The files a report wrote.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReportFiles {
    /// Every file written, in order.
    pub written: Vec<PathBuf>,
    /// Why the run reported on is incomplete (running, interrupted, failed or
    /// abandoned), as its folder says; `None` for a complete run or records without a
    /// `machine.json`.
    pub incomplete: Option<String>,
}

impl ReportFiles {
    /// The path of the file named `name`, if it was written.
    pub fn get(&self, name: &str) -> Option<&Path> {
        self.written
            .iter()
            .map(PathBuf::as_path)
            .find(|p| p.file_name().is_some_and(|n| n == name))
    }
}

/// Writes `summary.csv`, `report.md` and the plots of `results` into `dir` (which must
/// exist); `machine` describes where they were measured, if known, and whether the run
/// is incomplete. Searches that timed out or failed are listed in `report.md` only. The
/// SIMULATED scaling uses the cost profile in `dir` ([`CALIBRATION_FILE`]) if
/// there is one, else the simulator's default costs; a merged run's `shards.json` in
/// `dir` ([`SHARDS_FILE`]) adds its parts to the report.
pub fn write_report(
    dir: &Path,
    results: &Results,
    machine: Option<&MachineInfo>,
) -> Result<ReportFiles, ReportError> {
    write_report_with(dir, results, machine, Simulation::Run)
}

/// Whether a report simulates its parallel workloads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Simulation {
    /// Simulate them (seconds to tens of seconds for a large run).
    Run,
    /// Leave them out, saying why in the report: for a report that must be written at
    /// once, as an interrupted sweep's is (the rest takes well under a second).
    Skip(String),
}

/// [`write_report`], simulating or not as `simulation` says.
pub fn write_report_with(
    dir: &Path,
    results: &Results,
    machine: Option<&MachineInfo>,
    simulation: Simulation,
) -> Result<ReportFiles, ReportError> {
    write_report_reporting(dir, results, machine, simulation, &|_, _| {})
}

/// [`write_report_with`], telling `progress` (trees simulated, trees in all) as each
/// tree of the SIMULATED section is done.
pub fn write_report_reporting(
    dir: &Path,
    results: &Results,
    machine: Option<&MachineInfo>,
    simulation: Simulation,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<ReportFiles, ReportError> {
    let written = write_report_stoppable(dir, results, machine, simulation, progress, &|| false)?;
    Ok(written.unwrap_or_default())
}

/// [`write_report_reporting`], whose simulation stops as soon as `stop` says so (it is
/// asked before each tree): then nothing is written, and the answer is `None`.
pub fn write_report_stoppable(
    dir: &Path,
    results: &Results,
    machine: Option<&MachineInfo>,
    simulation: Simulation,
    progress: &(dyn Fn(usize, usize) + Sync),
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Option<ReportFiles>, ReportError> {
    let records = &results.records;
    let summary_path = dir.join(SUMMARY_FILE);
    let csv = summary::summary_csv(records).map_err(|e| ReportError::Report {
        path: summary_path.clone(),
        message: e.to_string(),
    })?;
    let groups = aggregate::group_by_workload(records);
    let series = theory::height_series(&groups);
    let profile = run_folder_profile(dir)?;
    let simulated = match &simulation {
        Simulation::Run => {
            let simulated = simulated::simulate_workloads_reporting(
                &groups,
                profile.as_ref().unwrap_or(&CostProfile::reference()),
                progress,
                stop,
            );
            match simulated {
                Some(simulated) => simulated,
                None => return Ok(None),
            }
        }
        Simulation::Skip(why) => simulated::not_simulated(&groups, why),
    };
    let studies = crate::study::studies(records);
    let plots = plots::plots(&groups, &series, &simulated, &studies).map_err(|message| {
        ReportError::Report {
            path: dir.to_path_buf(),
            message: format!("drawing the plots: {message}"),
        }
    })?;
    let figures: Vec<markdown::Figure<'_>> = plots
        .iter()
        .map(|p| markdown::Figure {
            file: p.file,
            title: p.title,
        })
        .collect();
    let rows = theory::theory_rows(&groups);
    let shards = ShardsListing::read(dir)?;
    let text = markdown::render(
        results,
        machine,
        &groups,
        &rows,
        &figures,
        markdown::SimulatedSection {
            workloads: &simulated,
            profile: profile.as_ref(),
        },
        &studies,
        shards.as_ref(),
    );
    // Everything is drawn before the first file is written; `report.md` goes last, so
    // that a report that names its files is only ever found with all of them.
    let mut planned: Vec<(PathBuf, &[u8])> = vec![(summary_path, &csv)];
    planned.extend(plots.iter().map(|p| (dir.join(p.file), p.svg.as_bytes())));
    planned.push((dir.join(REPORT_FILE), text.as_bytes()));
    write_planned(&planned).map(Some)
}

/// Writes each planned file in turn, atomically; at the first that fails, the error
/// names it and every one after it, which are not written.
fn write_planned(planned: &[(PathBuf, &[u8])]) -> Result<ReportFiles, ReportError> {
    let mut files = ReportFiles::default();
    for (i, (path, bytes)) in planned.iter().enumerate() {
        if let Err(error) = write_atomically(path, bytes) {
            return Err(ReportError::Unwritten {
                error,
                missing: planned[i..]
                    .iter()
                    .map(|(p, _)| {
                        p.file_name()
                            .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
                    })
                    .collect(),
            });
        }
        files.written.push(path.clone());
    }
    Ok(files)
}

/// Writes a run folder at once: `results.jsonl`, `machine.json` (if given; with the
/// status it records, [`abbench_results::recorded_status`]) and the report. The folder
/// is created if needed.
pub fn write_run_folder(
    dir: &Path,
    results: &Results,
    machine: Option<&MachineInfo>,
) -> Result<ReportFiles, ReportError> {
    create_dir(dir)?;
    let results_path = dir.join(RESULTS_FILE);
    write_atomically(&results_path, results.to_text().as_bytes())?;
    let mut written = vec![results_path];
    let machine = machine.map(|m| MachineInfo {
        status: Some(recorded_status(m)),
        ..m.clone()
    });
    if let Some(m) = &machine {
        written.push(write_machine(dir, m)?);
    }
    let mut files = write_report(dir, results, machine.as_ref())?;
    written.append(&mut files.written);
    Ok(ReportFiles {
        written,
        incomplete: machine.and_then(|m| m.incomplete),
    })
}

/// `abbench report RESULTS.jsonl|RUN_DIR --out DIR`: reads the records (and the `machine.json`
/// and cost profile beside them, if there are) and writes `summary.csv`, `report.md` and
/// the plots into `out`, created if needed; a profile beside the records is copied into
/// `out`, so that the report's SIMULATED scaling uses it, and so is a merged run's
/// `shards.json`, so that the report lists its parts.
pub fn rebuild_report(results: &Path, out: &Path) -> Result<ReportFiles, ReportError> {
    // A run folder stands for the results.jsonl in it.
    let results = &abbench_results::results_file(results);
    let results_read = read_results(results).map_err(|e| stopped_before_records(results, e))?;
    // Another run's folder keeps its own report and profile.
    let theirs = out.join(RESULTS_FILE);
    if theirs.exists() && theirs.canonicalize().ok() != results.canonicalize().ok() {
        return Err(ReportError::InvalidOption {
            parameter: "output folder",
            value: out.display().to_string(),
            expected: "holds another run's results.jsonl: a report goes into its own run's \
                       folder or a folder of its own"
                .into(),
        });
    }
    let beside = results
        .parent()
        .unwrap_or(Path::new("."))
        .join(MACHINE_FILE);
    let folder = results.parent().unwrap_or(Path::new("."));
    let machine = if beside.is_file() {
        let mut machine = read_machine(&beside)?;
        // A sweep still running, or one killed before it could mark the folder, is
        // reported as the incomplete run it is; so is a file whose last line is torn.
        machine.incomplete = folder_state(folder, &machine)
            .why_incomplete(&machine)
            .map(|why| match results_read.torn_note() {
                Some(torn) => format!("{why}; {torn}"),
                None => why,
            })
            .or_else(|| results_read.torn_note());
        Some(machine)
    } else {
        None
    };
    let profile = run_folder_profile(folder)?;
    create_dir(out)?;
    let _lock = lock_out(out)?;
    if let Some(profile) = profile
        && run_folder_profile(out)?.as_ref() != Some(&profile)
    {
        write_profile(&out.join(CALIBRATION_FILE), &profile)?;
    }
    carry_shards(folder, out)?;
    let mut files = write_report(out, &results_read, machine.as_ref())?;
    files.incomplete = match machine {
        Some(m) => m.incomplete,
        None => results_read.torn_note(),
    };
    Ok(files)
}

/// A merged run's parts, which its report lists, go with it into `out`; a list left in
/// `out` by an earlier report of another run (`out` holds no run of its own) is removed,
/// since it would be read as this run's.
fn carry_shards(folder: &Path, out: &Path) -> Result<(), ReportError> {
    match ShardsListing::read(folder)? {
        Some(shards) if ShardsListing::read(out)?.as_ref() != Some(&shards) => {
            write_atomically(&out.join(SHARDS_FILE), shards.to_json().as_bytes())?;
        }
        None if out.join(SHARDS_FILE).is_file() => {
            std::fs::remove_file(out.join(SHARDS_FILE)).map_err(|e| {
                ReportError::InvalidOption {
                    parameter: "output folder",
                    value: out.display().to_string(),
                    expected: format!(
                        "its {SHARDS_FILE}, of another run's report, cannot be removed: {e}"
                    ),
                }
            })?;
        }
        _ => {}
    }
    Ok(())
}

/// A `results.jsonl` without records in a run folder that did not finish is a run stopped
/// before its first search ended: said so, in place of "the file is empty".
fn stopped_before_records(results: &Path, error: FileError) -> FileError {
    // Only a small regular file is read again: a device or a pipe named as the results
    // would be read without end.
    let empty = std::fs::metadata(results).is_ok_and(|m| m.is_file() && m.len() <= 4096)
        && std::fs::read_to_string(results).is_ok_and(|t| t.trim().is_empty());
    let folder = results.parent().unwrap_or(Path::new("."));
    let beside = folder.join(MACHINE_FILE);
    let why = match read_machine(&beside) {
        Ok(machine) if empty && beside.is_file() => {
            let state = folder_state(folder, &machine);
            state.why_incomplete(&machine).map(|why| (state, why))
        }
        _ => None,
    };
    match why {
        Some((state, why)) => FileError::BadInput {
            path: results.to_path_buf(),
            line: 0,
            message: match state {
                abbench_results::FolderState::Running => {
                    "no records yet: the run is still running and no search has finished".into()
                }
                abbench_results::FolderState::Failed => {
                    format!(
                        "no records: the run stopped on an error before any search finished ({why})"
                    )
                }
                other => {
                    format!("no records: the run was {other} before any search finished ({why})")
                }
            },
        },
        None => error,
    }
}

/// Takes the lock of the folder a report is written into, which is refused while
/// another command (a report, a sweep) is writing into it: two reports at once would
/// leave a folder mixing both runs' files.
pub fn lock_out(out: &Path) -> Result<std::fs::File, ReportError> {
    try_lock_folder(out)?.ok_or_else(|| ReportError::InvalidOption {
        parameter: "output folder",
        value: out.display().to_string(),
        expected: "another abbench command is writing into it now; wait for it to end or \
                   choose another folder"
            .into(),
    })
}

/// Creates an output folder, and its parents, if needed.
pub fn create_dir(dir: &Path) -> Result<(), ReportError> {
    std::fs::create_dir_all(dir).map_err(|e| ReportError::InvalidOption {
        parameter: "output folder",
        value: dir.display().to_string(),
        expected: format!("cannot be created: {e}"),
    })
}
