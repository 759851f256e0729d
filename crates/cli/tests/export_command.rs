//! `abbench export` and `abbench completions` from the command line: a complete run in
//! each format (to stdout and to a file), an incomplete run refused like `compare`
//! refuses it, and completion scripts that know every subcommand.

use crate::support;
use support::{abbench, stdout_of};

const RUN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../results/tests/data/runs/2026-11-22-vm"
);

#[test]
fn a_complete_run_exports_in_every_format() {
    let records = std::fs::read_to_string(format!("{RUN}/results.jsonl"))
        .unwrap()
        .lines()
        .count();
    let bmf: serde_json::Value =
        serde_json::from_str(&stdout_of(&["export", RUN, "--format", "bencher"])).unwrap();
    assert_eq!(bmf.as_object().unwrap().len(), records);
    for format in ["custom-smaller-is-better", "custom-bigger-is-better"] {
        let entries: serde_json::Value =
            serde_json::from_str(&stdout_of(&["export", RUN, "--format", format])).unwrap();
        assert!(entries.as_array().unwrap().len() >= records, "{format}");
    }
    let criterion = stdout_of(&["export", RUN, "--format", "criterion"]);
    assert_eq!(criterion.matches("time:   [").count(), records);
    assert_eq!(criterion.matches("thrpt:  [").count(), records);
    let libtest = stdout_of(&["export", RUN, "--format", "libtest"]);
    assert_eq!(libtest.matches(" ns/iter (+/- ").count(), records);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("bmf.json");
    let printed = stdout_of(&[
        "export",
        &format!("{RUN}/results.jsonl"),
        "--format",
        "bencher",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(printed.is_empty());
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(written, bmf);
}

#[test]
fn the_help_names_every_format_and_who_reads_it() {
    let top = stdout_of(&["--help"]);
    let line = top
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("export"))
        .take(4)
        .collect::<String>();
    for word in ["Bencher", "github-action-benchmark", "libtest", "criterion"] {
        assert!(line.contains(word), "{word}: {line}");
    }
    let help = stdout_of(&["export", "--help"]);
    for format in [
        "bencher",
        "custom-smaller-is-better",
        "custom-bigger-is-better",
        "libtest",
        "criterion",
    ] {
        assert!(help.contains(format), "{format}: {help}");
    }
    for consumer in [
        "rust_bench",
        "rust_criterion",
        "cargo",
        "customBiggerIsBetter",
    ] {
        assert!(help.contains(consumer), "{consumer}: {help}");
    }
}

#[test]
fn searches_without_a_result_are_left_out_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(format!("{RUN}/results.jsonl")).unwrap();
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let mut tree = first["tree"].clone();
    tree["seed"] = 999.into();
    let timed_out = serde_json::json!({
        "schema": 1, "kind": "unfinished", "tree": tree, "algo": "f0", "threads": 1,
        "timed_out": true, "time_limit_ns": 1_000_000_000u64,
    });
    let results = dir.path().join("results.jsonl");
    std::fs::write(&results, format!("{text}{timed_out}\n")).unwrap();
    let output = abbench(&["export", results.to_str().unwrap(), "--format", "bencher"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("note: 1 searches without a result (1 timed out, 0 failed) are left out"),
        "{stderr}"
    );
    let bmf: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(bmf.as_object().unwrap().len(), text.lines().count());
}

#[test]
fn an_incomplete_run_is_not_exported() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        format!("{RUN}/results.jsonl"),
        dir.path().join("results.jsonl"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("machine.json"),
        r#"{"status": "interrupted", "incomplete": "interrupted after 3 of 9 trees"}"#,
    )
    .unwrap();
    let output = abbench(&[
        "export",
        dir.path().to_str().unwrap(),
        "--format",
        "bencher",
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("the run is interrupted (interrupted after 3 of 9 trees)"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn completion_scripts_know_every_subcommand() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = stdout_of(&["completions", shell]);
        for word in ["sweep", "compare", "export", "format"] {
            assert!(script.contains(word), "{shell}: {word}");
        }
        // The shells whose scripts list an option's values.
        if ["bash", "zsh", "fish"].contains(&shell) {
            assert!(script.contains("custom-bigger-is-better"), "{shell}");
        }
    }
    let output = abbench(&["completions", "tcsh"]);
    assert_eq!(output.status.code(), Some(2));
}

/// A merged run's `shards.json`, and the summary, report and plots of any run, are
/// never an export's output: refused by name, the file as it was.
#[test]
fn an_export_onto_a_file_of_a_runs_report_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let run = dir.path().join("run");
    std::fs::create_dir(&run).unwrap();
    for file in ["results.jsonl", "machine.json"] {
        std::fs::copy(format!("{RUN}/{file}"), run.join(file)).unwrap();
    }
    for file in ["shards.json", "summary.csv", "report.md", "speedup.svg"] {
        let target = run.join(file);
        std::fs::write(&target, "drawn from the records\n").unwrap();
        let output = abbench(&[
            "export",
            run.to_str().unwrap(),
            "--format",
            "bencher",
            "--out",
            target.to_str().unwrap(),
        ]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{file}: {stderr}");
        assert!(
            stderr.contains(&format!("it is the {file} of the run folder")),
            "{stderr}"
        );
        assert_eq!(
            std::fs::read_to_string(&target).unwrap(),
            "drawn from the records\n"
        );
    }
}

/// Every number of a JSON value, with the key it is under.
fn numbers<'a>(value: &'a serde_json::Value, key: &'a str, out: &mut Vec<(String, f64)>) {
    match value {
        serde_json::Value::Number(n) => out.push((key.to_string(), n.as_f64().unwrap())),
        serde_json::Value::Array(items) => items.iter().for_each(|v| numbers(v, key, out)),
        serde_json::Value::Object(map) => map.iter().for_each(|(k, v)| numbers(v, k, out)),
        _ => {}
    }
}

#[test]
fn exported_figures_are_rounded_never_float_artefacts() {
    let baseline = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../ci/baselines/quick.jsonl"
    );
    for run in [baseline, RUN] {
        for format in [
            "bencher",
            "custom-bigger-is-better",
            "custom-smaller-is-better",
        ] {
            let text = stdout_of(&["export", run, "--format", format]);
            let value: serde_json::Value = serde_json::from_str(&text).unwrap();
            let mut found = Vec::new();
            numbers(&value, "", &mut found);
            assert!(!found.is_empty());
            for (key, n) in found {
                // Positions per second are whole; a speedup has four significant digits.
                let four: f64 = format!("{n:.3e}").parse().unwrap();
                assert!(
                    n.fract() == 0.0 || n == four,
                    "{format} {key}: {n} in {run}"
                );
            }
            assert!(
                !text
                    .split(|c: char| !(c.is_ascii_digit() || c == '.'))
                    .any(|t| t.split_once('.').is_some_and(|(_, f)| f.len() > 4)),
                "{format}: {text}"
            );
        }
    }
}
