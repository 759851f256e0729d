//! The help, the notes, the refusals and the records agree with the vocabulary's lists
//! for every setting and every algorithm: each algorithm is asked with each setting, and
//! what the command line says of it is what the lists say of who reads it.

use crate::support::abbench;
use abbench_search::Settings;
use abbench_vocab::{Algorithm, Setting};

/// A value `setting` takes that is not its default, as the command line writes it.
fn sample(setting: Setting) -> &'static str {
    ["3", "1.5", "gt", "-5,5", "true", "7"]
        .into_iter()
        .find(|text| {
            let mut settings = Settings::default();
            settings.set(setting, text).is_ok() && settings.is_set(setting)
        })
        .unwrap_or_else(|| panic!("no sample value for {setting}"))
}

/// `run` of `algorithm` given `setting` on a small tree, at two threads, measured
/// against f2-iter alone (no serial candidates, which read settings of their own):
/// its notes about the setting, and its record of the algorithm.
fn run_with(algorithm: Algorithm, setting: Setting) -> (Vec<String>, serde_json::Value) {
    let flag = format!("--{}", setting.flag());
    let mut args = vec![
        "run",
        "--model",
        "random",
        "--degree",
        "3",
        "--height",
        "4",
        "--algo",
        algorithm.name(),
        "--threads",
        "2",
        "--repeat",
        "1",
        "--warmup",
        "0",
        "--json",
        "--baseline",
        "f2-iter",
        &flag,
    ];
    if !setting.is_switch() {
        args.push(sample(setting));
    }
    let output = abbench(&args);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{algorithm} {flag}: {stderr}");
    // The notes on who reads the setting (not those on its value, such as a table size
    // rounded down).
    let notes = stderr
        .lines()
        .filter_map(|l| l.strip_prefix("abbench: note: "))
        .filter(|l| l.starts_with(&flag))
        .filter(|l| {
            ["applies only to", "is not read by", "changes nothing"]
                .iter()
                .any(|w| l.contains(w))
        })
        .map(str::to_string)
        .collect();
    let record = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|r| r["algo"] == algorithm.name())
        .expect("the algorithm's record");
    (notes, record)
}

#[test]
fn each_algorithm_given_each_setting_is_noted_or_not_as_the_lists_say() {
    for algorithm in Algorithm::ALL {
        for setting in Setting::ALL {
            let (notes, record) = run_with(algorithm, setting);
            let what = format!("{algorithm} --{}: {notes:?}", setting.flag());
            if algorithm.reads(setting) {
                assert!(notes.is_empty(), "{what}");
                if setting.recorded() {
                    assert!(!record[setting.key()].is_null(), "{what}: {record}");
                    assert!(
                        !record["settings"][setting.key()].is_null(),
                        "{what}: {record}"
                    );
                }
            } else {
                let readers: Vec<&str> = setting.readers().iter().map(|a| a.name()).collect();
                assert_eq!(notes.len(), 1, "{what}");
                assert!(notes[0].contains("applies only to"), "{what}");
                assert!(
                    notes[0].contains(&abbench_vocab::and_list(&readers)),
                    "{what}"
                );
                assert!(
                    record["settings"].get(setting.key()).is_none(),
                    "{what}: {record}"
                );
            }
        }
    }
}

#[test]
fn the_help_names_every_setting_with_its_readers() {
    let output = abbench(&["run", "--help"]);
    let help = String::from_utf8_lossy(&output.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for setting in Setting::ALL {
        assert!(help.contains(&format!("--{}", setting.flag())), "{setting}");
        let first_words: String = setting
            .doc()
            .split_whitespace()
            .skip(1)
            .take(3)
            .collect::<Vec<_>>()
            .join(" ");
        assert!(help.contains(&first_words), "{setting}: {first_words}");
        if setting.readers().len() < Algorithm::ALL.len()
            && setting.readers().iter().all(|a| !a.is_parallel())
        {
            let readers: Vec<&str> = setting.readers().iter().map(|a| a.name()).collect();
            assert!(
                help.contains(&abbench_vocab::and_list(&readers)),
                "{setting}"
            );
        }
    }
}

/// A memory bound below one node's children is refused before any search, naming the
/// algorithm that refuses it: every algorithm that reads the bound, and none other.
#[test]
fn a_setting_an_algorithm_cannot_search_with_is_refused_in_its_name() {
    for algorithm in Algorithm::ALL {
        let output = abbench(&[
            "run",
            "--model",
            "random",
            "--degree",
            "5",
            "--height",
            "3",
            "--algo",
            algorithm.name(),
            "--threads",
            "2",
            "--repeat",
            "1",
            "--keep-limit",
            "2",
        ]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        if algorithm.reads(Setting::KeepLimit) {
            assert_eq!(output.status.code(), Some(2), "{algorithm}: {stderr}");
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
            assert!(
                stderr.contains(&format!("{algorithm} keeps one node's children")),
                "{algorithm}: {stderr}"
            );
            assert!(output.stdout.is_empty(), "refused before any search");
        } else {
            assert!(output.status.success(), "{algorithm}: {stderr}");
        }
    }
}

/// The completion scripts offer the algorithms' names and the settings, and never a
/// hidden command, neither as a command nor as what `help` takes.
#[test]
fn completions_offer_the_lists_and_no_hidden_command() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = crate::support::stdout_of(&["completions", shell]);
        assert!(!script.contains("ab-worker"), "{shell} offers ab-worker");
        for word in ["sweep", "history", "cut-wait", "keep-limit"] {
            assert!(script.contains(word), "{shell}: {word}");
        }
        if ["bash", "zsh", "fish"].contains(&shell) {
            for algorithm in Algorithm::ALL {
                assert!(script.contains(algorithm.name()), "{shell}: {algorithm}");
            }
        }
    }
}

/// A suite that gives a setting a list of values sweeps each value: every record names
/// its value, the report sets the speedup against the setting in a table and a plot,
/// and the summary's serial rate is the workload's, though a grid point holds only
/// the searches that read its setting.
#[test]
fn a_suite_with_a_list_of_values_sweeps_them_and_plots_the_speedup_against_them() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("grid.toml");
    std::fs::write(
        &suite,
        "name = \"grid\"\nrepeat = 1\nwarmup = 0\nthreads = [1, 2]\n\
         algo = [\"f2-iter\", \"ybwc\"]\ncut-wait = [1, 3]\n\
         [[workload]]\nmodel = \"random\"\ndegree = 5\nheight = 6\nseed = 1\ntrees = 2\n",
    )
    .unwrap();
    let out = dir.path().join("run");
    let output = abbench(&[
        "-q",
        "sweep",
        "--suite",
        suite.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let records = std::fs::read_to_string(out.join("results.jsonl")).unwrap();
    let mut waits = Vec::new();
    for line in records.lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        if record["algo"] == "ybwc" {
            waits.push(record["settings"]["cut_wait"].as_u64().expect(line));
        }
    }
    waits.sort_unstable();
    waits.dedup();
    assert_eq!(waits, [1, 3]);
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(report.contains("## Settings studies"), "{report}");
    assert!(
        report.contains("| series | cut-wait=1 | cut-wait=3 |"),
        "{report}"
    );
    assert!(report.contains("![Speedup against the settings studied](settings.svg)"));
    let plot = std::fs::read_to_string(out.join("settings.svg")).unwrap();
    assert!(
        plot.contains("cut-wait"),
        "the plot's axis names the setting"
    );
    let summary = report
        .lines()
        .find(|line| line.starts_with("| random d=5 h=6 cut-wait=1 |"))
        .unwrap_or_else(|| panic!("{report}"));
    assert!(
        !summary.starts_with("| random d=5 h=6 cut-wait=1 | 2 | — |"),
        "{summary}"
    );
}
