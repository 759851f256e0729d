//! Reading a text file the tool was given, whole, with limits: a regular file only (a
//! device such as `/dev/zero` or `/dev/urandom`, a FIFO or a folder is refused before it
//! is read, so nothing reads without end or blocks), at most a given number of bytes (a
//! file past it is refused after that many, so memory stays bounded), and UTF-8 (a file
//! that is not is refused naming the line, column and byte where it stops being so).
//!
//! The one reader of a user's whole text file: `abbench-results` reads suites, runs'
//! files and profiles through it, the positions files of Connect Four are read with it.

use std::io::Read;
use std::path::Path;

/// Why a text file was not read.
#[derive(Debug, thiserror::Error)]
pub enum TextFileError {
    /// The system's error opening or reading it.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// Not a regular file: what it is instead (`a device`, [`super::file_kind`]).
    #[error("not a regular file ({0}): only a file is read")]
    NotRegular(&'static str),
    /// Over the limit of bytes read.
    #[error("larger than {0} bytes, the most read of such a file")]
    TooLarge(u64),
    /// Not UTF-8 from the given place on.
    #[error("not UTF-8 text: byte {byte} of the file")]
    NotUtf8 {
        /// 1-based line of the first byte that is not UTF-8.
        line: usize,
        /// 1-based column of it, in characters.
        column: usize,
        /// 1-based offset of it in the file.
        byte: usize,
    },
}

/// The text of the regular file `path`, if it holds at most `max_bytes` bytes of UTF-8.
pub fn read_text(path: &Path, max_bytes: u64) -> Result<String, TextFileError> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(TextFileError::NotRegular(super::file_kind(&meta)));
    }
    if meta.len() > max_bytes {
        return Err(TextFileError::TooLarge(max_bytes));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    std::fs::File::open(path)?
        .take(max_bytes + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max_bytes {
        return Err(TextFileError::TooLarge(max_bytes));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let valid = String::from_utf8_lossy(&e.as_bytes()[..at]);
        let line_start = valid.rfind('\n').map_or(0, |i| i + 1);
        TextFileError::NotUtf8 {
            line: valid.matches('\n').count() + 1,
            column: valid[line_start..].chars().count() + 1,
            byte: at + 1,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_and_folders_are_refused_unread() {
        let err = read_text(Path::new("/dev/zero"), 1024).unwrap_err();
        assert!(
            matches!(err, TextFileError::NotRegular("a device")),
            "{err}"
        );
        let dir = tempfile::tempdir().unwrap();
        let err = read_text(dir.path(), 1024).unwrap_err();
        assert!(
            matches!(err, TextFileError::NotRegular("a folder")),
            "{err}"
        );
    }

    #[test]
    fn text_that_is_not_utf8_is_placed_by_line_column_and_byte() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.txt");
        std::fs::write(&path, b"line one\nl\xc3\xa9 \xff two\n").unwrap();
        let err = read_text(&path, 1024).unwrap_err();
        assert!(
            matches!(
                err,
                TextFileError::NotUtf8 {
                    line: 2,
                    column: 4,
                    byte: 14
                }
            ),
            "{err:?}"
        );
        std::fs::write(&path, vec![b'x'; 2048]).unwrap();
        let err = read_text(&path, 1024).unwrap_err();
        assert!(matches!(err, TextFileError::TooLarge(1024)), "{err}");
    }
}
