//! The report's SVG plots, drawn with plotters:
//!
//! * `speedup.svg`, `nps.svg`, `search-overhead.svg`: one small panel per workload with
//!   parallel runs, thread count across, one line per parallel algorithm through the
//!   median over seeds, a bar from the least to the greatest seed; speedup with the ideal
//!   line `S = p`, nodes per second with serial `f2-iter` for reference;
//! * `speedup-simulated.svg`: one panel per workload simulated, speedup against
//!   processors on log scales, each parallel algorithm's measured medians solid and its
//!   SIMULATED medians dashed (`crate::simulated`), with the ideal line `S = p`;
//! * `settings.svg`: a parallel search's speedup against a setting a suite's grid swept
//!   (`study.rs`);
//! * `theory.svg`: leaves examined against height on perfectly ordered trees, log scale,
//!   measured F2, F1 and F0 against Corollary 1 (§6), F1's best case (§8) and `d^h`;
//! * `windows.svg`: leaves examined against the root window's width (`windows_plot.rs`).

//!
//! One file per figure: `scaling.rs` (the first three), `simulated.rs`, `theory.rs`, and
//! `crate::windows_plot`; the panels they share in `panel.rs`; axis labels are
//! `crate::format`'s.

/// A legend's sample of a dashed line: three short strokes. (A macro because the
/// composed element's type, tied to the backend's lifetime, cannot be named.)
macro_rules! dashed_sample {
    ($x:expr, $y:expr, $colour:expr) => {
        EmptyElement::at(($x, $y))
            + PathElement::new(vec![(-2, 0), (3, 0)], $colour.stroke_width(2))
            + PathElement::new(vec![(6, 0), (11, 0)], $colour.stroke_width(2))
            + PathElement::new(vec![(14, 0), (19, 0)], $colour.stroke_width(2))
    };
}

mod machines;
mod panel;
mod scaling;
mod simulated;
mod study;
mod theory;

use crate::aggregate::WorkloadGroup;
use crate::plot_style::{FONT, PlotError, failed};
use crate::simulated::SimulatedWorkload;
use crate::study::Study;
use crate::theory::HeightSeries;
use crate::windows_plot::windows_figure;
use abbench_results::Record;
pub(crate) use machines::{MACHINES_FIGURE, SharedWorkload, machines_figure};
use plotters::coord::Shift;
use plotters::prelude::*;
use scaling::scaling_figure;
use simulated::simulated_figure;
use theory::theory_figure;

/// `settings.svg`, where the records hold a study.
fn study_plot(studies: &[Study]) -> Result<Option<Plot>, PlotError> {
    if studies.is_empty() {
        return Ok(None);
    }
    Ok(Some(Plot {
        file: "settings.svg",
        title: "Speedup against the settings studied",
        svg: study::study_figure(studies)?,
    }))
}

/// A plot's file name and SVG text.
pub(crate) struct Plot {
    /// File name, e.g. `speedup.svg`.
    pub file: &'static str,
    /// What the plot shows, for the report's alt text and caption.
    pub title: &'static str,
    /// The SVG document.
    pub svg: String,
}

const PANEL_WIDTH: u32 = 460;
const PANEL_HEIGHT: u32 = 340;
const COLUMNS: usize = 3;
const SIMULATED_PANEL_WIDTH: u32 = 600;
const SIMULATED_PANEL_HEIGHT: u32 = 440;
const THEORY_WIDTH: u32 = 720;
const THEORY_HEIGHT: u32 = 500;

type Drawn = Result<(), PlotError>;

/// Every plot the records allow.
pub(crate) fn plots(
    groups: &[WorkloadGroup<'_>],
    series: &[HeightSeries],
    simulated: &[SimulatedWorkload],
    studies: &[Study],
) -> Result<Vec<Plot>, PlotError> {
    let mut out = scaling_plots(groups)?;
    let simulated: Vec<&SimulatedWorkload> =
        simulated.iter().filter(|w| w.outcome.is_ok()).collect();
    if !simulated.is_empty() {
        out.push(Plot {
            file: "speedup-simulated.svg",
            title: "Speedup against processors, measured and SIMULATED",
            svg: simulated_figure(&simulated)?,
        });
    }
    out.extend(study_plot(studies)?);
    if !series.is_empty() {
        out.push(Plot {
            file: "theory.svg",
            title: "Leaves examined against height, perfectly ordered trees",
            svg: theory_figure(series)?,
        });
    }
    if let Some(svg) = windows_figure(groups)? {
        out.push(Plot {
            file: "windows.svg",
            title: "Leaves examined against the root window's width",
            svg,
        });
    }
    Ok(out)
}

/// The scaling figures (`speedup.svg`, `nps.svg`, `search-overhead.svg`), where a
/// workload has parallel records.
fn scaling_plots(groups: &[WorkloadGroup<'_>]) -> Result<Vec<Plot>, PlotError> {
    let mut out = Vec::new();
    let scaling: Vec<&WorkloadGroup<'_>> = groups.iter().filter(|g| g.has_parallel()).collect();
    if !scaling.is_empty() {
        let max_threads = scaling
            .iter()
            .flat_map(|g| g.records.iter().map(|r| r.threads))
            .max()
            .unwrap_or(1);
        out.push(Plot {
            file: "speedup.svg",
            title: "Speedup against threads",
            svg: scaling_figure(
                "Speedup over serial f2-iter (median of seeds; bars: least to greatest)",
                "speedup T(f2-iter) / T(p)",
                max_threads,
                &scaling,
                |r| r.parallel.as_ref().map(|p| p.speedup),
                None,
                Some(("ideal S = p", &|p| p)),
            )?,
        });
        out.push(Plot {
            file: "nps.svg",
            title: "Nodes per second against threads",
            svg: scaling_figure(
                "Nodes per second (median of seeds; bars: least to greatest)",
                "million nodes / s",
                max_threads,
                &scaling,
                |r| r.algo.is_parallel().then_some(r.nps / 1e6),
                Some(("f2-iter, serial", &|r: &Record| {
                    (r.algo.name() == "f2-iter").then_some(r.nps / 1e6)
                })),
                None,
            )?,
        });
        out.push(Plot {
            file: "search-overhead.svg",
            title: "Search overhead against threads",
            svg: scaling_figure(
                "Search overhead: extra nodes over serial f2-iter (median of seeds; bars: least to greatest)",
                "search overhead, % of f2-iter's nodes",
                max_threads,
                &scaling,
                |r| r.parallel.as_ref().map(|p| 100.0 * p.search_overhead),
                None,
                Some(("no overhead", &|_| 0.0)),
            )?,
        });
    }
    Ok(out)
}

/// Lays panels out in a grid under a title and draws each with `draw`.
fn grid<T>(
    title: &str,
    panel_size: (u32, u32),
    items: &[T],
    mut draw: impl FnMut(&DrawingArea<SVGBackend<'_>, Shift>, &T) -> Drawn,
) -> Result<String, PlotError> {
    let columns = items.len().clamp(1, COLUMNS);
    let rows = items.len().div_ceil(columns).max(1);
    let size = (
        panel_size.0 * columns as u32,
        panel_size.1 * rows as u32 + 40,
    );
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(failed)?;
        let body = root
            .titled(title, (FONT, 20).into_font().color(&BLACK))
            .map_err(failed)?;
        for (area, item) in body.split_evenly((rows, columns)).iter().zip(items) {
            draw(area, item)?;
        }
        root.present().map_err(failed)?;
    }
    Ok(svg)
}
