//! Where the code names each search setting: the source files outside the vocabulary
//! and outside the searches that read it. A setting is one line of the vocabulary's
//! list, and generic code makes its option, notes, suite key and record field; code that
//! names it elsewhere is a special case the list should have made.
//!
//! A file names a setting when its code (comments and test items left out) holds the
//! setting's variant (`Setting::KeepLimit`), its record key as an identifier
//! (`keep_limit`), or its option in a literal (`"keep-limit"`, `--keep-limit`). A key
//! that is an everyday word of the code (`window`, `guess`) or that every search's
//! machinery reads (`time_limit`) is not looked for as an identifier.
//!
//! The searches that read a setting are: the serial searches (`crates/search/src`,
//! which also holds the settings' typed values, `settings.rs`) and, for each parallel
//! search whose line of the list names the setting, its folder of
//! `crates/parallel/src` and the modules of that crate the folder imports
//! (`use crate::…`), transitively: the split points, the table, the budget it is built on.

use crate::code::{blank_comments, blank_comments_and_literals, is_ident};
use abbench_vocab::{ParallelAlgorithm, Setting};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Makes `parallel_modules` of the list: each parallel algorithm and its folder.
macro_rules! modules_of_list {
    ($($(#[doc = $doc:literal])* $variant:ident = $name:literal => $module:ident::$search:ident $properties:tt;)*) => {
        /// Each parallel algorithm with the folder of `crates/parallel/src` it lives in.
        fn parallel_modules() -> Vec<(ParallelAlgorithm, &'static str)> {
            vec![$((ParallelAlgorithm::$variant, stringify!($module)),)*]
        }
    };
}

abbench_vocab::parallel_algorithms!(modules_of_list);

/// The source files of the workspace at `root` (its `crates/` folder's `src` trees, and
/// `benches/src`) that name `setting` outside the vocabulary and the searches that read
/// it, relative to `root`, in order.
pub fn files_naming(root: &Path, setting: Setting) -> std::io::Result<Vec<PathBuf>> {
    let readers = readers_code(root, setting)?;
    let files = source_files(root)?;
    let tests = test_modules(&files)?;
    let mut found = Vec::new();
    for file in files {
        let relative = file.strip_prefix(root).unwrap_or(&file).to_path_buf();
        let excluded = relative.starts_with("crates/vocab")
            || relative.starts_with("crates/testkit")
            || tests.iter().any(|t| file.starts_with(t))
            || readers.iter().any(|r| relative.starts_with(r));
        if excluded {
            continue;
        }
        let text = std::fs::read_to_string(&file)?;
        if names(&text, setting) {
            found.push(relative);
        }
    }
    Ok(found)
}

/// The files and folders of the modules that `files` declare for tests only
/// (`#[cfg(test)] mod agreement;`).
fn test_modules(files: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    let mut tests = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file)?;
        let (_, modules) = crate::code::without_tests(&text);
        let dir = match file.file_name().and_then(|n| n.to_str()) {
            Some("lib.rs" | "main.rs" | "mod.rs") => file.parent().map(Path::to_path_buf),
            _ => file.with_extension("").into(),
        };
        if let Some(dir) = dir {
            for module in modules {
                tests.push(dir.join(format!("{module}.rs")));
                tests.push(dir.join(&module));
            }
        }
    }
    Ok(tests)
}

/// Whether `text`'s code names `setting`.
fn names(text: &str, setting: Setting) -> bool {
    let (code, words) = outside_tests(text);
    // The variant as the vocabulary's (`Window` alone is also a type of the searches).
    let variant = format!("Setting::{setting:?}");
    // A key that is an everyday word of the code (`window`, `guess`), or that every
    // search's machinery reads (`time_limit`), is no sign of the setting.
    let key = setting.key();
    let distinctive = key.contains('_') && !setting.read_by_every_search();
    let named = code.contains(&variant)
        || (distinctive && code.split(|c: char| !is_ident(c)).any(|word| word == key));
    let flag = setting.flag();
    named || words.contains(&format!("\"{flag}\"")) || words.contains(&format!("--{flag}"))
}

/// `text` as code without its test items: once with its literals blanked (to find
/// identifiers), once with them kept (to find the options it prints).
fn outside_tests(text: &str) -> (String, String) {
    let code: Vec<char> = blank_comments_and_literals(text).chars().collect();
    let words: Vec<char> = blank_comments(text).chars().collect();
    let mut keep = vec![true; code.len()];
    let marker: Vec<char> = "#[cfg(test)]".chars().collect();
    let mut at = 0;
    while at + marker.len() <= code.len() {
        if code[at..at + marker.len()] != marker[..] {
            at += 1;
            continue;
        }
        let end = item_end(&code, at + marker.len());
        keep[at..end].iter_mut().for_each(|k| *k = false);
        at = end;
    }
    let kept = |chars: &[char]| -> String {
        chars
            .iter()
            .zip(&keep)
            .map(|(&c, &k)| if k { c } else { ' ' })
            .collect()
    };
    (kept(&code), kept(&words[..code.len().min(words.len())]))
}

/// Where the item starting at `from` ends: after its first `;` (a `mod x;`) or with the
/// block its first `{` opens.
fn item_end(code: &[char], from: usize) -> usize {
    let semi = code[from..].iter().position(|&c| c == ';');
    let brace = code[from..].iter().position(|&c| c == '{');
    match (semi, brace) {
        (Some(s), b) if b.is_none_or(|b| s < b) => from + s + 1,
        (_, Some(b)) => {
            let mut depth = 0usize;
            for (i, &c) in code[from + b..].iter().enumerate() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            return from + b + i + 1;
                        }
                    }
                    _ => {}
                }
            }
            code.len()
        }
        _ => code.len(),
    }
}

/// The folders and files, relative to the workspace root, that hold the code of the
/// searches that read `setting` (the module's documentation says which).
fn readers_code(root: &Path, setting: Setting) -> std::io::Result<Vec<PathBuf>> {
    let mut readers = vec![PathBuf::from("crates/search/src")];
    let parallel = root.join("crates/parallel/src");
    let mut modules: BTreeSet<String> = parallel_modules()
        .into_iter()
        .filter(|(algorithm, _)| algorithm.reads(setting) && !setting.read_by_every_search())
        .map(|(_, module)| module.to_string())
        .collect();
    // The modules they are built on, transitively.
    let mut queue: Vec<String> = modules.iter().cloned().collect();
    while let Some(module) = queue.pop() {
        for used in imported_modules(&parallel, &module)? {
            if modules.insert(used.clone()) {
                queue.push(used);
            }
        }
    }
    for module in modules {
        let folder = parallel.join(&module);
        readers.push(if folder.is_dir() {
            PathBuf::from(format!("crates/parallel/src/{module}/"))
        } else {
            PathBuf::from(format!("crates/parallel/src/{module}.rs"))
        });
    }
    Ok(readers)
}

/// The top modules of the crate at `src` that `module` (a file or a folder) imports with
/// `use crate::…`, its tests left out.
fn imported_modules(src: &Path, module: &str) -> std::io::Result<BTreeSet<String>> {
    let mut files = Vec::new();
    let folder = src.join(module);
    if folder.is_dir() {
        collect_rust(&folder, &mut files)?;
    } else if src.join(format!("{module}.rs")).is_file() {
        files.push(src.join(format!("{module}.rs")));
    }
    let mut used = BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(&file)?;
        let (code, _) = outside_tests(&text);
        for (at, _) in code.match_indices("crate::") {
            let rest = &code[at + "crate::".len()..];
            let name: String = rest.chars().take_while(|&c| is_ident(c)).collect();
            if !name.is_empty()
                && (src.join(&name).is_dir() || src.join(format!("{name}.rs")).is_file())
            {
                used.insert(name);
            }
        }
    }
    Ok(used)
}

/// The Rust files of the crates' `src` trees and of `benches/src`, in order.
fn source_files(root: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(root.join("crates"))? {
        let src = entry?.path().join("src");
        if src.is_dir() {
            collect_rust(&src, &mut files)?;
        }
    }
    collect_rust(&root.join("benches/src"), &mut files)?;
    files.sort();
    Ok(files)
}

/// The `.rs` files under `dir`, but test files (`test.rs`, `*_test.rs`).
fn collect_rust(dir: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if !dir.is_dir() {
        return Ok(());
    }
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if path.is_dir() {
            collect_rust(&path, files)?;
        } else if name.ends_with(".rs") && name != "test.rs" && !name.ends_with("_test.rs") {
            files.push(path);
        }
    }
    Ok(())
}
