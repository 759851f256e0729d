//! The harness's errors.

use abbench_tree::TreeError;
use std::path::PathBuf;

/// What can stop an experiment or a report.
#[derive(Debug, thiserror::Error)]
pub enum HarnessError {
    /// The tree could not be built, materialised or read.
    #[error(transparent)]
    Tree(#[from] TreeError),
    /// A parallel search could not run or did not finish.
    #[error(transparent)]
    Parallel(#[from] abbench_parallel::ParallelError),
    /// A simulated search failed (`abbench_parallel::sim::SimError`'s message).
    #[error("{0}")]
    Simulation(String),
    /// A serial search's option outside its range (window, cutoff, guess, table size).
    #[error(transparent)]
    SearchOption(#[from] abbench_search::OptionError),
    /// An option outside its range.
    #[error("invalid {parameter} {value}: {expected}")]
    InvalidOption {
        /// The option's flag name.
        parameter: &'static str,
        /// The value given.
        value: String,
        /// What is accepted.
        expected: String,
    },
    /// Reading or writing a file failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        source: std::io::Error,
    },
    /// A file that is not what it should be.
    #[error("{}:{line}: {message}", path.display())]
    BadInput {
        /// The file.
        path: PathBuf,
        /// 1-based line, 0 when the whole file is at fault.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// Measuring stopped because its [`Interrupt`](crate::Interrupt) was raised.
    #[error("interrupted")]
    Interrupted,
    /// The work asked for would run for an unreasonable time; `--force` runs it anyway.
    #[error(
        "{what} would take about {} ({}); pass --force to run it anyway, or \
         --time-limit SECONDS to bound each search",
        crate::units::human_duration(*.seconds),
        .basis
    )]
    TooLong {
        /// What would run, e.g. `this run`.
        what: String,
        /// The estimated wall time, seconds.
        seconds: f64,
        /// How it was estimated, for the message.
        basis: String,
    },
    /// A report file could not be drawn or formatted.
    #[error("{}: {message}", path.display())]
    Report {
        /// The file being produced.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
}
