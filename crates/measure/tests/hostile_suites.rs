//! Suite files built from the keys a suite has, each given hostile values — the largest
//! and smallest integers, zero, negative numbers, floats, strings, empty and long arrays,
//! tables where values go — and TOML of no shape at all: the reader returns a suite or
//! an error naming the file, never panics, and a suite it accepts is within the limits
//! the command line enforces, so no suite bypasses them. (`fuzz/fuzz_targets/
//! suite_toml.rs` searches the same property with libFuzzer, unbounded.)

use abbench_measure::{MAX_RUNS, MAX_SPLIT_HEIGHT, MAX_THREADS, Suite};
use abbench_tree::{MAX_TREES, TreeSource, check_tree_count};
use proptest::prelude::*;
use std::path::Path;

const TOP_KEYS: &[&str] = &[
    "name",
    "description",
    "repeat",
    "warmup",
    "threads",
    "split-height",
    "algorithms",
    "algo",
    "surprise",
];

const WORKLOAD_KEYS: &[&str] = &[
    "model",
    "file",
    "degree",
    "height",
    "heights",
    "seed",
    "trees",
    "layout",
    "algorithms",
    "algo",
    "values",
    "ordering",
    "spread",
    "degree-min",
    "degree-max",
    "terminal-prob",
    "edge-range",
    "order",
];

/// A hostile TOML value.
fn value() -> impl Strategy<Value = String> {
    let integer = prop_oneof![
        1 => Just("0".to_string()),
        1 => Just("1".to_string()),
        1 => Just("-1".to_string()),
        1 => Just("2".to_string()),
        1 => Just("9223372036854775807".to_string()),
        1 => Just("-9223372036854775808".to_string()),
        1 => Just("18446744073709551615".to_string()),
        1 => Just("100000".to_string()),
        1 => Just("1000".to_string()),
        1 => Just("10000000".to_string()),
        1 => Just("5000".to_string()),
        1 => Just("65536".to_string()),
        1 => Just("4294967296".to_string()),
        8 => (1u64..6).prop_map(|n| n.to_string()),
    ];
    let scalar = prop_oneof![
        integer.clone(),
        Just("1.5".to_string()),
        Just("nan".to_string()),
        Just("-inf".to_string()),
        Just("1e308".to_string()),
        Just("true".to_string()),
        Just("\"random\"".to_string()),
        Just("\"ordered\"".to_string()),
        Just("\"branch-sum\"".to_string()),
        Just("\"worst\"".to_string()),
        Just("\"arena\"".to_string()),
        Just("\"static\"".to_string()),
        Just("\"ybwc\"".to_string()),
        Just("\"/dev/zero\"".to_string()),
        Just("\"\"".to_string()),
        Just("{ a = 1 }".to_string()),
    ];
    prop_oneof![
        6 => integer.clone(),
        3 => scalar,
        1 => prop::collection::vec(integer, 0..4).prop_map(|v| format!("[{}]", v.join(", "))),
        1 => Just("[\"f2-iter\", \"ybwc\", \"no-such\"]".to_string()),
        1 => Just("[\"f0\"]".to_string()),
    ]
}

/// Entries for `keys`: `base` (a valid start) with up to three keys set or replaced by
/// hostile values, each key at most once (TOML refuses a key given twice).
fn entries(
    keys: &'static [&'static str],
    base: &'static [(&'static str, &'static str)],
) -> impl Strategy<Value = String> {
    prop::collection::vec((prop::sample::select(keys), value()), 0..4).prop_map(move |kv| {
        let mut map: std::collections::BTreeMap<&str, String> =
            base.iter().map(|(k, v)| (*k, v.to_string())).collect();
        map.extend(kv);
        map.into_iter()
            .map(|(k, v)| format!("{k} = {v}\n"))
            .collect()
    })
}

/// A suite text: top-level entries and one to three workloads, each starting from a
/// valid random tree.
fn suite_text() -> impl Strategy<Value = String> {
    const WORKLOAD: &[(&str, &str)] = &[("model", "\"random\""), ("degree", "2"), ("height", "3")];
    (
        entries(TOP_KEYS, &[]),
        prop::collection::vec(entries(WORKLOAD_KEYS, WORKLOAD), 1..3),
    )
        .prop_map(|(top, workloads)| {
            let mut text = top;
            for w in workloads {
                text.push_str("\n[[workload]]\n");
                text.push_str(&w);
            }
            text
        })
}

/// The reader's verdict on `text`, checked.
fn check(text: &str) -> Result<(), TestCaseError> {
    let suite = match Suite::from_toml_str(text, Path::new("hostile.toml")) {
        Ok(suite) => suite,
        Err(error) => {
            let message = error.to_string();
            prop_assert!(message.contains("hostile.toml"), "{}", message);
            prop_assert_eq!(message.lines().count(), 1, "{}", message);
            return Ok(());
        }
    };
    for &threads in suite.threads.iter().flatten() {
        prop_assert!((1..=MAX_THREADS).contains(&threads), "threads {}", threads);
    }
    prop_assert!(suite.repeat as i64 <= MAX_RUNS, "repeat {}", suite.repeat);
    prop_assert!(suite.warmup as i64 <= MAX_RUNS, "warmup {}", suite.warmup);
    let heights_in_range = suite.series(&suite.workloads[0]).iter().all(|s| {
        s.settings
            .split_height
            .is_none_or(|h| h <= MAX_SPLIT_HEIGHT)
    });
    prop_assert!(heights_in_range);
    for workload in &suite.workloads {
        prop_assert!(!workload.algorithms.is_empty());
        prop_assert!(workload.tree.validate().is_ok(), "{:?}", workload.tree);
        if let TreeSource::Model(model) = &workload.tree.source {
            prop_assert!((1..=MAX_TREES).contains(&workload.trees));
            prop_assert!(check_tree_count(model.seed, workload.trees).is_ok());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn suites_of_hostile_values_are_read_within_the_limits_or_refused(text in suite_text()) {
        check(&text)?;
    }

    #[test]
    fn arbitrary_text_is_read_or_refused(text in "\\PC{0,200}") {
        check(&text)?;
    }
}

#[test]
fn the_named_hostile_cases_are_refused() {
    for text in [
        "threads = [100000]\n[[workload]]\nmodel = \"random\"\ndegree = 2\nheight = 2\n",
        "threads = [1000]\n[[workload]]\nmodel = \"random\"\ndegree = 2\nheight = 2\n",
        "repeat = 10000000\n[[workload]]\nmodel = \"random\"\ndegree = 2\nheight = 2\n",
        "warmup = 9223372036854775807\n[[workload]]\nmodel = \"random\"\ndegree = 2\nheight = 2\n",
        "split-height = 5000\n[[workload]]\nmodel = \"random\"\ndegree = 2\nheight = 2\n",
        "[[workload]]\nmodel = \"random\"\ndegree = 2\nheight = 2\nseed = 18446744073709551615\ntrees = 2\n",
    ] {
        let err = Suite::from_toml_str(text, Path::new("hostile.toml")).unwrap_err();
        assert!(err.to_string().starts_with("hostile.toml:"), "{err}");
    }
}

#[test]
fn algo_is_the_key_as_on_the_command_line_and_algorithms_is_still_read() {
    let suite = |key: &str| {
        format!(
            "{key} = [\"f2\"]\n[[workload]]\nmodel = \"random\"\ndegree = 2\nheight = 2\n\
             {key} = [\"f0\", \"ybwc\"]\n"
        )
    };
    for key in ["algo", "algorithms"] {
        let parsed = Suite::from_toml_str(&suite(key), Path::new("s.toml")).unwrap();
        let names: Vec<&str> = parsed.workloads[0]
            .algorithms
            .iter()
            .map(|a| a.name())
            .collect();
        assert_eq!(names, ["f0", "ybwc"], "{key}");
    }
    let both = "algo = [\"f2\"]\nalgorithms = [\"f1\"]\n[[workload]]\nmodel = \"random\"\ndegree = 2\nheight = 2\n";
    let err = Suite::from_toml_str(both, Path::new("s.toml")).unwrap_err();
    assert!(err.to_string().starts_with("s.toml:"), "{err}");
    let empty = "[[workload]]\nmodel = \"random\"\ndegree = 2\nheight = 2\nalgo = []\n";
    let err = Suite::from_toml_str(empty, Path::new("s.toml")).unwrap_err();
    assert!(err.to_string().contains("algo must not be empty"), "{err}");
}
