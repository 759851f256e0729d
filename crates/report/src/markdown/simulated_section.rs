//! The `## Simulated scaling` section: the simulator on the trees measured, beside the
//! measured speedups, with the gap between them and where the simulator has been checked.

use super::cells::seed_list;
use crate::format::{cell, count};
use crate::simulated::{SimulatedScaling, SimulatedWorkload};
use abbench_parallel::ParallelAlgorithm;
use abbench_parallel::sim::{CostProfile, Growth};
use abbench_results::CALIBRATION_FILE;
use std::fmt::Write;

/// The SIMULATED scaling of every workload with parallel records, against the measured.
pub(super) fn simulated_scaling(
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
    let under_load = profile
        .and_then(|p| p.machine.under_load())
        .map_or(String::new(), |why| {
            format!("⚠ **The cost profile was {why}**; the SIMULATED figures use them.\n\n")
        });
    let _ = write!(
        md,
        "## Simulated scaling (SIMULATED, virtual processors)\n\n\
The same parallel code as the threads, run by the simulator on `p` virtual \
processors in virtual time, on the trees measured here: each examined position costs one \
unit, the other events (split points, serial searches, offers, steals, bound updates, \
aborts) {costs}, converted into positions at \
the time one position took serial `f2-iter` in this run (the median over the workload's \
seeds of its wall time over its positions). ybwc splits where the threads split: the split \
height and eldest grain its records give. SIMULATED numbers are not measurements; the \
*gap*, SIMULATED / measured − 1, shows how far they are from the threads at the thread \
counts measured, over the same seeds. `abbench simulate` gives more: work/span, idle time, \
every seed.\n\n{under_load}{CHECKED}\n\n",
    );
    for w in workloads {
        let _ = writeln!(md, "### {} (SIMULATED)\n", w.label);
        match &w.outcome {
            Ok(scaling) => simulated_workload(md, w, scaling),
            Err(why) => {
                let _ = writeln!(md, "{}.\n", cell(&why.to_string()));
            }
        }
    }
    gap_summary(md, workloads);
}

/// Where the simulator has been checked against real runs, and how well.
const CHECKED: &str = "Where the simulator has been checked: on a 2-core machine at `p = 2` \
(within 13%, `crates/parallel/src/sim/README.md`), and on two 16-core machines at \
`p = 4, 8, 16` (`reports/calibration/README.md`): with the profile fitted to the first, \
median |gap| 9.1% over its 42 rows of at least 5 ms, every row within 24%; with the profile \
`abbench calibrate` measured on the second, 6.0% over the 30 rows of its default sweep, \
every row within 24%. A profile of one machine on the other missed by a median 15%. \
Elsewhere — other machines, more processors than a profile measured — SIMULATED figures \
are an extrapolation.";

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
    let ybwc = ybwc_note(s);
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
    table_and_serial_costs(md, s);
    md.push_str(
        "| algorithm | p | measured speedup | SIMULATED speedup | gap: SIMULATED / measured − 1 | SIMULATED vs fastest serial |\n",
    );
    md.push_str("| --- | ---: | ---: | ---: | ---: | ---: |\n");
    for r in &s.rows {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {:.2}× | {} | {} |",
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
            r.simulated_vs_fastest
                .map_or(String::new(), |s| format!("{s:.2}×")),
        );
    }
    md.push('\n');
}

/// How ybwc split in the simulation: as its records say.
fn ybwc_note(s: &SimulatedScaling) -> String {
    match s.ybwc_options {
        Some(o) if o.given().iter().all(|s| !s.only_parallel()) => format!(
            " ybwc: automatic split height and eldest grain, as recorded (the grain is {} / p \
             positions at p processors, {} at p <= 2).",
            2 * abbench_parallel::ELDEST_GRAIN_POSITIONS,
            abbench_parallel::ELDEST_GRAIN_POSITIONS
        ),
        Some(o) => format!(" ybwc: {}, as recorded.", o.label()),
        None if s
            .rows
            .iter()
            .any(|r| r.algorithm == ParallelAlgorithm::Ybwc) =>
        {
            " ybwc: each seed's split height and eldest grain, as recorded.".to_string()
        }
        None => String::new(),
    }
}

/// What the table searches' accesses and each serial search's positions cost, and what
/// the profile did not hold.
fn table_and_serial_costs(md: &mut String, s: &SimulatedScaling) {
    let c = &s.costs;
    let serial = &c.serial;
    let _ = writeln!(
        md,
        "A table probe costs {} positions and a store {}; a position of the null-window \
         search's table kernel {:.2} of f2-iter's. The fastest serial search is chosen with \
         each one's time per position against f2-iter's: f2-soft {:.2}, pvs {:.2}, \
         aspiration {:.2}, mtdf {:.2}.{}\n",
        count(c.table_probe as f64),
        count(c.table_store as f64),
        1.0 + c.table_kernel_permille as f64 / 1000.0,
        serial.f2_soft as f64 / 1000.0,
        serial.pvs as f64 / 1000.0,
        serial.aspiration as f64 / 1000.0,
        serial.mtdf as f64 / 1000.0,
        if s.defaulted.is_empty() {
            String::new()
        } else {
            format!(
                " Not in the cost profile, so the reference machine's: {}.",
                s.defaulted
                    .iter()
                    .map(|d| format!("`{d}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        },
    );
}
