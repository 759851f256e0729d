//! A refused command prints only its one error line, notes included; an option that
//! changes nothing gets a note; and the notes and headers name only what runs.

use crate::support;
use support::abbench;

/// A connect-four position whose published score is 2.
const LATE: &str = "65174343377472347766564614";

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The notes a successful `abbench args…` printed.
fn notes(args: &[&str]) -> Vec<String> {
    let output = abbench(args);
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{args:?}: {stderr}");
    stderr
        .lines()
        .filter_map(|l| l.strip_prefix("abbench: note: "))
        .map(str::to_string)
        .collect()
}

#[test]
fn a_refusal_after_a_note_is_one_line() {
    for args in [
        // A parameter the model ignores, then a tree too large.
        vec![
            "run", "--model", "worst", "--values", "10", "--degree", "3", "--height", "40",
        ],
        vec![
            "verify", "--model", "worst", "--values", "10", "--degree", "4", "--height", "60",
        ],
        vec![
            "tree", "--model", "worst", "--values", "10", "--degree", "3", "--height", "40",
            "--stats",
        ],
        // A setting noted as changing nothing at one thread, then refused as too small.
        vec![
            "run",
            "--algo",
            "er",
            "--keep-limit",
            "1",
            "--degree",
            "4",
            "--height",
            "6",
        ],
    ] {
        let output = abbench(&args);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("abbench: error: "), "{args:?}: {stderr}");
    }
    // The notes of a command that goes on are kept.
    assert_eq!(
        notes(&[
            "run", "--model", "worst", "--values", "10", "--degree", "3", "--height", "3",
        ]),
        ["--values applies only to the random model; the worst model ignores it"]
    );
}

#[test]
fn an_empty_algorithm_name_is_refused_as_an_empty_thread_count_is() {
    for list in ["er,", ",ybwc", "f2,,ybwc", ","] {
        for command in ["run", "verify"] {
            let output = abbench(&[command, "--algo", list, "--degree", "3", "--height", "3"]);
            let stderr = text(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{command} {list}: {stderr}");
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
            assert!(stderr.contains("--algo"), "{stderr}");
        }
    }
}

#[test]
fn threads_with_only_serial_algorithms_and_trees_with_positions_are_noted() {
    let tree = ["--degree", "3", "--height", "3"];
    for algos in ["f2", "f2-iter,mtdf"] {
        for threads in ["4", "1,2"] {
            let noted =
                notes(&[&["run", "--algo", algos, "--threads", threads], &tree[..]].concat());
            assert!(
                noted
                    .iter()
                    .any(|n| n.starts_with("--threads applies only to the parallel")),
                "{algos} {threads}: {noted:?}"
            );
        }
    }
    // Not when a parallel algorithm reads them, nor at one thread.
    assert!(
        notes(&[&["run", "--algo", "f2,ybwc", "--threads", "2"], &tree[..]].concat()).is_empty()
    );
    assert!(notes(&[&["run", "--algo", "f2", "--threads", "1"], &tree[..]].concat()).is_empty());

    let dir = tempfile::tempdir().unwrap();
    let positions = dir.path().join("positions.txt");
    std::fs::write(&positions, format!("{LATE} 2\n")).unwrap();
    let positions = positions.to_str().unwrap();
    let noted = notes(&[
        "run",
        "--model",
        "connect4",
        "--positions",
        positions,
        "--trees",
        "3",
        "--algo",
        "f2-iter",
    ]);
    assert!(
        noted
            .iter()
            .any(|n| n.starts_with("--trees 3 applies only to the seeded models")),
        "{noted:?}"
    );
    for command in ["run", "verify"] {
        let plain = [command, "--model", "connect4", "--positions", positions];
        assert!(notes(&[&plain[..], &["--algo", "f2-iter"]].concat()).is_empty());
    }
    // verify's own thread counts, not given, are no note.
    let noted = notes(&[&["verify", "--algo", "f2"], &tree[..]].concat());
    assert!(noted.is_empty(), "{noted:?}");
    let noted = notes(&[&["verify", "--algo", "f2", "--threads", "4"], &tree[..]].concat());
    assert_eq!(noted.len(), 1, "{noted:?}");
}

#[test]
fn a_byte_order_mark_in_a_positions_file_is_no_move() {
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("plain.txt");
    let marked = dir.path().join("marked.txt");
    std::fs::write(&plain, format!("{LATE} 2\n")).unwrap();
    std::fs::write(&marked, format!("\u{feff}{LATE} 2\n")).unwrap();
    let run = |path: &std::path::Path| {
        let output = abbench(&[
            "verify",
            "--model",
            "connect4",
            "--positions",
            path.to_str().unwrap(),
            "--algo",
            "f2-iter",
        ]);
        assert!(output.status.success(), "{}", text(&output.stderr));
        text(&output.stdout)
    };
    let (plain, marked) = (run(&plain), run(&marked));
    assert_eq!(plain.lines().count(), marked.lines().count(), "{marked}");
}

#[test]
fn simulate_notes_every_algorithm_that_never_split() {
    let output = abbench(&[
        "simulate",
        "--algo",
        "er,best-first,ybwc,root-split",
        "--split-height",
        "100",
        "--procs",
        "1,2",
    ]);
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    for algo in ["er", "best-first", "ybwc"] {
        assert!(
            stdout.contains(&format!("NOTE: {algo} never split on ")),
            "{algo}: {stdout}"
        );
    }
    // Root splitting has no split height: it always splits.
    assert!(!stdout.contains("NOTE: root-split never split"), "{stdout}");
    // A split height the tree reaches: no note.
    let output = abbench(&[
        "simulate",
        "--algo",
        "er,best-first,ybwc",
        "--procs",
        "1,2",
        "--split-height",
        "1",
    ]);
    assert!(!text(&output.stdout).contains("never split"));
}

#[test]
fn simulate_warns_of_a_cost_profile_taken_on_a_busy_machine() {
    let dir = tempfile::tempdir().unwrap();
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/calibration-xeon16-2026-11-23.json");
    let mut profile: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&data).unwrap()).unwrap();
    let quiet = dir.path().join("quiet.json");
    std::fs::write(&quiet, profile.to_string()).unwrap();
    profile["machine"]["other_cpu_share"] = serde_json::json!(0.8);
    let busy = dir.path().join("busy.json");
    std::fs::write(&busy, profile.to_string()).unwrap();
    profile["machine"]["other_cpu_share"] = serde_json::Value::Null;
    profile["machine"]["load_average"] = serde_json::json!(40.0);
    let loaded = dir.path().join("loaded.json");
    std::fs::write(&loaded, profile.to_string()).unwrap();
    let simulate = |path: &std::path::Path| {
        notes(&[
            "simulate",
            "--procs",
            "1,2",
            "--calibration",
            path.to_str().unwrap(),
        ])
    };
    for path in [&busy, &loaded] {
        let noted = simulate(path);
        assert!(
            noted
                .iter()
                .any(|n| n.contains("was taken under load") && n.contains("calibrate again")),
            "{noted:?}"
        );
    }
    assert!(simulate(&quiet).is_empty());
}

#[test]
fn a_short_stress_run_names_only_what_it_ran() {
    let output = abbench(&["verify", "--stress", "3"]);
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let header = stdout.lines().next().unwrap();
    assert!(
        header.starts_with("stress: root-split at 2, 3, 4 threads"),
        "{header}"
    );
    assert!(!header.contains("ybwc"), "{header}");
    assert!(!header.contains(" 16"), "{header}");
}
