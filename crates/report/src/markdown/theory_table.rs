//! The `## Theory against measurement` section: the paper's predictions set against the
//! counts measured.

use crate::format::{cell, count, significant};
use crate::theory::{Prediction, TheoryRow};
use std::fmt::Write;

/// The predictions that apply to the records, or a note that none does.
pub(super) fn theory_table(md: &mut String, rows: &[TheoryRow]) {
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
