//! Verdicts that are never lost and values that are always checked: a failing verdict
//! keeps its exit code when stdout closes early, every Connect Four value is held to its
//! published score wherever it is printed, a user's file is read with limits, options a
//! model never reads are noted, and errors stay one short line.

use assert_cmd::cargo::cargo_bin;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::support::abbench;

/// A late position (26 moves) and its published score.
const LATE: &str = "65174343377472347766564614";
const LATE_SCORE: i64 = 2;

/// 42 moves that fill the board with no four in a row: a drawn game.
const FULL_DRAWN_BOARD: &str = "141724165222235463442116413773377573556656";

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The first `count` lines of the late-game corpus, `moves score` each.
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

/// A positions file of the first `count` late positions, the second with its score one
/// less than published (its published 4 is the most it can have).
fn positions_with_a_wrong_score(dir: &Path, count: usize) -> PathBuf {
    let mut lines = late_positions(count);
    let (moves, score) = lines[1].split_once(' ').unwrap();
    let wrong = score.parse::<i64>().unwrap() - 1;
    lines[1] = format!("{moves} {wrong}");
    let file = dir.join("wrong.txt");
    std::fs::write(&file, lines.join("\n")).unwrap();
    file
}

/// Runs `abbench ARGS` with stdout a pipe whose reader reads `lines` lines and goes
/// away (`0`: at once, as `… | head -0` would): the exit code and stderr.
fn with_stdout_closed(args: &[&str], lines: usize) -> (Option<i32>, String) {
    let mut child = Command::new(cargo_bin("abbench"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut reader = BufReader::new(stdout);
    for _ in 0..lines {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            break;
        }
    }
    drop(reader);
    let output = child.wait_with_output().unwrap();
    (output.status.code(), text(&output.stderr))
}

#[test]
fn a_failing_verdict_keeps_exit_1_when_stdout_closes_early_in_every_run() {
    let dir = tempfile::tempdir().unwrap();
    let wrong = positions_with_a_wrong_score(dir.path(), 3);
    let wrong = wrong.to_str().unwrap();
    let score = (LATE_SCORE + 1).to_string();
    let suite = dir.path().join("c4.toml");
    std::fs::write(
        &suite,
        "repeat = 1\nwarmup = 0\nthreads = [1]\nalgo = [\"f2-iter\", \"mtdf\"]\n\n\
         [[workload]]\nmodel = \"connect4\"\npositions = \"wrong.txt\"\n",
    )
    .unwrap();
    let out = dir.path().join("run");
    let suite = suite.to_str().unwrap();
    let commands: Vec<Vec<String>> = vec![
        // verify: a position's published score missed.
        [
            "verify",
            "--model",
            "connect4",
            "--position",
            LATE,
            "--score",
            &score,
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
        [
            "verify",
            "--model",
            "connect4",
            "--positions",
            wrong,
            "--algo",
            "mtdf",
            "--json",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
        // run: its table, and its JSON lines.
        [
            "run",
            "--model",
            "connect4",
            "--positions",
            wrong,
            "--algo",
            "mtdf",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
        [
            "run",
            "--model",
            "connect4",
            "--position",
            LATE,
            "--score",
            &score,
            "--json",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
    ];
    for args in &commands {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        // `run` stops before its first tree when no one reads (nothing measured, nothing
        // judged): its reader takes one line, as `head -1` does.
        let readers: &[usize] = if args[0] == "run" {
            &[1; 8]
        } else {
            &[0, 1, 0, 1, 0, 1, 0, 1]
        };
        for &lines in readers {
            let (code, stderr) = with_stdout_closed(&args, lines);
            assert_eq!(
                code,
                Some(1),
                "abbench {} with its reader gone after {lines} lines: {stderr}",
                args.join(" ")
            );
            assert!(stderr.contains("MISMATCH"), "{stderr}");
        }
    }
    for (i, lines) in [0, 1, 0, 1].into_iter().enumerate() {
        let folder = format!("{}-{i}", out.display());
        let args = ["sweep", "--suite", suite, "--out", &folder];
        let (code, stderr) = with_stdout_closed(&args, lines);
        assert_eq!(code, Some(1), "sweep with its reader gone: {stderr}");
        assert!(stderr.contains("published scores"), "{stderr}");
    }
    // A passing verdict with its reader gone may stay 0.
    let passing = [
        "verify",
        "--model",
        "connect4",
        "--position",
        LATE,
        "--algo",
        "mtdf",
    ];
    assert_eq!(with_stdout_closed(&passing, 0).0, Some(0));
}

#[test]
fn run_holds_every_connect4_value_to_its_published_score() {
    let dir = tempfile::tempdir().unwrap();
    let wrong = positions_with_a_wrong_score(dir.path(), 3);
    let output = abbench(&[
        "run",
        "--model",
        "connect4",
        "--positions",
        wrong.to_str().unwrap(),
        "--algo",
        "f2-iter,mtdf,ybwc",
        "--threads",
        "2",
        "--repeat",
        "1",
        "--baseline",
        "f2-iter",
    ]);
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    // Every search of the second position misses its score; the others agree.
    let mismatches: Vec<&str> = stdout.lines().filter(|l| l.contains("MISMATCH")).collect();
    assert_eq!(mismatches.len(), 3, "{stdout}");
    assert!(mismatches.iter().all(|l| l.contains("line 2")), "{stdout}");
    assert!(
        stderr.contains("MISMATCH against the published score"),
        "{stderr}"
    );

    // One position and its --score, checked as a file's is.
    let score = (LATE_SCORE + 1).to_string();
    let one = [
        "run",
        "--model",
        "connect4",
        "--position",
        LATE,
        "--algo",
        "mtdf",
    ];
    let output = abbench(&[&one[..], &["--score", &score, "--repeat", "1"]].concat());
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert!(text(&output.stdout).contains("MISMATCH"));
    let right = LATE_SCORE.to_string();
    let output = abbench(&[&one[..], &["--score", &right, "--repeat", "1"]].concat());
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
}

#[test]
fn a_sweep_and_its_report_hold_connect4_values_to_their_published_scores() {
    let dir = tempfile::tempdir().unwrap();
    positions_with_a_wrong_score(dir.path(), 3);
    let suite = dir.path().join("c4.toml");
    std::fs::write(
        &suite,
        "repeat = 1\nthreads = [1, 2]\nalgo = [\"f2-iter\", \"mtdf\", \"ybwc\"]\n\n\
         [[workload]]\nmodel = \"connect4\"\npositions = \"wrong.txt\"\n",
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
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("do not agree with serial F2 and the published scores"),
        "{stderr}"
    );
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(!report.contains("Every one of the"), "{report}");
    assert!(report.contains("Verification failures"), "{report}");
    assert!(report.contains("| published score |"), "{report}");
}

#[test]
fn an_impossible_score_is_bad_input_on_the_command_line_as_in_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("99.txt");
    std::fs::write(&file, format!("{LATE} 99\n")).unwrap();
    let from_file = abbench(&[
        "verify",
        "--model",
        "connect4",
        "--positions",
        file.to_str().unwrap(),
    ]);
    let given = abbench(&[
        "verify",
        "--model",
        "connect4",
        "--position",
        LATE,
        "--score",
        "99",
    ]);
    for output in [&from_file, &given] {
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(" 99"), "{stderr}");
        assert!(
            stderr.contains("impossible after 26 moves, where a score is in -8 ..= 8"),
            "{stderr}"
        );
    }
    // The edge of the range is possible: a loss to the next stone, a win with one's own.
    for score in ["-8", "8"] {
        let output = abbench(&[
            "verify",
            "--model",
            "connect4",
            "--position",
            LATE,
            "--score",
            score,
            "--algo",
            "mtdf",
        ]);
        assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    }
}

#[test]
fn a_device_or_a_garbage_positions_file_is_refused_at_once_naming_where() {
    let started = std::time::Instant::now();
    let output = abbench(&["run", "--model", "connect4", "--positions", "/dev/zero"]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("not a regular file (a device)"), "{stderr}");
    assert!(started.elapsed().as_secs() < 10);

    let dir = tempfile::tempdir().unwrap();
    let garbage = dir.path().join("garbage.txt");
    let mut bytes = format!("{LATE} 2\n4453 0\n").into_bytes();
    bytes.extend_from_slice(b"44\xff\xfe53 1\n");
    bytes.extend(std::iter::repeat_n(b'x', 1 << 20));
    std::fs::write(&garbage, &bytes).unwrap();
    let output = abbench(&[
        "verify",
        "--model",
        "connect4",
        "--positions",
        garbage.to_str().unwrap(),
    ]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("garbage.txt:3:3: not UTF-8 text: byte 39 of the file"),
        "{stderr}"
    );
    // A file of text that is no position names its line and column, and stays short.
    std::fs::write(&garbage, format!("{LATE} 2\n{}\n", "x".repeat(1 << 20))).unwrap();
    let output = abbench(&[
        "verify",
        "--model",
        "connect4",
        "--positions",
        garbage.to_str().unwrap(),
    ]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("garbage.txt:2:1: move 1 is 'x'"),
        "{stderr}"
    );
    assert!(stderr.len() < 400, "{stderr}");
}

#[test]
fn connect4_without_a_position_is_estimated_and_asks_for_force() {
    let started = std::time::Instant::now();
    for command in ["run", "verify"] {
        let output = abbench(&[command, "--model", "connect4"]);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("--force"), "{stderr}");
        assert!(stderr.contains("--position MOVES"), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
    assert!(started.elapsed().as_secs() < 20);
}

#[test]
fn connect4_notes_the_shape_and_seed_it_never_reads_and_shows_no_seed() {
    let output = abbench(&[
        "run",
        "--model",
        "connect4",
        "--position",
        LATE,
        "--algo",
        "mtdf",
        "--repeat",
        "1",
        "--degree",
        "3",
        "--height",
        "5",
        "--seed",
        "7",
    ]);
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    for flag in ["degree", "height", "seed"] {
        assert!(
            stderr.contains(&format!(
                "--{flag} applies only to the random, ordered, dependent, branch-sum and \
                 worst models; the connect4 model ignores it"
            )),
            "{stderr}"
        );
    }
    // The table's seed column: none for a position given alone.
    let row = stdout.lines().find(|l| l.contains(" mtdf ")).unwrap();
    let cells: Vec<&str> = row.split_whitespace().collect();
    // connect4, position="…", then the seed.
    assert_eq!(cells[2], "-", "{stdout}");
    // A positions file's trees are numbered by their lines.
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
        "mtdf",
        "--repeat",
        "1",
    ]);
    let stdout = text(&output.stdout);
    assert!(stdout.contains("line 2"), "{stdout}");
    // A model that reads them says nothing.
    let output = abbench(&[
        "tree", "--degree", "3", "--height", "5", "--seed", "7", "--stats",
    ]);
    assert!(text(&output.stderr).is_empty(), "{}", text(&output.stderr));
}

#[test]
fn verify_reports_each_mismatch_once_and_names_the_reference_as_such() {
    let score = (LATE_SCORE + 1).to_string();
    let verify = |algo: &str| {
        abbench(&[
            "verify",
            "--model",
            "connect4",
            "--position",
            LATE,
            "--score",
            &score,
            "--algo",
            algo,
        ])
    };
    let output = verify("f2-iter");
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout.matches("MISMATCH").count(), 1, "{stdout}");
    assert!(
        stdout.contains("the reference serial F2 (f2-iter) found value 2, the published score 3"),
        "{stdout}"
    );
    let output = verify("mtdf");
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(1));
    // The reference's and mtdf's, each once; the reproducing command runs mtdf.
    assert_eq!(stdout.matches("MISMATCH").count(), 2, "{stdout}");
    assert!(stdout.contains(": mtdf found value 2, the published score 3"));
    assert!(!stdout.contains("--algo f2-iter"), "{stdout}");
    assert!(
        stderr.contains("the reference serial F2 (f2-iter)"),
        "{stderr}"
    );
    assert!(stderr.contains("--algo mtdf"), "{stderr}");
}

#[test]
fn verify_says_which_trees_the_oracle_can_search() {
    let output = abbench(&["verify", "--model", "connect4", "--position", LATE]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(
        stdout.contains(
            "oracle      F0 on 0 of 1 trees (those whose full tree, degree^height, has at most \
             2000000 positions: a Connect Four position with at most 7 moves left)"
        ),
        "{stdout}"
    );
    // A position with 7 moves left is one of them.
    let moves = &FULL_DRAWN_BOARD[..35];
    let output = abbench(&["verify", "--model", "connect4", "--position", moves]);
    let stdout = text(&output.stdout);
    assert!(
        stdout.contains("oracle      F0 on 1 of 1 trees"),
        "{stdout}"
    );
}

#[test]
fn a_finished_game_is_refused_and_a_decided_root_names_its_winning_column() {
    // A full board, drawn, is refused as a won one is.
    for (moves, why) in [
        (
            FULL_DRAWN_BOARD,
            "move 42 fills the board, a draw, so the position has no move to search",
        ),
        (
            "1212121",
            "move 7 wins the game, so the position has no move to search",
        ),
    ] {
        let output = abbench(&["run", "--model", "connect4", "--position", moves]);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(why), "{stderr}");
    }
    // The first player, to move, completes four in column 1 (move number 0).
    let output = abbench(&[
        "run",
        "--model",
        "connect4",
        "--position",
        "121212",
        "--algo",
        "mtdf",
        "--repeat",
        "1",
        "--json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    for line in text(&output.stdout).lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["nodes"], 1, "{line}");
        assert_eq!(record["best_move"], 0, "{line}");
    }
    // Where it is timed, the run says its time is no search's.
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("1 of the 1 positions are decided at the root")
            && stderr.contains("set-up, not a search"),
        "{stderr}"
    );
}

#[test]
fn a_huge_value_is_echoed_by_its_start_and_length() {
    let position = "1".repeat(70_000);
    for args in [
        vec!["run", "--model", "connect4", "--position", &position],
        vec!["tree", "--degree", &position],
    ] {
        let output = abbench(&args);
        let stderr = text(&output.stderr);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{}",
            &stderr[..200.min(stderr.len())]
        );
        assert!(stderr.len() < 600, "{} characters", stderr.len());
        assert!(stderr.contains("…(7000"), "{stderr}");
        assert!(stderr.contains(" characters)"), "{stderr}");
    }
}

#[test]
fn candidates_that_cannot_be_the_fastest_are_stopped_without_failing_the_run() {
    // An early position: MTD(f) takes well under a millisecond, the searches without a
    // table hundreds. Those not asked for stop at 100 ms, and the run still passes.
    let output = abbench(&[
        "run",
        "--model",
        "connect4",
        "--position",
        "61761476422254",
        "--algo",
        "mtdf,null-window",
        "--threads",
        "1",
        "--repeat",
        "1",
    ]);
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(0), "{stdout}{stderr}");
    let stopped: Vec<&str> = stdout
        .lines()
        .filter(|l| l.ends_with("slower than mtdf"))
        .collect();
    assert!(!stopped.is_empty(), "{stdout}");
    for line in &stopped {
        assert!(
            [" pvs ", " aspiration ", " f2-soft "]
                .iter()
                .any(|a| line.contains(a)),
            "{line}"
        );
    }
    // The parallel search still names its fastest serial search.
    assert!(
        stdout
            .lines()
            .any(|l| l.contains(" null-window ") && l.contains("(mtdf)")),
        "{stdout}"
    );
    assert!(!stderr.contains("time limit"), "{stderr}");
}
