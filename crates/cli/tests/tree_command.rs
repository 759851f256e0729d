//! `abbench tree`: what it writes is the specification's tree (checked against the
//! test vectors and the slow reference, never against the binary's own output), rewriting
//! a written file reproduces it byte for byte, and `--stats` counts what is there.

#[path = "../../tree/tests/reference/mod.rs"]
mod reference;

use assert_cmd::Command;
use reference::{Params, parse_vectors, tokens};
use std::path::Path;
use tempfile::TempDir;

fn abbench(args: &[String]) -> std::process::Output {
    let output = Command::cargo_bin("abbench")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "abbench {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

fn write_args(model_args: &[String], target: &Path) -> Vec<String> {
    let mut args = strings(&["tree"]);
    args.extend(model_args.iter().cloned());
    args.extend(["--write".to_string(), target.display().to_string()]);
    args
}

/// The vectors file's tree with these parameters.
fn vector_text(params: &str) -> String {
    let text = std::fs::read_to_string(reference::vectors_path()).unwrap();
    let vectors = parse_vectors(&text);
    vectors
        .trees
        .into_iter()
        .find(|t| t.params == params)
        .unwrap_or_else(|| panic!("no vector for {params}"))
        .text
}

#[test]
fn every_model_writes_the_specified_tree() {
    let dir = TempDir::new().unwrap();
    let cases = [
        (
            vec!["--model", "random"],
            "random degree=2 height=3 seed=1 values=4294967296",
        ),
        (
            vec!["--model", "ordered"],
            "ordered degree=2 height=3 seed=1 ordering=1 spread=1000",
        ),
        (
            vec!["--model", "dependent"],
            "dependent degree=2 height=3 seed=1",
        ),
        (
            vec!["--model", "branch-sum"],
            "branch-sum degree=2 height=3 seed=1 edge-range=1000 order=natural",
        ),
        (
            vec!["--model", "branch-sum", "--order", "static"],
            "branch-sum degree=2 height=3 seed=1 edge-range=1000 order=static",
        ),
        (vec!["--model", "worst"], "worst degree=2 height=3 seed=1"),
    ];
    for (model_args, params) in cases {
        let target = dir.path().join("t.tree");
        let mut args = strings(&model_args);
        args.extend(strings(&["--degree", "2", "--height", "3"]));
        abbench(&write_args(&args, &target));
        let written = std::fs::read_to_string(&target).unwrap();
        assert_eq!(
            tokens(&written),
            tokens(&vector_text(params)),
            "{params}: vectors file"
        );
        let expected = reference::text(&reference::build(&Params::parse(params)));
        assert_eq!(tokens(&written), tokens(&expected), "{params}: reference");
        assert!(
            written.contains(params),
            "the header names the tree: {written}"
        );
        // The arena layout writes the same file.
        let arena_target = dir.path().join("arena.tree");
        args.extend(strings(&["--layout", "arena"]));
        abbench(&write_args(&args, &arena_target));
        assert_eq!(std::fs::read(&arena_target).unwrap(), written.as_bytes());
    }
}

#[test]
fn every_vector_tree_is_written_as_specified() {
    let dir = TempDir::new().unwrap();
    for params in reference::VECTOR_TREES {
        let p = Params::parse(params);
        let target = dir.path().join("v.tree");
        abbench(&write_args(&p.cli_args(), &target));
        let written = std::fs::read_to_string(&target).unwrap();
        assert_eq!(tokens(&written), tokens(&vector_text(params)), "{params}");
    }
}

#[test]
fn rewriting_a_written_file_reproduces_it() {
    let dir = TempDir::new().unwrap();
    let models = [
        strings(&[
            "--model", "random", "--degree", "3", "--height", "4", "--seed", "9", "--values", "10",
        ]),
        strings(&[
            "--model",
            "ordered",
            "--degree",
            "3",
            "--height",
            "5",
            "--degree-min",
            "1",
            "--degree-max",
            "4",
            "--terminal-prob",
            "0.2",
            "--ordering",
            "0.6",
        ]),
        strings(&[
            "--model",
            "branch-sum",
            "--order",
            "static",
            "--degree",
            "4",
            "--height",
            "3",
        ]),
        strings(&["--model", "worst", "--degree", "5", "--height", "3"]),
        strings(&[
            "--model",
            "dependent",
            "--degree",
            "3",
            "--height",
            "3",
            "--seed",
            "4",
        ]),
    ];
    for model_args in models {
        let f = dir.path().join("f.tree");
        let g = dir.path().join("g.tree");
        abbench(&write_args(&model_args, &f));
        let from_file = strings(&["--tree-file", &f.display().to_string()]);
        abbench(&write_args(&from_file, &g));
        assert_eq!(
            std::fs::read(&f).unwrap(),
            std::fs::read(&g).unwrap(),
            "{model_args:?}"
        );
    }
}

#[test]
fn stats_count_positions_and_leaves_per_depth() {
    let out = abbench(&strings(&[
        "tree", "--model", "random", "--degree", "2", "--height", "3", "--stats",
    ]));
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<Vec<String>> = text
        .lines()
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect();
    let row = |first: &str| {
        rows.iter()
            .find(|r| r.first().map(String::as_str) == Some(first))
            .unwrap()
            .clone()
    };
    assert_eq!(row("0"), strings(&["0", "1", "0"]));
    assert_eq!(row("2"), strings(&["2", "4", "0"]));
    assert_eq!(row("3"), strings(&["3", "8", "8"]));
    assert_eq!(row("total"), strings(&["total", "15", "8"]));
    // Leaves of the vector random d=2 h=3 seed=1.
    assert!(text.contains("269276169 .. 3800143325"), "{text}");
    assert!(text.contains("estimated 64 bytes"), "{text}");

    let fig1 = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tree/data/knuth-fig1.tree");
    let out = abbench(&strings(&[
        "tree",
        "--tree-file",
        &fig1.display().to_string(),
        "--stats",
    ]));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["total", "121", "81"]),
        "{text}"
    );
    assert!(text.contains(": 0 .. 9"), "{text}");
}

#[test]
fn several_trees_print_several_tables() {
    let out = abbench(&strings(&[
        "tree", "--model", "worst", "--degree", "2", "--height", "2", "--trees", "3", "--seed",
        "5", "--stats",
    ]));
    let text = String::from_utf8(out.stdout).unwrap();
    for seed in 5..8 {
        assert!(text.contains(&format!("seed={seed} ")), "{text}");
    }
    assert_eq!(text.matches("tree: ").count(), 3);
}
