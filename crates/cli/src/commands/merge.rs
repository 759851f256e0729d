//! `abbench merge SHARD_DIR… --out DIR`: the parts of one sharded sweep (`abbench sweep
//! --shard K/N`, run by a Slurm array, a CI matrix or GNU parallel) joined into one run
//! folder, thin over [`abbench_report::merge_shards`]. Every check is made before
//! anything is written; a refusal is one line and exit 2.

use crate::failure::Failure;
use abbench_report::{MergeError, MergeOptions, merge_shards};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

/// Options of `abbench merge`.
#[derive(Debug, Args)]
pub struct MergeCommand {
    /// The run folders of the parts, each written by `abbench sweep --shard K/N`, in any
    /// order.
    #[arg(value_name = "SHARD_DIR", required = true, num_args = 1..)]
    pub shards: Vec<PathBuf>,

    /// The merged run folder, created if needed; it must be new or empty.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,

    /// Merge even if a part is missing or did not finish: the report says at its top
    /// that the run is partial, and which parts are not whole.
    #[arg(long)]
    pub allow_partial: bool,

    /// Merge parts measured on different kinds of machine (CPU model or hardware
    /// threads): the report lists each part's machine with the workloads it measured.
    #[arg(long)]
    pub allow_mixed_machines: bool,
}

impl MergeCommand {
    /// Runs the subcommand; the folder and a summary line go to `out`.
    pub fn run(&self, out: &mut impl Write) -> Result<(), Failure> {
        let options = MergeOptions {
            allow_partial: self.allow_partial,
            allow_mixed_machines: self.allow_mixed_machines,
            command_line: super::command_line(),
        };
        let merged = merge_shards(&self.shards, &self.out, &options).map_err(merge_failure)?;
        // Said on stdout too, which `-q` keeps: a partial run is never taken for a whole.
        let partial = merged
            .partial
            .as_deref()
            .map_or(String::new(), |why| format!(" — PARTIAL RUN: {why}"));
        let written = writeln!(
            out,
            "run folder: {}",
            crate::progress::one_line(&self.out.display().to_string())
        )
        .and_then(|()| {
            writeln!(
                out,
                "{} records from {} of {} shards{}",
                merged.records,
                merged.shards.0,
                merged.shards.1,
                crate::progress::one_line(&partial)
            )
        })
        .and_then(|()| out.flush());
        let verdict = if merged.unverified > 0 {
            Err(Failure::failed(format!(
                "{} of {} results do not agree with serial F2; see {}",
                merged.unverified,
                merged.records,
                self.out.join(abbench_report::REPORT_FILE).display()
            )))
        } else {
            Ok(())
        };
        // A reader gone early (`… | head -1`) never turns a failing verdict into success.
        Failure::after_writing(written, verdict)
    }
}

/// A refusal is bad input (exit 2); a file that cannot be written is the report's.
fn merge_failure(error: MergeError) -> Failure {
    match error {
        MergeError::File(error) => error.into(),
        MergeError::Report(error) => error.into(),
        other => Failure::bad_input(other.to_string()),
    }
}
