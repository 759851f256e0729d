//! What a reader should know before trusting the scaling tables: parallel searches at one
//! thread that ran much faster or slower than serial f2-iter (the measurement, not the
//! algorithm, is then in question), and ybwc searches on two or more threads that never
//! split (their speedup says nothing about young brothers wait), and noisy times:
//! records whose 95% interval of the median is wider than ±[`NOISY`].

use crate::format::cell;
use abbench_results::Record;
use std::collections::BTreeMap;
use std::fmt::Write;

/// One-thread speedups outside this range are flagged.
pub(super) const ONE_THREAD_RANGE: (f64, f64) = (0.9, 1.1);

/// A median whose 95% interval's half-width is more than this share of it is noisy.
pub(super) const NOISY: f64 = 0.10;

/// The `## ⚠ Warnings` section, if any record calls for one.
pub(super) fn warnings(md: &mut String, records: &[Record]) {
    let noisy = noisy_workloads(records);
    let (lo, hi) = ONE_THREAD_RANGE;
    // (workload, algorithm) → the speedups that fall outside, or the thread counts
    // that never split.
    let mut one_thread: BTreeMap<(String, String), Vec<f64>> = BTreeMap::new();
    let mut never_split: BTreeMap<(String, String), Vec<usize>> = BTreeMap::new();
    for r in records {
        let Some(p) = &r.parallel else { continue };
        let key = (r.tree.workload().label(), r.algo.name().to_string());
        if r.threads == 1 && !(lo..=hi).contains(&p.speedup) {
            one_thread.entry(key).or_default().push(p.speedup);
        } else if r.threads >= 2 && r.algo.name() == "ybwc" && p.splits == 0 {
            never_split.entry(key).or_default().push(r.threads);
        }
    }
    if one_thread.is_empty() && never_split.is_empty() && noisy.is_empty() {
        return;
    }
    md.push_str("## ⚠ Warnings\n\n");
    for ((workload, algo), speedups) in &one_thread {
        let least = speedups.iter().copied().fold(f64::INFINITY, f64::min);
        let greatest = speedups.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let range = if least == greatest {
            format!("{least:.2}×")
        } else {
            format!("{least:.2}× – {greatest:.2}×")
        };
        let _ = writeln!(
            md,
            "* {}, {algo} at 1 thread: speedup {range} on {} seed{} (expected {lo}–{hi}×: at \
             one thread the parallel search is f2-iter with bookkeeping; the timing, not the \
             algorithm, is in question).",
            cell(workload),
            speedups.len(),
            if speedups.len() == 1 { "" } else { "s" },
        );
    }
    for ((workload, algo), threads) in &never_split {
        let mut counts = threads.clone();
        counts.sort_unstable();
        counts.dedup();
        let counts: Vec<String> = counts.iter().map(usize::to_string).collect();
        let _ = writeln!(
            md,
            "* {}, {algo} never split at {} threads ({} searches): the tree is too small for \
             its split height, so these rows measure a serial search.",
            cell(workload),
            counts.join(", "),
            threads.len(),
        );
    }
    for (workload, (count, total, widest, label)) in &noisy {
        let _ = writeln!(
            md,
            "* {}: {count} of {total} records have a 95% interval of the median wider \
             than ±{:.0}% (widest ±{:.0}%, {}): their times are uncertain; more runs \
             (`repeat`) or a quieter machine would narrow them.",
            cell(workload),
            100.0 * NOISY,
            100.0 * widest,
            cell(label),
        );
    }
    md.push('\n');
}

/// Per workload: how many records are noisy, of how many, the widest interval and its
/// record.
fn noisy_workloads(records: &[Record]) -> BTreeMap<String, (usize, usize, f64, String)> {
    let mut out: BTreeMap<String, (usize, usize, f64, String)> = BTreeMap::new();
    for r in records {
        let entry = out
            .entry(r.tree.workload().label())
            .or_insert((0, 0, 0.0, String::new()));
        entry.1 += 1;
        let Some(u) = r.wall_ns.relative_uncertainty() else {
            continue;
        };
        if u > NOISY {
            entry.0 += 1;
            if u > entry.2 {
                let seed = r.tree.seed.map_or(String::new(), |s| format!(" seed {s}"));
                entry.2 = u;
                entry.3 = format!("{} at {} threads{seed}", r.algo, r.threads);
            }
        }
    }
    out.retain(|_, (count, ..)| *count > 0);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use abbench_results::{Algorithm, ParallelMetrics, TreeInfo, WallTimes};

    fn record(algo: &str, threads: usize, speedup: f64, splits: u64) -> Record {
        let wall = WallTimes::of(&[std::time::Duration::from_micros(100)]).unwrap();
        Record {
            schema: abbench_results::SCHEMA,
            kind: abbench_results::SearchKind::Search,
            tree: TreeInfo {
                model: Some("random".into()),
                degree: Some(4),
                height: Some(5),
                seed: Some(1),
                layout: "implicit".into(),
                ..TreeInfo::default()
            },
            algo: algo.parse::<Algorithm>().unwrap(),
            threads,
            value: 0,
            best_move: Some(0),
            nodes: 100,
            leaves: 50,
            levels: Vec::new(),
            cutoffs: None,
            nps: 1e6,
            wall_ns: wall,
            verified: true,
            parallel: Some(ParallelMetrics {
                speedup,
                splits,
                ..ParallelMetrics::default()
            }),
            window: None,
            cutoff: None,
            bound: None,
            kinds: None,
            guess: None,
            guess_source: None,
            searches: None,
            passes: Vec::new(),
            table: None,
            fastest: None,
            machine_ns: None,
        }
    }

    #[test]
    fn a_fast_or_slow_one_thread_run_and_a_ybwc_that_never_split_are_named() {
        let mut md = String::new();
        warnings(
            &mut md,
            &[
                record("ybwc", 1, 0.7, 0),
                record("root-split", 1, 1.0, 0),
                record("ybwc", 2, 1.5, 0),
                record("ybwc", 4, 2.5, 12),
            ],
        );
        assert!(md.starts_with("## ⚠ Warnings\n\n"), "{md}");
        assert!(
            md.contains("ybwc at 1 thread: speedup 0.70× on 1 seed"),
            "{md}"
        );
        assert!(!md.contains("root-split"), "{md}");
        assert!(
            md.contains("ybwc never split at 2 threads (1 searches)"),
            "{md}"
        );
        assert!(!md.contains("at 4 threads"), "{md}");
    }

    #[test]
    fn noisy_times_are_named_per_workload() {
        let ms = |v: &[u64]| {
            v.iter()
                .map(|&x| std::time::Duration::from_micros(x))
                .collect::<Vec<_>>()
        };
        let mut noisy = record("ybwc", 2, 1.8, 40);
        noisy.wall_ns = WallTimes::of(&ms(&[100, 140, 70, 190, 95])).unwrap();
        let mut steady = record("ybwc", 4, 2.8, 40);
        steady.wall_ns = WallTimes::of(&ms(&[100, 101, 100, 99, 100])).unwrap();
        let mut md = String::new();
        warnings(&mut md, &[noisy, steady.clone()]);
        assert!(
            md.contains(
                "* random d=4 h=5: 1 of 2 records have a 95% interval of the median wider than ±10%"
            ),
            "{md}"
        );
        assert!(md.contains("ybwc at 2 threads seed 1"), "{md}");
        let mut md = String::new();
        warnings(&mut md, &[steady]);
        assert!(md.is_empty(), "{md}");
    }

    #[test]
    fn nothing_to_say_writes_nothing() {
        let mut md = String::new();
        warnings(
            &mut md,
            &[record("ybwc", 1, 1.02, 0), record("ybwc", 2, 1.8, 40)],
        );
        assert!(md.is_empty());
    }
}
