//! `abbench export` formats, on the records of a committed run (740 searches, serial and
//! parallel): Bencher Metric Format validated against the format's published JSON Schema
//! (`tests/data/bmf.schema.json`, a copy of <https://bencher.dev/bmf.json>), and
//! github-action-benchmark's custom arrays checked field by field, and the libtest lines
//! read by re-implementations of their two consumers' parsers.

use abbench_report::{ExportFormat, export};
use abbench_results::{Results, parse_results};
use serde_json::Value;
use std::path::Path;

fn run() -> Results {
    let text = include_str!("../../results/tests/data/runs/2026-11-22-vm/results.jsonl");
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
    // Positions per second to the whole position: the figures past it are noise.
    assert_eq!(
        number(&benchmarks[&name]["throughput"]["value"]),
        first.nps.round()
    );
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

/// github-action-benchmark's `cargo` tool (`extractCargoResult` in its `src/extract.ts`):
/// every line matching its one pattern is a benchmark, named by the first group, valued
/// by the second with commas removed, in the unit of the third, with `± ` and the fourth
/// as its range; a line that does not match is skipped.
fn github_action_benchmark_cargo(output: &str) -> Vec<(String, f64, String, String)> {
    // JavaScript's `\w` is ASCII only: `(?-u:\w)`.
    let pattern = regex::Regex::new(
        r"^test (.+)\s+\.\.\. bench:\s+([0-9,.]+) ((?-u:\w)+/(?-u:\w)+) \(\+/- ([0-9,.]+)\)$",
    )
    .unwrap();
    output
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .filter_map(|line| pattern.captures(line))
        .map(|m| {
            (
                m[1].trim().to_string(),
                m[2].replace(',', "").parse::<f64>().unwrap(),
                m[3].trim().to_string(),
                format!("± {}", m[4].replace(',', "")),
            )
        })
        .collect()
}

/// Bencher's `rust_bench` adapter: `running N test(s)`, then `test NAME ... bench: N
/// UNIT/iter (+/- R)` lines whose name ends at its first space and whose numbers are
/// digits with commas, then `test result:`; the value with `value ± R` as its bounds.
fn bencher_rust_bench(output: &str) -> Option<Vec<(String, f64, f64, f64)>> {
    let mut lines = output.lines();
    let running = lines.next()?;
    let count: usize = running
        .strip_prefix("running ")?
        .strip_suffix(" tests")
        .or_else(|| running.strip_prefix("running ")?.strip_suffix(" test"))?
        .parse()
        .ok()?;
    let number = |s: &str| -> Option<f64> {
        let digits: String = s.chars().filter(|&c| c != ',').collect();
        (!digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()))
            .then(|| digits.parse().ok())?
    };
    let mut found = Vec::new();
    for line in lines.by_ref() {
        if line.is_empty() {
            break;
        }
        let rest = line.strip_prefix("test ")?;
        let (name, rest) = rest.split_once(' ')?;
        let rest = rest.trim_start().strip_prefix("...")?.trim_start();
        let rest = rest.strip_prefix("bench:")?.trim_start();
        let (value, rest) = rest.split_once(' ')?;
        let rest = rest.trim_start().strip_prefix("ns/iter")?.trim_start();
        let spread = rest.strip_prefix("(+/- ")?.strip_suffix(')')?;
        let (value, spread) = (number(value)?, number(spread)?);
        found.push((name.to_string(), value, value - spread, value + spread));
    }
    let result = lines.find(|l| !l.is_empty())?;
    (result.starts_with("test result:") && lines.next().is_none() && found.len() == count)
        .then_some(found)
}

#[test]
fn libtest_lines_are_read_by_github_action_benchmark_and_bencher() {
    let results = run();
    let text = export(&results, ExportFormat::Libtest);
    let gab = github_action_benchmark_cargo(&text);
    assert_eq!(gab.len(), results.records.len(), "one benchmark per search");
    let bencher = bencher_rust_bench(&text).expect("Bencher's rust_bench reads it");
    assert_eq!(bencher.len(), results.records.len());
    let mut names = std::collections::BTreeSet::new();
    for ((r, (name, value, unit, range)), (b_name, b_value, lower, upper)) in
        results.records.iter().zip(&gab).zip(&bencher)
    {
        assert!(names.insert(name.clone()), "{name} twice");
        assert_eq!(name, &abbench_report::libtest_name(r));
        assert_eq!(b_name, name);
        assert_eq!(*value, r.wall_ns.median as f64, "{name}");
        assert_eq!(b_value, value);
        assert_eq!(unit, "ns/iter");
        assert!(range.starts_with("± "), "{range}");
        // The interval both consumers draw holds every run, and no wider than needed.
        let (fastest, slowest) = (r.wall_ns.min as f64, r.wall_ns.max as f64);
        assert!(*lower <= fastest && slowest <= *upper, "{name}");
        assert!(*lower == fastest || *upper == slowest, "{name}");
    }
}

#[test]
fn libtest_lines_of_a_known_search() {
    let results = run();
    let mut one = results.clone();
    let mut record = results.records[0].clone();
    record.wall_ns.median = 1_234_567;
    record.wall_ns.min = 1_200_000;
    record.wall_ns.max = 1_300_000;
    record.wall_ns.samples = vec![1_200_000, 1_234_567, 1_300_000];
    record.wall_ns.median_ci = None;
    one.records = vec![record.clone()];
    one.unfinished.clear();
    let text = export(&one, ExportFormat::Libtest);
    assert_eq!(
        text,
        format!(
            "running 1 test\ntest random_d=16_h=8_seed=1_{}_threads=1 ... bench:   1,234,567 \
             ns/iter (+/- 65,433)\n\ntest result: ok. 0 passed; 0 failed; 0 ignored; 1 \
             measured; 0 filtered out\n",
            record.algo
        )
    );
}

#[test]
fn custom_ranges_say_how_far_the_runs_fell_on_each_side() {
    let results = run();
    let smaller: Value =
        serde_json::from_str(&export(&results, ExportFormat::CustomSmallerIsBetter)).unwrap();
    for (r, e) in results.records.iter().zip(smaller.as_array().unwrap()) {
        let range = e["range"].as_str().unwrap();
        assert_eq!(
            range,
            format!(
                "-{} +{}",
                r.wall_ns.median - r.wall_ns.min,
                r.wall_ns.max - r.wall_ns.median
            ),
            "{e}"
        );
        // github-action-benchmark reads `± N` (or `+- N`) as a symmetric spread, and
        // rescales it with the value; this range must not be read as one.
        assert!(!range.contains('±') && !range.contains("+-"), "{range}");
    }
    let bigger: Value =
        serde_json::from_str(&export(&results, ExportFormat::CustomBiggerIsBetter)).unwrap();
    for e in bigger.as_array().unwrap() {
        if e["unit"] == "positions/s" {
            let range = e["range"].as_str().unwrap();
            let (below, above) = range.split_once(' ').unwrap();
            let below: f64 = below.strip_prefix('-').unwrap().parse().unwrap();
            let above: f64 = above.strip_prefix('+').unwrap().parse().unwrap();
            assert!(below >= 0.0 && above >= 0.0, "{e}");
        }
    }
}
