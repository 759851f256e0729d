//! The window techniques on the command line: `run` and `verify` take the new algorithm
//! names and `--window`, `--cutoff`, `--kinds`, `--guess`, `--aspiration-delta`,
//! `--tt-mb`, and records carry `bound`, `kinds`, and the searches of aspiration and
//! MTD(f). Bad values are in `bad_input.rs`.

use serde_json::Value;

use crate::support;
use support::stdout_of;

fn records(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["run", "--json", "--repeat", "1", "--warmup", "0"];
    all.extend_from_slice(args);
    stdout_of(&all)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn record<'a>(records: &'a [Value], algo: &str) -> &'a Value {
    records
        .iter()
        .find(|r| r["algo"] == algo)
        .unwrap_or_else(|| panic!("no {algo} record"))
}

#[test]
fn a_negative_window_parses_and_the_bound_says_what_the_result_is() {
    // An ordered tree's value is 0: the window (-40, -10) lies below it, so F2 fails high.
    let rs = records(&[
        "--model",
        "ordered",
        "--degree",
        "3",
        "--height",
        "5",
        "--ordering",
        "0.6",
        "--algo",
        "f2,f2-iter,f2-soft",
        "--window",
        "-40,-10",
    ]);
    for algo in ["f2", "f2-iter"] {
        let r = record(&rs, algo);
        assert_eq!(r["bound"], "lower", "{algo}: {r}");
        assert_eq!(r["value"], -10, "fail-hard returns beta here, {algo}");
        assert_eq!(r["window"]["alpha"], -40);
        assert_eq!(r["window"]["beta"], -10);
        assert_eq!(r["verified"], true);
    }
    let soft = record(&rs, "f2-soft");
    assert_eq!(soft["bound"], "lower");
    assert!(soft["value"].as_i64().unwrap() >= -10 && soft["value"].as_i64().unwrap() <= 0);
    assert_eq!(record(&rs, "f2")["nodes"], record(&rs, "f2-iter")["nodes"]);
}

#[test]
fn kinds_on_a_perfectly_ordered_tree_are_knuth_and_moores_types() {
    // d = 3, h = 4: types per level (1,0,0), (1,2,0), (1,2,2), (1,8,2).
    let rs = records(&[
        "--model",
        "ordered",
        "--degree",
        "3",
        "--height",
        "4",
        "--algo",
        "f2,f2-iter",
        "--kinds",
    ]);
    for algo in ["f2", "f2-iter"] {
        let kinds = &record(&rs, algo)["kinds"];
        assert_eq!(kinds["pv"], serde_json::json!([1, 1, 1, 1]), "{algo}");
        assert_eq!(kinds["cut"], serde_json::json!([0, 2, 2, 8]), "{algo}");
        assert_eq!(kinds["all"], serde_json::json!([0, 0, 2, 2]), "{algo}");
        assert_eq!(kinds["held"], serde_json::json!([1, 3, 5, 11]), "{algo}");
    }
}

#[test]
fn the_greater_than_cutoff_is_recorded_and_costs_positions_on_ties() {
    let args = [
        "--model", "random", "--values", "3", "--degree", "4", "--height", "6", "--algo", "f2-iter",
    ];
    let ge = records(&args);
    let mut gt_args = args.to_vec();
    gt_args.extend(["--cutoff", "gt"]);
    let gt = records(&gt_args);
    assert_eq!(gt[0]["cutoff"], "gt");
    assert!(ge[0].get("cutoff").is_none());
    assert_eq!(gt[0]["value"], ge[0]["value"]);
    assert!(gt[0]["leaves"].as_u64() > ge[0]["leaves"].as_u64());
}

#[test]
fn pvs_aspiration_and_mtdf_find_the_value_and_say_how() {
    let rs = records(&[
        "--model",
        "branch-sum",
        "--degree",
        "4",
        "--height",
        "6",
        "--algo",
        "f2-iter,pvs,aspiration,mtdf",
        "--aspiration-delta",
        "5",
        "--tt-mb",
        "2",
    ]);
    let value = &record(&rs, "f2-iter")["value"];
    for algo in ["pvs", "aspiration", "mtdf"] {
        let r = record(&rs, algo);
        assert_eq!(&r["value"], value, "{algo}");
        assert_eq!(r["verified"], true, "{algo}");
    }
    for algo in ["aspiration", "mtdf"] {
        let r = record(&rs, algo);
        assert_eq!(
            r["guess_source"], "shallow",
            "{algo}: branch-sum has interior values"
        );
        let passes = r["passes"].as_array().unwrap();
        assert_eq!(
            r["searches"].as_u64().unwrap(),
            passes.len() as u64,
            "{algo}"
        );
        assert_eq!(passes.last().unwrap()["value"], *value, "{algo}");
    }
    let given = records(&[
        "--model",
        "random",
        "--degree",
        "3",
        "--height",
        "5",
        "--algo",
        "aspiration",
        "--guess",
        "-7",
    ]);
    assert_eq!(given[0]["guess"], -7);
    assert_eq!(given[0]["guess_source"], "given");
}

#[test]
fn verify_checks_the_new_algorithms_with_a_window() {
    let out = stdout_of(&[
        "verify",
        "--model",
        "random",
        "--values",
        "4",
        "--degree",
        "3",
        "--height",
        "5",
        "--trees",
        "4",
        "--algo",
        "f2,f2-iter,f2-soft,pvs,aspiration,mtdf",
        "--window",
        "1,2",
        "--cutoff",
        "gt",
    ]);
    // Every search ran and was checked: 4 trees, 6 algorithms each, none disagreeing.
    assert!(
        out.contains("trees       4\nsearches    24\nmismatches  0\n"),
        "{out}"
    );
}

#[test]
fn a_suite_file_names_the_new_algorithms_and_compare_matches_their_records() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("windows.toml");
    std::fs::write(
        &suite,
        "name = \"windows\"\nthreads = [1]\nrepeat = 1\n\
         algorithms = [\"f2-iter\", \"f2-soft\", \"pvs\", \"aspiration\", \"mtdf\"]\n\
         [[workload]]\nmodel = \"branch-sum\"\ndegree = 4\nheight = 5\ntrees = 2\n",
    )
    .unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    for out in [&a, &b] {
        stdout_of(&[
            "sweep",
            "--suite",
            suite.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
    }
    let results = std::fs::read_to_string(a.join("results.jsonl")).unwrap();
    // Each record's own `algo`: a record's `fastest` names an algorithm too.
    let algos: Vec<String> = results
        .lines()
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            record["algo"].as_str().unwrap_or_default().to_string()
        })
        .collect();
    for algo in ["f2-soft", "pvs", "aspiration", "mtdf"] {
        assert_eq!(
            algos.iter().filter(|a| *a == algo).count(),
            2,
            "{algo}: {results}"
        );
    }
    let compared = stdout_of(&[
        "compare",
        a.join("results.jsonl").to_str().unwrap(),
        b.join("results.jsonl").to_str().unwrap(),
        "--threshold",
        "1000",
    ]);
    assert!(compared.contains("10 matched records"), "{compared}");
    assert!(compared.contains("0 changed signatures"), "{compared}");
}
