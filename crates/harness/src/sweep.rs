//! Running a suite: every tree of every workload through [`measure()`], thread pools built
//! once and reused, each record handed on as soon as its tree is done, and an event
//! before and after each tree so that a caller can log and draw a progress bar.
//!
//! [`sweep_to_folder`] is the whole of `abbench sweep`: `machine.json` first, then
//! `results.jsonl` streamed record by record, then the summary, report and plots.

use crate::contention::{CpuSample, other_share};
use crate::report::{self, ReportFiles};
use crate::results::ResultsWriter;
use crate::{HarnessError, MachineInfo, Pools, Record, Suite, TreeInfo, measure};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What a sweep reports as it goes, for logs and progress bars.
#[derive(Clone, Copy, Debug)]
pub enum SweepEvent<'a> {
    /// The run folder exists with its `machine.json`, and measuring begins (only
    /// [`sweep_to_folder`] sends this).
    Started {
        /// The run folder.
        folder: &'a Path,
        /// The thread counts of the parallel algorithms.
        threads: &'a [usize],
    },
    /// A tree is about to be measured.
    TreeStarted {
        /// Its number, 1 for the first tree of the suite.
        number: u64,
        /// Trees in the suite.
        total: u64,
        /// The tree.
        tree: &'a TreeInfo,
    },
    /// A tree was measured.
    TreeFinished {
        /// Trees measured so far, this one included.
        done: u64,
        /// Trees in the suite.
        total: u64,
        /// The tree.
        tree: &'a TreeInfo,
        /// Its records, in order.
        records: &'a [Record],
        /// How long measuring it took, verification included.
        elapsed: Duration,
    },
}

/// Runs every tree of `suite` with its workload's algorithms, parallel ones at each of
/// `threads`. Before and after each tree `progress` hears of it; after each tree
/// `on_record` receives its records in order, before the `TreeFinished` event. Returns
/// every record.
///
/// A record that fails verification does not stop the sweep (it is a result, reported
/// as a failure); an error — a tree that cannot be built, a search that cannot run — does.
pub fn sweep(
    suite: &Suite,
    threads: &[usize],
    mut progress: impl FnMut(SweepEvent<'_>),
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
    let total = suite.tree_count();
    let mut done = 0;
    let mut records = Vec::new();
    for workload in &suite.workloads {
        for tree in workload.tree_specs() {
            let info = TreeInfo::of(&tree);
            progress(SweepEvent::TreeStarted {
                number: done + 1,
                total,
                tree: &info,
            });
            let started = Instant::now();
            let measured = measure(&tree, &workload.algorithms, threads, &config, &mut pools)?;
            let elapsed = started.elapsed();
            for record in &measured {
                on_record(record)?;
            }
            done += 1;
            progress(SweepEvent::TreeFinished {
                done,
                total,
                tree: &info,
                records: &measured,
                elapsed,
            });
            records.extend(measured);
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
    /// The thread counts swept.
    pub threads: Vec<usize>,
    /// From the folder's creation to the last file written.
    pub elapsed: Duration,
    /// The share of the machine's CPU time other processes used meanwhile, where known.
    pub other_cpu_share: Option<f64>,
}

impl SweepOutcome {
    /// A few lines for the end of a sweep: what was measured, whether every result agrees
    /// with serial F2, and each parallel workload's median speedup at the most threads.
    pub fn summary(&self) -> String {
        report::headline(&self.records, self.elapsed, self.other_cpu_share)
    }
}

/// Sweeps `suite` into the folder `out` (created if needed): `machine.json` (from
/// `machine`, with the suite's name, thread counts and repeats filled in),
/// `results.jsonl` record by record as they complete, then `summary.csv`, `report.md`
/// and the SVG plots. `machine.json` is written again at the end with the share of the
/// CPU that other processes used during the sweep.
///
/// `threads` overrides the suite's thread counts (`--threads`). A folder that already
/// holds a `results.jsonl` is refused before anything is written: a sweep never
/// overwrites another run's results.
pub fn sweep_to_folder(
    suite: &Suite,
    threads: Option<&[usize]>,
    out: &Path,
    machine: &MachineInfo,
    mut progress: impl FnMut(SweepEvent<'_>),
) -> Result<SweepOutcome, HarnessError> {
    let started = Instant::now();
    let threads = suite.thread_counts(threads);
    if let Some(t) = threads.iter().find(|&&t| t == 0) {
        return Err(HarnessError::InvalidOption {
            parameter: "threads",
            value: t.to_string(),
            expected: "must be at least 1".into(),
        });
    }
    let results_path = out.join(report::RESULTS_FILE);
    if results_path.exists() {
        return Err(HarnessError::InvalidOption {
            parameter: "output folder",
            value: out.display().to_string(),
            expected: format!(
                "it already holds {}; a sweep does not overwrite another run's results",
                report::RESULTS_FILE
            ),
        });
    }
    std::fs::create_dir_all(out).map_err(|source| HarnessError::Io {
        path: out.to_path_buf(),
        source,
    })?;
    let mut machine = MachineInfo {
        suite: Some(suite.name.clone()),
        threads: threads.clone(),
        repeat: Some(suite.repeat),
        warmup: Some(suite.warmup),
        ..machine.clone()
    };
    report::write_machine(out, &machine)?;
    let mut writer = ResultsWriter::create(&results_path)?;
    progress(SweepEvent::Started {
        folder: out,
        threads: &threads,
    });
    let cpu_before = CpuSample::now();
    let records = sweep(suite, &threads, progress, |r| writer.write(r))?;
    machine.other_cpu_share = cpu_before
        .zip(CpuSample::now())
        .and_then(|(before, after)| other_share(before, after));
    report::write_machine(out, &machine)?;
    let mut files = report::write_report(out, &records, Some(&machine))?;
    files
        .written
        .splice(0..0, [out.join(report::MACHINE_FILE), results_path]);
    Ok(SweepOutcome {
        failures: records.iter().filter(|r| !r.verified).count(),
        records,
        files,
        threads,
        elapsed: started.elapsed(),
        other_cpu_share: machine.other_cpu_share,
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
