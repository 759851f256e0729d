//! `theory.svg`: leaves examined against height on perfectly ordered trees, log scale,
//! measured F2, F1 and F0 against Corollary 1 (§6), F1's best case (§8) and `d^h`.

use super::{Drawn, THEORY_HEIGHT, THEORY_WIDTH, grid};
use crate::format::power_of_ten;
use crate::plot_style::{FONT, KeyedAxis, PALETTE, PlotError, REFERENCE, failed, legend};
use crate::theory::HeightSeries;
use plotters::prelude::*;

/// Leaves against height on a log scale, one panel per degree.
pub(super) fn theory_figure(series: &[HeightSeries]) -> Result<String, PlotError> {
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
