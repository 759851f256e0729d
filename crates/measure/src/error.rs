//! The errors of measuring: trees, searches, options, suites and the files they write.

use abbench_tree::TreeError;

/// What can stop an experiment, a sweep, a calibration or a signature.
#[derive(Debug, thiserror::Error)]
pub enum MeasureError {
    /// A file could not be read or written, or is not what it should be.
    #[error(transparent)]
    File(#[from] abbench_results::FileError),
    /// The report of a run folder could not be written (the
    /// [`FolderReport`](abbench_results::FolderReport)'s error).
    #[error(transparent)]
    Report(abbench_results::ReportFailure),
    /// The tree could not be built, materialised or read.
    #[error(transparent)]
    Tree(#[from] TreeError),
    /// A parallel search could not run or did not finish.
    #[error(transparent)]
    Parallel(#[from] abbench_parallel::ParallelError),
    /// A formula of the paper could not be evaluated (a theory check's prediction).
    #[error(transparent)]
    Theory(#[from] abbench_theory::TheoryError),
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
    /// A worker of `abbench ab` cannot be used: not an executable, another schema, dead,
    /// or a plan that disagrees with the other build's (unusable input).
    #[error("{0}")]
    AbWorker(String),
    /// `abbench bisect` cannot go on: not a git checkout, a commit unknown, GOOD after
    /// BAD, GOOD or BAD that does not build (unusable input).
    #[error("{0}")]
    Bisect(String),
    /// Measuring stopped because its [`Interrupt`](crate::Interrupt) was raised.
    #[error("interrupted")]
    Interrupted,
    /// The work asked for would run for an unreasonable time; `--force` runs it anyway.
    #[error(
        "{what} would take about {} ({}); pass --force to run it anyway, or \
         --time-limit SECONDS to bound each search",
        abbench_results::human_duration(*.seconds),
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
}
