//! `abbench merge`: the parts of one sharded sweep (`sweep --shard K/N`, each with its
//! `shard.json`) joined into one run folder whose records are the whole run's, in the
//! order an unsharded sweep writes them, with its summary, report and plots.
//!
//! Everything is checked before anything is written (`check.rs`), and each refusal names
//! what is wrong: a folder that is not a shard, a part given twice, parts of different
//! runs (another suite or settings, another number of parts) or builds, a part whose
//! files disagree (records of trees its `shard.json` does not list, a search twice or
//! missing, a `machine.json` of another part), a missing part or one that did not finish
//! (unless a partial run is asked for, which the report then says at its top), and parts
//! measured on different kinds of machine (unless asked for; the report then lists each
//! part's machine beside the trees it measured). The merged folder's `shards.json`
//! (`crate::shards`) lists the parts; its report's `## Shards` section is drawn from it.

mod check;

use crate::shards::{SHARDS_FILE, ShardEntry, ShardsListing, WorkloadCount};
use crate::{ReportError, ReportFiles, Simulation};
use abbench_results::{
    CALIBRATION_FILE, FileError, MACHINE_FILE, MachineInfo, RESULTS_FILE, Results, RunStatus,
    SHARD_FILE, Shard, ShardManifest, folder_state, read_machine, read_results, write_atomically,
};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// What `merge` may accept that it refuses by default, and the command that merges.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MergeOptions {
    /// Merge even if a part is missing or did not finish; the report says so.
    pub allow_partial: bool,
    /// Merge parts measured on different kinds of machine (CPU model, hardware threads).
    pub allow_mixed_machines: bool,
    /// The command that merges, kept as the merged run's command in its `machine.json`
    /// (each part's own command is in `shards.json`); empty: none is kept.
    pub command_line: Vec<String>,
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
    #[error("shard {shard} in {} did not finish: {why}; pass --allow-partial to merge what it holds", dir.display())]
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
    /// A part whose files disagree with each other or with the other parts.
    #[error("shard {shard} in {} does not hold what its {SHARD_FILE} says: {why}", dir.display())]
    Inconsistent {
        /// The part, as its `shard.json` names it.
        shard: Shard,
        /// Its folder.
        dir: PathBuf,
        /// What disagrees.
        why: String,
    },
    /// The output folder already holds files.
    #[error("the output folder {} is not empty; merge writes into a new or empty folder", .0.display())]
    OutputUsed(PathBuf),
    /// The output is a file, not a folder.
    #[error("the output {} is a file; merge writes a run folder: name a new or empty folder", .0.display())]
    OutputIsFile(PathBuf),
    /// The output folder is one of the parts, or inside one.
    #[error("the output folder {} is inside the part {}; merge writes the run elsewhere, never into a part", out.display(), part.display())]
    OutputInPart {
        /// The output folder.
        out: PathBuf,
        /// The part it is in.
        part: PathBuf,
    },
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
    options: &MergeOptions,
) -> Result<MergeOutcome, MergeError> {
    check::refuse_output(out, dirs)?;
    let parts = dirs
        .iter()
        .map(|dir| read_part(dir))
        .collect::<Result<Vec<_>, _>>()?;
    let parts = check::check_parts(parts, options)?;
    let partial = partial_note(&parts);
    let merged = merged_results(&parts);
    let first = &parts[0];
    let machine = merged_machine(&parts, partial.clone(), &options.command_line, merged.len());
    crate::create_dir(out)?;
    write_atomically(&out.join(RESULTS_FILE), merged.to_text().as_bytes())?;
    abbench_results::write_machine(out, &machine)?;
    let calibration = first.dir.join(CALIBRATION_FILE);
    if !options.allow_mixed_machines && calibration.is_file() {
        let text = abbench_results::read_text(&calibration, abbench_results::MAX_SMALL_FILE_BYTES)?;
        write_atomically(&out.join(CALIBRATION_FILE), text.as_bytes())?;
    }
    let listing = listing(&parts, partial.clone());
    write_atomically(&out.join(SHARDS_FILE), listing.to_json().as_bytes())?;
    // The report finds the parts in `shards.json`, as a report rebuilt later does.
    let mut files = crate::write_report_with(out, &merged, Some(&machine), Simulation::Run)?;
    files.written.splice(
        0..0,
        [
            out.join(RESULTS_FILE),
            out.join(MACHINE_FILE),
            out.join(SHARDS_FILE),
        ],
    );
    Ok(MergeOutcome {
        files,
        records: merged.records.len(),
        unverified: merged.unverified(),
        shards: (parts.len(), first.manifest.shard.count),
        partial,
    })
}

/// The merged run's `machine.json`: the first part's machine and build (which every part
/// shares, or the report says otherwise), marked partial or complete, with the most any
/// part saw of other processes and of load, so that a warning of any part is the run's,
/// and `command_line`, the merge's, as its command: no part's command made the whole run.
fn merged_machine(
    parts: &[Part],
    partial: Option<String>,
    command_line: &[String],
    lines: usize,
) -> MachineInfo {
    MachineInfo {
        command_line: command_line.to_vec(),
        status: Some(if partial.is_some() {
            RunStatus::Partial
        } else {
            RunStatus::Complete
        }),
        incomplete: partial,
        lines: Some(lines),
        other_cpu_share: parts
            .iter()
            .filter_map(|p| p.machine.other_cpu_share)
            .reduce(f64::max),
        load_average: parts
            .iter()
            .filter_map(|p| p.machine.load_average)
            .reduce(|a, b| if b[0] > a[0] { b } else { a }),
        ..parts[0].machine.clone()
    }
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
    (!why.is_empty()).then(|| why.join("; "))
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

/// `shards.json`: the run the parts make, and each part, its folder, machine, command,
/// load and what it holds.
fn listing(parts: &[Part], partial: Option<String>) -> ShardsListing {
    let first = &parts[0].manifest;
    ShardsListing {
        schema: abbench_results::SCHEMA,
        kind: "shards".into(),
        shards: parts.iter().map(entry).collect(),
        count: first.shard.count,
        suite: first.suite.clone(),
        suite_hash: first.suite_hash.clone(),
        suite_trees: first.suite_trees,
        partial,
    }
}

fn entry(p: &Part) -> ShardEntry {
    let mut workloads: BTreeMap<String, usize> = BTreeMap::new();
    for r in &p.results.records {
        *workloads.entry(r.tree.workload().label()).or_default() += 1;
    }
    ShardEntry {
        shard: p.manifest.shard.to_string(),
        folder: p.dir.display().to_string(),
        suite: p.manifest.suite.clone(),
        suite_hash: p.manifest.suite_hash.clone(),
        trees: p.manifest.trees.iter().map(|t| t.index).collect(),
        records: p.results.records.len(),
        unfinished_searches: p.results.unfinished.len(),
        complete: p.unfinished.is_none(),
        hostname: p.machine.hostname.clone(),
        cpu_model: p.machine.cpu_model.clone(),
        logical_cores: p.machine.logical_cores,
        date: p.machine.date.clone(),
        status: p.unfinished.clone(),
        command_line: p.machine.command_line.clone(),
        load_average: p.machine.load_average,
        other_cpu_share: p.machine.other_cpu_share,
        tree_labels: p
            .manifest
            .trees
            .iter()
            .map(|t| tree_label(&t.key))
            .collect(),
        workloads: workloads
            .into_iter()
            .map(|(workload, records)| WorkloadCount { workload, records })
            .collect(),
    }
}

/// A tree's label from its key: its workload and seed.
fn tree_label(key: &str) -> String {
    serde_json::from_str::<abbench_results::TreeInfo>(key)
        .map_or_else(|_| key.to_string(), |info| seeded_label(&info))
}

/// A tree's workload and seed, as the report names it.
fn seeded_label(info: &abbench_results::TreeInfo) -> String {
    let seed = info.seed.map_or(String::new(), |s| format!(" seed {s}"));
    format!("{}{seed}", info.label())
}
