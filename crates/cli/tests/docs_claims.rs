//! What the guide says about the tool and the repository, held to what they are: the
//! number of theory checks, the conditions of `compare`'s rule, the searches of the
//! signature, the keys of the example suite, the studies under reports/, the scripts CI
//! does not run, the sections `.ci/run` points to, what `verify --stress` refuses, which
//! JSON carries no schema, the sample record, and the commits of the bisect examples.

use crate::docs_examples::{Example, examples, substituted, written};
use crate::support;
use abbench_vocab::Setting;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use support::abbench;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The number a word or numeral stands for, up to twenty.
fn number(word: &str) -> usize {
    const WORDS: [&str; 21] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    let lower = word.to_lowercase();
    WORDS
        .iter()
        .position(|w| *w == lower)
        .or_else(|| lower.replace(',', "").parse().ok())
        .unwrap_or_else(|| panic!("'{word}' is not a number"))
}

/// The word after `before` in `text`.
fn word_after<'a>(text: &'a str, before: &str) -> &'a str {
    let at = text
        .find(before)
        .unwrap_or_else(|| panic!("no '{before}' in the text"));
    text[at + before.len()..].split_whitespace().next().unwrap()
}

#[test]
fn the_guide_gives_the_number_of_theory_checks_the_tool_prints() {
    let claimed = number(word_after(
        &read("docs/measuring.md"),
        "`abbench theory` sets",
    ));
    let output = abbench(&["theory"]);
    let stdout = String::from_utf8(output.stdout).unwrap();
    let last = stdout.lines().last().unwrap_or_default();
    let printed = number(last.split_whitespace().next().unwrap());
    assert!(last.contains("checks"), "{last}");
    assert_eq!(claimed, printed, "docs/measuring.md says {claimed}; {last}");
}

#[test]
fn the_guide_counts_the_conditions_of_a_slower_search() {
    let text = read("docs/regression.md");
    let claimed = number(word_after(&text, "A search is called slower only when"));
    let at = text.find("A search is called slower only when").unwrap();
    let listed = text[at..]
        .lines()
        .skip(2)
        .take_while(|l| !l.trim().is_empty())
        .filter(|l| l.starts_with("* "))
        .count();
    assert_eq!(claimed, listed, "docs/regression.md");
}

/// The searches of the committed signature, which `signature_command` holds to what
/// `abbench signature` prints: the serial ones by name, the simulated ones by their
/// algorithm (`sim-ybwc-g64-p4`: ybwc).
fn signature_searches() -> BTreeSet<String> {
    read("ci/baselines/signature.txt")
        .lines()
        .filter_map(|l| l.split_whitespace().next()?.split_once('/'))
        .map(|(_, search)| match search.strip_prefix("sim-") {
            Some(sim) => sim
                .split('-')
                .take_while(|part| !part[1..].chars().all(|c| c.is_ascii_digit()))
                .collect::<Vec<_>>()
                .join("-"),
            None => search.to_string(),
        })
        .collect()
}

#[test]
fn the_guide_names_every_search_of_the_signature() {
    let searches = signature_searches();
    assert!(
        searches.contains("root-split") && searches.contains("f0"),
        "{searches:?}"
    );
    let text = read("docs/regression.md");
    let start = text.find("`abbench signature` prints").unwrap();
    let end = start + text[start..].find("Counts do not depend").unwrap();
    let named: BTreeSet<String> = text[start..end]
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| !span.starts_with("abbench"))
        .map(String::from)
        .collect();
    assert_eq!(named, searches, "docs/regression.md's signature paragraph");
}

/// The keys a suite file takes where `line` is written, from the parser's own refusal of
/// an unknown one.
fn keys_taken(suite: &str) -> BTreeSet<String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("keys.toml");
    std::fs::write(&path, suite).unwrap();
    let output = abbench(&["sweep", "--suite", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    let (_, expected) = stderr
        .split_once("expected one of")
        .unwrap_or_else(|| panic!("{stderr}"));
    expected
        .split('`')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect()
}

#[test]
fn the_example_suite_shows_every_key_a_suite_file_takes() {
    let workload = "[[workload]]\nmodel = \"random\"\ndegree = 2\nheight = 2\n";
    let mut keys = keys_taken(&format!("no-such-key = 1\n{workload}"));
    keys.extend(keys_taken(&format!("{workload}no-such-key = 1\n")));
    assert!(
        keys.contains("degree-min") && keys.contains("warmup"),
        "{keys:?}"
    );
    keys.remove("workload");
    keys.extend(Setting::ALL.iter().map(|s| s.flag().to_string()));
    let example = read("crates/measure/suites/example.toml");
    // A key is shown when a line sets it, or a comment shows how: `# key = …`.
    let shown: BTreeSet<String> = example
        .lines()
        .map(|l| l.trim_start_matches(['#', ' ']))
        .filter_map(|l| l.split_once(" = ").map(|(key, _)| key.trim().to_string()))
        .collect();
    let missing: Vec<&String> = keys.difference(&shown).collect();
    assert!(missing.is_empty(), "example.toml lacks {missing:?}");
    assert!(
        example.contains("[per-algorithm."),
        "example.toml lacks per-algorithm"
    );
    assert!(example.contains("[[workload]]"));
}

/// Every folder under `dir` (relative to the root), at any depth.
fn folders(dir: &str, into: &mut Vec<String>) {
    for entry in std::fs::read_dir(root().join(dir)).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_dir() {
            let name = format!("{dir}/{}", entry.file_name().to_str().unwrap());
            into.push(name.clone());
            folders(&name, into);
        }
    }
}

#[test]
fn the_studies_index_lists_every_study_under_reports() {
    let index = read("reports/README.md");
    let linked: Vec<String> = index
        .split("](")
        .skip(1)
        .map(|rest| rest[..rest.find(')').unwrap()].trim_end_matches("README.md"))
        .map(|link| format!("reports/{}", link.trim_end_matches('/')))
        .collect();
    let mut all = Vec::new();
    folders("reports", &mut all);
    // A study is a topic's folder or a dated folder in it, with its README; a deeper
    // folder is part of the study it is in. Sweeps write into runs/, which git ignores
    // but for the runs kept as studies.
    let studies: Vec<&String> = all
        .iter()
        .filter(|f| f.as_str() != "reports/runs" && f.matches('/').count() <= 2)
        .filter(|f| root().join(f).join("README.md").exists())
        .collect();
    let unlisted: Vec<&&String> = studies.iter().filter(|f| !linked.contains(f)).collect();
    assert!(unlisted.is_empty(), "reports/README.md lacks {unlisted:?}");
    // Any other folder holds the raw files of a study above it, or studies of one topic.
    let orphans: Vec<&String> = all
        .iter()
        .filter(|f| !f.starts_with("reports/runs"))
        .filter(|f| {
            !linked
                .iter()
                .any(|l| f.starts_with(l.as_str()) || l.starts_with(&format!("{f}/")))
        })
        .collect();
    assert!(orphans.is_empty(), "no study holds {orphans:?}");
}

#[test]
fn contributing_lists_every_script_that_ci_does_not_run() {
    let entry = read(".ci/run");
    let mut by_hand: BTreeSet<String> = BTreeSet::new();
    for script in std::fs::read_dir(root().join("ci")).unwrap() {
        let name = script.unwrap().file_name().into_string().unwrap();
        let path = format!("ci/{name}");
        if name.ends_with(".sh") && !entry.contains(&format!("bash {path}")) {
            by_hand.insert(path);
        }
    }
    assert!(by_hand.contains("ci/mutants.sh"), "{by_hand:?}");
    let text = read("CONTRIBUTING.md");
    let at = text
        .find("scripts run by hand")
        .expect("CONTRIBUTING.md's scripts run by hand");
    let claimed = number(text[..at].split_whitespace().last().unwrap());
    let listed: BTreeSet<String> = text[at..]
        .lines()
        .skip_while(|l| !l.starts_with("* "))
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.strip_prefix("* `"))
        .map(|l| l[..l.find('`').unwrap()].to_string())
        .collect();
    assert_eq!(listed, by_hand, "CONTRIBUTING.md's scripts run by hand");
    assert_eq!(claimed, by_hand.len(), "CONTRIBUTING.md's count of them");
}

/// The headings of a Markdown page, without their `#`s.
fn headings(page: &str) -> Vec<String> {
    read(page)
        .lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim().to_string())
        .collect()
}

#[test]
fn the_ci_entry_point_names_sections_that_exist() {
    let mut checked = 0;
    let mut page: Option<String> = None;
    for line in read(".ci/run").lines().filter(|l| l.starts_with('#')) {
        for (k, part) in line.split('"').enumerate() {
            if k % 2 == 1 {
                let page = page
                    .as_deref()
                    .unwrap_or_else(|| panic!(".ci/run names \"{part}\" without its page"));
                assert!(
                    headings(page).iter().any(|h| h == part),
                    ".ci/run points to \"{part}\", which is no heading of {page}"
                );
                checked += 1;
                continue;
            }
            for word in part.split_whitespace() {
                let word = word.trim_matches(|c: char| "(),;.'".contains(c));
                let word = word.strip_suffix("'s").unwrap_or(word);
                if word.ends_with(".md") {
                    page = Some(word.to_string());
                } else if word == "README" {
                    page = Some("README.md".to_string());
                }
            }
        }
    }
    assert!(checked >= 2, "{checked} sections checked");
}

#[test]
fn the_guide_says_what_verify_stress_refuses() {
    let refused = abbench(&["verify", "--stress", "1", "--json"]);
    assert_eq!(refused.status.code(), Some(2));
    let text = read("docs/parallel.md");
    let at = text.find("`abbench verify --stress N`").unwrap();
    let paragraph = &text[at..at + text[at..].find("\n\n").unwrap_or(text.len() - at)];
    assert!(
        paragraph.contains("refuses `--json`"),
        "docs/parallel.md's Stress section does not say that --stress refuses --json"
    );
}

/// A complete run kept for the tests.
const RUN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../results/tests/data/runs/2026-11-22-vm"
);

#[test]
fn the_formats_page_names_the_json_that_carries_no_schema() {
    let text = read("docs/formats.md");
    for format in [
        "bencher",
        "custom-smaller-is-better",
        "custom-bigger-is-better",
    ] {
        let exported = support::stdout_of(&["export", RUN, "--format", format]);
        let json: serde_json::Value = serde_json::from_str(&exported).unwrap();
        assert!(!exported.contains("\"schema\""), "{format}: {json}");
    }
    assert!(
        text.contains("`export` is the exception"),
        "docs/formats.md says every JSON carries `schema`, and exports do not"
    );
    let machine = std::fs::read_to_string(format!("{RUN}/machine.json")).unwrap();
    let machine: serde_json::Value = serde_json::from_str(&machine).unwrap();
    assert!(machine.get("schema").is_none(), "{machine}");
    assert!(
        text.contains("`machine.json` has neither"),
        "docs/formats.md does not say that machine.json carries no schema"
    );
}

/// Every key of a JSON value, at every depth.
fn keys(value: &serde_json::Value, into: &mut BTreeSet<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                into.insert(k.clone());
                keys(v, into);
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| keys(v, into)),
        _ => {}
    }
}

#[test]
fn the_sample_record_is_a_valid_record_and_every_field_of_it_is_explained() {
    let text = read("docs/record.md");
    let start = text.find("```json\n").expect("a JSON block") + "```json\n".len();
    let end = start + text[start..].find("```").unwrap();
    let record: serde_json::Value = serde_json::from_str(&text[start..end]).unwrap();
    let schema: serde_json::Value =
        serde_json::from_str(&read("schema/abbench-output.schema.json")).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&record)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    assert_eq!(record["kind"], "search");
    // The table's rows: the first cell names fields, the second may name their parts.
    let explained: BTreeSet<String> = text
        .lines()
        .filter(|l| l.starts_with("| `"))
        .flat_map(|l| l.split('`').skip(1).step_by(2).map(String::from))
        .collect();
    let mut fields = BTreeSet::new();
    keys(&record, &mut fields);
    let unexplained: Vec<&String> = fields.difference(&explained).collect();
    assert!(
        unexplained.is_empty(),
        "docs/record.md does not explain {unexplained:?}"
    );
}

/// A `bisect` example's commits are ones git knows, in a checkout with its history.
#[test]
fn the_commits_a_bisect_example_names_exist() {
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .current_dir(root())
            .output()
            .ok()
    };
    let shallow = git(&["rev-parse", "--is-shallow-repository"]);
    let Some(shallow) = shallow.filter(|o| o.status.success()) else {
        eprintln!("not a git checkout: the bisect examples' commits are not checked");
        return;
    };
    if String::from_utf8_lossy(&shallow.stdout).trim() == "true" {
        eprintln!("a shallow clone: the bisect examples' commits are not checked");
        return;
    }
    let bisects: Vec<Example> = examples()
        .into_iter()
        .filter(|e| e.fenced && e.words.first().is_some_and(|w| w == "bisect"))
        .collect();
    assert!(!bisects.is_empty());
    for e in bisects {
        for commit in substituted(&e.words).iter().skip(1).take(2) {
            let found = git(&[
                "rev-parse",
                "--verify",
                "--quiet",
                &format!("{commit}^{{commit}}"),
            ]);
            assert!(
                found.is_some_and(|o| o.status.success()),
                "{}: abbench {}: git knows no commit {commit}",
                e.at,
                written(&e.words)
            );
        }
    }
}
