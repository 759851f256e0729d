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
    let names: Vec<String> = (0..recipe.runs).map(|i| format!("run-{i:02}")).collect();
    write_named_runs(dir, recipe, machine, &names)
}

/// Writes the runs as run folders named `names`, oldest first, each started a day after
/// the one before (its `machine.json` `date`), and returns their paths.
fn write_named_runs(
    dir: &TempDir,
    recipe: &HistoryRecipe,
    machine: &str,
    names: &[String],
) -> Vec<PathBuf> {
    synthetic_history(&source(), machine, recipe)
        .into_iter()
        .zip(names)
        .enumerate()
        .map(|(i, (run, name))| {
            let folder = dir.path().join(name);
            std::fs::create_dir(&folder).unwrap();
            std::fs::write(folder.join("results.jsonl"), run.results).unwrap();
            let mut machine: Value = serde_json::from_str(&run.machine).unwrap();
            machine["date"] = format!("2026-{:02}-{:02}T08:00:00Z", 1 + i / 28, 1 + i % 28).into();
            std::fs::write(folder.join("machine.json"), machine.to_string()).unwrap();
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

/// `edit` applied to every record of the run folder `run`; a `None` drops the line.
fn edit_records(run: &std::path::Path, edit: impl Fn(Value) -> Option<Value>) {
    let path = run.join("results.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let edited: String = text
        .lines()
        .filter_map(|l| edit(serde_json::from_str(l).unwrap()))
        .map(|r| format!("{r}\n"))
        .collect();
    std::fs::write(&path, edited).unwrap();
}

/// `edit` applied to the run folder's `machine.json`.
fn edit_machine(run: &std::path::Path, edit: impl Fn(&mut Value)) {
    let path = run.join("machine.json");
    let mut machine: Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    edit(&mut machine);
    std::fs::write(&path, machine.to_string()).unwrap();
}

/// A refusal: exit 2, one line on stderr that says `says`, nothing on stdout.
fn assert_refused(output: &std::process::Output, says: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{says}: {stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains(says), "{says}: {stderr}");
    assert!(output.stdout.is_empty());
}

#[test]
fn runs_are_taken_in_the_order_of_their_dates_not_of_their_names() {
    let dir = TempDir::new().unwrap();
    // Named as `sweep` names a folder taken again: `-vm`, `-vm-2` … `-vm-16`.
    let names: Vec<String> = (1..=16)
        .map(|i| match i {
            1 => "runs-vm".to_string(),
            i => format!("runs-vm-{i}"),
        })
        .collect();
    let step = PlantedStep {
        algo: "f2".into(),
        from_run: 8,
        factor: 1.5,
    };
    let recipe = HistoryRecipe {
        runs: 16,
        ..recipe(Some(step))
    };
    let dated = write_named_runs(&dir, &recipe, MACHINE, &names);
    let mut listed = dated.clone();
    listed.sort(); // What `ls -d runs/*` gives: -10 … -16 before -2.
    assert_ne!(listed, dated);
    let mut reversed = dated.clone();
    reversed.reverse();
    let mut shuffled = dated.clone();
    shuffled.rotate_left(5);
    for runs in [&dated, &listed, &reversed, &shuffled] {
        let output = history(runs, &["--json"]);
        assert_eq!(
            output.status.code(),
            Some(1),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let json = json_of(&output);
        let points = json["change_points"].as_array().unwrap();
        assert!(!points.is_empty(), "{json}");
        for point in points {
            assert_eq!(point["algo"], "f2", "{point}");
            assert_eq!(point["index"], 8, "{point}");
            assert_eq!(point["run"], dated[8].display().to_string(), "{point}");
            assert!(point["ratio"].as_f64().unwrap() > 1.3, "{point}");
        }
        let said = json["order"].as_str().unwrap();
        assert!(said.contains("start dates"), "{said}");
        assert_eq!(runs != &dated, said.contains("not as given"), "{said}");
    }
    let markdown = String::from_utf8(history(&listed, &[]).stdout).unwrap();
    assert!(
        markdown.contains("not as given") && markdown.contains("🐢 slower"),
        "{markdown}"
    );
}

#[test]
fn runs_without_a_date_keep_the_order_given_unless_the_dates_contradict_it() {
    let dir = TempDir::new().unwrap();
    let runs = write_runs(
        &dir,
        &HistoryRecipe {
            runs: 6,
            ..recipe(None)
        },
        MACHINE,
    );
    // A `run --json` file: no machine.json, no date.
    let bare = dir.path().join("bare.jsonl");
    std::fs::copy(runs[3].join("results.jsonl"), &bare).unwrap();
    let mut given = vec![
        runs[0].clone(),
        runs[1].clone(),
        bare.clone(),
        runs[2].clone(),
    ];
    let output = history(&given, &["--json"]);
    assert_eq!(output.status.code(), Some(0));
    let json = json_of(&output);
    assert!(
        json["order"].as_str().unwrap().contains("order given"),
        "{json}"
    );
    let notes = json["notes"].to_string();
    assert!(notes.contains("no machine.json"), "{notes}");
    // The dated runs given out of their order: refused, whichever pair.
    for (a, b) in [(0, 3), (1, 3), (0, 1)] {
        given.swap(a, b);
        assert_refused(&history(&given, &[]), "contradicts their dates");
        given.swap(a, b);
    }
    // A date history cannot read is no date.
    edit_machine(&runs[1], |m| m["date"] = "yesterday".into());
    let output = history(&[runs[1].clone(), runs[0].clone(), runs[2].clone()], &[]);
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stdout).contains("order given"));
    let output = history(&[runs[2].clone(), runs[1].clone(), runs[0].clone()], &[]);
    assert_refused(&output, "contradicts their dates");
}

#[test]
fn a_failed_unverified_or_timed_out_search_or_a_changed_value_fails_the_history() {
    type Edit = fn(Value) -> Option<Value>;
    fn unfinished(r: &Value, what: (&str, Value)) -> Value {
        let mut line = serde_json::json!({
            "schema": 1, "kind": "unfinished", "tree": r["tree"], "algo": r["algo"],
            "threads": r["threads"], "timed_out": false,
        });
        line[what.0] = what.1;
        if what.0 == "timed_out" {
            line["time_limit_ns"] = 1_000_000_000u64.into();
        }
        line
    }
    let cases: Vec<(&str, Edit, &str)> = vec![
        (
            "failed ybwc",
            |r| {
                Some(if r["algo"] == "ybwc" && r["tree"]["seed"] == 2 {
                    unfinished(&r, ("failed", "a search worker panicked".into()))
                } else {
                    r
                })
            },
            "failed search",
        ),
        (
            "timed-out pvs",
            |r| {
                Some(if r["algo"] == "pvs" && r["tree"]["seed"] == 2 {
                    unfinished(&r, ("timed_out", true.into()))
                } else {
                    r
                })
            },
            "failed search",
        ),
        (
            "unverified",
            |mut r| {
                if r["algo"].as_str().is_some_and(|a| a != "f2") && r["tree"]["seed"] == 1 {
                    r["verified"] = false.into();
                }
                Some(r)
            },
            "failed search",
        ),
        (
            "changed value",
            |mut r| {
                if r["tree"]["seed"] == 1 {
                    r["value"] = (r["value"].as_i64().unwrap() - 7).into();
                }
                Some(r)
            },
            "changed value",
        ),
    ];
    for (name, edit, says) in cases {
        let dir = TempDir::new().unwrap();
        let runs = write_runs(
            &dir,
            &HistoryRecipe {
                runs: 6,
                ..recipe(None)
            },
            MACHINE,
        );
        // In the last run only, and in a run of the middle only.
        for at in [5, 2] {
            let runs: Vec<PathBuf> = runs.clone();
            let copy = TempDir::new().unwrap();
            let copied: Vec<PathBuf> = runs
                .iter()
                .map(|r| {
                    let to = copy.path().join(r.file_name().unwrap());
                    std::fs::create_dir(&to).unwrap();
                    for f in ["results.jsonl", "machine.json"] {
                        std::fs::copy(r.join(f), to.join(f)).unwrap();
                    }
                    to
                })
                .collect();
            edit_records(&copied[at], edit);
            let output = history(&copied, &["--json"]);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(1), "{name} at {at}: {stderr}");
            assert!(
                stderr.contains("FAILED") && stderr.contains(says),
                "{name}: {stderr}"
            );
            let json = json_of(&output);
            if says == "failed search" {
                let failures = json["failures"].as_array().unwrap();
                assert!(!failures.is_empty(), "{json}");
                assert!(failures.iter().all(|f| f["index"] == at), "{json}");
            }
            let markdown = String::from_utf8(history(&copied, &[]).stdout).unwrap();
            assert!(markdown.starts_with("**FAILED"), "{markdown}");
            assert!(!markdown.contains("×-1") && !markdown.contains("×1.000 – ×1.000"));
        }
    }
}

#[test]
fn a_search_that_times_out_in_every_run_is_no_failure() {
    let dir = TempDir::new().unwrap();
    let runs = write_runs(
        &dir,
        &HistoryRecipe {
            runs: 4,
            ..recipe(None)
        },
        MACHINE,
    );
    for run in &runs {
        edit_records(run, |r| {
            Some(if r["algo"] == "pvs" && r["tree"]["seed"] == 2 {
                serde_json::json!({
                    "schema": 1, "kind": "unfinished", "tree": r["tree"], "algo": "pvs",
                    "threads": 1, "timed_out": true, "time_limit_ns": 1_000_000_000u64,
                })
            } else {
                r
            })
        });
    }
    let output = history(&runs, &[]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn a_run_named_twice_or_a_copy_of_one_is_refused() {
    let dir = TempDir::new().unwrap();
    let runs = write_runs(
        &dir,
        &HistoryRecipe {
            runs: 3,
            ..recipe(None)
        },
        MACHINE,
    );
    let copy = dir.path().join("copy");
    std::fs::create_dir(&copy).unwrap();
    for f in ["results.jsonl", "machine.json"] {
        std::fs::copy(runs[1].join(f), copy.join(f)).unwrap();
    }
    // A copy with its machine.json's date moved: the records still say it is one run.
    edit_machine(&copy, |m| m["date"] = "2027-01-01T00:00:00Z".into());
    let cases: Vec<(Vec<PathBuf>, &str)> = vec![
        (vec![runs[0].clone(), runs[0].clone()], "given twice"),
        (
            vec![runs[0].clone(), runs[1].clone(), runs[0].clone()],
            "given twice",
        ),
        (
            vec![runs[1].clone(), runs[1].join("results.jsonl")],
            "given twice",
        ),
        (
            vec![runs[1].clone(), runs[2].clone(), runs[1].join(".")],
            "given twice",
        ),
        (vec![runs[0].clone(), runs[1].clone(), copy.clone()], "copy"),
    ];
    for (paths, says) in cases {
        assert_refused(&history(&paths, &[]), says);
    }
    let mut eight = vec![runs[0].clone(); 8];
    eight.extend(vec![runs[2].clone(); 8]);
    assert_refused(&history(&eight, &[]), "given twice");
}

#[test]
fn runs_of_another_machine_size_are_refused_and_other_hosts_cpus_or_dirty_builds_said() {
    let dir = TempDir::new().unwrap();
    let runs = write_runs(
        &dir,
        &HistoryRecipe {
            runs: 4,
            ..recipe(None)
        },
        MACHINE,
    );
    for cores in [64, 1, 4] {
        for at in [0, 3] {
            let original = std::fs::read_to_string(runs[at].join("machine.json")).unwrap();
            edit_machine(&runs[at], |m| m["logical_cores"] = cores.into());
            assert_refused(&history(&runs, &[]), "another machine size");
            std::fs::write(runs[at].join("machine.json"), original).unwrap();
        }
    }
    // Hosted runners of one size: another CPU model is said, not refused.
    edit_machine(&runs[1], |m| m["cpu_model"] = "other".into());
    edit_machine(&runs[2], |m| m["git_dirty"] = true.into());
    edit_machine(&runs[1], |m| m["hostname"] = "runner-a".into());
    edit_machine(&runs[3], |m| m["hostname"] = "runner-b".into());
    edit_machine(&runs[0], |m| {
        m.as_object_mut().unwrap().remove("suite");
    });
    let output = history(&runs, &["--json"]);
    assert_eq!(output.status.code(), Some(0));
    let notes = json_of(&output)["notes"].to_string();
    for says in [
        "DIRTY BUILD",
        "run-02",
        "2 hosts",
        "1 run with no suite",
        "OTHER CPUS",
    ] {
        assert!(notes.contains(says), "{says}: {notes}");
    }
    let markdown = String::from_utf8(history(&runs, &[]).stdout).unwrap();
    assert!(markdown.contains("Note: DIRTY BUILD"), "{markdown}");
}

#[test]
fn an_absurd_yardstick_is_refused_and_no_ratio_is_infinite_or_null() {
    let dir = TempDir::new().unwrap();
    let runs = write_runs(
        &dir,
        &HistoryRecipe {
            runs: 6,
            ..recipe(None)
        },
        MACHINE,
    );
    for ns in [5e-324, 1e-310, 1e-3, 0.5, 1e300, 2e12] {
        let original = std::fs::read_to_string(runs[4].join("results.jsonl")).unwrap();
        edit_records(&runs[4], |mut r| {
            if r["algo"] == "pvs" {
                r["machine_ns"] = ns.into();
            }
            Some(r)
        });
        assert_refused(&history(&runs, &[]), "machine_ns");
        let compared = abbench(&[
            "compare",
            runs[0].to_str().unwrap(),
            runs[4].to_str().unwrap(),
        ]);
        assert_refused(&compared, "machine_ns");
        std::fs::write(runs[4].join("results.jsonl"), original).unwrap();
    }
    // A count change: a ratio of the counts, and both figures; no value ratio.
    edit_records(&runs[3], |mut r| {
        if r["algo"] == "f2" && r["tree"]["seed"] == 1 {
            r["nodes"] = (r["nodes"].as_u64().unwrap() + 1).into();
        }
        Some(r)
    });
    let output = history(&runs, &["--json"]);
    let json = json_of(&output);
    for point in json["change_points"].as_array().unwrap() {
        assert!(point["ratio"].as_f64().unwrap().is_finite(), "{point}");
        let step = point["after"].as_i64().unwrap() - point["before"].as_i64().unwrap();
        assert_eq!(step.abs(), 1, "{point}");
    }
    let markdown = String::from_utf8(history(&runs, &[]).stdout).unwrap();
    assert!(
        !markdown.contains("×1.000 – ×1.000") && !markdown.contains("inf"),
        "{markdown}"
    );
    assert!(markdown.contains(" → "), "{markdown}");
}

#[test]
fn the_threshold_has_a_range_and_one_change_point_is_singular() {
    let dir = TempDir::new().unwrap();
    let runs = write_runs(
        &dir,
        &HistoryRecipe {
            runs: 4,
            ..recipe(None)
        },
        MACHINE,
    );
    for threshold in ["1e308", "1000.5", "inf", "NaN", "-0.1"] {
        assert_refused(&history(&runs, &["--threshold", threshold]), "0 to 1000");
    }
    assert_eq!(
        history(&runs, &["--threshold", "1000"]).status.code(),
        Some(0)
    );
    for run in &runs[2..] {
        edit_records(run, |mut r| {
            if r["algo"] == "f1" && r["tree"]["seed"] == 1 {
                r["leaves"] = (r["leaves"].as_u64().unwrap() + 2).into();
            }
            Some(r)
        });
    }
    let output = history(&runs, &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("1 change point in 4 runs, 1 of them a slowdown"),
        "{stderr}"
    );
}
