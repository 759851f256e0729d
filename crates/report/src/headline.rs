//! The few lines a sweep prints when it ends: how much was measured, whether every result
//! agrees with serial F2, whether other processes competed for the CPU, and the median
//! speedup of each parallel workload at its largest thread count, over f2-iter and over
//! the fastest serial search — enough to see at a glance whether to open `report.md`.

use crate::aggregate::group_by_workload;
use abbench_results::Record;
use std::fmt::Write;
use std::time::Duration;

/// What `records` were checked against: serial F2, and the published scores where a
/// tree has one (a Connect Four position's).
pub fn checked_against(records: &[Record]) -> &'static str {
    if records.iter().any(|r| r.tree.score.is_some()) {
        "serial F2 and the published scores"
    } else {
        "serial F2"
    }
}

/// The headline of `records`, measured in `elapsed`.
pub fn headline(records: &[Record], elapsed: Duration, other_cpu_share: Option<f64>) -> String {
    let mut trees: Vec<String> = records.iter().map(|r| r.tree.key()).collect();
    trees.sort();
    trees.dedup();
    let failed = records.iter().filter(|r| !r.verified).count();
    let mut text = format!(
        "{} trees, {} results in {}; ",
        trees.len(),
        records.len(),
        abbench_results::elapsed(elapsed)
    );
    let truth = checked_against(records);
    if records.is_empty() {
        text.push_str("no results, so nothing was checked against serial F2\n");
    } else if failed == 0 {
        let _ = writeln!(text, "every result agrees with {truth}");
    } else {
        let _ = writeln!(
            text,
            "{failed} results do NOT agree with {truth} (see report.md)"
        );
    }
    if let Some(warning) = crate::contention_warning(other_cpu_share) {
        let _ = writeln!(text, "⚠ {warning}");
    }
    let Some(most) = records
        .iter()
        .filter(|r| r.algo.is_parallel())
        .map(|r| r.threads)
        .max()
    else {
        return text;
    };
    let lines: Vec<(String, String)> = group_by_workload(records)
        .iter()
        .filter_map(|g| {
            let cells: Vec<String> = g
                .rows()
                .iter()
                .filter(|r| r.algo.is_parallel() && r.threads == most)
                .filter_map(|r| {
                    let against = match (r.speedup_vs_fastest, &r.fastest_serial) {
                        (Some(s), Some(name)) => format!(" ({s:.2}× vs fastest: {name})"),
                        _ => String::new(),
                    };
                    Some(format!("{} {:.2}×{against}", r.algo, r.speedup?))
                })
                .collect();
            (!cells.is_empty()).then(|| (g.label(), cells.join("  ")))
        })
        .collect();
    let oversubscribed = if most > abbench_results::available_threads() {
        ", oversubscribed"
    } else {
        ""
    };
    let _ = writeln!(
        text,
        "speedup at {most} threads{oversubscribed} over serial f2-iter (and over the fastest \
         serial search, named), median over seeds:"
    );
    let width = lines
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0);
    for (label, cells) in lines {
        let pad = " ".repeat(width - label.chars().count());
        let _ = writeln!(text, "  {label}{pad}  {cells}");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::headline;
    use std::time::Duration;

    #[test]
    fn no_results_claim_no_agreement() {
        let text = headline(&[], Duration::from_millis(300), None);
        assert_eq!(
            text,
            "0 trees, 0 results in 0.3 s; no results, so nothing was checked against serial F2\n"
        );
        assert!(!text.contains("agrees"));
    }
}
