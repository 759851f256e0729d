//! The instruction bench names the gungraun-runner it needs in three places that must
//! agree: the workspace's pinned `gungraun` (the library the bench links), the runner
//! `ci/instructions.sh` installs, and the version the bench itself asks for before it
//! runs (it skips, in one line, where the runner is missing or another version).

use std::path::Path;

fn read(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The text between `start` and the next `end` on the line that holds `start`.
fn between<'a>(text: &'a str, start: &str, end: char) -> &'a str {
    let line = text
        .lines()
        .find(|l| l.contains(start))
        .unwrap_or_else(|| panic!("no line with {start}"));
    let rest = &line[line.find(start).unwrap() + start.len()..];
    &rest[..rest.find(end).unwrap_or(rest.len())]
}

#[test]
fn the_library_the_installed_runner_and_the_bench_name_one_version() {
    let (cargo, script, bench) = (
        read("Cargo.toml"),
        read("ci/instructions.sh"),
        read("benches/benches/instructions.rs"),
    );
    let library = between(&cargo, "gungraun = \"=", '"');
    let installed = between(&script, "runner_version=", ' ');
    let asked = between(&bench, "const RUNNER_VERSION: &str = \"", '"');
    assert!(!library.is_empty());
    assert_eq!(
        installed, library,
        "ci/instructions.sh installs another runner"
    );
    assert_eq!(asked, library, "the bench asks for another runner");
}
