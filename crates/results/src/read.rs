//! Reading a text file the tool was given, whole, with limits: a regular file only (a
//! device such as `/dev/zero` or `/dev/urandom`, a FIFO or a folder is refused before it
//! is read, so nothing reads without end or blocks), at most a given number of bytes (a
//! file past it is refused after that many, so memory stays bounded), and UTF-8.

use crate::FileError;
use std::path::Path;

/// The most bytes of a `results.jsonl` read: a million searches' records, about.
pub const MAX_RESULTS_BYTES: u64 = 2 << 30;

/// The most bytes of a small file: a suite, a signature, `machine.json`,
/// `calibration.json`.
pub const MAX_SMALL_FILE_BYTES: u64 = 16 << 20;

/// The text of the regular file `path`, if it holds at most `max_bytes` bytes of UTF-8
/// ([`abbench_tree::file::read_text`], its errors as the file's).
pub fn read_text(path: &Path, max_bytes: u64) -> Result<String, FileError> {
    use abbench_tree::file::TextFileError;
    let bad = |line: usize, message: String| FileError::BadInput {
        path: path.to_path_buf(),
        line,
        message,
    };
    abbench_tree::file::read_text(path, max_bytes).map_err(|error| match error {
        TextFileError::Io(source) => FileError::Io {
            path: path.to_path_buf(),
            source,
        },
        TextFileError::TooLarge(_) => too_large(path, max_bytes),
        TextFileError::NotUtf8 { line, .. } => bad(line, error.to_string()),
        TextFileError::NotRegular(_) => bad(0, error.to_string()),
    })
}

fn too_large(path: &Path, max_bytes: u64) -> FileError {
    FileError::BadInput {
        path: path.to_path_buf(),
        line: 0,
        message: format!("larger than {max_bytes} bytes, the most read of such a file"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_folders_and_fifos_are_refused_unread() {
        let err = read_text(Path::new("/dev/zero"), 1024).unwrap_err();
        assert!(
            err.to_string().contains("not a regular file (a device)"),
            "{err}"
        );
        let dir = tempfile::tempdir().unwrap();
        let err = read_text(dir.path(), 1024).unwrap_err();
        assert!(err.to_string().contains("(a folder)"), "{err}");
        let socket = dir.path().join("socket");
        let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
        let err = read_text(&socket, 1024).unwrap_err();
        assert!(err.to_string().contains("(a socket)"), "{err}");
    }

    #[test]
    fn a_file_past_the_limit_or_not_utf8_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.txt");
        std::fs::write(&path, vec![b'x'; 2048]).unwrap();
        let err = read_text(&path, 1024).unwrap_err();
        assert!(err.to_string().contains("larger than 1024 bytes"), "{err}");
        assert_eq!(read_text(&path, 2048).unwrap().len(), 2048);
        std::fs::write(&path, b"line one\nline \xff two\n").unwrap();
        let err = read_text(&path, 1024).unwrap_err();
        assert!(
            err.to_string()
                .ends_with(":2: not UTF-8 text: byte 15 of the file"),
            "{err}"
        );
    }
}
