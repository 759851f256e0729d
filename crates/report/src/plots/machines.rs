//! `speedup-machines.svg` of a cross-machine report: one panel per workload that two or
//! more runs measured with parallel algorithms, a line per (run, algorithm) through the
//! median speedup over the run's seeds, labelled with the run's machine.

use super::panel::Panel;
use super::scaling::{algorithm_line, draw_scaling_panel};
use super::{PANEL_HEIGHT, PANEL_WIDTH, Plot, grid};
use crate::aggregate::WorkloadGroup;
use crate::plot_style::{PlotError, algorithm_colour};
use abbench_results::Algorithm;

/// The runs' groups of one workload: `(run label, its group)`, runs in the order given.
pub(crate) type SharedWorkload<'a> = (String, Vec<(&'a str, &'a WorkloadGroup<'a>)>);

/// The figure: a panel per shared workload.
pub(crate) fn machines_figure(workloads: &[SharedWorkload<'_>]) -> Result<Plot, PlotError> {
    let max_threads = workloads
        .iter()
        .flat_map(|(_, runs)| runs.iter().flat_map(|(_, g)| g.records.iter()))
        .map(|r| r.threads)
        .max()
        .unwrap_or(2);
    let mut keys: Vec<f64> = workloads
        .iter()
        .flat_map(|(_, runs)| runs.iter().flat_map(|(_, g)| g.records.iter()))
        .map(|r| r.threads as f64)
        .collect();
    keys.sort_by(f64::total_cmp);
    keys.dedup();
    let panels: Vec<Panel> = workloads
        .iter()
        .map(|(label, runs)| panel(label, runs))
        .collect();
    let svg = grid(
        "Speedup against threads, machine by machine",
        (PANEL_WIDTH, PANEL_HEIGHT),
        &panels,
        |area, panel| draw_scaling_panel(area, panel, &keys, max_threads, "speedup"),
    )?;
    Ok(Plot {
        file: MACHINES_FIGURE,
        title: "Speedup against threads, machine by machine",
        svg,
    })
}

/// The figure's file name.
pub(crate) const MACHINES_FIGURE: &str = "speedup-machines.svg";

/// A workload's panel: each run's parallel algorithms in the algorithm's own colour, the
/// first run's lines solid and the others' dashed.
fn panel(label: &str, runs: &[(&str, &WorkloadGroup<'_>)]) -> Panel {
    let mut lines = Vec::new();
    for (k, (run, group)) in runs.iter().enumerate() {
        let mut algos: Vec<Algorithm> = group
            .records
            .iter()
            .map(|r| r.algo)
            .filter(|a| a.is_parallel())
            .collect();
        algos.sort();
        algos.dedup();
        for algo in algos {
            let mut line = algorithm_line(group, algo, algorithm_colour(algo), 0.0, &|r| {
                r.parallel.as_ref().map(|p| p.speedup)
            });
            line.label = format!("{run}: {algo}");
            line.reference = k > 0;
            lines.push(line);
        }
    }
    Panel {
        title: label.to_string(),
        lines,
    }
}
