//! Cost profiles on disk (`calibration.json`): what `abbench calibrate` writes, what a
//! sweep keeps in its run folder, and what `simulate --calibration` and the report read.
//! The model itself is `abbench_parallel::sim::CostProfile`; the file's name in a run
//! folder is [`abbench_results::CALIBRATION_FILE`].

use abbench_parallel::sim::CostProfile;
use abbench_results::{CALIBRATION_FILE, FileError, write_atomically};
use std::path::{Path, PathBuf};

/// The profile file `path` names: `path` itself, or the [`CALIBRATION_FILE`] inside it
/// if it is a folder.
pub fn profile_path(path: &Path) -> PathBuf {
    if path.is_dir() {
        path.join(CALIBRATION_FILE)
    } else {
        path.to_path_buf()
    }
}

/// Reads and checks a profile: a file, or a run folder that holds one.
pub fn read_profile(path: &Path) -> Result<CostProfile, FileError> {
    let path = profile_path(path);
    let text = abbench_results::read_text(&path, abbench_results::MAX_SMALL_FILE_BYTES)?;
    parse_profile(&text, &path)
}

/// Parses and checks a profile's JSON text; `path` names it in errors.
pub fn parse_profile(text: &str, path: &Path) -> Result<CostProfile, FileError> {
    let bad = |line: usize, message: String| FileError::BadInput {
        path: path.to_path_buf(),
        line,
        message,
    };
    let profile: CostProfile = serde_json::from_str(text)
        .map_err(|e| bad(e.line(), format!("not a cost profile ({e})")))?;
    profile.validate().map_err(|e| bad(0, e.to_string()))?;
    Ok(profile)
}

/// The profile of a run folder, if it has one that can be read; `None` if it has none.
pub fn run_folder_profile(dir: &Path) -> Result<Option<CostProfile>, FileError> {
    let path = dir.join(CALIBRATION_FILE);
    if path.is_file() {
        read_profile(&path).map(Some)
    } else {
        Ok(None)
    }
}

/// Writes `profile` to `path` atomically.
pub fn write_profile(path: &Path, profile: &CostProfile) -> Result<(), FileError> {
    write_atomically(path, profile.to_json().as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_profile_survives_the_round_trip_through_a_folder() {
        let dir = tempfile::tempdir().unwrap();
        let mut profile = CostProfile::reference();
        profile.position_slowdown = 0.01;
        profile.events.steal.growth = 0.25;
        write_profile(&dir.path().join(CALIBRATION_FILE), &profile).unwrap();
        assert_eq!(read_profile(dir.path()).unwrap(), profile);
        assert_eq!(run_folder_profile(dir.path()).unwrap(), Some(profile));
    }

    #[test]
    fn a_folder_without_a_profile_has_none_and_a_bad_one_is_named() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(run_folder_profile(dir.path()).unwrap(), None);
        let mut profile = CostProfile::reference();
        profile.events.abort.growth = -0.5;
        let text = profile.to_json();
        let err = parse_profile(&text, Path::new("p.json")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "p.json: invalid events.abort.growth -0.5 in the profile: must be at least 0"
        );
        let err = parse_profile("{\"schema\": 1}", Path::new("p.json")).unwrap_err();
        assert!(err.to_string().contains("not a cost profile"), "{err}");
    }
}
