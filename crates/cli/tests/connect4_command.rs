//! `--model connect4` from the command line: records name their positions, `verify`
//! holds every search to a positions file's scores and names every position that
//! misses one, and a suite file takes a positions file.

use crate::support::abbench;
use std::path::PathBuf;

fn late_positions(count: usize) -> Vec<String> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tree/data/connect4/scored-late.txt");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .take(count)
        .map(str::to_string)
        .collect()
}

#[test]
fn connect4_records_carry_their_position_and_score() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("late.txt");
    std::fs::write(&file, late_positions(2).join("\n")).unwrap();
    let output = abbench(&[
        "run",
        "--model",
        "connect4",
        "--positions",
        file.to_str().unwrap(),
        "--algo",
        "mtdf,abdada",
        "--threads",
        "2",
        "--repeat",
        "1",
        "--json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let records: Vec<serde_json::Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // Per position: mtdf, the other exact serial searches measured beside a parallel one
    // (f2-iter, f2-soft, pvs, aspiration), and abdada.
    assert_eq!(records.len(), 2 * 6);
    for (record, line) in records.iter().zip(
        late_positions(2)
            .iter()
            .flat_map(|l| std::iter::repeat_n(l, 6)),
    ) {
        let (moves, score) = line.split_once(' ').unwrap();
        assert_eq!(record["tree"]["model"], "connect4");
        assert_eq!(record["tree"]["position"], moves);
        assert_eq!(record["value"].to_string(), score);
        assert_eq!(record["verified"], true);
    }
}

#[test]
fn verify_names_every_position_whose_published_score_a_search_misses() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("late.txt");
    let mut lines = late_positions(4);
    // Two wrong scores (one less than published: one more is past the most they can
    // have): both positions are named, the others pass.
    for i in [1, 3] {
        let (moves, score) = lines[i].split_once(' ').unwrap();
        let wrong: i64 = score.parse::<i64>().unwrap() - 1;
        lines[i] = format!("{moves} {wrong}");
    }
    std::fs::write(&file, lines.join("\n")).unwrap();
    let output = abbench(&[
        "verify",
        "--model",
        "connect4",
        "--positions",
        file.to_str().unwrap(),
        "--algo",
        "f2-iter,mtdf,lazy-smp",
        "--threads",
        "1,2",
    ]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("trees       4"), "{stdout}");
    for (i, line) in lines.iter().enumerate() {
        let moves = line.split_once(' ').unwrap().0;
        let named = stdout
            .lines()
            .filter(|l| l.starts_with("MISMATCH") && l.contains(moves))
            .count();
        // The reference (which the f2-iter asked for is, once), mtdf, and lazy-smp at 1
        // and 2 threads.
        let expected = if i % 2 == 1 { 4 } else { 0 };
        assert_eq!(named, expected, "{moves}: {stdout}");
    }
    assert!(stdout.contains("the published score"), "{stdout}");
}

#[test]
fn a_suite_file_takes_a_positions_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("late.txt"), late_positions(3).join("\n")).unwrap();
    let suite = dir.path().join("c4.toml");
    std::fs::write(
        &suite,
        "repeat = 1\nthreads = [1, 2]\nalgo = [\"f2-iter\", \"mtdf\", \"ybwc\"]\n\n\
         [[workload]]\nmodel = \"connect4\"\npositions = \"late.txt\"\ntrees = 2\n",
    )
    .unwrap();
    let out = dir.path().join("run");
    let output = abbench(&[
        "sweep",
        "--suite",
        suite.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let results = std::fs::read_to_string(out.join("results.jsonl")).unwrap();
    let positions: std::collections::BTreeSet<String> = results
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter_map(|r| r["tree"]["position"].as_str().map(str::to_string))
        .collect();
    assert_eq!(positions.len(), 2, "{results}");
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(report.contains("connect4"), "{report}");
}

/// `--score` is the score of `--position`; with a positions file, whose lines give
/// their own, it is refused in one line before anything is read or searched.
#[test]
fn a_score_beside_a_positions_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("late.txt");
    std::fs::write(&file, "4676456372251546166474433252515122 4\n").unwrap();
    for command in ["run", "verify", "simulate"] {
        for score in ["4", "-3"] {
            let output = crate::support::abbench(&[
                command,
                "--model",
                "connect4",
                "--positions",
                file.to_str().unwrap(),
                "--score",
                score,
            ]);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{command} {score}: {stderr}");
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
            assert!(
                stderr.contains("--score") && stderr.contains("--positions"),
                "{stderr}"
            );
        }
    }
}

/// A positions file's line with no score is read, and the run says how many of its
/// positions only serial F2 checks; a file whose every line is scored gets no such note.
#[test]
fn positions_without_a_score_are_named_in_a_note() {
    let dir = tempfile::tempdir().unwrap();
    for (lines, unscored) in [
        (
            "4676456372251546166474433252515122 4\n6626552543642557626232414411747\n",
            Some(1),
        ),
        (
            "4676456372251546166474433252515122\n6626552543642557626232414411747\n",
            Some(2),
        ),
        (
            "4676456372251546166474433252515122 4\n6626552543642557626232414411747 -5\n",
            None,
        ),
    ] {
        let file = dir.path().join("positions.txt");
        std::fs::write(&file, lines).unwrap();
        let output = crate::support::abbench(&[
            "run",
            "--model",
            "connect4",
            "--positions",
            file.to_str().unwrap(),
            "--algo",
            "f2-iter",
            "--repeat",
            "1",
            "--warmup",
            "0",
        ]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{stderr}");
        match unscored {
            Some(n) => assert!(
                stderr.contains(&format!("{n} of the 2 positions of"))
                    && stderr.contains("give no score"),
                "{lines}: {stderr}"
            ),
            None => assert!(!stderr.contains("no score"), "{stderr}"),
        }
    }
}
