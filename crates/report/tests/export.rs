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

/// A number and unit of criterion's report in nanoseconds (time) or per second
/// (throughput).
fn criterion_number(value: &str, unit: &str) -> f64 {
    let n: f64 = value
        .parse()
        .unwrap_or_else(|_| panic!("not a number: {value}"));
    n * match unit {
        "ps" => 1e-3,
        "ns" | "elem/s" => 1.0,
        "µs" | "Kelem/s" => 1e3,
        "ms" | "Melem/s" => 1e6,
        "s" | "Gelem/s" => 1e9,
        _ => panic!("not a criterion unit: {unit}"),
    }
}

/// `[a u b u c u]` after `label` (from column 25) as three numbers.
fn criterion_triple(line: &str, label: &str) -> [f64; 3] {
    let rest = line[24..]
        .strip_prefix(label)
        .unwrap_or_else(|| panic!("no {label} at column 25: {line:?}"));
    let inner = rest
        .trim_start()
        .strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .unwrap_or_else(|| panic!("not [...]: {line:?}"));
    let words: Vec<&str> = inner.split_whitespace().collect();
    assert_eq!(words.len(), 6, "{line:?}");
    [0, 2, 4].map(|i| criterion_number(words[i], words[i + 1]))
}

#[test]
fn criterion_lines_name_every_search_with_its_median_inside_its_interval() {
    let results = run();
    let text = export(&results, ExportFormat::Criterion);
    let lines: Vec<&str> = text.lines().collect();
    let mut at = 0;
    for r in &results.records {
        let name = abbench_report::key_label(r);
        let time_line = if name.len() > 23 {
            assert_eq!(lines[at], name);
            at += 1;
            assert!(lines[at].starts_with(&" ".repeat(24)));
            lines[at]
        } else {
            assert!(lines[at].starts_with(&format!("{name:<24}")));
            lines[at]
        };
        let [low, median, high] = criterion_triple(time_line, "time:");
        let relative = |a: f64, b: f64| (a - b).abs() / b;
        assert!(
            relative(median, r.wall_ns.median as f64) < 5e-4,
            "{time_line}"
        );
        assert!(low <= median && median <= high, "{time_line}");
        let [slow, typical, fast] = criterion_triple(lines[at + 1], "thrpt:");
        assert!(slow <= typical && typical <= fast, "{}", lines[at + 1]);
        assert!(relative(typical, r.nodes as f64 * 1e9 / r.wall_ns.median as f64) < 5e-4);
        at += 2;
    }
    assert_eq!(at, lines.len(), "one block per record and nothing else");
}

#[test]
fn criterion_lines_of_a_known_search() {
    let results = run();
    let record = results
        .records
        .iter()
        .find(|r| r.wall_ns.median_ci.is_none())
        .expect("the committed run predates intervals");
    let mut one = results.clone();
    one.records = vec![record.clone()];
    one.unfinished.clear();
    let mut with_interval = record.clone();
    with_interval.wall_ns.median = 1_234_567;
    with_interval.wall_ns.median_ci = Some([1_200_000, 1_300_000]);
    with_interval.nodes = 2_469_134;
    one.records.push(with_interval);
    let text = export(&one, ExportFormat::Criterion);
    let lines: Vec<&str> = text.lines().collect();
    // Without an interval: the fastest and slowest run.
    let first_time = lines.iter().find(|l| l.contains("time:")).unwrap();
    let [low, _, high] = criterion_triple(first_time, "time:");
    let relative = |a: f64, b: u64| (a - b as f64).abs() / b as f64;
    assert!(relative(low, record.wall_ns.min) < 5e-4, "{first_time}");
    assert!(relative(high, record.wall_ns.max) < 5e-4, "{first_time}");
    assert_eq!(
        lines[lines.len() - 2],
        format!("{}time:   [1.2000 ms 1.2346 ms 1.3000 ms]", " ".repeat(24))
    );
    assert_eq!(
        lines[lines.len() - 1],
        format!(
            "{}thrpt:  [1.8993 Gelem/s 2.0000 Gelem/s 2.0576 Gelem/s]",
            " ".repeat(24)
        )
    );
}
