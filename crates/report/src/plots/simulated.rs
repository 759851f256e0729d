//! `speedup-simulated.svg`: one panel per workload simulated, each parallel algorithm's
//! measured medians solid and its SIMULATED medians dashed, on log scales. Both lines
//! are over the seeds simulated (a report simulates the first of the seeds measured to
//! stay quick), and the panel's title and legend say which: a measured line of seed 1
//! beside the table's median of twelve seeds would otherwise pass for the median.

use super::{SIMULATED_PANEL_HEIGHT, SIMULATED_PANEL_WIDTH, grid};
use crate::plot_style::PlotError;
use crate::simulated::SimulatedWorkload;
use crate::simulation_plot::{SpeedupCurve, speedup_chart};

/// One panel per workload simulated: each algorithm's measured median speedups (solid)
/// and SIMULATED ones (dashed) against processors, on log scales.
pub(super) fn simulated_figure(workloads: &[&SimulatedWorkload]) -> Result<String, PlotError> {
    grid(
        "Measured (solid) and SIMULATED (dashed) speedup",
        (SIMULATED_PANEL_WIDTH, SIMULATED_PANEL_HEIGHT),
        workloads,
        |area, workload| {
            let Ok(scaling) = &workload.outcome else {
                return Ok(());
            };
            let mut algorithms: Vec<_> = scaling.rows.iter().map(|r| r.algorithm).collect();
            algorithms.dedup();
            let which = seeds_named(&scaling.seeds);
            let (mut measured, mut simulated) = (Vec::new(), Vec::new());
            for (series, algorithm) in algorithms.into_iter().enumerate() {
                let rows = || {
                    scaling
                        .rows
                        .iter()
                        .filter(move |r| r.algorithm == algorithm)
                };
                measured.push(SpeedupCurve {
                    label: format!("{algorithm} measured ({which})"),
                    series,
                    points: rows()
                        .filter_map(|r| r.measured.map(|m| (r.procs, m)))
                        .collect(),
                });
                simulated.push(SpeedupCurve {
                    label: format!("{algorithm} (SIMULATED, {which})"),
                    series,
                    points: rows().map(|r| (r.procs, r.simulated)).collect(),
                });
            }
            let title = if workload.seeds_measured > scaling.seeds.len() {
                format!(
                    "{}: {which}, of {} seeds measured",
                    workload.label, workload.seeds_measured
                )
            } else {
                format!("{}: {which}", workload.label)
            };
            speedup_chart(area, &title, &measured, &simulated, &[])
        },
    )
}

/// The seeds both lines of a panel are over: `seed 1`, `median of seeds 1, 2`, or `the
/// tree file`.
fn seeds_named(seeds: &[Option<u64>]) -> String {
    let named: Vec<String> = seeds
        .iter()
        .map(|s| s.map_or_else(|| "the tree file".to_string(), |s| s.to_string()))
        .collect();
    match (seeds, named.as_slice()) {
        ([None], _) => "the tree file".into(),
        (_, [one]) => format!("seed {one}"),
        _ => format!("median of seeds {}", named.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::seeds_named;

    #[test]
    fn a_panel_names_the_seeds_its_lines_are_over() {
        assert_eq!(seeds_named(&[Some(1)]), "seed 1");
        assert_eq!(seeds_named(&[Some(1), Some(2)]), "median of seeds 1, 2");
        assert_eq!(seeds_named(&[None]), "the tree file");
    }
}
