//! The abbench harness: experiments, metrics, verification and reports.
//!
//! [`measure()`] runs every requested algorithm and thread count on one tree, timed after a
//! warm-up, and checks each result against serial F2; each (tree, algorithm, threads)
//! becomes a [`Record`], one line of `results.jsonl` (schema 1) — or, when the search
//! reached its time limit or failed, an [`Unfinished`] line that claims no result.
//!
//! What the command line's subcommands call:
//!
//! | subcommand | functions |
//! | --- | --- |
//! | `run` | [`WorkEstimate`], [`measure()`] with [`Pools`] |
//! | `verify` | [`verify_tree`] with [`Pools`], [`TreeVerdict::mismatches`] |
//! | `sweep` | [`Suite::load`], [`Suite::estimate`], [`MachineInfo::collect`], [`default_run_folder`], [`RunFolder`] with [`sweep`] and an [`Interrupt`] (or [`sweep_to_folder`]) |
//! | `report` | [`rebuild_report`] |
//! | `compare` | [`compare_files`], [`Comparison::gated`], [`Comparison::to_markdown`], [`Comparison::exit_code`] |
//! | `calibrate` | [`MachineInfo::collect`], [`calibrate()`] with [`CalibrateOptions`], [`write_profile`] |
//! | `check-calibration` | [`read_results`], [`read_profile`], [`check_calibration`] |
//! | `signature` | [`signature()`], [`Signature::to_text`], [`check_signature_file`], [`SignatureCheck::report`] |
//!
//! Suite files are described at [`Suite::from_toml_file`]; a run folder at
//! [`write_run_folder`]. The examples (`sweep`, `compare`, `signature`, `baselines`) run
//! the same functions without the command line.

mod algorithm;
mod calibrate;
mod calibration;
mod compare;
mod contention;
mod error;
mod estimate;
mod interrupt;
mod limits;
mod machine;
mod measure;
mod metrics;
mod record;
mod report;
mod results;
mod searches;
mod signature;
mod suite;
mod sweep;
mod timing;
mod unfinished;
mod units;
mod utc;
mod verify;

pub use algorithm::{Algorithm, UnknownAlgorithm};
pub use calibrate::{CalibrateOptions, Calibration, calibrate, calibrate_run_folder};
pub use calibration::{
    CALIBRATION_FILE, parse_profile, profile_json, profile_path, read_profile, run_folder_profile,
    write_profile,
};
pub use compare::{
    Change, ChangeKind, Comparison, EXIT_UNUSABLE_INPUT, Gate, MIN_COMPARED_WALL_NS,
    MIN_MATCHED_SHARE, compare, compare_files, compare_results,
};
pub use error::HarnessError;
pub use estimate::{
    ASSUMED_POSITIONS_PER_SECOND, LONG_RUN_SECONDS, WorkEstimate, estimate_positions,
};
pub use interrupt::Interrupt;
pub use limits::{MAX_RUNS, MAX_SPLIT_HEIGHT, MAX_THREADS};
pub use machine::MachineInfo;
pub use measure::{MeasureConfig, available_threads, measure, measure_tree};
pub use metrics::{karp_flatt, median};
pub use record::{ParallelMetrics, Record, SCHEMA, TreeInfo, WindowFields};
pub use report::{
    CalibrationCheck, CheckOptions, CheckedRecord, GapRow, MACHINE_FILE, REPORT_FILE, RESULTS_FILE,
    ReportFiles, SUMMARY_FILE, SpeedupCeiling, SpeedupCurve, check_calibration, read_machine,
    rebuild_report, simulation_plot, write_atomically, write_machine, write_report,
    write_run_folder,
};
pub use results::{Results, ResultsWriter, parse_results, read_results, results_text};
pub use searches::{POOL_WARM_UP, Pools};
pub use signature::{Signature, SignatureCase, SignatureCheck, check_signature_file, signature};
pub use suite::{BUILTIN_SUITES, Suite, Workload, default_thread_counts, thread_counts_up_to};
pub use sweep::{
    Completion, LOCK_FILE, RunFolder, SweepEvent, SweepOutcome, default_run_folder, sweep,
    sweep_to_folder,
};
pub use timing::WallTimes;
pub use unfinished::{StopReason, Unfinished};
pub use utc::UtcTime;
pub use verify::{
    Answer, Mismatch, ORACLE_POSITIONS, SearchCheck, TreeVerdict, Verdict, VerifyPlan, verify_tree,
};
