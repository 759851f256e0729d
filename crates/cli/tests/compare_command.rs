//! `abbench compare`: a file against itself passes, a copy with every wall time doubled
//! regresses (unless gated on counts only), a changed count regresses under either
//! gate, and unusable input exits 2 with one line naming the file.

use assert_cmd::Command;
use serde_json::Value;
use std::path::{Path, PathBuf};
use tempfile::TempDir;

use crate::support;
use support::abbench;

/// Records of a few small trees, every algorithm, 1 and 2 threads, from `abbench run`.
fn measured() -> Vec<Value> {
    let output = abbench(&[
        "run",
        "--model",
        "random",
        "--degree",
        "5",
        "--height",
        "6",
        "--trees",
        "2",
        "--algo",
        "f1,f2,f2-iter,root-split,ybwc",
        "--threads",
        "1,2",
        "--repeat",
        "3",
        "--json",
    ]);
    assert!(output.status.success());
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Every wall time of `record` set to `ns` (no spread), and nps to match.
fn timed(record: &Value, ns: u64) -> Value {
    let mut r = record.clone();
    let wall = &mut r["wall_ns"];
    for key in ["median", "min", "max", "p50", "p90", "p99"] {
        wall[key] = ns.into();
    }
    // Five runs a side: the fewest that a Mann-Whitney test at p < 0.01 can tell apart.
    wall["samples"] = vec![ns; 5].into();
    wall["median_ci"] = vec![ns; 2].into();
    r["nps"] = (r["nodes"].as_f64().unwrap() / (ns as f64 * 1e-9)).into();
    r
}

fn write(dir: &TempDir, name: &str, records: &[Value]) -> PathBuf {
    let path = dir.path().join(name);
    let text: String = records.iter().map(|r| format!("{r}\n")).collect();
    std::fs::write(&path, text).unwrap();
    path
}

fn compare(base: &Path, new: &Path, extra: &[&str]) -> (Option<i32>, String, String) {
    let mut args = vec![
        "compare".to_string(),
        base.display().to_string(),
        new.display().to_string(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    let output = Command::cargo_bin("abbench")
        .unwrap()
        .args(&args)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

const MS: u64 = 1_000_000;

#[test]
fn a_file_against_itself_passes() {
    let dir = TempDir::new().unwrap();
    let records = measured();
    let path = write(&dir, "results.jsonl", &records);
    let (code, stdout, stderr) = compare(&path, &path, &[]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    assert!(
        stdout.starts_with(&format!(
            "**ok: {} matched records (threshold 10%): 0 changed signatures",
            records.len()
        )),
        "{stdout}"
    );
}

#[test]
fn doubled_wall_times_regress_unless_only_counts_are_gated() {
    let dir = TempDir::new().unwrap();
    let records = measured();
    let base: Vec<Value> = records.iter().map(|r| timed(r, MS)).collect();
    let slower: Vec<Value> = records.iter().map(|r| timed(r, 2 * MS)).collect();
    let base = write(&dir, "base.jsonl", &base);
    let slower = write(&dir, "slower.jsonl", &slower);

    let (code, stdout, stderr) = compare(&base, &slower, &[]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stdout.starts_with("**REGRESSION"), "{stdout}");
    assert!(
        stdout.contains("| 🐢 slower | random d=5 h=6 seed=1 | f1 | 1 |"),
        "{stdout}"
    );
    assert!(stdout.contains("+100.0%"), "{stdout}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("abbench: error: REGRESSION: ")
            && stderr.contains(&format!("{} slower", records.len())),
        "{stderr}"
    );

    // The same with stdout closed before a byte is written (`… | true`): the verdict
    // stands, on stderr and in the exit code.
    // The pipe's reading end is closed before the command starts, so that its first
    // write fails however fast it runs.
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let closed = std::process::Command::new(assert_cmd::cargo::cargo_bin("abbench"))
        .arg("compare")
        .args([&base, &slower])
        .stdout(writer)
        .stderr(std::process::Stdio::piped())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&closed.stderr);
    assert_eq!(closed.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("note: stdout was closed before the results were all written")
            && stderr.contains("abbench: error: REGRESSION: "),
        "{stderr}"
    );

    // A threshold above the change: noise.
    let (code, _, stderr) = compare(&base, &slower, &["--threshold", "150"]);
    assert_eq!(code, Some(0), "{stderr}");

    // Gated on counts: listed, not failed.
    let (code, stdout, stderr) = compare(&base, &slower, &["--gate", "counts"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stdout.contains("wall time reported but not gated"),
        "{stdout}"
    );
    assert!(stdout.contains("🐢 slower"), "{stdout}");

    // Faster is never a failure.
    let (code, stdout, _) = compare(&slower, &base, &[]);
    assert_eq!(code, Some(0));
    assert!(stdout.contains("🚀 faster"), "{stdout}");

    // The same verdicts as JSON, with the same exit codes.
    let (code, stdout, _) = compare(&base, &slower, &["--json"]);
    assert_eq!(code, Some(1));
    let json: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1);
    assert_eq!(json["schema"], 1);
    assert_eq!(json["kind"], "comparison");
    assert_eq!(json["verdict"], "regression");
    assert_eq!(json["matched"], records.len());
    let changes = json["changes"].as_array().unwrap();
    assert_eq!(changes.len(), records.len());
    for c in changes {
        assert_eq!(c["change"], "slower", "{c}");
        assert_eq!(c["fails"], true, "{c}");
        assert!(
            (c["wall_change_pct"].as_f64().unwrap() - 100.0).abs() < 1e-9,
            "{c}"
        );
    }
    let (code, stdout, _) = compare(&base, &slower, &["--json", "--gate", "counts"]);
    assert_eq!(code, Some(0));
    let json: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["verdict"], "ok");
    assert_eq!(json["gate"], "counts");
    assert_eq!(json["changes"][0]["fails"], false);
}

#[test]
fn a_changed_count_fails_under_either_gate() {
    let dir = TempDir::new().unwrap();
    let records = measured();
    let mut changed = records.clone();
    let f2 = changed.iter().position(|r| r["algo"] == "f2").unwrap();
    changed[f2]["nodes"] = (changed[f2]["nodes"].as_u64().unwrap() + 1).into();
    let base = write(&dir, "base.jsonl", &records);
    let changed = write(&dir, "changed.jsonl", &changed);
    for gate in ["all", "counts"] {
        let (code, stdout, stderr) = compare(&base, &changed, &["--gate", gate]);
        assert_eq!(code, Some(1), "--gate {gate}: {stderr}");
        assert!(
            stdout.contains("| ❌ changed signature | random d=5 h=6 seed=1 | f2 |"),
            "{stdout}"
        );
        assert!(stderr.contains("1 changed signatures"), "{stderr}");
    }
}

#[test]
fn unusable_input_exits_two_with_one_line() {
    let dir = TempDir::new().unwrap();
    let records = measured();
    let good = write(&dir, "good.jsonl", &records);
    let text = std::fs::read_to_string(&good).unwrap();

    let garbage = dir.path().join("garbage.jsonl");
    std::fs::write(&garbage, "this is not a results file\n").unwrap();
    let truncated = dir.path().join("truncated.jsonl");
    std::fs::write(&truncated, &text[..text.len() - 40]).unwrap();
    let schema = dir.path().join("schema.jsonl");
    std::fs::write(&schema, text.replace("\"schema\":1", "\"schema\":7")).unwrap();
    let empty = dir.path().join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    let elsewhere: Vec<Value> = records
        .iter()
        .map(|r| {
            let mut r = r.clone();
            r["tree"]["seed"] = (r["tree"]["seed"].as_u64().unwrap() + 1000).into();
            r
        })
        .collect();
    let elsewhere = write(&dir, "elsewhere.jsonl", &elsewhere);
    let missing = dir.path().join("missing.jsonl");

    let last_line = text.lines().count();
    let cases: [(&Path, String); 6] = [
        (&garbage, "garbage.jsonl:1: not a JSON record".into()),
        (
            &truncated,
            format!("truncated.jsonl:{last_line}: the run is incomplete (line {last_line} of"),
        ),
        (
            &schema,
            "schema.jsonl:1: record of schema 7; this version reads schema 1".into(),
        ),
        (&empty, "empty.jsonl: no records".into()),
        (&elsewhere, "are not comparable".into()),
        (&missing, "missing.jsonl: No such file".into()),
    ];
    for (bad, words) in &cases {
        for (base, new) in [(good.as_path(), *bad), (*bad, good.as_path())] {
            if *bad == elsewhere.as_path() && base == *bad {
                continue; // the message names the other file; one direction suffices
            }
            let (code, stdout, stderr) = compare(base, new, &[]);
            assert_eq!(code, Some(2), "{}: {stderr}", bad.display());
            assert!(stdout.is_empty(), "{stdout}");
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
            assert!(stderr.starts_with("abbench: error: "), "{stderr}");
            assert!(
                stderr.contains(words.as_str()),
                "{stderr} should name {words}"
            );
        }
    }
}

/// A folder whose `machine.json` says `running`: with its lock held, a sweep is writing
/// it now; with the lock free, the sweep was killed before it could mark the folder
/// (abandoned). Neither is compared; `report` builds the report and says which it is.
#[test]
fn running_and_abandoned_folders_are_never_compared_and_reported_as_such() {
    let dir = TempDir::new().unwrap();
    let records = measured();
    let good = write(&dir, "good.jsonl", &records);
    let folder = dir.path().join("run");
    std::fs::create_dir(&folder).unwrap();
    let results = folder.join("results.jsonl");
    std::fs::copy(&good, &results).unwrap();
    std::fs::write(
        folder.join("machine.json"),
        r#"{"cpu_model": "test", "status": "running"}"#,
    )
    .unwrap();

    let (code, _, stderr) = compare(&good, &results, &[]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("the run is abandoned (abandoned: the sweep stopped without"),
        "{stderr}"
    );
    let out = dir.path().join("report");
    let output = Command::cargo_bin("abbench")
        .unwrap()
        .args([
            "report",
            results.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("note: INCOMPLETE RUN: abandoned"),
        "{stderr}"
    );
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(md.contains("**INCOMPLETE RUN**: abandoned"), "{md}");

    // The same folder while a sweep holds its lock.
    let lock = std::fs::File::create(folder.join(".abbench.lock")).unwrap();
    lock.lock().unwrap();
    let (code, _, stderr) = compare(&results, &good, &[]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("the run is running (still running: a sweep is writing"),
        "{stderr}"
    );
    drop(lock);

    // Marked complete: compared as usual.
    std::fs::write(
        folder.join("machine.json"),
        r#"{"cpu_model": "test", "status": "complete"}"#,
    )
    .unwrap();
    let (code, _, stderr) = compare(&good, &results, &[]);
    assert_eq!(code, Some(0), "{stderr}");
}

/// `record` timed at `ns` with the machine's yardstick at `reference` ns.
fn drifted(record: &Value, ns: u64, reference: f64) -> Value {
    let mut r = timed(record, ns);
    r["machine_ns"] = reference.into();
    r
}

/// The seed of a record's tree.
fn seed(record: &Value) -> u64 {
    record["tree"]["seed"].as_u64().unwrap()
}

#[test]
fn a_machine_that_drifted_is_not_a_regression_but_a_slowdown_beyond_the_drift_is() {
    let dir = TempDir::new().unwrap();
    let records = measured();
    assert!(
        records
            .iter()
            .all(|r| r["machine_ns"].as_f64().unwrap() > 0.0)
    );
    let base: Vec<Value> = records.iter().map(|r| drifted(r, MS, 40_000.0)).collect();
    let base = write(&dir, "base.jsonl", &base);
    // The whole machine 40% slower in NEW, the code unchanged: every time and the
    // reference 1.4 times as long.
    let machine: Vec<Value> = records
        .iter()
        .map(|r| drifted(r, 14 * MS / 10, 56_000.0))
        .collect();
    let machine = write(&dir, "machine.jsonl", &machine);
    let (code, stdout, stderr) = compare(&base, &machine, &[]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("0 slower"), "{stdout}");
    assert!(
        stdout.contains("machine speed differs by +40.0% between the runs"),
        "{stdout}"
    );
    // The same drift, and the code twice as slow: slower beyond the drift.
    let code_too: Vec<Value> = records
        .iter()
        .map(|r| drifted(r, 28 * MS / 10, 56_000.0))
        .collect();
    let code_too = write(&dir, "code.jsonl", &code_too);
    let (code, stdout, _) = compare(&base, &code_too, &[]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout.contains(&format!("{} slower", records.len())),
        "{stdout}"
    );
    // A drift that differs from tree to tree (seed 1's tree 10% slower, seed 2's 50%),
    // each tree's times moving with it: nothing to call, whichever way.
    let varying: Vec<Value> = records
        .iter()
        .map(|r| {
            let f = if seed(r) == 1 { 1.1 } else { 1.5 };
            drifted(r, (MS as f64 * f) as u64, 40_000.0 * f)
        })
        .collect();
    let varying = write(&dir, "varying.jsonl", &varying);
    let (code, stdout, _) = compare(&base, &varying, &["--json"]);
    assert_eq!(code, Some(0), "{stdout}");
    let json: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["changes"].as_array().unwrap().len(), 0, "{json}");
    assert_eq!(json["machine_drift"]["searches"], records.len());
    // Seed 2's searches 30% slower with its tree's drift 10%: the change is within the
    // run's range of drifts (the other tree drifted 50%), so it is not called.
    let within: Vec<Value> = records
        .iter()
        .map(|r| {
            let (f, code) = if seed(r) == 1 { (1.5, 1.0) } else { (1.1, 1.3) };
            drifted(r, (MS as f64 * f * code) as u64, 40_000.0 * f)
        })
        .collect();
    let within = write(&dir, "within.jsonl", &within);
    let (code, stdout, _) = compare(&base, &within, &[]);
    assert_eq!(code, Some(0), "{stdout}");
    // One search caught alone in a slow spell: twice as slow, and so was the reference
    // timed just before it, while every other search's machine stood still. Its own
    // drift explains it; the run's range of drifts (all 1) would not.
    let spell: Vec<Value> = records
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let f = if i == 0 { 2.0 } else { 1.0 };
            drifted(r, (MS as f64 * f) as u64, 40_000.0 * f)
        })
        .collect();
    let spell = write(&dir, "spell.jsonl", &spell);
    let (code, stdout, _) = compare(&base, &spell, &[]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains("0 slower"), "{stdout}");
    // Runs without references are compared as they are, and the comparison says so.
    let plain: Vec<Value> = records.iter().map(|r| timed(r, MS)).collect();
    let mut plain_no_ref = plain.clone();
    for r in &mut plain_no_ref {
        r.as_object_mut().unwrap().remove("machine_ns");
    }
    let plain = write(&dir, "plain.jsonl", &plain_no_ref);
    let (_, stdout, _) = compare(&plain, &plain, &[]);
    assert!(stdout.contains("machine drift not known"), "{stdout}");
}

#[test]
fn a_change_inside_the_machines_own_scatter_is_not_called_but_one_beyond_it_is() {
    let dir = TempDir::new().unwrap();
    let records = measured();
    assert!(
        records.len() >= 12,
        "the noise band needs 12 timed searches"
    );
    let base: Vec<Value> = records.iter().map(|r| drifted(r, MS, 40_000.0)).collect();
    let base = write(&dir, "base.jsonl", &base);
    // The machine scatters single searches by up to ±25% between the runs while its
    // yardstick stands still; one search is 40% slower on top, within that scatter.
    let scatter = |i: usize| 1.0 + 0.25 * ((i as f64) * 2.4).sin();
    let scattered: Vec<Value> = records
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let f = if i == 3 { 1.4 } else { scatter(i) };
            drifted(r, (MS as f64 * f) as u64, 40_000.0)
        })
        .collect();
    let scattered = write(&dir, "scattered.jsonl", &scattered);
    let (code, stdout, _) = compare(&base, &scattered, &["--json"]);
    assert_eq!(code, Some(0), "{stdout}");
    let json: Value = serde_json::from_str(&stdout).unwrap();
    let high = json["machine_drift"]["noise_high"].as_f64().unwrap();
    assert!(high > 1.4, "{json}");
    assert!(
        json["changes"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["change"] != "slower"),
        "{json}"
    );
    // The same 40% on a machine that scatters by ±1%: beyond the band, slower.
    let steady: Vec<Value> = records
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let f = if i == 3 {
                1.4
            } else {
                1.0 + 0.01 * ((i as f64) * 2.4).sin()
            };
            drifted(r, (MS as f64 * f) as u64, 40_000.0)
        })
        .collect();
    let steady = write(&dir, "steady.jsonl", &steady);
    let (code, stdout, _) = compare(&base, &steady, &[]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("1 slower"), "{stdout}");
    assert!(
        stdout.contains("the machine moved single searches between"),
        "{stdout}"
    );
    // Every search 30% slower, scattered by ±1%: the band is centred on no change, so a
    // regression of everything is not carried inside it.
    let everything: Vec<Value> = records
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let f = 1.3 * (1.0 + 0.01 * ((i as f64) * 2.4).sin());
            drifted(r, (MS as f64 * f) as u64, 40_000.0)
        })
        .collect();
    let everything = write(&dir, "everything.jsonl", &everything);
    let (code, stdout, _) = compare(&base, &everything, &[]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout.contains(&format!("{} slower", records.len())),
        "{stdout}"
    );
}
