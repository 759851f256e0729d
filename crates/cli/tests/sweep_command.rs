//! `abbench sweep` and `abbench report`: the quick suite swept into a fresh folder gives a
//! complete run folder, and `report` rebuilds the same report from its results alone.

use assert_cmd::Command;
use std::path::Path;

use crate::support;
use support::abbench;

const RUN_FILES: &[&str] = &[
    "results.jsonl",
    "summary.csv",
    "report.md",
    "machine.json",
    "speedup.svg",
    "nps.svg",
    "search-overhead.svg",
    "theory.svg",
];

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn the_quick_suite_fills_a_run_folder_and_report_rebuilds_it() {
    let dir = tempfile::tempdir().unwrap();
    let run = dir.path().join("run");
    let run_arg = run.display().to_string();
    let output = abbench(&[
        "sweep", "--suite", "quick", "--repeat", "2", "--out", &run_arg,
    ]);
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(0), "{stderr}");

    for name in RUN_FILES {
        let path = run.join(name);
        let size = std::fs::metadata(&path).map_or(0, |m| m.len());
        assert!(size > 0, "{} missing or empty", path.display());
    }
    // Stdout: the folder, then the summary.
    assert!(
        stdout.starts_with(&format!("run folder: {run_arg}\n")),
        "{stdout}"
    );
    assert!(
        stdout.contains("every result agrees with serial F2"),
        "{stdout}"
    );
    assert!(stdout.contains("speedup at 2 threads"), "{stdout}");
    // Stderr: the plan with its seeds, and a line per tree; no bar outside a terminal.
    assert!(stderr.contains("sweep of suite `quick`"), "{stderr}");
    assert!(stderr.contains("2 timed runs after 1 warm-up"), "{stderr}");
    assert!(
        stderr.contains(
            "random d=8 h=8, seeds 1–2: f1 f2 f2-iter root-split ybwc (and mtdf pvs \
             aspiration f2-soft, the fastest serial search's candidates)"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("random d=8 h=8 seed 2: 11 results in"),
        "{stderr}"
    );
    assert!(!stderr.contains('\r') && !stderr.contains("[="), "{stderr}");
    // After the last tree, the report's SIMULATED section says how far it has got.
    let simulated: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("SIMULATED trees for the report's scaling section"))
        .collect();
    assert!(
        simulated.len() >= 2 && simulated.last().unwrap().contains("[") && {
            let last = simulated.last().unwrap();
            let counts = last.split(['[', ']']).nth(1).unwrap();
            let (done, total) = counts.trim().split_once('/').unwrap();
            done.trim() == total
        },
        "{stderr}"
    );

    // Every record written, each with the overridden repeat.
    let results = std::fs::read_to_string(run.join("results.jsonl")).unwrap();
    let records: Vec<serde_json::Value> = results
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(records.len() > 100, "{}", records.len());
    assert!(records.iter().all(|r| r["verified"] == true));
    assert!(
        records
            .iter()
            .all(|r| r["wall_ns"]["samples"].as_array().unwrap().len() == 2)
    );
    let machine: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(run.join("machine.json")).unwrap()).unwrap();
    assert_eq!(machine["suite"], "quick");
    assert_eq!(machine["repeat"], 2);
    assert_eq!(machine["threads"], serde_json::json!([1, 2]));
    assert_eq!(machine["allocator"], "mimalloc (v2)");
    assert_eq!(machine["command_line"][0], "abbench");
    assert_eq!(machine["command_line"][1], "sweep");

    // A second sweep into the same folder is refused and leaves it alone.
    let again = abbench(&["sweep", "--suite", "quick", "--out", &run_arg]);
    assert_eq!(again.status.code(), Some(2));
    assert!(text(&again.stderr).contains("already holds results.jsonl"));
    assert_eq!(
        std::fs::read_to_string(run.join("results.jsonl")).unwrap(),
        results
    );

    // `report` rebuilds the same report and plots elsewhere.
    let rebuilt = dir.path().join("rebuilt");
    let output = abbench(&[
        "report",
        &run.join("results.jsonl").display().to_string(),
        "--out",
        &rebuilt.display().to_string(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    for name in RUN_FILES
        .iter()
        .filter(|n| !["results.jsonl", "machine.json"].contains(n))
    {
        assert_eq!(
            read(&rebuilt.join(name)),
            read(&run.join(name)),
            "{name} differs after rebuilding"
        );
        assert!(text(&output.stdout).contains(name), "{name} not listed");
    }
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_default_folder_is_dated_under_the_current_directory() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("tiny.toml");
    std::fs::write(
        &suite,
        "repeat = 1\nthreads = [1]\n\n[[workload]]\nmodel = \"random\"\ndegree = 3\nheight = 3\n",
    )
    .unwrap();
    let output = Command::cargo_bin("abbench")
        .unwrap()
        .current_dir(dir.path())
        .args(["sweep", "--suite", "tiny.toml"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let runs: Vec<_> = std::fs::read_dir(dir.path().join("reports/runs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(runs.len(), 1, "{runs:?}");
    assert!(
        text(&output.stdout).starts_with(&format!("run folder: reports/runs/{}\n", runs[0])),
        "{}",
        text(&output.stdout)
    );
    assert!(
        dir.path()
            .join("reports/runs")
            .join(&runs[0])
            .join("report.md")
            .is_file()
    );
}
