//! `settings.svg`: one panel per parameter study (`crate::study`), the setting's values
//! across, a line per series through its median speedup, a bar from the least to the
//! greatest seed.

use super::panel::{Line, Panel, draw_lines, y_range};
use super::{PANEL_HEIGHT, PANEL_WIDTH, grid};
use crate::format::short_number;
use crate::plot_style::{FONT, KeyedAxis, PlotError, algorithm_colour, failed, legend};
use crate::study::Study;
use plotters::prelude::*;

/// The figure of every study.
pub(super) fn study_figure(studies: &[Study]) -> Result<String, PlotError> {
    grid(
        "Speedup against the settings studied (median of seeds; bars: least to greatest)",
        (PANEL_WIDTH, PANEL_HEIGHT),
        studies,
        draw_study,
    )
}

/// One study's panel.
fn draw_study(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    study: &Study,
) -> super::Drawn {
    let panel = Panel {
        title: format!("{}, {} threads", study.workload.label(), study.threads),
        lines: study
            .lines
            .iter()
            .map(|line| Line {
                label: line.label.clone(),
                colour: algorithm_colour(line.algo),
                points: line.points.iter().map(|p| (p.value, p.median)).collect(),
                spreads: line
                    .points
                    .iter()
                    .map(|p| (p.value, p.least, p.greatest))
                    .collect(),
                reference: false,
            })
            .collect(),
    };
    let keys: Vec<f64> = study.values.iter().map(|(v, _)| *v).collect();
    let (lo, hi) = (
        keys.first().copied().unwrap_or(0.0),
        keys.last().copied().unwrap_or(1.0),
    );
    let pad = ((hi - lo) * 0.08).max(0.5);
    let (y_min, y_max) = y_range(&panel);
    let against = if study.against_fastest {
        "speedup vs fastest serial"
    } else {
        "speedup vs f2-iter"
    };
    let mut chart = ChartBuilder::on(area)
        .caption(&panel.title, (FONT, 15))
        .margin(12)
        .x_label_area_size(38)
        .y_label_area_size(58)
        .build_cartesian_2d(
            KeyedAxis {
                range: lo - pad..hi + pad,
                keys,
            },
            y_min..y_max,
        )
        .map_err(failed)?;
    chart
        .configure_mesh()
        .x_desc(study.setting.flag())
        .y_desc(against)
        .axis_desc_style((FONT, 13))
        .label_style((FONT, 12))
        .x_label_formatter(&|x| short_number(*x))
        .y_label_formatter(&|y| short_number(*y))
        .light_line_style(WHITE)
        .bold_line_style(BLACK.mix(0.12))
        .draw()
        .map_err(failed)?;
    draw_lines(&mut chart, &panel.lines)?;
    legend(&mut chart)
}
