//! What the panelled figures share: a panel's lines with their spread bars, its y range,
//! and drawing them.

use super::Drawn;
use crate::plot_style::failed;
use plotters::prelude::*;

/// A line of a panel.
pub(super) struct Line {
    pub(super) label: String,
    pub(super) colour: RGBColor,
    /// `(x, y)` points joined by the line (none for a reference drawn across).
    pub(super) points: Vec<(f64, f64)>,
    /// `(x, least, greatest)` spread bars.
    pub(super) spreads: Vec<(f64, f64, f64)>,
    /// Dashed, without markers: a reference, not a measurement.
    pub(super) reference: bool,
}

/// One chart of a figure.
pub(super) struct Panel {
    pub(super) title: String,
    pub(super) lines: Vec<Line>,
}

/// A y range holding every point and spread of the panel, from 0 unless it goes below.
pub(super) fn y_range(panel: &Panel) -> (f64, f64) {
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
pub(super) fn draw_lines<'a, X, Y>(
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
