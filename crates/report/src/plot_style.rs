//! What every plot of the report shares: the font, the palette, the legend, and an axis
//! whose ticks are exactly the values measured.

use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint};
use plotters::prelude::*;
use std::ops::Range;

pub(super) const FONT: &str = "sans-serif";

/// Tableau 10: distinct, and readable by most colour-blind readers.
pub(super) const PALETTE: [RGBColor; 6] = [
    RGBColor(0x4E, 0x79, 0xA7),
    RGBColor(0xF2, 0x8E, 0x2B),
    RGBColor(0x59, 0xA1, 0x4F),
    RGBColor(0xE1, 0x57, 0x59),
    RGBColor(0xB0, 0x7A, 0xA1),
    RGBColor(0x9C, 0x75, 0x5F),
];
pub(super) const REFERENCE: RGBColor = RGBColor(0x70, 0x70, 0x70);

/// A linear axis whose ticks are exactly the given values: the thread counts or heights
/// measured, never `1.5` threads.
#[derive(Clone)]
pub(super) struct KeyedAxis {
    pub(super) range: Range<f64>,
    pub(super) keys: Vec<f64>,
}

impl Ranged for KeyedAxis {
    type ValueType = f64;
    type FormatOption = DefaultFormatting;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        let span = self.range.end - self.range.start;
        let share = (value - self.range.start) / span;
        limit.0 + (share * f64::from(limit.1 - limit.0)).round() as i32
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        if self.keys.len() <= hint.max_num_points() {
            return self.keys.clone();
        }
        // Too many to label: every n-th, keeping the last.
        let step = self.keys.len().div_ceil(hint.max_num_points().max(1));
        let mut keys: Vec<f64> = self.keys.iter().copied().step_by(step).collect();
        if keys.last() != self.keys.last() {
            keys.extend(self.keys.last());
        }
        keys
    }

    fn range(&self) -> Range<f64> {
        self.range.clone()
    }
}

/// Draws the series' legend in the upper left corner, as every plot here does.
pub(crate) fn legend<'a, DB, CT>(chart: &mut ChartContext<'a, DB, CT>) -> Result<(), PlotError>
where
    DB: DrawingBackend + 'a,
    CT: CoordTranslate,
{
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .label_font((FONT, 12))
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK.mix(0.3))
        .draw()
        .map_err(failed)
}

/// A figure that plotters could not draw: its message, with what was being drawn.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct PlotError(String);

impl PlotError {
    /// An error of plotters while drawing `what`, or with no context when `what` is empty.
    pub(crate) fn drawing(what: &str, e: impl std::fmt::Display) -> PlotError {
        if what.is_empty() {
            PlotError(e.to_string())
        } else {
            PlotError(format!("drawing {what}: {e}"))
        }
    }
}

pub(super) fn failed(e: impl std::fmt::Display) -> PlotError {
    PlotError::drawing("", e)
}
