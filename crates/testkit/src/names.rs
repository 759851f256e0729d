//! What a page says of the code, checked against the code: the paths and identifiers a
//! Markdown page names in backticks that no longer exist, and the crate diagram a page
//! draws against the crates' manifests.
//!
//! A backticked span outside code blocks is read as:
//!
//! * **a path** when it holds no space and no `<`, and it ends in `/` (`ybwc/`), or holds
//!   a `/` and starts with a top-level folder of the repository or ends in a file name
//!   with an extension (`crates/tree`, `measure/src/verify.rs`), or is a file name of
//!   source or documentation (`.rs`, `.md`, `.toml`, `.sh`, `.py`, `.yml`). A path that
//!   starts with a top-level folder of the repository (`crates/`, `ci/`, …) must exist
//!   there; any other must be the end of some path in the repository (`ybwc/`,
//!   `measure/src/verify.rs`, `split_point.rs`).
//! * **a code identifier** when it is a Rust path (`Name`, `Type::item`, `module::Type`),
//!   maybe followed by `!` or `()`: each of its segments must occur as an identifier in
//!   the workspace's Rust code, comments and literals left out, or be a crate's name.
//! * anything else is not checked: options such as `--tt-mb`, commands, Rust snippets,
//!   a file kind alone (`.rs`), templates holding a `<` (`src/<name>/`), notations such
//!   as `K/N`, and the names of files a run writes (`shard.json`).

use crate::code::{blank_comments_and_literals, is_ident};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Folders of the repository never read: build output and version control.
const SKIPPED: [&str; 3] = ["target", ".git", "node_modules"];

/// The extensions of the source and documentation files that a bare file name in
/// backticks names.
const EXTENSIONS: [&str; 6] = [".rs", ".md", ".toml", ".sh", ".py", ".yml"];

/// The spans of `markdown` in single backticks, outside fenced code blocks.
pub fn backticked(markdown: &str) -> Vec<String> {
    let mut spans = Vec::new();
    let mut in_fence = false;
    let mut prose = String::new();
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
        } else if !in_fence {
            prose.push_str(line);
            prose.push('\n');
        }
    }
    let mut parts = prose.split('`');
    parts.next();
    while let Some(span) = parts.next() {
        spans.push(span.split_whitespace().collect::<Vec<_>>().join(" "));
        parts.next();
    }
    spans
}

/// The paths and code identifiers `markdown` names in backticks that do not exist in
/// the repository at `root` (the rule is in the module's documentation), each once.
pub fn stale_names(markdown: &str, root: &Path) -> std::io::Result<Vec<String>> {
    let files = repository_paths(root)?;
    let identifiers = code_identifiers(root, &files)?;
    let mut stale = BTreeSet::new();
    for span in backticked(markdown) {
        let exists = if is_path(&span, root) {
            path_exists(&span, root, &files)
        } else if let Some(segments) = rust_path(&span) {
            segments.iter().all(|s| identifiers.contains(*s))
        } else {
            true
        };
        if !exists {
            stale.insert(span);
        }
    }
    Ok(stale.into_iter().collect())
}

fn is_path(span: &str, root: &Path) -> bool {
    if span.contains(' ') || span.contains('<') {
        return false;
    }
    let segments: Vec<&str> = span.split('/').collect();
    let last = segments[segments.len() - 1];
    let has_extension = |name: &str| name.rfind('.').is_some_and(|dot| dot > 0);
    match segments.as_slice() {
        [name] => has_extension(name) && EXTENSIONS.iter().any(|e| name.ends_with(e)),
        [first, ..] => {
            last.is_empty()
                || has_extension(last)
                || (!first.is_empty() && root.join(first).exists())
        }
        [] => false,
    }
}

/// The segments of `span` if it is a Rust path, maybe followed by `!` or `()`.
fn rust_path(span: &str) -> Option<Vec<&str>> {
    let bare = span.trim_end_matches("()").trim_end_matches('!');
    let segments: Vec<&str> = bare.split("::").collect();
    let identifier = |s: &&str| {
        s.chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
            && s.chars().all(is_ident)
    };
    segments.iter().all(identifier).then_some(segments)
}

fn path_exists(span: &str, root: &Path, files: &[PathBuf]) -> bool {
    let span = span.trim_end_matches('/');
    let top = span.split('/').next().unwrap_or(span);
    if span.contains('/') && root.join(top).exists() {
        return root.join(span).exists();
    }
    let suffix = Path::new(span);
    files.iter().any(|f| f.ends_with(suffix))
}

/// Every file and folder of the repository, relative to `root`.
fn repository_paths(root: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let mut pending = vec![PathBuf::new()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(root.join(&dir))? {
            let entry = entry?;
            let name = entry.file_name();
            if SKIPPED.iter().any(|s| name == *s) {
                continue;
            }
            let path = dir.join(&name);
            if entry.file_type()?.is_dir() {
                pending.push(path.clone());
            }
            found.push(path);
        }
    }
    Ok(found)
}

/// The identifiers of the repository's Rust code (comments and literals left out),
/// and its crates' names with `-` made `_` as Rust spells them.
fn code_identifiers(root: &Path, files: &[PathBuf]) -> std::io::Result<BTreeSet<String>> {
    let mut identifiers = BTreeSet::new();
    for file in files {
        if file.extension().is_some_and(|e| e == "rs") {
            let code = blank_comments_and_literals(&std::fs::read_to_string(root.join(file))?);
            for word in code.split(|c: char| !is_ident(c)).filter(|w| !w.is_empty()) {
                identifiers.insert(word.to_string());
            }
        }
    }
    for name in crate_graph(root)?.keys() {
        identifiers.insert(name.replace('-', "_"));
    }
    Ok(identifiers)
}

/// A crate's own (`abbench…`) dependencies and dev-dependencies.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct CrateEdges {
    /// The crates of `[dependencies]`.
    pub dependencies: BTreeSet<String>,
    /// The crates of `[dev-dependencies]`.
    pub dev_dependencies: BTreeSet<String>,
}

/// Every crate of the workspace (`crates/*` and `benches`) by name, with the workspace's
/// crates it depends on, as its `Cargo.toml` lists them.
pub fn crate_graph(root: &Path) -> std::io::Result<BTreeMap<String, CrateEdges>> {
    let mut manifests: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))?
        .map(|e| e.map(|e| e.path().join("Cargo.toml")))
        .collect::<Result<_, _>>()?;
    manifests.push(root.join("benches/Cargo.toml"));
    let mut graph = BTreeMap::new();
    for manifest in manifests.iter().filter(|m| m.is_file()) {
        let text = std::fs::read_to_string(manifest)?;
        let mut name = None;
        let mut edges = CrateEdges::default();
        let mut table = String::new();
        for line in text.lines().map(str::trim) {
            if line.starts_with('[') {
                table = line.to_string();
            } else if table == "[package]" && line.starts_with("name") {
                name = line.split('"').nth(1).map(str::to_string);
            } else if line.starts_with("abbench") {
                let dependency = line
                    .split(['.', ' ', '='])
                    .next()
                    .unwrap_or(line)
                    .to_string();
                match table.as_str() {
                    "[dependencies]" => edges.dependencies.insert(dependency),
                    "[dev-dependencies]" => edges.dev_dependencies.insert(dependency),
                    _ => false,
                };
            }
        }
        if let Some(name) = name {
            graph.insert(name, edges);
        }
    }
    Ok(graph)
}

/// The crate diagram of `markdown`: the first fenced block whose lines start with a
/// crate's name, each line `NAME ──> DEPENDENCY, …` and, for dev-dependencies,
/// `(dev ──> DEPENDENCY, …)` after them; a line with no arrow depends on no crate.
pub fn diagram(markdown: &str) -> BTreeMap<String, CrateEdges> {
    let mut graph = BTreeMap::new();
    let mut in_fence = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            if in_fence && !graph.is_empty() {
                break;
            }
            in_fence = !in_fence;
            continue;
        }
        let Some(name) = line.split_whitespace().next() else {
            continue;
        };
        if !in_fence || !name.starts_with("abbench") {
            continue;
        }
        let (normal, dev) = match line.split_once("(dev") {
            Some((normal, dev)) => (normal, dev.trim_end().trim_end_matches(')')),
            None => (line, ""),
        };
        let listed = |part: &str| -> BTreeSet<String> {
            part.split_once("──>")
                .map(|(_, list)| list.split(',').map(|d| d.trim().to_string()).collect())
                .unwrap_or_default()
        };
        let edges = CrateEdges {
            dependencies: listed(normal),
            dev_dependencies: listed(dev),
        };
        graph.insert(name.to_string(), edges);
    }
    graph
}

#[cfg(test)]
mod tests {
    use super::{backticked, diagram, stale_names};

    fn repository() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("crates/thing/src");
        std::fs::create_dir_all(&src).unwrap();
        std::fs::write(
            dir.path().join("crates/thing/Cargo.toml"),
            "[package]\nname = \"abbench-thing\"\n",
        )
        .unwrap();
        std::fs::write(
            src.join("lib.rs"),
            "// fn gone() {}\npub struct Kept;\nimpl Kept { pub fn here() {} }\nconst S: &str = \"in_a_literal\";\n",
        )
        .unwrap();
        dir
    }

    #[test]
    fn spans_in_code_blocks_are_not_read() {
        let page = "Read `a.rs` and\n`b`.\n```\n`c.rs`\n```\n";
        assert_eq!(backticked(page), vec!["a.rs", "b"]);
    }

    #[test]
    fn paths_and_identifiers_that_exist_pass_and_stale_ones_are_named() {
        let dir = repository();
        let page = "`crates/thing/src/lib.rs`, `thing/src/`, `lib.rs`, `Kept::here`, \
                    `abbench_thing`, `--an-option`, `cargo test -p x`, `.rs`, `src/<name>/`, `K/N`, \
                    `shard.json` exist or are not names; \
                    `crates/thing/src/gone.rs`, `gone.rs`, `gone`, `Kept::in_a_literal` \
                    and `crates/other/` do not.";
        let stale = stale_names(page, dir.path()).unwrap();
        assert_eq!(
            stale,
            vec![
                "Kept::in_a_literal",
                "crates/other/",
                "crates/thing/src/gone.rs",
                "gone",
                "gone.rs"
            ]
        );
    }

    #[test]
    fn the_diagram_reads_dependencies_and_dev_dependencies() {
        let page = "```\nabbench-a\nabbench-b ──> abbench-a (dev ──> abbench-c, abbench-a)\n```\n";
        let graph = diagram(page);
        assert!(graph["abbench-a"].dependencies.is_empty());
        assert_eq!(
            graph["abbench-b"].dependencies.iter().collect::<Vec<_>>(),
            ["abbench-a"]
        );
        assert_eq!(
            graph["abbench-b"]
                .dev_dependencies
                .iter()
                .collect::<Vec<_>>(),
            ["abbench-a", "abbench-c"]
        );
    }
}
