//! The report's errors.

use abbench_results::FileError;
use std::path::PathBuf;

/// What can stop a report, a comparison or a calibration check.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// A file could not be read or written, or is not what it should be.
    #[error(transparent)]
    File(#[from] FileError),
    /// A tree named by a record could not be rebuilt.
    #[error(transparent)]
    Tree(#[from] abbench_tree::TreeError),
    /// A cost profile that cannot be simulated with on these records' trees.
    #[error(transparent)]
    Profile(#[from] abbench_parallel::sim::ProfileError),
    /// A simulated search failed (`abbench_parallel::sim::SimError`'s message).
    #[error("{0}")]
    Simulation(String),
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
    /// A report's file could not be written: the report lacks it and the files after it.
    #[error("{error}; the report lacks {}", missing.join(", "))]
    Unwritten {
        /// The first write that failed.
        error: FileError,
        /// The files not written, that one first.
        missing: Vec<String>,
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
