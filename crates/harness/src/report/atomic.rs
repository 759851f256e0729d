//! Writing a file so that it is never seen half-written, with the harness's error
//! (`abbench_tree::file::write_atomically_with` does the writing).

use crate::HarnessError;
use std::io::Write;
use std::path::Path;

/// Replaces `path` with `bytes` atomically: readers see the old file or the new one,
/// never part of either, and an error leaves the old file as it was.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), HarnessError> {
    abbench_tree::file::write_atomically_with(path, |file| file.write_all(bytes)).map_err(
        |source| HarnessError::Io {
            path: path.to_path_buf(),
            source,
        },
    )
}
