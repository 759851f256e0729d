//! `abbench ab BASE NEW`: two abbench builds timed side by side, in alternation, until a
//! sequential test decides for every search whether NEW is slower than BASE by the
//! threshold (see `abbench_measure::ab`). And `abbench ab-worker`, hidden: the worker
//! each build runs for it, speaking JSON lines on stdin and stdout.
//!
//! Stdout gets the Markdown summary (or one JSON object with `--json`); progress goes to
//! stderr. Exit 0 when no search is slower (also when some are undecided at
//! `--max-time`), 1 on a regression, a wrong value or a changed signature, 2 on bad input
//! — a suite that cannot be read, an `--algo` it lacks, a `--max-time` too short for
//! `--epoch` — or when a build cannot be used (not an executable, another schema, a
//! worker that dies or goes quiet, plans that disagree): one line naming it, and no
//! worker (nor anything a worker started) left running.

use crate::failure::Failure;
use crate::list::AlgorithmList;
use crate::progress;
use crate::search_args::{ThreadCounts, parse_thread_counts};
use crate::signals::{STOP_SIGNAL_NAMES, Signals};
use abbench_measure::ab::{
    AbConfig, AbEvent, DEFAULT_ALPHA, DEFAULT_BETA, DEFAULT_EPOCH, DEFAULT_MAX_TIME,
    DEFAULT_THRESHOLD, MIN_OBSERVATIONS, ab,
};
use abbench_measure::{Interrupt, MeasureError};
use abbench_results::Algorithm;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::Duration;

/// Options of `abbench ab`.
#[derive(Debug, Args)]
pub struct AbCommand {
    /// The baseline build: an abbench executable (main's, say). A bare name is a file in
    /// the current folder, never one found on PATH.
    #[arg(value_name = "BASE")]
    pub base: PathBuf,

    /// The build under test: an abbench executable (the pull request's, say). A bare name
    /// is a file in the current folder, never one found on PATH.
    #[arg(value_name = "NEW")]
    pub new: PathBuf,

    /// The suite whose searches are timed: quick, default, or a TOML file.
    #[arg(long, value_name = "NAME|FILE", default_value = "quick")]
    pub suite: String,

    /// Only these of the suite's algorithms, comma-separated.
    #[arg(long, value_name = "LIST", value_parser = parse_algorithms)]
    pub algo: Option<AlgorithmList<Algorithm>>,

    /// Thread counts of the parallel searches, comma-separated [default: the suite's].
    #[arg(long, value_name = "LIST", value_parser = parse_thread_counts)]
    pub threads: Option<ThreadCounts>,

    /// The slowdown to detect, in percent: a search is slower when its paired times
    /// favour a slowdown of this size over none.
    #[arg(long, value_name = "PCT", default_value_t = DEFAULT_THRESHOLD * 100.0,
          allow_negative_numbers = true, value_parser = parse_threshold)]
    pub threshold: f64,

    /// Stop after this many seconds of timing, leaving what is not decided undecided
    /// (which does not fail). A test decides after 8 epochs at the least, so it must be at
    /// least 8 times --epoch. A worker that goes quiet is given up after about as long.
    #[arg(long, value_name = "S", default_value_t = DEFAULT_MAX_TIME.as_secs_f64(),
          value_parser = parse_max_time)]
    pub max_time: f64,

    /// Start both builds' workers afresh every this many seconds, so that neither keeps
    /// one process's memory layout; each test's observation is an epoch's mean. Longer
    /// for suites whose searches take more than a few hundred milliseconds.
    #[arg(long, value_name = "S", default_value_t = DEFAULT_EPOCH.as_secs_f64(),
          value_parser = parse_epoch)]
    pub epoch: f64,

    /// Time serial searches whose positions differ between the builds instead of
    /// failing on them (a change meant to examine other positions).
    #[arg(long)]
    pub allow_changed_signature: bool,

    /// Print the outcome as one JSON object instead of Markdown (same exit codes).
    #[arg(long)]
    pub json: bool,
}

fn parse_algorithms(text: &str) -> Result<AlgorithmList<Algorithm>, String> {
    Algorithm::parse_list(text)
        .map(AlgorithmList)
        .map_err(|e| e.to_string())
}

pub(crate) fn parse_threshold(text: &str) -> Result<f64, String> {
    let pct: f64 = text.trim().parse().map_err(|_| {
        format!(
            "'{text}' is not a percentage: expected more than 0 and at most 100, such as 3 or 2.5"
        )
    })?;
    if !(pct > 0.0 && pct <= 100.0) {
        return Err(format!(
            "{pct} is out of range: expected more than 0 and at most 100"
        ));
    }
    Ok(pct)
}

pub(crate) fn parse_max_time(text: &str) -> Result<f64, String> {
    parse_seconds(text, 1.0, 86_400.0)
}

fn parse_epoch(text: &str) -> Result<f64, String> {
    parse_seconds(text, 0.5, 3600.0)
}

/// Seconds between `min` and `max`.
fn parse_seconds(text: &str, min: f64, max: f64) -> Result<f64, String> {
    let s: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds: expected {min} to {max}"))?;
    if !(min..=max).contains(&s) {
        return Err(format!(
            "{s} seconds is out of range: expected {min} to {max}"
        ));
    }
    Ok(s)
}

/// An error unless `max_time` seconds hold the epochs of `epoch` seconds that a test
/// needs before it can decide.
fn check_epochs(max_time: f64, epoch: f64) -> Result<(), Failure> {
    let needed = MIN_OBSERVATIONS as f64 * epoch;
    if max_time < needed {
        return Err(Failure::bad_input(format!(
            "--max-time {max_time} s cannot hold the {MIN_OBSERVATIONS} epochs of {epoch} s \
             that a test needs before it decides: give --max-time {needed} or more, or a \
             shorter --epoch"
        )));
    }
    Ok(())
}

impl AbCommand {
    /// Runs the subcommand; the outcome goes to `out`.
    pub fn run(&self, out: &mut impl Write) -> Result<(), Failure> {
        check_epochs(self.max_time, self.epoch)?;
        let interrupt = Interrupt::new();
        let signals = Signals::install("stopped at once by a second signal")
            .map_err(|e| Failure::failed(format!("cannot handle {STOP_SIGNAL_NAMES}: {e}")))?;
        let config = AbConfig {
            base: self.base.clone(),
            new: self.new.clone(),
            suite: self.suite.clone(),
            algos: self
                .algo
                .as_ref()
                .map(|a| a.0.iter().map(|x| x.name().to_string()).collect()),
            threads: self.threads.as_ref().map(|t| t.0.clone()),
            threshold: self.threshold / 100.0,
            alpha: DEFAULT_ALPHA,
            beta: DEFAULT_BETA,
            max_time: Duration::from_secs_f64(self.max_time),
            epoch: Duration::from_secs_f64(self.epoch),
            allow_changed_signature: self.allow_changed_signature,
            interrupt: interrupt.clone(),
        };
        let (sender, receiver) = channel();
        let worker = std::thread::Builder::new()
            .name("abbench-ab".into())
            .spawn(move || {
                let bar = progress::bar(0, "ab");
                let result = ab(&config, |event| show(&bar, event));
                bar.finish_and_clear();
                let _ = sender.send(result);
            })
            .map_err(|e| Failure::failed(format!("cannot start ab's thread: {e}")))?;
        let result = loop {
            match receiver.recv_timeout(Duration::from_millis(50)) {
                Ok(result) => break result,
                Err(RecvTimeoutError::Timeout) => {
                    if signals.received().is_some() {
                        interrupt.request();
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    break Err(MeasureError::AbWorker("ab's thread stopped".into()));
                }
            }
        };
        let _ = worker.join();
        let outcome = match result {
            Ok(outcome) => outcome,
            Err(MeasureError::Interrupted) => {
                let signal = signals.received().unwrap_or(signal_hook::consts::SIGINT);
                return Err(Failure::signalled(
                    format!(
                        "stopped by {}; nothing decided is reported",
                        Signals::name(signal)
                    ),
                    Signals::exit_code(signal),
                ));
            }
            Err(error) => return Err(error.into()),
        };
        let written = if self.json {
            writeln!(out, "{}", outcome.to_json())
        } else {
            write!(out, "{}", outcome.to_markdown())
        }
        .and_then(|()| out.flush());
        let verdict = if outcome.verdict().fails() {
            Err(Failure::failed(outcome.summary_line()))
        } else {
            progress::note(&outcome.summary_line());
            Ok(())
        };
        Failure::after_writing(written, verdict)
    }
}

fn show(bar: &indicatif::ProgressBar, event: AbEvent) {
    match event {
        AbEvent::Planned { units, searches } => {
            bar.set_length(units as u64);
            progress::log(
                bar,
                &[format!(
                    "both builds agree on {searches} searches; deciding {units} tests (overall and each workload)"
                )],
            );
        }
        AbEvent::Round {
            decided,
            blocks,
            epochs,
            elapsed,
            ..
        } => {
            bar.set_position(decided as u64);
            bar.set_message(format!(
                "tests decided, {blocks} blocks in {epochs} epochs, {:.0} s",
                elapsed.as_secs_f64()
            ));
        }
    }
}

/// Options of the hidden `abbench ab-worker`: none; it serves stdin until it closes.
#[derive(Debug, Args)]
pub struct AbWorkerCommand {}

impl AbWorkerCommand {
    /// Serves `abbench ab`'s requests on stdin, answering on stdout.
    pub fn run(&self) -> Result<(), Failure> {
        let build = abbench_results::build_info();
        let commit = match (&build.commit, build.dirty) {
            (Some(c), Some(true)) => format!("{}, dirty", &c[..c.len().min(12)]),
            (Some(c), _) => c[..c.len().min(12)].to_string(),
            (None, _) => "no git commit".to_string(),
        };
        let describe = format!("{commit}, {}", build.profile);
        let stdin = std::io::stdin();
        let stdout = std::io::stdout();
        abbench_measure::ab::serve(
            stdin.lock(),
            stdout.lock(),
            env!("CARGO_PKG_VERSION"),
            &describe,
        )
        .map_err(Failure::stdout)
    }
}
