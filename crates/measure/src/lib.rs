//! abbench's experiments: measuring searches, checking them against serial F2, sweeping
//! suites into run folders, calibrating the simulator to this machine, and the
//! deterministic signature CI gates on.
//!
//! [`measure()`] runs every requested algorithm and thread count on one tree, timed after a
//! warm-up, and checks each result against serial F2; each (tree, algorithm, threads)
//! becomes an `abbench_results::Record`, one line of `results.jsonl` — or, when the search
//! reached its time limit or failed, an `Unfinished` line that claims no result. A sweep
//! then hands the records to the `abbench_results::FolderReport` it is given (the command
//! line gives `abbench-report`'s, which never measures); this crate does not depend on the
//! crate that reports.
//!
//! What the command line's subcommands call:
//!
//! | subcommand | functions |
//! | --- | --- |
//! | `run` | [`WorkEstimate`], [`measure()`] with [`Pools`] |
//! | `verify` | [`verify_tree`] (a [`TreeCheck`]) with [`Pools`], [`TreeVerdict::mismatches`] |
//! | `sweep` | [`Suite::load`], [`Suite::estimate`], [`default_run_folder`], [`RunFolder`] with [`sweep`] and an [`Interrupt`] (or [`sweep_to_folder`]) |
//! | `--shard K/N` | [`Suite::shard`], [`Suite::content_hash`], [`shard_items`] with [`search_weight`] |
//! | `calibrate` | [`calibrate()`] with [`CalibrateOptions`] |
//! | `theory` | [`theory_checks()`] with [`TheoryOptions`] |
//! | `simulate` | [`SimulationStudy::run`] with [`StudyCosts`], [`simulation_positions`], [`TreeSimulation::write_json_lines`] |
//! | `verify --stress` | [`stress()`] or [`stress_checked`], [`stress_models`] |
//! | `signature` | [`signature()`], [`Signature::to_text`], [`check_signature_file`], [`SignatureCheck::report`] |
//! | `ab`, `ab-worker` | [`ab::ab`] with [`ab::AbConfig`], [`ab::serve`] |
//! | `bisect` | [`bisect::bisect`] with [`bisect::GitSteps`] over [`bisect::first_parent_commits`] |
//!
//! Suite files are described at [`Suite::from_toml_file`]. The examples (`sweep`,
//! `signature`, `baselines`) run the same functions without the command line.

pub mod ab;
pub mod bisect;
mod calibrate;
mod contention;
mod error;
mod estimate;
mod interrupt;
mod limits;
mod measure;
mod reference;
mod root_moves;
mod searches;
mod shard;
mod signature;
mod simulation;
mod stress;
mod suite;
mod sweep;
mod theory_checks;
mod verify;

pub use calibrate::{CalibrateOptions, Calibration, calibrate, calibrate_run_folder};
pub use error::MeasureError;
pub use estimate::{
    AFFORDABLE_CHECK_SECONDS, ASSUMED_POSITIONS_PER_SECOND, LONG_RUN_SECONDS, WorkEstimate,
    checked_by_score_alone, estimate_positions,
};
pub use interrupt::Interrupt;
pub use limits::{MAX_RUNS, MAX_SPLIT_HEIGHT, MAX_THREADS};
pub use measure::{
    CANDIDATE_FLOOR, CANDIDATE_STOP, EXACT_SERIAL, MAX_BATCH, MIN_SAMPLE, MeasureConfig,
    WARM_UP_TIME, batch_size, measure, measure_series, measure_tree, with_serial_candidates,
    with_serial_candidates_of,
};
pub use reference::{REFERENCE_BATCHES, REFERENCE_NAME, time_reference};
pub use root_moves::{RootMove, root_move_values};
pub use searches::{POOL_WARM_UP, Pools};
pub use shard::{
    SimulationPart, UNKNOWN_WEIGHT, partition, search_weight, searches_weight, shard_items,
    simulation_shard, tree_weight,
};
pub use signature::{Signature, SignatureCase, SignatureCheck, check_signature_file, signature};
pub use simulation::{
    SIMULATED_POSITIONS_PER_SECOND, SimulationLine, SimulationStudy, StudyCosts, TreeSimulation,
    WorkSpanLine, simulation_positions,
};
pub use stress::{
    STRESS_MODELS, STRESS_SPLIT_HEIGHT, STRESS_THREADS, StressCount, StressMismatch, StressOutcome,
    stress, stress_checked, stress_models, stress_shard,
};
pub use suite::{
    BUILTIN_SUITES, BadSetting, Grid, Suite, Workload, default_thread_counts, thread_counts_up_to,
};
pub use sweep::{
    Completion, RunFolder, SweepEvent, SweepOutcome, SweepStatus, SweepSummary, default_run_folder,
    sweep, sweep_to_folder,
};
pub use theory_checks::{
    Check, DEFAULT_DEGREES, Param, ParamsInOrder, Quantity, TOLERANCE_SE, Table1Line,
    Table1RowLine, TheoryCheckLine, TheoryChecks, TheoryOptions, theory_checks,
};
pub use verify::{
    Answer, Mismatch, ORACLE_POSITIONS, SearchCheck, TreeCheck, TreeVerdict, Verdict, VerifyPlan,
    VerifySearches, ensure_pools, verify_tree,
};
