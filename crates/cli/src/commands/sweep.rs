//! `abbench sweep`: measure a suite into a run folder (design: "Reports"; the README's
//! main job).
//!
//! The suite is `quick`, `default` or a TOML file; `--threads`, `--repeat` and
//! `--time-limit` override its settings. `abbench_measure::RunFolder` writes
//! `machine.json`, streams `results.jsonl`, then writes `summary.csv`, `report.md` and the plots. Meanwhile
//! stderr gets the plan (every workload with its seeds), a line per tree measured and,
//! at a terminal, a progress bar. At the end stdout gets the folder and abbench-report's
//! summary. Any result that does not agree with serial F2, any search that failed or
//! reached the time limit, fails the run (exit 1) once the report is written, so that
//! the report shows which. A suite estimated to take over ten minutes asks for
//! `--force` (exit 2) before anything is written.
//!
//! Ctrl-C (SIGINT) or SIGTERM stops the sweep (`crate::signals`): measuring runs on a
//! thread of its own and checks for the signal before every search; the main thread waits up to [`GRACE`] for it to
//! stop, then abandons the search in flight. Either way the folder keeps every result
//! written so far (whole lines of `results.jsonl`), `machine.json` and the top of
//! `report.md` say that the run is incomplete, and the exit code is 130 (SIGINT) or 143
//! (SIGTERM). A signal while the report's SIMULATED section is simulated stops it
//! alike: the report is written at once without that section. A second signal exits
//! at once with one line, the folder marked interrupted.

use crate::failure::Failure;
use crate::progress;
use crate::search_args::{MAX_RUNS, ThreadCounts, parse_thread_counts};
use crate::setting_args::{EverySearch, SettingArgs};
use crate::signals::{STOP_SIGNAL_NAMES, Signals};
use abbench_measure::{
    Completion, Interrupt, MeasureError, RunFolder, Suite, SweepEvent, SweepOutcome, SweepStatus,
    calibrate_run_folder, default_run_folder, sweep,
};
use abbench_parallel::sim::CostProfile;
use abbench_report::{ReportError, StoppableReport};
use abbench_results::{MachineInfo, Shard, ShardManifest, Unfinished, available_threads};
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// How long an interrupted sweep may take to reach its next search boundary before
/// the search in flight is abandoned.
pub const GRACE: Duration = Duration::from_millis(500);

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

    /// The settings every search reads (the time limit), over the suite's.
    #[command(flatten)]
    pub settings: SettingArgs<EverySearch>,

    /// Run even if the suite is estimated to take more than ten minutes.
    #[arg(long)]
    pub force: bool,

    /// The run folder, created if needed; it must be new or empty (a sweep never writes
    /// over a file it did not create) [default: reports/runs/DATE-HOST under the current
    /// directory, DATE in UTC, with -2, -3, … for a second run on one day].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,

    /// Print the summary as one JSON object instead of text (same exit codes).
    #[arg(long)]
    pub json: bool,

    /// Measure only part K of N of the suite's trees (K counted from 1): parts of about
    /// equal estimated work, the same on every machine; the folder's shard.json says
    /// which, and `abbench merge` joins the N folders into one run.
    #[arg(long, value_name = "K/N", value_parser = crate::shard_arg::parse_shard)]
    pub shard: Option<Shard>,
}

/// How the measuring thread ended, as the main thread saw it.
enum Ended {
    /// It returned.
    Returned(Result<(), MeasureError>),
    /// Ctrl-C, and it did not stop within [`GRACE`]: abandoned.
    Abandoned,
}

impl SweepCommand {
    /// Runs the subcommand; the folder and summary go to `out`.
    pub fn run(&self, out: &mut impl Write) -> Result<(), Failure> {
        let (suite, threads, manifest) = self.suite()?;
        let folder_path = self
            .out
            .clone()
            .unwrap_or_else(|| default_run_folder(Path::new("")));
        let machine = MachineInfo::collect(crate::ALLOCATOR, super::command_line());
        let interrupt = Interrupt::new();
        // A second signal marks the folder interrupted before the process exits.
        let (signals, to_mark) = install_signals(&folder_path)?;
        let folder = Arc::new(RunFolder::create(&suite, &threads, &folder_path, &machine)?);
        let _ = to_mark.set(Arc::clone(&folder));
        if let Some(manifest) = &manifest {
            manifest.write(&folder_path)?;
        }
        // The machine's cost profile at the thread counts swept, before measuring: the
        // report's SIMULATED scaling converts with it (a few seconds).
        let calibration = calibrate_run_folder(&folder_path, &threads, &machine)?;

        let bar = progress::bar(suite.tree_count(), "sweep");
        let mut plan = self.plan(&suite, &threads, &folder_path);
        plan.extend(load_note(&calibration.profile));
        progress::log(&bar, &plan);

        let (sender, receiver) = channel();
        let measuring = {
            let (folder, interrupt, bar, threads) = (
                Arc::clone(&folder),
                interrupt.clone(),
                bar.clone(),
                threads.clone(),
            );
            move || {
                let result = sweep(
                    &suite,
                    &threads,
                    &interrupt,
                    |event| report_progress(&bar, event),
                    |results| folder.append(results),
                );
                // The receiver is gone only if the main thread has stopped waiting.
                let _ = sender.send(result.map(|_| ()));
            }
        };
        std::thread::Builder::new()
            .name("abbench-sweep".into())
            .spawn(measuring)
            .map_err(|e| Failure::failed(format!("cannot start the sweep's thread: {e}")))?;
        let ended = wait(&receiver, &signals, &interrupt, &folder_path);
        bar.finish_and_clear();
        let (completion, error) = match ended {
            Ended::Returned(Ok(())) => (Completion::Complete, None),
            Ended::Returned(Err(MeasureError::Interrupted)) | Ended::Abandoned => {
                (Completion::Interrupted, None)
            }
            Ended::Returned(Err(error)) => (Completion::Failed(error.to_string()), Some(error)),
        };
        let finished = finish_showing_progress(&folder, completion, &signals);
        // The error that stopped the sweep is the one reported, even when finishing the
        // folder then failed as well (a full disk fails every write after the first).
        if let Some(error) = error {
            return Err(error.into());
        }
        let outcome = finished?;
        let written = self.print(out, &outcome, &folder_path);
        // Interrupted while measuring, or while the report's simulation ran.
        let interrupted = outcome.status() == SweepStatus::Interrupted;
        let signal = interrupted.then(|| signals.received().unwrap_or(signal_hook::consts::SIGINT));
        // A reader gone early (`… | head -1`) never turns a failing verdict into success.
        Failure::after_writing(written, verdict(&outcome, &folder_path, signal))
    }

    /// Prints the folder and the summary, or the outcome as JSON with `--json`.
    fn print(
        &self,
        out: &mut impl Write,
        outcome: &SweepOutcome,
        folder_path: &Path,
    ) -> std::io::Result<()> {
        if self.json {
            writeln!(out, "{}", outcome.to_json(folder_path))?;
        } else {
            writeln!(
                out,
                "run folder: {}",
                progress::one_line(&folder_path.display().to_string())
            )?;
            write!(out, "{}", outcome.summary())?;
        }
        out.flush()
    }

    /// The suite with the command line's overrides (only the part `--shard` names, with
    /// its `shard.json`), and its thread counts; refused if it would take too long,
    /// unless forced.
    fn suite(&self) -> Result<(Suite, Vec<usize>, Option<ShardManifest>), Failure> {
        let mut suite = Suite::load(&self.suite)?;
        if let Some(repeat) = self.repeat {
            suite.repeat = repeat as usize;
        }
        suite.settings = suite.settings.overlaid(&self.settings.settings);
        let threads = suite.thread_counts(self.threads.as_ref().map(|t| t.0.as_slice()));
        let manifest = self.shard.map(|shard| {
            let (part, manifest) = suite.shard(shard, &threads);
            suite = part;
            manifest
        });
        if !self.force {
            suite.estimate(&threads).check("this sweep")?;
        }
        Ok((suite, threads, manifest))
    }

    /// What the sweep will do, for stderr: a line for the whole, one per workload.
    fn plan(&self, suite: &Suite, threads: &[usize], folder_path: &Path) -> Vec<String> {
        let mut plan = vec![format!(
            "sweep of suite `{}`{} into {}: {} trees, threads {}, {} timed runs after {} \
             warm-up each{}",
            suite.name,
            self.shard.map_or(String::new(), |s| format!(" (part {s})")),
            progress::one_line(&folder_path.display().to_string()),
            suite.tree_count(),
            list(threads),
            suite.repeat,
            suite.warmup,
            suite
                .settings
                .time_limit()
                .map_or(String::new(), |l| format!(
                    ", each search within {} s",
                    l.as_secs_f64()
                )),
        )];
        plan.extend(
            suite
                .workloads
                .iter()
                .map(|w| format!("  {}", w.plan_line(&suite.series(w)))),
        );
        plan
    }
}

/// Waits for the measuring thread; on a signal asks it to stop, and abandons it if it
/// does not within [`GRACE`].
fn wait(
    receiver: &Receiver<Result<(), MeasureError>>,
    signals: &Signals,
    interrupt: &Interrupt,
    folder_path: &Path,
) -> Ended {
    loop {
        match receiver.recv_timeout(Duration::from_millis(20)) {
            Ok(result) => return Ended::Returned(result),
            Err(RecvTimeoutError::Disconnected) => {
                return Ended::Returned(Err(MeasureError::Report(Box::new(ReportError::Report {
                    path: folder_path.to_path_buf(),
                    message: "the sweep's thread stopped without a result".into(),
                }))));
            }
            Err(RecvTimeoutError::Timeout)
                if signals.received().is_some() || interrupt.is_requested() =>
            {
                interrupt.request();
                return match receiver.recv_timeout(GRACE) {
                    Ok(result) => Ended::Returned(result),
                    Err(_) => Ended::Abandoned,
                };
            }
            Err(RecvTimeoutError::Timeout) => {}
        }
    }
}

/// The exit: the signal's (`signal`: the sweep was interrupted by it), a failure if a
/// result disagreed or a search gave none, else success, with a note if threads were
/// oversubscribed.
fn verdict(outcome: &SweepOutcome, folder_path: &Path, signal: Option<i32>) -> Result<(), Failure> {
    if let Some(signal) = signal {
        return Err(Failure::signalled(
            format!(
                "stopped by {}: {} results kept in {}, which is marked incomplete",
                Signals::name(signal),
                outcome.records.len() + outcome.unfinished.len(),
                folder_path.display()
            ),
            Signals::exit_code(signal),
        ));
    }
    let report = folder_path.join(abbench_report::REPORT_FILE);
    if outcome.failures > 0 {
        return Err(Failure::failed(format!(
            "{} of {} results do not agree with {}; see {}",
            outcome.failures,
            outcome.records.len(),
            abbench_report::checked_against(&outcome.records),
            report.display()
        )));
    }
    // A candidate stopped as slower than the fastest serial search is no failure.
    let unfinished: Vec<Unfinished> = outcome
        .unfinished
        .iter()
        .filter(|u| !u.is_outpaced())
        .cloned()
        .collect();
    if !unfinished.is_empty() {
        return Err(Failure::failed(format!(
            "{}; see {}",
            super::run::unfinished_message(&unfinished),
            report.display()
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

/// A line on stderr per tree measured, and the bar's message.
/// A note for the log when the cost profile was taken on a busy machine.
fn load_note(profile: &CostProfile) -> Option<String> {
    let why = profile.machine.under_load()?;
    Some(format!("note: the cost profile was {why}"))
}

/// Finishes the folder, its report's SIMULATED section with a progress bar and lines.
/// A signal while it simulates stops the simulation: the report is written at once
/// without it, and the run is interrupted.
fn finish_showing_progress(
    folder: &RunFolder,
    completion: Completion,
    signals: &Signals,
) -> Result<SweepOutcome, MeasureError> {
    let simulating = progress::bar(0, "SIMULATED");
    let outcome = folder.finish(
        completion,
        &StoppableReport {
            progress: |done, total| report_simulation(&simulating, done, total),
            stop: || signals.received().is_some(),
        },
    );
    simulating.finish_and_clear();
    outcome
}

/// The report's SIMULATED section, `done` of `total` trees simulated: the bar at a
/// terminal, and a log line at every tenth of the way (the section takes tens of
/// seconds for a large run, after the last tree's line).
fn report_simulation(bar: &indicatif::ProgressBar, done: usize, total: usize) {
    bar.set_length(total as u64);
    bar.set_position(done as u64);
    let step = total.div_ceil(10).max(1);
    if done == 1 || done.is_multiple_of(step) || done == total {
        let width = total.to_string().len();
        progress::log(
            bar,
            &[format!(
                "[{done:>width$}/{total}] SIMULATED trees for the report's scaling section"
            )],
        );
    }
}

fn report_progress(bar: &indicatif::ProgressBar, event: SweepEvent<'_>) {
    match event {
        SweepEvent::Started { .. } => {}
        SweepEvent::TreeStarted { tree, .. } => {
            bar.set_message(format!("{}{}", tree.workload().label(), seed(tree.seed)));
        }
        SweepEvent::TreeFinished {
            done,
            total,
            tree,
            records,
            unfinished,
            elapsed,
        } => {
            bar.inc(1);
            let failed = records.iter().filter(|r| !r.verified).count();
            let mut verdict = match failed {
                0 => String::new(),
                n => format!(", {n} NOT agreeing with serial F2"),
            };
            let timed_out = unfinished.iter().filter(|u| u.timed_out).count();
            let outpaced = unfinished.iter().filter(|u| u.is_outpaced()).count();
            let broken = unfinished.len() - timed_out - outpaced;
            if timed_out > 0 {
                verdict.push_str(&format!(", {timed_out} timed out"));
            }
            if broken > 0 {
                verdict.push_str(&format!(", {broken} FAILED"));
            }
            let width = total.to_string().len();
            progress::log(
                bar,
                &[format!(
                    "[{done:>width$}/{total}] {}{}: {} results in {:.2} s{verdict}",
                    tree.workload().label(),
                    seed(tree.seed),
                    records.len(),
                    elapsed.as_secs_f64()
                )],
            );
        }
    }
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

/// The run folder a second signal marks, once it exists.
type FolderToMark = Arc<OnceLock<Arc<RunFolder>>>;

/// The stop signals handled for a sweep into `folder_path`: a first one stops the sweep
/// as usual; a second one marks the folder set in the returned cell interrupted before
/// the process exits, so that it is never left "running".
fn install_signals(folder_path: &Path) -> Result<(Signals, FolderToMark), Failure> {
    let to_mark: FolderToMark = Arc::default();
    let signals = Signals::install_marking(
        &format!(
            "stopped at once by a second signal; {} keeps the results written so far, \
             marked interrupted; `abbench report` writes a report it lacks",
            progress::one_line(&folder_path.display().to_string())
        ),
        {
            let to_mark = Arc::clone(&to_mark);
            move |_| {
                if let Some(folder) = to_mark.get() {
                    let _ = folder.mark_stopped(
                        "stopped at once by a second signal, before its report was written",
                    );
                }
            }
        },
    )
    .map_err(|e| Failure::failed(format!("cannot handle {STOP_SIGNAL_NAMES}: {e}")))?;
    Ok((signals, to_mark))
}
