//! The workspace's structure: no two modules of one crate import each other.

use abbench_testkit::module_cycles;
use std::path::Path;

#[test]
fn no_two_modules_of_a_crate_import_each_other() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    let mut checked = 0;
    for entry in std::fs::read_dir(&crates).unwrap() {
        let src = entry.unwrap().path().join("src");
        if src.is_dir() {
            checked += 1;
            for cycle in module_cycles(&src).unwrap() {
                found.push(format!("{}: {cycle}", src.display()));
            }
        }
    }
    assert!(
        checked >= 9,
        "only {checked} crates found under {}",
        crates.display()
    );
    assert!(
        found.is_empty(),
        "modules that import each other (move what both need into a module both import):\n{}",
        found.join("\n")
    );
}

/// The crates named in the `[dependencies]` table of `crates/<name>/Cargo.toml` that are
/// the workspace's own (`abbench-…`); dev-dependencies are not counted.
fn own_dependencies(name: &str) -> Vec<String> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(name)
        .join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let mut in_dependencies = false;
    let mut found = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]";
        } else if in_dependencies && line.starts_with("abbench-") {
            let crate_name = line.split(['.', ' ', '=']).next().unwrap();
            found.push(crate_name.to_string());
        }
    }
    found
}

#[test]
fn measuring_and_reporting_depend_one_way() {
    // results ← report ← measure ← cli: the report reads what was measured and never
    // measures; the formats know neither.
    let results = own_dependencies("results");
    let report = own_dependencies("report");
    let measure = own_dependencies("measure");
    for forbidden in ["abbench-report", "abbench-measure"] {
        assert!(!results.contains(&forbidden.to_string()), "{results:?}");
    }
    assert!(
        report.contains(&"abbench-results".to_string()),
        "{report:?}"
    );
    assert!(
        !report.contains(&"abbench-measure".to_string()),
        "{report:?}"
    );
    assert!(
        measure.contains(&"abbench-report".to_string()),
        "{measure:?}"
    );
    assert!(
        measure.contains(&"abbench-results".to_string()),
        "{measure:?}"
    );
}
