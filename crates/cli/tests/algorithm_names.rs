//! The one list of parallel algorithms (`abbench_vocab::ParallelAlgorithm::ALL`, the lines
//! of `crates/vocab/src/list.rs`) against every place a reader meets the names: the JSON
//! schema's enums (generated from the list with the schema: `UPDATE_SCHEMA=1` rewrites it), the parallel
//! suite, the command line's help, defaults and `abbench algorithms`. A new algorithm
//! needs no edit for any of them but the schema's regeneration.

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
fn the_schema_enums_are_generated_from_the_one_list() {
    // The schema is generated from the types, its enums from the one list
    // (`UPDATE_SCHEMA=1 cargo test -p abbench --bin abbench output_schema`).
    let committed = repository_file("schema/abbench-output.schema.json");
    let schema: Value = serde_json::from_str(&committed).unwrap();
    let definitions = &schema["definitions"];
    assert_eq!(names_of(&definitions["parallel_algo"]["enum"]), parallel());
    assert_eq!(names_of(&definitions["algo"]["enum"]), every());
}

#[test]
fn the_parallel_suite_runs_every_parallel_algorithm() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let suite =
        abbench_measure::Suite::from_toml_file(&root.join("crates/measure/suites/parallel.toml"))
            .unwrap();
    for name in parallel() {
        assert!(
            suite
                .workloads
                .iter()
                .all(|w| w.algorithms.iter().any(|a| a.name() == name)),
            "the parallel suite lacks {name}"
        );
    }
}

#[test]
fn the_readme_sends_the_reader_to_the_binary_for_the_names() {
    let readme = one_line(&repository_file("README.md"));
    assert!(
        readme.contains("abbench algorithms --parallel"),
        "README.md names the command that lists the parallel algorithms"
    );
}

#[test]
fn algorithms_prints_the_one_list() {
    assert_eq!(stdout_of(&["algorithms"]).trim(), every().join(","));
    assert_eq!(
        stdout_of(&["algorithms", "--parallel"]).trim(),
        parallel().join(",")
    );
    assert_eq!(
        stdout_of(&["algorithms", "--parallel", "--lines"]).trim(),
        parallel().join("\n")
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
