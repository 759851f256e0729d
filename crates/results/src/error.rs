//! What can go wrong with a file the tool reads or writes.

use std::path::PathBuf;

/// A file that could not be read or written, or that is not what it should be.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
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
}

/// Exit code for input that cannot be used — a file missing or malformed, an option out
/// of range — whichever tool reads it (`abbench compare`, the examples).
pub const EXIT_UNUSABLE_INPUT: u8 = 2;
