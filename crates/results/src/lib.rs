//! The formats of a run folder, shared by everything that measures and everything that
//! reports: a record per search ([`Record`], one line of `results.jsonl`, schema 1), an
//! [`Unfinished`] line for a search that claims no result, the machine and build
//! ([`MachineInfo`], `machine.json`), and the name of the machine's cost profile for the simulator
//! (`calibration.json`).
//!
//! `results.jsonl` is the boundary between measuring and reporting: `abbench-measure`
//! writes it, `abbench-report` reads it, and neither needs the other to do so.
//!
//! | file | types and functions |
//! | --- | --- |
//! | `results.jsonl` | [`Record`], [`Unfinished`], [`Results`], [`ResultsWriter`], [`read_results`]; its lines against what the run recorded, [`check_lines`] |
//! | `machine.json` | [`MachineInfo`], [`write_machine`], [`read_machine`]; the build's provenance, [`build_info`]; the run's status and lock ([`RunStatus`], [`folder_state`], [`LOCK_FILE`]) |
//! | `shard.json` | [`Shard`] (`--shard K/N`), [`ShardManifest`], [`content_hash`] |
//! | `calibration.json` | [`CALIBRATION_FILE`]: its name; `abbench-measure` reads and writes it |
//! | report files | [`FolderReport`]: what writes them, handed to the crate that measures by the one that reports |
//! | `schema/abbench-output.schema.json` | [`schema::OutputSchema`]: the schema of every JSON line, generated from the types that write them |
//! | any | [`write_atomically`], [`read_text`] (a regular file, bounded), [`FileError`]; durations and sizes for people ([`human_duration`], [`elapsed`], [`human_nanos`], [`human_bytes`]); statistics ([`median`]) |

mod build_info;
mod error;
mod folder_report;
mod machine;
mod output_file;
mod read;
mod record;
mod results;
mod run_folder;
mod run_lines;
mod run_status;
pub mod schema;
mod shard;
mod stats;
mod status;
mod timing;
mod unfinished;
mod units;
mod utc;

pub use abbench_vocab::{Algorithm, EVERY_PARALLEL, UnknownAlgorithm};
pub use build_info::{BuildInfo, build_info};
pub use error::{EXIT_UNUSABLE_INPUT, FileError, InvalidField};
pub use folder_report::{FolderReport, ReportFailure, SimulationStopped};
pub use machine::{MachineInfo, available_threads, hostname};
/// A run folder's cost profile for the simulator (`abbench-measure` reads and writes it).
pub const CALIBRATION_FILE: &str = "calibration.json";

pub use output_file::{RUN_DATA_FILES, RUN_REPORT_FILES, check_output_file};
pub use read::{MAX_RESULTS_BYTES, MAX_SMALL_FILE_BYTES, read_text};
pub use record::{
    CheckedBy, FastestSerial, MAX_MACHINE_NS, MIN_MACHINE_NS, ParallelMetrics, Record, RecordKey,
    SCHEMA, SearchKind, Series, TableRecord, TreeInfo, WindowFields,
};
pub use results::{Results, ResultsWriter, parse_results, read_results, results_text};
pub use run_folder::{
    MACHINE_FILE, RESULTS_FILE, read_machine, results_file, write_atomically, write_machine,
};
pub use run_lines::{check_lines, check_lines_beside, lines_not_whole, missing_search};
pub use run_status::RunStatus;
pub use shard::{
    MAX_SHARDS, SHARD_FILE, Shard, ShardError, ShardManifest, ShardTree, content_hash,
};
pub use stats::median;
pub use status::{
    FolderState, LOCK_FILE, folder_state, is_locked, recorded_status, try_lock_folder,
};
pub use timing::{BOOTSTRAP_RESAMPLES, WallTimes};
pub use unfinished::{StopReason, Unfinished, UnfinishedKind};
pub use units::{elapsed, human_bytes, human_duration, human_nanos, human_percent};
pub use utc::UtcTime;
