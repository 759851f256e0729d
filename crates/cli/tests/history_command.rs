//! `abbench history`: runs made from real records (`ci/baselines/quick.jsonl`'s
//! random trees) by `abbench_testkit::synthetic_history` — each run's machine speed and
//! noise its own (2% a search a run) — show no change point, exit 0; with one serial algorithm 15% slower
//! from run 12 on, that algorithm's series change at run 12 and nothing else does, exit
//! 1; runs of another suite and unusable input exit 2 with one line. The JSON validates
//! against the committed schema.

use abbench_testkit::{HistoryRecipe, PlantedStep, synthetic_history};
use serde_json::Value;
use std::path::PathBuf;
use tempfile::TempDir;

use crate::support;
use support::abbench;

const BASELINE: &str = include_str!("../../../ci/baselines/quick.jsonl");

/// The baseline's records of the random trees of degree 8 and height 8: two seeds, every
/// algorithm of the quick suite.
fn source() -> String {
    BASELINE
        .lines()
        .filter(|l| l.contains(r#""model":"random","degree":8,"height":8,"#))
        .map(|l| format!("{l}\n"))
        .collect()
}

const MACHINE: &str = r#"{"cpu_model":"test","logical_cores":2,"suite":"quick"}"#;

fn recipe(step: Option<PlantedStep>) -> HistoryRecipe {
    HistoryRecipe {
        runs: 20,
        seed: 57,
        machine_sd: 0.3,
        yardstick_sd: 0.01,
        noise_sd: 0.02,
        // The samples scaled as they are: resampled, five samples that spread by 15%
        // (pvs of seed 1) move its median by more than a 20-run test at 0.05% can
        // always tell from a 15% step.
        resample: false,
        step,
    }
}

/// Writes the runs as run folders `run-00`, `run-01`, … and returns their paths.
fn write_runs(dir: &TempDir, recipe: &HistoryRecipe, machine: &str) -> Vec<PathBuf> {
    synthetic_history(&source(), machine, recipe)
        .into_iter()
        .enumerate()
        .map(|(i, run)| {
            let folder = dir.path().join(format!("run-{i:02}"));
            std::fs::create_dir(&folder).unwrap();
            std::fs::write(folder.join("results.jsonl"), run.results).unwrap();
            std::fs::write(folder.join("machine.json"), run.machine).unwrap();
            folder
        })
        .collect()
}

fn history(runs: &[PathBuf], extra: &[&str]) -> std::process::Output {
    let mut args = vec!["history"];
    args.extend(runs.iter().map(|p| p.to_str().unwrap()));
    args.extend(extra);
    abbench(&args)
}

fn validator() -> jsonschema::Validator {
    let text = include_str!("../../../schema/abbench-output.schema.json");
    jsonschema::validator_for(&serde_json::from_str(text).unwrap()).unwrap()
}

fn json_of(output: &std::process::Output) -> Value {
    let value: Value = serde_json::from_slice(&output.stdout).unwrap();
    let errors: Vec<String> = validator()
        .iter_errors(&value)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}\n{value}");
    value
}

#[test]
fn runs_of_one_build_show_no_change_point() {
    let dir = TempDir::new().unwrap();
    let runs = write_runs(&dir, &recipe(None), MACHINE);
    let output = history(&runs, &["--json"]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json = json_of(&output);
    assert_eq!(json["kind"], "history");
    assert_eq!(json["runs"], 20);
    assert_eq!(json["change_points"], Value::Array(vec![]), "{json}");
    let markdown = history(&runs, &[]);
    assert_eq!(markdown.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&markdown.stdout).contains("No change point."));
}

#[test]
fn a_planted_slowdown_is_found_at_its_run_and_nothing_else_is() {
    let dir = TempDir::new().unwrap();
    let step = PlantedStep {
        algo: "pvs".into(),
        from_run: 12,
        factor: 1.15,
    };
    let runs = write_runs(&dir, &recipe(Some(step)), MACHINE);
    let output = history(&runs, &["--json"]);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json = json_of(&output);
    let points = json["change_points"].as_array().unwrap();
    assert_eq!(points.len(), 2, "both seeds' pvs series: {json}");
    let machine: Vec<Value> = std::fs::read_to_string(runs[12].join("machine.json"))
        .map(|t| serde_json::from_str(&t).unwrap())
        .into_iter()
        .collect();
    for point in points {
        assert_eq!(point["algo"], "pvs", "{point}");
        assert_eq!(point["measure"], "wall_time", "{point}");
        let index = point["index"].as_u64().unwrap();
        assert!(index.abs_diff(12) <= 1, "{point}");
        if index == 12 {
            assert_eq!(point["commit"], machine[0]["git_commit"], "{point}");
        }
        let ratio = point["ratio"].as_f64().unwrap();
        let ci = point["ci"].as_array().unwrap();
        assert!(ci[0].as_f64().unwrap() < ratio && ratio < ci[1].as_f64().unwrap());
        assert!((1.08..1.25).contains(&ratio), "{point}");
        assert!(point["p"].as_f64().unwrap() < 0.01 / 20.0, "{point}");
    }
    let markdown = history(&runs, &[]);
    assert_eq!(markdown.status.code(), Some(1));
    let text = String::from_utf8_lossy(&markdown.stdout);
    assert!(text.contains("🐢 slower") && text.contains("pvs"), "{text}");
    // A threshold above the step hides it.
    let high = history(&runs, &["--threshold", "30"]);
    assert_eq!(high.status.code(), Some(0));
}

#[test]
fn a_changed_count_is_an_exact_change_point() {
    let dir = TempDir::new().unwrap();
    let runs = write_runs(&dir, &recipe(None), MACHINE);
    // f1's positions of seed 1 grow by one from run 5 on.
    for run in &runs[5..] {
        let path = run.join("results.jsonl");
        let text = std::fs::read_to_string(&path).unwrap();
        let edited: String = text
            .lines()
            .map(|l| {
                let mut r: Value = serde_json::from_str(l).unwrap();
                if r["algo"] == "f1" && r["tree"]["seed"] == 1 {
                    r["nodes"] = (r["nodes"].as_u64().unwrap() + 1).into();
                }
                format!("{r}\n")
            })
            .collect();
        std::fs::write(&path, edited).unwrap();
    }
    let output = history(&runs, &["--json"]);
    assert_eq!(output.status.code(), Some(1));
    let json = json_of(&output);
    let points = json["change_points"].as_array().unwrap();
    assert_eq!(points.len(), 1, "{json}");
    assert_eq!(points[0]["measure"], "nodes");
    assert_eq!(points[0]["index"], 5);
    assert_eq!(points[0]["p"], 0.0);
}

#[test]
fn runs_of_different_suites_or_unusable_input_exit_2_with_one_line() {
    let dir = TempDir::new().unwrap();
    let mut runs = write_runs(&dir, &recipe(None), MACHINE);
    let other = TempDir::new().unwrap();
    let default_suite = MACHINE.replace("quick", "default");
    runs.extend(
        write_runs(&other, &recipe(None), &default_suite)
            .into_iter()
            .take(1),
    );
    let missing = dir.path().join("no-such-run");
    let cases: Vec<(Vec<PathBuf>, Vec<&str>, &str)> = vec![
        (runs.clone(), vec![], "suite 'default'"),
        (vec![runs[0].clone(), missing], vec![], "no-such-run"),
        (runs[..3].to_vec(), vec!["--threshold", "-1"], "threshold"),
        (runs[..3].to_vec(), vec!["--threshold", "x"], "percentage"),
    ];
    for (paths, extra, says) in cases {
        let output = history(&paths, &extra);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{extra:?}: {stderr}");
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
        assert!(stderr.contains(says), "{says}: {stderr}");
    }
    // Different searches: a run of another tree shares none of the first run's.
    let lone = dir.path().join("lone.jsonl");
    let theirs: String = BASELINE
        .lines()
        .filter(|l| l.contains(r#""model":"worst""#))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&lone, theirs).unwrap();
    let output = history(&[runs[0].clone(), lone], &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("measured different things"));
}
