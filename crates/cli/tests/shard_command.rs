//! `--shard K/N` and `abbench merge`: a small suite swept in three parts and merged is
//! the unsharded sweep's searches, in its order, with a report; every refusal of `merge`
//! is one line, exit 2, and writes nothing; `simulate`'s parts together print exactly
//! the unsharded lines.

use crate::support;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use support::abbench;

/// The sweeps every test reads: [`SUITE`] whole and in three parts, one run each.
struct Sweeps {
    root: PathBuf,
}

impl Sweeps {
    fn whole(&self) -> PathBuf {
        self.root.join("whole")
    }

    fn part(&self, k: u32) -> PathBuf {
        self.root.join(format!("part{k}"))
    }

    /// A fresh folder name under the fixture, for a test's output.
    fn out(&self, name: &str) -> PathBuf {
        self.root.join(name)
    }
}

/// Twelve small trees of every model, serial and parallel at 1 and 2 threads, and a
/// perfectly ordered family: what the quick suite holds, in a fraction of its time.
const SUITE: &str = r#"
name = "shards"
description = "twelve small trees of every model, for the shard tests"
threads = [1, 2]
repeat = 1
warmup = 0
algo = ["f2", "f2-iter", "mtdf", "ybwc"]

[[workload]]
model = "random"
degree = 6
height = 6
trees = 2

[[workload]]
model = "ordered"
degree = 6
height = 7
ordering = 0.7
trees = 2

[[workload]]
model = "dependent"
degree = 3
height = 9

[[workload]]
model = "branch-sum"
degree = 5
height = 6
order = "static"

[[workload]]
model = "worst"
degree = 3
height = 6

[[workload]]
# Perfectly ordered trees at five heights: the theory plot.
model = "ordered"
degree = 3
heights = [2, 3, 4, 5, 6]
ordering = 1.0
algo = ["f2", "f2-iter"]
"#;

/// [`SUITE`]'s file, written once for every test.
fn suite() -> &'static str {
    static SUITE_FILE: OnceLock<String> = OnceLock::new();
    SUITE_FILE.get_or_init(|| {
        let file = Path::new(env!("CARGO_TARGET_TMPDIR")).join("shard-command-suite.toml");
        std::fs::write(&file, SUITE).unwrap();
        file.display().to_string()
    })
}

fn sweep(out: &Path, extra: &[&str]) {
    let out = out.display().to_string();
    let mut args = vec![
        "-q",
        "sweep",
        "--suite",
        suite(),
        "--repeat",
        "1",
        "--out",
        &out,
    ];
    args.extend_from_slice(extra);
    let output = abbench(&args);
    assert!(
        output.status.success(),
        "abbench {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
}

fn sweeps() -> &'static Sweeps {
    static SWEEPS: OnceLock<Sweeps> = OnceLock::new();
    SWEEPS.get_or_init(|| {
        let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("shard-command");
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        let sweeps = Sweeps { root };
        sweep(&sweeps.whole(), &[]);
        for k in 1..=3 {
            sweep(&sweeps.part(k), &["--shard", &format!("{k}/3")]);
        }
        sweeps
    })
}

/// What a search found, without its timings: tree, algorithm, threads and value for
/// every record, and the positions of the serial ones (a parallel search's positions
/// depend on its threads' timing).
fn searches(dir: &Path) -> Vec<String> {
    std::fs::read_to_string(dir.join("results.jsonl"))
        .unwrap()
        .lines()
        .map(|line| {
            let r: serde_json::Value = serde_json::from_str(line).unwrap();
            let serial = r.get("speedup").is_none();
            format!(
                "{} {} {} value {} nodes {} leaves {}",
                r["tree"],
                r["algo"],
                r["threads"],
                r["value"],
                if serial {
                    &r["nodes"]
                } else {
                    &serde_json::Value::Null
                },
                if serial {
                    &r["leaves"]
                } else {
                    &serde_json::Value::Null
                },
            )
        })
        .collect()
}

/// Fails unless the JSON file `path` validates against the committed output schema.
fn assert_schema_valid(path: &Path) {
    let schema: serde_json::Value =
        serde_json::from_str(include_str!("../../../schema/abbench-output.schema.json")).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&value)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{}: {errors:#?}", path.display());
}

fn paths(dirs: &[PathBuf]) -> Vec<String> {
    dirs.iter().map(|d| d.display().to_string()).collect()
}

/// `abbench merge DIRS… --out OUT EXTRA…`.
fn merge(dirs: &[PathBuf], out: &Path, extra: &[&str]) -> std::process::Output {
    let dirs = paths(dirs);
    let out = out.display().to_string();
    let mut args: Vec<&str> = vec!["merge"];
    args.extend(dirs.iter().map(String::as_str));
    args.extend(["--out", &out]);
    args.extend_from_slice(extra);
    abbench(&args)
}

/// A refusal: exit 2, one line on stderr containing `phrase`, nothing on stdout, and
/// the output folder not created.
fn assert_refused(output: &std::process::Output, out: &Path, phrase: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("abbench: error: "), "{stderr}");
    assert!(stderr.contains(phrase), "{stderr}");
    assert!(output.stdout.is_empty());
    assert!(!out.exists(), "{} was written", out.display());
}

/// A copy of the flat run folder `from` at `to`, with `edit` applied to its
/// `machine.json`.
fn copy_with_machine(from: &Path, to: &Path, edit: impl Fn(&mut serde_json::Value)) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
    }
    let path = to.join("machine.json");
    let mut machine: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    edit(&mut machine);
    std::fs::write(&path, serde_json::to_string_pretty(&machine).unwrap()).unwrap();
}

#[test]
fn three_merged_parts_are_the_unsharded_sweep() {
    let s = sweeps();
    let out = s.out("merged");
    // Any order of the parts.
    let output = merge(&[s.part(3), s.part(1), s.part(2)], &out, &[]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("from 3 of 3 shards"), "{stdout}");
    let whole = searches(&s.whole());
    assert!(whole.len() > 50, "{}", whole.len());
    assert_eq!(searches(&out), whole);
    // Each part holds some of the trees, and no tree is in two.
    let parts: Vec<usize> = (1..=3).map(|k| searches(&s.part(k)).len()).collect();
    assert!(parts.iter().all(|&n| n > 0), "{parts:?}");
    assert_eq!(parts.iter().sum::<usize>(), whole.len());
    for name in [
        "report.md",
        "summary.csv",
        "machine.json",
        "shards.json",
        "speedup.svg",
        "theory.svg",
    ] {
        assert!(out.join(name).is_file(), "{name} missing");
    }
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(report.contains("## Shards"), "{report}");
    assert!(report.contains("| 2/3 |"), "{report}");
    assert!(!report.contains("PARTIAL"), "{report}");
    let machine = std::fs::read_to_string(out.join("machine.json")).unwrap();
    assert!(machine.contains("\"status\": \"complete\""), "{machine}");
    assert_schema_valid(&out.join("shards.json"));
}

#[test]
fn each_part_records_its_shard_suite_hash_and_build() {
    let s = sweeps();
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(s.part(2).join("shard.json")).unwrap())
            .unwrap();
    assert_eq!(
        manifest["shard"],
        serde_json::json!({"index": 2, "count": 3})
    );
    assert_eq!(manifest["suite"], "shards");
    assert_eq!(manifest["suite_hash"].as_str().unwrap().len(), 16);
    assert_schema_valid(&s.part(2).join("shard.json"));
    let machine = std::fs::read_to_string(s.part(2).join("machine.json")).unwrap();
    assert!(machine.contains("\"--shard\""), "{machine}");
    assert!(machine.contains("\"rustc\""), "{machine}");
}

#[test]
fn a_missing_part_is_refused_by_name_unless_a_partial_run_is_asked_for() {
    let s = sweeps();
    let out = s.out("missing");
    assert_refused(
        &merge(&[s.part(1), s.part(3)], &out, &[]),
        &out,
        "shard 2/3 is missing",
    );
    let output = merge(&[s.part(1), s.part(3)], &out, &["--allow-partial"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(report.contains("PARTIAL"), "{report}");
    assert!(report.contains("2/3 missing"), "{report}");
}

#[test]
fn a_part_given_twice_is_refused_by_name() {
    let s = sweeps();
    let out = s.out("twice");
    assert_refused(
        &merge(&[s.part(1), s.part(2), s.part(1), s.part(3)], &out, &[]),
        &out,
        "shard 1/3 is given twice",
    );
}

#[test]
fn a_part_of_another_suite_or_a_folder_that_is_no_part_is_refused() {
    let s = sweeps();
    let other = s.out("other-suite-part2");
    // Other thread counts measure other searches: another run.
    sweep(&other, &["--threads", "1", "--shard", "2/3"]);
    let out = s.out("other-suite");
    assert_refused(
        &merge(&[s.part(1), other.clone(), s.part(3)], &out, &[]),
        &out,
        "is not a part of the same run",
    );
    assert_refused(
        &merge(&[s.part(1), s.whole(), s.part(3)], &out, &[]),
        &out,
        "is not a shard of a sweep",
    );
    // A folder that holds a run already is not written into.
    let before = std::fs::read(s.whole().join("results.jsonl")).unwrap();
    let output = merge(&[s.part(1), s.part(2), s.part(3)], &s.whole(), &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("is not empty"));
    assert_eq!(
        std::fs::read(s.whole().join("results.jsonl")).unwrap(),
        before
    );
}

#[test]
fn an_interrupted_part_is_refused_unless_a_partial_run_is_asked_for() {
    let s = sweeps();
    let interrupted = s.out("interrupted-part2");
    copy_with_machine(&s.part(2), &interrupted, |m| {
        m["status"] = "interrupted".into();
        m["incomplete"] = "interrupted after 1 of 5 trees; the results cover only those".into();
    });
    let out = s.out("interrupted");
    let dirs = [s.part(1), interrupted, s.part(3)];
    assert_refused(&merge(&dirs, &out, &[]), &out, "shard 2/3 in");
    let output = merge(&dirs, &out, &["--allow-partial"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(report.contains("PARTIAL"), "{report}");
    assert!(
        report.contains("interrupted after 1 of 5 trees"),
        "{report}"
    );
}

#[test]
fn parts_from_other_kinds_of_machine_merge_only_when_asked_and_say_which_is_which() {
    let s = sweeps();
    let elsewhere = s.out("elsewhere-part3");
    copy_with_machine(&s.part(3), &elsewhere, |m| {
        m["cpu_model"] = "Other CPU 9000".into();
        m["hostname"] = "elsewhere".into();
    });
    let out = s.out("mixed");
    let dirs = [s.part(1), s.part(2), elsewhere];
    assert_refused(&merge(&dirs, &out, &[]), &out, "--allow-mixed-machines");
    let output = merge(&dirs, &out, &["--allow-mixed-machines"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(report.contains("| 3/3 |"), "{report}");
    assert!(
        report.contains("| elsewhere | Other CPU 9000 |"),
        "{report}"
    );
    assert!(
        report.contains("### Which machine measured which tree"),
        "{report}"
    );
    assert!(
        report.contains(" | 3/3 | elsewhere | Other CPU 9000 | "),
        "{report}"
    );
}

#[test]
fn the_parts_of_a_simulation_print_exactly_the_unsharded_lines() {
    let base = [
        "simulate",
        "--model",
        "random",
        "--degree",
        "5",
        "--height",
        "6",
        "--trees",
        "3",
        "--procs",
        "1,2,3,8,64",
        "--json",
    ];
    let run = |extra: &[&str]| {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        support::stdout_of(&args)
    };
    let sorted = |text: String| {
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        lines.sort();
        lines
    };
    let whole = run(&[]);
    let (one, two) = (run(&["--shard", "1/2"]), run(&["--shard", "2/2"]));
    assert!(!one.is_empty() && !two.is_empty());
    // 3 trees × 2 algorithms × 5 processor counts, and 3 work/span lines.
    assert_eq!(whole.lines().count(), 33);
    assert_eq!(sorted(one + &two), sorted(whole));
}

#[test]
fn the_parts_of_a_verification_check_every_tree_once() {
    let trees = |extra: &[&str]| -> u64 {
        let mut args = vec![
            "verify",
            "--model",
            "random",
            "--degree",
            "4",
            "--height",
            "5",
            "--trees",
            "7",
            "--algo",
            "f2,ybwc",
            "--threads",
            "1,2",
            "--json",
        ];
        args.extend_from_slice(extra);
        let summary: serde_json::Value = serde_json::from_str(&support::stdout_of(&args)).unwrap();
        summary["trees"].as_u64().unwrap()
    };
    let parts: Vec<u64> = (1..=3)
        .map(|k| trees(&["--shard", &format!("{k}/3")]))
        .collect();
    assert!(parts.iter().all(|&n| n > 0), "{parts:?}");
    assert_eq!(parts.iter().sum::<u64>(), trees(&[]));
}

#[test]
fn a_part_with_no_trees_is_a_part_like_any_other() {
    let s = sweeps();
    // The suite has 12 trees: part 13 of 13 has none.
    let empty = s.out("empty-part");
    sweep(&empty, &["--shard", "13/13"]);
    let manifest = std::fs::read_to_string(empty.join("shard.json")).unwrap();
    assert!(manifest.contains("\"trees\": []"), "{manifest}");
    let out = s.out("empty-merged");
    let output = merge(&[empty], &out, &["--allow-partial"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("0 records from 1 of 13 shards"));
}

/// A copy of the flat run folder `from` at `to`.
fn copy_part(from: &Path, to: &Path) {
    copy_with_machine(from, to, |_| {});
}

/// The lines of `dir`'s results.jsonl, each with its newline.
fn result_lines(dir: &Path) -> Vec<String> {
    std::fs::read_to_string(dir.join("results.jsonl"))
        .unwrap()
        .lines()
        .map(|l| format!("{l}\n"))
        .collect()
}

fn write_lines(dir: &Path, lines: &[String]) {
    std::fs::write(dir.join("results.jsonl"), lines.concat()).unwrap();
}

/// `edit` applied to the JSON file `dir/name`.
fn edit_json(dir: &Path, name: &str, edit: impl Fn(&mut serde_json::Value)) {
    let path = dir.join(name);
    let mut value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    edit(&mut value);
    std::fs::write(&path, serde_json::to_string_pretty(&value).unwrap()).unwrap();
}

#[test]
fn a_part_whose_records_are_not_its_shard_json_is_refused() {
    let s = sweeps();
    // Part 3's records under part 2's shard.json, its index edited to 3.
    let swapped = s.out("swapped-manifest-part3");
    copy_part(&s.part(3), &swapped);
    std::fs::copy(s.part(2).join("shard.json"), swapped.join("shard.json")).unwrap();
    edit_json(&swapped, "shard.json", |m| m["shard"]["index"] = 3.into());
    // Its command says 3/3, as the shard.json now does: only the records disagree.
    let out = s.out("swapped-manifest");
    assert_refused(
        &merge(&[s.part(1), s.part(2), swapped], &out, &[]),
        &out,
        "does not hold what its shard.json says",
    );
    // Part 2's index edited to 3 in its own folder: its machine.json ran shard 2/3.
    let renamed = s.out("renamed-part2");
    copy_part(&s.part(2), &renamed);
    edit_json(&renamed, "shard.json", |m| m["shard"]["index"] = 3.into());
    let out = s.out("renamed");
    assert_refused(
        &merge(&[s.part(1), renamed], &out, &["--allow-partial"]),
        &out,
        "machine.json is of the command of shard 2/3",
    );
}

#[test]
fn a_record_of_another_run_appended_to_a_part_is_refused() {
    let s = sweeps();
    let stranger = support::stdout_of(&[
        "run", "--model", "random", "--degree", "3", "--height", "3", "--algo", "f2", "--json",
    ]);
    let appended = s.out("appended-part2");
    copy_part(&s.part(2), &appended);
    let mut lines = result_lines(&appended);
    lines.push(stranger);
    write_lines(&appended, &lines);
    let out = s.out("appended");
    assert_refused(
        &merge(&[s.part(1), appended, s.part(3)], &out, &[]),
        &out,
        "a tree its shard.json does not list",
    );
    // A search of one of its own trees, from another sweep of the suite: twice.
    let again = s.out("again-part2");
    copy_part(&s.part(2), &again);
    let mut lines = result_lines(&again);
    let first = lines[0].clone();
    lines.push(first);
    write_lines(&again, &lines);
    let out = s.out("again");
    assert_refused(
        &merge(&[s.part(1), again, s.part(3)], &out, &[]),
        &out,
        "twice",
    );
}

#[test]
fn a_part_with_a_line_repeated_or_removed_is_refused() {
    let s = sweeps();
    let lines = result_lines(&s.part(1));
    let middle = lines.len() / 2;
    let repeated = s.out("repeated-part1");
    copy_part(&s.part(1), &repeated);
    let mut more = lines.clone();
    more.insert(middle, lines[middle].clone());
    write_lines(&repeated, &more);
    let out = s.out("repeated");
    assert_refused(
        &merge(&[repeated, s.part(2), s.part(3)], &out, &[]),
        &out,
        "twice",
    );
    let removed = s.out("removed-part1");
    copy_part(&s.part(1), &removed);
    let mut fewer = lines.clone();
    fewer.remove(middle);
    write_lines(&removed, &fewer);
    let out = s.out("removed");
    assert_refused(
        &merge(&[removed, s.part(2), s.part(3)], &out, &[]),
        &out,
        "lines were removed or added",
    );
}

#[test]
fn a_merged_runs_report_rebuilt_keeps_its_shards_byte_for_byte() {
    let s = sweeps();
    let merged = s.out("rebuilt-merged");
    let output = merge(&[s.part(1), s.part(2), s.part(3)], &merged, &[]);
    assert!(output.status.success());
    let written = std::fs::read_to_string(merged.join("report.md")).unwrap();
    assert!(written.contains("## Shards"), "{written}");
    let out = s.out("rebuilt-elsewhere");
    let merged_arg = merged.display().to_string();
    let out_arg = out.display().to_string();
    support::stdout_of(&["report", &merged_arg, "--out", &out_arg]);
    assert_eq!(
        std::fs::read_to_string(out.join("report.md")).unwrap(),
        written
    );
    assert_schema_valid(&out.join("shards.json"));
    // In place, too.
    support::stdout_of(&["report", &merged_arg, "--out", &merged_arg]);
    assert_eq!(
        std::fs::read_to_string(merged.join("report.md")).unwrap(),
        written
    );
}

#[test]
fn mixed_machines_are_said_at_the_top_and_each_parts_command_is_listed() {
    let s = sweeps();
    let elsewhere = s.out("top-elsewhere-part3");
    copy_with_machine(&s.part(3), &elsewhere, |m| {
        m["cpu_model"] = "Other CPU 9000".into();
        m["load_average"] = serde_json::json!([7.5, 1.0, 1.0]);
    });
    let out = s.out("top-mixed");
    let output = merge(
        &[s.part(1), s.part(2), elsewhere],
        &out,
        &["--allow-mixed-machines"],
    );
    assert!(output.status.success());
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    let head: String = report.lines().take(20).collect::<Vec<_>>().join("\n");
    assert!(head.contains("**Mixed machines**"), "{head}");
    assert!(head.contains("Other CPU 9000"), "{head}");
    // The machine section, after the summary and the warnings, says mixed too.
    let machine = &report[report.find("\n## Machine\n").expect("a machine section")..];
    assert!(
        machine.contains("| CPU | mixed: 2 kinds of machine"),
        "{machine}"
    );
    // No row names part 1's command as the run's.
    assert!(
        machine.contains("| command | `abbench merge` of 3 parts"),
        "{machine}"
    );
    for k in 1..=3 {
        assert!(report.contains(&format!("--shard {k}/3")), "{report}");
    }
    assert!(report.contains("| 3/3 | `"), "{report}");
    // The merged run's machine.json keeps the merge as its command, not part 1's.
    let machine: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("machine.json")).unwrap()).unwrap();
    let command = machine["command_line"].as_array().expect("a command line");
    assert_eq!(
        command.get(1).and_then(|a| a.as_str()),
        Some("merge"),
        "{command:?}"
    );
    assert!(
        !command.iter().any(|a| a.as_str() == Some("--shard")),
        "{command:?}"
    );
    assert!(report.contains("7.50, 1.00, 1.00"), "{report}");
}

#[test]
fn parts_of_other_target_features_or_allocators_are_other_builds() {
    let s = sweeps();
    let features = s.out("features-part2");
    copy_with_machine(&s.part(2), &features, |m| {
        m["target_features"] = "avx512f".into();
    });
    let out = s.out("features");
    assert_refused(
        &merge(&[s.part(1), features, s.part(3)], &out, &[]),
        &out,
        "another build",
    );
    let allocator = s.out("allocator-part2");
    copy_with_machine(&s.part(2), &allocator, |m| {
        m["allocator"] = "jemalloc".into();
    });
    assert_refused(
        &merge(&[s.part(1), allocator, s.part(3)], &out, &[]),
        &out,
        "allocator",
    );
}

#[test]
fn a_partial_merge_says_partial_even_when_quiet_and_is_not_called_interrupted() {
    let s = sweeps();
    let out = s.out("partial-quiet");
    let dirs = paths(&[s.part(1), s.part(3)]);
    let out_arg = out.display().to_string();
    let mut args = vec!["-q", "merge"];
    args.extend(dirs.iter().map(String::as_str));
    args.extend(["--out", &out_arg, "--allow-partial"]);
    let stdout = support::stdout_of(&args);
    assert!(stdout.contains("PARTIAL RUN"), "{stdout}");
    assert!(stdout.contains("2/3 missing"), "{stdout}");
    let machine = std::fs::read_to_string(out.join("machine.json")).unwrap();
    assert!(machine.contains("\"status\": \"partial\""), "{machine}");
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(report.contains("**PARTIAL RUN**"), "{report}");
    assert!(!report.contains("INCOMPLETE RUN"), "{report}");
    assert!(!report.contains("written before it stopped"), "{report}");
    assert_schema_valid(&out.join("shards.json"));
}

#[test]
fn the_output_inside_a_part_or_a_file_is_refused_by_name() {
    let s = sweeps();
    let parts = [s.part(1), s.part(2), s.part(3)];
    let inside = s.part(1).join("sub");
    assert_refused(&merge(&parts, &inside, &[]), &inside, "is inside the part");
    let file = s.out("a-file");
    std::fs::write(&file, "mine\n").unwrap();
    let output = merge(&parts, &file, &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("is a file"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine\n");
}

#[test]
fn refusals_say_what_differs() {
    let s = sweeps();
    // Another --threads: the same suite's name, other settings, named.
    let other = s.out("threads-part2");
    sweep(&other, &["--threads", "1", "--shard", "2/3"]);
    let out = s.out("threads");
    assert_refused(
        &merge(&[s.part(1), other, s.part(3)], &out, &[]),
        &out,
        "with other settings (--threads 1, not",
    );
    // A torn part: its state, in a sentence.
    let torn = s.out("torn-part1");
    copy_part(&s.part(1), &torn);
    let text = std::fs::read_to_string(torn.join("results.jsonl")).unwrap();
    std::fs::write(torn.join("results.jsonl"), &text[..text.len() - 10]).unwrap();
    let out = s.out("torn");
    assert_refused(
        &merge(&[torn, s.part(2), s.part(3)], &out, &[]),
        &out,
        "did not finish: line",
    );
}

#[test]
fn machine_files_of_two_parts_swapped_are_refused() {
    let s = sweeps();
    let (one, two) = (s.out("swap-part1"), s.out("swap-part2"));
    copy_part(&s.part(1), &one);
    copy_part(&s.part(2), &two);
    std::fs::copy(s.part(2).join("machine.json"), one.join("machine.json")).unwrap();
    std::fs::copy(s.part(1).join("machine.json"), two.join("machine.json")).unwrap();
    let out = s.out("swap");
    assert_refused(
        &merge(&[one, two, s.part(3)], &out, &[]),
        &out,
        "the files of two parts are mixed",
    );
}

#[test]
fn a_sharded_verification_names_its_part_and_an_empty_one_says_so() {
    let text = support::stdout_of(&["verify", "--stress", "100", "--shard", "3/3"]);
    assert!(text.contains("shard       3/3"), "{text}");
    assert!(text.contains("holds none of the searches"), "{text}");
    let args = [
        "verify", "--model", "random", "--degree", "3", "--height", "3", "--trees", "2", "--shard",
        "2/2",
    ];
    let text = support::stdout_of(&args);
    assert!(
        text.contains("shard       2/2 (only this part's trees)"),
        "{text}"
    );
    let mut json = args.to_vec();
    json.push("--json");
    let summary: serde_json::Value = serde_json::from_str(&support::stdout_of(&json)).unwrap();
    assert_eq!(summary["shard"], "2/2");
    let text = support::stdout_of(&[
        "simulate", "--model", "random", "--degree", "3", "--height", "4", "--trees", "2",
        "--procs", "1,2", "--shard", "1/2",
    ]);
    assert!(
        text.contains("shard 1/2: this part's simulations only"),
        "{text}"
    );
}

#[test]
fn a_part_whose_machine_json_counts_other_lines_is_refused() {
    let s = sweeps();
    let n = result_lines(&s.part(2)).len();
    for (k, recorded) in [n - 1, n + 1, 0].into_iter().enumerate() {
        let part = s.out(&format!("miscounted-part2-{k}"));
        copy_with_machine(&s.part(2), &part, |m| m["lines"] = recorded.into());
        let out = s.out(&format!("miscounted-{k}"));
        assert_refused(
            &merge(&[s.part(1), part, s.part(3)], &out, &[]),
            &out,
            &format!("it holds {n} lines where its run wrote {recorded}"),
        );
    }
}
