//! This crate's [`FolderReport`]: what a sweep's run folder gets when it is finished —
//! `summary.csv`, `report.md` and the plots ([`write_report_with`]) — and the headline
//! of its summary ([`headline`]). The crate that measures is handed it, and so never
//! depends on this one.

use crate::folder::{Simulation, write_report_reporting, write_report_stoppable};
use crate::headline::headline;
use abbench_results::{
    FolderReport, MachineInfo, Record, ReportFailure, Results, SimulationStopped,
};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The report of a run folder, as `abbench sweep` writes it.
#[derive(Clone, Copy, Debug, Default)]
pub struct RunReport;

impl FolderReport for RunReport {
    fn write(
        &self,
        dir: &Path,
        results: &Results,
        machine: &MachineInfo,
        skip_simulation: Option<&str>,
    ) -> Result<Vec<PathBuf>, ReportFailure> {
        let simulation = simulation_of(skip_simulation);
        Ok(write_report_reporting(dir, results, Some(machine), simulation, &|_, _| {})?.written)
    }

    fn headline(
        &self,
        records: &[Record],
        elapsed: Duration,
        other_cpu_share: Option<f64>,
    ) -> String {
        headline(records, elapsed, other_cpu_share)
    }
}

/// The SIMULATED section to write: none, for the reason given, or the simulation.
fn simulation_of(skip_simulation: Option<&str>) -> Simulation {
    match skip_simulation {
        Some(why) => Simulation::Skip(why.to_string()),
        None => Simulation::Run,
    }
}

/// [`RunReport`] with a progress function, whose simulation stops as soon as `stop` says so (asked before
/// each tree): the write then fails with [`SimulationStopped`], having written nothing,
/// and the sweep writes the report again without the simulation.
pub struct StoppableReport<F, S>
where
    F: Fn(usize, usize) + Sync,
    S: Fn() -> bool + Sync,
{
    /// Called with (trees simulated, trees in all) as each tree is done.
    pub progress: F,
    /// Whether to stop simulating.
    pub stop: S,
}

impl<F, S> FolderReport for StoppableReport<F, S>
where
    F: Fn(usize, usize) + Sync,
    S: Fn() -> bool + Sync,
{
    fn write(
        &self,
        dir: &Path,
        results: &Results,
        machine: &MachineInfo,
        skip_simulation: Option<&str>,
    ) -> Result<Vec<PathBuf>, ReportFailure> {
        let simulation = simulation_of(skip_simulation);
        match write_report_stoppable(
            dir,
            results,
            Some(machine),
            simulation,
            &self.progress,
            &self.stop,
        )? {
            Some(files) => Ok(files.written),
            None => Err(Box::new(SimulationStopped)),
        }
    }

    fn headline(
        &self,
        records: &[Record],
        elapsed: Duration,
        other_cpu_share: Option<f64>,
    ) -> String {
        headline(records, elapsed, other_cpu_share)
    }
}
