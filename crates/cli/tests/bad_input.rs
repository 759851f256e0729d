//! Every kind of bad input ends the same way: exit code 2, one line on stderr naming the
//! problem, nothing on stdout, no panic, and no file created for `--write`.

use assert_cmd::Command;
use std::path::Path;
use tempfile::TempDir;

/// A malformed `.tree` text and the `line:column:` its error must name.
const MALFORMED: &[(&str, &str, &str)] = &[
    (
        "unbalanced.tree",
        "(1 (2 3)\n",
        ":2:1: unexpected end of input",
    ),
    (
        "extra-close.tree",
        "(1 2))\n",
        ":1:6: expected end of input",
    ),
    ("close-first.tree", ")\n", ":1:1: unexpected ')'"),
    ("empty-list.tree", "(1\n  ())\n", ":2:4: empty list"),
    (
        "not-integer.tree",
        "(1 two 3)\n",
        ":1:4: expected an integer",
    ),
    (
        "out-of-range.tree",
        "(1\n 4611686018427387904)\n",
        ":2:2: integer",
    ),
    (
        "trailing.tree",
        "(1 2)\n# fine\n3\n",
        ":3:1: expected end of input",
    ),
    ("empty.tree", "", ":1:1: expected a tree"),
    (
        "only-comments.tree",
        "# one\n# two\n",
        ":3:1: expected a tree",
    ),
];

/// Arguments (after `tree`) and a word or phrase the error line must contain.
fn bad_inputs(dir: &Path) -> Vec<(Vec<String>, String)> {
    let mut rows: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--degree", "0"], "invalid degree 0"),
        (vec!["--degree", "70000"], "invalid degree 70000"),
        (
            vec!["--degree", "99999999999"],
            "invalid value '99999999999' for '--degree",
        ),
        (vec!["--height", "1025"], "invalid height 1025"),
        (
            vec!["--model", "ordered", "--ordering", "1.5"],
            "invalid ordering 1.5",
        ),
        (
            vec!["--model", "ordered", "--ordering", "-0.1"],
            "invalid ordering -0.1",
        ),
        (
            vec!["--model", "ordered", "--terminal-prob", "1"],
            "invalid terminal-prob 1",
        ),
        (
            vec!["--model", "ordered", "--spread", "0"],
            "invalid spread 0",
        ),
        (
            vec![
                "--model",
                "ordered",
                "--degree-min",
                "5",
                "--degree-max",
                "3",
            ],
            "invalid degree-max 3",
        ),
        (
            vec!["--model", "random", "--values", "0"],
            "invalid values 0",
        ),
        (
            vec!["--model", "dependent", "--degree", "65"],
            "invalid degree 65",
        ),
        (
            vec![
                "--model",
                "branch-sum",
                "--order",
                "static",
                "--degree",
                "65",
            ],
            "invalid degree 65",
        ),
        (
            vec!["--model", "chess"],
            "invalid value 'chess' for '--model",
        ),
        (
            vec!["--model", "random", "--tree-file", "x.tree"],
            "cannot be used with",
        ),
        (
            vec!["--model", "dependent", "--degree", "3", "--height", "40"],
            "degree^height <= 2^62",
        ),
        (
            vec!["--model", "worst", "--degree", "2", "--height", "63"],
            "degree^height <= 2^62",
        ),
        (
            vec!["--layout", "arena", "--memory-budget", "1000"],
            "over the memory budget of 1000 bytes",
        ),
        (
            vec!["--memory-budget", "lots"],
            "expected a number of bytes",
        ),
        (vec!["--trees", "0"], "invalid trees 0"),
        (
            vec!["--tree-file", "/no/such/file.tree"],
            "cannot read /no/such/file.tree",
        ),
        (
            vec!["--order", "sorted"],
            "invalid value 'sorted' for '--order",
        ),
        (
            vec!["--degree", "2", "--height", "2", "--bogus"],
            "unexpected argument '--bogus'",
        ),
    ];
    let mut owned: Vec<(Vec<String>, String)> = rows
        .drain(..)
        .map(|(args, words)| {
            (
                args.into_iter().map(str::to_string).collect(),
                words.to_string(),
            )
        })
        .collect();
    for (name, text, words) in MALFORMED {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        owned.push((
            vec!["--tree-file".to_string(), path.display().to_string()],
            format!("{}{words}", path.display()),
        ));
    }
    owned
}

/// Options of the searching subcommands (the subcommand first) and a phrase the error
/// line must contain: every flag's range is named.
const SEARCH_BAD_INPUTS: &[(&[&str], &str)] = &[
    (&["run", "--threads", "0"], "1 ..= 256"),
    (&["run", "--threads", "0"], "'--threads <LIST>'"),
    (&["run", "--threads", "0"], "(see 'abbench run --help')"),
    (&["theory", "--trees", "1"], "(see 'abbench theory --help')"),
    (&["run", "--threads", "1,0"], "0 threads is out of range"),
    (&["run", "--threads", "257"], "1 ..= 256"),
    (
        &["run", "--threads", "1,two"],
        "'two' is not a thread count",
    ),
    (&["run", "--threads", ""], "'--threads <LIST>'"),
    (&["run", "--algo", "f3"], "unknown algorithm 'f3'"),
    (
        &["run", "--algo", "f2,alphabeta"],
        "unknown algorithm 'alphabeta'",
    ),
    (
        &["run", "--algo", ","],
        "invalid value ',' for '--algo <LIST>'",
    ),
    (
        &["run", "--repeat", "0"],
        "'--repeat <K>': 0 is not in 1..=1000000",
    ),
    (
        &["run", "--repeat", "-1"],
        "'--repeat <K>': -1 is not in 1..=1000000",
    ),
    (&["run", "--repeat", "1000001"], "1..=1000000"),
    (
        &["run", "--warmup", "-1"],
        "'--warmup <W>': -1 is not in 0..=1000000",
    ),
    (&["run", "--threads", "-1"], "'-1' is not a thread count"),
    (&["run", "--split-height", "-3"], "-3 is not in 1..=1024"),
    (&["run", "--warmup", "1000001"], "0..=1000000"),
    (
        &["run", "--split-height", "0"],
        "'--split-height <N>': 0 is not in 1..=1024",
    ),
    (&["run", "--split-height", "1025"], "1..=1024"),
    (&["run", "--json", "yes"], "unexpected argument 'yes'"),
    (&["verify", "--threads", "0"], "1 ..= 256"),
    (&["verify", "--algo", "mtd-f"], "unknown algorithm 'mtd-f'"),
    (&["verify", "--split-height", "0"], "1..=1024"),
    (&["verify", "--trees", "0"], "invalid trees 0"),
    (
        &["verify", "--repeat", "3"],
        "unexpected argument '--repeat'",
    ),
    (
        &["verify", "--tree-file", "x.tree", "--trees", "2"],
        "a tree file is one tree",
    ),
    (
        &["theory", "--degree", "0"],
        "degree 0 is out of range: each must be 1 ..= 65536",
    ),
    (&["theory", "--degree", "70000"], "1 ..= 65536"),
    (&["theory", "--degree", "2,x"], "'x' is not a degree"),
    (
        &["theory", "--height", "0"],
        "height 0 is out of range: each must be 1 ..= 1024",
    ),
    (&["theory", "--height", "1025"], "1 ..= 1024"),
    (
        &["theory", "--trees", "1"],
        "'--trees <N>': 1 is not in 2..=1000000",
    ),
    (&["theory", "--trees", "0"], "2..=1000000"),
    (&["theory", "--trees", "-5"], "-5 is not in 2..=1000000"),
    (&["theory", "--height", "-2"], "'-2' is not a height"),
    (
        &["theory", "--seed", "18446744073709551615"],
        "seed + trees must fit in 64 bits",
    ),
    (
        &["theory", "--model", "random"],
        "unexpected argument '--model'",
    ),
];

fn assert_bad_input(args: &[String], words: &str) {
    let mut full = vec!["tree".to_string()];
    full.extend(args.iter().cloned());
    assert_bad_command(&full, words);
}

/// `abbench args` exits 2 with one line on stderr containing `words`.
fn assert_bad_command(args: &[String], words: &str) {
    let output = Command::cargo_bin("abbench")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    let what = format!("abbench {}", args.join(" "));
    assert_eq!(
        output.status.code(),
        Some(2),
        "{what}: exit code; stderr {stderr}"
    );
    assert!(output.stdout.is_empty(), "{what}: stdout should be empty");
    assert_eq!(
        stderr.lines().count(),
        1,
        "{what}: one line on stderr, got {stderr:?}"
    );
    assert!(stderr.starts_with("abbench: error: "), "{what}: {stderr}");
    assert!(
        stderr.contains(words),
        "{what}: stderr {stderr:?} should name {words:?}"
    );
    assert!(!stderr.contains("panicked"), "{what}: {stderr}");
}

#[test]
fn bad_input_is_one_line_and_exit_code_two() {
    let dir = TempDir::new().unwrap();
    for (args, words) in bad_inputs(dir.path()) {
        let mut stats = args.clone();
        stats.push("--stats".into());
        assert_bad_input(&stats, &words);

        let target = dir.path().join("out.tree");
        let mut write = args.clone();
        write.extend(["--write".to_string(), target.display().to_string()]);
        assert_bad_input(&write, &words);
        assert!(!target.exists(), "--write created a file for {args:?}");
    }
}

#[test]
fn bad_search_options_are_one_line_and_exit_code_two() {
    for (args, words) in SEARCH_BAD_INPUTS {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        assert_bad_command(&args, words);
    }
}

#[test]
fn run_and_verify_refuse_bad_trees_as_tree_does() {
    let dir = TempDir::new().unwrap();
    for (args, words) in bad_inputs(dir.path()) {
        for command in [
            &["run", "--repeat", "1"][..],
            &["verify", "--threads", "1,2,3"],
        ] {
            let mut full: Vec<String> = command.iter().map(|s| s.to_string()).collect();
            full.extend(args.iter().cloned());
            assert_bad_command(&full, &words);
        }
    }
}

#[test]
fn a_file_nested_a_million_deep_is_a_clean_error() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("deep.tree");
    std::fs::write(&path, "(".repeat(1_000_000)).unwrap();
    let args = vec![
        "--tree-file".to_string(),
        path.display().to_string(),
        "--stats".into(),
    ];
    assert_bad_input(
        &args,
        ":1:1026: the tree is nested deeper than the maximum height 1024",
    );
}

#[test]
fn usage_errors_are_one_line_too() {
    for args in [vec!["tree"], vec!["tree", "--write"], vec!["frobnicate"]] {
        let output = Command::cargo_bin("abbench")
            .unwrap()
            .args(&args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr:?}");
        assert!(stderr.starts_with("abbench: error: "), "{args:?}: {stderr}");
    }
}

#[test]
fn write_takes_one_tree() {
    let dir = TempDir::new().unwrap();
    let target = dir.path().join("two.tree");
    let args: Vec<String> = ["--trees", "2", "--write"]
        .iter()
        .map(|s| s.to_string())
        .chain([target.display().to_string()])
        .collect();
    assert_bad_input(&args, "--write writes one tree");
    assert!(!target.exists());
}

#[test]
fn an_unwritable_target_is_bad_input() {
    let args: Vec<String> = [
        "--degree",
        "2",
        "--height",
        "2",
        "--write",
        "/no/such/dir/x.tree",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_bad_input(&args, "cannot write /no/such/dir/x.tree");
}

#[test]
fn help_and_version_succeed() {
    for args in [vec!["--help"], vec!["tree", "--help"], vec!["--version"]] {
        let output = Command::cargo_bin("abbench")
            .unwrap()
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert!(!output.stdout.is_empty());
    }
}
