//! `abbench ab` runs the build at the path it is given, never hangs on a worker and
//! leaves no process behind; the user's input is named as such; and the commands that
//! read runs (`check-calibration`, `export`) refuse what they cannot count, in words of
//! their own.

use crate::support;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};
use support::{abbench, stdout_of};

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

/// A copy of `sleep` in `dir`, so that its processes carry the folder's name in their
/// command line.
fn sleeper(dir: &Path) -> String {
    let path = dir.join("sleeper");
    std::fs::copy("/bin/sleep", &path)
        .or_else(|_| std::fs::copy("/usr/bin/sleep", &path))
        .unwrap();
    path.to_str().unwrap().to_string()
}

/// The hello line of this build's worker.
fn hello() -> String {
    let output = Command::new(binary())
        .arg("ab-worker")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let line = text.lines().next().unwrap().to_string();
    assert!(line.contains("ab_hello"), "{line}");
    line
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

/// `abbench args` started, with its output piped.
fn start(args: &[&str]) -> Child {
    Command::new(binary())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits for `child` at most `limit`; past it the child is killed and the test fails.
fn finish_within(mut child: Child, limit: Duration) -> (Output, Duration) {
    let started = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return (child.wait_with_output().unwrap(), started.elapsed());
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let output = child.wait_with_output().unwrap();
            panic!(
                "still running after {} s: {}",
                limit.as_secs(),
                stderr(&output)
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The processes whose command line holds `marker`, after giving them two seconds to go.
fn left_running(marker: &str) -> Vec<String> {
    let mut found = Vec::new();
    for _ in 0..40 {
        found.clear();
        for entry in std::fs::read_dir("/proc").unwrap().flatten() {
            let name = entry.file_name();
            let Some(pid) = name
                .to_str()
                .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
            else {
                continue;
            };
            let Ok(line) = std::fs::read(entry.path().join("cmdline")) else {
                continue;
            };
            let line = String::from_utf8_lossy(&line).replace('\0', " ");
            // A zombie has an empty command line: it runs nothing.
            if line.contains(marker) {
                found.push(format!("{pid}: {line}"));
            }
        }
        if found.is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    found
}

/// Sends `signal` (a `kill -s` name) to `child`.
fn signal(child: &Child, signal: &str) {
    let status = Command::new("kill")
        .args(["-s", signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

#[test]
fn a_bare_name_is_the_build_in_the_current_folder_never_one_on_path() {
    let dir = tempfile::tempdir().unwrap();
    let decoys = dir.path().join("decoys");
    std::fs::create_dir(&decoys).unwrap();
    let here = dir.path().join("here");
    std::fs::create_dir(&here).unwrap();
    let ran_decoy = dir.path().join("ran-decoy");
    let ran_local = dir.path().join("ran-local");
    script(
        &decoys,
        "abb",
        &format!("touch {}\nexit 3", ran_decoy.display()),
    );
    script(
        &here,
        "abb",
        &format!("touch {}\nexit 4", ran_local.display()),
    );
    let path = format!(
        "{}:{}",
        decoys.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let run = |args: &[&str]| {
        Command::new(binary())
            .args(args)
            .current_dir(&here)
            .env("PATH", &path)
            .output()
            .unwrap()
    };
    let args = ["ab", "abb", "abb", "--max-time", "5", "--epoch", "0.5"];
    let output = run(&args);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let line = one_line(&output);
    assert!(
        line.contains("BASE abb") && line.contains("exited 4"),
        "{line}"
    );
    assert!(ran_local.exists(), "the build in the current folder ran");
    assert!(!ran_decoy.exists(), "the decoy on PATH ran: {line}");
    // Without the local file, it is missing: the decoy on PATH does not stand in.
    std::fs::remove_file(here.join("abb")).unwrap();
    let output = run(&args);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let line = one_line(&output);
    assert!(
        line.contains("BASE abb") && line.contains("no such file"),
        "{line}"
    );
    assert!(!ran_decoy.exists(), "the decoy on PATH ran: {line}");
    // A relative path with a folder is relative to the current folder too.
    std::fs::create_dir(here.join("sub")).unwrap();
    script(
        &here.join("sub"),
        "abb",
        &format!("touch {}\nexit 5", ran_local.display()),
    );
    let output = run(&[
        "ab",
        "sub/abb",
        "sub/abb",
        "--max-time",
        "5",
        "--epoch",
        "0.5",
    ]);
    assert!(one_line(&output).contains("exited 5"));
}

#[test]
fn a_worker_quiet_after_its_hello_is_given_up_in_time_with_nothing_left() {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().to_str().unwrap().to_string();
    let sleeper = sleeper(dir.path());
    let quiet = script(
        dir.path(),
        "quiet",
        &format!("echo '{}'\n{sleeper} 1000", hello()),
    );
    let bin = binary();
    let child = start(&[
        "-q",
        "ab",
        &quiet,
        bin.to_str().unwrap(),
        "--max-time",
        "5",
        "--epoch",
        "0.5",
    ]);
    let (output, took) = finish_within(child, Duration::from_secs(40));
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let line = one_line(&output);
    assert!(
        line.contains("BASE") && line.contains("gave no reply within 10 s"),
        "{line}"
    );
    // Its plan is given as long as the run may time, at least 10 s.
    assert!(took < Duration::from_secs(25), "took {took:?}");
    assert_eq!(left_running(&marker), Vec::<String>::new());
}

#[test]
fn a_worker_that_never_says_hello_leaves_no_child_behind() {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().to_str().unwrap().to_string();
    let sleeper = sleeper(dir.path());
    // One that starts a process and says something else at once; one that says nothing.
    let chatty = script(
        dir.path(),
        "chatty",
        &format!("{sleeper} 1000 &\necho hello there\n{sleeper} 1000"),
    );
    let bin = binary();
    let bin = bin.to_str().unwrap();
    let child = start(&["ab", bin, &chatty, "--max-time", "5", "--epoch", "0.5"]);
    let (output, _) = finish_within(child, Duration::from_secs(30));
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(one_line(&output).contains("not an abbench ab worker"));
    assert_eq!(left_running(&marker), Vec::<String>::new());

    let mute = script(dir.path(), "mute", &format!("{sleeper} 1000"));
    let child = start(&["ab", &mute, bin, "--max-time", "5", "--epoch", "0.5"]);
    let (output, took) = finish_within(child, Duration::from_secs(40));
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let line = one_line(&output);
    assert!(
        line.contains("BASE") && line.contains("gave no hello within 20 s"),
        "{line}"
    );
    assert!(took < Duration::from_secs(30), "took {took:?}");
    assert_eq!(left_running(&marker), Vec::<String>::new());
}

#[test]
fn a_signal_stops_ab_at_once_and_kills_both_workers_and_their_children() {
    for (name, code) in [("INT", 130), ("TERM", 143)] {
        let dir = tempfile::tempdir().unwrap();
        let marker = dir.path().to_str().unwrap().to_string();
        let sleeper = sleeper(dir.path());
        // Both workers say hello, start a process and go quiet.
        let quiet = script(
            dir.path(),
            "quiet",
            &format!("echo '{}'\n{sleeper} 1000", hello()),
        );
        let child = start(&["-q", "ab", &quiet, &quiet, "--max-time", "60"]);
        std::thread::sleep(Duration::from_secs(2));
        assert!(!left_running(&format!("{marker}/sleeper")).is_empty());
        let sent = Instant::now();
        signal(&child, name);
        let (output, _) = finish_within(child, Duration::from_secs(10));
        assert!(
            sent.elapsed() < Duration::from_secs(3),
            "{:?}",
            sent.elapsed()
        );
        assert_eq!(output.status.code(), Some(code), "{}", stderr(&output));
        assert!(one_line(&output).contains(&format!("stopped by SIG{name}")));
        assert_eq!(left_running(&marker), Vec::<String>::new(), "SIG{name}");
    }
    // And while blocks are timed, with two real workers.
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().to_str().unwrap().to_string();
    let suite = tiny_suite(dir.path());
    let base = dir.path().join("base-abbench");
    std::fs::copy(binary(), &base).unwrap();
    let base = base.to_str().unwrap();
    let child = start(&[
        "-q",
        "ab",
        base,
        base,
        "--suite",
        &suite,
        "--max-time",
        "240",
        "--epoch",
        "30",
        "--threshold",
        "0.1",
    ]);
    std::thread::sleep(Duration::from_secs(4));
    signal(&child, "TERM");
    let (output, _) = finish_within(child, Duration::from_secs(10));
    assert_eq!(output.status.code(), Some(143), "{}", stderr(&output));
    assert_eq!(left_running(&marker), Vec::<String>::new());
}

#[test]
fn a_bad_suite_is_the_users_input_not_a_builds() {
    let dir = tempfile::tempdir().unwrap();
    let bin = binary();
    let bin = bin.to_str().unwrap();
    let empty = dir.path().join("empty.toml");
    std::fs::write(&empty, "name = \"empty\"\n").unwrap();
    let broken = dir.path().join("broken.toml");
    std::fs::write(&broken, "name = \"broken\"\n[[workload]\n").unwrap();
    let tiny = tiny_suite(dir.path());
    // A BASE that cannot even start: the suite is named first, before any worker.
    for (base, args, says) in [
        (bin, vec!["--suite", empty.to_str().unwrap()], "empty.toml"),
        (
            "/nonexistent",
            vec!["--suite", empty.to_str().unwrap()],
            "empty.toml",
        ),
        (
            bin,
            vec!["--suite", broken.to_str().unwrap()],
            "broken.toml",
        ),
        (bin, vec!["--suite", &tiny, "--algo", "mtdf"], "mtdf"),
    ] {
        let mut line = vec!["ab", base, bin, "--max-time", "5", "--epoch", "0.5"];
        line.extend(&args);
        let output = abbench(&line);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        let text = one_line(&output);
        assert!(text.contains(says), "{args:?}: {text}");
        assert!(
            !text.contains("BASE") && !text.contains("NEW"),
            "{args:?}: a build is blamed: {text}"
        );
    }
}

#[test]
fn a_time_limit_that_cannot_hold_eight_epochs_is_refused() {
    let bin = binary();
    let bin = bin.to_str().unwrap();
    for (args, says) in [
        (
            vec!["--max-time", "10"],
            "--max-time 10 s cannot hold the 8 epochs of 2 s",
        ),
        (
            vec!["--max-time", "1"],
            "--max-time 1 s cannot hold the 8 epochs of 2 s",
        ),
        (vec!["--epoch", "3600"], "give --max-time 28800 or more"),
        (
            vec!["--max-time", "3", "--epoch", "0.5"],
            "8 epochs of 0.5 s",
        ),
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
        let text = one_line(&output);
        assert!(text.contains(says), "{args:?}: {text}");
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn a_small_threshold_is_printed_with_its_digits() {
    let dir = tempfile::tempdir().unwrap();
    let suite = tiny_suite(dir.path());
    let bin = binary();
    let bin = bin.to_str().unwrap();
    let output = abbench(&[
        "-q",
        "ab",
        bin,
        bin,
        "--suite",
        &suite,
        "--max-time",
        "4",
        "--epoch",
        "0.5",
        "--threshold",
        "0.0001",
    ]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("a slowdown of 0.0001% over none"), "{text}");
    assert!(!text.contains(" 0% "), "{text}");
}

#[test]
fn negative_numbers_get_the_options_range_message() {
    let dir = tempfile::tempdir().unwrap();
    let bin = binary();
    let bin = bin.to_str().unwrap();
    let results = dir.path().join("results.jsonl");
    std::fs::write(&results, "").unwrap();
    let results = results.to_str().unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["ab", bin, bin, "--max-time", "-1"], "out of range"),
        (vec!["ab", bin, bin, "--epoch", "-1"], "out of range"),
        (vec!["ab", bin, bin, "--threads", "-1"], "out of range"),
        (vec!["ab", bin, bin, "--threshold", "-5"], "out of range"),
        (
            vec!["check-calibration", results, "--min-serial-ms", "-1"],
            "out of range",
        ),
        (vec!["check-calibration", results, "--seeds", "-1"], "-1"),
        (
            vec!["check-calibration", results, "--threads", "-2"],
            "out of range",
        ),
        (vec!["run", "--repeat", "-1"], "-1"),
        (vec!["run", "--threads", "-1"], "out of range"),
        (vec!["sweep", "--repeat", "-3"], "-3"),
        (vec!["simulate", "--procs", "-1"], "-1"),
        (vec!["theory", "--trees", "-1"], "-1"),
        (vec!["theory", "--seed", "-1"], "-1"),
    ];
    for (args, says) in cases {
        let output = abbench(&args);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        let text = stderr(&output);
        assert!(!text.contains("unexpected argument"), "{args:?}: {text}");
        assert!(text.contains(says), "{args:?}: {text}");
    }
}

/// A folder holding the records of `abbench run --json` on a small random tree:
/// f2-iter and ybwc at one and two threads.
fn small_run(dir: &Path, name: &str) -> PathBuf {
    let run = dir.join(name);
    std::fs::create_dir(&run).unwrap();
    let records = stdout_of(&[
        "run",
        "--model",
        "random",
        "--degree",
        "4",
        "--height",
        "6",
        "--seed",
        "1",
        "--algo",
        "f2-iter,ybwc",
        "--threads",
        "1,2",
        "--split-height",
        "2",
        "--json",
    ]);
    std::fs::write(run.join("results.jsonl"), records).unwrap();
    run
}

/// The profile of a run of this repository, with `edit` made to it.
fn profile_with(dir: &Path, edit: impl Fn(&mut serde_json::Value)) -> String {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/runs/2026-11-25-xeon16/calibration.json"
    ))
    .unwrap();
    let mut profile: serde_json::Value = serde_json::from_str(&text).unwrap();
    edit(&mut profile);
    let path = dir.join("profile.json");
    std::fs::write(&path, profile.to_string()).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn check_calibration_refuses_an_absurd_profile_as_simulate_does() {
    let dir = tempfile::tempdir().unwrap();
    let run = small_run(dir.path(), "run");
    let run = run.to_str().unwrap();
    let check = |profile: &str| {
        abbench(&[
            "check-calibration",
            run,
            "--threads",
            "2",
            "--min-serial-ms",
            "0",
            "--calibration",
            profile,
        ])
    };
    let simulate = |profile: &str| {
        abbench(&[
            "simulate",
            "--degree",
            "4",
            "--height",
            "6",
            "--algo",
            "ybwc",
            "--procs",
            "2",
            "--calibration",
            profile,
        ])
    };
    for (event, field) in [
        ("serial-search", "nanos"),
        ("split-point", "nanos"),
        ("steal", "growth"),
    ] {
        let profile = profile_with(dir.path(), |p| p["events"][event][field] = 1e300.into());
        let named = format!("events.{}.{field} 1e300", event.replace('-', "_"));
        for output in [check(&profile), simulate(&profile)] {
            assert_eq!(
                output.status.code(),
                Some(2),
                "{event}: {}",
                stderr(&output)
            );
            let line = one_line(&output);
            assert!(
                line.contains(&named) && line.contains("profile.json"),
                "{line}"
            );
        }
    }
    // Valid figures that make an event longer than virtual time holds on this tree.
    let profile = profile_with(dir.path(), |p| p["events"]["steal"]["nanos"] = 1e12.into());
    for output in [check(&profile), simulate(&profile)] {
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        let line = one_line(&output);
        assert!(
            line.contains("profile.json") && line.contains("steal event cost"),
            "{line}"
        );
    }
}

#[test]
fn check_calibration_counts_each_record_once() {
    let dir = tempfile::tempdir().unwrap();
    let run = small_run(dir.path(), "run");
    let run_text = run.to_str().unwrap();
    let args = |paths: &[&str]| {
        let mut line = vec!["check-calibration"];
        line.extend(paths);
        line.extend(["--threads", "2", "--min-serial-ms", "0"]);
        abbench(&line)
    };
    let output = args(&[run_text]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    // One run twice, by its folder and by its file; and a copy of it.
    let file = run.join("results.jsonl");
    let copy = dir.path().join("copy");
    std::fs::create_dir(&copy).unwrap();
    std::fs::copy(&file, copy.join("results.jsonl")).unwrap();
    for (second, says) in [
        (run_text.to_string(), "given twice"),
        (file.to_str().unwrap().to_string(), "given twice"),
        (copy.to_str().unwrap().to_string(), "would count twice"),
    ] {
        let output = args(&[run_text, &second]);
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        let line = one_line(&output);
        assert!(line.contains(says), "{line}");
    }
    // A file that holds one record twice.
    let text = std::fs::read_to_string(&file).unwrap();
    let last = text.lines().last().unwrap();
    std::fs::write(&file, format!("{text}{last}\n")).unwrap();
    let output = args(&[run_text]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let line = one_line(&output);
    assert!(
        line.contains("appears twice") && line.contains("check-calibration cannot tell"),
        "{line}"
    );
}

/// A complete sweep of the tiny suite into `dir/name`.
fn tiny_sweep(dir: &Path, name: &str) -> PathBuf {
    let suite = tiny_suite(dir);
    let out = dir.join(name);
    stdout_of(&[
        "sweep",
        "--quiet",
        "--suite",
        &suite,
        "--out",
        out.to_str().unwrap(),
    ]);
    out
}

#[test]
fn export_speaks_of_export_and_says_what_it_cannot_check() {
    let dir = tempfile::tempdir().unwrap();
    let run = tiny_sweep(dir.path(), "run");
    let run_text = run.to_str().unwrap();
    let export = |path: &str| abbench(&["export", path, "--format", "bencher"]);
    let output = export(run_text);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stderr(&output).is_empty(), "{}", stderr(&output));
    let file = run.join("results.jsonl");
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();

    // A bare results.jsonl with nothing beside it: exported, with a note.
    let bare = dir.path().join("bare");
    std::fs::create_dir(&bare).unwrap();
    std::fs::copy(&file, bare.join("results.jsonl")).unwrap();
    let output = export(bare.join("results.jsonl").to_str().unwrap());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let note = stderr(&output);
    assert!(
        note.contains("no machine.json beside it")
            && note.contains("cannot be checked")
            && note.contains(&format!("its {} lines", lines.len())),
        "{note}"
    );

    // A whole line removed from the run folder: refused.
    let removed: Vec<&str> = lines[..lines.len() - 1].to_vec();
    std::fs::write(&file, format!("{}\n", removed.join("\n"))).unwrap();
    let output = export(run_text);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let line = one_line(&output);
    assert!(
        line.contains("a line was removed") && line.contains("export"),
        "{line}"
    );

    // One search's line removed from every seed, as from a workload of one tree: no
    // seed lacks what another has, and machine.json's count of lines still tells.
    let without_ybwc: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !l.contains("\"algo\":\"ybwc\""))
        .collect();
    assert_eq!(without_ybwc.len(), lines.len() - 2, "a ybwc line per seed");
    std::fs::write(&file, format!("{}\n", without_ybwc.join("\n"))).unwrap();
    let output = export(run_text);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let line = one_line(&output);
    assert!(
        line.contains(&format!(
            "holds {} lines where its run wrote {}",
            lines.len() - 2,
            lines.len()
        )) && line.contains("a line was removed")
            && line.contains("export"),
        "{line}"
    );

    // A line repeated, and a run not finished: export's words, not compare's.
    std::fs::write(&file, format!("{text}{}\n", lines[0])).unwrap();
    let output = export(run_text);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let line = one_line(&output);
    assert!(line.contains("export cannot tell which copy"), "{line}");
    assert!(!line.contains("compare"), "{line}");
    std::fs::write(&file, format!("{text}{{\"schema\":1,\"tr")).unwrap();
    let output = export(run_text);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let line = one_line(&output);
    assert!(line.contains("export takes only a finished run"), "{line}");
    assert!(!line.contains("compare"), "{line}");
}

/// `record` with every wall time `ns` (five runs) and the machine's yardstick at 40 µs.
fn timed_at(record: &serde_json::Value, ns: u64) -> serde_json::Value {
    let mut r = record.clone();
    let wall = &mut r["wall_ns"];
    for key in ["median", "min", "max", "p50", "p90", "p99"] {
        wall[key] = ns.into();
    }
    wall["samples"] = vec![ns; 5].into();
    wall["median_ci"] = vec![ns; 2].into();
    r["nps"] = (r["nodes"].as_f64().unwrap() / (ns as f64 * 1e-9)).into();
    r["machine_ns"] = 40_000.0.into();
    r
}

#[test]
fn compare_holds_parallel_searches_to_their_own_scatter() {
    let dir = tempfile::tempdir().unwrap();
    let text = stdout_of(&[
        "run",
        "--model",
        "random",
        "--degree",
        "5",
        "--height",
        "6",
        "--trees",
        "6",
        "--algo",
        "f1,f2,f2-iter,pvs,mtdf,aspiration,ybwc",
        "--threads",
        "1,2",
        "--repeat",
        "3",
        "--json",
    ]);
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let parallel = |r: &serde_json::Value| r["algo"] == "ybwc";
    assert_eq!(records.iter().filter(|r| parallel(r)).count(), 12);
    const MS: u64 = 1_000_000;
    let write = |name: &str, records: &[serde_json::Value]| {
        let path = dir.path().join(name);
        let text: String = records.iter().map(|r| format!("{r}\n")).collect();
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let base: Vec<_> = records.iter().map(|r| timed_at(r, MS)).collect();
    let base = write("base.jsonl", &base);
    // Between the runs the machine moved the serial searches by 2% at most and the
    // parallel ones, which wait for their pool's threads, by up to 40%; one parallel
    // search is 1.9 times as slow, within what the machine did to the others.
    let moved = |slow_parallel: f64, slow_serial: f64| -> Vec<serde_json::Value> {
        let (mut p, mut s) = (0, 0);
        records
            .iter()
            .map(|r| {
                let f = if parallel(r) {
                    p += 1;
                    if p == 5 {
                        slow_parallel
                    } else {
                        1.0 + 0.4 * (p as f64 * 2.4).sin()
                    }
                } else {
                    s += 1;
                    if s == 7 {
                        slow_serial
                    } else {
                        1.0 + 0.02 * (s as f64 * 2.4).sin()
                    }
                };
                timed_at(r, (MS as f64 * f) as u64)
            })
            .collect()
    };
    let new = write("new.jsonl", &moved(1.9, 1.0));
    let output = abbench(&["compare", &base, &new, "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{json}");
    let drift = &json["machine_drift"];
    assert!(
        drift["parallel_noise_high"].as_f64().unwrap() > 1.9,
        "{json}"
    );
    assert!(drift["noise_high"].as_f64().unwrap() < 1.9, "{json}");
    // A serial search 1.5 times as slow stands out of the serial searches' scatter.
    let new = write("serial.jsonl", &moved(1.0, 1.5));
    let output = abbench(&["compare", &base, &new, "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(1), "{json}");
    let slower: Vec<&serde_json::Value> = json["changes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["change"] == "slower")
        .collect();
    assert_eq!(slower.len(), 1, "{json}");
    assert_ne!(slower[0]["algo"], "ybwc");
}

/// A time limit the CLI accepts holds the epochs a test needs: when the time left would
/// not hold them at full length (a restart between epochs costs time too), the epochs
/// shorten, so that every accepted limit can decide.
#[test]
fn an_accepted_time_limit_times_the_epochs_a_test_needs() {
    let dir = tempfile::tempdir().unwrap();
    let suite = tiny_suite(dir.path());
    let bin = binary();
    let bin = bin.to_str().unwrap();
    for (max_time, epoch) in [("4", "0.5"), ("5", "0.625")] {
        let output = abbench(&[
            "-q",
            "ab",
            bin,
            bin,
            "--suite",
            &suite,
            "--max-time",
            max_time,
            "--epoch",
            epoch,
            "--json",
        ]);
        let text = String::from_utf8_lossy(&output.stdout);
        let outcome: serde_json::Value = serde_json::from_str(text.trim())
            .unwrap_or_else(|e| panic!("{e}: {text}{}", stderr(&output)));
        let epochs = outcome["epochs"].as_u64().unwrap();
        assert!(
            epochs >= 8,
            "--max-time {max_time} --epoch {epoch}: {epochs} epochs"
        );
    }
}
