//! The report's windows section: what the window techniques examined, from the records'
//! own fields (`window`, `bound`, `kinds`, `guess`, `searches`) and nothing else.
//!
//! * leaves examined against the root window's width and against how far the window's
//!   centre lies from the value: Knuth & Moore §4's narrow window, `F2(p, a, b)` with
//!   the value expected inside `(a, b)`;
//! * aspiration search and MTD(f) against the error of their first guess;
//! * f2-soft, PVS, aspiration and MTD(f) against full-window F2 on each workload;
//! * node kinds pv / cut / all per level, and how often the kind predicted before a node
//!   was searched was the kind it turned out to be.
//!
//! The value a window is judged against is the full-window F2 (or `f2-iter`) record's of
//! the same tree; without one, the error columns are blank.

use crate::aggregate::WorkloadGroup;
use crate::format::{cell, count};
use crate::metrics::median;
use abbench_results::{Algorithm, Record};
use abbench_search::{SerialAlgorithm, Window};
use abbench_tree::{INFINITY, NEG_INFINITY, Value};
use std::fmt::Write;

/// The window techniques compared with F2, in the order their rows are shown.
const TECHNIQUES: [SerialAlgorithm; 4] = [
    SerialAlgorithm::F2Soft,
    SerialAlgorithm::Pvs,
    SerialAlgorithm::Aspiration,
    SerialAlgorithm::Mtdf,
];

/// Whether a record carries anything this section shows: a root window, node kinds, or
/// a window technique's search.
pub(crate) fn is_window_record(r: &Record) -> bool {
    r.used.window.is_some()
        || r.kinds.is_some()
        || matches!(r.algo, Algorithm::Serial(a) if TECHNIQUES.contains(&a))
}

/// Whether `r` is a search of the whole tree by F2 or the kernel with the paper's window
/// and criterion: the reference every other search is set against.
pub(crate) fn is_full_f2(r: &Record) -> bool {
    matches!(
        r.algo,
        Algorithm::Serial(SerialAlgorithm::F2 | SerialAlgorithm::F2Iter)
    ) && r.used.window.is_none()
        && r.used.cutoff.is_none()
}

/// The full-window F2 record of the same tree (same seed) as `r`, if measured.
pub(crate) fn reference<'a>(group: &WorkloadGroup<'a>, r: &Record) -> Option<&'a Record> {
    let key = r.tree.key();
    group
        .records
        .iter()
        .copied()
        .find(|f| is_full_f2(f) && f.tree.key() == key)
}

/// `beta - alpha`, or `None` when a side is open.
pub(crate) fn width(w: Window) -> Option<Value> {
    (w.alpha > NEG_INFINITY && w.beta < INFINITY).then(|| w.beta - w.alpha)
}

/// How far the value lies from the window's centre, or `None` when a side is open.
pub(crate) fn centre_error(w: Window, value: Value) -> Option<Value> {
    width(w).map(|_| (value - (w.alpha + (w.beta - w.alpha) / 2)).abs())
}

/// `leaves / reference leaves` as a percentage cell.
fn share(leaves: u64, of: Option<&Record>) -> String {
    match of {
        Some(f) if f.leaves > 0 => format!("{:.1} %", 100.0 * leaves as f64 / f.leaves as f64),
        _ => "—".to_string(),
    }
}

fn seed(r: &Record) -> String {
    r.tree
        .seed
        .map_or_else(|| "—".to_string(), |s| s.to_string())
}

/// Appends the windows section to `md` when any record carries window data; nothing
/// otherwise.
pub(crate) fn section(md: &mut String, groups: &[WorkloadGroup<'_>]) {
    let shown: Vec<&WorkloadGroup<'_>> = groups
        .iter()
        .filter(|g| g.records.iter().any(|r| is_window_record(r)))
        .collect();
    if shown.is_empty() {
        return;
    }
    md.push_str(
        "## Windows\n\n\
         Knuth & Moore §4 call `F2(p, a, b)` with a window narrower than `(-∞, +∞)` when \
         the value is expected inside it: the narrower the window, the fewer positions \
         examined, and a value outside it comes back as a bound. Below, for each workload, \
         the searches with a root window against its width and against how far its centre \
         lies from the value (the full-window F2 record of the same tree); aspiration \
         search and MTD(f) against the error of their first guess; every window technique \
         against F2; and node kinds per level with how often the kind predicted before a \
         node was searched held.\n\n",
    );
    for g in shown {
        let _ = writeln!(md, "### {} — windows\n", cell(&g.label()));
        root_windows(md, g);
        guesses(md, g);
        against_f2(md, g);
        kinds(md, g);
    }
}

/// Leaves against the root window, narrowest first.
fn root_windows(md: &mut String, g: &WorkloadGroup<'_>) {
    let mut windowed: Vec<&Record> = g
        .records
        .iter()
        .copied()
        .filter(|r| r.used.window.is_some())
        .collect();
    if windowed.is_empty() {
        return;
    }
    windowed.sort_by_key(|r| {
        (
            r.used.window.and_then(width).unwrap_or(Value::MAX),
            r.tree.seed,
        )
    });
    md.push_str(
        "Leaves against the root window (width `b − a`; error: the value's distance from \
         the window's centre; share: of full-window F2's leaves on the same tree):\n\n\
         | algorithm | seed | window | cutoff | width | error | result | leaves | share |\n\
         | --- | ---: | --- | --- | ---: | ---: | --- | ---: | ---: |\n",
    );
    for r in windowed {
        let w = r.used.window.expect("filtered on the window");
        let full = reference(g, r);
        let opt = |v: Option<Value>| v.map_or_else(|| "∞".to_string(), |v| count(v as f64));
        let error = match full {
            Some(f) => opt(centre_error(w, f.value)),
            None => "—".to_string(),
        };
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} | {} {} | {} | {} |",
            r.algo,
            seed(r),
            cell(&w.to_string()),
            r.used.cutoff.map_or("ge", |c| c.name()),
            opt(width(w)),
            error,
            r.value,
            r.bound.map_or_else(String::new, |b| format!("({b})")),
            count(r.leaves as f64),
            share(r.leaves, full),
        );
    }
    md.push('\n');
}

/// Aspiration search and MTD(f) against the error of the first guess.
fn guesses(md: &mut String, g: &WorkloadGroup<'_>) {
    let mut guessed: Vec<&Record> = g
        .records
        .iter()
        .copied()
        .filter(|r| r.used.guess.is_some())
        .collect();
    if guessed.is_empty() {
        return;
    }
    guessed.sort_by_key(|r| (r.algo, r.tree.seed));
    md.push_str(
        "Aspiration search and MTD(f) against the error of the first guess (`|guess − \
         value|`; searches: full-depth root searches made):\n\n\
         | algorithm | seed | guess | source | error | searches | leaves | share |\n\
         | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |\n",
    );
    for r in guessed {
        let guess = r.used.guess.expect("filtered on the guess");
        let source = r
            .guess_source
            .map_or_else(String::new, |s| format!("{s:?}").to_lowercase());
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} | {} | {} |",
            r.algo,
            seed(r),
            guess,
            source,
            count((r.value - guess).abs() as f64),
            r.searches
                .map_or_else(|| "—".to_string(), |s| s.to_string()),
            count(r.leaves as f64),
            share(r.leaves, reference(g, r)),
        );
    }
    md.push('\n');
}

/// The median over seeds of each technique's leaves and positions, and of its share of
/// F2's leaves on the same tree.
fn against_f2(md: &mut String, g: &WorkloadGroup<'_>) {
    let full: Vec<&Record> = g
        .records
        .iter()
        .copied()
        .filter(|r| is_full_f2(r))
        .collect();
    let mut rows = Vec::new();
    for algo in TECHNIQUES {
        let of: Vec<&Record> = g
            .records
            .iter()
            .copied()
            .filter(|r| r.algo == Algorithm::Serial(algo) && r.used.window.is_none())
            .collect();
        if of.is_empty() {
            continue;
        }
        let leaves: Vec<f64> = of.iter().map(|r| r.leaves as f64).collect();
        let nodes: Vec<f64> = of.iter().map(|r| r.nodes as f64).collect();
        let shares: Vec<f64> = of
            .iter()
            .filter_map(|r| {
                reference(g, r)
                    .filter(|f| f.leaves > 0)
                    .map(|f| r.leaves as f64 / f.leaves as f64)
            })
            .collect();
        rows.push((algo, of.len(), leaves, nodes, shares));
    }
    if rows.is_empty() || full.is_empty() {
        return;
    }
    let f2_leaves: Vec<f64> = full.iter().map(|r| r.leaves as f64).collect();
    let f2_nodes: Vec<f64> = full.iter().map(|r| r.nodes as f64).collect();
    md.push_str(
        "Every technique against full-window F2 (medians over seeds; share: the median \
         over seeds of leaves / F2's leaves on the same tree):\n\n\
         | algorithm | seeds | leaves | positions | share of F2's leaves |\n\
         | --- | ---: | ---: | ---: | ---: |\n",
    );
    let _ = writeln!(
        md,
        "| f2 (full window) | {} | {} | {} | 100.0 % |",
        full.len(),
        count(median(&f2_leaves).unwrap_or(0.0)),
        count(median(&f2_nodes).unwrap_or(0.0)),
    );
    for (algo, seeds, leaves, nodes, shares) in rows {
        let _ = writeln!(
            md,
            "| {algo} | {seeds} | {} | {} | {} |",
            count(median(&leaves).unwrap_or(0.0)),
            count(median(&nodes).unwrap_or(0.0)),
            median(&shares).map_or_else(|| "—".to_string(), |s| format!("{:.1} %", 100.0 * s)),
        );
    }
    md.push('\n');
}

/// Node kinds per level of each record that counted them.
fn kinds(md: &mut String, g: &WorkloadGroup<'_>) {
    for r in g.records.iter().copied() {
        let Some(k) = &r.kinds else { continue };
        let internal: u64 = (0..k.held.len()).map(|d| k.nodes_at(d)).sum();
        let held: u64 = k.held.iter().sum();
        let _ = writeln!(
            md,
            "Node kinds of {} on seed {}{} (actual / predicted; held: nodes whose \
             kind was the one predicted) — {} of {} predictions held ({}):\n\n\
             | depth | pv | cut | all | predicted pv | predicted cut | predicted all | held |\n\
             | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
            r.algo,
            seed(r),
            r.used
                .window
                .map_or_else(String::new, |w| format!(", window {w}")),
            count(held as f64),
            count(internal as f64),
            accuracy(held, internal),
        );
        for d in 0..k.held.len() {
            let _ = writeln!(
                md,
                "| {d} | {} | {} | {} | {} | {} | {} | {} |",
                count(k.actual.pv[d] as f64),
                count(k.actual.cut[d] as f64),
                count(k.actual.all[d] as f64),
                count(k.predicted.pv[d] as f64),
                count(k.predicted.cut[d] as f64),
                count(k.predicted.all[d] as f64),
                accuracy(k.held[d], k.nodes_at(d)),
            );
        }
        md.push('\n');
    }
}

/// `held / of` as a percentage, or `—` for no nodes.
fn accuracy(held: u64, of: u64) -> String {
    if of == 0 {
        "—".to_string()
    } else {
        format!("{:.1} %", 100.0 * held as f64 / of as f64)
    }
}
