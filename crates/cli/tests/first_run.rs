//! What a new user meets first: a run folder taken wherever a run is (`report`,
//! `check-calibration`), a check that says why it compared nothing, and a simulation
//! that says when its tree is too small to split.

use crate::support;
use std::path::{Path, PathBuf};
use support::{abbench, stdout_of};

/// A run folder holding the records of `abbench run --json` on a small random tree:
/// f2-iter and ybwc at one and two threads.
fn small_run(dir: &Path) -> PathBuf {
    small_run_named(dir, "run")
}

/// [`small_run`] in the folder `name`.
fn small_run_named(dir: &Path, name: &str) -> PathBuf {
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

#[test]
fn report_takes_one_run_folder() {
    let dir = tempfile::tempdir().unwrap();
    let run = small_run(dir.path());
    let out = dir.path().join("report");
    let output = abbench(&[
        "report",
        run.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(md.contains("random d=4 h=6"), "{md}");
}

#[test]
fn check_calibration_takes_a_run_folder_and_says_why_it_compared_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let run = small_run(dir.path());
    let run = run.to_str().unwrap();
    // The defaults (threads 4, 8, 16) leave out every record of a two-thread run: the
    // output says so and names the option that takes them in.
    let text = stdout_of(&["check-calibration", run]);
    assert!(
        text.contains("no rows to compare: no parallel record was measured at --threads 4,8,16")
            && text.contains("pass --threads 1,2"),
        "{text}"
    );
    // At the run's thread counts the small tree is under the default serial time.
    let text = stdout_of(&["check-calibration", run, "--threads", "2"]);
    assert!(
        text.contains("under --min-serial-ms 5") && text.contains("--min-serial-ms 0"),
        "{text}"
    );
    // With both opened, rows.
    let text = stdout_of(&[
        "check-calibration",
        run,
        "--threads",
        "2",
        "--min-serial-ms",
        "0",
    ]);
    assert!(text.contains("median |gap|"), "{text}");
}

#[test]
fn a_simulation_that_never_splits_says_so() {
    // The default tree, d4 h6, is below ybwc's automatic split height.
    let text = stdout_of(&["simulate", "--algo", "ybwc", "--procs", "1,2,16"]);
    assert!(
        text.contains("NOTE: ybwc never split on random d=4 h=6 seed 1 at 2, 16 processors"),
        "{text}"
    );
    // A tree with split points has no such note.
    let text = stdout_of(&[
        "simulate",
        "--algo",
        "ybwc",
        "--procs",
        "1,2",
        "--split-height",
        "2",
    ]);
    assert!(!text.contains("never split"), "{text}");
}

#[test]
fn a_cost_profile_taken_under_load_is_marked_so_in_the_report() {
    let dir = tempfile::tempdir().unwrap();
    let run = small_run(dir.path());
    let profile = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/runs/2026-11-25-xeon16/calibration.json"
    );
    let mut profile: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(profile).unwrap()).unwrap();
    let report = |profile: &serde_json::Value, name: &str| {
        std::fs::write(run.join("calibration.json"), profile.to_string()).unwrap();
        let out = dir.path().join(name);
        stdout_of(&[
            "report",
            run.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        std::fs::read_to_string(out.join("report.md")).unwrap()
    };
    // Quiet (or not known, as in profiles written before the load was kept): no word.
    let md = report(&profile, "quiet");
    assert!(md.contains("## Simulated scaling"), "{md}");
    assert!(!md.contains("taken under load"), "{md}");
    // The README's build step just before the sweep: a load of 2.5 on 2 threads.
    profile["machine"]["cores"] = 2.into();
    profile["machine"]["load_average"] = 2.5.into();
    let md = report(&profile, "busy");
    assert!(
        md.contains(
            "**The cost profile was taken under load (load average 2.50 on 2 hardware threads)"
        ),
        "{md}"
    );
}

#[test]
fn two_runs_of_one_seed_each_side_by_side_say_one_seed() {
    let dir = tempfile::tempdir().unwrap();
    let first = small_run_named(dir.path(), "first");
    let second = small_run_named(dir.path(), "second");
    let out = dir.path().join("both");
    stdout_of(&[
        "report",
        first.to_str().unwrap(),
        second.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(md.contains("| first (1 seed) | second (1 seed) |"), "{md}");
    assert!(!md.contains("(1 seeds)"), "{md}");
}

#[test]
fn sweep_help_says_what_the_output_folder_must_be() {
    let help = stdout_of(&["sweep", "--help"]);
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(help.contains("it must be new or empty"), "{help}");
    assert!(
        help.contains("with -2, -3, … for a second run on one day"),
        "{help}"
    );
    assert!(!help.contains("must not hold a results.jsonl"), "{help}");
}
