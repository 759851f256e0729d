//! What a reader should know before trusting the tables, after the summary they qualify:
//! the machine's state (a frequency governor that changes clocks; a busy start where the
//! run did not measure other processes' CPU time), noisy times — records whose 95%
//! interval of the median is wider than ±[`NOISY`] —, parallel searches at one thread
//! that ran much faster or slower than their serial form (f2-iter, or PVS for Jamboree
//! and MTD(f) for the null-window search: the measurement, not the algorithm, is then in
//! question), and ybwc searches on two or more threads that never
//! split (their speedup says nothing about young brothers wait). Each kind is one
//! headline with its per-workload lines folded under it: a default sweep on a noisy
//! machine had 24 such lines, which pushed the summary to line 54.

use crate::format::cell;
use abbench_results::{Algorithm, Record};
use abbench_search::SerialAlgorithm;
use std::collections::BTreeMap;
use std::fmt::Write;

/// One-thread speedups outside this range are flagged.
pub(super) const ONE_THREAD_RANGE: (f64, f64) = (0.9, 1.1);

/// A median whose 95% interval's half-width is more than this share of it is noisy.
pub(super) const NOISY: f64 = 0.10;

/// The `## ⚠ Warnings` section, if the machine or any record calls for one: first what
/// the machine's state says of every timing (`machine`, one bullet each), then one short
/// paragraph per kind of doubtful record — noisy times, one-thread speedups out of range,
/// ybwc searches that never split — each naming how many, with the per-workload lines
/// folded below it (shown as they are where there is only one).
pub(super) fn warnings(md: &mut String, records: &[Record], machine: &[String]) {
    let noisy = noisy_lines(records);
    let (one_thread, never_split) = parallel_lines(records);
    if machine.is_empty() && noisy.is_empty() && one_thread.is_empty() && never_split.is_empty() {
        return;
    }
    md.push_str("## ⚠ Warnings\n\n");
    for warning in machine {
        let _ = writeln!(md, "* {warning}");
    }
    if !machine.is_empty() {
        md.push('\n');
    }
    let workloads = {
        let mut all: Vec<String> = records.iter().map(|r| r.tree.workload().label()).collect();
        all.sort();
        all.dedup();
        all.len()
    };
    let (lo, hi) = ONE_THREAD_RANGE;
    group(
        md,
        &noisy,
        &format!(
            "**Noisy times** in {} of {workloads} workload{}: records whose 95% interval of \
             the median is wider than ±{:.0}%; more runs (`repeat`) or a quieter machine would \
             narrow them.",
            noisy.len(),
            if workloads == 1 { "" } else { "s" },
            100.0 * NOISY
        ),
        "noisy times by workload",
    );
    group(
        md,
        &one_thread,
        &format!(
            "**One-thread speedups outside {lo}–{hi}×** for {} workload and algorithm \
             pair{}: at one thread a parallel search is its serial form (f2-iter; PVS for \
             jamboree, MTD(f) for null-window) with bookkeeping, so the timing, not the \
             algorithm, is in question.",
            one_thread.len(),
            if one_thread.len() == 1 { "" } else { "s" }
        ),
        "one-thread speedups by workload",
    );
    group(
        md,
        &never_split,
        &format!(
            "**ybwc never split** in {} workload{}: those rows measure a serial search.",
            never_split.len(),
            if never_split.len() == 1 { "" } else { "s" }
        ),
        "searches that never split by workload",
    );
}

/// One kind of warning: its headline, then its lines — folded under `what` when there
/// are several, so that the section stays a few lines long however many there are.
fn group(md: &mut String, lines: &[String], headline: &str, what: &str) {
    match lines {
        [] => {}
        [one] => {
            let _ = writeln!(md, "{headline}\n\n* {one}\n");
        }
        many => {
            let _ = writeln!(
                md,
                "{headline}\n\n<details><summary>The {} {what}</summary>\n",
                many.len()
            );
            for line in many {
                let _ = writeln!(md, "* {line}");
            }
            md.push_str("\n</details>\n\n");
        }
    }
}

/// A one-thread parallel search's speedup against its serial form
/// ([`abbench_parallel::ParallelAlgorithm::serial_form`]) measured in the same run: the
/// record's own against f2-iter (`against_f2_iter`), timed beside it, or the serial form's
/// record of the same tree. `None` where the run did not measure the serial form.
fn one_thread_speedup(r: &Record, against_f2_iter: f64, records: &[Record]) -> Option<f64> {
    let Algorithm::Parallel(algorithm) = r.algo else {
        return None;
    };
    let form = algorithm.serial_form();
    if form == SerialAlgorithm::F2Iter {
        return Some(against_f2_iter);
    }
    records
        .iter()
        .find(|s| s.algo == Algorithm::Serial(form) && s.tree == r.tree && s.used.window.is_none())
        .filter(|s| r.wall_ns.median > 0 && s.wall_ns.median > 0)
        .map(|s| s.wall_ns.median as f64 / r.wall_ns.median as f64)
}

/// One line per workload and algorithm whose one-thread speedups fall outside
/// [`ONE_THREAD_RANGE`], and one per workload and algorithm of a ybwc that never split
/// at two threads or more.
fn parallel_lines(records: &[Record]) -> (Vec<String>, Vec<String>) {
    let (lo, hi) = ONE_THREAD_RANGE;
    // (workload, algorithm) → the speedups that fall outside, or the thread counts
    // that never split.
    let mut one_thread: BTreeMap<(String, String), Vec<f64>> = BTreeMap::new();
    let mut never_split: BTreeMap<(String, String), Vec<usize>> = BTreeMap::new();
    for r in records {
        let Some(p) = &r.parallel else { continue };
        let key = (r.tree.workload().label(), r.algo.name().to_string());
        if r.threads == 1 {
            if let Some(speedup) = one_thread_speedup(r, p.speedup, records)
                && !(lo..=hi).contains(&speedup)
            {
                one_thread.entry(key).or_default().push(speedup);
            }
        } else if r.threads >= 2 && r.algo.name() == "ybwc" && p.splits == 0 {
            never_split.entry(key).or_default().push(r.threads);
        }
    }
    let one_thread = one_thread
        .iter()
        .map(|((workload, algo), speedups)| {
            let least = speedups.iter().copied().fold(f64::INFINITY, f64::min);
            let greatest = speedups.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let range = if least == greatest {
                format!("{least:.2}×")
            } else {
                format!("{least:.2}× – {greatest:.2}×")
            };
            format!(
                "{}, {algo} at 1 thread: speedup {range} on {} seed{}.",
                cell(workload),
                speedups.len(),
                if speedups.len() == 1 { "" } else { "s" },
            )
        })
        .collect();
    let never_split = never_split
        .iter()
        .map(|((workload, algo), threads)| {
            let mut counts = threads.clone();
            counts.sort_unstable();
            counts.dedup();
            let counts: Vec<String> = counts.iter().map(usize::to_string).collect();
            format!(
                "{}, {algo} never split at {} threads ({} searches): the tree is too small \
                 for its split height.",
                cell(workload),
                counts.join(", "),
                threads.len(),
            )
        })
        .collect();
    (one_thread, never_split)
}

/// One line per workload with noisy records.
fn noisy_lines(records: &[Record]) -> Vec<String> {
    noisy_workloads(records)
        .iter()
        .map(|(workload, (count, total, widest, label))| {
            format!(
                "{}: {count} of {total} records have a 95% interval of the median wider than \
                 ±{:.0}% (widest ±{:.0}%, {}).",
                cell(workload),
                100.0 * NOISY,
                100.0 * widest,
                cell(label),
            )
        })
        .collect()
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
                model: Some(abbench_tree::Model::Random),
                degree: Some(4),
                height: Some(5),
                seed: Some(1),
                layout: abbench_tree::Layout::Implicit,
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
            checked_by: None,
            parallel: Some(ParallelMetrics {
                speedup,
                splits,
                ..ParallelMetrics::default()
            }),
            used: Default::default(),
            bound: None,
            kinds: None,
            guess_source: None,
            searches: None,
            passes: Vec::new(),
            table: None,
            fastest: None,
            machine_ns: None,
            settings: None,
            own: None,
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
            &[],
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

    /// Jamboree at one thread is PVS and the null-window search MTD(f): each is held to
    /// that serial search's record of the same tree, not to f2-iter, and goes unjudged
    /// where the run measured no such record.
    #[test]
    fn one_thread_runs_are_held_to_their_serial_form() {
        let serial = |algo: &str, micros: u64| {
            let mut r = record(algo, 1, 1.0, 0);
            r.parallel = None;
            r.wall_ns = WallTimes::of(&[std::time::Duration::from_micros(micros)]).unwrap();
            r
        };
        // Both parallel records take 100 µs and are 1.3× f2-iter.
        let (jamboree, null_window) = (
            record("jamboree", 1, 1.3, 0),
            record("null-window", 1, 1.3, 0),
        );
        let mut md = String::new();
        let as_fast = [
            jamboree.clone(),
            null_window.clone(),
            serial("pvs", 102),
            serial("mtdf", 97),
        ];
        warnings(&mut md, &as_fast, &[]);
        assert!(md.is_empty(), "{md}");
        let mut md = String::new();
        warnings(
            &mut md,
            &[jamboree.clone(), serial("pvs", 60), serial("mtdf", 100)],
            &[],
        );
        assert!(md.contains("jamboree at 1 thread: speedup 0.60×"), "{md}");
        assert!(!md.contains("null-window at 1 thread"), "{md}");
        let mut md = String::new();
        warnings(&mut md, &[jamboree, null_window], &[]);
        assert!(md.is_empty(), "{md}");
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
        warnings(&mut md, &[noisy, steady.clone()], &[]);
        assert!(
            md.contains(
                "* random d=4 h=5: 1 of 2 records have a 95% interval of the median wider than ±10%"
            ),
            "{md}"
        );
        assert!(md.contains("ybwc at 2 threads seed 1"), "{md}");
        let mut md = String::new();
        warnings(&mut md, &[steady], &[]);
        assert!(md.is_empty(), "{md}");
    }

    #[test]
    fn nothing_to_say_writes_nothing() {
        let mut md = String::new();
        warnings(
            &mut md,
            &[record("ybwc", 1, 1.02, 0), record("ybwc", 2, 1.8, 40)],
            &[],
        );
        assert!(md.is_empty());
    }

    #[test]
    fn many_warnings_of_a_kind_are_one_headline_with_their_lines_folded() {
        // Twelve workloads (heights 3 ..= 14), each with a slow one-thread ybwc.
        let records: Vec<Record> = (3..15)
            .map(|height| {
                let mut r = record("ybwc", 1, 0.5, 0);
                r.tree.height = Some(height);
                r
            })
            .collect();
        let mut md = String::new();
        warnings(
            &mut md,
            &records,
            &["**The machine was busy**: load.".to_string()],
        );
        let lines: Vec<&str> = md.lines().collect();
        assert_eq!(lines[2], "* **The machine was busy**: load.", "{md}");
        assert!(
            lines[4].starts_with(
                "**One-thread speedups outside 0.9–1.1×** for 12 workload and algorithm pairs:"
            ),
            "{md}"
        );
        assert_eq!(
            lines[6],
            "<details><summary>The 12 one-thread speedups by workload</summary>"
        );
        assert_eq!(md.matches("at 1 thread: speedup 0.50×").count(), 12, "{md}");
        let folded = md.find("<details>").unwrap();
        assert!(md[..folded].lines().count() < 10, "{md}");
        assert!(md.trim_end().ends_with("</details>"), "{md}");
        // A machine warning alone is a section too.
        let mut md = String::new();
        warnings(&mut md, &[], &["governor".to_string()]);
        assert_eq!(md, "## ⚠ Warnings\n\n* governor\n\n");
    }
}
