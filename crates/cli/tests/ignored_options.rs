//! An option the chosen model or algorithms do not use is not silently ignored: a note on
//! stderr names it, the run goes on, and stdout (JSON included) is untouched. An option
//! that applies gives no note.

use crate::support;
use abbench_vocab::{ParallelAlgorithm, Setting};
use support::abbench;

/// The note for thread counts that only serial searches were given.
const THREADS_UNREAD: &str = "--threads applies only to the parallel algorithms, none of \
                              which is among the algorithms: every search here runs on one \
                              thread";

/// The notes `abbench args…` printed, after checking that it succeeded.
fn notes(args: &[&str]) -> Vec<String> {
    let output = abbench(args);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{stderr}");
    assert!(
        !String::from_utf8_lossy(&output.stdout).contains("note:"),
        "notes go to stderr only"
    );
    stderr
        .lines()
        .filter_map(|l| l.strip_prefix("abbench: note: "))
        .map(str::to_string)
        .collect()
}

/// The parallel algorithms that read `setting`, as the notes list them.
fn readers(setting: Setting) -> String {
    let names: Vec<&str> = ParallelAlgorithm::ALL
        .into_iter()
        .filter(|a| a.reads(setting))
        .map(ParallelAlgorithm::name)
        .collect();
    abbench_vocab::and_list(&names)
}

#[test]
fn a_model_parameter_of_another_model_is_named() {
    let tree = ["--degree", "3", "--height", "3", "--algo", "f2", "--json"];
    let run = |extra: &[&str]| notes(&[&["run"], &tree[..], extra].concat());
    assert_eq!(
        run(&["--model", "random", "--ordering", "0.5"]),
        ["--ordering applies only to the ordered model; the random model ignores it"]
    );
    assert_eq!(
        run(&["--model", "worst", "--values", "10", "--edge-range", "3"]),
        [
            "--values applies only to the random model; the worst model ignores it",
            "--edge-range applies only to the branch-sum model; the worst model ignores it",
        ]
    );
    assert!(run(&["--model", "ordered", "--ordering", "0.5"]).is_empty());
    assert!(run(&["--model", "random", "--values", "10"]).is_empty());
}

#[test]
fn ybwc_options_without_ybwc_or_without_a_second_thread_are_named() {
    let tree = ["--model", "random", "--degree", "4", "--height", "4"];
    let run = |extra: &[&str]| notes(&[&["run"], &tree[..], extra].concat());
    assert_eq!(
        run(&[
            "--algo",
            "root-split",
            "--threads",
            "1,2",
            "--split-height",
            "2"
        ]),
        [format!(
            "--split-height applies only to {}, none of which is among the algorithms",
            readers(Setting::SplitHeight)
        )]
    );
    assert_eq!(
        run(&["--algo", "ybwc", "--threads", "1", "--eldest-grain", "10"]),
        [
            "--eldest-grain changes nothing at one thread: the parallel searches split only for other workers"
        ]
    );
    assert!(run(&["--algo", "ybwc", "--threads", "1,2", "--split-height", "2"]).is_empty());
    let simulate = notes(&[
        "simulate",
        "--model",
        "random",
        "--degree",
        "4",
        "--height",
        "4",
        "--algo",
        "root-split",
        "--procs",
        "1,2",
        "--cut-wait",
        "2",
    ]);
    assert_eq!(
        simulate,
        [format!(
            "--cut-wait applies only to {}, none of which is among the algorithms",
            readers(Setting::CutWait)
        )]
    );
}

/// ABDADA and Lazy SMP read the split height only: the eldest grain and the cut wait
/// given for them alone are named as unused, given with an algorithm that reads them are
/// noted, and never recorded for them. ER's memory bound is recorded for ER alone.
#[test]
fn split_options_an_algorithm_does_not_read_are_noted_and_not_recorded() {
    let tree = ["--model", "random", "--degree", "4", "--height", "5"];
    let run = |extra: &[&str]| notes(&[&["run"], &tree[..], extra].concat());
    assert_eq!(
        run(&[
            "--algo",
            "abdada,lazy-smp",
            "--threads",
            "2",
            "--eldest-grain",
            "10"
        ]),
        [format!(
            "--eldest-grain applies only to {}, none of which is among the algorithms",
            readers(Setting::EldestGrain)
        )]
    );
    assert_eq!(
        run(&["--algo", "lazy-smp", "--threads", "2", "--cut-wait", "3"]),
        [format!(
            "--cut-wait applies only to {}, none of which is among the algorithms",
            readers(Setting::CutWait)
        )]
    );
    assert_eq!(
        run(&[
            "--algo",
            "ybwc,abdada,null-window",
            "--threads",
            "2",
            "--eldest-grain",
            "10",
            "--cut-wait",
            "3"
        ]),
        [
            "--eldest-grain is not read by abdada and null-window: their records leave it out",
            "--cut-wait is not read by abdada: its records leave it out",
        ]
    );
    assert!(run(&["--algo", "abdada", "--threads", "2", "--split-height", "2"]).is_empty());
    let output = abbench(
        &[
            &["run"][..],
            &tree[..],
            &[
                "--algo",
                "ybwc,abdada,null-window,er",
                "--threads",
                "2",
                "--repeat",
                "1",
                "--json",
            ],
            &[
                "--eldest-grain",
                "10",
                "--cut-wait",
                "3",
                "--keep-limit",
                "40",
                "--quiet",
            ],
        ]
        .concat(),
    );
    assert!(output.status.success());
    let records: Vec<serde_json::Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|r: &serde_json::Value| r["threads"] == 2)
        .collect();
    let field = |algo: &str, key: &str| {
        let record = records.iter().find(|r| r["algo"] == algo).unwrap();
        record.get(key).cloned().unwrap_or(serde_json::Value::Null)
    };
    assert_eq!(field("ybwc", "eldest_grain"), 10);
    assert_eq!(field("ybwc", "cut_wait"), 3);
    assert_eq!(field("null-window", "cut_wait"), 3);
    assert!(field("null-window", "eldest_grain").is_null());
    assert!(field("abdada", "eldest_grain").is_null());
    assert!(field("abdada", "cut_wait").is_null());
    // ER's memory bound, and what it kept, are ER's alone.
    assert_eq!(field("er", "keep_limit"), 40);
    assert!(
        field("er", "kept_positions")
            .as_u64()
            .is_some_and(|k| k <= 40)
    );
    assert!(field("er", "kept_bytes").as_u64().is_some());
    assert!(field("ybwc", "keep_limit").is_null());
    assert!(field("ybwc", "kept_positions").is_null());
    assert_eq!(
        field("abdada", "split_height"),
        field("ybwc", "split_height")
    );
}

/// `--quiet` (anywhere on the line) silences notes and the log lines of long commands;
/// results on stdout and errors on stderr are as without it.
#[test]
fn quiet_silences_notes_and_logs_but_not_results_or_errors() {
    let noisy = ["run", "--model", "random", "--degree", "3", "--height", "3"];
    let with_note = [
        &noisy[..],
        &["--ordering", "0.5", "--json", "--repeat", "1"],
    ]
    .concat();
    let loud = abbench(&with_note);
    assert!(!loud.stderr.is_empty());
    for quiet in [
        [&["--quiet"][..], &with_note[..]].concat(),
        [&with_note[..], &["-q"][..]].concat(),
    ] {
        let output = abbench(&quiet);
        assert!(output.status.success());
        assert!(
            output.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let records = String::from_utf8_lossy(&output.stdout);
        assert_eq!(records.lines().count(), 1, "{records}");
    }
    // A sweep's per-tree log lines go too; its summary (stdout) stays.
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("tiny.toml");
    std::fs::write(
        &suite,
        "repeat = 1\nwarmup = 0\nthreads = [1]\n[[workload]]\nmodel = \"random\"\ndegree = 2\nheight = 3\nalgorithms = [\"f2\"]\n",
    )
    .unwrap();
    let out = dir.path().join("run");
    let output = abbench(&[
        "sweep",
        "--quiet",
        "--suite",
        suite.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(output.status.success());
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("1 trees, 1 results"));
    // Errors are never silenced.
    let output = abbench(&["--quiet", "run", "--degree", "0"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr).starts_with("abbench: error: invalid degree 0")
    );
}

#[test]
fn window_and_table_options_without_the_algorithms_that_use_them_are_named() {
    let tree = [
        "--model", "random", "--degree", "3", "--height", "3", "--json",
    ];
    let run = |extra: &[&str]| notes(&[&["run"], &tree[..], extra].concat());
    let tables: Vec<&str> = std::iter::once("mtdf")
        .chain(
            ParallelAlgorithm::ALL
                .into_iter()
                .filter(|a| a.uses_table())
                .map(ParallelAlgorithm::name),
        )
        .collect();
    let tables_only = format!(
        "--tt-mb applies only to the table searches ({}), none of which is among the \
         algorithms",
        abbench_vocab::and_list(&tables)
    );
    assert_eq!(
        run(&["--algo", "f2", "--threads", "1,2", "--tt-mb", "8"]),
        [tables_only.as_str(), THREADS_UNREAD]
    );
    // A parallel search without a table is set against every exact serial search
    // (`--baseline fastest`), serial mtdf among them: it reads the size, as aspiration and
    // mtdf read the guess and aspiration its delta. Measured against f2-iter alone, no
    // other serial search reads them.
    let not_measured = "--baseline f2-iter: the other exact serial searches are not \
                        measured, so no record names a fastest serial search; speedups \
                        are against f2-iter";
    for algo in ["ybwc", "root-split", "jamboree"] {
        let options = [
            "--algo",
            algo,
            "--threads",
            "1,2",
            "--tt-mb",
            "8",
            "--guess",
            "3",
            "--aspiration-delta",
            "7",
        ];
        let given = run(&options);
        assert!(given.is_empty(), "{algo}: {given:?}");
        assert_eq!(
            run(&[&options[..], &["--baseline", "f2-iter"]].concat()),
            [
                "--guess applies only to aspiration, mtdf, null-window and best-first, none of which is \
                 among the algorithms",
                "--aspiration-delta applies only to aspiration, which is not among the \
                 algorithms",
                tables_only.as_str(),
                not_measured,
            ],
            "{algo}"
        );
    }
    // Every table search reads it, serial or parallel.
    for algo in ["mtdf", "abdada", "lazy-smp", "null-window"] {
        let given = run(&["--algo", algo, "--threads", "1,2", "--tt-mb", "8"]);
        // Only the thread counts are unread, and only by a serial search alone.
        let threads_unread: &[&str] = if algo == "mtdf" {
            &[THREADS_UNREAD]
        } else {
            &[]
        };
        assert_eq!(given, threads_unread, "{algo}");
    }
    assert_eq!(
        run(&["--algo", "f2", "--aspiration-delta", "7"]),
        ["--aspiration-delta applies only to aspiration, which is not among the algorithms"]
    );
    assert_eq!(
        run(&["--algo", "pvs", "--cutoff", "gt", "--guess", "3"]),
        [
            "--cutoff applies only to f2, f2-iter and f2-soft, none of which is among the algorithms",
            "--guess applies only to aspiration, mtdf, null-window and best-first, none of which is among the algorithms",
        ]
    );
    // The parallel null-window search takes a first guess as serial MTD(f) does.
    let guessed = run(&["--algo", "null-window", "--threads", "1,2", "--guess", "0"]);
    assert!(guessed.is_empty(), "{guessed:?}");
    assert!(run(&["--algo", "mtdf", "--tt-mb", "8"]).is_empty());
    assert!(run(&["--algo", "aspiration", "--aspiration-delta", "7"]).is_empty());
    // A size that is not a power of two of slots is rounded down, and said.
    assert_eq!(
        run(&["--algo", "mtdf", "--tt-mb", "3"]),
        [
            "--tt-mb 3: the table of mtdf is 2 MiB, the largest power of two of 32-byte slots that fits"
        ]
    );
    assert_eq!(
        run(&[
            "--algo",
            "ybwc,null-window,mtdf",
            "--threads",
            "1,2",
            "--tt-mb",
            "3"
        ]),
        [
            "--tt-mb 3: the table of null-window and mtdf is 2 MiB, the largest power of two of \
          32-byte slots that fits"
        ]
    );
}
