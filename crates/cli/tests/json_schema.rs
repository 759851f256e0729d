//! Every JSON line the tool writes — `run`, `verify`, `simulate`, `theory`, `sweep` (its
//! summary, every line of its `results.jsonl` and its `calibration.json`), `compare`, `history`,
//! `check-calibration`, and the cost profile `calibrate` writes — validates against the
//! committed schema, `schema/abbench-output.schema.json`: `schema` and `kind` on every
//! object, `algo` and `threads` wherever an algorithm and a thread count are named,
//! snake_case keys at every depth.

use serde_json::Value;
use std::collections::BTreeSet;

use crate::support;
use support::abbench;

fn validator() -> jsonschema::Validator {
    let text = include_str!("../../../schema/abbench-output.schema.json");
    let schema: Value = serde_json::from_str(text).unwrap();
    jsonschema::validator_for(&schema).unwrap()
}

/// The JSON lines `abbench args…` printed, after checking its exit code.
fn lines(args: &[&str], code: i32) -> Vec<Value> {
    let output = abbench(args);
    assert_eq!(
        output.status.code(),
        Some(code),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{args:?}: {e}: {l}")))
        .collect()
}

/// Validates every line, returning the kinds seen.
fn check(validator: &jsonschema::Validator, what: &str, lines: &[Value]) -> BTreeSet<String> {
    assert!(!lines.is_empty(), "{what}: no output");
    let mut kinds = BTreeSet::new();
    for line in lines {
        let errors: Vec<String> = validator.iter_errors(line).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{what}: {errors:?}\n{line}");
        assert_eq!(line["schema"], 1, "{what}: {line}");
        let kind = line["kind"]
            .as_str()
            .unwrap_or_else(|| panic!("{what}: no kind: {line}"));
        kinds.insert(kind.to_string());
    }
    kinds
}

#[test]
fn every_json_output_validates_against_the_committed_schema() {
    let validator = validator();
    let mut kinds = BTreeSet::new();
    let tree = ["--model", "random", "--degree", "3", "--height", "4"];
    let mut run = vec!["run", "--json", "--repeat", "1"];
    run.extend(tree);
    run.extend([
        "--algo",
        "f0,f1,f2,f2-iter,f2-soft,pvs,aspiration,mtdf,root-split,ybwc,jamboree,abdada,lazy-smp,null-window",
    ]);
    run.extend(["--threads", "1,2"]);
    kinds.extend(check(&validator, "run", &lines(&run, 0)));
    let windowed = [
        "run",
        "--json",
        "--repeat",
        "1",
        "--model",
        "ordered",
        "--degree",
        "3",
        "--height",
        "4",
        "--algo",
        "f2,f2-soft",
        "--window=-5,5",
        "--kinds",
    ];
    kinds.extend(check(&validator, "run --window", &lines(&windowed, 0)));
    let timed_out = [
        "run",
        "--json",
        "--repeat",
        "1",
        "--model",
        "random",
        "--degree",
        "8",
        "--height",
        "8",
        "--algo",
        "f0",
        "--time-limit",
        "0.001",
    ];
    kinds.extend(check(&validator, "run --time-limit", &lines(&timed_out, 1)));

    let mut verify = vec!["verify", "--json", "--trees", "2", "--threads", "1,2"];
    verify.extend(tree);
    kinds.extend(check(&validator, "verify", &lines(&verify, 0)));

    let mut simulate = vec!["simulate", "--json", "--procs", "1,2,4"];
    simulate.extend(tree);
    kinds.extend(check(&validator, "simulate", &lines(&simulate, 0)));

    let theory = ["theory", "--json", "--degree", "2", "--trees", "50"];
    kinds.extend(check(&validator, "theory", &lines(&theory, 0)));

    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("tiny.toml");
    std::fs::write(
        &suite,
        "repeat = 1\nwarmup = 0\nthreads = [1, 2]\n[[workload]]\nmodel = \"random\"\n\
         degree = 3\nheight = 4\nalgorithms = [\"f2\", \"f2-iter\", \"ybwc\"]\n",
    )
    .unwrap();
    let out = dir.path().join("run");
    let (suite, out) = (suite.to_str().unwrap(), out.to_str().unwrap());
    let sweep = ["sweep", "--json", "--quiet", "--suite", suite, "--out", out];
    kinds.extend(check(&validator, "sweep", &lines(&sweep, 0)));
    let results: Vec<Value> = std::fs::read_to_string(format!("{out}/results.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    kinds.extend(check(&validator, "results.jsonl", &results));

    let compare = ["compare", "--json", out, out];
    kinds.extend(check(&validator, "compare", &lines(&compare, 0)));
    // One run: a run named twice is refused, as it would count twice.
    let history = ["history", "--json", out];
    kinds.extend(check(&validator, "history", &lines(&history, 0)));

    let results_file = format!("{out}/results.jsonl");
    let check_calibration = [
        "check-calibration",
        "--json",
        &results_file,
        "--threads",
        "2",
        "--min-serial-ms",
        "0",
    ];
    let checked = lines(&check_calibration, 0);
    kinds.extend(check(&validator, "check-calibration", &checked));

    // ab: the outcome, and every kind of line its workers write.
    let bin = assert_cmd::cargo::cargo_bin("abbench");
    let bin = bin.to_str().unwrap();
    let ab = [
        "ab",
        bin,
        bin,
        "--suite",
        suite,
        "--max-time",
        "4",
        "--epoch",
        "0.5",
        "--json",
        "--quiet",
    ];
    kinds.extend(check(&validator, "ab", &lines(&ab, 0)));
    let mut worker = std::process::Command::new(bin)
        .arg("ab-worker")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = worker.stdin.take().unwrap();
        let requests = format!(
            "{{\"op\":\"plan\",\"suite\":\"{suite}\",\"algos\":null,\"threads\":null}}\n\
             {{\"op\":\"time\",\"item\":0,\"iters\":2,\"reps\":3}}\n\
             {{\"op\":\"time\",\"item\":99,\"iters\":2}}\n"
        );
        stdin.write_all(requests.as_bytes()).unwrap();
    }
    let output = worker.wait_with_output().unwrap();
    assert!(output.status.success());
    let worker_lines: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(worker_lines.len(), 4);
    kinds.extend(check(&validator, "ab-worker", &worker_lines));

    // Cost profiles: the one `calibrate` prints, the one the sweep kept, the committed one.
    let calibrate = abbench(&["calibrate", "--quick"]);
    assert!(calibrate.status.success());
    let printed: Value = serde_json::from_slice(&calibrate.stdout).unwrap();
    let kept: Value =
        serde_json::from_str(&std::fs::read_to_string(format!("{out}/calibration.json")).unwrap())
            .unwrap();
    let committed: Value =
        serde_json::from_str(include_str!("data/calibration-xeon16-2026-11-23.json")).unwrap();
    kinds.extend(check(
        &validator,
        "cost profiles",
        &[printed, kept, committed],
    ));

    let expected = [
        "ab",
        "ab_error",
        "ab_hello",
        "ab_plan",
        "ab_sample",
        "calibration_check",
        "calibration_check_serial",
        "comparison",
        "cost_profile",
        "history",
        "search",
        "simulation",
        "sweep",
        "table1_row",
        "theory_check",
        "unfinished",
        "verification",
        "work_span",
    ];
    assert_eq!(
        kinds,
        expected.map(String::from).into(),
        "every kind was checked"
    );
}

#[test]
fn the_schema_refuses_what_breaks_the_conventions() {
    let validator = validator();
    let good: Value = serde_json::from_str(
        r#"{"schema":1,"kind":"unfinished","tree":{"model":"random","degree":3,"height":4},
            "algo":"f0","threads":1,"timed_out":true}"#,
    )
    .unwrap();
    assert!(validator.is_valid(&good));
    let broken = |edit: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        edit(&mut v);
        v
    };
    for (what, bad) in [
        (
            "no schema",
            broken(&|v| drop(v.as_object_mut().unwrap().remove("schema"))),
        ),
        ("another schema", broken(&|v| v["schema"] = 2.into())),
        ("an unknown kind", broken(&|v| v["kind"] = "mystery".into())),
        (
            "algorithm for algo",
            broken(&|v| {
                let algo = v.as_object_mut().unwrap().remove("algo").unwrap();
                v["algorithm"] = algo;
            }),
        ),
        (
            "a kebab-case key",
            broken(&|v| v["tree"]["degree-min"] = 2.into()),
        ),
        ("an unknown algorithm", broken(&|v| v["algo"] = "f3".into())),
        ("zero threads", broken(&|v| v["threads"] = 0.into())),
    ] {
        assert!(!validator.is_valid(&bad), "{what} passed: {bad}");
    }
}
