//! Parameter studies: a setting a suite's grid gave several values
//! ([`Record::settings`]), and what each parallel search's speedup does as it moves.
//!
//! For each workload (the tree without its seed), each setting its records were given at
//! least two numeric values of, and each thread count above one: a line per series (an
//! algorithm and the settings it was given besides the one studied), through the median
//! over seeds of its speedup at each value. The speedup is against the fastest serial
//! search measured on the same tree in the same run where every record names one, else
//! against f2-iter.

use crate::metrics::median;
use abbench_results::{Algorithm, Record, TreeInfo};
use abbench_vocab::Setting;

/// One study: a workload, a setting, a thread count, and a line per series.
pub(crate) struct Study {
    /// The tree without its seed.
    pub workload: TreeInfo,
    /// The setting studied.
    pub setting: Setting,
    /// The thread count.
    pub threads: usize,
    /// Whether the speedups are against the fastest serial search (else f2-iter).
    pub against_fastest: bool,
    /// The setting's values, in increasing order, with their text.
    pub values: Vec<(f64, String)>,
    /// A line per series.
    pub lines: Vec<StudyLine>,
}

/// One series' speedups at the setting's values.
pub(crate) struct StudyLine {
    /// The algorithm.
    pub algo: Algorithm,
    /// The algorithm and the other settings it was given: `ybwc` or `ybwc eldest-grain=0`.
    pub label: String,
    /// A point per value it was measured at.
    pub points: Vec<StudyPoint>,
}

/// The speedups of one series at one value, over the workload's seeds.
pub(crate) struct StudyPoint {
    /// The setting's value.
    pub value: f64,
    /// The median speedup.
    pub median: f64,
    /// The least and greatest.
    pub least: f64,
    /// The greatest.
    pub greatest: f64,
    /// Seeds measured.
    pub seeds: usize,
}

/// Every study the records hold, workloads in order of first appearance.
pub(crate) fn studies(records: &[Record]) -> Vec<Study> {
    let studied: Vec<&Record> = records
        .iter()
        .filter(|r| r.algo.is_parallel() && r.parallel.is_some())
        .collect();
    let mut workloads: Vec<TreeInfo> = Vec::new();
    for r in &studied {
        let workload = r.tree.workload();
        if !workloads.contains(&workload) {
            workloads.push(workload);
        }
    }
    let mut out = Vec::new();
    for workload in workloads {
        let of_workload: Vec<&Record> = studied
            .iter()
            .copied()
            .filter(|r| r.tree.workload() == workload)
            .collect();
        for setting in swept(&of_workload) {
            let mut counts: Vec<usize> = of_workload.iter().map(|r| r.threads).collect();
            counts.sort_unstable();
            counts.dedup();
            for threads in counts.into_iter().filter(|&t| t > 1) {
                let at: Vec<&Record> = of_workload
                    .iter()
                    .copied()
                    .filter(|r| r.threads == threads && r.given().number(setting).is_some())
                    .collect();
                out.push(study(&workload, setting, threads, &at));
            }
        }
    }
    out
}

/// The settings `records` were given two numeric values of or more.
fn swept(records: &[&Record]) -> Vec<Setting> {
    Setting::ALL
        .into_iter()
        .filter(|&s| {
            let mut values: Vec<f64> = records.iter().filter_map(|r| r.given().number(s)).collect();
            values.sort_by(f64::total_cmp);
            values.dedup();
            values.len() >= 2
        })
        .collect()
}

/// The study of `setting` at `threads` threads from the records given it (`at`).
fn study(workload: &TreeInfo, setting: Setting, threads: usize, at: &[&Record]) -> Study {
    let against_fastest = at.iter().all(|r| {
        r.parallel
            .as_ref()
            .is_some_and(|p| p.speedup_vs_fastest.is_some())
    });
    let speedup = |r: &Record| {
        r.parallel.as_ref().and_then(|p| {
            if against_fastest {
                p.speedup_vs_fastest
            } else {
                Some(p.speedup)
            }
        })
    };
    let mut values: Vec<(f64, String)> = Vec::new();
    let mut lines: Vec<StudyLine> = Vec::new();
    for r in at {
        let given = r.given();
        let value = given.number(setting).unwrap_or_default();
        if !values.iter().any(|(v, _)| *v == value) {
            values.push((value, given.text(setting).unwrap_or_default()));
        }
        let label = others(r, setting);
        if !lines.iter().any(|l| l.label == label) {
            lines.push(StudyLine {
                algo: r.algo,
                label,
                points: Vec::new(),
            });
        }
    }
    values.sort_by(|a, b| a.0.total_cmp(&b.0));
    for line in &mut lines {
        for &(value, _) in &values {
            let speedups: Vec<f64> = at
                .iter()
                .filter(|r| others(r, setting) == line.label)
                .filter(|r| r.given().number(setting) == Some(value))
                .filter_map(|r| speedup(r))
                .collect();
            if let Some(m) = median(&speedups) {
                line.points.push(StudyPoint {
                    value,
                    median: m,
                    least: speedups.iter().copied().fold(f64::INFINITY, f64::min),
                    greatest: speedups.iter().copied().fold(f64::NEG_INFINITY, f64::max),
                    seeds: speedups.len(),
                });
            }
        }
    }
    lines.sort_by_key(|l| l.algo);
    Study {
        workload: workload.clone(),
        setting,
        threads,
        against_fastest,
        values,
        lines,
    }
}

/// `r`'s algorithm and the settings it was given other than `setting`.
fn others(r: &Record, setting: Setting) -> String {
    let mut given = r.given();
    given.clear(setting);
    match given.label() {
        label if label.is_empty() => r.algo.name().to_string(),
        label => format!("{} {label}", r.algo),
    }
}
