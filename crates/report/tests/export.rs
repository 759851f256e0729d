//! `abbench export` formats, on the records of a committed run (740 searches, serial and
//! parallel): Bencher Metric Format validated against the format's published JSON Schema
//! (`tests/data/bmf.schema.json`, a copy of <https://bencher.dev/bmf.json>), and
//! github-action-benchmark's custom arrays checked field by field.

use abbench_report::{ExportFormat, export};
use abbench_results::{Results, parse_results};
use serde_json::Value;
use std::path::Path;

fn run() -> Results {
    let text = include_str!("../../../reports/runs/2026-11-22-vm/results.jsonl");
    parse_results(text, Path::new("results.jsonl")).unwrap()
}

fn bmf_validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(include_str!("data/bmf.schema.json")).unwrap();
    jsonschema::validator_for(&schema).unwrap()
}

fn number(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

#[test]
fn bencher_output_is_valid_bmf_with_one_benchmark_per_search() {
    let results = run();
    let parallel = results
        .records
        .iter()
        .filter(|r| r.parallel.is_some())
        .count();
    assert!(parallel > 0 && parallel < results.records.len());
    let text = export(&results, ExportFormat::Bencher);
    let bmf: Value = serde_json::from_str(&text).unwrap();
    let errors: Vec<String> = bmf_validator()
        .iter_errors(&bmf)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    let benchmarks = bmf.as_object().unwrap();
    assert_eq!(benchmarks.len(), results.records.len(), "one per search");
    let mut speedups = 0;
    for (name, measures) in benchmarks {
        for measure in ["latency", "throughput"] {
            let m = &measures[measure];
            let (lo, value, hi) = (
                number(&m["lower_value"]),
                number(&m["value"]),
                number(&m["upper_value"]),
            );
            assert!(lo <= value && value <= hi, "{name} {measure}: {m}");
        }
        assert!(number(&measures["positions"]["value"]) >= 1.0, "{name}");
        if let Some(s) = measures.get("speedup") {
            assert!(number(&s["value"]) > 0.0, "{name}");
            speedups += 1;
        }
    }
    assert_eq!(speedups, parallel);
    // The same records, one changed: the record's own numbers are what is exported.
    let first = &results.records[0];
    let name = format!("random d=16 h=8 seed=1 {} threads=1", first.algo);
    assert_eq!(
        number(&benchmarks[&name]["latency"]["value"]),
        first.wall_ns.median as f64
    );
    assert_eq!(number(&benchmarks[&name]["throughput"]["value"]), first.nps);
}

#[test]
fn the_schema_refuses_what_is_not_bmf() {
    let validator = bmf_validator();
    for bad in [
        r#"{"a": {"latency": {"lower_value": 1}}}"#,
        r#"{"a": {"latency": {"value": "fast"}}}"#,
        r#"{"a": [1, 2]}"#,
        r#"[{"name": "a", "value": 1}]"#,
    ] {
        let value: Value = serde_json::from_str(bad).unwrap();
        assert!(!validator.is_valid(&value), "{bad}");
    }
}

#[test]
fn github_action_benchmark_arrays_have_a_name_unit_and_value_per_entry() {
    let results = run();
    let parallel = results
        .records
        .iter()
        .filter(|r| r.parallel.is_some())
        .count();
    for (format, expected, unit) in [
        (
            ExportFormat::CustomSmallerIsBetter,
            results.records.len(),
            "ns",
        ),
        (
            ExportFormat::CustomBiggerIsBetter,
            results.records.len() + parallel,
            "",
        ),
    ] {
        let entries: Value = serde_json::from_str(&export(&results, format)).unwrap();
        let entries = entries.as_array().unwrap();
        assert_eq!(entries.len(), expected, "{format:?}");
        let mut names = std::collections::BTreeSet::new();
        for e in entries {
            let name = e["name"].as_str().unwrap();
            assert!(names.insert(name.to_string()), "{name} twice");
            let u = e["unit"].as_str().unwrap();
            assert!(unit.is_empty() || u == unit, "{e}");
            assert!(number(&e["value"]) > 0.0, "{e}");
            for optional in ["range", "extra"] {
                assert!(e.get(optional).is_none_or(Value::is_string), "{e}");
            }
        }
    }
}
