//! The report's SVG plots, drawn with plotters:
//!
//! * `speedup.svg`, `nps.svg`, `search-overhead.svg`: one small panel per workload with
//!   parallel runs, thread count across, one line per parallel algorithm through the
//!   median over seeds, a bar from the least to the greatest seed; speedup with the ideal
//!   line `S = p`, nodes per second with serial `f2-iter` for reference;
//! * `speedup-simulated.svg`: one panel per workload simulated, speedup against
//!   processors on log scales, each parallel algorithm's measured medians solid and its
//!   SIMULATED medians dashed (`simulated.rs`), with the ideal line `S = p`;
//! * `theory.svg`: leaves examined against height on perfectly ordered trees, log scale,
//!   measured F2, F1 and F0 against Corollary 1 (§6), F1's best case (§8) and `d^h`;
//! * `windows.svg`: leaves examined against the root window's width (`windows_plot.rs`).

use crate::aggregate::WorkloadGroup;
use crate::metrics::median;
use crate::plot_style::{FONT, KeyedAxis, PALETTE, REFERENCE, failed, legend};
use crate::simulated::SimulatedWorkload;
use crate::simulation::{SpeedupCurve, speedup_chart};
use crate::theory::HeightSeries;
use crate::windows_plot::windows_figure;
use abbench_results::{Algorithm, Record};
use plotters::coord::Shift;
use plotters::prelude::*;

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

/// A line of a panel.
struct Line {
    label: String,
    colour: RGBColor,
    /// `(x, y)` points joined by the line (none for a reference drawn across).
    points: Vec<(f64, f64)>,
    /// `(x, least, greatest)` spread bars.
    spreads: Vec<(f64, f64, f64)>,
    /// Dashed, without markers: a reference, not a measurement.
    reference: bool,
}

/// One chart of a figure.
struct Panel {
    title: String,
    lines: Vec<Line>,
}

type Drawn = Result<(), String>;

/// Every plot the records allow.
pub(crate) fn plots(
    groups: &[WorkloadGroup<'_>],
    series: &[HeightSeries],
    simulated: &[SimulatedWorkload],
) -> Result<Vec<Plot>, String> {
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
    let simulated: Vec<&SimulatedWorkload> =
        simulated.iter().filter(|w| w.outcome.is_ok()).collect();
    if !simulated.is_empty() {
        out.push(Plot {
            file: "speedup-simulated.svg",
            title: "Speedup against processors, measured and SIMULATED",
            svg: simulated_figure(&simulated)?,
        });
    }
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

/// Lays panels out in a grid under a title and draws each with `draw`.
fn grid<T>(
    title: &str,
    panel_size: (u32, u32),
    items: &[T],
    mut draw: impl FnMut(&DrawingArea<SVGBackend<'_>, Shift>, &T) -> Drawn,
) -> Result<String, String> {
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

/// One panel per workload: `metric` of each parallel algorithm against threads.
#[allow(clippy::type_complexity)]
fn scaling_figure(
    title: &str,
    y_label: &str,
    max_threads: usize,
    groups: &[&WorkloadGroup<'_>],
    metric: impl Fn(&Record) -> Option<f64>,
    serial_reference: Option<(&str, &dyn Fn(&Record) -> Option<f64>)>,
    diagonal: Option<(&str, &dyn Fn(f64) -> f64)>,
) -> Result<String, String> {
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
        |area, panel| {
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
                        keys: keys.clone(),
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
        },
    )
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
            algorithm_line(g, algo, PALETTE[i % PALETTE.len()], nudge, metric)
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
fn algorithm_line(
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

/// One panel per workload simulated: each algorithm's measured median speedups (solid)
/// and SIMULATED ones (dashed) against processors, on log scales.
fn simulated_figure(workloads: &[&SimulatedWorkload]) -> Result<String, String> {
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

/// A y range holding every point and spread of the panel, from 0 unless it goes below.
fn y_range(panel: &Panel) -> (f64, f64) {
    let ys = panel.lines.iter().flat_map(|l| {
        l.points
            .iter()
            .map(|p| p.1)
            .chain(l.spreads.iter().flat_map(|s| [s.1, s.2]))
    });
    let (lo, hi) = ys.fold((0.0f64, f64::NEG_INFINITY), |(lo, hi), y| {
        (lo.min(y), hi.max(y))
    });
    let hi = if hi.is_finite() && hi > lo {
        hi
    } else {
        lo + 1.0
    };
    let span = hi - lo;
    // Room above for the legend in the upper-left corner.
    (
        if lo < 0.0 { lo - 0.08 * span } else { 0.0 },
        hi + 0.35 * span,
    )
}

/// Draws lines, markers, spread bars and legend entries.
fn draw_lines<'a, X, Y>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, Cartesian2d<X, Y>>,
    lines: &[Line],
) -> Drawn
where
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    for line in lines {
        let colour = line.colour;
        if line.reference {
            chart
                .draw_series(DashedLineSeries::new(
                    line.points.iter().copied(),
                    8,
                    5,
                    colour.stroke_width(2),
                ))
                .map_err(failed)?
                .label(line.label.clone())
                .legend(move |(x, y)| dashed_sample!(x, y, colour));
            continue;
        }
        chart
            .draw_series(LineSeries::new(
                line.points.iter().copied(),
                colour.stroke_width(2),
            ))
            .map_err(failed)?
            .label(line.label.clone())
            .legend(move |(x, y)| {
                EmptyElement::at((x, y))
                    + PathElement::new(vec![(-2, 0), (18, 0)], colour.stroke_width(2))
                    + Circle::new((8, 0), 4, colour.filled())
            });
        chart
            .draw_series(
                line.points
                    .iter()
                    .map(|&p| Circle::new(p, 4, colour.filled())),
            )
            .map_err(failed)?;
        chart
            .draw_series(line.spreads.iter().map(|&(x, lo, hi)| {
                PathElement::new(vec![(x, lo), (x, hi)], colour.mix(0.6).stroke_width(2))
            }))
            .map_err(failed)?;
    }
    Ok(())
}

/// Leaves against height on a log scale, one panel per degree.
fn theory_figure(series: &[HeightSeries]) -> Result<String, String> {
    grid(
        "Leaves examined on perfectly ordered uniform trees (ordered, q = 1)",
        (THEORY_WIDTH, THEORY_HEIGHT),
        series,
        |area, s| {
            let d = u64::from(s.degree);
            let heights =
                s.f2.iter()
                    .chain(&s.f1)
                    .chain(&s.f0)
                    .map(|p| p.0)
                    .collect::<Vec<_>>();
            let h_min = heights.iter().copied().min().unwrap_or(1);
            let h_max = heights.iter().copied().max().unwrap_or(1);
            let curves = theory_curves(d, h_min..=h_max);
            let y_max = curves[0].1.iter().map(|p| p.1).fold(1.0, f64::max) * 30.0;
            let x_lo = f64::from(h_min) - 0.3;
            let x_hi = f64::from(h_max) + 0.3;
            let keys: Vec<f64> = (h_min..=h_max).map(f64::from).collect();
            let mut chart = ChartBuilder::on(area)
                .caption(format!("degree d = {d}"), (FONT, 15))
                .margin(12)
                .x_label_area_size(38)
                .y_label_area_size(58)
                .build_cartesian_2d(
                    KeyedAxis {
                        range: x_lo..x_hi,
                        keys,
                    },
                    (1.0..y_max).log_scale(),
                )
                .map_err(failed)?;
            chart
                .configure_mesh()
                .x_desc("height h")
                .y_desc("leaves examined (log scale)")
                .axis_desc_style((FONT, 13))
                .label_style((FONT, 12))
                .x_label_formatter(&|x| format!("{x:.0}"))
                .y_label_formatter(&|y| power_of_ten(*y))
                .light_line_style(WHITE)
                .bold_line_style(BLACK.mix(0.12))
                .draw()
                .map_err(failed)?;
            draw_theory(&mut chart, curves, s)?;
            legend(&mut chart)
        },
    )
}

/// A curve of the theory figure: its label, points and colour.
type Curve = (&'static str, Vec<(f64, f64)>, RGBColor);

/// The paper's curves for degree `d` over `heights`: every leaf (F0), F1's best case
/// (§8) and Corollary 1, each with its label and colour.
fn theory_curves(d: u64, heights: std::ops::RangeInclusive<u32>) -> [Curve; 3] {
    let curve = |f: &dyn Fn(u32) -> Option<f64>| -> Vec<(f64, f64)> {
        heights
            .clone()
            .filter_map(|h| f(h).map(|y| (f64::from(h), y)))
            .collect()
    };
    let full = curve(&|h| Some((d as f64).powi(h as i32)));
    let corollary1 = curve(&|h| {
        abbench_theory::corollary1_leaves(d, h)
            .ok()
            .map(|v| v as f64)
    });
    let f1_best = curve(&|h| {
        abbench_theory::f1_best_case_level(d, h)
            .ok()
            .map(|v| v as f64)
    });
    [
        ("d^h: every leaf (F0)", full, REFERENCE),
        ("§8: F1 best case", f1_best, PALETTE[1]),
        (
            "Corollary 1: d^ceil(h/2) + d^floor(h/2) − 1",
            corollary1,
            PALETTE[0],
        ),
    ]
}

/// The paper's curves, dashed, and the leaves measured, as circles in the same colours.
fn draw_theory<'a, X, Y>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, Cartesian2d<X, Y>>,
    curves: [Curve; 3],
    s: &HeightSeries,
) -> Drawn
where
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    for (label, points, colour) in curves {
        chart
            .draw_series(DashedLineSeries::new(points, 7, 4, colour.stroke_width(2)))
            .map_err(failed)?
            .label(label)
            .legend(move |(x, y)| dashed_sample!(x, y, colour));
    }
    let (blue, orange, grey) = (PALETTE[0], PALETTE[1], REFERENCE);
    let measured = [
        ("measured F2 / f2-iter", &s.f2, blue),
        ("measured F1", &s.f1, orange),
        ("measured F0", &s.f0, grey),
    ];
    for (label, points, colour) in measured {
        if points.is_empty() {
            continue;
        }
        chart
            .draw_series(points.iter().map(|&(h, leaves)| {
                Circle::new((f64::from(h), leaves as f64), 5, colour.stroke_width(2))
            }))
            .map_err(failed)?
            .label(label)
            .legend(move |(x, y)| Circle::new((x + 8, y), 5, colour.stroke_width(2)));
    }
    Ok(())
}

/// `100`, `10⁴`, `10¹²`: labels of a log axis (other values as [`short_number`]).
fn power_of_ten(v: f64) -> String {
    let exponent = v.log10().round();
    if v < 1e3 || (v - 10f64.powf(exponent)).abs() > 1e-6 * v {
        return short_number(v);
    }
    const SUPERSCRIPTS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let digits: String = (exponent as u32)
        .to_string()
        .chars()
        .map(|c| SUPERSCRIPTS[c.to_digit(10).unwrap_or(0) as usize])
        .collect();
    format!("10{digits}")
}

/// `12`, `1.5`, `12k`, `3.4M`, `1.2G`: axis labels that fit.
fn short_number(v: f64) -> String {
    let a = v.abs();
    let (scaled, suffix) = if a >= 1e9 {
        (v / 1e9, "G")
    } else if a >= 1e6 {
        (v / 1e6, "M")
    } else if a >= 1e3 {
        (v / 1e3, "k")
    } else {
        (v, "")
    };
    let text = if scaled.fract().abs() < 1e-9 || scaled.abs() >= 10.0 {
        format!("{scaled:.0}")
    } else {
        let digits = if scaled.abs() >= 1.0 { 1 } else { 2 };
        let fixed = format!("{scaled:.digits$}");
        fixed
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_string()
    };
    format!("{text}{suffix}")
}
