//! [`module_cycles`] finds pairs of modules of one crate that import each other. The clean
//! direction between two modules is one way: when both need something, it belongs in a
//! third module both import (`ARCHITECTURE.md`). The workspace's test
//! `tests/architecture.rs` runs it over every crate and fails on any pair.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path inside its crate: `["report", "markdown"]`; the crate root is empty.
pub type ModulePath = Vec<String>;

/// Two modules of one crate, each importing from the other.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Cycle {
    /// The first, in sorted order.
    pub a: ModulePath,
    /// The second.
    pub b: ModulePath,
}

impl std::fmt::Display for Cycle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = |m: &ModulePath| {
            if m.is_empty() {
                "crate".to_string()
            } else {
                m.join("::")
            }
        };
        write!(f, "{} <-> {}", name(&self.a), name(&self.b))
    }
}

/// The pairs of modules under `src` (a crate's `src` folder) that import each other, an
/// ancestor and its descendant aside. Only code outside `#[cfg(test)]` counts: the
/// first `#[cfg(test)]` of a file ends what is read of it.
pub fn module_cycles(src: &Path) -> std::io::Result<Vec<Cycle>> {
    let files = module_files(src)?;
    let mut edges = BTreeSet::new();
    for (here, file) in &files {
        let text = std::fs::read_to_string(file)?;
        for target in references(&without_tests(&text), here) {
            let owner = owner(&target, &files);
            if &owner != here {
                edges.insert((here.clone(), owner));
            }
        }
    }
    let nested = |a: &ModulePath, b: &ModulePath| a.starts_with(b) || b.starts_with(a);
    Ok(edges
        .iter()
        .filter(|(a, b)| a < b && edges.contains(&(b.clone(), a.clone())) && !nested(a, b))
        .map(|(a, b)| Cycle {
            a: a.clone(),
            b: b.clone(),
        })
        .collect())
}

/// Every `.rs` file under `src` by the module it defines.
fn module_files(src: &Path) -> std::io::Result<BTreeMap<ModulePath, PathBuf>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(src).unwrap_or(&path).with_extension("");
                let mut module: ModulePath = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                if matches!(
                    module.last().map(String::as_str),
                    Some("mod" | "lib" | "main")
                ) {
                    module.pop();
                }
                out.insert(module, path);
            }
        }
    }
    Ok(out)
}

/// `text` without line comments and from its first `#[cfg(test)]` on.
fn without_tests(text: &str) -> String {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    code.lines()
        .map(|line| match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The module paths that `text`, the code of module `here`, names through `crate::`,
/// `super::` and `self::` paths, `use` groups included.
fn references(text: &str, here: &ModulePath) -> Vec<ModulePath> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let starts_word = i == 0 || !is_ident(chars[i - 1]);
        let head = ["crate", "super", "self"].into_iter().find(|h| {
            starts_word
                && chars[i..].starts_with(&h.chars().chain("::".chars()).collect::<Vec<_>>())
        });
        let Some(head) = head else {
            i += 1;
            continue;
        };
        i += head.len();
        let mut parts = Vec::new();
        // `::name` segments.
        while chars[i..].starts_with(&[':', ':']) {
            let start = i + 2;
            let mut end = start;
            while end < chars.len() && is_ident(chars[end]) {
                end += 1;
            }
            if end == start {
                // `::{ a, b::c }`: each item's first segment.
                if chars.get(start) == Some(&'{') {
                    let close = chars[start..]
                        .iter()
                        .position(|&c| c == '}')
                        .map_or(chars.len(), |p| start + p);
                    let group: String = chars[start + 1..close].iter().collect();
                    for item in group.split(',') {
                        let name: String =
                            item.trim().chars().take_while(|&c| is_ident(c)).collect();
                        if !name.is_empty() {
                            let mut p = parts.clone();
                            p.push(name);
                            out.push(resolve(head, p, here));
                        }
                    }
                    i = close;
                }
                break;
            }
            parts.push(chars[start..end].iter().collect());
            i = end;
        }
        if !parts.is_empty() {
            out.push(resolve(head, parts, here));
        }
    }
    out
}

/// The path `head::parts` names, seen from module `here`.
fn resolve(head: &str, mut parts: Vec<String>, here: &ModulePath) -> ModulePath {
    let mut base = if head == "crate" {
        Vec::new()
    } else {
        here.clone()
    };
    if head == "super" {
        base.pop();
        while parts.first().is_some_and(|p| p == "super") {
            base.pop();
            parts.remove(0);
        }
    }
    base.extend(parts);
    base
}

/// The module that defines `path`: its longest prefix that is a module.
fn owner(path: &ModulePath, files: &BTreeMap<ModulePath, PathBuf>) -> ModulePath {
    (0..=path.len())
        .rev()
        .map(|k| path[..k].to_vec())
        .find(|p| files.contains_key(p))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, file: &str, text: &str) {
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn a_planted_cycle_is_found_and_one_way_imports_are_not() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path();
        write(src, "lib.rs", "mod a;\nmod b;\nmod report;\n");
        write(src, "a.rs", "use crate::b::Thing;\n");
        write(src, "b.rs", "pub struct Thing;\n");
        write(src, "report/mod.rs", "mod x;\nmod y;\nuse self::x::f;\n");
        write(
            src,
            "report/x.rs",
            "use super::{y::g, z};\n// use super::a::nothing;\n",
        );
        write(
            src,
            "report/y.rs",
            "pub fn g() {}\n#[cfg(test)]\nmod t { use super::super::x; }\n",
        );
        assert_eq!(module_cycles(src).unwrap(), []);

        // y now calls into x, which imports from y: a cycle, whichever way it is written.
        write(src, "report/y.rs", "pub fn g() { super::x::f() }\n");
        let found = module_cycles(src).unwrap();
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].to_string(), "report::x <-> report::y");

        // And across levels through `crate::`.
        write(src, "report/y.rs", "pub fn g() {}\n");
        write(
            src,
            "b.rs",
            "pub struct Thing;\nfn h() { crate::a::z(); }\n",
        );
        let found = module_cycles(src).unwrap();
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].to_string(), "a <-> b");
    }

    #[test]
    fn a_parent_and_its_child_may_import_each_other() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path();
        write(src, "lib.rs", "mod a;\npub use a::f;\npub struct Root;\n");
        write(src, "a.rs", "use crate::Root;\npub fn f() {}\n");
        assert_eq!(module_cycles(src).unwrap(), []);
    }
}
