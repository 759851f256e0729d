//! `abbench sweep`: measure a suite into a run folder (design: "Reports"; the README's
//! main job).
//!
//! The suite is `quick`, `default` or a TOML file; `--threads` and `--repeat` override
//! its settings. The harness writes `machine.json`, streams `results.jsonl`, then writes
//! `summary.csv`, `report.md` and the plots. Meanwhile stderr gets the plan (every
//! workload with its seeds), a line per tree measured and, at a terminal, a progress bar.
//! At the end stdout gets the folder and the harness's summary. Any result that does not
//! agree with serial F2 fails the run (exit 1) once the report is written, so that the
//! report shows which.

use crate::failure::Failure;
use crate::progress;
use crate::search_args::{MAX_RUNS, ThreadCounts, parse_thread_counts};
use abbench_harness::{
    MachineInfo, Suite, SweepEvent, available_threads, default_run_folder, sweep_to_folder,
};
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Options of `abbench sweep`.
#[derive(Debug, Args)]
pub struct SweepCommand {
    /// quick (seconds: every model, 1 and 2 threads), default (a few minutes on two
    /// cores: every table and plot), or a suite TOML file.
    #[arg(long, value_name = "NAME|FILE", default_value = "default")]
    pub suite: String,

    /// Worker threads for the parallel algorithms, comma-separated, each 1 ..= 256
    /// [default: the suite's; for default 1, 2, 4, … up to the hardware threads].
    #[arg(
        long,
        value_name = "LIST",
        allow_negative_numbers = true,
        value_parser = parse_thread_counts
    )]
    pub threads: Option<ThreadCounts>,

    /// Timed runs per tree, algorithm and thread count, 1 ..= 1000000 [default: the
    /// suite's].
    #[arg(long, value_name = "K", allow_negative_numbers = true,
          value_parser = clap::value_parser!(u32).range(1..=MAX_RUNS))]
    pub repeat: Option<u32>,

    /// The run folder, created if needed; it must not hold a results.jsonl already
    /// [default: reports/runs/DATE-HOST under the current directory, DATE in UTC].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

impl SweepCommand {
    /// Runs the subcommand; the folder and summary go to `out`.
    pub fn run(&self, out: &mut impl Write) -> Result<(), Failure> {
        let mut suite = Suite::load(&self.suite)?;
        if let Some(repeat) = self.repeat {
            suite.repeat = repeat as usize;
        }
        let folder = self
            .out
            .clone()
            .unwrap_or_else(|| default_run_folder(Path::new("")));
        let machine = MachineInfo::collect(crate::ALLOCATOR, command_line());
        let bar = progress::bar(suite.tree_count(), "sweep");
        let outcome = sweep_to_folder(
            &suite,
            self.threads.as_ref().map(|t| t.0.as_slice()),
            &folder,
            &machine,
            |event| match event {
                SweepEvent::Started { folder, threads } => {
                    let mut plan = vec![format!(
                        "sweep of suite `{}` into {}: {} trees, threads {}, {} timed runs after {} \
                         warm-up each",
                        suite.name,
                        folder.display(),
                        suite.tree_count(),
                        list(threads),
                        suite.repeat,
                        suite.warmup
                    )];
                    plan.extend(
                        suite
                            .workloads
                            .iter()
                            .map(|w| format!("  {}", w.plan_line())),
                    );
                    progress::log(&bar, &plan);
                }
                SweepEvent::TreeStarted { tree, .. } => {
                    bar.set_message(format!("{}{}", tree.workload().label(), seed(tree.seed)));
                }
                SweepEvent::TreeFinished {
                    done,
                    total,
                    tree,
                    records,
                    elapsed,
                } => {
                    bar.inc(1);
                    let failed = records.iter().filter(|r| !r.verified).count();
                    let verdict = match failed {
                        0 => String::new(),
                        n => format!(", {n} NOT agreeing with serial F2"),
                    };
                    let width = total.to_string().len();
                    progress::log(
                        &bar,
                        &[format!(
                            "[{done:>width$}/{total}] {}{}: {} results in {:.2} s{verdict}",
                            tree.workload().label(),
                            seed(tree.seed),
                            records.len(),
                            elapsed.as_secs_f64()
                        )],
                    );
                }
            },
        );
        bar.finish_and_clear();
        let outcome = outcome?;
        writeln!(out, "run folder: {}", folder.display()).map_err(Failure::stdout)?;
        write!(out, "{}", outcome.summary()).map_err(Failure::stdout)?;
        out.flush().map_err(Failure::stdout)?;
        if outcome.failures > 0 {
            return Err(Failure::failed(format!(
                "{} of {} results do not agree with serial F2; see {}",
                outcome.failures,
                outcome.records.len(),
                folder.join(abbench_harness::REPORT_FILE).display()
            )));
        }
        let most = outcome.threads.iter().copied().max().unwrap_or(1);
        let hardware = available_threads();
        if most > hardware {
            progress::note(&format!(
                "{most} threads on a machine with {hardware} hardware threads: those runs \
                 were oversubscribed"
            ));
        }
        Ok(())
    }
}

/// The command line as typed, with the program named `abbench` whatever its path.
fn command_line() -> Vec<String> {
    std::iter::once("abbench".to_string())
        .chain(std::env::args().skip(1))
        .collect()
}

fn list(counts: &[usize]) -> String {
    counts
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn seed(seed: Option<u64>) -> String {
    seed.map_or(String::new(), |s| format!(" seed {s}"))
}
