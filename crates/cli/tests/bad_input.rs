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

/// Arguments of the reporting subcommands and a phrase the error line must contain;
/// `{dir}` stands for a scratch folder holding `results.jsonl` (a valid run's records),
/// `garbage.jsonl`, `bad-key.toml`, `bad-syntax.toml`, `bad-degree.toml`, `plain-file`
/// and `used/results.jsonl`. `{dir}/out` must not exist afterwards.
const REPORTING_BAD_INPUTS: &[(&[&str], &str)] = &[
    (
        &["sweep", "--suite", "nonesuch", "--out", "{dir}/out"],
        "invalid suite 'nonesuch': not a built-in suite (quick, default) and no such file",
    ),
    (
        &[
            "sweep",
            "--suite",
            "{dir}/bad-key.toml",
            "--out",
            "{dir}/out",
        ],
        "bad-key.toml:5: unknown field `bogus`",
    ),
    (
        &[
            "sweep",
            "--suite",
            "{dir}/bad-syntax.toml",
            "--out",
            "{dir}/out",
        ],
        "bad-syntax.toml:2: ",
    ),
    (
        &[
            "sweep",
            "--suite",
            "{dir}/bad-degree.toml",
            "--out",
            "{dir}/out",
        ],
        "bad-degree.toml:1: invalid degree 0",
    ),
    (
        &[
            "sweep",
            "--suite",
            "quick",
            "--threads",
            "0",
            "--out",
            "{dir}/out",
        ],
        "1 ..= 256",
    ),
    (
        &[
            "sweep",
            "--suite",
            "quick",
            "--threads",
            "1,x",
            "--out",
            "{dir}/out",
        ],
        "'x' is not a thread count",
    ),
    (
        &[
            "sweep",
            "--suite",
            "quick",
            "--repeat",
            "0",
            "--out",
            "{dir}/out",
        ],
        "'--repeat <K>': 0 is not in 1..=1000000",
    ),
    (
        &[
            "sweep",
            "--suite",
            "quick",
            "--repeat",
            "-2",
            "--out",
            "{dir}/out",
        ],
        "-2 is not in 1..=1000000",
    ),
    (
        &["sweep", "--suite", "quick", "--out", "{dir}/plain-file/out"],
        "{dir}/plain-file/out: Not a directory",
    ),
    (
        &["sweep", "--suite", "quick", "--out", "{dir}/used"],
        "already holds results.jsonl",
    ),
    (
        &["report", "{dir}/missing.jsonl", "--out", "{dir}/out"],
        "{dir}/missing.jsonl: No such file",
    ),
    (
        &["report", "{dir}/garbage.jsonl", "--out", "{dir}/out"],
        "garbage.jsonl:1: not a JSON record",
    ),
    (
        &["report", "{dir}/results.jsonl"],
        "required arguments were not provided: --out <DIR>",
    ),
    (
        &[
            "report",
            "{dir}/results.jsonl",
            "--out",
            "{dir}/plain-file/out",
        ],
        "{dir}/plain-file/out: Not a directory",
    ),
    (
        &["compare", "{dir}/results.jsonl", "{dir}/missing.jsonl"],
        "missing.jsonl: No such file",
    ),
    (
        &[
            "compare",
            "{dir}/results.jsonl",
            "{dir}/results.jsonl",
            "--threshold",
            "-5",
        ],
        "invalid threshold -5: must be a percentage of at least 0",
    ),
    (
        &[
            "compare",
            "{dir}/results.jsonl",
            "{dir}/results.jsonl",
            "--threshold",
            "ten",
        ],
        "invalid value 'ten' for '--threshold <PCT>'",
    ),
    (
        &[
            "compare",
            "{dir}/results.jsonl",
            "{dir}/results.jsonl",
            "--gate",
            "time",
        ],
        "invalid value 'time' for '--gate <GATE>'",
    ),
    (
        &["compare", "{dir}/results.jsonl"],
        "required arguments were not provided: <NEW>",
    ),
    (
        &["signature", "--check", "{dir}/missing.txt"],
        "missing.txt: No such file",
    ),
    (
        &["signature", "--check", "{dir}/garbage.jsonl"],
        "garbage.jsonl:1: expected `name value nodes leaves`",
    ),
];

#[test]
fn bad_reporting_options_are_one_line_and_create_nothing() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let records = Command::cargo_bin("abbench")
        .unwrap()
        .args(["run", "--degree", "3", "--height", "3", "--json"])
        .output()
        .unwrap();
    assert!(records.status.success());
    std::fs::write(d.join("results.jsonl"), &records.stdout).unwrap();
    std::fs::write(d.join("garbage.jsonl"), "this is not a results file\n").unwrap();
    std::fs::write(
        d.join("bad-key.toml"),
        "[[workload]]\nmodel = \"random\"\ndegree = 3\nheight = 3\nbogus = 1\n",
    )
    .unwrap();
    std::fs::write(d.join("bad-syntax.toml"), "name = \"x\"\nrepeat = \n").unwrap();
    std::fs::write(
        d.join("bad-degree.toml"),
        "[[workload]]\nmodel = \"random\"\ndegree = 0\nheight = 3\n",
    )
    .unwrap();
    std::fs::write(d.join("plain-file"), "").unwrap();
    std::fs::create_dir(d.join("used")).unwrap();
    std::fs::write(d.join("used/results.jsonl"), "earlier\n").unwrap();

    let fill = |s: &str| s.replace("{dir}", &d.display().to_string());
    for (args, words) in REPORTING_BAD_INPUTS {
        let args: Vec<String> = args.iter().map(|a| fill(a)).collect();
        assert_bad_command(&args, &fill(words));
        assert!(!d.join("out").exists(), "{args:?} created {{dir}}/out");
    }
    let used: Vec<_> = std::fs::read_dir(d.join("used")).unwrap().collect();
    assert_eq!(used.len(), 1, "a refused sweep wrote into the used folder");
}
