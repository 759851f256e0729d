//! Writing a file so that it is never seen half-written — the one implementation every
//! abbench crate writes files with (`.tree` files here, records, reports and profiles in
//! the harness): the bytes go to a temporary file in the same folder, which is synced and
//! then renamed over the target (a rename within one file system is atomic).

use std::fs::File;
use std::path::Path;

/// Replaces `path` with what `write` writes into a fresh file: readers see the old file
/// or the new one, never part of either. On an error the temporary file is removed and
/// `path` is untouched — an earlier file there stays as it was.
pub fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    let temporary = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = File::create(&temporary).and_then(|mut file| {
        write(&mut file)?;
        file.sync_all()
    });
    if let Err(e) = written.and_then(|()| std::fs::rename(&temporary, path)) {
        let _ = std::fs::remove_file(&temporary);
        return Err(e);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        write_atomically_with(&path, |f| f.write_all(b"first")).unwrap();
        let failed = write_atomically_with(&path, |f| {
            f.write_all(b"half")?;
            Err(std::io::Error::other("stopped"))
        });
        assert!(failed.is_err());
        assert_eq!(std::fs::read(&path).unwrap(), b"first");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "only the target is left");
        write_atomically_with(&path, |f| f.write_all(b"second")).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
    }
}
