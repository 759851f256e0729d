//! What a sweep asks of the crate that writes reports. The crate that measures writes a
//! run folder's `machine.json` and `results.jsonl`; the report beside them (summary,
//! `report.md`, plots) is written by the crate that reads records, which the measuring
//! crate does not depend on: it is handed a [`FolderReport`] instead (the command line
//! gives `abbench-report`'s).

use crate::{MachineInfo, Record, Results};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Why writing a report failed, as the writer's own error.
pub type ReportFailure = Box<dyn std::error::Error + Send + Sync>;

/// The error of a [`FolderReport`] that stopped its simulation because it was asked to
/// (a signal arrived while it simulated): nothing was written, and the caller writes the
/// report again, without the simulation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SimulationStopped;

impl std::fmt::Display for SimulationStopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the report's simulation was stopped")
    }
}

impl std::error::Error for SimulationStopped {}

/// Writes the report of a finished run folder.
pub trait FolderReport: Sync {
    /// Writes the report files of the run folder `dir` from `results` and `machine`;
    /// without the simulation, saying why in the report, when `skip_simulation` gives a
    /// reason. The paths written, in order. A writer asked to stop while it simulates
    /// fails with [`SimulationStopped`], having written nothing.
    fn write(
        &self,
        dir: &Path,
        results: &Results,
        machine: &MachineInfo,
        skip_simulation: Option<&str>,
    ) -> Result<Vec<PathBuf>, ReportFailure>;

    /// The first lines of a sweep's summary: what was measured, in how long, and how
    /// much of the CPU other processes took.
    fn headline(
        &self,
        records: &[Record],
        elapsed: Duration,
        other_cpu_share: Option<f64>,
    ) -> String;
}
