//! What `merge` checks before it writes anything: that the output is a new place outside
//! every part, that the parts are of one run and build and on one kind of machine (unless
//! asked otherwise), and that each part holds what its `shard.json` says — its trees'
//! searches once each and all of them, and a `machine.json` of the same part — so that a
//! file edited, copied from another part or cut short is refused, not merged.

use super::{MergeError, MergeOptions, Part};
use crate::shards::machine_kind;
use abbench_results::{MachineInfo, Shard};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The parts in the order of `K`, once each checked to be of one run.
pub(super) fn check_parts(
    mut parts: Vec<Part>,
    options: &MergeOptions,
) -> Result<Vec<Part>, MergeError> {
    let Some(first) = parts.first() else {
        return Err(MergeError::NoShards);
    };
    for part in &parts[1..] {
        same_run(first, part)?;
    }
    let mut seen: HashMap<u32, &Path> = HashMap::new();
    for part in &parts {
        if let Some(first) = seen.insert(part.manifest.shard.index, &part.dir) {
            return Err(MergeError::Repeated {
                shard: part.manifest.shard,
                first: first.to_path_buf(),
                second: part.dir.clone(),
            });
        }
    }
    let count = parts[0].manifest.shard.count;
    if !options.allow_partial
        && let Some(missing) = (1..=count).find(|k| !seen.contains_key(k))
    {
        return Err(MergeError::Missing {
            missing: format!("{missing}/{count}"),
            given: parts.len(),
            count,
        });
    }
    parts.sort_by_key(|p| p.manifest.shard.index);
    for part in &parts {
        own_files(part)?;
    }
    trees_once(&parts)?;
    if !options.allow_partial
        && let Some(part) = parts.iter().find(|p| p.unfinished.is_some())
    {
        return Err(MergeError::Unfinished {
            shard: part.manifest.shard,
            dir: part.dir.clone(),
            why: part.unfinished.clone().unwrap_or_default(),
        });
    }
    let first_kind = machine_kind(&parts[0].machine);
    if !options.allow_mixed_machines
        && let Some(other) = parts
            .iter()
            .find(|p| machine_kind(&p.machine) != first_kind)
    {
        return Err(MergeError::MixedMachines {
            first: parts[0].manifest.shard,
            first_machine: first_kind,
            other: other.manifest.shard,
            other_machine: machine_kind(&other.machine),
        });
    }
    Ok(parts)
}

/// An error unless `part` is of the run and build of `first`.
fn same_run(first: &Part, part: &Part) -> Result<(), MergeError> {
    let other_run = |why: String| MergeError::OtherRun {
        dir: part.dir.clone(),
        first: first.dir.clone(),
        why,
    };
    let (m, f) = (&part.manifest, &first.manifest);
    if m.suite != f.suite {
        return Err(other_run(format!(
            "it is of suite `{}`, not `{}`",
            m.suite, f.suite
        )));
    }
    if m.suite_hash != f.suite_hash || m.suite_trees != f.suite_trees {
        return Err(other_run(format!(
            "it is of suite `{}` with other settings ({}; content hash {}, not {})",
            m.suite,
            settings_difference(&part.machine, &first.machine),
            m.suite_hash,
            f.suite_hash
        )));
    }
    if m.shard.count != f.shard.count {
        return Err(other_run(format!(
            "it is shard {} but the first is shard {}",
            m.shard, f.shard
        )));
    }
    let (build, first_build) = (build_of(&part.machine), build_of(&first.machine));
    if build != first_build {
        return Err(MergeError::OtherBuild {
            dir: part.dir.clone(),
            first: first.dir.clone(),
            why: format!("{build}, not {first_build}"),
        });
    }
    Ok(())
}

/// Which of the settings `machine.json` records differ between two parts of one suite.
fn settings_difference(part: &MachineInfo, first: &MachineInfo) -> String {
    let list = |t: &[usize]| t.iter().map(usize::to_string).collect::<Vec<_>>().join(",");
    let mut differ = Vec::new();
    if part.threads != first.threads {
        differ.push(format!(
            "--threads {}, not {}",
            list(&part.threads),
            list(&first.threads)
        ));
    }
    if part.repeat != first.repeat {
        differ.push(format!(
            "--repeat {:?}, not {:?}",
            part.repeat, first.repeat
        ));
    }
    if part.warmup != first.warmup {
        differ.push(format!(
            "--warmup {:?}, not {:?}",
            part.warmup, first.warmup
        ));
    }
    if differ.is_empty() {
        "its workloads, seeds or time limit differ".into()
    } else {
        differ.join(", ")
    }
}

/// The build that measured a part, in words: what must match across parts.
fn build_of(machine: &MachineInfo) -> String {
    format!(
        "commit {}{}, {}, {} build at opt-level {}, target {}, target features {}, \
         allocator {}",
        machine.git_commit.as_deref().unwrap_or("unknown"),
        if machine.git_dirty == Some(true) {
            " (with uncommitted changes)"
        } else {
            ""
        },
        machine.rustc,
        machine.profile,
        machine.opt_level.as_deref().unwrap_or("?"),
        machine.target.as_deref().unwrap_or("?"),
        machine.target_features.as_deref().unwrap_or("?"),
        machine.allocator
    )
}

/// An error unless the part's `machine.json` is of the part its `shard.json` names, and
/// its `results.jsonl` holds searches of its own trees only, each once, and (when the
/// part finished) every one of them, as many lines as its `machine.json` recorded.
fn own_files(part: &Part) -> Result<(), MergeError> {
    let inconsistent = |why: String| MergeError::Inconsistent {
        shard: part.manifest.shard,
        dir: part.dir.clone(),
        why,
    };
    if let Some(shard) = command_shard(&part.machine.command_line)
        && shard != part.manifest.shard.to_string()
    {
        return Err(inconsistent(format!(
            "its machine.json is of the command of shard {shard} (`{}`): the files of \
             two parts are mixed",
            part.machine.command_line.join(" ")
        )));
    }
    own_searches(part).map_err(|why| inconsistent(why.0))?;
    // The one check of every reader: the lines its machine.json recorded.
    abbench_results::check_lines(
        &part.dir.join(abbench_results::RESULTS_FILE),
        &part.results,
        &part.machine,
        "merge",
    )?;
    Ok(())
}

/// Why a part's `results.jsonl` is not its trees' searches, in words.
#[derive(Debug)]
struct NotItsSearches(String);

/// Why the part's `results.jsonl` is not its trees' searches, each once and (when the
/// part finished) all of them; `Ok` when it is.
fn own_searches(part: &Part) -> Result<(), NotItsSearches> {
    // Lines each tree of the part may hold, by tree key.
    let mut expected: HashMap<&str, (u64, Option<u64>)> = HashMap::new();
    for tree in &part.manifest.trees {
        let slot = expected.entry(tree.key.as_str()).or_insert((0, Some(0)));
        slot.0 += 1;
        slot.1 = slot.1.zip(tree.searches).map(|(a, b)| a + b);
    }
    let lines = part
        .results
        .records
        .iter()
        .map(|r| {
            (
                r.tree.key(),
                r.algo,
                r.threads,
                super::seeded_label(&r.tree),
            )
        })
        .chain(part.results.unfinished.iter().map(|u| {
            (
                u.tree.key(),
                u.algo,
                u.threads,
                super::seeded_label(&u.tree),
            )
        }));
    let mut per_tree: HashMap<String, u64> = HashMap::new();
    let mut per_search: HashMap<(String, String, usize), u64> = HashMap::new();
    for (key, algo, threads, label) in lines {
        let Some(&(copies, _)) = expected.get(key.as_str()) else {
            return Err(NotItsSearches(format!(
                "its results.jsonl holds a search of {label}, a tree its {} does not list: \
                 records of another part or another run",
                abbench_results::SHARD_FILE
            )));
        };
        *per_tree.entry(key.clone()).or_default() += 1;
        let seen = per_search
            .entry((key, algo.to_string(), threads))
            .or_default();
        *seen += 1;
        if *seen > copies {
            let at = if algo.is_parallel() {
                format!(" at {threads} threads")
            } else {
                String::new()
            };
            return Err(NotItsSearches(format!(
                "its results.jsonl holds the search of {label} by {algo}{at} twice: a line \
                 repeated, or appended from another run"
            )));
        }
    }
    for tree in &part.manifest.trees {
        let (_, Some(searches)) = expected[tree.key.as_str()] else {
            continue;
        };
        let found = per_tree.get(&tree.key).copied().unwrap_or(0);
        if found > searches || (found < searches && part.unfinished.is_none()) {
            return Err(NotItsSearches(format!(
                "its results.jsonl holds {found} searches of {} (place {} in the suite, from 0) \
                 where its sweep writes {searches}: lines were removed or added",
                super::tree_label(&tree.key),
                tree.index
            )));
        }
    }
    Ok(())
}

/// The `K/N` of a command line's `--shard K/N` (or `--shard=K/N`), if it has one.
fn command_shard(command_line: &[String]) -> Option<String> {
    let mut args = command_line.iter();
    while let Some(arg) = args.next() {
        if arg == "--shard" {
            return args.next().map(|s| s.trim().to_string());
        }
        if let Some(value) = arg.strip_prefix("--shard=") {
            return Some(value.trim().to_string());
        }
    }
    None
}

/// An error unless no tree of the suite is in two parts, each part's trees are places in
/// the suite, and — every part given — every tree of the suite is in one.
fn trees_once(parts: &[Part]) -> Result<(), MergeError> {
    let suite_trees = parts[0].manifest.suite_trees;
    let mut owner: HashMap<u64, Shard> = HashMap::new();
    for part in parts {
        let inconsistent = |why: String| MergeError::Inconsistent {
            shard: part.manifest.shard,
            dir: part.dir.clone(),
            why,
        };
        for tree in &part.manifest.trees {
            if tree.index >= suite_trees {
                return Err(inconsistent(format!(
                    "it lists tree place {} of a suite of {suite_trees} trees",
                    tree.index
                )));
            }
            if let Some(other) = owner.insert(tree.index, part.manifest.shard) {
                return Err(inconsistent(format!(
                    "shard {other} lists tree place {} too: one of them has the {} of \
                     another part",
                    tree.index,
                    abbench_results::SHARD_FILE
                )));
            }
        }
    }
    let count = parts[0].manifest.shard.count as usize;
    if parts.len() == count
        && let Some(missing) = (0..suite_trees).find(|i| !owner.contains_key(i))
    {
        let last = &parts[parts.len() - 1];
        return Err(MergeError::Inconsistent {
            shard: last.manifest.shard,
            dir: last.dir.clone(),
            why: format!(
                "no part lists tree place {missing} of the suite's {suite_trees}, though \
                 every part is given: a {} was edited",
                abbench_results::SHARD_FILE
            ),
        });
    }
    Ok(())
}

/// An error unless `out` is new or an empty folder, and outside every part.
pub(super) fn refuse_output(out: &Path, parts: &[PathBuf]) -> Result<(), MergeError> {
    if out.is_file() {
        return Err(MergeError::OutputIsFile(out.to_path_buf()));
    }
    let resolved = resolve(out);
    for part in parts {
        if let Ok(part_path) = part.canonicalize()
            && resolved.starts_with(&part_path)
        {
            return Err(MergeError::OutputInPart {
                out: out.to_path_buf(),
                part: part.clone(),
            });
        }
    }
    match std::fs::read_dir(out) {
        Ok(mut entries) => match entries.next() {
            None => Ok(()),
            Some(_) => Err(MergeError::OutputUsed(out.to_path_buf())),
        },
        Err(_) if out.exists() => Err(MergeError::OutputUsed(out.to_path_buf())),
        Err(_) => Ok(()),
    }
}

/// `path` with its longest existing ancestor resolved (links, `..`) and the rest, which
/// does not exist yet, joined on.
fn resolve(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut rest = Vec::new();
    let mut at = absolute.as_path();
    loop {
        if let Ok(real) = at.canonicalize() {
            return rest.iter().rev().fold(real, |p, c| p.join(c));
        }
        match (at.parent(), at.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                at = parent;
            }
            _ => return absolute,
        }
    }
}
