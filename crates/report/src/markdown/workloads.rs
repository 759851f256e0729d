//! The `## Workloads` sections: one per workload, its counts and rates and, for parallel
//! algorithms, its scaling; families of one tree shape at several heights share one.

use super::cells::{seed_list, threads_cell, values_cell};
use crate::aggregate::{Row, WorkloadGroup};
use crate::format::{cell, count, rate};
use abbench_results::TreeInfo;
use std::fmt::Write;

/// The report's workload sections: runs of at least three consecutive workloads that
/// differ only in height, each one seed searched serially, share a section; every other
/// workload has its own.
pub(super) fn sections<'g, 'a>(groups: &'g [WorkloadGroup<'a>]) -> Vec<&'g [WorkloadGroup<'a>]> {
    let family_key = |g: &WorkloadGroup<'_>| -> Option<TreeInfo> {
        (g.info.height.is_some() && !g.has_parallel() && g.seeds().len() == 1).then(|| TreeInfo {
            height: None,
            ..g.info.clone()
        })
    };
    let mut sections = Vec::new();
    let mut start = 0;
    while start < groups.len() {
        let key = family_key(&groups[start]);
        let mut end = start + 1;
        if key.is_some() {
            while end < groups.len() && family_key(&groups[end]) == key {
                end += 1;
            }
        }
        if end - start >= 3 {
            sections.push(&groups[start..end]);
        } else {
            sections.extend((start..end).map(|i| std::slice::from_ref(&groups[i])));
        }
        start = end;
    }
    sections
}

/// The root values of a workload's seeds, if every row found the same ones.
fn agreed_values(rows: &[Row]) -> Option<String> {
    let first = rows.first()?;
    rows.iter()
        .all(|r| r.values == first.values)
        .then(|| values_cell(first))
}

pub(super) fn workload(md: &mut String, g: &WorkloadGroup<'_>) {
    let seeds: Vec<u64> = g.seeds().into_iter().flatten().collect();
    let _ = writeln!(md, "### {}\n", g.label());
    let seeds_text = match seeds.as_slice() {
        [] => "a tree file".to_string(),
        [s] => format!("seed {s}"),
        many => format!("{} seeds: {}", many.len(), seed_list(many)),
    };
    let rows = g.rows();
    let agreed = agreed_values(&rows);
    let values_text = match (&agreed, seeds.len()) {
        (Some(v), 0 | 1) => format!("; root value {v}"),
        (Some(v), _) => format!("; root values {v}"),
        (None, _) => String::new(),
    };
    let _ = writeln!(md, "{seeds_text}; layout {}{values_text}.\n", g.info.layout);
    let value_column = agreed.is_none();
    md.push_str("| algorithm | threads |");
    if value_column {
        md.push_str(" value |");
    }
    md.push_str(" leaves | nodes | nps | nps, least – greatest |\n| --- | ---: |");
    if value_column {
        md.push_str(" --- |");
    }
    md.push_str(" ---: | ---: | ---: | ---: |\n");
    for r in &rows {
        let _ = write!(
            md,
            "| {}{} | {} |",
            r.algo,
            if r.verified { "" } else { " ❌" },
            threads_cell(r)
        );
        if value_column {
            let _ = write!(md, " {} |", values_cell(r));
        }
        let _ = writeln!(
            md,
            " {} | {} | {} | {} – {} |",
            count(r.leaves.round()),
            count(r.nodes.round()),
            rate(r.nps.0),
            rate(r.nps.1),
            rate(r.nps.2),
        );
    }
    md.push('\n');
    parallel_table(md, &rows);
}

/// The scaling metrics of a workload's parallel rows, if it has any.
fn parallel_table(md: &mut String, rows: &[Row]) {
    let parallel: Vec<&Row> = rows.iter().filter(|r| r.algo.is_parallel()).collect();
    if !parallel.is_empty() {
        md.push_str(
            "| algorithm | threads | speedup | speedup, least – greatest | vs fastest serial | fastest serial | efficiency | search overhead | nps scaling | Karp–Flatt e |\n",
        );
        md.push_str("| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |\n");
        for r in parallel {
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                r.algo,
                threads_cell(r),
                r.speedup.map_or("—".into(), |s| format!("{s:.2}×")),
                r.speedup_range
                    .map_or("—".into(), |(lo, hi)| format!("{lo:.2}× – {hi:.2}×")),
                r.speedup_vs_fastest
                    .map_or("—".into(), |s| format!("{s:.2}×")),
                r.fastest_serial
                    .as_deref()
                    .map_or("not measured".into(), cell),
                r.efficiency
                    .map_or("—".into(), |e| format!("{:.0}%", 100.0 * e)),
                r.search_overhead
                    .map_or("—".into(), |o| format!("{:+.1}%", 100.0 * o)),
                r.nps_scaling.map_or("—".into(), |s| format!("{s:.2}×")),
                r.karp_flatt.map_or("—".into(), |e| format!("{e:.3}")),
            );
        }
        md.push('\n');
    }
}

/// Workloads of one tree shape at several heights, one seed each, searched serially:
/// one table, a row per height and algorithm.
pub(super) fn height_family(md: &mut String, family: &[WorkloadGroup<'_>]) {
    let shape = TreeInfo {
        height: None,
        ..family[0].info.clone()
    };
    let heights: Vec<u64> = family
        .iter()
        .filter_map(|g| g.info.height.map(u64::from))
        .collect();
    let _ = writeln!(
        md,
        "### {}, heights {}\n",
        shape.label(),
        seed_list(&heights)
    );
    let seed = family[0].seeds().into_iter().flatten().next();
    let _ = writeln!(
        md,
        "{}layout {}; one tree per height, searched serially.\n",
        seed.map_or(String::new(), |s| format!("seed {s}; ")),
        shape.layout
    );
    md.push_str("| height | algorithm | value | leaves | nodes | nps |\n");
    md.push_str("| ---: | --- | ---: | ---: | ---: | ---: |\n");
    for g in family {
        for r in g.rows() {
            let _ = writeln!(
                md,
                "| {} | {}{} | {} | {} | {} | {} |",
                g.info.height.map_or("—".into(), |h| h.to_string()),
                r.algo,
                if r.verified { "" } else { " ❌" },
                values_cell(&r),
                count(r.leaves.round()),
                count(r.nodes.round()),
                rate(r.nps.0),
            );
        }
    }
    md.push('\n');
}
