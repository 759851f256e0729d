//! `speedup.svg`, `nps.svg`, `search-overhead.svg`: one panel per workload with parallel
//! runs, thread count across, a line per parallel algorithm through the median over seeds
//! and a bar from the least to the greatest seed.

use super::panel::{Line, Panel, draw_lines, y_range};
use super::{PANEL_HEIGHT, PANEL_WIDTH, grid};
use crate::aggregate::WorkloadGroup;
use crate::format::short_number;
use crate::metrics::median;
use crate::plot_style::{FONT, KeyedAxis, PlotError, REFERENCE, algorithm_colour, failed, legend};
use abbench_results::{Algorithm, Record};
use plotters::prelude::*;

/// One panel per workload: `metric` of each parallel algorithm against threads.
#[allow(clippy::type_complexity)]
pub(super) fn scaling_figure(
    title: &str,
    y_label: &str,
    max_threads: usize,
    groups: &[&WorkloadGroup<'_>],
    metric: impl Fn(&Record) -> Option<f64>,
    serial_reference: Option<(&str, &dyn Fn(&Record) -> Option<f64>)>,
    diagonal: Option<(&str, &dyn Fn(f64) -> f64)>,
) -> Result<String, PlotError> {
    let panels: Vec<Panel> = groups
        .iter()
        .map(|g| scaling_panel(g, max_threads, &metric, serial_reference, diagonal))
        .collect();

    let mut keys: Vec<f64> = groups
        .iter()
        .flat_map(|g| g.records.iter().map(|r| r.threads as f64))
        .collect();
    keys.sort_by(f64::total_cmp);
    keys.dedup();
    grid(
        title,
        (PANEL_WIDTH, PANEL_HEIGHT),
        &panels,
        |area, panel| draw_scaling_panel(area, panel, &keys, max_threads, y_label),
    )
}

/// Draws one panel of a scaling figure: thread counts `keys` across (up to
/// `max_threads`), `y_label` up, the panel's lines and a legend.
pub(super) fn draw_scaling_panel(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    panel: &Panel,
    keys: &[f64],
    max_threads: usize,
    y_label: &str,
) -> super::Drawn {
    let (y_min, y_max) = y_range(panel);
    let x_max = max_threads.max(2) as f64;
    let pad = (x_max - 1.0) * 0.08;
    let mut chart = ChartBuilder::on(area)
        .caption(&panel.title, (FONT, 15))
        .margin(12)
        .x_label_area_size(38)
        .y_label_area_size(58)
        .build_cartesian_2d(
            KeyedAxis {
                range: 1.0 - pad..x_max + pad,
                keys: keys.to_vec(),
            },
            y_min..y_max,
        )
        .map_err(failed)?;
    chart
        .configure_mesh()
        .x_desc("threads p")
        .y_desc(y_label)
        .axis_desc_style((FONT, 13))
        .label_style((FONT, 12))
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| short_number(*y))
        .light_line_style(WHITE)
        .bold_line_style(BLACK.mix(0.12))
        .draw()
        .map_err(failed)?;
    draw_lines(&mut chart, &panel.lines)?;
    legend(&mut chart)
}

/// A workload's panel: a line per parallel algorithm, the serial reference and the
/// diagonal if asked for.
#[allow(clippy::type_complexity)]
fn scaling_panel(
    g: &WorkloadGroup<'_>,
    max_threads: usize,
    metric: &dyn Fn(&Record) -> Option<f64>,
    serial_reference: Option<(&str, &dyn Fn(&Record) -> Option<f64>)>,
    diagonal: Option<(&str, &dyn Fn(f64) -> f64)>,
) -> Panel {
    let mut algos: Vec<Algorithm> = g
        .records
        .iter()
        .map(|r| r.algo)
        .filter(|a| a.is_parallel())
        .collect();
    algos.sort();
    algos.dedup();
    let count = algos.len() as f64;
    let mut lines: Vec<Line> = algos
        .into_iter()
        .enumerate()
        .map(|(i, algo)| {
            // Algorithms side by side at each thread count, so that one's marker and
            // spread bar do not hide another's.
            let nudge = (i as f64 - (count - 1.0) / 2.0) * 0.04 * (max_threads.max(2) - 1) as f64;
            algorithm_line(g, algo, algorithm_colour(algo), nudge, metric)
        })
        .collect();
    if let Some((label, f)) = serial_reference {
        let values: Vec<f64> = g.records.iter().filter_map(|r| f(r)).collect();
        if let Some(m) = median(&values) {
            lines.push(Line {
                label: label.to_string(),
                colour: REFERENCE,
                points: vec![(1.0, m), (max_threads as f64, m)],
                spreads: Vec::new(),
                reference: true,
            });
        }
    }
    if let Some((label, f)) = diagonal {
        let xs = [1.0, max_threads as f64];
        lines.push(Line {
            label: label.to_string(),
            colour: REFERENCE,
            points: xs.iter().map(|&x| (x, f(x))).collect(),
            spreads: Vec::new(),
            reference: true,
        });
    }
    let seeds = g.seeds().len();
    Panel {
        title: format!(
            "{} ({} seed{})",
            g.label(),
            seeds,
            if seeds == 1 { "" } else { "s" }
        ),
        lines,
    }
}

/// One algorithm's medians over the seeds at each thread count, moved `nudge` along the
/// axis, with the least and greatest where they differ.
pub(super) fn algorithm_line(
    g: &WorkloadGroup<'_>,
    algo: Algorithm,
    colour: RGBColor,
    nudge: f64,
    metric: &dyn Fn(&Record) -> Option<f64>,
) -> Line {
    let mut threads: Vec<usize> = g
        .records
        .iter()
        .filter(|r| r.algo == algo)
        .map(|r| r.threads)
        .collect();
    threads.sort_unstable();
    threads.dedup();
    let mut line = Line {
        label: algo.name().to_string(),
        colour,
        points: Vec::new(),
        spreads: Vec::new(),
        reference: false,
    };
    for t in threads {
        let values: Vec<f64> = g
            .records
            .iter()
            .filter(|r| r.algo == algo && r.threads == t)
            .filter_map(|r| metric(r))
            .filter(|v| v.is_finite())
            .collect();
        let Some(m) = median(&values) else { continue };
        line.points.push((t as f64 + nudge, m));
        let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if hi > lo {
            line.spreads.push((t as f64 + nudge, lo, hi));
        }
    }
    line
}
