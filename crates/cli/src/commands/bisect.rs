//! `abbench bisect GOOD BAD`: which commit slowed the searches? Run inside a git checkout
//! of abbench: the commits from GOOD to BAD (first parents) are built and each timed
//! against GOOD with `abbench ab`'s paired test (see `abbench_measure::bisect`).
//!
//! Stdout gets a line per step (commit, verdict, ratio) and the answer; with `--json`, the
//! steps go to stderr and stdout gets one JSON object. Exit 1 when a first slower commit
//! is named, 0 when BAD is not slower than GOOD (or untestable commits hide which commit
//! is), 2 when the bisection cannot run: not a git checkout, an unknown commit, GOOD not
//! before BAD, GOOD or BAD that does not build. `--suite` and `--builds` are checked
//! before the first build. A stop signal ends the bisection, a build in progress too,
//! with 128 + the signal.

use crate::commands::ab::{parse_max_time, parse_threshold};
use crate::failure::Failure;
use crate::progress;
use crate::signals::{STOP_SIGNAL_NAMES, Signals};
use abbench_measure::ab::check_plan;
use abbench_measure::ab::{
    AbConfig, DEFAULT_ALPHA, DEFAULT_BETA, DEFAULT_EPOCH, DEFAULT_MAX_TIME, DEFAULT_THRESHOLD,
};
use abbench_measure::bisect::{BisectStep, GitSteps, bisect, checkout_root, first_parent_commits};
use abbench_measure::{Interrupt, MeasureError};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::Duration;

/// Options of `abbench bisect`.
#[derive(Debug, Args)]
pub struct BisectCommand {
    /// A commit that is not slow (any name git knows: a sha, a tag, a branch).
    #[arg(value_name = "GOOD")]
    pub good: String,

    /// A later commit that is slower than GOOD.
    #[arg(value_name = "BAD")]
    pub bad: String,

    /// The suite whose searches are timed: quick, default, or a TOML file.
    #[arg(long, value_name = "NAME|FILE", default_value = "quick")]
    pub suite: String,

    /// The slowdown to look for, in percent: a commit is slower when ab decides it is
    /// slower than GOOD by this much.
    #[arg(long, value_name = "PCT", default_value_t = DEFAULT_THRESHOLD * 100.0,
          allow_negative_numbers = true, value_parser = parse_threshold)]
    pub threshold: f64,

    /// Seconds of timing per step; an undecided step is timed once more for twice this.
    #[arg(long, value_name = "S", default_value_t = DEFAULT_MAX_TIME.as_secs_f64(),
          value_parser = parse_max_time)]
    pub max_time: f64,

    /// Where commits are checked out, built, and their binaries kept by commit [default:
    /// target/bisect in the checkout].
    #[arg(long, value_name = "DIR")]
    pub builds: Option<PathBuf>,

    /// Print the outcome as one JSON object on stdout, the steps on stderr (same exit
    /// codes).
    #[arg(long)]
    pub json: bool,
}

impl BisectCommand {
    /// The timing of each step: `ab` with the command's suite, threshold and time.
    fn ab_config(&self, interrupt: &Interrupt) -> AbConfig {
        AbConfig {
            base: PathBuf::new(),
            new: PathBuf::new(),
            suite: self.suite.clone(),
            algos: None,
            threads: None,
            threshold: self.threshold / 100.0,
            alpha: DEFAULT_ALPHA,
            beta: DEFAULT_BETA,
            max_time: Duration::from_secs_f64(self.max_time),
            epoch: DEFAULT_EPOCH,
            // Every step times the same searches; a commit meant to examine other
            // positions is still timed.
            allow_changed_signature: true,
            interrupt: interrupt.clone(),
        }
    }

    /// Writes a step as it ends: to `out`, or to stderr beside `--json`.
    fn show(&self, step: &BisectStep, out: &mut impl Write) -> std::io::Result<()> {
        if self.json {
            progress::note(&step.line());
            Ok(())
        } else {
            writeln!(out, "{}", step.line()).and_then(|()| out.flush())
        }
    }

    /// Runs the subcommand; the steps and the answer go to `out`.
    pub fn run(&self, out: &mut impl Write) -> Result<(), Failure> {
        let cwd = std::env::current_dir()
            .map_err(|e| Failure::bad_input(format!("cannot read the current folder: {e}")))?;
        let repo = checkout_root(&cwd)?;
        let commits = first_parent_commits(&repo, &self.good, &self.bad)?;
        let builds = match &self.builds {
            Some(dir) => std::path::absolute(dir)
                .map_err(|e| Failure::bad_input(format!("{}: {e}", dir.display())))?,
            None => repo.join("target").join("bisect"),
        };
        let interrupt = Interrupt::new();
        let config = self.ab_config(&interrupt);
        // What each step is timed with, and where it builds, are checked before the
        // first build, which takes minutes.
        check_plan(&config)?;
        check_builds(&builds)?;
        let signals = Signals::install("stopped at once by a second signal")
            .map_err(|e| Failure::failed(format!("cannot handle {STOP_SIGNAL_NAMES}: {e}")))?;
        // The steps and builds are notes, printed as they come.
        progress::accept_input();
        let steps = commits.len() - 1;
        progress::note(&format!(
            "bisecting {steps} commit{} after {}, building under {}",
            if steps == 1 { "" } else { "s" },
            &commits[0][..commits[0].len().min(12)],
            builds.display()
        ));
        let (sender, receiver) = channel();
        let (step_sender, step_receiver) = channel();
        let worker = std::thread::Builder::new()
            .name("abbench-bisect".into())
            .spawn(move || {
                let max_time = config.max_time;
                let log = Box::new(|line: &str| progress::note(line));
                let mut steps = GitSteps::new(repo, builds, config, log);
                let result = bisect(&commits, &mut steps, max_time, |step| {
                    let _ = step_sender.send(step.clone());
                });
                let _ = sender.send(result);
            })
            .map_err(|e| Failure::failed(format!("cannot start the bisection's thread: {e}")))?;
        let mut written = Ok(());
        let result = loop {
            let ended = receiver.recv_timeout(Duration::from_millis(100));
            for step in step_receiver.try_iter() {
                written = written.and_then(|()| self.show(&step, out));
            }
            match ended {
                Ok(result) => break result,
                Err(RecvTimeoutError::Timeout) if signals.received().is_some() => {
                    interrupt.request();
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    break Err(MeasureError::Bisect(
                        "the bisection's thread stopped".into(),
                    ));
                }
            }
        };
        let _ = worker.join();
        let outcome = result.map_err(|error| failure_of(error, &signals))?;
        let written = written.and_then(|()| {
            if self.json {
                writeln!(out, "{}", outcome.to_json())
            } else {
                writeln!(out, "{}", outcome.summary_line())
            }
            .and_then(|()| out.flush())
        });
        let verdict = if outcome.exit_code() == 1 {
            Err(Failure::failed(outcome.summary_line()))
        } else {
            Ok(())
        };
        Failure::after_writing(written, verdict)
    }
}

/// The failure of a bisection that ended with `error`: an interruption by the signal
/// `signals` received (exit 128 plus it), or the error's own.
fn failure_of(error: MeasureError, signals: &Signals) -> Failure {
    match error {
        MeasureError::Interrupted => {
            let signal = signals.received().unwrap_or(signal_hook::consts::SIGINT);
            Failure::signalled(
                format!(
                    "stopped by {}: the bisection was interrupted",
                    Signals::name(signal)
                ),
                Signals::exit_code(signal),
            )
        }
        error => error.into(),
    }
}

/// `builds` made if needed, and refused unless a folder that can be written in.
fn check_builds(builds: &std::path::Path) -> Result<(), Failure> {
    let refused = |why: String| {
        Failure::bad_input(format!(
            "--builds {}: {why}",
            progress::one_line(&builds.display().to_string())
        ))
    };
    std::fs::create_dir_all(builds).map_err(|e| refused(format!("cannot be made: {e}")))?;
    if !builds.is_dir() {
        return Err(refused("not a folder".into()));
    }
    let probe = builds.join(".abbench-bisect-probe");
    std::fs::write(&probe, b"").map_err(|e| refused(format!("cannot be written in: {e}")))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}
