//! `abbench compare BASE NEW`: two runs' records side by side (design: "CI: two
//! tracks"). Counts and values of serial searches, and every verification, must not
//! change; wall times are slower or faster only beyond `--threshold` percent with the
//! two runs' `[min, max]` spreads apart.
//!
//! Stdout gets a Markdown summary and table of the changes. Exit 0 when nothing failed,
//! 1 when something did (one line on stderr says what), 2 when an input is unusable: it
//! cannot be read, holds a search twice, is a run marked incomplete, or has fewer than
//! 90% of the base's searches (the runs are not comparable).
//! `--gate counts` fails only on the deterministic changes — for a CI machine whose wall
//! times are too noisy to fail a build on; slower rows are still listed.

use crate::failure::Failure;
use abbench_report::{Gate, compare_files};
use clap::{Args, ValueEnum};
use std::io::Write;
use std::path::PathBuf;

/// What fails the comparison, as the command line names it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum GateArg {
    /// Changed counts or values, failed verification, and slower wall times.
    #[default]
    All,
    /// Changed counts or values and failed verification only; wall-time changes are
    /// listed but do not fail.
    Counts,
}

impl From<GateArg> for Gate {
    fn from(gate: GateArg) -> Gate {
        match gate {
            GateArg::All => Gate::All,
            GateArg::Counts => Gate::Counts,
        }
    }
}

/// Options of `abbench compare`.
#[derive(Debug, Args)]
pub struct CompareCommand {
    /// The baseline: a results.jsonl, or a run folder holding one.
    #[arg(value_name = "BASE")]
    pub base: PathBuf,

    /// The results to judge against it: a results.jsonl, or a run folder holding one.
    #[arg(value_name = "NEW")]
    pub new: PathBuf,

    /// How far, in percent, a median wall time must move (with the spreads apart) to
    /// count as slower or faster; at least 0.
    #[arg(
        long,
        value_name = "PCT",
        default_value_t = 10.0,
        allow_negative_numbers = true,
        value_parser = parse_threshold
    )]
    pub threshold: f64,

    /// What fails the comparison.
    #[arg(long, value_enum, default_value_t)]
    pub gate: GateArg,

    /// Print the comparison as one JSON object instead of Markdown (same exit codes).
    #[arg(long)]
    pub json: bool,
}

/// A number; its range (at least 0) is checked by `abbench_report::compare_files`, which names it.
fn parse_threshold(text: &str) -> Result<f64, String> {
    text.trim()
        .parse()
        .map_err(|_| "expected a percentage of at least 0, such as 10 or 2.5".to_string())
}

impl CompareCommand {
    /// Runs the subcommand; the Markdown comparison goes to `out`.
    pub fn run(&self, out: &mut impl Write) -> Result<(), Failure> {
        let comparison =
            compare_files(&self.base, &self.new, self.threshold)?.gated(self.gate.into());
        let written = if self.json {
            writeln!(out, "{}", comparison.to_json())
        } else {
            write!(out, "{}", comparison.to_markdown())
        }
        .and_then(|()| out.flush());
        let verdict = if comparison.has_regression() {
            Err(Failure::failed(comparison.summary_line()))
        } else {
            Ok(())
        };
        Failure::after_writing(written, verdict)
    }
}
