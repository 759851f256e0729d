//! `abbench simulate`: deterministic output, labelled SIMULATED, at one virtual
//! processor exactly serial f2-iter's positions, and costs that virtual time cannot
//! hold refused.

use serde_json::Value;

use crate::support;
use support::{abbench, stdout_of};

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

const TREES: [&[&str]; 2] = [
    &[
        "--model", "random", "--degree", "6", "--height", "6", "--trees", "2",
    ],
    &[
        "--model",
        "ordered",
        "--degree",
        "5",
        "--height",
        "7",
        "--ordering",
        "0.7",
    ],
];

#[test]
fn the_same_command_prints_the_same_output() {
    for tree in TREES {
        for json in [false, true] {
            let mut args = vec!["simulate", "--procs", "1,2,3,8,64", "--split-height", "2"];
            args.extend_from_slice(tree);
            if json {
                args.push("--json");
            }
            let first = stdout_of(&args);
            assert_eq!(first, stdout_of(&args), "{}", args.join(" "));
            if !json {
                assert!(first.starts_with("SIMULATED"), "{first}");
                assert!(first.contains("work/span"), "{first}");
                // The DAG is classic young brothers wait's, not the default cut wait's.
                assert!(
                    first.contains("(classic ybwc, without the cut wait;"),
                    "{first}"
                );
            }
        }
    }
}

#[test]
fn one_processor_examines_f2_iter_nodes() {
    for tree in TREES {
        let mut run = vec!["run", "--algo", "f2-iter", "--repeat", "1", "--json"];
        run.extend_from_slice(tree);
        let serial: Vec<(u64, u64)> = json_lines(&stdout_of(&run))
            .iter()
            .map(|r| {
                (
                    r["tree"]["seed"].as_u64().unwrap(),
                    r["nodes"].as_u64().unwrap(),
                )
            })
            .collect();
        let mut sim = vec!["simulate", "--procs", "1", "--split-height", "2", "--json"];
        sim.extend_from_slice(tree);
        let lines = json_lines(&stdout_of(&sim));
        let simulations: Vec<&Value> = lines.iter().filter(|l| l["kind"] == "simulation").collect();
        assert_eq!(simulations.len(), 2 * serial.len());
        for line in &lines {
            assert_eq!(line["simulated"], true);
        }
        for s in simulations {
            let seed = s["tree"]["seed"].as_u64().unwrap();
            let (_, nodes) = serial.iter().find(|(k, _)| *k == seed).unwrap();
            assert_eq!(s["nodes"].as_u64().unwrap(), *nodes, "{s}");
            assert_eq!(s["serial_time"].as_u64().unwrap(), *nodes, "{s}");
            assert_eq!(s["threads"], 1);
        }
        let work_spans: Vec<&Value> = lines.iter().filter(|l| l["kind"] == "work_span").collect();
        assert_eq!(work_spans.len(), serial.len());
        for w in work_spans {
            let seed = w["tree"]["seed"].as_u64().unwrap();
            let (_, nodes) = serial.iter().find(|(k, _)| *k == seed).unwrap();
            assert_eq!(w["work"].as_u64().unwrap(), *nodes, "{w}");
        }
    }
}

#[test]
fn perfectly_ordered_trees_get_root_splitting_s_ceiling() {
    let args = [
        "simulate",
        "--model",
        "ordered",
        "--degree",
        "8",
        "--height",
        "6",
        "--ordering",
        "1",
        "--procs",
        "1,64",
    ];
    let text = stdout_of(&args);
    assert!(text.contains("root-split ceiling"), "{text}");
    assert!(text.contains("2.281"), "{text}");
    let mut json = args.to_vec();
    json.push("--json");
    let lines = json_lines(&stdout_of(&json));
    let ws = lines.iter().find(|l| l["kind"] == "work_span").unwrap();
    let ceiling = ws["root_split_ceiling"]["speedup"].as_f64().unwrap();
    let root_split_64 = lines
        .iter()
        .find(|l| l["algo"] == "root-split" && l["threads"] == 64)
        .unwrap();
    assert!(root_split_64["speedup"].as_f64().unwrap() <= ceiling + 1e-9);
    // Not perfectly ordered: no ceiling.
    let text = stdout_of(&[
        "simulate",
        "--model",
        "ordered",
        "--degree",
        "8",
        "--height",
        "6",
        "--ordering",
        "0.9",
        "--procs",
        "1",
    ]);
    assert!(!text.contains("root-split ceiling"), "{text}");
}

#[test]
fn svg_plots_are_labelled_simulated() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("speedup.svg");
    stdout_of(&[
        "simulate",
        "--degree",
        "6",
        "--height",
        "5",
        "--procs",
        "1,2,4",
        "--split-height",
        "2",
        "--svg",
        path.to_str().unwrap(),
    ]);
    let svg = std::fs::read_to_string(&path).unwrap();
    for text in [
        "SIMULATED speedup",
        "ideal",
        "ybwc work/span parallelism",
        "root-split",
    ] {
        assert!(svg.contains(text), "{text}");
    }
}

/// A committed cost profile (of a sweep: a position time for random trees only), with
/// `edit` applied.
fn profile(dir: &std::path::Path, name: &str, edit: impl Fn(&mut Value)) -> String {
    let text = include_str!("data/runs/2026-11-25-xeon16/calibration.json");
    let mut profile: Value = serde_json::from_str(text).unwrap();
    edit(&mut profile);
    let path = dir.join(name);
    std::fs::write(&path, profile.to_string()).unwrap();
    path.display().to_string()
}

#[test]
fn without_model_a_profile_gives_the_default_models_position_time() {
    let dir = tempfile::tempdir().unwrap();
    let path = profile(dir.path(), "calibration.json", |_| {});
    let output = abbench(&["simulate", "--calibration", &path, "--procs", "1,2"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(String::from_utf8_lossy(&output.stdout).contains("random d=4 h=6"));
}

#[test]
fn costs_past_what_virtual_time_holds_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let huge = profile(dir.path(), "huge.json", |p| {
        p["events"]["steal"]["nanos"] = 1e12.into();
    });
    let cases = [
        (
            vec!["simulate", "--position-ns", "1e-30"],
            "--position-ns 1e-30 makes a split_point event cost",
        ),
        (
            vec!["simulate", "--calibration", &huge, "--procs", "1,2"],
            "huge.json makes a steal event cost",
        ),
    ];
    for (args, words) in cases {
        let output = abbench(&args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains(words)
                && stderr.contains("more than the simulator's virtual time holds"),
            "{args:?}: {stderr}"
        );
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn a_simulation_record_names_every_option_that_reproduces_it() {
    let options = [
        "--split-height",
        "2",
        "--eldest-grain",
        "5",
        "--cut-wait",
        "3",
    ];
    let mut args = vec![
        "simulate",
        "--json",
        "--algo",
        "ybwc,root-split",
        "--procs",
        "4",
    ];
    args.extend(options);
    let lines = json_lines(&stdout_of(&args));
    let ybwc = lines.iter().find(|l| l["algo"] == "ybwc").unwrap();
    assert_eq!(
        (
            &ybwc["split_height"],
            &ybwc["eldest_grain"],
            &ybwc["cut_wait"]
        ),
        (&Value::from(2), &Value::from(5), &Value::from(3)),
        "{ybwc}"
    );
    // Root splitting splits nothing below the root: none of the three.
    let root = lines.iter().find(|l| l["algo"] == "root-split").unwrap();
    assert!(
        root.get("eldest_grain").is_none() && root.get("cut_wait").is_none(),
        "{root}"
    );
    // The defaults, resolved as a run's record resolves them.
    let defaults = json_lines(&stdout_of(&[
        "simulate", "--json", "--algo", "ybwc", "--procs", "4",
    ]));
    let record = &defaults[0];
    assert!(record["eldest_grain"].as_u64().is_some(), "{record}");
    assert_eq!(record["cut_wait"], 2, "{record}");
    // The record's options given back reproduce it.
    let again = json_lines(&stdout_of(&[
        "simulate",
        "--json",
        "--algo",
        "ybwc",
        "--procs",
        "4",
        "--split-height",
        &record["split_height"].to_string(),
        "--eldest-grain",
        &record["eldest_grain"].to_string(),
        "--cut-wait",
        &record["cut_wait"].to_string(),
    ]));
    assert_eq!(again[0]["virtual_time"], record["virtual_time"]);
}

/// `--svg` onto a run folder's report or its list of shards is refused, the file kept.
#[test]
fn a_plot_onto_a_file_of_a_runs_report_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let run = dir.path().join("run");
    std::fs::create_dir(&run).unwrap();
    std::fs::write(run.join("results.jsonl"), "{}\n").unwrap();
    for file in ["shards.json", "report.md", "theory.svg"] {
        let target = run.join(file);
        std::fs::write(&target, "the run's\n").unwrap();
        let output = support::abbench(&[
            "simulate",
            "--procs",
            "1,2",
            "--svg",
            target.to_str().unwrap(),
        ]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{file}: {stderr}");
        assert!(stderr.contains("of the run folder"), "{stderr}");
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "the run's\n");
    }
}

/// `--guess` gives the null-window search its first guess and the serial aspiration and
/// MTD(f) it is set against the same, as `run --guess` does; the record names it, and a
/// guess that is not a number is one line and exit 2.
#[test]
fn a_given_guess_reaches_the_serial_searches_and_the_record() {
    // The ordered tree, whose root value is 0.
    let tree = TREES[1];
    let simulated = |guess: &[&str]| {
        let mut args = vec![
            "simulate",
            "--json",
            "--algo",
            "null-window",
            "--procs",
            "2",
            "--costs",
            "free",
        ];
        args.extend_from_slice(tree);
        args.extend_from_slice(guess);
        json_lines(&stdout_of(&args)).remove(0)
    };
    let fewest_serial = |guess: &[&str]| {
        let mut args = vec![
            "run",
            "--json",
            "--repeat",
            "1",
            "--algo",
            "f2-iter,f2-soft,pvs,aspiration,mtdf",
            "--baseline",
            "f2-iter",
        ];
        args.extend_from_slice(tree);
        args.extend_from_slice(guess);
        json_lines(&stdout_of(&args))
            .iter()
            .map(|r| r["nodes"].as_u64().unwrap())
            .min()
            .unwrap()
    };
    let mut fastest = Vec::new();
    for guess in [&[][..], &["--guess", "0"], &["--guess", "-4000"]] {
        let record = simulated(guess);
        let nodes = record["fastest_serial"]["nodes"].as_u64().unwrap();
        assert_eq!(nodes, fewest_serial(guess), "{guess:?}: {record}");
        // Free costs weigh every serial search's positions alike, as the record says.
        assert_eq!(record["fastest_serial"]["time"], nodes, "{record}");
        assert_eq!(record["costs"]["serial"]["mtdf"], 1000, "{record}");
        match guess {
            [_, value] => assert_eq!(record["guess"].to_string(), *value, "{record}"),
            _ => assert!(record.get("guess").is_none(), "{record}"),
        }
        fastest.push(nodes);
    }
    assert!(fastest[1] != fastest[2], "{fastest:?}");
    let output = abbench(&["simulate", "--algo", "null-window", "--guess", "x"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("not a value"), "{stderr}");
}

/// `--tt-mb` reaches serial MTD(f) among the fastest serial search's candidates whatever
/// the algorithms, so it is never noted as ignored: with young brothers wait alone (no
/// table search among the algorithms) a 1 MiB table changes the fastest serial search's
/// positions, the record names the size, and stderr has no note.
#[test]
fn the_table_size_reaches_the_fastest_serial_search_without_a_table_search() {
    let simulated = |extra: &[&str]| {
        let mut args = vec![
            "simulate", "--json", "--model", "random", "--degree", "16", "--height", "6", "--seed",
            "5", "--algo", "ybwc", "--procs", "2",
        ];
        args.extend_from_slice(extra);
        let output = abbench(&args);
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert!(output.status.success(), "{stderr}");
        assert!(!stderr.contains("--tt-mb"), "a note on --tt-mb: {stderr}");
        json_lines(&String::from_utf8(output.stdout).unwrap()).remove(0)
    };
    let (small, default) = (simulated(&["--tt-mb", "1"]), simulated(&[]));
    for record in [&small, &default] {
        assert_eq!(record["fastest_serial"]["algo"], "mtdf", "{record}");
    }
    assert_eq!(small["tt_mb"], 1);
    assert!(default.get("tt_mb").is_none_or(Value::is_null), "{default}");
    assert_ne!(
        small["fastest_serial"]["nodes"], default["fastest_serial"]["nodes"],
        "the 1 MiB table did not reach serial MTD(f)"
    );
}

#[test]
fn parallel_names_every_parallel_algorithm_and_each_row_gives_c_and_w() {
    let text = stdout_of(&[
        "simulate", "--model", "random", "--degree", "5", "--height", "5", "--procs", "1,4",
        "--algo", "parallel", "--json",
    ]);
    let lines = json_lines(&text);
    let simulated: Vec<&Value> = lines.iter().filter(|l| l["kind"] == "simulation").collect();
    let mut names: Vec<&str> = Vec::new();
    for l in &simulated {
        let name = l["algo"].as_str().unwrap();
        if !names.contains(&name) {
            names.push(name);
        }
    }
    assert_eq!(
        names,
        abbench_parallel::ParallelAlgorithm::names()
            .split(',')
            .collect::<Vec<_>>()
    );
    for l in &simulated {
        let (t, c, w) = (
            l["virtual_time"].as_u64().unwrap(),
            l["critical_path"].as_u64().unwrap(),
            l["work"].as_u64().unwrap(),
        );
        let p = l["threads"].as_u64().unwrap();
        assert!(c <= t && w.div_ceil(p) <= t, "{l}");
    }
}
