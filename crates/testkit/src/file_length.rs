//! [`long_files`] finds the Rust files of the workspace's crates longer than a given
//! number of lines, for the list `ARCHITECTURE.md` keeps of them: the list is what this
//! finds, never typed by hand.

use std::path::{Path, PathBuf};

/// The `.rs` files under `crates` (each crate's `src`, `tests`, `benches` and
/// `examples`) with more than `limit` lines, as paths relative to `crates`, sorted.
pub fn long_files(crates: &Path, limit: usize) -> std::io::Result<Vec<String>> {
    let mut long = Vec::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(crates.join(&dir))? {
            let entry = entry?;
            let path = dir.join(entry.file_name());
            if entry.file_type()?.is_dir() {
                if entry.file_name() != "target" {
                    stack.push(path);
                }
            } else if path.extension().is_some_and(|e| e == "rs") {
                let lines = std::fs::read_to_string(crates.join(&path))?.lines().count();
                if lines > limit {
                    long.push(path.to_string_lossy().into_owned());
                }
            }
        }
    }
    long.sort();
    Ok(long)
}

#[cfg(test)]
mod tests {
    use super::long_files;

    #[test]
    fn only_files_over_the_limit_are_listed_relative_to_the_folder() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("a/src")).unwrap();
        std::fs::write(dir.path().join("a/src/long.rs"), "x\n".repeat(4)).unwrap();
        std::fs::write(dir.path().join("a/src/short.rs"), "x\n".repeat(3)).unwrap();
        std::fs::write(dir.path().join("a/notes.md"), "x\n".repeat(9)).unwrap();
        assert_eq!(long_files(dir.path(), 3).unwrap(), vec!["a/src/long.rs"]);
    }
}
