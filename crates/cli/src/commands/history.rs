//! `abbench history RUN...`: when did the searches change? Stored runs, ordered by the
//! start dates their `machine.json` records, each search's wall time over the machine's
//! yardstick as a series, and the change points of every series (see
//! `abbench_report::history`).
//!
//! Stdout gets a Markdown table of the change points (or one JSON object with `--json`).
//! Exit 0 when nothing failed, 1 when a change point is a slowdown or a changed value, or
//! a search failed, failed verification or timed out after a result (one line on stderr
//! says how many), 2 when a run is unusable: unreadable, incomplete, named twice, of
//! another suite or machine size (logical cores), or sharing too few searches with the first.

use crate::failure::Failure;
use abbench_report::{HISTORY_ALPHA, HISTORY_THRESHOLD_PCT, history_files};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

/// Options of `abbench history`.
#[derive(Debug, Args)]
pub struct HistoryCommand {
    /// The runs: run folders or results.jsonl files, each once. They are taken in the
    /// order of their start dates (machine.json `date`), whatever order they are named in.
    #[arg(value_name = "RUN", required = true, num_args = 1..)]
    pub runs: Vec<PathBuf>,

    /// Wall-time changes smaller than this, in percent, are not reported; 0 to 1000.
    #[arg(
        long,
        value_name = "PCT",
        default_value_t = HISTORY_THRESHOLD_PCT,
        allow_negative_numbers = true,
        value_parser = parse_threshold
    )]
    pub threshold: f64,

    /// Print the change points as one JSON object instead of Markdown (same exit codes).
    #[arg(long)]
    pub json: bool,
}

/// A number; its range (0 to 1000) is checked by `abbench_report::history_files`, which
/// names it.
fn parse_threshold(text: &str) -> Result<f64, String> {
    text.trim()
        .parse()
        .map_err(|_| "expected a percentage from 0 to 1000, such as 3 or 2.5".to_string())
}

impl HistoryCommand {
    /// Runs the subcommand; the change points go to `out`.
    pub fn run(&self, out: &mut impl Write) -> Result<(), Failure> {
        let history = history_files(&self.runs, self.threshold, HISTORY_ALPHA)?;
        let written = if self.json {
            writeln!(out, "{}", history.to_json())
        } else {
            write!(out, "{}", history.to_markdown())
        }
        .and_then(|()| out.flush());
        let verdict = if history.fails() {
            Err(Failure::failed(history.summary_line()))
        } else {
            Ok(())
        };
        Failure::after_writing(written, verdict)
    }
}
