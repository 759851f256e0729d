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
    /// A file the command was asked to write that it must not, or cannot, write: checked
    /// before any work whose result it would hold.
    #[error("cannot write {}: {message}", path.display())]
    Unwritable {
        /// The file.
        path: PathBuf,
        /// Why not.
        message: String,
    },
}
