//! `report.md`, one file per section in this order — the headline first: the title, the
//! machine in one line and whether it was shared (`title.rs`), any verification failures
//! and searches without a result (`verification.rs`), a summary of the scaling workloads
//! (`scaling_summary.rs`), the warnings, grouped by kind (`warnings.rs`), the machine and
//! build in full (`title.rs`), the plots, the SIMULATED
//! scaling beside the measured one (`simulated_section.rs`), the settings a suite's grid
//! swept (`study_section.rs`), the paper's predictions
//! against the measurements (`theory_table.rs`), the window techniques
//! (`crate::windows`), the games' positions (`games.rs`), how to read the tables (`legend.rs`), then one section per
//! workload (`workloads.rs`) — perfectly ordered families of one tree shape at several
//! heights, searched serially, share one section — and for a merged run, its parts
//! (`crate::shards`).

mod cells;
mod games;
mod legend;
mod scaling_summary;
mod simulated_section;
mod study_section;
mod theory_table;
mod title;
mod verification;
mod warnings;
mod workloads;

use crate::aggregate::WorkloadGroup;
use crate::shards::ShardsListing;
use crate::simulated::SimulatedWorkload;
use crate::study::Study;
use crate::theory::TheoryRow;
use abbench_parallel::sim::CostProfile;
use abbench_results::{MachineInfo, Results};
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
#[allow(clippy::too_many_arguments)]
pub(crate) fn render(
    results: &Results,
    machine: Option<&MachineInfo>,
    groups: &[WorkloadGroup<'_>],
    theory: &[TheoryRow],
    figures: &[Figure<'_>],
    simulated: SimulatedSection<'_>,
    studies: &[Study],
    shards: Option<&ShardsListing>,
) -> String {
    let (records, unfinished_searches) = (&results.records[..], &results.unfinished[..]);
    let mut md = String::new();
    // Why the run is incomplete: what its `machine.json` says (which names a torn last
    // line too), or without one, the torn line alone.
    let incomplete = machine
        .and_then(|m| m.incomplete.clone())
        .or_else(|| results.torn_note());
    title::title(
        &mut md,
        records,
        machine,
        incomplete.as_deref(),
        groups,
        shards,
    );
    verification::failures(&mut md, records);
    verification::unfinished(&mut md, unfinished_searches);
    scaling_summary::summary(&mut md, groups);
    let machine_warnings = machine.map(title::start_warnings).unwrap_or_default();
    warnings::warnings(&mut md, records, &machine_warnings);
    if let Some(m) = machine {
        title::machine_section(&mut md, records, m, shards);
    }
    if !figures.is_empty() {
        md.push_str("## Plots\n\n");
        for f in figures {
            let _ = writeln!(md, "![{}]({})\n", f.title, f.file);
        }
    }
    simulated_section::simulated_scaling(&mut md, simulated.workloads, simulated.profile);
    study_section::studies(&mut md, studies);
    theory_table::theory_table(&mut md, theory);
    crate::windows::section(&mut md, groups);
    games::games(&mut md, records);
    legend::legend(&mut md);
    md.push_str("## Workloads\n\n");
    for section in workloads::sections(groups) {
        match section {
            [one] => workloads::workload(&mut md, one),
            family => workloads::height_family(&mut md, family),
        }
    }
    if let Some(listing) = shards {
        md.push_str(&crate::shards::section(listing));
    }
    md
}
