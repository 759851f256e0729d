//! `shards.json`, the list of parts a merged run folder was joined from, and what the
//! report says of them: the `## Shards` section at its end, and the rows of its machine
//! table that no single part describes (the kind of machine where the parts ran on
//! several, each part's command, load and date).
//!
//! The report reads them from `shards.json` in the folder it writes, so a report rebuilt
//! from a merged run (`abbench report RUN --out DIR`, which copies the file) is the one
//! `merge` wrote.

use crate::format::{cell, inline};
use abbench_results::{FileError, MachineInfo};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt::Write;
use std::path::Path;

/// The file a merged run folder lists its parts in.
pub const SHARDS_FILE: &str = "shards.json";

/// `shards.json` in a run folder written by `merge`: the run the parts make, and each
/// part joined, its folder, machine, command, load and trees. The report's Shards section
/// is drawn from it. Fields after `shards` are absent in files written before they
/// existed.
///
/// Written by `abbench-report` alone, so the type lives here.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ShardsListing {
    /// [`abbench_results::SCHEMA`].
    #[schemars(with = "abbench_results::schema::SchemaVersion")]
    pub schema: u32,
    /// `shards`.
    #[schemars(extend("const" = "shards"))]
    pub kind: String,
    /// The parts merged, in the order of `K`.
    pub shards: Vec<ShardEntry>,
    /// `N`, the parts the run was split into.
    #[serde(default)]
    #[schemars(range(min = 1))]
    pub count: u32,
    /// The suite's name.
    #[serde(default)]
    pub suite: String,
    /// The suite's content hash.
    #[serde(default)]
    #[schemars(with = "abbench_results::schema::Hash16")]
    pub suite_hash: String,
    /// Trees in the whole suite.
    #[serde(default)]
    pub suite_trees: u64,
    /// Why the merged run is partial (parts missing or unfinished); absent when whole.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partial: Option<String>,
}

/// One part of a merged run, as `shards.json` lists it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ShardEntry {
    /// `K/N`.
    #[schemars(regex(pattern = r"^[0-9]+/[0-9]+$"))]
    pub shard: String,
    /// The part's folder, as given to `merge`.
    pub folder: String,
    /// The suite's name.
    pub suite: String,
    /// The suite's content hash.
    #[schemars(with = "abbench_results::schema::Hash16")]
    pub suite_hash: String,
    /// The places of the part's trees in the suite, from 0.
    pub trees: Vec<u64>,
    /// Records merged from the part.
    pub records: usize,
    /// Searches of the part that timed out or failed.
    pub unfinished_searches: usize,
    /// Whether the part finished.
    pub complete: bool,
    /// Where it ran.
    pub hostname: String,
    /// Its CPU.
    pub cpu_model: String,
    /// Its hardware threads.
    pub logical_cores: usize,
    /// When it started, UTC.
    pub date: String,
    /// Why the part did not finish; absent when it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// The command that measured it.
    #[serde(default)]
    pub command_line: Vec<String>,
    /// The load average when it started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(extend("items" = { "type": "number", "minimum": 0 }))]
    pub load_average: Option<[f64; 3]>,
    /// The share of the CPU other processes used while it ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0.0, max = 1.0))]
    pub other_cpu_share: Option<f64>,
    /// Each of its trees' label, in the order of `trees`.
    #[serde(default)]
    pub tree_labels: Vec<String>,
    /// Records per workload.
    #[serde(default)]
    pub workloads: Vec<WorkloadCount>,
}

/// A workload a part measured and how many of its records it holds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct WorkloadCount {
    /// The workload's label.
    pub workload: String,
    /// Its records in the part.
    pub records: usize,
}

impl ShardEntry {
    /// The kind of machine it ran on: CPU model and hardware threads.
    pub fn machine_kind(&self) -> String {
        kind_of(&self.cpu_model, self.logical_cores)
    }
}

/// The kind of machine `machine` describes: CPU model and hardware threads.
pub(crate) fn machine_kind(machine: &MachineInfo) -> String {
    kind_of(&machine.cpu_model, machine.logical_cores)
}

fn kind_of(cpu_model: &str, logical_cores: usize) -> String {
    format!("{cpu_model} with {logical_cores} hardware threads")
}

impl ShardsListing {
    /// The text of `shards.json`.
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("the list of shards serialises");
        text.push('\n');
        text
    }

    /// The `shards.json` of the run folder `dir`, if it has one.
    pub fn read(dir: &Path) -> Result<Option<ShardsListing>, FileError> {
        let path = dir.join(SHARDS_FILE);
        if !path.is_file() {
            return Ok(None);
        }
        let text = abbench_results::read_text(&path, abbench_results::MAX_RESULTS_BYTES)?;
        serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| FileError::BadInput {
                path,
                line: e.line(),
                message: format!("not a list of shards ({e})"),
            })
    }

    /// The kinds of machine the parts ran on, each with its parts, in the order of `K`.
    pub fn machine_kinds(&self) -> Vec<(String, Vec<&str>)> {
        let mut kinds: Vec<(String, Vec<&str>)> = Vec::new();
        for entry in &self.shards {
            let kind = entry.machine_kind();
            match kinds.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, parts)) => parts.push(&entry.shard),
                None => kinds.push((kind, vec![&entry.shard])),
            }
        }
        kinds
    }
}

/// The line under the report's title of a merged run: how many parts, and where the
/// parts ran on several kinds of machine, which.
pub(crate) fn merged_banner(listing: &ShardsListing) -> String {
    let kinds = listing.machine_kinds();
    let mut text = format!(
        "> **Merged** by `abbench merge` from {} of {} parts; each part's machine, command \
         and load are under [Shards](#shards).",
        listing.shards.len(),
        listing.count.max(listing.shards.len() as u32)
    );
    if kinds.len() > 1 {
        let each: Vec<String> = kinds
            .iter()
            .map(|(kind, parts)| format!("{} (shard {})", inline(kind), parts.join(", ")))
            .collect();
        let _ = write!(
            text,
            " **Mixed machines**: the parts ran on {} kinds of machine, {}; rows of \
             different trees were measured on different machines.",
            kinds.len(),
            each.join("; ")
        );
    }
    text.push_str("\n\n");
    text
}

/// The rows of the machine table that describe the whole merged run, not its first
/// part: `(row, value)` to put in place of the first part's.
pub(crate) fn merged_rows(listing: &ShardsListing) -> Vec<(&'static str, String)> {
    let kinds = listing.machine_kinds();
    let mut rows = Vec::new();
    if kinds.len() > 1 {
        rows.push((
            "CPU",
            format!("mixed: {} kinds of machine, see Shards", kinds.len()),
        ));
        rows.push(("cores", "mixed, see Shards".into()));
    }
    rows.push((
        "command",
        format!(
            "`abbench merge` of {} parts; each part's command is under Shards",
            listing.shards.len()
        ),
    ));
    rows.push((
        "load average at the start",
        "each part's is under Shards".into(),
    ));
    let shares = listing.shards.iter().filter_map(|s| s.other_cpu_share);
    if let Some(most) = shares.reduce(f64::max) {
        rows.push((
            "other processes",
            format!(
                "{:.0}% of the CPU time in the busiest part; each part's is under Shards",
                100.0 * most
            ),
        ));
    }
    let dates: Vec<&str> = listing.shards.iter().map(|s| s.date.as_str()).collect();
    if let (Some(first), Some(last)) = (dates.iter().min(), dates.iter().max()) {
        rows.push((
            "date (UTC)",
            if first == last {
                first.to_string()
            } else {
                format!("{first} to {last} (the parts' starts)")
            },
        ));
    }
    rows
}

/// The report's last section: the parts, each with its machine, command, load and the
/// workloads whose rows it measured, and where they ran on several kinds of machine,
/// which tree each measured.
pub(crate) fn section(listing: &ShardsListing) -> String {
    let mut text = format!(
        "\n## Shards\n\nThis run was measured in {} parts (`abbench sweep --shard K/{}`) and \
         joined by `abbench merge`: suite `{}`, content hash `{}`, {} trees.\n\n",
        listing.count,
        listing.count,
        listing.suite.replace('`', "'"),
        listing.suite_hash,
        listing.suite_trees
    );
    if let Some(why) = &listing.partial {
        let _ = write!(text, "**PARTIAL:** {}.\n\n", inline(why));
    }
    text.push_str(
        "| shard | trees | records | host | CPU | hardware threads | status | workloads |\n\
         | --- | ---: | ---: | --- | --- | ---: | --- | --- |\n",
    );
    for part in &listing.shards {
        let workloads: Vec<String> = part
            .workloads
            .iter()
            .map(|w| format!("{} ({} records)", w.workload, w.records))
            .collect();
        let _ = writeln!(
            text,
            "| {} | {} | {} | {} | {} | {} | {} | {} |",
            part.shard,
            part.trees.len(),
            part.records,
            cell(&part.hostname),
            cell(&part.cpu_model),
            part.logical_cores,
            cell(part.status.as_deref().unwrap_or(if part.complete {
                "complete"
            } else {
                "incomplete"
            })),
            cell(&workloads.join(", "))
        );
    }
    text.push_str(&conditions(listing));
    text.push_str(&machines(listing));
    text
}

/// Each part's command, start and load: what the title's table cannot give for a run of
/// several processes.
fn conditions(listing: &ShardsListing) -> String {
    let mut text = String::from(
        "\n| shard | command | date (UTC) | load average at the start | other processes |\n\
         | --- | --- | --- | --- | --- |\n",
    );
    for part in &listing.shards {
        let load = part.load_average.map_or("unknown".into(), |[a, b, c]| {
            format!("{a:.2}, {b:.2}, {c:.2}")
        });
        let others = part.other_cpu_share.map_or("unknown".into(), |share| {
            format!("{:.0}% of the CPU time", 100.0 * share)
        });
        let _ = writeln!(
            text,
            "| {} | {} | {} | {load} | {others} |",
            part.shard,
            cell(&format!("`{}`", part.command_line.join(" "))),
            cell(&part.date)
        );
    }
    text
}

/// Where the parts ran on different kinds of machine: every tree with the machine that
/// measured its rows, in the suite's order; nothing otherwise.
fn machines(listing: &ShardsListing) -> String {
    if listing.machine_kinds().len() < 2 {
        return String::new();
    }
    let mut trees: Vec<(u64, &str, &ShardEntry)> = listing
        .shards
        .iter()
        .flat_map(|part| {
            part.trees.iter().enumerate().map(move |(i, &index)| {
                let label = part.tree_labels.get(i).map_or("?", String::as_str);
                (index, label, part)
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
        let _ = writeln!(
            text,
            "| {} | {} | {} | {} | {} |",
            cell(label),
            part.shard,
            cell(&part.hostname),
            cell(&part.cpu_model),
            part.logical_cores
        );
    }
    text
}
