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

/// Many small trees: measured in seconds, and their SIMULATED section takes seconds more.
const SIMULATED_SUITE: &str = r#"
name = "simulated"
repeat = 1
warmup = 0
threads = [1, 2, 4, 8]

[[workload]]
model = "random"
degree = 4
height = 9
trees = 40
algorithms = ["f2-iter", "ybwc", "root-split", "er", "best-first"]
"#;

/// `abbench sweep` of `suite` into `dir/run`, its stderr read line by line into the
/// receiver.
fn spawn_sweep(
    dir: &Path,
    suite: &str,
) -> (
    std::process::Child,
    std::sync::mpsc::Receiver<String>,
    std::path::PathBuf,
) {
    let path = dir.join("suite.toml");
    std::fs::write(&path, suite).unwrap();
    let run = dir.join("run");
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("abbench"))
        .args(["sweep", "--force", "--suite"])
        .arg(&path)
        .arg("--out")
        .arg(&run)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    (child, receiver, run)
}

/// Waits for `child` to end, at most `limit`; its exit code.
fn exit_within(child: &mut std::process::Child, limit: Duration) -> Option<i32> {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        assert!(started.elapsed() < limit, "still running after {limit:?}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn machine_of(run: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(run.join("machine.json")).unwrap()).unwrap()
}

fn signal(child: &std::process::Child, signal: &str) {
    let kill = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
}

/// A signal while the report's SIMULATED section is simulated stops it: the report is
/// written at once without the section, the run is interrupted, and the exit is 128 plus
/// the signal.
#[test]
fn a_signal_while_the_report_simulates_writes_it_at_once_without_that_section() {
    for (name, code) in [("INT", 130), ("TERM", 143)] {
        let _turn = ONE_AT_A_TIME
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let dir = tempfile::tempdir().unwrap();
        let (mut child, lines, run) = spawn_sweep(dir.path(), SIMULATED_SUITE);
        let started = Instant::now();
        let mut seen = Vec::new();
        loop {
            let line = lines
                .recv_timeout(Duration::from_secs(120))
                .unwrap_or_else(|_| panic!("no SIMULATED line: {seen:?}"));
            assert!(started.elapsed() < Duration::from_secs(180));
            let simulating = line.contains("SIMULATED trees");
            seen.push(line);
            if simulating {
                break;
            }
        }
        signal(&child, name);
        let code_seen = exit_within(&mut child, Duration::from_secs(10));
        let took = started.elapsed();
        let rest: Vec<String> = lines.try_iter().collect();
        let mut stdout = String::new();
        child
            .stdout
            .take()
            .unwrap()
            .read_to_string(&mut stdout)
            .unwrap();
        assert_eq!(code_seen, Some(code), "SIG{name}: {rest:?}");
        let last = rest.last().unwrap();
        assert!(
            last.starts_with(&format!("abbench: error: stopped by SIG{name}: ")),
            "{rest:?} after {took:?}"
        );
        assert!(
            stdout.contains("INCOMPLETE: interrupted after 40 of 40 trees"),
            "{stdout}"
        );
        let machine = machine_of(&run);
        assert_eq!(machine["status"], "interrupted", "{machine}");
        let report = std::fs::read_to_string(run.join("report.md")).unwrap();
        assert!(
            report.contains("Not simulated: the sweep was interrupted"),
            "{report}"
        );
        assert!(report.contains("INCOMPLETE RUN"), "{report}");
        // Every record kept, and the report rebuilds from them with the simulation.
        let records = std::fs::read_to_string(run.join("results.jsonl")).unwrap();
        assert_eq!(machine["lines"], records.lines().count(), "{machine}");
        let rebuilt = dir.path().join("rebuilt");
        let output = Command::new(assert_cmd::cargo::cargo_bin("abbench"))
            .arg("report")
            .arg(&run)
            .arg("--out")
            .arg(&rebuilt)
            .output()
            .unwrap();
        assert!(output.status.success());
        let rebuilt = std::fs::read_to_string(rebuilt.join("report.md")).unwrap();
        assert!(!rebuilt.contains("Not simulated"), "{rebuilt}");
    }
}

/// A second signal exits at once, and still leaves the folder marked interrupted, with
/// every record written, never "running"; the report it lacks can be written. The same
/// signal twice at once (as a Ctrl-C reaches a sweep run under `timeout`, from the
/// terminal and from `timeout`) is one signal: the sweep stops as after one.
#[test]
fn a_second_signal_leaves_the_folder_marked_and_usable() {
    for (first, second, apart) in [
        ("TERM", "INT", Duration::from_millis(50)),
        ("INT", "HUP", Duration::ZERO),
        ("INT", "INT", Duration::ZERO),
    ] {
        let _turn = ONE_AT_A_TIME
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let dir = tempfile::tempdir().unwrap();
        let (mut child, lines, run) = spawn_sweep(dir.path(), SUITE);
        let results = run.join("results.jsonl");
        let waiting = Instant::now();
        while self::lines(&results) < 7 {
            assert!(waiting.elapsed() < Duration::from_secs(60), "no record");
            assert!(child.try_wait().unwrap().is_none(), "the sweep ended early");
            std::thread::sleep(Duration::from_millis(20));
        }
        std::thread::sleep(Duration::from_millis(200));
        signal(&child, first);
        std::thread::sleep(apart);
        signal(&child, second);
        let code = exit_within(&mut child, Duration::from_secs(10));
        let stderr: Vec<String> = lines.try_iter().collect();
        let echo = first == second;
        // The first's code when the sweep stopped before the second arrived.
        let code_of = |name: &str| match name {
            "INT" => 130,
            "TERM" => 143,
            _ => 129,
        };
        assert!(
            [code_of(first), code_of(second)].map(Some).contains(&code),
            "{first} {second} {apart:?}: {code:?} {stderr:?}"
        );
        let machine = machine_of(&run);
        assert_eq!(machine["status"], "interrupted", "{machine} {stderr:?}");
        assert_eq!(machine["lines"], 7, "{machine}");
        assert_eq!(self::lines(&results), 7);
        let second_line = stderr
            .iter()
            .any(|l| l.contains("stopped at once by a second signal"));
        if echo {
            // One stop: the report written, the usual last line.
            assert!(!second_line, "{stderr:?}");
            assert!(run.join("report.md").is_file());
            assert!(
                stderr
                    .last()
                    .unwrap()
                    .starts_with("abbench: error: stopped by SIGINT: 7 results kept"),
                "{stderr:?}"
            );
        } else {
            assert!(second_line, "{stderr:?}");
        }
        // Marked, not abandoned: refused as interrupted, and its report can be written.
        let compared = Command::new(assert_cmd::cargo::cargo_bin("abbench"))
            .arg("compare")
            .arg(&run)
            .arg(&run)
            .output()
            .unwrap();
        let refused = String::from_utf8_lossy(&compared.stderr);
        assert_eq!(compared.status.code(), Some(2), "{refused}");
        assert!(refused.contains("the run is interrupted"), "{refused}");
        let output = Command::new(assert_cmd::cargo::cargo_bin("abbench"))
            .arg("report")
            .arg(&run)
            .arg("--out")
            .arg(&run)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(run.join("report.md").is_file());
    }
}
