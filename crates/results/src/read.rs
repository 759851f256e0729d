//! Reading a text file the tool was given, whole, with limits: a regular file only (a
//! device such as `/dev/zero` or `/dev/urandom`, a FIFO or a folder is refused before it
//! is read, so nothing reads without end or blocks), at most a given number of bytes (a
//! file past it is refused after that many, so memory stays bounded), and UTF-8.

use crate::FileError;
use std::io::Read;
use std::path::Path;

/// The most bytes of a `results.jsonl` read: a million searches' records, about.
pub const MAX_RESULTS_BYTES: u64 = 2 << 30;

/// The most bytes of a small file: a suite, a signature, `machine.json`,
/// `calibration.json`.
pub const MAX_SMALL_FILE_BYTES: u64 = 16 << 20;

/// The text of the regular file `path`, if it holds at most `max_bytes` bytes of UTF-8.
pub fn read_text(path: &Path, max_bytes: u64) -> Result<String, FileError> {
    let bad = |message: String| FileError::BadInput {
        path: path.to_path_buf(),
        line: 0,
        message,
    };
    let io = |source| FileError::Io {
        path: path.to_path_buf(),
        source,
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(bad(format!(
            "not a regular file ({}): only a file is read",
            abbench_tree::file::file_kind(&meta)
        )));
    }
    if meta.len() > max_bytes {
        return Err(too_large(path, max_bytes));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    std::fs::File::open(path)
        .map_err(io)?
        .take(max_bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > max_bytes {
        return Err(too_large(path, max_bytes));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let text = String::from_utf8_lossy(&e.as_bytes()[..at]);
        FileError::BadInput {
            path: path.to_path_buf(),
            line: text.lines().count().max(1),
            message: format!("not UTF-8 text: byte {} of the file", at + 1),
        }
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
