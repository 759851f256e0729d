//! Records grouped the way a report shows them: by workload (the tree without its seed)
//! and the settings given (a point of a suite's grid is a workload of its own), then by
//! (algorithm, threads), with medians and spreads over the workload's seeds.

use crate::metrics::{karp_flatt, median};
use abbench_results::{Algorithm, Record, TreeInfo};
use abbench_search::Settings;
use abbench_tree::Value;

/// The records of one workload, in the order they were measured.
pub(crate) struct WorkloadGroup<'a> {
    /// The tree without its seed.
    pub info: TreeInfo,
    /// The settings of a suite's grid given to every search of the group (those its
    /// workload's records were given several values of); none for a run without one.
    pub settings: Settings,
    /// Its records, every seed, algorithm and thread count.
    pub records: Vec<&'a Record>,
}

impl WorkloadGroup<'_> {
    /// `random d=16 h=8`, and the settings given: `random d=16 h=8 cut-wait=4`.
    pub fn label(&self) -> String {
        match self.settings.label() {
            settings if settings.is_empty() => self.info.label(),
            settings => format!("{} {settings}", self.info.label()),
        }
    }

    /// The seeds measured, in order of first appearance.
    pub fn seeds(&self) -> Vec<Option<u64>> {
        let mut seeds = Vec::new();
        for r in &self.records {
            if !seeds.contains(&r.tree.seed) {
                seeds.push(r.tree.seed);
            }
        }
        seeds
    }

    /// Whether any record is of a parallel algorithm.
    pub fn has_parallel(&self) -> bool {
        self.records.iter().any(|r| r.algo.is_parallel())
    }

    /// One row per (algorithm, threads), algorithms in their canonical order.
    pub fn rows(&self) -> Vec<Row> {
        let mut keys: Vec<(Algorithm, usize)> =
            self.records.iter().map(|r| (r.algo, r.threads)).collect();
        keys.sort();
        keys.dedup();
        keys.into_iter()
            .map(|(algo, threads)| {
                let records: Vec<&Record> = self
                    .records
                    .iter()
                    .copied()
                    .filter(|r| r.algo == algo && r.threads == threads)
                    .collect();
                Row::of(algo, threads, &records)
            })
            .collect()
    }
}

/// Groups records by workload, workloads in order of first appearance.
pub(crate) fn group_by_workload(records: &[Record]) -> Vec<WorkloadGroup<'_>> {
    let mut groups: Vec<WorkloadGroup<'_>> = Vec::new();
    for r in records {
        let info = r.tree.workload();
        let settings = swept_of(records, &info, r);
        match groups
            .iter_mut()
            .find(|g| g.info == info && g.settings.label() == settings.label())
        {
            Some(g) => g.records.push(r),
            None => groups.push(WorkloadGroup {
                info,
                settings,
                records: vec![r],
            }),
        }
    }
    groups
}

/// The settings given to `r` that the records of its workload `info` were given two
/// values of or more: a point of a suite's grid. A setting every record that reads it
/// was given alike (`run --split-height 2`) is no grid, and no group of its own.
fn swept_of(records: &[Record], info: &TreeInfo, r: &Record) -> Settings {
    let given = r.given();
    let mut out = Settings::default();
    for setting in given.given() {
        let mut values: Vec<String> = records
            .iter()
            .filter(|other| other.tree.workload() == *info)
            .filter_map(|other| other.given().text(setting))
            .collect();
        values.sort();
        values.dedup();
        if values.len() > 1 {
            out.copy_from(&given, setting);
        }
    }
    out
}

/// `algos` as `name` when they are all one, else `name ×count` pairs, the most frequent
/// first (ties in name order): `mtdf ×7, pvs ×5`.
pub(crate) fn name_counts(algos: impl Iterator<Item = Algorithm>) -> String {
    let mut counts: Vec<(Algorithm, usize)> = Vec::new();
    for algo in algos {
        match counts.iter_mut().find(|(a, _)| *a == algo) {
            Some((_, n)) => *n += 1,
            None => counts.push((algo, 1)),
        }
    }
    counts.sort_by(|(a, n), (b, m)| m.cmp(n).then(a.name().cmp(b.name())));
    match counts.as_slice() {
        [(only, _)] => only.name().to_string(),
        _ => counts
            .iter()
            .map(|(a, n)| format!("{a} ×{n}"))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// One (algorithm, threads) of a workload, summarised over its seeds.
pub(crate) struct Row {
    /// The algorithm.
    pub algo: Algorithm,
    /// Its thread count.
    pub threads: usize,
    /// The root value of each seed, in order.
    pub values: Vec<Value>,
    /// Median leaves over seeds.
    pub leaves: f64,
    /// Median nodes over seeds.
    pub nodes: f64,
    /// Median, least and greatest nodes per second over seeds.
    pub nps: (f64, f64, f64),
    /// Median speedup over seeds (parallel algorithms).
    pub speedup: Option<f64>,
    /// Least and greatest speedup over seeds.
    pub speedup_range: Option<(f64, f64)>,
    /// Median speedup against the fastest serial search of each seed's tree, when every
    /// seed's record names one.
    pub speedup_vs_fastest: Option<f64>,
    /// The fastest serial searches of the seeds, the most frequent first, with their
    /// counts (`mtdf ×7, pvs ×5`); `None` when a seed's record names none.
    pub fastest_serial: Option<String>,
    /// Median efficiency.
    pub efficiency: Option<f64>,
    /// Median search overhead.
    pub search_overhead: Option<f64>,
    /// Median nps scaling.
    pub nps_scaling: Option<f64>,
    /// Karp–Flatt of the median speedup; `None` at one thread.
    pub karp_flatt: Option<f64>,
    /// More threads than hardware threads.
    pub oversubscribed: bool,
    /// Every seed verified.
    pub verified: bool,
}

impl Row {
    fn of(algo: Algorithm, threads: usize, records: &[&Record]) -> Row {
        let field =
            |f: &dyn Fn(&Record) -> f64| -> Vec<f64> { records.iter().map(|r| f(r)).collect() };
        let parallel = |f: &dyn Fn(&abbench_results::ParallelMetrics) -> f64| -> Option<f64> {
            let v: Vec<f64> = records
                .iter()
                .filter_map(|r| r.parallel.as_ref().map(f))
                .collect();
            median(&v)
        };
        let nps = field(&|r| r.nps);
        let speedups: Vec<f64> = records
            .iter()
            .filter_map(|r| r.parallel.as_ref().map(|p| p.speedup))
            .collect();
        let speedup = median(&speedups);
        let against_fastest: Option<Vec<(f64, Algorithm)>> = records
            .iter()
            .filter_map(|r| r.parallel.as_ref())
            .map(|p| Some((p.speedup_vs_fastest?, p.fastest_serial?)))
            .collect();
        let against_fastest = against_fastest.filter(|v| !v.is_empty());
        Row {
            algo,
            threads,
            values: records.iter().map(|r| r.value).collect(),
            leaves: median(&field(&|r| r.leaves as f64)).unwrap_or(0.0),
            nodes: median(&field(&|r| r.nodes as f64)).unwrap_or(0.0),
            nps: (
                median(&nps).unwrap_or(0.0),
                nps.iter().copied().fold(f64::INFINITY, f64::min),
                nps.iter().copied().fold(f64::NEG_INFINITY, f64::max),
            ),
            speedup,
            speedup_range: (!speedups.is_empty()).then(|| {
                (
                    speedups.iter().copied().fold(f64::INFINITY, f64::min),
                    speedups.iter().copied().fold(f64::NEG_INFINITY, f64::max),
                )
            }),
            speedup_vs_fastest: against_fastest
                .as_ref()
                .and_then(|v| median(&v.iter().map(|&(s, _)| s).collect::<Vec<_>>())),
            fastest_serial: against_fastest.map(|v| name_counts(v.iter().map(|&(_, a)| a))),
            efficiency: parallel(&|p| p.efficiency),
            search_overhead: parallel(&|p| p.search_overhead),
            nps_scaling: parallel(&|p| p.nps_scaling),
            karp_flatt: speedup.and_then(|s| karp_flatt(s, threads)),
            oversubscribed: records
                .iter()
                .any(|r| r.parallel.as_ref().is_some_and(|p| p.oversubscribed)),
            verified: records.iter().all(|r| r.verified),
        }
    }
}
