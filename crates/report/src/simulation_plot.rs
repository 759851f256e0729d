//! The SIMULATED speedup plot: speedup against virtual processors, both axes on a log
//! scale, one line per (algorithm, tree), the ideal line `S = p`, and horizontal
//! ceilings such as young brothers wait's work/span parallelism. The same chart, with
//! measured curves solid and the simulated ones dashed, is a panel of the report's
//! `speedup-simulated.svg` (`plots.rs`).

use crate::format::speedup_label;
use crate::plot_style::{FONT, KeyedAxis, PlotError, REFERENCE, colour, legend};
use abbench_parallel::ParallelAlgorithm;
use abbench_parallel::sim::{RootSplitCeiling, SimResult, WorkSpan};
use abbench_results::{Algorithm, TreeInfo};
use plotters::coord::Shift;
use plotters::prelude::*;

const WIDTH: u32 = 820;
const HEIGHT: u32 = 560;

/// One simulated speedup curve.
#[derive(Clone, Debug, PartialEq)]
pub struct SpeedupCurve {
    /// The legend's label; curves with an empty label are drawn without a legend entry
    /// (further seeds of a labelled series).
    pub label: String,
    /// The colour: an index into the palette, the algorithm's
    /// ([`crate::plot_style::algorithm_series`]), the same for its seeds and in every
    /// figure.
    pub series: usize,
    /// `(processors, speedup)`, processors increasing.
    pub points: Vec<(usize, f64)>,
}

/// A horizontal ceiling on the speedup.
#[derive(Clone, Debug, PartialEq)]
pub struct SpeedupCeiling {
    /// The legend's label.
    pub label: String,
    /// The colour: an index into the palette.
    pub series: usize,
    /// Dotted (a burdened or closed-form ceiling) rather than dashed.
    pub dotted: bool,
    /// The speedup it bounds.
    pub speedup: f64,
}

/// The SVG text of a simulated speedup plot titled `title`.
pub fn simulation_plot(
    title: &str,
    curves: &[SpeedupCurve],
    ceilings: &[SpeedupCeiling],
) -> Result<String, PlotError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| failed(&e))?;
        speedup_chart(&root, title, &[], curves, ceilings)?;
        root.present().map_err(|e| failed(&e))?;
    }
    Ok(svg)
}

/// What `abbench simulate --svg` draws, gathered tree by tree: a speedup curve per
/// algorithm and tree, ybwc's work/span parallelism (mean over the trees) and root
/// splitting's ceiling where known.
#[derive(Default)]
pub struct SimulationPlot {
    curves: Vec<SpeedupCurve>,
    parallelism: Vec<f64>,
    burdened: Vec<f64>,
    ybwc: bool,
    root_split_ceiling: Option<f64>,
}

impl SimulationPlot {
    /// Adds one tree's simulations of `algos`, its work and span, and root splitting's
    /// ceiling on it if known.
    pub fn add(
        &mut self,
        algos: &[ParallelAlgorithm],
        info: &TreeInfo,
        results: &[SimResult],
        ws: &WorkSpan,
        ceiling: Option<&RootSplitCeiling>,
    ) {
        let first_tree = self.curves.is_empty();
        for &algo in algos {
            let points = results
                .iter()
                .filter(|r| r.algorithm == algo)
                .map(|r| (r.procs, r.speedup))
                .collect();
            let label = if first_tree {
                match info.seed {
                    Some(_) => format!("{algo} (one line per seed)"),
                    None => algo.to_string(),
                }
            } else {
                String::new()
            };
            self.curves.push(SpeedupCurve {
                label,
                series: crate::plot_style::algorithm_series(Algorithm::Parallel(algo)),
                points,
            });
        }
        self.ybwc |= algos.contains(&ParallelAlgorithm::Ybwc);
        self.parallelism.push(ws.parallelism);
        self.burdened.push(ws.burdened_parallelism);
        if algos.contains(&ParallelAlgorithm::RootSplit) {
            self.root_split_ceiling = ceiling.map(|c| c.speedup);
        }
    }

    /// The SVG document, titled `title`.
    pub fn draw(&self, title: &str) -> Result<String, PlotError> {
        let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
        let of_trees = if self.parallelism.len() > 1 {
            " (mean over seeds)"
        } else {
            ""
        };
        let mut ceilings = Vec::new();
        if self.ybwc {
            ceilings.push(SpeedupCeiling {
                label: format!(
                    "ybwc work/span parallelism{of_trees}: {:.1}",
                    mean(&self.parallelism)
                ),
                series: 1,
                dotted: false,
                speedup: mean(&self.parallelism),
            });
            ceilings.push(SpeedupCeiling {
                label: format!(
                    "ybwc burdened parallelism{of_trees}: {:.1}",
                    mean(&self.burdened)
                ),
                series: 1,
                dotted: true,
                speedup: mean(&self.burdened),
            });
        }
        if let Some(c) = self.root_split_ceiling {
            ceilings.push(SpeedupCeiling {
                label: format!("root-split ceiling N(h) / (1 + N(h-1)): {c:.3}"),
                series: 0,
                dotted: true,
                speedup: c,
            });
        }
        simulation_plot(title, &self.curves, &ceilings)
    }
}

fn failed(e: &dyn std::fmt::Display) -> PlotError {
    PlotError::drawing("the simulation plot", e)
}

/// Draws speedup against processors on `area`, titled `title`: the ideal line, the
/// `ceilings`, the `measured` curves and the `simulated` ones. Without measured curves
/// it is the SIMULATED plot of `abbench simulate`, simulated curves drawn solid; beside
/// measured curves (solid) the simulated ones are dashed, so that the two cannot be
/// taken for each other, and the axes name both.
pub(super) fn speedup_chart(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    title: &str,
    measured: &[SpeedupCurve],
    simulated: &[SpeedupCurve],
    ceilings: &[SpeedupCeiling],
) -> Result<(), PlotError> {
    let curves = || measured.iter().chain(simulated);
    let p_max = curves()
        .flat_map(|c| c.points.iter().map(|p| p.0))
        .max()
        .unwrap_or(1)
        .max(2) as f64;
    let s_max = curves()
        .flat_map(|c| c.points.iter().map(|p| p.1))
        .chain(ceilings.iter().map(|c| c.speedup))
        .fold(1.0, f64::max);
    // Room above the highest curve for the legend, and the ideal line up to there.
    let y_max = (s_max * 6.0).min(p_max * 1.5).max(s_max * 1.5);
    let y_min = curves()
        .flat_map(|c| c.points.iter().map(|p| p.1))
        .fold(1.0, f64::min)
        * 0.7;
    let x_max = p_max.log2();
    let (x_desc, y_desc) = axis_descriptions(measured.is_empty());
    let mut chart = ChartBuilder::on(area)
        .caption(title, (FONT, 17))
        .margin(14)
        .x_label_area_size(44)
        .y_label_area_size(56)
        // x is log2(p), so that the ticks fall on the powers of two.
        .build_cartesian_2d(
            KeyedAxis {
                range: -0.3..x_max + 0.3,
                keys: (0..=x_max.ceil() as i32).map(f64::from).collect(),
            },
            (y_min..y_max).log_scale(),
        )
        .map_err(|e| failed(&e))?;
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .y_desc(y_desc)
        .axis_desc_style((FONT, 14))
        .label_style((FONT, 12))
        .x_label_formatter(&|x| {
            if (x - x.round()).abs() < 1e-9 && *x >= 0.0 {
                format!("{}", 2f64.powi(x.round() as i32))
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| {
            // Beside measurements the panels are small: label 1, 2, 5, 10, … only, so
            // that 9.0 and 10 do not run into each other.
            if measured.is_empty() || one_two_five(*y) {
                speedup_label(*y)
            } else {
                String::new()
            }
        })
        .light_line_style(WHITE)
        .bold_line_style(BLACK.mix(0.12))
        .draw()
        .map_err(|e| failed(&e))?;
    draw_references(&mut chart, p_max, y_max, ceilings)?;
    let solid = measured
        .iter()
        .chain(if measured.is_empty() { simulated } else { &[] });
    draw_solid(&mut chart, solid)?;
    if !measured.is_empty() {
        draw_dashed(&mut chart, simulated)?;
    }
    legend(&mut chart)
}

/// The axes' names: SIMULATED alone, or beside measurements.
fn axis_descriptions(simulated_only: bool) -> (&'static str, &'static str) {
    if simulated_only {
        (
            "virtual processors p (log scale)",
            "SIMULATED speedup over serial f2-iter (log scale)",
        )
    } else {
        (
            "threads or virtual processors p (log scale)",
            "speedup over serial f2-iter (log scale)",
        )
    }
}

/// The ideal line `S = p` up to `y_max`, and the ceilings, dashed or dotted.
fn draw_references<'a, X, Y>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, Cartesian2d<X, Y>>,
    p_max: f64,
    y_max: f64,
    ceilings: &[SpeedupCeiling],
) -> Result<(), PlotError>
where
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    let x = |p: f64| p.log2();
    let x_max = p_max.log2();
    let ideal: Vec<(f64, f64)> = (0..=64)
        .map(|i| 2f64.powf(f64::from(i) * p_max.log2() / 64.0))
        .filter(|&p| p <= y_max)
        .map(|p| (x(p), p))
        .collect();
    chart
        .draw_series(LineSeries::new(ideal, REFERENCE.stroke_width(1)))
        .map_err(|e| failed(&e))?
        .label("ideal: S = p")
        .legend(|(x, y)| PathElement::new(vec![(x - 2, y), (x + 19, y)], REFERENCE));
    for c in ceilings {
        let colour = colour(c.series);
        let line = vec![(-0.3, c.speedup), (x_max + 0.3, c.speedup)];
        let (dash, gap) = if c.dotted { (2, 4) } else { (8, 5) };
        let dotted = c.dotted;
        chart
            .draw_series(DashedLineSeries::new(
                line,
                dash,
                gap,
                colour.mix(0.8).stroke_width(2),
            ))
            .map_err(|e| failed(&e))?
            .label(c.label.clone())
            .legend(move |(x, y)| {
                let [a, b, c] = if dotted {
                    [(-2, 0), (8, 10), (18, 20)]
                } else {
                    [(-2, 4), (7, 13), (16, 21)]
                };
                let stroke = |(from, to): (i32, i32)| {
                    PathElement::new(vec![(from, 0), (to, 0)], colour.stroke_width(2))
                };
                EmptyElement::at((x, y)) + stroke(a) + stroke(b) + stroke(c)
            });
    }
    Ok(())
}

/// Curves drawn solid, with filled markers.
fn draw_solid<'a, 'c, X, Y>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, Cartesian2d<X, Y>>,
    solid: impl Iterator<Item = &'c SpeedupCurve>,
) -> Result<(), PlotError>
where
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    let x = |p: f64| p.log2();
    for c in solid {
        let colour = colour(c.series);
        let points: Vec<(f64, f64)> = c.points.iter().map(|&(p, s)| (x(p as f64), s)).collect();
        let drawn = chart
            .draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))
            .map_err(|e| failed(&e))?;
        if !c.label.is_empty() {
            drawn.label(c.label.clone()).legend(move |(x, y)| {
                EmptyElement::at((x, y))
                    + PathElement::new(vec![(-2, 0), (19, 0)], colour.stroke_width(2))
                    + Circle::new((8, 0), 3, colour.filled())
            });
        }
        chart
            .draw_series(points.iter().map(|&p| Circle::new(p, 3, colour.filled())))
            .map_err(|e| failed(&e))?;
    }
    Ok(())
}

/// SIMULATED curves beside measured ones: dashed, with hollow markers.
fn draw_dashed<'a, X, Y>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, Cartesian2d<X, Y>>,
    simulated: &[SpeedupCurve],
) -> Result<(), PlotError>
where
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    let x = |p: f64| p.log2();
    for c in simulated {
        let colour = colour(c.series);
        let points: Vec<(f64, f64)> = c.points.iter().map(|&(p, s)| (x(p as f64), s)).collect();
        let drawn = chart
            .draw_series(DashedLineSeries::new(
                points.clone(),
                7,
                4,
                colour.stroke_width(2),
            ))
            .map_err(|e| failed(&e))?;
        if !c.label.is_empty() {
            drawn.label(c.label.clone()).legend(move |(x, y)| {
                let stroke = |from: i32, to: i32| {
                    PathElement::new(vec![(from, 0), (to, 0)], colour.stroke_width(2))
                };
                EmptyElement::at((x, y))
                    + stroke(-2, 4)
                    + stroke(7, 13)
                    + stroke(16, 21)
                    + Circle::new((8, 0), 3, colour.stroke_width(1))
            });
        }
        // Hollow markers: where the simulation has a point, told from a measurement.
        chart
            .draw_series(
                points
                    .iter()
                    .map(|&p| Circle::new(p, 3, WHITE.filled()))
                    .chain(
                        points
                            .iter()
                            .map(|&p| Circle::new(p, 3, colour.stroke_width(1))),
                    ),
            )
            .map_err(|e| failed(&e))?;
    }
    Ok(())
}

/// Whether `v` is 1, 2 or 5 times a power of ten.
fn one_two_five(v: f64) -> bool {
    let mantissa = v / 10f64.powf(v.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .any(|m| (mantissa - m).abs() < 1e-6)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beside_measurements_the_speedup_axis_names_one_two_five() {
        for v in [0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0] {
            assert!(one_two_five(v), "{v}");
        }
        for v in [0.3, 0.9, 3.0, 9.0, 30.0, 40.0] {
            assert!(!one_two_five(v), "{v}");
        }
    }

    #[test]
    fn the_plot_names_its_curves_and_ceilings() {
        let curves = [SpeedupCurve {
            label: "ybwc".into(),
            series: 0,
            points: vec![(1, 0.9), (2, 1.8), (4, 3.0), (1024, 20.0)],
        }];
        let ceilings = [SpeedupCeiling {
            label: "work/span parallelism 64".into(),
            series: 0,
            dotted: false,
            speedup: 64.0,
        }];
        let svg = simulation_plot("SIMULATED test", &curves, &ceilings).unwrap();
        assert!(svg.starts_with("<svg"));
        for text in [
            "SIMULATED test",
            "ybwc",
            "work/span parallelism 64",
            "ideal",
        ] {
            assert!(svg.contains(text), "{text}");
        }
    }
}
