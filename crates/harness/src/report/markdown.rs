//! `report.md`: the machine, any verification failures first, a summary of the scaling
//! workloads, the plots, the SIMULATED scaling beside the measured one, the paper's
//! predictions against the measurements, the window techniques (`windows.rs`), how to
//! read the tables, then one section per workload — perfectly ordered families of one
//! tree shape at several heights, searched serially, share one section.

use super::aggregate::{Row, WorkloadGroup};
use super::format::{cell, count, rate, significant};
use super::simulated::{SimulatedScaling, SimulatedWorkload};
use super::theory::{Prediction, TheoryRow};
use crate::{Algorithm, CALIBRATION_FILE, MachineInfo, Record, TreeInfo, Unfinished};
use abbench_parallel::ParallelAlgorithm;
use abbench_parallel::sim::{CostProfile, Growth};
use std::fmt::Write;

/// A plot the report embeds.
pub(crate) struct Figure<'a> {
    /// Relative path of the SVG.
    pub file: &'a str,
    /// Its title.
    pub title: &'a str,
}

/// The SIMULATED scaling of the report, and the cost profile it used (`None`: the
/// simulator's default costs).
pub(crate) struct SimulatedSection<'a> {
    pub workloads: &'a [SimulatedWorkload],
    pub profile: Option<&'a CostProfile>,
}

/// The whole report.
pub(crate) fn render(
    records: &[Record],
    unfinished_searches: &[Unfinished],
    machine: Option<&MachineInfo>,
    groups: &[WorkloadGroup<'_>],
    theory: &[TheoryRow],
    figures: &[Figure<'_>],
    simulated: SimulatedSection<'_>,
) -> String {
    let mut md = String::new();
    title(&mut md, records, machine, groups);
    failures(&mut md, records);
    unfinished(&mut md, unfinished_searches);
    summary(&mut md, groups);
    if !figures.is_empty() {
        md.push_str("## Plots\n\n");
        for f in figures {
            let _ = writeln!(md, "![{}]({})\n", f.title, f.file);
        }
    }
    simulated_scaling(&mut md, simulated.workloads, simulated.profile);
    theory_table(&mut md, theory);
    super::windows::section(&mut md, groups);
    legend(&mut md);
    md.push_str("## Workloads\n\n");
    for section in sections(groups) {
        match section {
            [one] => workload(&mut md, one),
            family => height_family(&mut md, family),
        }
    }
    md
}

fn title(
    md: &mut String,
    records: &[Record],
    machine: Option<&MachineInfo>,
    groups: &[WorkloadGroup<'_>],
) {
    let suite = machine.and_then(|m| m.suite.as_deref());
    let _ = writeln!(
        md,
        "# abbench report{}\n",
        suite.map_or(String::new(), |s| format!(": suite `{s}`"))
    );
    if let Some(why) = machine.and_then(|m| m.incomplete.as_deref()) {
        let _ = writeln!(
            md,
            "> ⚠ **INCOMPLETE RUN**: {why}. Every table below covers only the records \
             written before it stopped.\n"
        );
    }
    let trees = {
        let mut keys: Vec<String> = records.iter().map(|r| r.tree.key()).collect();
        keys.sort();
        keys.dedup();
        keys.len()
    };
    match machine {
        Some(m) => {
            let _ = writeln!(md, "**{}**\n", m.summary());
            md.push_str("| | |\n| --- | --- |\n");
            let mut row = |k: &str, v: String| {
                let _ = writeln!(md, "| {k} | {} |", cell(&v));
            };
            row("CPU", m.cpu_model.clone());
            row(
                "cores",
                format!("{} logical, {} physical", m.logical_cores, m.physical_cores),
            );
            row(
                "OS",
                match &m.kernel {
                    Some(k) => format!("{} (kernel {k})", m.os),
                    None => m.os.clone(),
                },
            );
            row("compiler", format!("{} ({})", m.rustc, m.rustc_host));
            row(
                "build",
                format!("{} profile, allocator {}", m.profile, m.allocator),
            );
            row(
                "commit",
                match (&m.git_commit, m.git_dirty) {
                    (Some(c), Some(true)) => format!("`{c}` with uncommitted changes"),
                    (Some(c), _) => format!("`{c}`"),
                    (None, _) => "not a git checkout".into(),
                },
            );
            if !m.command_line.is_empty() {
                row("command", format!("`{}`", m.command_line.join(" ")));
            }
            if !m.threads.is_empty() {
                row(
                    "threads",
                    m.threads
                        .iter()
                        .map(usize::to_string)
                        .collect::<Vec<_>>()
                        .join(", "),
                );
            }
            if let (Some(repeat), Some(warmup)) = (m.repeat, m.warmup) {
                row(
                    "runs",
                    format!(
                        "{repeat} timed after {warmup} warm-up, per tree, algorithm and threads"
                    ),
                );
            }
            if let Some(share) = m.other_cpu_share {
                row(
                    "other processes",
                    format!("{:.0}% of the CPU time while the sweep ran", 100.0 * share),
                );
            }
            row("date (UTC)", m.date.clone());
            row(
                "measured",
                format!(
                    "{} records, {} trees, {} workloads",
                    records.len(),
                    trees,
                    groups.len()
                ),
            );
            md.push('\n');
            if let Some(warning) = crate::contention::warning(m.other_cpu_share) {
                let _ = writeln!(md, "⚠ **The machine was shared**: {warning}.\n");
            }
        }
        None => {
            let _ = writeln!(
                md,
                "{} records, {} trees, {} workloads; no `machine.json` was found beside the \
                 results, so the machine is unknown.\n",
                records.len(),
                trees,
                groups.len()
            );
        }
    }
}

fn failures(md: &mut String, records: &[Record]) {
    let failed: Vec<&Record> = records.iter().filter(|r| !r.verified).collect();
    if records.is_empty() {
        md.push_str(
            "No results: nothing was measured, so nothing was checked against serial F2.\n\n",
        );
        return;
    }
    if failed.is_empty() {
        let _ = writeln!(
            md,
            "✅ Every one of the {} results agrees with serial F2.\n",
            records.len()
        );
        return;
    }
    let _ = writeln!(
        md,
        "## ❌ Verification failures\n\n**{} of {} results do not agree with serial F2** (a \
         different root value, or a best move whose own value is not the root value). \
         These are wrong answers, not noise.\n",
        failed.len(),
        records.len()
    );
    md.push_str("| workload | seed | algorithm | threads | value | best move |\n");
    md.push_str("| --- | ---: | --- | ---: | ---: | ---: |\n");
    for r in failed {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} |",
            cell(&r.tree.workload().label()),
            r.tree.seed.map_or("—".into(), |s| s.to_string()),
            r.algo,
            r.threads,
            r.value,
            r.best_move.map_or("—".into(), |m| m.to_string()),
        );
    }
    md.push('\n');
}

/// Searches that gave no result: timed out, or failed. None of them is a measurement.
fn unfinished(md: &mut String, searches: &[Unfinished]) {
    if searches.is_empty() {
        return;
    }
    let failed = searches.iter().filter(|u| u.is_failure()).count();
    let timed_out = searches.iter().filter(|u| u.timed_out).count();
    let _ = writeln!(
        md,
        "## {}Searches without a result\n\n{timed_out} searches reached their time limit and \
         {failed} failed. They gave no value and no counts, and appear in no other table.\n",
        if failed > 0 { "❌ " } else { "⏱ " }
    );
    md.push_str("| workload | seed | algorithm | threads | outcome |\n");
    md.push_str("| --- | ---: | --- | ---: | --- |\n");
    for u in searches {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} |",
            cell(&u.tree.workload().label()),
            u.tree.seed.map_or("—".into(), |s| s.to_string()),
            u.algo,
            u.threads,
            cell(&u.outcome()),
        );
    }
    md.push('\n');
}

/// The scaling workloads at a glance: each parallel algorithm's median speedup and
/// search overhead at the largest thread count.
fn summary(md: &mut String, groups: &[WorkloadGroup<'_>]) {
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
        "## Summary\n\nAt {most} threads{}, against serial `f2-iter` on the same trees: the \
         median over each workload's seeds (the workload sections below give the least and \
         greatest, and every thread count).\n",
        if oversubscribed {
            " (⚠ oversubscribed)"
        } else {
            ""
        }
    );
    md.push_str("| workload | seeds | f2-iter nps |");
    for a in &algos {
        let _ = write!(md, " {a} speedup | {a} search overhead |");
    }
    md.push_str("\n| --- | ---: | ---: |");
    for _ in &algos {
        md.push_str(" ---: | ---: |");
    }
    md.push('\n');
    for g in scaling {
        let rows = g.rows();
        let serial = rows
            .iter()
            .find(|r| r.algo.name() == "f2-iter")
            .map_or("—".into(), |r| rate(r.nps.0));
        let _ = write!(
            md,
            "| {} | {} | {serial} |",
            cell(&g.label()),
            g.seeds().len()
        );
        for a in &algos {
            match rows.iter().find(|r| r.algo == *a && r.threads == most) {
                Some(r) => {
                    let _ = write!(
                        md,
                        " {}{} | {} |",
                        r.speedup.map_or("—".into(), |s| format!("{s:.2}×")),
                        if r.verified { "" } else { " ❌" },
                        r.search_overhead
                            .map_or("—".into(), |o| format!("{:+.1}%", 100.0 * o)),
                    );
                }
                None => md.push_str(" — | — |"),
            }
        }
        md.push('\n');
    }
    md.push('\n');
}

fn legend(md: &mut String) {
    md.push_str(
        "## How to read the tables\n\n\
Each (tree, algorithm, thread count) was searched several times after an untimed warm-up \
(the *runs* above); times are wall-clock medians of those runs. A workload is a tree shape \
measured over several seeds; tables give the median over seeds and, where it matters, the \
least and greatest.\n\n\
* **value**: the root's negamax value, one per seed in seed order; given once per workload \
when every algorithm found the same values.\n\
* **nodes**, **leaves**: positions examined (procedure calls, root included) and terminal \
positions evaluated, counted as Knuth & Moore count them.\n\
* **nps**: nodes per second, nodes / median wall time (M = 10⁶).\n\
* **speedup** `S = T(f2-iter) / T(p)`: the serial non-recursive F2 kernel's time on the same \
tree, in the same process, over the parallel search's time on `p` threads.\n\
* **efficiency** `S / p`: the share of ideal speedup achieved.\n\
* **search overhead** `nodes(p) / nodes(f2-iter) − 1`: extra positions the parallel search \
examined because workers started before the bounds that would have cut them off were \
known.\n\
* **nps scaling** `nps(p) / nps(f2-iter)`: raw throughput gained from the threads, useful \
or not; speedup ≈ nps scaling / (1 + search overhead).\n\
* **Karp–Flatt** `e = (1/S − 1/p) / (1 − 1/p)`: the experimentally determined serial \
fraction. A constant `e` as `p` grows points at a fixed serial part; a growing `e` at \
overhead that grows with `p`. Undefined at `p = 1` (—).\n\
* **⚠ oversubscribed**: more threads than hardware threads; such speedups measure the \
scheduler more than the search.\n\
* **verified**: the root value equals serial F2's and the best move is one whose own value \
is the root value, on every run. ❌ marks a row where it is not.\n\n",
    );
}

/// The report's workload sections: runs of at least three consecutive workloads that
/// differ only in height, each one seed searched serially, share a section; every other
/// workload has its own.
fn sections<'g, 'a>(groups: &'g [WorkloadGroup<'a>]) -> Vec<&'g [WorkloadGroup<'a>]> {
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

fn workload(md: &mut String, g: &WorkloadGroup<'_>) {
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
    let parallel: Vec<&Row> = rows.iter().filter(|r| r.algo.is_parallel()).collect();
    if !parallel.is_empty() {
        md.push_str(
            "| algorithm | threads | speedup | speedup, least – greatest | efficiency | search overhead | nps scaling | Karp–Flatt e |\n",
        );
        md.push_str("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for r in parallel {
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {} | {} | {} | {} |",
                r.algo,
                threads_cell(r),
                r.speedup.map_or("—".into(), |s| format!("{s:.2}×")),
                r.speedup_range
                    .map_or("—".into(), |(lo, hi)| format!("{lo:.2}× – {hi:.2}×")),
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

/// The SIMULATED scaling of every workload with parallel records, against the measured.
fn simulated_scaling(
    md: &mut String,
    workloads: &[SimulatedWorkload],
    profile: Option<&CostProfile>,
) {
    if workloads.is_empty() {
        return;
    }
    let costs = match profile {
        Some(p) => format!(
            "the nanoseconds of this run folder's cost profile (`{CALIBRATION_FILE}`: {}, {} \
             cores; {}), growing with `p` as it says, and a position taking {:.3}× as long \
             in a parallel search at one processor and {:.4}× more per unit of x(p) ({} \
             growth)",
            p.machine.cpu_model,
            p.machine.cores,
            p.machine.source,
            1.0 + p.kernel_overhead,
            p.position_slowdown,
            match p.growth {
                Growth::Linear => "linear, x = p − 1",
                Growth::Log2 => "log2, x = log2 p",
            }
        ),
        None => "the nanoseconds of the simulator's default costs (measured on a 2-core \
                 machine, not growing with `p`: this run folder has no cost profile)"
            .to_string(),
    };
    let _ = write!(
        md,
        "## Simulated scaling (SIMULATED, virtual processors)\n\n\
The same root-split and ybwc code as the threads, run by the simulator on `p` virtual \
processors in virtual time, on the trees measured here: each examined position costs one \
unit, the other events (split points, serial searches, offers, steals, bound updates, \
aborts) {costs}, converted into positions at \
the time one position took serial `f2-iter` in this run (the median over the workload's \
seeds of its wall time over its positions). ybwc splits where the threads split: the split \
height and eldest grain its records give. SIMULATED numbers are not measurements; the \
*gap*, SIMULATED / measured − 1, shows how far they are from the threads at the thread \
counts measured, over the same seeds. `abbench simulate` gives more: work/span, idle time, \
every seed.\n\n{CHECKED}\n\n",
    );
    for w in workloads {
        let _ = writeln!(md, "### {} (SIMULATED)\n", w.label);
        match &w.outcome {
            Ok(scaling) => simulated_workload(md, w, scaling),
            Err(why) => {
                let _ = writeln!(md, "{}.\n", cell(why));
            }
        }
    }
    gap_summary(md, workloads);
}

/// Where the simulator has been checked against real runs, and how well.
const CHECKED: &str = "Where the simulator has been checked: on a 2-core machine at `p = 2` \
(within 13%, `crates/parallel/src/sim/README.md`), and on a 16-core machine at \
`p = 4, 8, 16` with the profile fitted to it (`reports/calibration/README.md`: median |gap| \
9.1% over its 42 rows of at least 5 ms, every row within 24%). Elsewhere — other \
machines, more processors than a profile measured — SIMULATED figures are an \
extrapolation.";

/// The gaps of this run, all workloads together.
fn gap_summary(md: &mut String, workloads: &[SimulatedWorkload]) {
    let mut gaps: Vec<(f64, String)> = Vec::new();
    for w in workloads {
        let Ok(s) = &w.outcome else { continue };
        for r in s.rows.iter().filter(|r| r.procs >= 2 && !r.oversubscribed) {
            if let Some(g) = r.gap() {
                gaps.push((g, format!("{}, {}, p = {}", w.label, r.algorithm, r.procs)));
            }
        }
    }
    let abs: Vec<f64> = gaps.iter().map(|(g, _)| g.abs()).collect();
    let (Some(median_abs), Some((worst, label))) = (
        crate::metrics::median(&abs),
        gaps.iter().max_by(|a, b| a.0.abs().total_cmp(&b.0.abs())),
    ) else {
        return;
    };
    let _ = writeln!(
        md,
        "In this run, over the {} (workload, algorithm, p ≥ 2) rows measured without \
         oversubscription: median |gap| {:.1}%, worst {:+.1}% ({label}).\n",
        gaps.len(),
        100.0 * median_abs,
        100.0 * worst
    );
}

fn simulated_workload(md: &mut String, w: &SimulatedWorkload, s: &SimulatedScaling) {
    let seeds: Vec<u64> = s.seeds.iter().flatten().copied().collect();
    let trees = match seeds.as_slice() {
        [] => "the tree file".to_string(),
        [one] => format!("seed {one}"),
        many => format!("seeds {}", seed_list(many)),
    };
    let of = if w.seeds_measured > s.seeds.len() {
        format!(" of the {} measured", w.seeds_measured)
    } else {
        String::new()
    };
    let limited = s
        .limited
        .as_ref()
        .map_or(String::new(), |why| format!(", {why}"));
    let c = &s.costs;
    let ybwc = match s.ybwc_options {
        Some(o) if o.is_automatic() => format!(
            " ybwc: automatic split height and eldest grain, as recorded (the grain is {} / p \
             positions at p processors, {} at p <= 2).",
            2 * abbench_parallel::ELDEST_GRAIN_POSITIONS,
            abbench_parallel::ELDEST_GRAIN_POSITIONS
        ),
        Some(o) => format!(
            " ybwc: split height {}, eldest grain {}, as recorded.",
            o.split_height
                .map_or("automatic".to_string(), |h| h.to_string()),
            o.eldest_grain_for(2)
        ),
        None if s
            .rows
            .iter()
            .any(|r| r.algorithm == ParallelAlgorithm::Ybwc) =>
        {
            " ybwc: each seed's split height and eldest grain, as recorded.".to_string()
        }
        None => String::new(),
    };
    let _ = writeln!(
        md,
        "SIMULATED on {trees}{of}{limited}. One position took f2-iter {:.2} ns, so a split \
         point costs {} positions, a serial search {}, an offer {}, a steal {}, a bound update \
         {} and an abort {}{}.{ybwc}\n",
        s.position_nanos,
        count(c.split_point as f64),
        count(c.serial_search as f64),
        count(c.offer as f64),
        count(c.steal as f64),
        count(c.bound_update as f64),
        count(c.abort as f64),
        if s.grows_with_procs {
            " at one processor, and what the profile says at more"
        } else {
            ""
        },
    );
    md.push_str(
        "| algorithm | p | measured speedup | SIMULATED speedup | gap: SIMULATED / measured − 1 |\n",
    );
    md.push_str("| --- | ---: | ---: | ---: | ---: |\n");
    for r in &s.rows {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {:.2}× | {} |",
            r.algorithm,
            r.procs,
            r.measured.map_or(String::new(), |m| format!(
                "{m:.2}×{}",
                if r.oversubscribed {
                    " ⚠ oversubscribed"
                } else {
                    ""
                }
            )),
            r.simulated,
            r.gap()
                .map_or(String::new(), |g| format!("{:+.1}%", 100.0 * g)),
        );
    }
    md.push('\n');
}

/// Workloads of one tree shape at several heights, one seed each, searched serially:
/// one table, a row per height and algorithm.
fn height_family(md: &mut String, family: &[WorkloadGroup<'_>]) {
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

fn theory_table(md: &mut String, rows: &[TheoryRow]) {
    md.push_str("## Theory against measurement\n\n");
    if rows.is_empty() {
        md.push_str(
            "No workload here has a prediction in the paper (perfectly ordered, totally \
             dependent or random uniform trees searched by F1 or F2).\n",
        );
        return;
    }
    md.push_str(
        "Exact predictions (Corollary 1, §8) must match to the leaf on every seed; \
         expectations (Corollary 2, Theorem 6, §7) are set against the mean over the \
         workload's seeds, so a few trees give a ratio near, not at, 1; asymptotic growth \
         rates (Pearl, Table 1) are compared with `leaves^(1/h)`, which approaches them \
         only as `h` grows.\n\n",
    );
    md.push_str(
        "| workload | algorithm | quantity | source | predicted | measured | measured / predicted |\n",
    );
    md.push_str("| --- | --- | --- | --- | ---: | ---: | ---: |\n");
    for r in rows {
        let predicted = match r.predicted {
            Prediction::Exact(p) => count(p as f64),
            Prediction::Approximate(p) => significant(p),
            Prediction::Bounds(lo, hi) => format!("{} – {}", significant(lo), significant(hi)),
        };
        let measured = match r.predicted {
            Prediction::Exact(_) => count(r.measured),
            _ if r.trees > 1 => format!("{} (mean of {})", significant(r.measured), r.trees),
            _ => significant(r.measured),
        };
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} | {} |",
            cell(&r.workload),
            r.algorithm,
            r.quantity,
            r.source,
            predicted,
            measured,
            r.agreement(),
        );
    }
    md.push('\n');
}

fn threads_cell(r: &Row) -> String {
    if r.oversubscribed {
        format!("{} ⚠ oversubscribed", r.threads)
    } else {
        r.threads.to_string()
    }
}

fn values_cell(r: &Row) -> String {
    const SHOWN: usize = 5;
    let mut text = r
        .values
        .iter()
        .take(SHOWN)
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    if r.values.len() > SHOWN {
        let _ = write!(text, ", … ({} seeds)", r.values.len());
    }
    text
}

/// `1–3` for consecutive numbers (seeds, heights), else the list.
fn seed_list(seeds: &[u64]) -> String {
    let consecutive = seeds.windows(2).all(|w| w[1] == w[0] + 1);
    if consecutive && seeds.len() > 2 {
        format!("{}–{}", seeds[0], seeds[seeds.len() - 1])
    } else {
        seeds
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }
}
