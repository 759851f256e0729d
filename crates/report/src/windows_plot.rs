//! `windows.svg`: leaves examined against the root window's width, one panel per workload
//! with searches of finite windows, log scales; each algorithm's records as markers, and
//! full-window F2's leaves (median over the workload's seeds) as a dashed line across —
//! Knuth & Moore §4's narrow window, read from the records' `window` and `leaves`.

use crate::aggregate::WorkloadGroup;
use crate::metrics::median;
use crate::plot_style::{FONT, PlotError, REFERENCE, algorithm_colour, failed, legend};
use crate::windows::{is_full_f2, width};
use abbench_results::Algorithm;
use plotters::prelude::*;

const PANEL_WIDTH: u32 = 600;
const PANEL_HEIGHT: u32 = 420;

/// One workload's points: `(width, leaves)` per algorithm, and F2's full-window leaves.
struct Panel {
    label: String,
    points: Vec<(Algorithm, Vec<(f64, f64)>)>,
    full: Option<f64>,
}

fn panel(g: &WorkloadGroup<'_>) -> Option<Panel> {
    let mut points: Vec<(Algorithm, Vec<(f64, f64)>)> = Vec::new();
    for r in &g.records {
        let Some(w) = r.used.window.and_then(width) else {
            continue;
        };
        let point = (w as f64, (r.leaves as f64).max(1.0));
        match points.iter_mut().find(|(a, _)| *a == r.algo) {
            Some((_, p)) => p.push(point),
            None => points.push((r.algo, vec![point])),
        }
    }
    if points.is_empty() {
        return None;
    }
    points.sort_by_key(|(a, _)| *a);
    let full: Vec<f64> = g
        .records
        .iter()
        .filter(|r| is_full_f2(r))
        .map(|r| r.leaves as f64)
        .collect();
    Some(Panel {
        label: g.label(),
        points,
        full: median(&full),
    })
}

/// The figure, or `None` when no record has a finite root window.
pub(crate) fn windows_figure(groups: &[WorkloadGroup<'_>]) -> Result<Option<String>, PlotError> {
    let panels: Vec<Panel> = groups.iter().filter_map(panel).collect();
    if panels.is_empty() {
        return Ok(None);
    }
    let mut svg = String::new();
    {
        let size = (PANEL_WIDTH, PANEL_HEIGHT * panels.len() as u32 + 40);
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let body = root
            .titled(
                "Leaves examined against the root window's width (Knuth & Moore §4)",
                (FONT, 18).into_font().color(&BLACK),
            )
            .map_err(failed)?;
        for (area, p) in body.split_evenly((panels.len(), 1)).iter().zip(&panels) {
            draw(area, p)?;
        }
        root.present().map_err(failed)?;
    }
    Ok(Some(svg))
}

fn draw(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    p: &Panel,
) -> Result<(), PlotError> {
    let all = p.points.iter().flat_map(|(_, v)| v.iter().copied());
    let (mut x_max, mut y_max) = (1.0f64, p.full.unwrap_or(1.0));
    for (x, y) in all {
        x_max = x_max.max(x);
        y_max = y_max.max(y);
    }
    let mut chart = ChartBuilder::on(area)
        .caption(&p.label, (FONT, 15))
        .margin(12)
        .x_label_area_size(38)
        .y_label_area_size(64)
        .build_cartesian_2d(
            (0.5..x_max * 2.0).log_scale(),
            (1.0..y_max * 3.0).log_scale(),
        )
        .map_err(failed)?;
    chart
        .configure_mesh()
        .x_desc("root window width b − a (log scale)")
        .y_desc("leaves examined (log scale)")
        .axis_desc_style((FONT, 13))
        .label_style((FONT, 12))
        .light_line_style(WHITE)
        .bold_line_style(BLACK.mix(0.12))
        .draw()
        .map_err(failed)?;
    if let Some(full) = p.full {
        chart
            .draw_series(DashedLineSeries::new(
                vec![(0.5, full), (x_max * 2.0, full)],
                7,
                4,
                REFERENCE.stroke_width(2),
            ))
            .map_err(failed)?
            .label("F2, full window (median of seeds)")
            .legend(|(x, y)| PathElement::new(vec![(x - 2, y), (x + 18, y)], REFERENCE));
    }
    for (algo, points) in &p.points {
        let colour = algorithm_colour(*algo);
        chart
            .draw_series(
                points
                    .iter()
                    .map(|&pt| Circle::new(pt, 5, colour.stroke_width(2))),
            )
            .map_err(failed)?
            .label(algo.to_string())
            .legend(move |(x, y)| Circle::new((x + 8, y), 5, colour.stroke_width(2)));
    }
    legend(&mut chart)
}
