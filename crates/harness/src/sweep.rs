//! Running a suite: every tree of every workload through [`measure()`], thread pools built
//! once and reused, each record handed on as soon as its tree is done, and progress
//! reported per tree so that a caller can draw a progress bar.
//!
//! [`sweep_to_folder`] is the whole of `abbench sweep`: `machine.json` first, then
//! `results.jsonl` streamed record by record, then the summary, report and plots.

use crate::report::{self, ReportFiles};
use crate::results::ResultsWriter;
use crate::{HarnessError, MachineInfo, Pools, Record, Suite, TreeInfo, measure};
use std::path::{Path, PathBuf};

/// Where a sweep is, after each tree.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepProgress {
    /// Trees measured so far.
    pub trees_done: u64,
    /// Trees in the suite.
    pub trees_total: u64,
    /// Records produced so far.
    pub records_done: usize,
    /// The tree just measured.
    pub tree: TreeInfo,
    /// Records of that tree that failed verification.
    pub failures: usize,
}

/// Runs every tree of `suite` with its workload's algorithms, parallel ones at each of
/// `threads`. After each tree, `on_record` receives its records in order and then
/// `progress` is called. Returns every record.
///
/// A record that fails verification does not stop the sweep (it is a result, reported
/// as a failure); an error — a tree that cannot be built, a search that cannot run — does.
pub fn sweep(
    suite: &Suite,
    threads: &[usize],
    mut progress: impl FnMut(&SweepProgress),
    mut on_record: impl FnMut(&Record) -> Result<(), HarnessError>,
) -> Result<Vec<Record>, HarnessError> {
    let config = suite.measure_config();
    let mut pools = Pools::default();
    if suite
        .workloads
        .iter()
        .any(|w| w.algorithms.iter().any(|a| a.is_parallel()))
    {
        pools.ensure(threads)?;
    }
    let trees_total = suite.tree_count();
    let mut trees_done = 0;
    let mut records = Vec::new();
    for workload in &suite.workloads {
        for tree in workload.tree_specs() {
            let measured = measure(&tree, &workload.algorithms, threads, &config, &mut pools)?;
            for record in &measured {
                on_record(record)?;
            }
            trees_done += 1;
            records.extend(measured.iter().cloned());
            progress(&SweepProgress {
                trees_done,
                trees_total,
                records_done: records.len(),
                tree: TreeInfo::of(&tree),
                failures: measured.iter().filter(|r| !r.verified).count(),
            });
        }
    }
    Ok(records)
}

/// What [`sweep_to_folder`] produced.
#[derive(Clone, Debug)]
pub struct SweepOutcome {
    /// Every record, as written to `results.jsonl`.
    pub records: Vec<Record>,
    /// Records that failed verification: the CLI should exit non-zero when there are any.
    pub failures: usize,
    /// The files written.
    pub files: ReportFiles,
}

/// Sweeps `suite` into the folder `out` (created if needed): `machine.json` (from
/// `machine`, with the suite's name and thread counts filled in), `results.jsonl` record
/// by record as they complete, then `summary.csv`, `report.md` and the SVG plots.
///
/// `threads` overrides the suite's thread counts (`--threads`).
pub fn sweep_to_folder(
    suite: &Suite,
    threads: Option<&[usize]>,
    out: &Path,
    machine: &MachineInfo,
    progress: impl FnMut(&SweepProgress),
) -> Result<SweepOutcome, HarnessError> {
    let threads = suite.thread_counts(threads);
    std::fs::create_dir_all(out).map_err(|source| HarnessError::Io {
        path: out.to_path_buf(),
        source,
    })?;
    let machine = MachineInfo {
        suite: Some(suite.name.clone()),
        threads: threads.clone(),
        ..machine.clone()
    };
    report::write_machine(out, &machine)?;
    let mut writer = ResultsWriter::create(&out.join(report::RESULTS_FILE))?;
    let records = sweep(suite, &threads, progress, |r| writer.write(r))?;
    let files = report::write_report(out, &records, Some(&machine))?;
    Ok(SweepOutcome {
        failures: records.iter().filter(|r| !r.verified).count(),
        records,
        files,
    })
}

/// `reports/runs/<UTC date>-<host name>` under `root`, or with `-2`, `-3`, … appended if
/// that folder already exists (a second sweep on the same day keeps the first).
pub fn default_run_folder(root: &Path) -> PathBuf {
    let date = crate::utc::UtcTime::now().date();
    let host: String = crate::machine::hostname()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let base = root.join("reports").join("runs");
    let first = base.join(format!("{date}-{host}"));
    if !first.exists() {
        return first;
    }
    (2..)
        .map(|n| base.join(format!("{date}-{host}-{n}")))
        .find(|p| !p.exists())
        .expect("some suffix is free")
}
