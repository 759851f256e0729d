use super::*;
use crate::MeasureError;
use abbench_results::FileError;
use abbench_tree::{Layout, Model, TreeSource};
use std::path::{Path, PathBuf};

fn parse(text: &str) -> Result<Suite, MeasureError> {
    Suite::from_toml_str(text, Path::new("suites/test.toml"))
}

/// The line and message of a `BadInput` error.
fn bad_input(text: &str) -> (usize, String) {
    match parse(text) {
        Err(MeasureError::File(FileError::BadInput {
            path,
            line,
            message,
        })) => {
            assert_eq!(path, PathBuf::from("suites/test.toml"));
            (line, message)
        }
        other => panic!("expected a BadInput error, got {other:?}"),
    }
}

#[test]
fn thread_counts_are_powers_of_two_and_the_maximum() {
    assert_eq!(thread_counts_up_to(1), vec![1]);
    assert_eq!(thread_counts_up_to(2), vec![1, 2]);
    assert_eq!(thread_counts_up_to(6), vec![1, 2, 4, 6]);
    assert_eq!(thread_counts_up_to(8), vec![1, 2, 4, 8]);
    assert_eq!(thread_counts_up_to(0), vec![1]);
    assert_eq!(
        *default_thread_counts().last().unwrap(),
        abbench_results::available_threads()
    );
}

#[test]
fn builtin_suites_are_valid() {
    for name in BUILTIN_SUITES {
        let suite = Suite::builtin(name).unwrap();
        assert_eq!(suite.name, name);
        assert!(suite.tree_count() > 0);
        for w in &suite.workloads {
            w.tree.validate().unwrap();
            assert!(!w.algorithms.is_empty());
            if w.algorithms.contains(&"f0".parse().unwrap()) {
                let TreeSource::Model(spec) = &w.tree.source else {
                    panic!("built-in suites use models")
                };
                assert!(spec.max_nodes().unwrap() <= builtin::F0_MAX_NODES, "{spec}");
            }
        }
    }
    assert!(Suite::builtin("nonesuch").is_none());
    let quick = Suite::builtin("quick").unwrap();
    for model in Model::ALL {
        assert!(
            quick
                .workloads
                .iter()
                .any(|w| matches!(&w.tree.source, TreeSource::Model(s) if s.model == model)),
            "quick lacks {model}"
        );
    }
    assert_eq!(quick.thread_counts(None), vec![1, 2]);
    assert_eq!(quick.thread_counts(Some(&[3])), vec![3]);
}

#[test]
fn example_file_parses() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("suites/example.toml");
    let suite = Suite::from_toml_file(&path).unwrap();
    assert_eq!(suite.name, "example");
    assert_eq!(suite.repeat, 3);
    assert!(suite.threads.is_none());
    // The `heights` table becomes one workload per height.
    assert_eq!(suite.workloads.len(), 4 + 7);
    assert_eq!(suite.workloads[0].algorithms.len(), 5);
    assert_eq!(suite.workloads[0].tree_specs().len(), 3);
    assert_eq!(suite.workloads[1].tree.layout, Layout::Arena);
    assert_eq!(suite.workloads[1].label(), "ordered d=8 h=8 q=0.7 arena");
}

#[test]
fn a_minimal_file_takes_the_defaults() {
    let suite = parse("[[workload]]\nmodel = \"random\"\ndegree = 3\nheight = 4\n").unwrap();
    assert_eq!(suite.name, "test");
    assert_eq!(suite.repeat, 3);
    assert_eq!(suite.warmup, 1);
    let w = &suite.workloads[0];
    assert_eq!(w.trees, 1);
    assert_eq!(w.tree.layout, Layout::Implicit);
    assert!(!w.algorithms.contains(&"f0".parse().unwrap()));
    assert!(w.algorithms.contains(&"ybwc".parse().unwrap()));
    let seeds: Vec<u64> = Workload {
        trees: 3,
        ..w.clone()
    }
    .tree_specs()
    .iter()
    .map(|t| abbench_results::TreeInfo::of(t).seed.unwrap())
    .collect();
    assert_eq!(seeds, vec![1, 2, 3]);
}

#[test]
fn tree_files_are_relative_to_the_suite() {
    let suite = parse("[[workload]]\nfile = \"fig1.tree\"\n").unwrap();
    assert_eq!(
        suite.workloads[0].tree.source,
        TreeSource::File(PathBuf::from("suites/fig1.tree"))
    );
    let (line, message) = bad_input("[[workload]]\nfile = \"a.tree\"\ndegree = 3\n");
    assert_eq!(line, 1);
    assert!(message.contains("degree"), "{message}");
}

#[test]
fn syntax_errors_name_the_line() {
    let (line, message) = bad_input("repeat = 3\n\n[[workload]]\nmodel = \"random\nheight = 2\n");
    assert_eq!(line, 4, "{message}");
}

#[test]
fn unknown_keys_and_names_are_errors_on_their_line() {
    let (line, message) = bad_input("[[workload]]\nmodel = \"random\"\ndegree = 3\nheigth = 4\n");
    assert_eq!(line, 4);
    assert!(message.contains("heigth"), "{message}");

    let (line, message) = bad_input("[[workload]]\nmodel = \"randm\"\ndegree = 3\nheight = 4\n");
    assert_eq!(line, 2);
    assert!(message.contains("randm"), "{message}");

    let (line, message) = bad_input(
        "algorithms = [\"f2\", \"alphabeta\"]\n[[workload]]\nmodel = \"random\"\ndegree = 3\nheight = 4\n",
    );
    assert_eq!(line, 1);
    assert!(message.contains("alphabeta"), "{message}");
}

#[test]
fn parameters_out_of_range_name_the_workload() {
    let text = "repeat = 2\n\n[[workload]]\nmodel = \"random\"\ndegree = 3\nheight = 4\n\n\
                [[workload]]\nmodel = \"ordered\"\ndegree = 3\nheight = 4\nordering = 1.5\n";
    let (line, message) = bad_input(text);
    assert_eq!(line, 8, "{message}");
    assert!(message.contains("ordering"), "{message}");

    let (line, message) =
        bad_input("[[workload]]\nmodel = \"random\"\ndegree = 3\nheight = 4\nordering = 0.5\n");
    assert_eq!(line, 1);
    assert!(message.contains("ordered"), "{message}");

    let (_, message) = bad_input("[[workload]]\nmodel = \"random\"\nheight = 4\n");
    assert!(message.contains("degree"), "{message}");

    let (line, message) = bad_input("repeat = 0\n[[workload]]\nfile = \"x.tree\"\n");
    assert_eq!(line, 1);
    assert!(message.contains("repeat"), "{message}");

    let (line, _) = bad_input("\nthreads = [1, 0]\n[[workload]]\nfile = \"x.tree\"\n");
    assert_eq!(line, 2);

    // The command line's limits hold in a suite file too.
    for (text, words) in [
        (
            "threads = [100000]\n",
            "threads must list thread counts, each 1 ..= 256",
        ),
        ("threads = [1000]\n", "each 1 ..= 256"),
        ("repeat = 10000000\n", "repeat must be 1 ..= 1000000"),
        ("split-height = 5000\n", "split-height: 5000 is not in 1..="),
    ] {
        let (line, message) = bad_input(&format!("{text}[[workload]]\nfile = \"x.tree\"\n"));
        assert_eq!(line, 1, "{text}: {message}");
        assert!(message.contains(words), "{text}: {message}");
    }

    let (line, message) = bad_input("name = \"empty\"\n");
    assert_eq!(line, 0);
    assert!(message.contains("[[workload]]"), "{message}");
}

#[test]
fn a_tree_file_that_cannot_be_read_is_refused_when_the_suite_is_loaded() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("suite.toml");
    let socket = dir.path().join("socket.tree");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    std::fs::create_dir(dir.path().join("folder.tree")).unwrap();
    for (file, why) in [
        ("missing.tree", "No such file"),
        ("socket.tree", "not a regular file"),
        ("folder.tree", "not a regular file"),
    ] {
        std::fs::write(&suite, format!("[[workload]]\nfile = \"{file}\"\n")).unwrap();
        let err = Suite::from_toml_file(&suite).unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains(&format!(
                "the tree file {}",
                dir.path().join(file).display()
            )) && text.contains(why),
            "{text}"
        );
    }
    // Parsing alone does not look at the file system.
    assert!(Suite::from_toml_str("[[workload]]\nfile = \"missing.tree\"\n", &suite).is_ok());
}

#[test]
fn the_parallel_suite_names_every_parallel_algorithm_and_the_fastest_serial_candidates() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("suites/parallel.toml");
    let suite = Suite::from_toml_file(&path).unwrap();
    assert_eq!(suite.name, "parallel");
    for workload in &suite.workloads {
        for algorithm in abbench_parallel::ParallelAlgorithm::ALL {
            assert!(
                workload
                    .algorithms
                    .contains(&abbench_results::Algorithm::Parallel(algorithm)),
                "{algorithm}"
            );
        }
        // Every exact serial search is measured beside the parallel ones, named in the
        // file or not.
        let measured = crate::with_serial_candidates(&workload.algorithms, true);
        for serial in crate::EXACT_SERIAL {
            assert!(
                measured.contains(&abbench_results::Algorithm::Serial(serial)),
                "{serial:?}"
            );
        }
    }
}

/// Settings at the top go to every algorithm that reads them, a list sweeps them, and
/// `[per-algorithm.NAME]` gives one algorithm its own; each mistake is named with its
/// line.
#[test]
fn settings_sweep_and_per_algorithm_values_are_read_with_their_lines() {
    let workload = "[[workload]]\nmodel = \"random\"\ndegree = 3\nheight = 4\n";
    let suite = parse(&format!(
        "algo = [\"ybwc\", \"er\", \"f2-iter\"]\ncut-wait = [1, 2]\n\
         [per-algorithm.er]\nkeep-limit = 9\n{workload}"
    ))
    .unwrap();
    let names: Vec<String> = suite
        .series(&suite.workloads[0])
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(
        names,
        [
            "ybwc cut-wait=1",
            "ybwc cut-wait=2",
            "er cut-wait=1 keep-limit=9",
            "er cut-wait=2 keep-limit=9",
            "f2-iter"
        ]
    );
    for (text, line, words) in [
        (
            "algo = [\"f2\"]\ncut-wait = 2\n",
            2,
            "cut-wait is read by ybwc, jamboree, null-window and er, none of which this suite runs",
        ),
        (
            "[per-algorithm.ybwc]\nkeep-limit = 4\n",
            2,
            "ybwc does not read keep-limit",
        ),
        ("cut-wait = 0\n", 1, "cut-wait: 0 is not in 1..=1024"),
        ("cut-wait = [2, \"x\"]\n", 1, "cut-wait: invalid digit"),
        (
            "window = {a = 1}\n",
            1,
            "window takes a value or a list of values",
        ),
        (
            "[per-algorithm.zz]\ncut-wait = 1\n",
            1,
            "unknown algorithm 'zz'",
        ),
        (
            "[per-algorithm.ybwc]\ncut-wiat = 1\n",
            2,
            "unknown setting `cut-wiat`",
        ),
        ("cut-wiat = 1\n", 1, "unknown field `cut-wiat`"),
    ] {
        let (at, message) = bad_input(&format!("{text}{workload}"));
        assert_eq!(at, line, "{text}: {message}");
        assert!(message.contains(words), "{text}: {message}");
    }
}
