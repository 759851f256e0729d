//! A stderr that cannot be written — a full device (`2>/dev/full`), a pipe whose reader
//! has gone (`2>&1 | head -1`) — never stops a command nor changes its exit code: its
//! notes, log lines and error line are lost, and nothing else is.

use assert_cmd::cargo::cargo_bin;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// A connect-four position whose published score is 2.
const LATE: &str = "65174343377472347766564614";

/// A suite of small trees, swept in about a second.
const SUITE: &str = r#"
name = "small"
repeat = 1
warmup = 0
threads = [1, 2]

[[workload]]
model = "random"
degree = 3
height = 4
trees = 12
algorithms = ["f2-iter", "ybwc"]
"#;

/// `abbench args` with stderr on `/dev/full`, stdout kept.
fn with_full_stderr(args: &[&str]) -> Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    Command::new(cargo_bin("abbench"))
        .args(args)
        .stderr(full)
        .output()
        .unwrap()
}

/// `abbench args` with stderr a pipe whose reader is already gone: every write to it
/// fails.
fn with_closed_stderr(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    Command::new(cargo_bin("abbench"))
        .args(args)
        .stderr(writer)
        .output()
        .unwrap()
}

/// `abbench args` run by bash as `abbench args redirections`, e.g. `2>&1 | head -1`;
/// abbench's own exit code (not the pipe's) and the pipe's stdout.
fn in_bash(args: &[&str], redirections: &str) -> (Option<i32>, String) {
    let quoted: Vec<String> = args
        .iter()
        .map(|a| format!("'{}'", a.replace('\'', r"'\''")))
        .collect();
    let output = Command::new("bash")
        .arg("-c")
        .arg(format!(
            "\"$0\" {} {redirections}; exit ${{PIPESTATUS[0]}}",
            quoted.join(" ")
        ))
        .arg(cargo_bin("abbench"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

fn status_of(run: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(run.join("machine.json")).unwrap();
    serde_json::from_str::<serde_json::Value>(&text).unwrap()["status"].clone()
}

#[test]
fn a_full_stderr_keeps_every_exit_code() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing");
    let missing = missing.to_str().unwrap();
    // Bad input, its error line lost: still 2.
    for args in [
        vec!["history", missing, missing],
        vec!["report", missing, "--out", missing],
        vec!["run", "--degree", "0"],
        vec!["tree", "--bogus"],
    ] {
        let output = with_full_stderr(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
    // A mismatch, with its lines on stderr lost: still 1, and the verdict on stdout.
    for command in ["verify", "run"] {
        let output = with_full_stderr(&[
            command,
            "--model",
            "connect4",
            "--position",
            LATE,
            "--score",
            "3",
            "--algo",
            "mtdf",
        ]);
        assert_eq!(output.status.code(), Some(1), "{command}");
        assert!(
            String::from_utf8_lossy(&output.stdout).contains("MISMATCH"),
            "{command}"
        );
    }
    // A success with notes (an option the model ignores): still 0, stdout whole.
    for args in [
        vec![
            "run", "--model", "worst", "--degree", "3", "--height", "3", "--values", "10", "--json",
        ],
        vec![
            "simulate", "--procs", "1,2", "--values", "9", "--model", "worst",
        ],
    ] {
        let output = with_full_stderr(&args);
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert!(!output.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_sweep_with_a_full_or_closed_stderr_finishes_its_folder() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("suite.toml");
    std::fs::write(&suite, SUITE).unwrap();
    let suite = suite.to_str().unwrap();

    let full = dir.path().join("full");
    let output = with_full_stderr(&["sweep", "--suite", suite, "--out", full.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(status_of(&full), "complete");
    assert!(full.join("report.md").is_file());

    // stdout and stderr into one pipe, its reader gone after one line.
    let head = dir.path().join("head");
    let (code, first) = in_bash(
        &["sweep", "--suite", suite, "--out", head.to_str().unwrap()],
        "2>&1 | head -1",
    );
    assert_eq!(code, Some(0), "{first}");
    assert_eq!(first.lines().count(), 1, "{first}");
    assert_eq!(status_of(&head), "complete");
    let records = std::fs::read_to_string(head.join("results.jsonl")).unwrap();
    assert!(records.lines().count() > 12, "{records}");

    // Only stderr into a pipe whose reader has gone; stdout kept.
    let closed = dir.path().join("closed");
    let output =
        with_closed_stderr(&["sweep", "--suite", suite, "--out", closed.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stdout).contains("run folder:"));
    assert_eq!(status_of(&closed), "complete");
}

#[test]
fn a_closed_stderr_pipe_keeps_every_exit_code() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing");
    let missing = missing.to_str().unwrap();
    let bad = ["history", missing, missing];
    let mismatch = [
        "verify",
        "--model",
        "connect4",
        "--position",
        LATE,
        "--score",
        "1",
        "--algo",
        "f2-iter",
    ];
    let noted = [
        "run", "--model", "worst", "--degree", "3", "--height", "3", "--values", "10",
    ];
    for (args, code) in [(&bad[..], 2), (&mismatch[..], 1), (&noted[..], 0)] {
        assert_eq!(
            with_closed_stderr(args).status.code(),
            Some(code),
            "{args:?}"
        );
    }
}
