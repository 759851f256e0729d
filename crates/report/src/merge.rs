//! `abbench merge`: the parts of one sharded sweep (`sweep --shard K/N`, each with its
//! `shard.json`) joined into one run folder whose records are the whole run's, in the
//! order an unsharded sweep writes them, with its summary, report and plots.
//!
//! Everything is checked before anything is written, and each refusal names what is
//! wrong: a folder that is not a shard, a part given twice, parts of different runs
//! (another suite, another number of parts) or builds, a missing part or one that did not
//! finish (unless a partial run is asked for, which the report then says at its top), and
//! parts measured on different kinds of machine (unless asked for; the report then lists
//! each part's machine beside the trees it measured).

use crate::{ReportError, ReportFiles, Simulation};
use abbench_results::{
    CALIBRATION_FILE, FileError, MACHINE_FILE, MachineInfo, RESULTS_FILE, Results, RunStatus,
    SHARD_FILE, Shard, ShardManifest, folder_state, read_machine, read_results, write_atomically,
};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// The file a merged run folder lists its parts in.
pub const SHARDS_FILE: &str = "shards.json";

/// What `merge` may accept that it refuses by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MergeOptions {
    /// Merge even if a part is missing or did not finish; the report says so.
    pub allow_partial: bool,
    /// Merge parts measured on different kinds of machine (CPU model, hardware threads).
    pub allow_mixed_machines: bool,
}

/// Why shards cannot be merged: each names the folder or part at fault.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// No folders were given.
    #[error("no shard folders given")]
    NoShards,
    /// A folder without `shard.json`.
    #[error("{} is not a shard of a sweep: it has no {SHARD_FILE} (written by `abbench sweep --shard K/N`)", .0.display())]
    NotAShard(PathBuf),
    /// The same part twice.
    #[error("shard {shard} is given twice: {} and {}", first.display(), second.display())]
    Repeated {
        /// The part.
        shard: Shard,
        /// Its first folder.
        first: PathBuf,
        /// Its second folder.
        second: PathBuf,
    },
    /// Parts of runs split differently, or of different suites or settings.
    #[error("{} is not a part of the same run as {}: {why}", dir.display(), first.display())]
    OtherRun {
        /// The folder that differs.
        dir: PathBuf,
        /// The first folder given.
        first: PathBuf,
        /// What differs.
        why: String,
    },
    /// Parts measured by different builds of abbench.
    #[error("{} was measured by another build than {}: {why}", dir.display(), first.display())]
    OtherBuild {
        /// The folder that differs.
        dir: PathBuf,
        /// The first folder given.
        first: PathBuf,
        /// What differs.
        why: String,
    },
    /// Parts not given (without `--allow-partial`).
    #[error("shard {missing} is missing ({} of {count} given); pass --allow-partial to merge the parts given", .given)]
    Missing {
        /// The first part missing, `K/N`.
        missing: String,
        /// How many parts were given.
        given: usize,
        /// `N`.
        count: u32,
    },
    /// A part that did not finish (without `--allow-partial`).
    #[error("shard {shard} in {} is {why}; pass --allow-partial to merge what it holds", dir.display())]
    Unfinished {
        /// The part.
        shard: Shard,
        /// Its folder.
        dir: PathBuf,
        /// Its state, in words.
        why: String,
    },
    /// Parts measured on different kinds of machine (without `--allow-mixed-machines`).
    #[error(
        "shard {first} ran on {first_machine} but shard {other} on {other_machine}; pass --allow-mixed-machines to merge them (the report then lists each shard's machine)"
    )]
    MixedMachines {
        /// A part on the first kind of machine.
        first: Shard,
        /// That kind.
        first_machine: String,
        /// A part on another kind.
        other: Shard,
        /// That kind.
        other_machine: String,
    },
    /// The output folder already holds files.
    #[error("the output folder {} is not empty; merge writes into a new or empty folder", .0.display())]
    OutputUsed(PathBuf),
    /// A file could not be read or written.
    #[error(transparent)]
    File(#[from] FileError),
    /// The report could not be written.
    #[error(transparent)]
    Report(#[from] ReportError),
}

/// One part, as read from its folder.
struct Part {
    dir: PathBuf,
    manifest: ShardManifest,
    machine: MachineInfo,
    results: Results,
    /// Why the part is not complete; `None` when it is.
    unfinished: Option<String>,
}

/// What [`merge_shards`] wrote.
#[derive(Debug)]
pub struct MergeOutcome {
    /// The files written, `results.jsonl` and `machine.json` first.
    pub files: ReportFiles,
    /// Records in the merged run.
    pub records: usize,
    /// Records that failed verification.
    pub unverified: usize,
    /// Parts merged, and parts the run has.
    pub shards: (usize, u32),
    /// Why the merged run is partial; `None` when every part was there and complete.
    pub partial: Option<String>,
}

/// Joins the shard folders `dirs` into the run folder `out` (see the module's notes).
pub fn merge_shards(
    dirs: &[PathBuf],
    out: &Path,
    options: MergeOptions,
) -> Result<MergeOutcome, MergeError> {
    let parts = dirs
        .iter()
        .map(|dir| read_part(dir))
        .collect::<Result<Vec<_>, _>>()?;
    let parts = check_parts(parts, options)?;
    refuse_used(out)?;
    let partial = partial_note(&parts);
    let merged = merged_results(&parts);
    let first = &parts[0];
    let machine = MachineInfo {
        status: Some(if partial.is_some() {
            RunStatus::Interrupted
        } else {
            RunStatus::Complete
        }),
        incomplete: partial.clone(),
        other_cpu_share: parts
            .iter()
            .filter_map(|p| p.machine.other_cpu_share)
            .reduce(f64::max),
        ..first.machine.clone()
    };
    crate::create_dir(out)?;
    write_atomically(&out.join(RESULTS_FILE), merged.to_text().as_bytes())?;
    abbench_results::write_machine(out, &machine)?;
    let calibration = first.dir.join(CALIBRATION_FILE);
    if !options.allow_mixed_machines && calibration.is_file() {
        let text = abbench_results::read_text(&calibration, abbench_results::MAX_SMALL_FILE_BYTES)?;
        write_atomically(&out.join(CALIBRATION_FILE), text.as_bytes())?;
    }
    write_atomically(&out.join(SHARDS_FILE), shards_json(&parts).as_bytes())?;
    let mut files = crate::write_report_with(out, &merged, Some(&machine), Simulation::Run)?;
    let report = out.join(crate::REPORT_FILE);
    let mut text = abbench_results::read_text(&report, abbench_results::MAX_RESULTS_BYTES)?;
    text.push_str(&shards_section(&parts, partial.as_deref()));
    write_atomically(&report, text.as_bytes())?;
    files
        .written
        .splice(0..0, [out.join(RESULTS_FILE), out.join(MACHINE_FILE)]);
    files.written.push(out.join(SHARDS_FILE));
    Ok(MergeOutcome {
        files,
        records: merged.records.len(),
        unverified: merged.unverified(),
        shards: (parts.len(), first.manifest.shard.count),
        partial,
    })
}

fn read_part(dir: &Path) -> Result<Part, MergeError> {
    if !dir.join(SHARD_FILE).is_file() {
        return Err(MergeError::NotAShard(dir.to_path_buf()));
    }
    let manifest = ShardManifest::read(dir)?;
    let machine = read_machine(&dir.join(MACHINE_FILE))?;
    let results_path = dir.join(RESULTS_FILE);
    // A part with no trees (more parts than trees), or stopped before its first, has an
    // empty results.jsonl, which is no error here.
    let empty = std::fs::metadata(&results_path).is_ok_and(|m| m.is_file() && m.len() == 0);
    let results = if empty {
        Results::default()
    } else {
        read_results(&results_path)?
    };
    let unfinished = folder_state(dir, &machine)
        .why_incomplete(&machine)
        .or_else(|| results.torn_note());
    Ok(Part {
        dir: dir.to_path_buf(),
        manifest,
        machine,
        results,
        unfinished,
    })
}

/// The parts in the order of `K`, once each checked to be of one run.
fn check_parts(mut parts: Vec<Part>, options: MergeOptions) -> Result<Vec<Part>, MergeError> {
    let Some(first) = parts.first() else {
        return Err(MergeError::NoShards);
    };
    let (first_dir, first_manifest) = (first.dir.clone(), first.manifest.clone());
    let first_build = build_of(&first.machine);
    let first_kind = machine_kind(&first.machine);
    for part in &parts[1..] {
        let other_run = |why: String| MergeError::OtherRun {
            dir: part.dir.clone(),
            first: first_dir.clone(),
            why,
        };
        let m = &part.manifest;
        if m.suite_hash != first_manifest.suite_hash || m.suite != first_manifest.suite {
            return Err(other_run(format!(
                "it is of suite `{}` (content hash {}), not `{}` ({})",
                m.suite, m.suite_hash, first_manifest.suite, first_manifest.suite_hash
            )));
        }
        if m.shard.count != first_manifest.shard.count {
            return Err(other_run(format!(
                "it is shard {} but the first is shard {}",
                m.shard, first_manifest.shard
            )));
        }
        let build = build_of(&part.machine);
        if build != first_build {
            return Err(MergeError::OtherBuild {
                dir: part.dir.clone(),
                first: first_dir.clone(),
                why: format!("{build}, not {first_build}"),
            });
        }
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
    let count = first_manifest.shard.count;
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
    if !options.allow_partial
        && let Some(part) = parts.iter().find(|p| p.unfinished.is_some())
    {
        return Err(MergeError::Unfinished {
            shard: part.manifest.shard,
            dir: part.dir.clone(),
            why: part.unfinished.clone().unwrap_or_default(),
        });
    }
    if !options.allow_mixed_machines
        && let Some(other) = parts
            .iter()
            .find(|p| machine_kind(&p.machine) != first_kind)
    {
        return Err(MergeError::MixedMachines {
            first: parts[0].manifest.shard,
            first_machine: machine_kind(&parts[0].machine),
            other: other.manifest.shard,
            other_machine: machine_kind(&other.machine),
        });
    }
    Ok(parts)
}

/// The build that measured a part, in words: what must match across parts.
fn build_of(machine: &MachineInfo) -> String {
    format!(
        "commit {}{}, {}, {} build at opt-level {}, target {}",
        machine.git_commit.as_deref().unwrap_or("unknown"),
        if machine.git_dirty == Some(true) {
            " (with uncommitted changes)"
        } else {
            ""
        },
        machine.rustc,
        machine.profile,
        machine.opt_level.as_deref().unwrap_or("?"),
        machine.target.as_deref().unwrap_or("?")
    )
}

/// The kind of machine a part ran on: CPU model and hardware threads.
fn machine_kind(machine: &MachineInfo) -> String {
    format!(
        "{} with {} hardware threads",
        machine.cpu_model, machine.logical_cores
    )
}

/// Why the merged run is partial: parts missing, parts that did not finish.
fn partial_note(parts: &[Part]) -> Option<String> {
    let count = parts[0].manifest.shard.count;
    let given: Vec<u32> = parts.iter().map(|p| p.manifest.shard.index).collect();
    let mut why = Vec::new();
    let missing: Vec<String> = (1..=count)
        .filter(|k| !given.contains(k))
        .map(|k| format!("{k}/{count}"))
        .collect();
    if !missing.is_empty() {
        why.push(format!(
            "shard {} missing, so its trees are not here",
            missing.join(", ")
        ));
    }
    for part in parts {
        if let Some(state) = &part.unfinished {
            why.push(format!("shard {} {state}", part.manifest.shard));
        }
    }
    (!why.is_empty()).then(|| format!("partial merge: {}", why.join("; ")))
}

/// Every part's records and unfinished searches, in the whole suite's order of trees
/// (each part's own order within a tree).
fn merged_results(parts: &[Part]) -> Results {
    let mut place: HashMap<&str, u64> = HashMap::new();
    for part in parts {
        for tree in &part.manifest.trees {
            place.entry(tree.key.as_str()).or_insert(tree.index);
        }
    }
    let mut merged = Results::default();
    for part in parts {
        merged.extend(part.results.clone());
    }
    let order = |key: String| place.get(key.as_str()).copied().unwrap_or(u64::MAX);
    merged.records.sort_by_cached_key(|r| order(r.tree.key()));
    merged
        .unfinished
        .sort_by_cached_key(|u| order(u.tree.key()));
    merged
}

/// `shards.json`: each part, its folder, machine and what it holds.
fn shards_json(parts: &[Part]) -> String {
    let list: Vec<serde_json::Value> = parts
        .iter()
        .map(|p| {
            serde_json::json!({
                "shard": p.manifest.shard.to_string(),
                "folder": p.dir.display().to_string(),
                "suite": p.manifest.suite,
                "suite_hash": p.manifest.suite_hash,
                "trees": p.manifest.trees.iter().map(|t| t.index).collect::<Vec<_>>(),
                "records": p.results.records.len(),
                "unfinished_searches": p.results.unfinished.len(),
                "complete": p.unfinished.is_none(),
                "hostname": p.machine.hostname,
                "cpu_model": p.machine.cpu_model,
                "logical_cores": p.machine.logical_cores,
                "date": p.machine.date,
            })
        })
        .collect();
    let mut text = serde_json::to_string_pretty(&serde_json::json!({
        "schema": abbench_results::SCHEMA,
        "kind": "shards",
        "shards": list,
    }))
    .expect("the list of shards serialises");
    text.push('\n');
    text
}

/// The report's last section: the parts, each with its machine and the workloads whose
/// rows it measured.
fn shards_section(parts: &[Part], partial: Option<&str>) -> String {
    let first = &parts[0].manifest;
    let mut text = format!(
        "\n## Shards\n\nThis run was measured in {} parts (`abbench sweep --shard K/{}`) and \
         joined by `abbench merge`: suite `{}`, content hash `{}`, {} trees.\n\n",
        first.shard.count, first.shard.count, first.suite, first.suite_hash, first.suite_trees
    );
    if let Some(why) = partial {
        let why = why.strip_prefix("partial merge: ").unwrap_or(why);
        text.push_str(&format!("**PARTIAL:** {why}.\n\n"));
    }
    text.push_str(
        "| shard | trees | records | host | CPU | hardware threads | status | workloads |\n\
         | --- | ---: | ---: | --- | --- | ---: | --- | --- |\n",
    );
    for part in parts {
        let mut workloads: BTreeMap<String, usize> = BTreeMap::new();
        for r in &part.results.records {
            *workloads.entry(r.tree.workload().label()).or_default() += 1;
        }
        let workloads: Vec<String> = workloads
            .into_iter()
            .map(|(label, n)| format!("{label} ({n} records)"))
            .collect();
        text.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} |\n",
            part.manifest.shard,
            part.manifest.trees.len(),
            part.results.records.len(),
            part.machine.hostname,
            part.machine.cpu_model,
            part.machine.logical_cores,
            part.unfinished.as_deref().unwrap_or("complete"),
            workloads.join(", ")
        ));
    }
    text.push_str(&machines_section(parts));
    text
}

/// Where the parts ran on different kinds of machine: every tree with the machine that
/// measured its rows, in the suite's order; nothing otherwise.
fn machines_section(parts: &[Part]) -> String {
    let kind = machine_kind(&parts[0].machine);
    if parts.iter().all(|p| machine_kind(&p.machine) == kind) {
        return String::new();
    }
    let mut trees: Vec<(u64, String, &Part)> = parts
        .iter()
        .flat_map(|part| {
            part.manifest.trees.iter().map(move |t| {
                let label = serde_json::from_str::<abbench_results::TreeInfo>(&t.key).map_or_else(
                    |_| t.key.clone(),
                    |info| {
                        let seed = info.seed.map_or(String::new(), |s| format!(" seed {s}"));
                        format!("{}{seed}", info.label())
                    },
                );
                (t.index, label, part)
            })
        })
        .collect();
    trees.sort_by_key(|(index, _, _)| *index);
    let mut text = String::from(
        "\n### Which machine measured which tree\n\nThe parts ran on different kinds of \
         machine (merged with `--allow-mixed-machines`): each tree's rows in the tables \
         above were measured on the machine named here.\n\n\
         | tree | shard | host | CPU | hardware threads |\n| --- | --- | --- | --- | ---: |\n",
    );
    for (_, label, part) in trees {
        text.push_str(&format!(
            "| {label} | {} | {} | {} | {} |\n",
            part.manifest.shard,
            part.machine.hostname,
            part.machine.cpu_model,
            part.machine.logical_cores
        ));
    }
    text
}

/// An error unless `out` is missing or an empty folder.
fn refuse_used(out: &Path) -> Result<(), MergeError> {
    match std::fs::read_dir(out) {
        Ok(entries) => match entries.count() {
            0 => Ok(()),
            _ => Err(MergeError::OutputUsed(out.to_path_buf())),
        },
        Err(_) if out.exists() => Err(MergeError::OutputUsed(out.to_path_buf())),
        Err(_) => Ok(()),
    }
}
