//! `--model othello` from the command line: a board given with `--position`, an FFO
//! file with `--positions`, records that name their position, and one line with exit 2
//! for every malformed board or line.

use crate::support::abbench;
use std::path::PathBuf;

/// FFO #1 (14 empty squares, black to move, best G8 at +18).
const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";

fn ffo_lines(count: usize) -> Vec<String> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tree/data/othello/fforum-1-19.obf");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .take(count)
        .map(str::to_string)
        .collect()
}

fn records(output: &std::process::Output) -> Vec<serde_json::Value> {
    String::from_utf8(output.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn a_board_on_the_command_line_is_searched_and_held_to_its_score() {
    let position = format!("--position={FFO_1}");
    let output = abbench(&[
        "run", "--model", "othello", &position, "--score", "18", "--algo", "mtdf", "--repeat", "1",
        "--warmup", "0", "--json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let records = records(&output);
    let mtdf = records.iter().find(|r| r["algo"] == "mtdf").unwrap();
    assert_eq!(mtdf["tree"]["model"], "othello");
    assert_eq!(mtdf["tree"]["position"], FFO_1);
    assert_eq!(mtdf["value"], 18);
    assert_eq!(mtdf["verified"], true);
    // G8 is square 62 (A1 is 0, H8 63).
    assert_eq!(mtdf["best_move"], 62);
    // A board that starts with '-' also reads as the option's value without the '='.
    let spaced = abbench(&[
        "run",
        "--model",
        "othello",
        "--position",
        FFO_1,
        "--score",
        "18",
        "--algo",
        "mtdf",
        "--repeat",
        "1",
        "--warmup",
        "0",
    ]);
    assert_eq!(spaced.status.code(), Some(0), "{spaced:?}");
}

#[test]
fn an_ffo_file_gives_a_tree_a_line_and_a_wrong_score_fails() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ffo.obf");
    let mut lines = ffo_lines(2);
    // FFO #2's best move scores +10; claim +12 for it.
    lines[1] = lines[1].replacen(":+10;", ":+12;", 1);
    std::fs::write(&file, lines.join("\n")).unwrap();
    let output = abbench(&[
        "verify",
        "--model",
        "othello",
        "--positions",
        file.to_str().unwrap(),
        "--algo",
        "mtdf,abdada",
        "--threads",
        "2",
    ]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("published   scores on 2 of 2 trees"),
        "{stdout}"
    );
    assert!(
        stdout.contains("an Othello position with at most"),
        "{stdout}"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("the published score"), "{stderr}");
    assert!(!stderr.contains("--trees"), "{stderr}");
}

#[test]
fn root_moves_are_each_held_to_their_published_score() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ffo.obf");
    let verify = |file: &std::path::Path| {
        abbench(&[
            "verify",
            "--model",
            "othello",
            "--positions",
            file.to_str().unwrap(),
            "--algo",
            "mtdf",
            "--root-moves",
            "--json",
        ])
    };
    // FFO #1 and #2 list 8 moves each.
    std::fs::write(&file, ffo_lines(2).join("\n")).unwrap();
    let output = verify(&file);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let line = &records(&output)[0];
    assert_eq!(line["root_moves"], 16, "{line}");
    assert_eq!(line["wrong_root_moves"], 0, "{line}");
    // FFO #2's third move, A3, scores -6; claim -4 for it: the best move is untouched, so
    // only the root-move check can see it.
    let mut lines = ffo_lines(2);
    lines[1] = lines[1].replacen("A3:-6;", "A3:-4;", 1);
    std::fs::write(&file, lines.join("\n")).unwrap();
    let output = verify(&file);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let line = &records(&output)[0];
    assert_eq!(line["wrong_root_moves"], 1, "{line}");
    assert_eq!(line["mismatches"], 0, "{line}");
    let detail = &line["mismatch_details"][0];
    let message = detail["message"].as_str().unwrap();
    assert!(
        message.contains("root move A3 of line 2: MTD(f) proved -6, published -4"),
        "{message}"
    );
    // Its reproduction is the position after A3, held to the claim negated.
    let reproduce = detail["reproduce"].as_str().unwrap();
    assert!(reproduce.contains("--score 4 "), "{reproduce}");
    // Without an Othello positions file there is nothing to hold the moves to.
    let position = format!("--position={FFO_1}");
    let output = abbench(&["verify", "--model", "othello", &position, "--root-moves"]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("--root-moves needs an Othello positions file"),
        "{stderr}"
    );
}

#[test]
fn a_malformed_board_or_line_is_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let bad_position = |position: &str, expected: &str| {
        let position = format!("--position={position}");
        let output = abbench(&["run", "--model", "othello", &position, "--algo", "mtdf"]);
        assert_eq!(output.status.code(), Some(2), "{output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(expected), "{stderr}");
    };
    bad_position("--XX X", "the board has 4 squares, not 64");
    bad_position(&FFO_1.replacen('O', "Q", 1), "square 10 is 'Q'");
    bad_position(&FFO_1[..64], "no side to move");
    bad_position(&FFO_1.replace(" X", " W"), "the side to move is 'W'");
    let bad_line = |suffix: &str, expected: &str| {
        let file = dir.path().join("bad.obf");
        std::fs::write(&file, format!("{}\n{FFO_1}{suffix}\n", ffo_lines(1)[0])).unwrap();
        let output = abbench(&[
            "run",
            "--model",
            "othello",
            "--positions",
            file.to_str().unwrap(),
        ]);
        assert_eq!(output.status.code(), Some(2), "{output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("bad.obf:2:"), "{stderr}");
        assert!(stderr.contains(expected), "{stderr}");
    };
    bad_line("; A1:+2;", "A1 is not a legal move");
    bad_line("; G8:+x;", "score '+x' is not a number");
    bad_line("; G8:+19;", "score 19 is impossible");
    let score = abbench(&[
        "run",
        "--model",
        "othello",
        &format!("--position={FFO_1}"),
        "--score",
        "66",
    ]);
    assert_eq!(score.status.code(), Some(2), "{score:?}");
}

#[test]
fn a_finished_game_is_decided_at_the_root() {
    // A full board: 40 black discs, 24 white.
    let board: String = (0..64).map(|i| if i < 40 { 'X' } else { 'O' }).collect();
    let position = format!("--position={board} O");
    let output = abbench(&[
        "run", "--model", "othello", &position, "--algo", "mtdf", "--repeat", "1", "--json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let records = records(&output);
    let mtdf = records.iter().find(|r| r["algo"] == "mtdf").unwrap();
    assert_eq!(mtdf["value"], -16);
    assert_eq!(mtdf["nodes"], 1);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("the game is over"), "{stderr}");
}
