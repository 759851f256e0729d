//! Turning every failure into one line on stderr and an exit code (style: "Typed errors
//! in libraries, one error path at the edge").
//!
//! Exit codes: 0 success (also when stdout is closed early, as `abbench … | head`
//! does, unless the command's verdict was a failure, which a closed stdout never
//! changes), 1 a run that failed — a result that disagrees with serial F2, a search that
//! failed (a worker thread panicked) or reached its `--time-limit` — 2 bad input —
//! invalid options or parameters, unreadable or malformed files, a tree over its memory
//! budget, work estimated to take over ten minutes without `--force` — and 130 for a
//! sweep stopped by Ctrl-C (SIGINT), 128 + the signal's number as shells report it.
//! Clap's own usage errors also exit 2; their text is reduced to its first paragraph so
//! that it too is one line.

use abbench_measure::MeasureError;
use abbench_parallel::ParallelError;
use abbench_report::ReportError;
use abbench_results::FileError;
use abbench_theory::TheoryError;
use abbench_tree::TreeError;
use std::io;
use std::process::ExitCode;

/// Exit code for bad input.
pub const EXIT_BAD_INPUT: u8 = 2;
/// Exit code for a run that failed on good input.
pub const EXIT_FAILED: u8 = 1;
/// Exit code for a run stopped by Ctrl-C (SIGINT, signal 2).
pub const EXIT_INTERRUPTED: u8 = 130;

/// Why the tool stops, and with which exit code.
#[derive(Debug)]
pub struct Failure {
    /// What went wrong; `None` to stop quietly.
    message: Option<String>,
    exit_code: u8,
    /// Already printed in full by clap (help, version).
    printed: Option<clap::Error>,
}

impl Failure {
    /// Bad input: the message names the problem.
    pub fn bad_input(message: impl Into<String>) -> Self {
        Failure {
            message: Some(message.into()),
            exit_code: EXIT_BAD_INPUT,
            printed: None,
        }
    }

    /// A failure of the run itself.
    pub fn failed(message: impl Into<String>) -> Self {
        Failure {
            message: Some(message.into()),
            exit_code: EXIT_FAILED,
            printed: None,
        }
    }

    /// A run stopped by Ctrl-C, with what it kept.
    pub fn interrupted(message: impl Into<String>) -> Self {
        Failure {
            message: Some(message.into()),
            exit_code: EXIT_INTERRUPTED,
            printed: None,
        }
    }

    /// A run stopped by a signal (`exit_code` = 128 + its number), with what it kept.
    pub fn signalled(message: impl Into<String>, exit_code: u8) -> Self {
        Failure {
            message: Some(message.into()),
            exit_code,
            printed: None,
        }
    }

    /// A failure writing results to stdout: quiet success if the reader went away;
    /// otherwise (a full disk, say) an output that cannot be written, exit 2 as with
    /// `--out`.
    pub fn stdout(error: io::Error) -> Self {
        if error.kind() == io::ErrorKind::BrokenPipe {
            Failure {
                message: None,
                exit_code: 0,
                printed: None,
            }
        } else {
            Failure::bad_input(format!("writing to stdout: {error}"))
        }
    }

    /// A command's verdict, once its results were written to stdout (`written`, the
    /// outcome of the writes): a reader that went away early (a broken pipe, `… | head`)
    /// never changes the verdict nor hides it — a failing verdict keeps its exit code,
    /// with a note that its results were cut short.
    pub fn after_writing(
        written: io::Result<()>,
        verdict: Result<(), Failure>,
    ) -> Result<(), Failure> {
        match (written, verdict) {
            (Ok(()), verdict) => verdict,
            (Err(error), Ok(())) => Err(Failure::stdout(error)),
            (written, Err(failure)) => Err(Failure::failing_after_writing(written, failure)),
        }
    }

    /// [`Failure::after_writing`] for a verdict known to fail: `failure` itself, with a
    /// note when the writes (`written`) did not all reach stdout.
    pub fn failing_after_writing(written: io::Result<()>, failure: Failure) -> Failure {
        if let Err(error) = written {
            let cut = if error.kind() == io::ErrorKind::BrokenPipe {
                "stdout was closed before the results were all written".to_string()
            } else {
                format!("writing to stdout: {error}")
            };
            crate::progress::note(&cut);
        }
        failure
    }

    /// A clap parse error: help and version are printed as clap prints them, usage
    /// errors become one line. `typed` is the command the user typed, e.g.
    /// `abbench run`: the help to point at when clap's error names no usage line (as
    /// for an invalid value).
    pub fn from_clap(error: clap::Error, typed: &str) -> Self {
        use clap::error::ErrorKind;
        match error.kind() {
            ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => Failure {
                message: None,
                exit_code: error.exit_code().clamp(0, 255) as u8,
                printed: Some(error),
            },
            _ => {
                let rendered = error.render().to_string();
                let first_paragraph: Vec<&str> = rendered
                    .lines()
                    .map(str::trim)
                    .take_while(|line| !line.is_empty())
                    .collect();
                let message = first_paragraph.join(" ");
                let message = message.strip_prefix("error: ").unwrap_or(&message);
                let command = command(&rendered).unwrap_or_else(|| typed.to_string());
                Failure::bad_input(format!("{message} (see '{command} --help')"))
            }
        }
    }

    /// The exit code and the one-line message, for tests of the paths that fail.
    #[cfg(test)]
    pub fn parts(&self) -> (u8, Option<&str>) {
        (self.exit_code, self.message.as_deref())
    }

    /// Prints the failure and gives the exit code.
    pub fn report(self) -> ExitCode {
        // Bad input is its one line; any other end keeps the notes held back.
        if self.exit_code == EXIT_BAD_INPUT {
            crate::progress::refused();
        }
        crate::progress::accept_input();
        if let Some(error) = self.printed {
            let _ = error.print();
        }
        if let Some(message) = self.message {
            crate::progress::stderr_line(&format!("abbench: error: {}", one_line(&message)));
        }
        ExitCode::from(self.exit_code)
    }
}

/// The most characters of one word of an error line: past it a word (a user's value,
/// most likely) is cut to its start and its length.
const MAX_WORD: usize = 200;

/// `message` as one line, each word of over [`MAX_WORD`] characters shown by its start
/// and its length ([`abbench_tree::echoed`]): a 70,000-character `--position` is never
/// echoed whole.
fn one_line(message: &str) -> String {
    message
        .lines()
        .collect::<Vec<_>>()
        .join(" ")
        .split(' ')
        .map(|word| {
            if word.chars().count() > MAX_WORD {
                abbench_tree::echoed(word)
            } else {
                word.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The command whose usage clap printed, e.g. `abbench tree`, from its `Usage:` line.
fn command(rendered: &str) -> Option<String> {
    let usage = rendered
        .lines()
        .find_map(|line| line.trim().strip_prefix("Usage: "))?;
    let words: Vec<&str> = usage
        .split_whitespace()
        .take_while(|w| {
            w.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        })
        .take_while(|w| !w.starts_with('-'))
        .collect();
    (!words.is_empty()).then(|| words.join(" "))
}

impl From<TreeError> for Failure {
    fn from(error: TreeError) -> Self {
        Failure::bad_input(error.to_string())
    }
}

impl From<MeasureError> for Failure {
    /// A search that could not run or finish is a failed run; anything else measuring
    /// refuses (options, trees, files) is bad input.
    fn from(error: MeasureError) -> Self {
        match error {
            MeasureError::Parallel(error) => error.into(),
            MeasureError::Interrupted => Failure::interrupted("interrupted"),
            MeasureError::Simulation(message) => Failure::failed(message),
            MeasureError::Theory(error) => Failure::failed(error.to_string()),
            // abbench-report's errors (the one writer the command line gives a sweep).
            MeasureError::Report(error) => match error.downcast::<ReportError>() {
                Ok(error) => (*error).into(),
                Err(other) => Failure::failed(other.to_string()),
            },
            other => Failure::bad_input(other.to_string()),
        }
    }
}

impl From<ReportError> for Failure {
    /// A simulation that failed is a failed run; a file or option the report refuses is
    /// bad input.
    fn from(error: ReportError) -> Self {
        match error {
            ReportError::Simulation(message) => Failure::failed(message),
            other => Failure::bad_input(other.to_string()),
        }
    }
}

impl From<FileError> for Failure {
    fn from(error: FileError) -> Self {
        Failure::bad_input(error.to_string())
    }
}

impl From<ParallelError> for Failure {
    fn from(error: ParallelError) -> Self {
        match error {
            ParallelError::NoThreads
            | ParallelError::TableAllocation(_)
            | ParallelError::Setting(_) => Failure::bad_input(error.to_string()),
            other => Failure::failed(other.to_string()),
        }
    }
}

impl From<TheoryError> for Failure {
    /// The theory crate refuses parameters outside a formula's range or counts too large
    /// to represent: both come from what the user asked for.
    fn from(error: TheoryError) -> Self {
        Failure::bad_input(error.to_string())
    }
}
