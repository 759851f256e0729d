//! The workspace's structure: no two modules of one crate import each other, the crates
//! depend one way, and ARCHITECTURE.md says only what is true of the code.

use abbench_testkit::{
    crate_graph, diagram, long_files, long_functions, module_cycles, stale_names,
};
use std::path::{Path, PathBuf};

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

/// The crates named in the `table` table (`dependencies` or `dev-dependencies`) of
/// `crates/<name>/Cargo.toml` that are the workspace's own (`abbench-…`).
fn own_crates(name: &str, table: &str) -> Vec<String> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(name)
        .join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let mut in_table = false;
    let mut found = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_table = line == format!("[{table}]");
        } else if in_table && line.starts_with("abbench-") {
            let crate_name = line.split(['.', ' ', '=']).next().unwrap();
            found.push(crate_name.to_string());
        }
    }
    found
}

#[test]
fn measuring_and_reporting_depend_one_way() {
    // results ← measure, results ← report ← (dev) measure, and the CLI above both: the
    // report reads what was measured and never measures, the crate that measures never
    // depends on the crate that reports (the CLI hands a sweep abbench-report's writer),
    // and the statistics both use live below both, in results.
    let dependencies = |name| own_crates(name, "dependencies");
    let dev_dependencies = |name| own_crates(name, "dev-dependencies");
    let has = |list: &[String], name: &str| list.iter().any(|c| c == name);
    let results = dependencies("results");
    for forbidden in ["abbench-report", "abbench-measure"] {
        assert!(!has(&results, forbidden), "{results:?}");
    }
    let report = dependencies("report");
    assert!(has(&report, "abbench-results"), "{report:?}");
    assert!(!has(&report, "abbench-measure"), "{report:?}");
    let measure = dependencies("measure");
    assert!(has(&measure, "abbench-results"), "{measure:?}");
    assert!(!has(&measure, "abbench-report"), "{measure:?}");
    // The report's tests measure real records; the measuring crate's tests never
    // report, so no dev-dependency closes a loop.
    assert!(has(&dev_dependencies("report"), "abbench-measure"));
    assert!(!has(&dev_dependencies("measure"), "abbench-report"));
}

#[test]
fn every_function_over_80_lines_is_named_in_the_architecture() {
    // ARCHITECTURE.md: functions outside tests in every crate stay under 80 lines, but
    // for the few it names (file and function) with the reason.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut crates: Vec<String> = std::fs::read_dir(root.join("crates"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| root.join("crates").join(name).join("src").is_dir())
        .collect();
    crates.sort();
    assert!(crates.len() >= 10, "{crates:?}");
    let architecture = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let text = architecture
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let mut unnamed = Vec::new();
    for krate in &crates {
        for long in long_functions(&root.join("crates").join(krate).join("src"), 80).unwrap() {
            let file = format!("`{krate}/src/{}`", long.file.display());
            let named = format!("{file} `{}`", long.name);
            if !text.contains(&named) {
                unnamed.push(format!("{named}: {} lines", long.lines));
            }
        }
    }
    assert!(
        unnamed.is_empty(),
        "functions over 80 lines that ARCHITECTURE.md does not name:\n{}",
        unnamed.join("\n")
    );
}

/// Every file of a crate's `tests/` is compiled: with `autotests = false` (one test binary
/// per crate, `tests/main.rs`), cargo compiles only the `[[test]]` targets and the modules
/// they name, so a new file without a `mod` line would be silently left out.
#[test]
fn every_integration_test_file_is_in_a_test_binary() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut packages: Vec<_> = std::fs::read_dir(root.join("crates"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    packages.push(root.join("benches"));
    let mut left_out = Vec::new();
    let mut consolidated = 0;
    for package in packages {
        let tests = package.join("tests");
        let Ok(manifest) = std::fs::read_to_string(package.join("Cargo.toml")) else {
            continue;
        };
        if !tests.is_dir() || !manifest.contains("autotests = false") {
            continue;
        }
        consolidated += 1;
        // The targets' files, then the modules each names.
        let targets: Vec<String> = manifest
            .lines()
            .filter_map(|l| l.trim().strip_prefix("path = \"tests/"))
            .map(|rest| rest.trim_end_matches('"').to_string())
            .collect();
        let mut compiled: Vec<String> = targets.clone();
        for target in &targets {
            let text = std::fs::read_to_string(tests.join(target)).unwrap();
            compiled.extend(
                text.lines()
                    .filter_map(|l| l.trim().strip_prefix("mod "))
                    .filter_map(|l| l.strip_suffix(';'))
                    .map(|name| format!("{name}.rs")),
            );
        }
        for entry in std::fs::read_dir(&tests).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            if name.ends_with(".rs") && !compiled.contains(&name) {
                left_out.push(tests.join(name).display().to_string());
            }
        }
    }
    assert!(
        consolidated >= 8,
        "only {consolidated} crates with one test binary"
    );
    assert!(
        left_out.is_empty(),
        "test files no test binary compiles (name each in its crate's tests/main.rs):\n{}",
        left_out.join("\n")
    );
}

fn architecture() -> (PathBuf, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    (root, text)
}

/// Every path (`crates/…`, `foo.rs`, `ybwc/`) and code identifier (`Type::item`) that
/// ARCHITECTURE.md names in backticks exists (the rule is `abbench_testkit::stale_names`'s).
#[test]
fn every_path_and_name_in_the_architecture_exists() {
    let (root, text) = architecture();
    let stale = stale_names(&text, &root).unwrap();
    assert!(
        stale.is_empty(),
        "ARCHITECTURE.md names what no longer exists (rename or remove each):\n{}",
        stale.join("\n")
    );
}

/// ARCHITECTURE.md's crate diagram lists each crate with exactly the workspace crates its
/// Cargo.toml names as dependencies and dev-dependencies.
#[test]
fn the_crate_diagram_is_the_manifests() {
    let (root, text) = architecture();
    let drawn = diagram(&text);
    let manifests = crate_graph(&root).unwrap();
    assert!(
        manifests.len() >= 10,
        "only {} crates found",
        manifests.len()
    );
    let mut wrong = Vec::new();
    for (name, edges) in &manifests {
        match drawn.get(name) {
            None => wrong.push(format!("{name} is not drawn")),
            Some(line) if line != edges => wrong.push(format!(
                "{name}: drawn {line:?}, its Cargo.toml says {edges:?}"
            )),
            Some(_) => {}
        }
    }
    for name in drawn.keys().filter(|n| !manifests.contains_key(*n)) {
        wrong.push(format!("{name} is drawn but is no crate of the workspace"));
    }
    assert!(
        wrong.is_empty(),
        "ARCHITECTURE.md's crate diagram disagrees with the manifests:\n{}",
        wrong.join("\n")
    );
}

/// Where ARCHITECTURE.md's list of long files begins and ends.
const LONG_FILES_START: &str = "<!-- files over 500 lines: written by the check -->";
const LONG_FILES_END: &str = "<!-- end of the files over 500 lines -->";

/// ARCHITECTURE.md's list of files over 500 lines is what the check finds, never typed
/// by hand: with `UPDATE_ARCHITECTURE=1` this test writes the list into the page.
#[test]
fn the_list_of_long_files_is_what_the_check_finds() {
    let (root, text) = architecture();
    let found = long_files(&root.join("crates"), 500).unwrap();
    let list = found
        .iter()
        .map(|f| format!("`{f}`"))
        .collect::<Vec<_>>()
        .join(",\n");
    let start = text
        .find(LONG_FILES_START)
        .expect("ARCHITECTURE.md lacks the list's start");
    let end = text
        .find(LONG_FILES_END)
        .expect("ARCHITECTURE.md lacks the list's end");
    let written = text[start + LONG_FILES_START.len()..end].trim();
    if written != list && std::env::var_os("UPDATE_ARCHITECTURE").is_some() {
        let updated = format!(
            "{}{LONG_FILES_START}\n{list}\n{}",
            &text[..start],
            &text[end..]
        );
        std::fs::write(root.join("ARCHITECTURE.md"), updated).unwrap();
        return;
    }
    assert_eq!(
        written, list,
        "ARCHITECTURE.md's files over 500 lines are not what the check finds; \
         run UPDATE_ARCHITECTURE=1 cargo test -p abbench-testkit the_list_of_long_files"
    );
}

/// No table cell of ARCHITECTURE.md holds more than 60 words (split at whitespace): a
/// cell a reader takes in at once, with the detail in prose or beside the code.
#[test]
fn no_table_cell_of_the_architecture_is_over_60_words() {
    let (_, text) = architecture();
    let long: Vec<String> = text
        .lines()
        .filter(|l| l.trim_start().starts_with('|'))
        .flat_map(|l| l.trim().trim_matches('|').split('|'))
        .filter(|cell| cell.split_whitespace().count() > 60)
        .map(|cell| cell.trim().chars().take(80).collect())
        .collect();
    assert!(
        long.is_empty(),
        "table cells over 60 words:\n{}",
        long.join("\n")
    );
}

/// A setting is one line of the vocabulary's list: beside the searches that read it, at
/// most two source files of the workspace name it (a fixture of the signature, the
/// stress campaign's rounds, the reader of records written before records named their
/// settings). Two are read beyond any list: the time limit, which the harness applies to
/// every search, and the split height, where every parallel search but root splitting
/// hands over to the serial kernel, which the simulator's calibration and the stress and
/// signature fixtures set. The others are checked.
#[test]
fn each_setting_is_named_in_at_most_two_files_beside_its_readers() {
    use abbench_vocab::Setting;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut over = Vec::new();
    let checked = Setting::ALL
        .into_iter()
        .filter(|s| !s.read_by_every_search() && *s != Setting::SplitHeight);
    for setting in checked {
        let files = abbench_testkit::files_naming(&root, setting).unwrap();
        if files.len() > 2 {
            over.push(format!("{setting}: {files:?}"));
        }
    }
    for setting in [Setting::KeepLimit, Setting::EldestGrain] {
        assert!(
            abbench_testkit::files_naming(&root, setting).unwrap().len() <= 2,
            "{setting}"
        );
    }
    assert!(
        over.is_empty(),
        "settings named beyond the list and their readers:\n{}",
        over.join("\n")
    );
}
