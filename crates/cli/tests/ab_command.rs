//! `abbench ab`: a build against itself, and every way a build can be unusable — not an
//! executable, another schema, a worker killed mid-run, a wrong value — each one line on
//! stderr with its exit code, and no worker left running.

use crate::support;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use support::abbench;

fn binary() -> PathBuf {
    assert_cmd::cargo::cargo_bin("abbench")
}

/// A suite of two tiny trees, f2-iter and ybwc at 2 threads.
fn tiny_suite(dir: &Path) -> String {
    let path = dir.join("tiny.toml");
    std::fs::write(
        &path,
        "name = \"tiny\"\nthreads = [2]\n[[workload]]\nmodel = \"random\"\ndegree = 4\nheight = 5\n\
         trees = 2\nalgorithms = [\"f2-iter\", \"ybwc\"]\n",
    )
    .unwrap();
    path.to_str().unwrap().to_string()
}

/// A shell script at `dir/name` with `body`, executable.
fn script(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path.to_str().unwrap().to_string()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The one error line, checked to be the only line on stderr.
fn one_line(output: &Output) -> String {
    let text = stderr(output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "one line on stderr: {text}");
    assert!(lines[0].starts_with("abbench: error: "), "{text}");
    lines[0].to_string()
}

/// Whether a process whose command line holds `marker` still runs two seconds on (a
/// worker whose stdin closes exits by itself, at its next read).
fn running(marker: &str) -> bool {
    for _ in 0..20 {
        let out = Command::new("pgrep").args(["-f", marker]).output().unwrap();
        if !out.status.success() {
            return false;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    true
}

/// A copy of the binary in `dir`, so that its processes can be told from other tests'.
fn copy_of_binary(dir: &Path, name: &str) -> String {
    let path = dir.join(name);
    std::fs::copy(binary(), &path).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn a_build_against_itself_is_no_regression() {
    let dir = tempfile::tempdir().unwrap();
    let suite = tiny_suite(dir.path());
    let bin = binary();
    let bin = bin.to_str().unwrap();
    // NEW notes each start of its worker: one per epoch.
    let starts = dir.path().join("starts");
    let counted = script(
        dir.path(),
        "counted",
        &format!("echo started >> {}\nexec {bin} \"$@\"", starts.display()),
    );
    let output = abbench(&[
        "ab",
        bin,
        &counted,
        "--suite",
        &suite,
        "--max-time",
        "20",
        "--epoch",
        "0.5",
        "--json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let o: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(o["kind"], "ab");
    assert!(
        ["no_regression", "undecided"].contains(&o["verdict"].as_str().unwrap()),
        "{o}"
    );
    assert_eq!(o["searches"], 4);
    assert_eq!(o["workloads"].as_array().unwrap().len(), 1);
    assert_eq!(o["epoch_s"], 0.5);
    // Each test's observation is an epoch: none decides on fewer than eight.
    let epochs = o["epochs"].as_u64().unwrap();
    assert!(epochs >= 8, "{o}");
    assert_eq!(o["overall"]["epochs"], epochs, "{o}");
    assert!(o["blocks"].as_u64().unwrap() > epochs, "{o}");
    // A fresh pair of workers every epoch (and one more when the time ran out just
    // after a restart).
    let started = std::fs::read_to_string(&starts).unwrap().lines().count() as u64;
    assert!(
        started == epochs || started == epochs + 1,
        "{started} starts of NEW's worker for {epochs} epochs"
    );
    assert_eq!(o["search_effects"].as_array().unwrap().len(), 2);
    assert!(o["wrong_values"].as_array().unwrap().is_empty());
    // Markdown for a pull-request comment.
    let output = abbench(&[
        "ab",
        bin,
        bin,
        "--suite",
        &suite,
        "--max-time",
        "5",
        "--epoch",
        "0.5",
        "--threshold",
        "50",
    ]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.starts_with("## abbench ab: "), "{text}");
    assert!(
        text.contains("| ✅ not slower | overall |") || text.contains("| ⚠️ undecided | overall |"),
        "{text}"
    );
}

#[test]
fn a_base_that_is_not_an_executable_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("notes.txt");
    std::fs::write(&text, "hello").unwrap();
    let bin = binary();
    let bin = bin.to_str().unwrap();
    for (base, says) in [
        (text.to_str().unwrap(), "no execute permission"),
        ("/nonexistent/abbench", "no such file"),
        (dir.path().to_str().unwrap(), "not a file"),
    ] {
        let output = abbench(&["ab", base, bin, "--max-time", "5", "--epoch", "0.5"]);
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        let line = one_line(&output);
        assert!(line.contains("BASE") && line.contains(says), "{line}");
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn a_worker_of_another_schema_or_none_at_all_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let bin = binary();
    let bin = bin.to_str().unwrap();
    let other = script(
        dir.path(),
        "schema2",
        r#"echo '{"schema":2,"kind":"ab_hello","protocol":1,"version":"9","build":"x"}'; cat >/dev/null"#,
    );
    let output = abbench(&["ab", &other, bin, "--max-time", "5", "--epoch", "0.5"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let line = one_line(&output);
    assert!(line.contains("BASE") && line.contains("schema 2"), "{line}");

    let silent = script(dir.path(), "silent", "echo 'usage: silent' >&2; exit 3");
    let output = abbench(&["ab", bin, &silent, "--max-time", "5", "--epoch", "0.5"]);
    assert_eq!(output.status.code(), Some(2));
    let line = one_line(&output);
    assert!(line.contains("NEW") && line.contains("exited 3"), "{line}");
    assert!(
        line.contains("usage: silent"),
        "its stderr is named: {line}"
    );

    let chatty = script(dir.path(), "chatty", "echo hello there; cat >/dev/null");
    let output = abbench(&["ab", bin, &chatty, "--max-time", "5", "--epoch", "0.5"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(one_line(&output).contains("not an abbench ab worker"));
}

#[test]
fn a_worker_killed_mid_run_stops_the_run_and_leaves_nothing_running() {
    let dir = tempfile::tempdir().unwrap();
    let suite = tiny_suite(dir.path());
    let base = copy_of_binary(dir.path(), "base-abbench");
    let new = copy_of_binary(dir.path(), "new-abbench");
    // The worker is killed (SIGKILL) three seconds in, while blocks are being timed.
    let killed = script(
        dir.path(),
        "killed-after-3s",
        &format!("exec timeout -s KILL 3 {new} \"$@\""),
    );
    // A threshold of 0.1% keeps the tests undecided well past the kill.
    let output = abbench(&[
        "-q",
        "ab",
        &base,
        &killed,
        "--suite",
        &suite,
        "--max-time",
        "240",
        "--epoch",
        "30",
        "--threshold",
        "0.1",
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let line = one_line(&output);
    assert!(line.contains("NEW") && line.contains("signal 9"), "{line}");
    assert!(
        !running(dir.path().to_str().unwrap()),
        "a worker is left running"
    );
}

#[test]
fn two_builds_that_disagree_on_a_value_fail_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let suite = tiny_suite(dir.path());
    let base = copy_of_binary(dir.path(), "base-abbench");
    let new = copy_of_binary(dir.path(), "new-abbench");
    // NEW's worker answers every value as 424242: its plan disagrees with BASE's.
    let wrong = script(
        dir.path(),
        "wrong-values",
        &format!("{new} \"$@\" | sed -u 's/\"value\":[-0-9]*/\"value\":424242/g'"),
    );
    let output = abbench(&[
        "-q",
        "ab",
        &base,
        &wrong,
        "--suite",
        &suite,
        "--max-time",
        "10",
        "--epoch",
        "0.5",
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let line = one_line(&output);
    assert!(line.contains("wrong value"), "{line}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("### Wrong values") && text.contains("NEW 424242"),
        "{text}"
    );
    assert!(
        !running(dir.path().to_str().unwrap()),
        "a worker is left running"
    );
}

#[test]
fn a_restarted_worker_that_finds_another_value_fails_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let suite = tiny_suite(dir.path());
    let base = copy_of_binary(dir.path(), "base-abbench");
    let new = copy_of_binary(dir.path(), "new-abbench");
    // NEW's first worker is sound; every later one answers every value as 424242, as
    // a build whose results depend on the process would.
    let marker = dir.path().join("first-done");
    let later_wrong = script(
        dir.path(),
        "later-wrong",
        &format!(
            "if [ -e {m} ]; then {new} \"$@\" | sed -u 's/\"value\":[-0-9]*/\"value\":424242/g'; \
             else touch {m}; exec {new} \"$@\"; fi",
            m = marker.display()
        ),
    );
    let output = abbench(&[
        "-q",
        "ab",
        &base,
        &later_wrong,
        "--suite",
        &suite,
        "--max-time",
        "30",
        "--epoch",
        "0.5",
        "--threshold",
        "0.1",
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let line = one_line(&output);
    assert!(line.contains("wrong value"), "{line}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("a timed search of NEW found 424242"),
        "{text}"
    );
    assert!(
        !running(dir.path().to_str().unwrap()),
        "a worker is left running"
    );
}

#[test]
fn bad_options_are_one_line() {
    let bin = binary();
    let bin = bin.to_str().unwrap();
    for (args, says) in [
        (vec!["--threshold", "0"], "out of range"),
        (vec!["--threshold", "x"], "not a percentage"),
        (vec!["--max-time", "0"], "out of range"),
        (vec!["--epoch", "0.1"], "out of range"),
        (vec!["--epoch", "soon"], "not a number of seconds"),
        (vec!["--suite", "nonesuch"], "nonesuch"),
        (vec!["--algo", "f9"], "f9"),
    ] {
        let mut line = vec!["ab", bin, bin];
        line.extend(&args);
        let output = abbench(&line);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        let text = stderr(&output);
        assert!(text.contains(says), "{args:?}: {text}");
    }
}
