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
