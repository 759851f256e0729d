//! Nothing measured is lost, and nothing half-written is taken for whole: a write cut
//! short (a full disk, a file-size limit, a writer killed mid-line) leaves the whole
//! lines before it readable, and no command writes over the files of a run folder it
//! did not create.

use assert_cmd::cargo::cargo_bin;
use std::path::Path;
use std::process::{Command, Output};

use crate::support;
use support::abbench;

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
trees = 16
algorithms = ["f2-iter", "ybwc"]
"#;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `abbench args` in `dir` with files limited to `kib` KiB and SIGXFSZ ignored, so that
/// a write past the limit fails with "File too large" as a full disk's would.
fn with_file_limit(dir: &Path, kib: u32, args: &[&str]) -> Output {
    Command::new("bash")
        .arg("-c")
        .arg(format!("ulimit -f {kib}; trap '' XFSZ; exec \"$0\" \"$@\""))
        .arg(cargo_bin("abbench"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// A run folder of [`SUITE`] swept into `dir/name`.
fn swept(dir: &Path, name: &str) -> std::path::PathBuf {
    let suite = dir.join("suite.toml");
    std::fs::write(&suite, SUITE).unwrap();
    let run = dir.join(name);
    let output = abbench(&[
        "sweep",
        "--suite",
        &suite.display().to_string(),
        "--out",
        &run.display().to_string(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    run
}

#[test]
fn a_write_cut_short_leaves_no_torn_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("suite.toml"), SUITE).unwrap();
    // 8 KiB: the records of a few trees, and a record that does not fit after them.
    let output = with_file_limit(
        dir.path(),
        8,
        &["sweep", "--suite", "suite.toml", "--out", "run"],
    );
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    // The first write that failed is the one named, not the report files after it.
    let error: Vec<&str> = stderr.lines().filter(|l| l.contains("error:")).collect();
    assert_eq!(
        error,
        ["abbench: error: run/results.jsonl: File too large (os error 27)"],
        "{stderr}"
    );
    let results = std::fs::read_to_string(dir.path().join("run/results.jsonl")).unwrap();
    assert!(results.len() > 1000, "{results}");
    assert!(results.ends_with('\n'), "a torn last line: {results}");
    for line in results.lines() {
        serde_json::from_str::<serde_json::Value>(line).unwrap();
    }
}

#[test]
fn a_torn_file_without_its_machine_is_reported_incomplete_in_the_report_too() {
    let dir = tempfile::tempdir().unwrap();
    let run = swept(dir.path(), "run");
    let whole = std::fs::read_to_string(run.join("results.jsonl")).unwrap();
    let lines = whole.lines().count();
    // Only the records, cut inside the last one, with no machine.json beside them.
    let alone = dir.path().join("alone");
    std::fs::create_dir(&alone).unwrap();
    let results = alone.join("results.jsonl");
    std::fs::write(&results, &whole[..whole.len() - 20]).unwrap();
    let out = dir.path().join("report");
    let output = abbench(&[
        "report",
        &results.display().to_string(),
        "--out",
        &out.display().to_string(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    let torn = format!("line {lines} of results.jsonl is torn");
    assert!(
        report.contains("INCOMPLETE RUN") && report.contains(&torn),
        "{report}"
    );
}

#[test]
fn a_torn_last_line_keeps_the_lines_before_it_and_marks_the_run_incomplete() {
    let dir = tempfile::tempdir().unwrap();
    let run = swept(dir.path(), "run");
    let results = run.join("results.jsonl");
    let whole = std::fs::read_to_string(&results).unwrap();
    let lines = whole.lines().count();
    // A writer killed mid-line: half of the last record, without its newline.
    let last = whole.trim_end().rfind('\n').unwrap() + 1;
    let cut = last + (whole.len() - last) / 2;
    std::fs::write(&results, &whole[..cut]).unwrap();

    let results_arg = results.display().to_string();
    let out = dir.path().join("report");
    let output = abbench(&["report", &results_arg, "--out", &out.display().to_string()]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    let torn = format!("line {lines} of results.jsonl is torn");
    assert!(
        stderr.contains("INCOMPLETE RUN") && stderr.contains(&torn),
        "{stderr}"
    );
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(
        report.contains("INCOMPLETE RUN") && report.contains(&torn),
        "{report}"
    );
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    assert_eq!(
        summary.lines().count(),
        lines,
        "a header and every whole line"
    );

    // check-calibration checks what there is, and says it is not the whole run.
    let output = abbench(&["check-calibration", &results_arg]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("INCOMPLETE RUN") && stderr.contains(&torn),
        "{stderr}"
    );

    // compare and export take complete runs only.
    let run_arg = run.display().to_string();
    for args in [
        vec!["compare", &run_arg, &run_arg],
        vec!["export", &run_arg, "--format", "bencher"],
    ] {
        let output = abbench(&args);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!("results.jsonl:{lines}: the run is incomplete"))
                && stderr.contains(&torn),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn check_calibration_says_when_a_run_is_unfinished() {
    let dir = tempfile::tempdir().unwrap();
    let run = swept(dir.path(), "run");
    let results = run.join("results.jsonl").display().to_string();
    let output = abbench(&["check-calibration", &results]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("INCOMPLETE"), "{stderr}");
    // As a sweep still writing the folder leaves it (here, with no sweep holding its
    // lock: one killed outright).
    let machine = run.join("machine.json");
    let text_of = std::fs::read_to_string(&machine).unwrap();
    std::fs::write(
        &machine,
        text_of.replace("\"status\": \"complete\"", "\"status\": \"running\""),
    )
    .unwrap();
    let output = abbench(&["check-calibration", &results]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(&format!("INCOMPLETE RUN {results}: abandoned")),
        "{stderr}"
    );
}

#[test]
fn no_command_writes_over_its_input_or_a_runs_measurements() {
    let dir = tempfile::tempdir().unwrap();
    let run = swept(dir.path(), "run");
    let other = swept(dir.path(), "other");
    let before: Vec<(String, Vec<u8>)> = ["results.jsonl", "machine.json", "calibration.json"]
        .iter()
        .map(|name| (name.to_string(), std::fs::read(run.join(name)).unwrap()))
        .collect();
    let at = |name: &str| run.join(name).display().to_string();
    let run_arg = run.display().to_string();
    let own_records = dir.path().join("records.jsonl");
    std::fs::copy(run.join("results.jsonl"), &own_records).unwrap();
    let own_records = own_records.display().to_string();
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec![
                "export".into(),
                run_arg.clone(),
                "--format".into(),
                "bencher".into(),
                "--out".into(),
                at("results.jsonl"),
            ],
            "results.jsonl of the run folder",
        ),
        (
            vec![
                "export".into(),
                own_records.clone(),
                "--format".into(),
                "bencher".into(),
                "--out".into(),
                own_records.clone(),
            ],
            "which this command reads",
        ),
        (
            vec!["simulate".into(), "--svg".into(), at("results.jsonl")],
            "results.jsonl of the run folder",
        ),
        (
            vec![
                "simulate".into(),
                "--calibration".into(),
                run_arg.clone(),
                "--svg".into(),
                at("calibration.json"),
            ],
            "calibration.json of the run folder",
        ),
        (
            vec!["calibrate".into(), "--out".into(), at("machine.json")],
            "machine.json of the run folder",
        ),
        (
            vec![
                "tree".into(),
                "--degree".into(),
                "2".into(),
                "--height".into(),
                "2".into(),
                "--write".into(),
                at("results.jsonl"),
            ],
            "results.jsonl of the run folder",
        ),
        (
            vec![
                "report".into(),
                other.join("results.jsonl").display().to_string(),
                "--out".into(),
                run_arg.clone(),
            ],
            "holds another run's results.jsonl",
        ),
    ];
    for (args, words) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let started = std::time::Instant::now();
        let output = abbench(&args);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(words), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(
            started.elapsed().as_secs() < 20,
            "{args:?}: refused only after the work"
        );
    }
    for (name, bytes) in &before {
        assert_eq!(
            &std::fs::read(run.join(name)).unwrap(),
            bytes,
            "{name} replaced"
        );
    }
    let records = std::fs::read_to_string(&own_records).unwrap();
    assert!(records.starts_with("{\"schema\":1"), "{records}");
}

#[test]
fn a_report_is_refused_while_another_writes_the_same_folder() {
    let dir = tempfile::tempdir().unwrap();
    let run = swept(dir.path(), "run");
    let out = dir.path().join("report");
    std::fs::create_dir(&out).unwrap();
    // What a report (or sweep) writing into the folder now holds.
    let lock = std::fs::File::create(out.join(".abbench.lock")).unwrap();
    lock.lock().unwrap();
    let results = run.join("results.jsonl").display().to_string();
    let out_arg = out.display().to_string();
    for args in [
        vec!["report", &results, "--out", &out_arg],
        vec!["report", &results, &results, "--out", &out_arg],
    ] {
        let output = abbench(&args);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains("another abbench command is writing into it now"),
            "{stderr}"
        );
        assert!(!out.join("report.md").exists());
    }
    drop(lock);
    let output = abbench(&["report", &results, "--out", &out_arg]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(out.join("report.md").exists());
}

#[test]
fn a_sweep_whose_report_cannot_be_written_is_failed_not_complete() {
    let dir = tempfile::tempdir().unwrap();
    // Two trees: their records fit under 12 KiB, the speedup plot does not.
    std::fs::write(
        dir.path().join("suite.toml"),
        SUITE.replace("trees = 16", "trees = 2"),
    )
    .unwrap();
    let output = with_file_limit(
        dir.path(),
        12,
        &["sweep", "--suite", "suite.toml", "--out", "run"],
    );
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("run/speedup.svg: File too large")
            && stderr.contains("the report lacks speedup.svg, nps.svg,")
            && stderr.contains("report.md"),
        "{stderr}"
    );
    let run = dir.path().join("run");
    let machine: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(run.join("machine.json")).unwrap()).unwrap();
    assert_eq!(machine["status"], "failed", "{machine}");
    let why = machine["incomplete"].as_str().unwrap();
    assert!(
        why.contains("its report could not be written") && why.contains("report.md"),
        "{why}"
    );
    let run_arg = run.display().to_string();
    for args in [
        vec!["compare", &run_arg, &run_arg],
        vec!["export", &run_arg, "--format", "bencher"],
    ] {
        let output = abbench(&args);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("the run is failed"), "{args:?}: {stderr}");
    }
}

#[test]
fn an_output_that_cannot_be_written_exits_two_before_the_work_and_on_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let run = swept(dir.path(), "run");
    let run_arg = run.display().to_string();
    // stdout on a full disk: as --out to one, exit 2.
    for args in [
        vec!["export", &run_arg, "--format", "bencher"],
        vec!["simulate", "--procs", "1,2"],
        vec!["run", "--degree", "3", "--height", "3", "--json"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let output = Command::new(cargo_bin("abbench"))
            .args(&args)
            .stdout(full)
            .output()
            .unwrap();
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("writing to stdout: No space left on device"),
            "{args:?}: {stderr}"
        );
    }
    // An --out or --svg where no file can be made: refused before the work.
    let nowhere = dir.path().join("missing").join("out");
    let nowhere = nowhere.display().to_string();
    for args in [
        vec!["calibrate", "--out", &nowhere],
        vec!["simulate", "--svg", &nowhere],
    ] {
        let started = std::time::Instant::now();
        let output = abbench(&args);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!("cannot write {nowhere}: No such file")),
            "{args:?}: {stderr}"
        );
        assert!(
            started.elapsed().as_secs() < 5,
            "{args:?}: refused only after the work"
        );
    }
}

#[test]
fn names_from_outside_never_split_a_line_or_become_markdown() {
    let dir = tempfile::tempdir().unwrap();
    let run = swept(dir.path(), "run\nfolder");
    let output = abbench(&[
        "sweep",
        "--suite",
        &dir.path().join("suite.toml").display().to_string(),
        "--out",
        &dir.path().join("second\nrun").display().to_string(),
    ]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let first = stdout.lines().next().unwrap();
    assert!(
        first.starts_with("run folder: ") && first.ends_with("second\\nrun"),
        "{stdout}"
    );
    // A CPU model that is Markdown and HTML, over two lines.
    let machine = run.join("machine.json");
    let mut described: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&machine).unwrap()).unwrap();
    described["cpu_model"] = "Chip\n# Heading <script>alert(1)</script> *bold* | cell".into();
    std::fs::write(&machine, described.to_string()).unwrap();
    let out = dir.path().join("report");
    let output = abbench(&[
        "report",
        &run.join("results.jsonl").display().to_string(),
        "--out",
        &out.display().to_string(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(!report.contains("<script>"), "{report}");
    assert!(
        !report.lines().any(|l| l.starts_with("# Heading")),
        "{report}"
    );
    assert!(
        report.contains(
            "**Chip \\# Heading \\<script\\>alert(1)\\</script\\> \\*bold\\* \\| cell — "
        ),
        "{report}"
    );
}

#[test]
fn a_sweep_whose_folder_is_removed_stops_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    // A hundred trees of about half a second each: nearly a minute to the end.
    let suite = dir.path().join("slow.toml");
    std::fs::write(
        &suite,
        SUITE
            .replace("degree = 3", "degree = 8")
            .replace("height = 4", "height = 9")
            .replace("trees = 16", "trees = 100")
            .replace(r#"["f2-iter", "ybwc"]"#, r#"["f2-iter"]"#),
    )
    .unwrap();
    let run = dir.path().join("run");
    let mut child = Command::new(cargo_bin("abbench"))
        .args(["sweep", "--suite"])
        .arg(&suite)
        .arg("--out")
        .arg(&run)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let results = run.join("results.jsonl");
    let started = std::time::Instant::now();
    while std::fs::read_to_string(&results).map_or(0, |t| t.lines().count()) < 2 {
        assert!(started.elapsed().as_secs() < 60, "no record after a minute");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::fs::remove_dir_all(&run).unwrap();
    let removed = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if removed.elapsed().as_secs() > 20 {
            child.kill().unwrap();
            panic!("the sweep went on measuring into a removed folder");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let output = child.wait_with_output().unwrap();
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("was removed during the sweep"), "{stderr}");
}

#[test]
fn a_run_whose_reader_has_gone_stops_early() {
    // Sixty trees: many seconds to the end, each tree well under one.
    let mut child = Command::new(cargo_bin("abbench"))
        .args([
            "run", "--degree", "8", "--height", "9", "--trees", "60", "--repeat", "1", "--warmup",
            "0",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // As `abbench run … | head -1` leaves it once head has exited.
    drop(child.stdout.take());
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed().as_secs() > 10 {
            child.kill().unwrap();
            panic!("the run went on with no reader for its results");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
}
