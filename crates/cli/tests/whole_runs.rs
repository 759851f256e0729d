//! The one check of a run's lines against what the run recorded: a line deleted from a
//! finished run's `results.jsonl` (with or without `machine.json`'s `lines`), or a
//! `lines` that is not the file's count, is refused alike by `compare`, `export`,
//! `check-calibration` and `history`: one line, exit 2.

use crate::support;
use std::path::{Path, PathBuf};
use support::abbench;
use tempfile::TempDir;

const BASELINE: &str = include_str!("../../../ci/baselines/quick.jsonl");

/// The baseline's records of the random trees of degree 8 and height 8: two seeds.
fn lines() -> Vec<String> {
    BASELINE
        .lines()
        .filter(|l| l.contains(r#""model":"random","degree":8,"height":8,"#))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// A run folder `name` holding `lines`, its `machine.json` with `extra` fields.
fn run(dir: &Path, name: &str, lines: &[String], extra: &str) -> PathBuf {
    let folder = dir.join(name);
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("results.jsonl"), lines.concat()).unwrap();
    std::fs::write(
        folder.join("machine.json"),
        format!(r#"{{"cpu_model":"test","logical_cores":2,"suite":"quick"{extra}}}"#),
    )
    .unwrap();
    folder
}

fn refused(args: &[&str], says: &str) {
    let output = abbench(args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains(says), "{says}: {stderr}");
}

/// Every reader refuses `bad` (a run folder) with a message that says `says`.
fn every_reader_refuses(whole: &Path, bad: &Path, says: &str) {
    let (whole, bad) = (whole.to_str().unwrap(), bad.to_str().unwrap());
    refused(&["compare", whole, bad], says);
    refused(&["compare", bad, whole], says);
    refused(&["export", bad, "--format", "bencher"], says);
    refused(&["check-calibration", bad], says);
    refused(&["history", whole, bad], says);
}

#[test]
fn a_deleted_line_or_a_wrong_count_is_refused_by_every_reader() {
    let dir = TempDir::new().unwrap();
    let all = lines();
    let n = all.len();
    let whole = run(dir.path(), "whole", &all, &format!(r#","lines":{n}"#));
    for (k, cut_at) in [0, n / 2, n - 1].into_iter().enumerate() {
        let mut cut = all.clone();
        cut.remove(cut_at);
        // No count recorded (an older folder), or marked complete: the seeds disagree.
        for (j, extra) in ["", r#","status":"complete""#].into_iter().enumerate() {
            let bad = run(dir.path(), &format!("cut-{k}-{j}"), &cut, extra);
            every_reader_refuses(&whole, &bad, "a line was removed");
        }
        // The count recorded says so too.
        let counted = run(
            dir.path(),
            &format!("counted-{k}"),
            &cut,
            &format!(r#","lines":{n}"#),
        );
        every_reader_refuses(&whole, &counted, "a line was removed");
    }
    // A count that is not the file's, either way.
    for (recorded, says) in [(n - 1, "a line was added"), (n + 3, "a line was removed")] {
        let bad = run(
            dir.path(),
            &format!("recorded-{recorded}"),
            &all,
            &format!(r#","lines":{recorded}"#),
        );
        every_reader_refuses(&whole, &bad, says);
    }
}
