//! The `## Summary` section: the scaling workloads at a glance.

use crate::aggregate::WorkloadGroup;
use crate::format::{cell, rate};
use abbench_results::Algorithm;
use std::fmt::Write;

/// The scaling workloads at a glance: each parallel algorithm's median speedup and
/// search overhead at the largest thread count.
pub(super) fn summary(md: &mut String, groups: &[WorkloadGroup<'_>]) {
    let scaling: Vec<&WorkloadGroup<'_>> = groups.iter().filter(|g| g.has_parallel()).collect();
    let Some(most) = scaling
        .iter()
        .flat_map(|g| g.records.iter())
        .filter(|r| r.algo.is_parallel())
        .map(|r| r.threads)
        .max()
    else {
        return;
    };
    let mut algos: Vec<Algorithm> = scaling
        .iter()
        .flat_map(|g| g.records.iter().map(|r| r.algo))
        .filter(|a| a.is_parallel())
        .collect();
    algos.sort();
    algos.dedup();
    let oversubscribed = scaling
        .iter()
        .flat_map(|g| g.records.iter())
        .any(|r| r.threads == most && r.parallel.as_ref().is_some_and(|p| p.oversubscribed));
    let _ = writeln!(
        md,
        "## Summary\n\nAt {most} threads{}, against serial `f2-iter` and against the fastest \
         exact serial search measured on the same trees (— where the run did not measure \
         every candidate): the median over each workload's seeds (the workload sections \
         below give the least and greatest, and every thread count).\n",
        if oversubscribed {
            " (⚠ oversubscribed)"
        } else {
            ""
        }
    );
    header(md, &algos);
    for g in scaling {
        let rows = g.rows();
        // A point of a suite's grid holds only the searches that read its settings:
        // f2-iter's rate is that of its workload's group without them.
        let serial = std::iter::once(g)
            .chain(groups.iter().filter(|other| other.info == g.info))
            .flat_map(|group| group.rows())
            .find(|r| r.algo.name() == "f2-iter")
            .map_or("—".into(), |r| rate(r.nps.0));
        // Every parallel row of a workload names the same fastest serial searches (one
        // per seed): the first row's say it.
        let fastest = rows
            .iter()
            .find(|r| r.algo.is_parallel() && r.threads == most)
            .and_then(|r| r.fastest_serial.as_deref())
            .map_or("not measured".into(), cell);
        let _ = write!(
            md,
            "| {} | {} | {serial} | {fastest} |",
            cell(&g.label()),
            g.seeds().len()
        );
        for a in &algos {
            match rows.iter().find(|r| r.algo == *a && r.threads == most) {
                Some(r) => {
                    let _ = write!(
                        md,
                        " {}{} | {} | {} |",
                        r.speedup.map_or("—".into(), |s| format!("{s:.2}×")),
                        if r.verified { "" } else { " ❌" },
                        r.speedup_vs_fastest
                            .map_or("—".into(), |s| format!("{s:.2}×")),
                        r.search_overhead
                            .map_or("—".into(), |o| format!("{:+.1}%", 100.0 * o)),
                    );
                }
                None => md.push_str(" — | — | — |"),
            }
        }
        md.push('\n');
    }
    md.push('\n');
}

/// The summary table's header: the workload's columns, then three for each algorithm.
fn header(md: &mut String, algos: &[Algorithm]) {
    md.push_str("| workload | seeds | f2-iter nps | fastest serial |");
    for a in algos {
        let _ = write!(
            md,
            " {a} speedup | {a} vs fastest serial | {a} search overhead |"
        );
    }
    md.push_str("\n| --- | ---: | ---: | --- |");
    for _ in algos {
        md.push_str(" ---: | ---: | ---: |");
    }
    md.push('\n');
}
