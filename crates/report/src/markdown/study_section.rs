//! The parameter studies (`crate::study`): for each, a table of a parallel search's
//! median speedup at each value of the setting a suite's grid swept.

use crate::study::Study;
use std::fmt::Write;

/// The studies' section; nothing without one.
pub(super) fn studies(md: &mut String, studies: &[Study]) {
    if studies.is_empty() {
        return;
    }
    md.push_str("## Settings studies\n\n");
    md.push_str(
        "Each table sets the parallel searches' speedup against a setting the suite gave \
         several values. A row is an algorithm with the other settings it was given. \
         A cell is the median over seeds, the least and greatest in brackets. \
         `settings.svg` draws the same.\n\n",
    );
    for study in studies {
        let _ = writeln!(
            md,
            "### {}: {} at {} threads\n",
            study.workload.label(),
            study.setting.flag(),
            study.threads
        );
        let against = if study.against_fastest {
            "the fastest serial search of each tree, measured in the same run"
        } else {
            "serial f2-iter"
        };
        let _ = writeln!(md, "Speedup against {against}.\n");
        let _ = write!(md, "| series |");
        for (_, text) in &study.values {
            let _ = write!(md, " {}={text} |", study.setting.flag());
        }
        md.push('\n');
        md.push_str("| --- |");
        md.push_str(&" ---: |".repeat(study.values.len()));
        md.push('\n');
        for line in &study.lines {
            let _ = write!(md, "| {} |", line.label);
            for &(value, _) in &study.values {
                match line.points.iter().find(|p| p.value == value) {
                    Some(p) if p.seeds > 1 => {
                        let _ =
                            write!(md, " {:.2}× ({:.2}–{:.2}) |", p.median, p.least, p.greatest);
                    }
                    Some(p) => {
                        let _ = write!(md, " {:.2}× |", p.median);
                    }
                    None => md.push_str(" — |"),
                }
            }
            md.push('\n');
        }
        md.push('\n');
    }
}
