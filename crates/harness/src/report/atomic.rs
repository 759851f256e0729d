//! Writing a file so that it is never seen half-written: the bytes go to a temporary
//! file in the same folder, which is then renamed over the target (a rename within one
//! file system is atomic).

use crate::HarnessError;
use std::io::Write;
use std::path::Path;

/// Replaces `path` with `bytes` atomically: readers see the old file or the new one,
/// never part of either, and an error leaves the old file as it was.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), HarnessError> {
    let io = |source| HarnessError::Io {
        path: path.to_path_buf(),
        source,
    };
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    let temporary = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = std::fs::File::create(&temporary).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    if let Err(e) = written.and_then(|()| std::fs::rename(&temporary, path)) {
        let _ = std::fs::remove_file(&temporary);
        return Err(io(e));
    }
    Ok(())
}
