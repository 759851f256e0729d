//! The guide's examples against the tool, so that they cannot drift from it: every
//! `abbench` command of README.md and docs/*.md, in a fenced code block or a code span of
//! the prose, parses with this binary's options; every command of a fenced block is also
//! run, and an output the guide shows is the output the command prints.
//!
//! A command is found wherever `abbench` (or `cargo abbench`, the alias) starts it: on a
//! line of its own, after `$ `, after `&&` or `|`, or in GNU parallel's arguments (up to
//! `:::`, with `{}` as part 1). Its words end at a redirection.
//!
//! The guide writes placeholders in capitals (`FILE`, `RUN`, `N`); [`PLACEHOLDERS`] gives
//! each the value it is checked with. A command that cannot be checked that way is in
//! [`SKIPPED`] with the reason, and one that can be parsed but not run here in
//! [`PARSE_ONLY`]; both lists must name only commands the guide holds.

use crate::support;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Each placeholder word of the guide, what stands for it, and what it means.
const PLACEHOLDERS: &[(&str, &str, &str)] = &[
    ("FILE", "crates/tree/data/knuth-fig1.tree", "a file"),
    ("RUN", "run", "a run folder"),
    ("RUN...", "run", "run folders"),
    ("DIR", "run", "a folder"),
    ("DIR…", "run", "folders"),
    ("BASE", "base", "a build or a run"),
    ("NEW", "new", "a build or a run"),
    ("GOOD", "HEAD~1", "a commit"),
    ("BAD", "HEAD", "a later commit"),
    ("N", "10", "a number"),
    ("F", "bencher", "an export format"),
    ("SETTING", "cut-wait", "a setting's name"),
    ("<command>", "run", "any command"),
    ("$(…)", "run", "a shell's list of runs"),
];

/// Words in capitals that are no placeholders: git's name of the checked-out commit.
const NOT_PLACEHOLDERS: &[&str] = &["HEAD"];

/// Words that stand for more of what came before: dropped.
const ELLIPSES: &[&str] = &["..."];

/// Commands as the guide writes them (after `abbench`) that are not checked, and why.
const SKIPPED: &[(&str, &str)] = &[("…", "stands for any command")];

/// Commands of fenced blocks (their first words) that are parsed but not run, and why.
const PARSE_ONLY: &[(&str, &str)] = &[
    ("history", "reads stored runs, and a checkout holds none"),
    (
        "merge run/shard-*",
        "joins the parts that the command before it writes",
    ),
    (
        "bisect",
        "builds commits for minutes; its commits are checked with git instead",
    ),
];

/// How long a fenced command may run before it counts as accepted: each refusal comes
/// before any work, in one line and exit 2.
const ACCEPTED_AFTER: Duration = Duration::from_secs(3);

/// How long a command whose output the guide shows may take.
const SHOWN_WITHIN: Duration = Duration::from_secs(120);

pub(crate) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_abbench"))
}

/// README.md and every page of docs/, as (name, text).
fn pages() -> Vec<(String, String)> {
    let mut names = vec!["README.md".to_string()];
    let mut guide: Vec<String> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    guide.sort();
    names.extend(guide);
    names
        .into_iter()
        .map(|n| {
            let text = std::fs::read_to_string(root().join(&n)).unwrap();
            (n, text)
        })
        .collect()
}

/// One command the guide shows.
#[derive(Debug)]
pub(crate) struct Example {
    /// Where: the page and line.
    pub at: String,
    /// The words after `abbench`, as written.
    pub words: Vec<String>,
    /// In a fenced block, not a code span of the prose.
    pub fenced: bool,
}

/// A fenced block's shell lines: commands (with continuation lines joined) and, after a
/// `$ ` command, the lines the guide shows as its output.
#[derive(Debug, Default)]
struct Block {
    /// (line number, command) in order.
    commands: Vec<(usize, String)>,
    /// For each `$ ` command (by its index in `commands`), the output shown.
    shown: Vec<(usize, Vec<String>)>,
}

fn blocks(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut inside: Option<Vec<(usize, &str)>> = None;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            match inside.take() {
                Some(lines) => blocks.push(block(&lines)),
                None => inside = Some(Vec::new()),
            }
        } else if let Some(lines) = inside.as_mut() {
            lines.push((i + 1, line));
        }
    }
    blocks
}

fn block(lines: &[(usize, &str)]) -> Block {
    let prompted = lines.iter().any(|(_, l)| l.starts_with("$ "));
    let mut b = Block::default();
    for &(n, line) in lines {
        if let Some((_, last)) = b.commands.last_mut()
            && let Some(head) = last.strip_suffix('\\')
        {
            *last = format!("{} {}", head.trim_end(), line.trim());
            continue;
        }
        let command = match line.strip_prefix("$ ") {
            Some(command) => {
                b.shown.push((b.commands.len(), Vec::new()));
                command
            }
            None if prompted => {
                if let Some((_, shown)) = b.shown.last_mut() {
                    shown.push(line.to_string());
                }
                continue;
            }
            None => line,
        };
        b.commands.push((n, command.trim().to_string()));
    }
    b
}

/// The words after `abbench` of each command of one shell line.
fn abbench_words(line: &str) -> Vec<Vec<String>> {
    // A command substitution is one word.
    let mut flat = String::new();
    let mut rest = line;
    while let Some(start) = rest.find("$(") {
        flat.push_str(&rest[..start]);
        let end = rest[start..]
            .find(')')
            .map_or(rest.len(), |e| start + e + 1);
        flat.push_str("$(…)");
        rest = &rest[end..];
    }
    flat.push_str(rest);
    let mut commands = Vec::new();
    for command in flat.split("&&").flat_map(|c| c.split(['|', ';'])) {
        let words: Vec<&str> = command
            .split_whitespace()
            .take_while(|w| !w.starts_with(['>', '<']) && !w.starts_with("2>") && *w != ":::")
            .collect();
        let Some(at) = words
            .iter()
            .position(|w| *w == "abbench" || (w.ends_with("/abbench") && !w.contains('=')))
        else {
            continue;
        };
        commands.push(words[at + 1..].iter().map(|w| w.to_string()).collect());
    }
    commands
}

/// Every `abbench` command of the guide.
pub(crate) fn examples() -> Vec<Example> {
    let mut all = Vec::new();
    for (page, text) in pages() {
        for b in blocks(&text) {
            for (n, line) in &b.commands {
                for words in abbench_words(line) {
                    all.push(Example {
                        at: format!("{page}:{n}"),
                        words,
                        fenced: true,
                    });
                }
            }
        }
        let mut fenced = false;
        for (i, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
                continue;
            }
            if fenced {
                continue;
            }
            for (j, span) in line.split('`').enumerate() {
                let span = span.strip_prefix("cargo ").unwrap_or(span);
                if j % 2 == 1 && span.starts_with("abbench ") {
                    all.push(Example {
                        at: format!("{page}:{}", i + 1),
                        words: span.split_whitespace().skip(1).map(String::from).collect(),
                        fenced: false,
                    });
                }
            }
        }
    }
    all
}

pub(crate) fn written(words: &[String]) -> String {
    words.join(" ")
}

fn skipped(example: &Example) -> Option<&'static str> {
    let text = written(&example.words);
    SKIPPED
        .iter()
        .find(|(c, _)| *c == text)
        .map(|(_, why)| *why)
}

fn parse_only(example: &Example) -> Option<&'static str> {
    let text = written(&example.words);
    PARSE_ONLY
        .iter()
        .find(|(c, _)| text == *c || text.starts_with(&format!("{c} ")))
        .map(|(_, why)| *why)
}

/// The words with each placeholder replaced and each ellipsis dropped.
pub(crate) fn substituted(words: &[String]) -> Vec<String> {
    words
        .iter()
        .filter(|w| !ELLIPSES.contains(&w.as_str()))
        .map(|w| {
            let w = w.replace("{}", "1");
            PLACEHOLDERS
                .iter()
                .find(|(p, _, _)| *p == w)
                .map_or(w, |(_, value, _)| value.to_string())
        })
        .collect()
}

/// The words as run: a path to an `abbench` build is this binary.
fn runnable(words: &[String]) -> Vec<String> {
    substituted(words)
        .into_iter()
        .map(|w| {
            if w.ends_with("/abbench") {
                binary().display().to_string()
            } else {
                w
            }
        })
        .collect()
}

/// The folders of the checkout that the guide's commands read, as links in a scratch
/// folder: the commands run there as written, and what they write stays there.
const READ_FROM_THE_CHECKOUT: &[&str] = &["crates", "ci", "examples", "benches"];

fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for name in READ_FROM_THE_CHECKOUT {
        std::os::unix::fs::symlink(root().join(name), dir.path().join(name)).unwrap();
    }
    dir
}

#[test]
fn the_guide_shows_commands_and_every_skip_and_parse_only_names_one_of_them() {
    let examples = examples();
    let fenced = examples.iter().filter(|e| e.fenced).count();
    assert!(fenced >= 10, "only {fenced} fenced commands: {examples:#?}");
    assert!(examples.len() >= 40, "only {} commands", examples.len());
    for (command, _) in SKIPPED {
        assert!(
            examples.iter().any(|e| written(&e.words) == *command),
            "SKIPPED names `abbench {command}`, which the guide no longer shows"
        );
    }
    for (command, _) in PARSE_ONLY {
        assert!(
            examples.iter().any(|e| e.fenced
                && parse_only(e).is_some()
                && written(&e.words).starts_with(command)),
            "PARSE_ONLY names `abbench {command}`, which no fenced block shows"
        );
    }
    // A capitalised word left in a command is a placeholder without a value here.
    for e in &examples {
        if skipped(e).is_some() {
            continue;
        }
        for w in substituted(&e.words) {
            let bare = w.trim_matches(|c: char| !c.is_alphanumeric());
            assert!(
                bare.len() < 2
                    || NOT_PLACEHOLDERS.contains(&bare)
                    || bare.chars().any(|c| !c.is_ascii_uppercase()),
                "{}: `{w}` in `abbench {}` is a placeholder PLACEHOLDERS lacks",
                e.at,
                written(&e.words)
            );
        }
    }
}

/// Every command, with `--help` after its words, exits 0: clap reports an unknown
/// subcommand, option or value before it reaches the help, and prints the help only
/// when every word before it parsed.
#[test]
fn every_command_of_the_guide_parses() {
    let mut failed = Vec::new();
    for e in examples() {
        if skipped(&e).is_some() {
            continue;
        }
        let mut args = substituted(&e.words);
        args.push("--help".into());
        let output = Command::new(binary()).args(&args).output().unwrap();
        if !output.status.success() {
            failed.push(format!(
                "{}: abbench {}: {}",
                e.at,
                written(&e.words),
                String::from_utf8_lossy(&output.stderr).trim()
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// Every command of a fenced block, run from a [`scratch`] folder (one per block, so that
/// a block's commands see each other's files), is accepted: it exits 0, or is still at
/// work after [`ACCEPTED_AFTER`]. Where the guide shows the output, the command must
/// finish and print it.
#[test]
fn every_command_of_a_fenced_block_runs() {
    let mut failed = Vec::new();
    let mut ran = 0;
    for (page, text) in pages() {
        for b in blocks(&text) {
            let dir = scratch();
            for (index, (n, line)) in b.commands.iter().enumerate() {
                let at = format!("{page}:{n}");
                let shown = b.shown.iter().find(|(i, _)| *i == index).map(|(_, s)| s);
                if let Some(file) = line.strip_prefix("cat ") {
                    let shown = shown.expect("a `cat` in a block with `$ ` lines");
                    let written = std::fs::read_to_string(dir.path().join(file.trim()))
                        .unwrap_or_else(|e| panic!("{at}: {file}: {e}"));
                    if written.lines().collect::<Vec<_>>() != *shown {
                        failed.push(format!("{at}: {file} holds\n{written}not as shown"));
                    }
                    continue;
                }
                for words in abbench_words(line) {
                    let e = Example {
                        at: at.clone(),
                        words,
                        fenced: true,
                    };
                    if skipped(&e).is_some() || parse_only(&e).is_some() {
                        continue;
                    }
                    ran += 1;
                    let args = runnable(&e.words);
                    let within = if shown.is_some() {
                        SHOWN_WITHIN
                    } else {
                        ACCEPTED_AFTER
                    };
                    match support::run_in(&binary(), dir.path(), &args, within) {
                        support::Ran::Exited(Some(0), stdout, _) => {
                            if let Some(shown) = shown
                                && let Err(why) = same_output(&stdout, shown)
                            {
                                failed.push(format!("{at}: abbench {}: {why}", args.join(" ")));
                            }
                        }
                        support::Ran::Exited(code, _, stderr) => failed.push(format!(
                            "{at}: abbench {}: exit {code:?}: {}",
                            written(&e.words),
                            stderr.trim()
                        )),
                        support::Ran::Working if shown.is_some() => failed.push(format!(
                            "{at}: abbench {}: not done within {SHOWN_WITHIN:?}",
                            written(&e.words)
                        )),
                        support::Ran::Working => {}
                    }
                }
            }
        }
    }
    assert!(ran >= 6, "only {ran} commands ran");
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// Columns whose values depend on the machine and the moment: not compared.
const TIMED_COLUMNS: &[&str] = &["median", "Mnps"];

/// The printed table against the one shown: the same header and the same values in every
/// column but the timed ones. Columns are separated by two or more spaces.
fn same_output(printed: &str, shown: &[String]) -> Result<(), String> {
    let cells = |line: &str| -> Vec<String> {
        line.trim()
            .split("  ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(String::from)
            .collect()
    };
    let printed: Vec<&str> = printed.lines().collect();
    if printed.len() != shown.len() {
        return Err(format!(
            "{} lines printed, {} shown",
            printed.len(),
            shown.len()
        ));
    }
    if shown.is_empty() {
        return Ok(());
    }
    let header = cells(printed[0]);
    if header != cells(&shown[0]) {
        return Err(format!("header {header:?}, shown {:?}", cells(&shown[0])));
    }
    for (p, s) in printed.iter().zip(shown).skip(1) {
        let (p, s) = (cells(p), cells(s));
        for (k, name) in header.iter().enumerate() {
            if !TIMED_COLUMNS.contains(&name.as_str()) && p.get(k) != s.get(k) {
                return Err(format!(
                    "{name}: printed {:?}, shown {:?}",
                    p.get(k),
                    s.get(k)
                ));
            }
        }
    }
    Ok(())
}
