//! `abbench export RESULTS --format F`: a complete run's records in a CI dashboard's
//! format (`abbench_report::export`, whose table says which consumer reads which):
//! Bencher Metric Format JSON, or the arrays github-action-benchmark reads as
//! `customSmallerIsBetter` (wall times) and `customBiggerIsBetter` (positions per
//! second, speedups), or the standard test harness's bench lines (github-action-benchmark's
//! `cargo` tool, Bencher's `rust_bench` adapter), or criterion's text report (Bencher's
//! `rust_criterion` adapter only). To stdout, or atomically to `--out
//! FILE`. A run that is not complete (running, interrupted, failed, abandoned), that
//! holds a search twice, or whose lines prove one missing (a seed without a search the
//! other seeds of its workload have) is refused (exit 2). Records without a
//! `machine.json` beside them are exported with a note that nothing says whether their
//! run finished.

use crate::failure::Failure;
use abbench_report::{ExportFormat, export, read_run_to_export};
use abbench_results::{check_output_file, write_atomically};
use clap::{Args, ValueEnum};
use std::io::Write;
use std::path::PathBuf;

/// The formats, as the command line names them; each one's help names who reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// For Bencher (`bencher run --adapter json`): Bencher Metric Format JSON with
    /// latency, throughput, positions, speedup.
    Bencher,
    /// For github-action-benchmark, `tool: customSmallerIsBetter`: median wall times in
    /// ns.
    CustomSmallerIsBetter,
    /// For github-action-benchmark, `tool: customBiggerIsBetter`: positions per second
    /// and parallel speedups.
    CustomBiggerIsBetter,
    /// For github-action-benchmark, `tool: cargo`, and Bencher, `--adapter rust_bench`:
    /// `test NAME ... bench: N ns/iter (+/- R)` lines, the median wall time.
    Libtest,
    /// For Bencher, `--adapter rust_criterion` (github-action-benchmark finds nothing
    /// in it): criterion's `time:` and `thrpt:` lines.
    Criterion,
}

impl From<FormatArg> for ExportFormat {
    fn from(format: FormatArg) -> Self {
        match format {
            FormatArg::Bencher => ExportFormat::Bencher,
            FormatArg::CustomSmallerIsBetter => ExportFormat::CustomSmallerIsBetter,
            FormatArg::CustomBiggerIsBetter => ExportFormat::CustomBiggerIsBetter,
            FormatArg::Criterion => ExportFormat::Criterion,
            FormatArg::Libtest => ExportFormat::Libtest,
        }
    }
}

/// Options of `abbench export`.
#[derive(Debug, Args)]
pub struct ExportCommand {
    /// The records: a results.jsonl, or a run folder holding one. Only a whole, finished
    /// run: one still running, stopped early, holding a search twice or missing a line is
    /// refused. A results.jsonl without a machine.json beside it is exported with a note
    /// that whether its run finished cannot be checked.
    #[arg(value_name = "RESULTS")]
    pub results: PathBuf,

    /// The format to write, by the dashboard that reads it: bencher (Bencher's json
    /// adapter); custom-smaller-is-better, custom-bigger-is-better and libtest
    /// (github-action-benchmark's customSmallerIsBetter, customBiggerIsBetter and cargo
    /// tools; Bencher's rust_bench adapter also reads libtest); criterion (Bencher's
    /// rust_criterion adapter only).
    #[arg(long, value_enum)]
    pub format: FormatArg,

    /// Write to this file (replaced atomically) instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

impl ExportCommand {
    /// Runs the subcommand.
    pub fn run(&self, out: &mut impl Write) -> Result<(), Failure> {
        if let Some(path) = &self.out {
            check_output_file(path, &[&self.results])?;
        }
        let (results, note) = read_run_to_export(&self.results)?;
        if let Some(note) = note {
            crate::progress::note(&note);
        }
        if !results.unfinished.is_empty() {
            // Nothing to publish for them, but they are not dropped without a word.
            let outpaced = results.unfinished.len() - results.timed_out() - results.failed();
            let stopped = match outpaced {
                0 => String::new(),
                n => format!(", {n} stopped as slower than the fastest serial search"),
            };
            crate::progress::note(&format!(
                "{} searches without a result ({} timed out, {} failed{stopped}) are left out: \
                 they have no numbers",
                results.unfinished.len(),
                results.timed_out(),
                results.failed()
            ));
        }
        let text = export(&results, self.format.into());
        match &self.out {
            Some(path) => Ok(write_atomically(path, text.as_bytes())?),
            None => out
                .write_all(text.as_bytes())
                .and_then(|()| out.flush())
                .map_err(Failure::stdout),
        }
    }
}
