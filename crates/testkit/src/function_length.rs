//! [`long_functions`] finds the functions of a crate, outside tests, longer than a given
//! number of lines: `ARCHITECTURE.md` names the few that are, and the workspace's test
//! `tests/architecture.rs` fails on one it does not name.

use crate::code::{is_ident, without_tests};
use std::path::{Path, PathBuf};

/// A function and its length.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct LongFunction {
    /// The file, relative to the `src` folder searched.
    pub file: PathBuf,
    /// The function's name.
    pub name: String,
    /// Its lines, from `fn` to its closing brace.
    pub lines: usize,
}

/// The functions under `src` (test items and test-only modules left out) longer than
/// `limit` lines, from the line of `fn` to that of its closing brace.
pub fn long_functions(src: &Path, limit: usize) -> std::io::Result<Vec<LongFunction>> {
    let mut files = Vec::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let (code, test_modules) = without_tests(&std::fs::read_to_string(&path)?);
                files.push((path, code, test_modules));
            }
        }
    }
    // The folders of the modules declared only for tests (`#[cfg(test)] mod test;`): a
    // module's children live beside `lib.rs`/`mod.rs`, or in a folder named for it.
    let mut test_only: Vec<PathBuf> = Vec::new();
    for (path, _, test_modules) in &files {
        let stem = path.file_stem().unwrap_or_default();
        let parent = path.parent().unwrap_or(src);
        let children = if ["lib", "main", "mod"].iter().any(|s| stem == *s) {
            parent.to_path_buf()
        } else {
            parent.join(stem)
        };
        for name in test_modules {
            test_only.push(children.join(format!("{name}.rs")));
            test_only.push(children.join(name));
        }
    }
    let mut found = Vec::new();
    for (path, code, _) in &files {
        if test_only.iter().any(|t| path.starts_with(t)) {
            continue;
        }
        let file = path.strip_prefix(src).unwrap_or(path).to_path_buf();
        found.extend(
            functions(code)
                .into_iter()
                .filter(|(_, lines)| *lines > limit)
                .map(|(name, lines)| LongFunction {
                    file: file.clone(),
                    name,
                    lines,
                }),
        );
    }
    found.sort();
    Ok(found)
}

/// Every function with a body in `code`: its name and its lines.
fn functions(code: &str) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(found) = code[at..].find("fn ") {
        let start = at + found;
        at = start + 3;
        if start > 0 && code[..start].ends_with(is_ident) {
            continue;
        }
        let name: String = code[at..].chars().take_while(|&c| is_ident(c)).collect();
        if name.is_empty() {
            continue;
        }
        // The body opens at the first `{` before any `;` (a declaration without one).
        let rest = &code[at..];
        let (Some(open), semi) = (rest.find('{'), rest.find(';')) else {
            continue;
        };
        if semi.is_some_and(|s| s < open) {
            continue;
        }
        let mut depth = 0usize;
        let mut close = None;
        for (i, c) in rest[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(at + open + i);
                        break;
                    }
                }
                _ => {}
            }
        }
        if let Some(close) = close {
            out.push((name, code[start..=close].lines().count()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_run_from_fn_to_the_closing_brace_and_leave_tests_out() {
        let dir = tempfile::tempdir().unwrap();
        let body = |n: usize| "    let _ = 1;\n".repeat(n);
        let text = format!(
            "/// Docs are not counted.\npub fn short() {{\n{}}}\n\nfn long(\n    a: u8,\n) -> u8 {{\n{}    a\n}}\n\ntrait T {{ fn declared(&self); }}\n\n#[cfg(test)]\nmod tests {{\n    fn also_long() {{\n{}    }}\n}}\n",
            body(3),
            body(10),
            body(20)
        );
        std::fs::write(dir.path().join("lib.rs"), text).unwrap();
        // A module only tests declare is left out whole.
        std::fs::write(
            dir.path().join("lib.rs"),
            std::fs::read_to_string(dir.path().join("lib.rs")).unwrap()
                + "#[cfg(test)]\nmod test;\n",
        )
        .unwrap();
        std::fs::write(
            dir.path().join("test.rs"),
            format!("fn a_long_test() {{\n{}}}\n", body(30)),
        )
        .unwrap();
        let found = long_functions(dir.path(), 5).unwrap();
        assert_eq!(
            found,
            [LongFunction {
                file: PathBuf::from("lib.rs"),
                name: "long".into(),
                lines: 15,
            }]
        );
        assert_eq!(long_functions(dir.path(), 15).unwrap(), []);
    }
}
