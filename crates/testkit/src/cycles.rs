//! [`module_cycles`] finds pairs of modules of one crate that import each other. The clean
//! direction between two modules is one way: when both need something, it belongs in a
//! third module both import (`ARCHITECTURE.md`). The workspace's test
//! `tests/architecture.rs` runs it over every crate and fails on any pair.

use crate::code::{is_ident, without_tests};
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
/// ancestor and its descendant aside. Only code outside tests counts: each item marked
/// `#[cfg(test)]` is left out (a `mod test;` line with its file, a braced module or
/// function), and what follows it is read. A path through a re-export (`crate::Name`
/// where the crate root has `pub use options::Name`) counts as an import of the module
/// that defines the name.
pub fn module_cycles(src: &Path) -> std::io::Result<Vec<Cycle>> {
    let files = module_files(src)?;
    let mut code = BTreeMap::new();
    let mut test_only = Vec::new();
    for (here, file) in &files {
        let (text, test_modules) = without_tests(&std::fs::read_to_string(file)?);
        test_only.extend(test_modules.into_iter().map(|name| {
            let mut m = here.clone();
            m.push(name);
            m
        }));
        code.insert(here.clone(), text);
    }
    let reexports: BTreeMap<(ModulePath, String), ModulePath> = code
        .iter()
        .flat_map(|(here, text)| reexports(text, here))
        .collect();
    let mut edges = BTreeSet::new();
    for (here, text) in &code {
        if test_only.iter().any(|t| here.starts_with(t)) {
            continue;
        }
        for target in references(text, here) {
            let owner = owner(&target, &files, &reexports);
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

/// The names that the `use` declarations of module `here` bind (`pub use`, `pub(crate)
/// use` and private ones, which its descendants see as well), each with the path it
/// names, resolved from `here`: `(here, name) -> path`.
fn reexports(text: &str, here: &ModulePath) -> Vec<((ModulePath, String), ModulePath)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("use") {
        let keyword =
            (at == 0 || !rest[..at].ends_with(is_ident)) && !rest[at + 3..].starts_with(is_ident);
        rest = &rest[at + 3..];
        if !keyword {
            continue;
        }
        let Some(end) = rest.find(';') else { break };
        let mut leaves = Vec::new();
        use_tree_leaves(&rest[..end], Vec::new(), &mut leaves);
        for (path, name) in leaves {
            let Some((head, parts)) = path.split_first() else {
                continue;
            };
            let target = match head.as_str() {
                "crate" | "super" | "self" => resolve(head, parts.to_vec(), here),
                // A child module of `here` (or another crate, which no module owns).
                _ => {
                    let mut p = here.clone();
                    p.extend(path.iter().cloned());
                    p
                }
            };
            out.push(((here.clone(), name), target));
        }
        rest = &rest[end..];
    }
    out
}

/// The leaves of a `use` tree — `a::{b, c::d as e}` — each as its path and the name it
/// binds; globs and `self` leaves are left out.
fn use_tree_leaves(tree: &str, prefix: Vec<String>, out: &mut Vec<(Vec<String>, String)>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let mut path = prefix;
        path.extend(segments(&tree[..open]));
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        // Split at the commas outside nested braces.
        let (mut depth, mut start) = (0, 0);
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    use_tree_leaves(&inner[start..i], path.clone(), out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        use_tree_leaves(&inner[start..], path, out);
        return;
    }
    let (path_text, alias) = match tree.split_once(" as ") {
        Some((p, a)) => (p, Some(a.trim().to_string())),
        None => (tree, None),
    };
    let mut path = prefix;
    path.extend(segments(path_text));
    let Some(last) = path.last().cloned() else {
        return;
    };
    if last == "*" || last == "self" || path_text.trim().is_empty() {
        return;
    }
    out.push((path, alias.unwrap_or(last)));
}

/// The segments of a path written `a::b::`, trailing `::` allowed.
fn segments(text: &str) -> Vec<String> {
    text.split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
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

/// The module that defines `path`: its longest prefix that is a module, or, where the
/// name after that prefix is one the module re-exports, the module that defines what the
/// re-export names.
fn owner(
    path: &ModulePath,
    files: &BTreeMap<ModulePath, PathBuf>,
    reexports: &BTreeMap<(ModulePath, String), ModulePath>,
) -> ModulePath {
    let longest_module = |path: &ModulePath| {
        (0..=path.len())
            .rev()
            .map(|k| path[..k].to_vec())
            .find(|p| files.contains_key(p))
            .unwrap_or_default()
    };
    let mut path = path.clone();
    // Re-exports of re-exports, a few deep; a loop of them ends here.
    for _ in 0..8 {
        let module = longest_module(&path);
        let Some(target) = path
            .get(module.len())
            .and_then(|name| reexports.get(&(module.clone(), name.clone())))
        else {
            return module;
        };
        let mut followed = target.clone();
        followed.extend(path[module.len() + 1..].iter().cloned());
        path = followed;
    }
    longest_module(&path)
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
    fn code_after_a_test_module_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path();
        write(src, "lib.rs", "mod a;\nmod b;\n");
        write(src, "b.rs", "pub fn g() { crate::a::f() }\n");
        // The import of b after the test module, and one after a test function.
        write(
            src,
            "a.rs",
            "pub fn f() {}\n#[cfg(test)]\nmod test;\nuse crate::b::g;\n",
        );
        let found = module_cycles(src).unwrap();
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].to_string(), "a <-> b");
        write(
            src,
            "a.rs",
            "pub fn f() {}\n#[cfg(test)]\nfn t() { let s = \"}\"; let c = '}'; }\nfn h() { crate::b::g() }\n",
        );
        assert_eq!(module_cycles(src).unwrap().len(), 1);
        // The test items themselves, and the test module's own file, do not count.
        write(
            src,
            "a.rs",
            "pub fn f() {}\n#[cfg(test)]\nmod test;\n#[cfg(test)]\nmod more { use crate::b::g; }\n",
        );
        write(src, "a/test.rs", "use crate::b::g;\n");
        write(src, "b.rs", "pub fn g() { crate::a::f() }\npub fn k() {}\n");
        write(src, "c.rs", "");
        assert_eq!(module_cycles(src).unwrap(), []);
    }

    #[test]
    fn paths_through_re_exports_reach_the_module_that_defines_the_name() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path();
        write(
            src,
            "lib.rs",
            "mod options;\nmod context;\npub use options::{Options, Kind as Sort};\n",
        );
        write(src, "options.rs", "pub struct Options;\npub enum Kind {}\n");
        write(
            src,
            "context.rs",
            "use crate::{Options, Sort};\npub struct Context;\n",
        );
        assert_eq!(module_cycles(src).unwrap(), []);
        // options now uses context: the pair is found through the crate root's re-export.
        write(
            src,
            "options.rs",
            "pub struct Options(crate::context::Context);\npub enum Kind {}\n",
        );
        let found = module_cycles(src).unwrap();
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].to_string(), "context <-> options");
        // Through a re-export of a nested module, under an alias.
        write(src, "context.rs", "use crate::Sort;\npub struct Context;\n");
        assert_eq!(module_cycles(src).unwrap().len(), 1);
        write(
            src,
            "lib.rs",
            "mod options;\nmod context;\npub mod sim;\npub use sim::Kind;\n",
        );
        write(
            src,
            "sim/mod.rs",
            "mod kinds;\npub use self::kinds::Kind;\n",
        );
        write(
            src,
            "sim/kinds.rs",
            "pub enum Kind { A(crate::context::Context) }\n",
        );
        write(src, "context.rs", "use crate::Kind;\npub struct Context;\n");
        write(src, "options.rs", "");
        let found = module_cycles(src).unwrap();
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].to_string(), "context <-> sim::kinds");
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
