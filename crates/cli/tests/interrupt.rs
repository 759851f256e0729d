//! Ctrl-C, SIGTERM, SIGHUP or SIGQUIT during `abbench sweep`: the process is sent SIGINT
//! (`kill -INT`), SIGTERM (what `timeout` and CI runners send), SIGHUP (a closed terminal)
//! or SIGQUIT while a long search runs, and must stop within about a second with exit
//! code 128 + the signal, every line of `results.jsonl` a whole
//! record, and `report.md` and `machine.json` saying that the run is incomplete.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One small tree whose records are written at once, then one search (F0 over a billion
/// positions) that runs for many seconds: the signal arrives while it runs, so the sweep
/// must abandon a search that does not stop by itself.
const SUITE: &str = r#"
name = "interrupted"
repeat = 1
warmup = 0
threads = [1, 2]

[[workload]]
model = "random"
degree = 3
height = 4
algorithms = ["f2-iter", "ybwc"]

[[workload]]
model = "random"
degree = 8
height = 10
algorithms = ["f0"]
"#;

fn lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

/// Ctrl-C, SIGTERM, SIGHUP (a closed terminal or SSH connection: without a handler the
/// sweep would die at once, leaving a folder without its report) and SIGQUIT, one after
/// another: each sweep calibrates with every core busy, and the time to stop is asserted,
/// so no two should share the cores.
#[test]
fn every_stop_signal_stops_a_sweep_promptly_and_keeps_whole_records() {
    for (signal, code, name) in [
        ("INT", 130, "SIGINT"),
        ("TERM", 143, "SIGTERM"),
        ("HUP", 129, "SIGHUP"),
        ("QUIT", 131, "SIGQUIT"),
    ] {
        stops_promptly_and_keeps_whole_records(signal, code, name);
    }
}

/// The sweeps that are sent a signal take turns: each calibrates with every core busy,
/// and the time to stop is asserted.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn stops_promptly_and_keeps_whole_records(signal: &str, code: i32, name: &str) {
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("suite.toml");
    std::fs::write(&suite, SUITE).unwrap();
    let run = dir.path().join("run");
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("abbench"))
        .args(["sweep", "--suite"])
        .arg(&suite)
        .arg("--out")
        .arg(&run)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let results = run.join("results.jsonl");
    let waiting = Instant::now();
    while lines(&results) < 7 {
        assert!(
            waiting.elapsed() < Duration::from_secs(60),
            "no record after a minute"
        );
        assert!(child.try_wait().unwrap().is_none(), "the sweep ended early");
        std::thread::sleep(Duration::from_millis(20));
    }
    // The long search has started (or is about to): give it a moment to be under way.
    std::thread::sleep(Duration::from_millis(200));
    assert!(child.try_wait().unwrap().is_none(), "the sweep ended early");

    let signalled = Instant::now();
    let kill = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            signalled.elapsed() < Duration::from_secs(10),
            "still running 10 s after SIG{signal}"
        );
        std::thread::sleep(Duration::from_millis(10));
    };
    let took = signalled.elapsed();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();

    assert_eq!(status.code(), Some(code), "{stderr}");
    assert!(
        took < Duration::from_millis(2500),
        "took {took:?} to stop after SIG{signal}"
    );
    let last = stderr.lines().last().unwrap();
    assert!(
        last.starts_with(&format!(
            "abbench: error: stopped by {name}: 7 results kept in "
        )),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        stdout.contains("INCOMPLETE: interrupted after 1 of 2 trees"),
        "{stdout}"
    );

    let text = std::fs::read_to_string(&results).unwrap();
    assert!(text.ends_with('\n'), "a cut-off last line");
    for line in text.lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["schema"], 1);
        assert!(record["value"].is_i64(), "{line}");
    }
    assert_eq!(
        text.lines().count(),
        7,
        "f2-iter, the four other serial candidates, and ybwc at 1 and 2 threads"
    );

    let report = std::fs::read_to_string(run.join("report.md")).unwrap();
    let top: Vec<&str> = report.lines().take(3).collect();
    assert!(
        top[2].starts_with("> ⚠ **INCOMPLETE RUN**: interrupted after 1 of 2 trees"),
        "{top:?}"
    );
    let machine: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(run.join("machine.json")).unwrap()).unwrap();
    assert!(
        machine["incomplete"]
            .as_str()
            .unwrap()
            .starts_with("interrupted"),
        "{machine}"
    );
    assert_eq!(machine["status"], "interrupted", "{machine}");
    // An interrupted run is never compared (never a pass).
    let compared = Command::new(assert_cmd::cargo::cargo_bin("abbench"))
        .arg("compare")
        .arg(&results)
        .arg(&results)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&compared.stderr);
    assert_eq!(compared.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("the run is interrupted (interrupted after"),
        "{stderr}"
    );
    // The report rebuilds from what was kept, and says it is incomplete.
    let rebuilt = dir.path().join("rebuilt");
    let output = Command::new(assert_cmd::cargo::cargo_bin("abbench"))
        .arg("report")
        .arg(&results)
        .arg("--out")
        .arg(&rebuilt)
        .output()
        .unwrap();
    assert!(output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("note: INCOMPLETE RUN: interrupted after"),
        "{stderr}"
    );
    // The interrupted sweep wrote its report at once, without the simulation, and named
    // the command that adds it; the rebuilt report has it, and is otherwise the same.
    let rebuilt = std::fs::read_to_string(rebuilt.join("report.md")).unwrap();
    let skipped = "Not simulated: the sweep was interrupted, and its report is written at once";
    assert!(report.contains(skipped), "{report}");
    assert!(report.contains("` adds the simulation."), "{report}");
    assert!(!rebuilt.contains(skipped), "{rebuilt}");
    assert!(rebuilt.contains("| ybwc |"), "{rebuilt}");
    let before_plots = |text: &str| text.split("## Plots").next().unwrap().to_string();
    assert_eq!(before_plots(&rebuilt), before_plots(&report));
}

/// A sweep stopped by SIGTERM before its first search finished has no records: `report`
/// says that the run was interrupted then, not only that the file is empty.
#[test]
fn a_report_of_a_sweep_stopped_before_its_first_search_says_so() {
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("suite.toml");
    // Only the long search: nothing is written before the signal.
    let long = &SUITE[SUITE.rfind("[[workload]]").unwrap()..];
    std::fs::write(
        &suite,
        format!("name = \"stopped\"\nrepeat = 1\nwarmup = 0\n\n{long}"),
    )
    .unwrap();
    let run = dir.path().join("run");
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("abbench"))
        .args(["-q", "sweep", "--suite"])
        .arg(&suite)
        .arg("--out")
        .arg(&run)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let waiting = Instant::now();
    while !run.join("machine.json").is_file() {
        assert!(waiting.elapsed() < Duration::from_secs(60), "no run folder");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(300));
    let kill = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    assert_eq!(child.wait().unwrap().code(), Some(143));
    assert_eq!(lines(&run.join("results.jsonl")), 0);
    let output = Command::new(assert_cmd::cargo::cargo_bin("abbench"))
        .arg("report")
        .arg(&run)
        .arg("--out")
        .arg(dir.path().join("again"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("the run was interrupted before any search finished"),
        "{stderr}"
    );
}
