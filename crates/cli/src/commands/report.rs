//! `abbench report RESULTS.jsonl --out DIR`: rebuild a report from a run's records
//! (design: "Reports") — after the report's renderer changed, or for records gathered
//! some other way. The `machine.json` beside the results, if any, describes the machine.
//! The records are read, strictly, before the folder is created.

use crate::failure::Failure;
use abbench_report::rebuild_report;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

/// Options of `abbench report`.
#[derive(Debug, Args)]
pub struct ReportCommand {
    /// The records: a results.jsonl written by `abbench sweep` or `abbench run --json`.
    #[arg(value_name = "RESULTS.jsonl")]
    pub results: PathBuf,

    /// The folder for summary.csv, report.md and the plots, created if needed.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

impl ReportCommand {
    /// Runs the subcommand; the files written go to `out`, one per line.
    pub fn run(&self, out: &mut impl Write) -> Result<(), Failure> {
        let files = rebuild_report(&self.results, &self.out)?;
        if let Some(why) = &files.incomplete {
            crate::progress::note(&format!("INCOMPLETE RUN: {why}"));
        }
        for file in &files.written {
            writeln!(out, "{}", file.display()).map_err(Failure::stdout)?;
        }
        out.flush().map_err(Failure::stdout)
    }
}
