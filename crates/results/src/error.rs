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
    /// A file that is not what it should be: `path:line: message`, or `path: message`
    /// when the whole file is at fault (there is no line 0 to point at).
    #[error("{}{}: {message}", path.display(), at_line(*line))]
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

/// `:line`, or nothing for line 0 (the whole file).
fn at_line(line: usize) -> String {
    if line == 0 {
        String::new()
    } else {
        format!(":{line}")
    }
}

/// Exit code for input that cannot be used — a file missing or malformed, an option out
/// of range — whichever tool reads it (`abbench compare`, the examples).
pub const EXIT_UNUSABLE_INPUT: u8 = 2;

#[cfg(test)]
mod tests {
    use super::FileError;
    use std::path::PathBuf;

    #[test]
    fn a_whole_file_at_fault_is_not_pointed_at_a_line_0() {
        let bad = |line| FileError::BadInput {
            path: PathBuf::from("r.jsonl"),
            line,
            message: "no records".into(),
        };
        assert_eq!(bad(0).to_string(), "r.jsonl: no records");
        assert_eq!(bad(3).to_string(), "r.jsonl:3: no records");
    }
}

/// A field of a line or file read back that no run can have: which one, and why, in
/// words (`` `threads` is 0: a search runs on at least 1 thread ``). The readers put it
/// into a [`FileError::BadInput`] with the file and line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InvalidField(pub String);
