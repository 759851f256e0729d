//! Whether the results are right: every result checked against serial F2, the ones that
//! do not agree listed first, and the searches that gave no result.

use crate::format::cell;
use abbench_results::{Record, Unfinished};
use std::fmt::Write;

/// Every result agrees with serial F2, or the table of those that do not.
pub(super) fn failures(md: &mut String, records: &[Record]) {
    let failed: Vec<&Record> = records.iter().filter(|r| !r.verified).collect();
    if records.is_empty() {
        md.push_str(
            "No results: nothing was measured, so nothing was checked against serial F2.\n\n",
        );
        return;
    }
    let truth = crate::checked_against(records);
    if failed.is_empty() {
        let _ = writeln!(
            md,
            "✅ Every one of the {} results agrees with {truth}.\n",
            records.len()
        );
        return;
    }
    let _ = writeln!(
        md,
        "## ❌ Verification failures\n\n**{} of {} results do not agree with {truth}** (a \
         different root value, or a best move whose own value is not the root value). \
         These are wrong answers, not noise.\n",
        failed.len(),
        records.len()
    );
    md.push_str(
        "| workload | seed | algorithm | threads | value | best move | published score |\n",
    );
    md.push_str("| --- | ---: | --- | ---: | ---: | ---: | ---: |\n");
    for r in failed {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} | {} |",
            cell(&r.tree.workload().label()),
            r.tree.seed.map_or("—".into(), |s| s.to_string()),
            r.algo,
            r.threads,
            r.value,
            r.best_move.map_or("—".into(), |m| m.to_string()),
            r.tree.score.map_or("—".into(), |s| s.to_string()),
        );
    }
    md.push('\n');
}

/// Searches that gave no result: timed out, failed, or stopped as slower than the fastest
/// serial search. None of them is a measurement.
pub(super) fn unfinished(md: &mut String, searches: &[Unfinished]) {
    if searches.is_empty() {
        return;
    }
    let failed = searches.iter().filter(|u| u.is_failure()).count();
    let timed_out = searches.iter().filter(|u| u.timed_out).count();
    let outpaced = searches.iter().filter(|u| u.is_outpaced()).count();
    let mark = match (failed, timed_out) {
        (0, 0) => "",
        (0, _) => "⏱ ",
        _ => "❌ ",
    };
    let _ = writeln!(
        md,
        "## {mark}Searches without a result\n\n{timed_out} searches reached their time limit and \
         {failed} failed. They gave no value and no counts, and appear in no other table.\n",
    );
    if outpaced > 0 {
        let _ = writeln!(
            md,
            "{outpaced} candidates for the fastest serial search were stopped once they had \
             run twice as long as the fastest so far: they could not be the fastest. That is \
             no fault.\n"
        );
    }
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
