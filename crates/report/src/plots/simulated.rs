//! `speedup-simulated.svg`: one panel per workload simulated, each parallel algorithm's
//! measured medians solid and its SIMULATED medians dashed, on log scales.

use super::{SIMULATED_PANEL_HEIGHT, SIMULATED_PANEL_WIDTH, grid};
use crate::simulated::SimulatedWorkload;
use crate::simulation_plot::{SpeedupCurve, speedup_chart};

/// One panel per workload simulated: each algorithm's measured median speedups (solid)
/// and SIMULATED ones (dashed) against processors, on log scales.
pub(super) fn simulated_figure(workloads: &[&SimulatedWorkload]) -> Result<String, String> {
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
            let (mut measured, mut simulated) = (Vec::new(), Vec::new());
            for (series, algorithm) in algorithms.into_iter().enumerate() {
                let rows = || {
                    scaling
                        .rows
                        .iter()
                        .filter(move |r| r.algorithm == algorithm)
                };
                measured.push(SpeedupCurve {
                    label: format!("{algorithm} measured"),
                    series,
                    points: rows()
                        .filter_map(|r| r.measured.map(|m| (r.procs, m)))
                        .collect(),
                });
                simulated.push(SpeedupCurve {
                    label: format!("{algorithm} (SIMULATED)"),
                    series,
                    points: rows().map(|r| (r.procs, r.simulated)).collect(),
                });
            }
            let seeds = scaling.seeds.len();
            let title = format!(
                "{} ({seeds} seed{} simulated)",
                workload.label,
                if seeds == 1 { "" } else { "s" }
            );
            speedup_chart(area, &title, &measured, &simulated, &[])
        },
    )
}
