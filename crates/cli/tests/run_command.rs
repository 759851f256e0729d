//! `abbench run`: the JSON lines are `abbench_results::Record`s (schema 1) with every
//! field the design names, the table shows every result as verified, and the options
//! reach `abbench_measure::measure`.

use serde_json::Value;

use crate::support;
use support::abbench;

/// Runs a command that must succeed and returns its stdout.
fn stdout_of(args: &[&str]) -> String {
    let output = abbench(args);
    assert!(
        output.status.success(),
        "abbench {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

const SERIAL_FIELDS: &[&str] = &[
    "schema",
    "tree",
    "algo",
    "threads",
    "value",
    "best_move",
    "nodes",
    "leaves",
    "levels",
    "wall_ns",
    "nps",
    "verified",
];

const PARALLEL_FIELDS: &[&str] = &[
    "serial_nodes",
    "speedup",
    "fastest_serial",
    "fastest_serial_ns",
    "speedup_vs_fastest",
    "overhead_vs_fastest",
    "efficiency",
    "search_overhead",
    "nps_scaling",
    "splits",
    "steals",
    "aborts",
    "aborted_nodes",
    "abort_latency_ns",
    "split_wait_ns",
];

#[test]
fn json_lines_are_schema_one_records_with_every_field() {
    let text = stdout_of(&[
        "run",
        "--model",
        "random",
        "--degree",
        "3",
        "--height",
        "5",
        "--seed",
        "4",
        "--trees",
        "2",
        "--algo",
        "f0,f1,f2,f2-iter,root-split,ybwc",
        "--threads",
        "1,2",
        "--repeat",
        "2",
        "--warmup",
        "0",
        "--split-height",
        "2",
        "--json",
    ]);
    let records = json_lines(&text);
    // Per tree: four serial records, the four other candidates for the fastest serial
    // search, and two parallel algorithms at two thread counts.
    assert_eq!(records.len(), 2 * (4 + 4 + 2 * 2), "{text}");
    for record in &records {
        let parallel = ["root-split", "ybwc"].contains(&record["algo"].as_str().unwrap());
        let mut fields = SERIAL_FIELDS.to_vec();
        if parallel {
            fields.retain(|&f| f != "levels");
            fields.extend(PARALLEL_FIELDS);
        }
        for field in fields {
            assert!(record.get(field).is_some(), "no {field} in {record}");
        }
        assert_eq!(record["schema"], 1);
        assert_eq!(record["verified"], true, "{record}");
        if let Some(against) = record["speedup_vs_fastest"].as_f64() {
            // The fastest serial search is never slower than f2-iter, the baseline.
            let speedup = record["speedup"].as_f64().unwrap();
            assert!(against <= speedup * (1.0 + 1e-9), "{record}");
            assert!(
                record["fastest_serial_ns"].as_u64().unwrap()
                    <= record["serial_wall_ns"].as_u64().unwrap()
            );
        }
        let tree = &record["tree"];
        assert_eq!(tree["model"], "random");
        assert_eq!(tree["degree"], 3);
        assert_eq!(tree["height"], 5);
        assert!(tree["seed"] == 4 || tree["seed"] == 5, "{tree}");
        for stat in ["median", "min", "max"] {
            assert!(record["wall_ns"][stat].as_u64().unwrap() > 0, "{record}");
        }
        assert_eq!(record["wall_ns"]["samples"].as_array().unwrap().len(), 2);
        assert!(record["nps"].as_f64().unwrap() > 0.0);
        if parallel {
            assert!(record["speedup"].as_f64().unwrap() > 0.0);
            if record["algo"] == "ybwc" {
                assert_eq!(record["split_height"], 2);
            }
        } else {
            assert_eq!(record["threads"], 1);
            let levels = record["levels"].as_array().unwrap();
            let sum: u64 = levels.iter().map(|l| l.as_u64().unwrap()).sum();
            assert_eq!(sum, record["nodes"].as_u64().unwrap(), "{record}");
        }
    }
    // Every search of one tree finds the same value; f0 examines every leaf.
    for seed in [4, 5] {
        let of_tree: Vec<&Value> = records
            .iter()
            .filter(|r| r["tree"]["seed"] == seed)
            .collect();
        assert!(of_tree.iter().all(|r| r["value"] == of_tree[0]["value"]));
        let f0 = of_tree.iter().find(|r| r["algo"] == "f0").unwrap();
        assert_eq!(f0["leaves"], 243);
    }
}

#[test]
fn the_table_has_a_row_per_result_and_marks_them_verified() {
    let text = stdout_of(&[
        "run",
        "--model",
        "ordered",
        "--ordering",
        "0.8",
        "--degree",
        "4",
        "--height",
        "4",
        "--algo",
        "f2,ybwc",
        "--threads",
        "1,3",
        "--repeat",
        "1",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    // f2, the five candidates for the fastest serial search, ybwc at two counts.
    assert_eq!(lines.len(), 1 + 6 + 2, "{text}");
    for word in [
        "tree", "seed", "algo", "threads", "median", "Mnps", "speedup",
    ] {
        assert!(lines[0].contains(word), "{}", lines[0]);
    }
    for row in &lines[1..] {
        assert!(row.starts_with("ordered d=4 h=4 q=0.8"), "{row}");
        assert!(row.ends_with('✓'), "{row}");
    }
    assert!(
        lines[7].contains(" ybwc ") && lines[8].contains(" ybwc "),
        "{text}"
    );
}

#[test]
fn the_default_is_f2_iter_on_one_tree() {
    let text = stdout_of(&[
        "run", "--degree", "2", "--height", "6", "--json", "--repeat", "1",
    ]);
    let records = json_lines(&text);
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["algo"], "f2-iter");
    assert_eq!(
        records[0]["wall_ns"]["samples"].as_array().unwrap().len(),
        1
    );
}

#[test]
fn more_threads_than_cores_is_allowed_and_noted() {
    let output = abbench(&[
        "run",
        "--degree",
        "3",
        "--height",
        "4",
        "--algo",
        "ybwc",
        "--threads",
        "256",
        "--repeat",
        "1",
        "--warmup",
        "0",
        "--json",
    ]);
    assert!(output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("note: 256 threads"), "{stderr}");
    let records = json_lines(&String::from_utf8(output.stdout).unwrap());
    let ybwc = records.iter().find(|r| r["algo"] == "ybwc").unwrap();
    assert_eq!(ybwc["oversubscribed"], true);
}

#[test]
fn a_tree_file_is_measured() {
    let fig1 = concat!(env!("CARGO_MANIFEST_DIR"), "/../tree/data/knuth-fig1.tree");
    let text = stdout_of(&[
        "run",
        "--tree-file",
        fig1,
        "--algo",
        "f0,f1,f2,root-split",
        "--threads",
        "2",
        "--json",
        "--repeat",
        "1",
    ]);
    let records = json_lines(&text);
    let leaves: Vec<u64> = records[..3]
        .iter()
        .map(|r| r["leaves"].as_u64().unwrap())
        .collect();
    assert_eq!(leaves, [81, 36, 31]);
    assert!(records.iter().all(|r| r["value"] == 2));
    assert!(
        records[0]["tree"]["file"]
            .as_str()
            .unwrap()
            .ends_with("knuth-fig1.tree")
    );
}

/// The table searches' records, serial and parallel, carry the size of the table they
/// searched with: `--tt-mb` rounded down to a power of two of slots, one size for all.
#[test]
fn table_search_records_carry_their_table_size() {
    let tree = [
        "run", "--json", "--model", "random", "--degree", "4", "--height", "5",
    ];
    let record = |algo: &str, mb: &str| {
        let args = [
            &tree[..],
            &["--algo", algo, "--threads", "2", "--tt-mb", mb],
        ]
        .concat();
        let lines = json_lines(&stdout_of(&args));
        let found = lines.iter().find(|r| r["algo"] == algo).unwrap().clone();
        found["table"]["bytes"].as_u64().unwrap()
    };
    assert_eq!(record("mtdf", "3"), 2 << 20);
    assert_eq!(record("mtdf", "4"), 4 << 20);
    for algo in ["null-window", "abdada", "lazy-smp"] {
        assert_eq!(record(algo, "4"), 4 << 20, "{algo}");
    }
    assert_eq!(record("null-window", "3"), 2 << 20);
}

/// A parallel search is set against the fastest of every exact serial search, all
/// measured on the tree whatever `--algo` names; with `--baseline f2-iter` only those
/// named are, and the column says no fastest serial search was measured unless they are
/// all named.
#[test]
fn the_fastest_serial_column_is_against_every_candidate_or_says_it_was_not_measured() {
    let tree = ["run", "--model", "random", "--degree", "3", "--height", "3"];
    let table = |extra: &[&str]| {
        let output = abbench(&[&tree[..], &["--threads", "1,2"], extra].concat());
        assert_eq!(output.status.code(), Some(0));
        (
            String::from_utf8(output.stdout).unwrap(),
            String::from_utf8(output.stderr).unwrap(),
        )
    };
    // In the order they are measured: MTD(f) first among those not asked for.
    let candidates = ["f2-iter", "mtdf", "pvs", "aspiration", "f2-soft"];
    let algo_column = |stdout: &str| -> Vec<String> {
        stdout
            .lines()
            .skip(1)
            .map(|l| l.split_whitespace().nth(4).unwrap().to_string())
            .collect()
    };
    let (stdout, _) = table(&["--algo", "ybwc"]);
    assert!(
        stdout
            .lines()
            .next()
            .unwrap()
            .contains("vs fastest serial  "),
        "{stdout}"
    );
    assert_eq!(
        algo_column(&stdout),
        [&candidates[..], &["ybwc", "ybwc"]].concat(),
        "{stdout}"
    );
    for row in stdout.lines().filter(|l| l.contains(" ybwc ")) {
        let named = candidates.iter().any(|c| row.contains(&format!(" ({c})")));
        assert!(named, "{row}");
    }

    let (stdout, stderr) = table(&["--algo", "pvs,ybwc", "--baseline", "f2-iter"]);
    assert!(stderr.contains("--baseline f2-iter"), "{stderr}");
    assert!(
        stdout
            .lines()
            .next()
            .unwrap()
            .contains("vs fastest serial (not measured)"),
        "{stdout}"
    );
    assert_eq!(algo_column(&stdout), ["pvs", "ybwc", "ybwc"], "{stdout}");
    assert!(
        !stdout.contains(" (pvs)") && !stdout.contains(" (f2-iter)"),
        "{stdout}"
    );

    let every = "f2-soft,pvs,aspiration,mtdf,ybwc";
    let (stdout, _) = table(&["--algo", every, "--baseline", "f2-iter"]);
    assert!(!stdout.contains("not measured"), "{stdout}");
    assert!(
        stdout
            .lines()
            .filter(|l| l.contains(" ybwc "))
            .all(|row| candidates.iter().any(|c| row.contains(&format!(" ({c})")))),
        "{stdout}"
    );
}
