//! The one list of parallel algorithms (`abbench_parallel::ParallelAlgorithm::ALL`, the
//! `algorithms!` lines of `crates/parallel/src/lib.rs`) against every list of names
//! written elsewhere for readers: the JSON schema's enums, the README, the parallel
//! suite, the command line's help and defaults. A new algorithm fails here until each
//! names it; a name written differently anywhere fails too.

use abbench_parallel::ParallelAlgorithm;
use abbench_results::Algorithm;
use serde_json::Value;

use crate::support::stdout_of;

/// The parallel names in the list's order.
fn parallel() -> Vec<&'static str> {
    ParallelAlgorithm::ALL.map(ParallelAlgorithm::name).to_vec()
}

/// Every name, serial first.
fn every() -> Vec<&'static str> {
    Algorithm::ALL.map(Algorithm::name).to_vec()
}

fn repository_file(path: &str) -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::read_to_string(root.join(path)).unwrap()
}

/// `text` with every run of whitespace made one space.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn names_of(value: &Value) -> Vec<&str> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect()
}

#[test]
fn the_schema_enums_are_the_one_list() {
    let schema: Value =
        serde_json::from_str(&repository_file("schema/abbench-output.schema.json")).unwrap();
    let definitions = &schema["definitions"];
    assert_eq!(names_of(&definitions["parallel_algo"]["enum"]), parallel());
    assert_eq!(names_of(&definitions["algo"]["enum"]), every());
}

#[test]
fn the_parallel_suite_runs_every_parallel_algorithm() {
    let suite = repository_file("crates/measure/suites/parallel.toml");
    let listed = one_line(
        &parallel()
            .iter()
            .map(|n| format!("\"{n}\","))
            .collect::<Vec<_>>()
            .join(" "),
    );
    assert!(
        one_line(&suite).contains(&listed),
        "parallel.toml lacks {listed}"
    );
    let description = format!(
        "{} and {} against",
        parallel()[..parallel().len() - 1].join(", "),
        parallel().last().unwrap()
    );
    assert!(
        suite.contains(&description),
        "parallel.toml's description lacks {description}"
    );
}

#[test]
fn the_readme_lists_every_parallel_algorithm() {
    let readme = one_line(&repository_file("README.md"));
    let listed = format!("({})", parallel().join(", "));
    assert!(
        readme.matches(&listed).count() >= 2,
        "README.md names the parallel algorithms as {listed} in its command table and its reports section"
    );
}

#[test]
fn the_command_line_lists_and_accepts_every_name() {
    let listed = parallel().join(", ");
    for command in ["run", "verify", "simulate"] {
        let help = one_line(&stdout_of(&[command, "--help"]));
        assert!(help.contains(&listed), "{command} --help lacks {listed}");
    }
    let verify = one_line(&stdout_of(&["verify", "--help"]));
    assert!(
        verify.contains(&format!("[default: {}]", every().join(","))),
        "verify's default is every algorithm"
    );
    for name in every() {
        assert_eq!(name.parse::<Algorithm>().unwrap().name(), name);
    }
    for name in parallel() {
        assert_eq!(name.parse::<ParallelAlgorithm>().unwrap().name(), name);
        let unknown = "f9".parse::<Algorithm>().unwrap_err().to_string();
        assert!(unknown.contains(name), "{unknown}");
    }
}
