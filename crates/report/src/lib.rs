//! abbench's reports, from the records of `results.jsonl` alone: `report.md` with its
//! sections, the SVG plots, `summary.csv`, the SIMULATED scaling beside the measured one,
//! the check of the simulator against measurements, and comparisons of two runs for CI.
//!
//! This crate reads what `abbench-results` defines and never measures: a report rebuilt
//! from a run folder is the same byte for byte as the one the sweep wrote.
//!
//! | job | functions |
//! | --- | --- |
//! | a run folder's report | [`write_report`], [`write_run_folder`], [`rebuild_report`] |
//! | the shards of one run as one run (`abbench merge`) | [`merge_shards`]; its `shards.json`, [`ShardsListing`] |
//! | several runs side by side | [`cross_machine_report`] |
//! | a sweep's summary line | [`headline`] |
//! | a sweep's report, written for the crate that measures | [`RunReport`], [`StoppableReport`] |
//! | `abbench compare` | [`compare_files`], [`Comparison::gated`], [`Comparison::to_markdown`], [`Comparison::exit_code`] |
//! | `abbench export` | [`export_file`], [`export`], [`ExportFormat`], [`libtest_name`]; a complete run's records, [`read_complete_run`] |
//! | `abbench history` | [`history_files`], [`History::to_markdown`], [`History::exit_code`]; one series' change points, [`change_points`] |
//! | `abbench check-calibration` | [`check_calibration`] |
//! | `abbench simulate --svg` | [`SimulationPlot`], [`simulation_plot`] |
//!
//! The report's sections, one file each: `headline.rs` (the first lines),
//! `markdown.rs` (the document), `summary.rs` (`summary.csv`), `theory.rs`,
//! `windows.rs`, `simulated.rs` (SIMULATED scaling); its figures: `plots.rs`,
//! `simulation_plot.rs`, `windows_plot.rs`, drawn in one style (`plot_style.rs`); numbers
//! formatted by `format.rs`; records grouped by workload in `aggregate.rs`.

mod aggregate;
mod calibration_check;
mod calibration_serial;
mod change_points;
mod compare;
mod compare_line;
mod contention;
mod cross_machine;
mod error;
mod export;
mod folder;
mod format;
mod headline;
mod history;
mod mann_whitney;
mod markdown;
mod merge;
mod metrics;
mod plot_style;
mod plots;
mod profile_file;
mod rebuild;
mod run_report;
mod shards;
mod sim_job;
mod simulated;
mod simulation_plot;
mod study;
mod summary;
mod theory;
mod windows;
mod windows_plot;

pub use calibration_check::{
    CalibrationCheck, CheckOptions, CheckedRecord, GapRow, check_calibration,
};
pub use calibration_serial::SerialGapRow;
pub use change_points::{ChangePoint, ChangePointOptions, SplitMix, change_points};
pub use compare::{
    Change, ChangeKind, Comparison, EXIT_UNUSABLE_INPUT, Gate, MIN_COMPARED_WALL_NS,
    MIN_MATCHED_SHARE, compare, compare_files, compare_results, key_label, read_complete_run,
    refuse_duplicates, refuse_repeated_runs, wall_in_yardsticks, why_incomplete,
};
pub use compare_line::{ChangeLine, CompareVerdict, ComparisonLine, DriftLine};
pub use contention::{NOTICEABLE_SHARE, contention_warning};
pub use cross_machine::cross_machine_report;
pub use error::ReportError;
pub use export::{ExportFormat, export, export_file, libtest_name, read_run_to_export};
pub use folder::{
    REPORT_FILE, ReportFiles, SUMMARY_FILE, Simulation, create_dir, rebuild_report, write_report,
    write_report_with, write_run_folder,
};
pub use headline::{checked_against, headline};
pub use history::{
    DEFAULT_ALPHA as HISTORY_ALPHA, DEFAULT_THRESHOLD_PCT as HISTORY_THRESHOLD_PCT, History,
    HistoryChange, HistoryFailure, HistoryLine, HistoryRun,
    MAX_THRESHOLD_PCT as HISTORY_MAX_THRESHOLD_PCT, Measure, history, history_files,
};
pub use mann_whitney::{ALPHA, mann_whitney_p};
pub use merge::{MergeError, MergeOptions, MergeOutcome, merge_shards};
pub use metrics::{karp_flatt, median};
pub use plot_style::PlotError;
pub use profile_file::{
    parse_profile, profile_path, read_profile, run_folder_profile, write_profile,
};
pub use run_report::{RunReport, StoppableReport};
pub use shards::{SHARDS_FILE, ShardEntry, ShardsListing, WorkloadCount};
pub use simulation_plot::{SimulationPlot, SpeedupCeiling, SpeedupCurve, simulation_plot};

#[cfg(test)]
mod colour_test;
#[cfg(test)]
mod test;
#[cfg(test)]
mod windows_test;
