//! `abbench report RESULTS.jsonl|RUN_DIR --out DIR`: rebuild a report from a run's records
//! (design: "Reports") — after the report's renderer changed, or for records gathered
//! some other way. The `machine.json` beside the results, if any, describes the machine.
//! The records are read, strictly, before the folder is created.
//!
//! Given two or more runs (`results.jsonl` files or run folders, each complete), it
//! writes a cross-machine report instead ([`abbench_report::cross_machine_report`]):
//! their speedups side by side in one table per shared workload and one figure, each
//! run labelled with its machine.

use crate::failure::Failure;
use abbench_report::{cross_machine_report, rebuild_report};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

/// Options of `abbench report`.
#[derive(Debug, Args)]
pub struct ReportCommand {
    /// The records: a results.jsonl written by `abbench sweep` or `abbench run --json`,
    /// or a run folder holding one; two or more runs (results.jsonl files or run
    /// folders) for a cross-machine report.
    #[arg(value_name = "RESULTS.jsonl|RUN_DIR", required = true, num_args = 1..)]
    pub results: Vec<PathBuf>,

    /// The folder for summary.csv, report.md and the plots, created if needed.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

impl ReportCommand {
    /// Runs the subcommand; the files written go to `out`, one per line.
    pub fn run(&self, out: &mut impl Write) -> Result<(), Failure> {
        let files = match self.results.as_slice() {
            [one] => rebuild_report(one, &self.out)?,
            many => cross_machine_report(many, &self.out)?,
        };
        if let Some(why) = &files.incomplete {
            crate::progress::note(&format!("INCOMPLETE RUN: {why}"));
        }
        for file in &files.written {
            writeln!(out, "{}", file.display()).map_err(Failure::stdout)?;
        }
        out.flush().map_err(Failure::stdout)
    }
}
