//! The README and the guide as a reader meets them: a README one screen deep, its first
//! command within its first screen, and short sentences everywhere (the sentence rule
//! is `abbench_testkit::sentence_lengths`'s).

use abbench_testkit::{median, sentence_lengths};
use std::path::{Path, PathBuf};

/// The most lines the README may have.
const README_LINES: usize = 250;
/// The line by which the README's first code block must open.
const FIRST_COMMAND_BY: usize = 60;
/// The greatest median sentence length, in words, of the README and of each guide page.
const MEDIAN_WORDS: f64 = 25.0;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_readme_is_one_screen_deep_with_a_command_on_its_first_screen() {
    let readme = read(&root().join("README.md"));
    let lines = readme.lines().count();
    assert!(
        lines <= README_LINES,
        "README.md has {lines} lines, more than {README_LINES}: move detail into docs/"
    );
    let first_block = readme
        .lines()
        .position(|l| l.trim_start().starts_with("```"));
    assert!(
        first_block.is_some_and(|i| i < FIRST_COMMAND_BY),
        "README.md's first command block opens at line {:?}, after line {FIRST_COMMAND_BY}",
        first_block.map(|i| i + 1)
    );
}

#[test]
fn the_readme_and_every_guide_page_keep_sentences_short() {
    let mut pages = vec![root().join("README.md")];
    let mut guide: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    guide.sort();
    assert!(guide.len() >= 6, "docs/ has only {} pages", guide.len());
    pages.extend(guide);
    let mut long = Vec::new();
    for page in &pages {
        let lengths = sentence_lengths(&read(page));
        let median = median(&lengths);
        if lengths.is_empty() || median > MEDIAN_WORDS {
            long.push(format!(
                "{}: median {median} words over {} sentences",
                page.display(),
                lengths.len()
            ));
        }
    }
    assert!(
        long.is_empty(),
        "pages whose median sentence is over {MEDIAN_WORDS} words:\n{}",
        long.join("\n")
    );
}
