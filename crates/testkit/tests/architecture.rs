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
        checked >= 7,
        "only {checked} crates found under {}",
        crates.display()
    );
    assert!(
        found.is_empty(),
        "modules that import each other (move what both need into a module both import):\n{}",
        found.join("\n")
    );
}
