//! `abbench report RUN RUN… --out DIR`: runs of different machines side by side — a
//! table per shared workload with a column per run, one figure, each run labelled with
//! its machine — and the inputs it refuses.

use crate::support;
use support::abbench;

const RUN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../results/tests/data/runs/2026-11-22-vm"
);

/// A copy of the committed run as if measured on another machine.
fn other_machine(dir: &std::path::Path) -> std::path::PathBuf {
    let other = dir.join("other");
    std::fs::create_dir(&other).unwrap();
    std::fs::copy(format!("{RUN}/results.jsonl"), other.join("results.jsonl")).unwrap();
    let mut machine: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(format!("{RUN}/machine.json")).unwrap())
            .unwrap();
    machine["cpu_model"] = "Intel(R) Xeon(R) Gold 6338N CPU @ 2.20GHz".into();
    machine["logical_cores"] = 16.into();
    std::fs::write(other.join("machine.json"), machine.to_string()).unwrap();
    other
}

#[test]
fn two_machines_side_by_side() {
    let dir = tempfile::tempdir().unwrap();
    let other = other_machine(dir.path());
    let out = dir.path().join("both");
    let output = abbench(&[
        "report",
        RUN,
        other.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(
        md.starts_with("# abbench report: 2 runs side by side"),
        "{md}"
    );
    assert!(md.contains("| AMD EPYC, 2 threads | AMD EPYC |"), "{md}");
    assert!(md.contains("| Intel Xeon Gold 6338N, 16 threads |"), "{md}");
    assert!(
        md.contains(
            "| algorithm | threads | AMD EPYC, 2 threads (12 seeds) | Intel Xeon Gold 6338N, 16 threads (12 seeds) |"
        ),
        "{md}"
    );
    // The same records on both sides: the same cells.
    let row = md
        .lines()
        .find(|l| l.starts_with("| ybwc | 2 |"))
        .unwrap_or_else(|| panic!("{md}"));
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    assert_eq!(cells[3], cells[4], "{row}");
    assert!(cells[3].ends_with('%') && cells[3].contains("×, "), "{row}");
    let svg = std::fs::read_to_string(out.join("speedup-machines.svg")).unwrap();
    assert!(
        svg.contains("Intel Xeon Gold 6338N, 16 threads: ybwc"),
        "legend"
    );
    assert!(svg.contains("AMD EPYC, 2 threads: root-split"), "legend");
}

#[test]
fn what_cannot_be_set_side_by_side_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let other = other_machine(dir.path());
    let other = other.to_str().unwrap();
    // Into a run folder: its own report would be replaced.
    let output = abbench(&["report", RUN, other, "--out", other]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("holds a run's results.jsonl"));
    // No workload in common.
    let serial = dir.path().join("serial.jsonl");
    let line = std::fs::read_to_string(format!("{RUN}/results.jsonl"))
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    std::fs::write(&serial, format!("{line}\n")).unwrap();
    let out = dir.path().join("out");
    let output = abbench(&[
        "report",
        RUN,
        serial.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("nothing to set side by side"), "{stderr}");
    // An incomplete run.
    std::fs::write(
        format!("{other}/machine.json"),
        r#"{"status": "interrupted", "incomplete": "interrupted after 1 of 9 trees"}"#,
    )
    .unwrap();
    let output = abbench(&["report", RUN, other, "--out", out.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("the run is interrupted"), "{stderr}");
    assert!(!out.exists(), "nothing written");
}
