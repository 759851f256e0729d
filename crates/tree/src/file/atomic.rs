//! Writing a file so that it is never seen half-written — the one implementation every
//! abbench crate writes files with (`.tree` files here, records, reports and profiles in
//! the harness): the bytes go to a temporary file in the same folder, which is synced and
//! then renamed over the target (a rename within one file system is atomic).
//!
//! Only a regular file is ever replaced. A target that is a symbolic link, a device
//! (`/dev/full`, `/dev/null`), a FIFO, a socket or a folder is refused before anything is
//! written: the rename would put a regular file in its place — replacing a device node
//! or a link the user made — rather than write through it. Writing through was the other
//! choice; it is refused instead because a write through a link lands where the user did
//! not name, and a write into a FIFO or a device is not atomic and cannot be undone.

use std::fs::File;
use std::io;
use std::path::Path;

/// Replaces `path` with what `write` writes into a fresh file: readers see the old file
/// or the new one, never part of either. On an error the temporary file is removed and
/// `path` is untouched — an earlier file there stays as it was.
///
/// A `path` that exists and is not a regular file (a symbolic link, a device, a FIFO, a
/// socket, a folder) is refused with [`io::ErrorKind::InvalidInput`] before the
/// temporary file is made.
pub fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    check_replaceable(path)?;
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let temporary = temporary_path(path);
    // `create_new`: a file (or a planted link) already of that name is not followed.
    let written = File::create_new(&temporary).and_then(|mut file| {
        write(&mut file)?;
        file.sync_all()
    });
    if let Err(e) = written.and_then(|()| std::fs::rename(&temporary, path)) {
        let _ = std::fs::remove_file(&temporary);
        return Err(e);
    }
    // The rename is durable once the folder's entry is: best effort (some file
    // systems refuse to open a folder for syncing).
    if let Ok(folder) = File::open(dir) {
        let _ = folder.sync_all();
    }
    Ok(())
}

/// The temporary file [`write_atomically_with`] writes `path`'s new contents into: a
/// hidden name beside it, unique to the process (`.NAME.PID.tmp`). Exposed so that a
/// command stopped at once by a signal can name what it left.
pub fn temporary_path(path: &Path) -> std::path::PathBuf {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    dir.join(format!(".{name}.{}.tmp", std::process::id()))
}

/// An error unless `path` is missing or a regular file (not followed if it is a link):
/// what [`write_atomically_with`] checks first, for a command to check its outputs
/// before it starts work whose result it could not write.
pub fn check_replaceable(path: &Path) -> io::Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_file() => Ok(()),
        Ok(meta) => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "not a regular file ({}): only a regular file is replaced",
                file_kind(&meta)
            ),
        )),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

/// What a file is, in words: `a folder`, `a symbolic link`, `a device`, `a FIFO`,
/// `a socket` or `a regular file` (from metadata not following links).
pub fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    if t.is_file() {
        "a regular file"
    } else if t.is_dir() {
        "a folder"
    } else if t.is_symlink() {
        "a symbolic link"
    } else if t.is_char_device() || t.is_block_device() {
        "a device"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_socket() {
        "a socket"
    } else {
        "not a file"
    }
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

    #[test]
    fn links_devices_fifos_and_folders_are_never_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target.txt");
        std::fs::write(&target, b"the user's").unwrap();
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let dangling = dir.path().join("dangling.txt");
        std::os::unix::fs::symlink(dir.path().join("nowhere"), &dangling).unwrap();
        let fifo = dir.path().join("fifo");
        let c_path = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
        let folder = dir.path().join("folder");
        std::fs::create_dir(&folder).unwrap();
        let cases = [
            (link.as_path(), "a symbolic link"),
            (dangling.as_path(), "a symbolic link"),
            (fifo.as_path(), "a FIFO"),
            (folder.as_path(), "a folder"),
            (Path::new("/dev/full"), "a device"),
            (Path::new("/dev/null"), "a device"),
        ];
        for (path, kind) in cases {
            let err = write_atomically_with(path, |f| f.write_all(b"new")).unwrap_err();
            assert_eq!(err.kind(), io::ErrorKind::InvalidInput, "{path:?}");
            assert!(err.to_string().contains(kind), "{path:?}: {err}");
        }
        assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
        assert!(std::fs::symlink_metadata(&dangling).unwrap().is_symlink());
        assert!(!dir.path().join("nowhere").exists());
        assert_eq!(std::fs::read(&target).unwrap(), b"the user's");
        use std::os::unix::fs::FileTypeExt;
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
        assert!(
            std::fs::metadata("/dev/null")
                .unwrap()
                .file_type()
                .is_char_device()
        );
        let names = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(names, 5, "no temporary file left");
    }
}
