//! A run folder: `results.jsonl` (every record), `machine.json`, `summary.csv`,
//! `report.md` and SVG plots; and rebuilding the report from a `results.jsonl` alone.
//!
//! The report also runs the simulator on the trees measured (`simulated.rs`): its
//! SIMULATED scaling is a pure function of the records, so a rebuilt report is the same
//! byte for byte.
//!
//! Every file but `results.jsonl` is written whole to a temporary file and renamed into
//! place; `results.jsonl` is streamed a record at a time by the sweep
//! ([`crate::ResultsWriter`]), so an interrupted sweep keeps what it finished.

mod aggregate;
mod atomic;
mod calibration_check;
mod format;
mod headline;
mod markdown;
mod plot_style;
mod plots;
mod rebuild;
mod simulated;
mod simulation;
mod summary;
mod theory;
mod windows;
mod windows_plot;

use crate::results::read_results;
use crate::{HarnessError, MachineInfo, Results};
use abbench_parallel::sim::CostProfile;
use std::path::{Path, PathBuf};

pub use atomic::write_atomically;
pub use calibration_check::{
    CalibrationCheck, CheckOptions, CheckedRecord, GapRow, check_calibration,
};
pub(crate) use headline::headline;
pub use simulation::{SpeedupCeiling, SpeedupCurve, simulation_plot};

/// Every record, one JSON object per line.
pub const RESULTS_FILE: &str = "results.jsonl";
/// The machine and build.
pub const MACHINE_FILE: &str = "machine.json";
/// One CSV row per record.
pub const SUMMARY_FILE: &str = "summary.csv";
/// The Markdown report.
pub const REPORT_FILE: &str = "report.md";

/// The files a report wrote.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReportFiles {
    /// Every file written, in order.
    pub written: Vec<PathBuf>,
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

/// Writes `machine.json` into `dir`.
pub fn write_machine(dir: &Path, machine: &MachineInfo) -> Result<PathBuf, HarnessError> {
    let path = dir.join(MACHINE_FILE);
    let mut json = serde_json::to_string_pretty(machine).expect("machine info serialises");
    json.push('\n');
    write_atomically(&path, json.as_bytes())?;
    Ok(path)
}

/// Reads a `machine.json`.
pub fn read_machine(path: &Path) -> Result<MachineInfo, HarnessError> {
    let text = std::fs::read_to_string(path).map_err(|source| HarnessError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|e| HarnessError::BadInput {
        path: path.to_path_buf(),
        line: e.line(),
        message: format!("not a machine description ({e})"),
    })
}

/// Writes `summary.csv`, `report.md` and the plots of `results` into `dir` (which must
/// exist); `machine` describes where they were measured, if known, and whether the run
/// is incomplete. Searches that timed out or failed are listed in `report.md` only. The
/// SIMULATED scaling uses the cost profile in `dir` ([`crate::CALIBRATION_FILE`]) if
/// there is one, else the simulator's default costs.
pub fn write_report(
    dir: &Path,
    results: &Results,
    machine: Option<&MachineInfo>,
) -> Result<ReportFiles, HarnessError> {
    let records = &results.records;
    let mut files = ReportFiles::default();
    let summary_path = dir.join(SUMMARY_FILE);
    let csv = summary::summary_csv(records).map_err(|e| HarnessError::Report {
        path: summary_path.clone(),
        message: e.to_string(),
    })?;
    write_atomically(&summary_path, &csv)?;
    files.written.push(summary_path);

    let groups = aggregate::group_by_workload(records);
    let series = theory::height_series(&groups);
    let profile = crate::run_folder_profile(dir)?;
    let simulated = simulated::simulate_workloads(
        &groups,
        profile.as_ref().unwrap_or(&CostProfile::reference()),
    );
    let plots =
        plots::plots(&groups, &series, &simulated).map_err(|message| HarnessError::Report {
            path: dir.to_path_buf(),
            message: format!("drawing the plots: {message}"),
        })?;
    for plot in &plots {
        let path = dir.join(plot.file);
        write_atomically(&path, plot.svg.as_bytes())?;
        files.written.push(path);
    }
    let figures: Vec<markdown::Figure<'_>> = plots
        .iter()
        .map(|p| markdown::Figure {
            file: p.file,
            title: p.title,
        })
        .collect();
    let rows = theory::theory_rows(&groups);
    let text = markdown::render(
        records,
        &results.unfinished,
        machine,
        &groups,
        &rows,
        &figures,
        markdown::SimulatedSection {
            workloads: &simulated,
            profile: profile.as_ref(),
        },
    );
    let report_path = dir.join(REPORT_FILE);
    write_atomically(&report_path, text.as_bytes())?;
    files.written.push(report_path);
    Ok(files)
}

/// Writes a complete run folder at once: `results.jsonl`, `machine.json` (if given) and
/// the report. The folder is created if needed.
pub fn write_run_folder(
    dir: &Path,
    results: &Results,
    machine: Option<&MachineInfo>,
) -> Result<ReportFiles, HarnessError> {
    create_dir(dir)?;
    let results_path = dir.join(RESULTS_FILE);
    write_atomically(&results_path, results.to_text().as_bytes())?;
    let mut written = vec![results_path];
    if let Some(m) = machine {
        written.push(write_machine(dir, m)?);
    }
    let mut files = write_report(dir, results, machine)?;
    written.append(&mut files.written);
    Ok(ReportFiles { written })
}

/// `abbench report RESULTS.jsonl --out DIR`: reads the records (and the `machine.json`
/// and cost profile beside them, if there are) and writes `summary.csv`, `report.md` and
/// the plots into `out`, created if needed; a profile beside the records is copied into
/// `out`, so that the report's SIMULATED scaling uses it.
pub fn rebuild_report(results: &Path, out: &Path) -> Result<ReportFiles, HarnessError> {
    let results_read = read_results(results)?;
    let beside = results
        .parent()
        .unwrap_or(Path::new("."))
        .join(MACHINE_FILE);
    let machine = if beside.is_file() {
        Some(read_machine(&beside)?)
    } else {
        None
    };
    let folder = results.parent().unwrap_or(Path::new("."));
    let profile = crate::run_folder_profile(folder)?;
    create_dir(out)?;
    if let Some(profile) = profile
        && crate::run_folder_profile(out)?.as_ref() != Some(&profile)
    {
        crate::write_profile(&out.join(crate::CALIBRATION_FILE), &profile)?;
    }
    write_report(out, &results_read, machine.as_ref())
}

/// Creates an output folder, and its parents, if needed.
pub(crate) fn create_dir(dir: &Path) -> Result<(), HarnessError> {
    std::fs::create_dir_all(dir).map_err(|e| HarnessError::InvalidOption {
        parameter: "output folder",
        value: dir.display().to_string(),
        expected: format!("cannot be created: {e}"),
    })
}

#[cfg(test)]
mod test;
#[cfg(test)]
mod windows_test;
