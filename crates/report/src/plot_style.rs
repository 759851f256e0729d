//! What every plot of the report shares: the font, the palette, the legend, and an axis
//! whose ticks are exactly the values measured.

use abbench_results::Algorithm;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint};
use plotters::prelude::*;
use std::ops::Range;

pub(super) const FONT: &str = "sans-serif";

/// Tableau 10, then Tableau 20's other tones: distinct, and readable by most
/// colour-blind readers. [`colour`] goes on past them, so a plot has as many colours as
/// there are algorithms.
pub(super) const PALETTE: [RGBColor; 20] = [
    RGBColor(0x4E, 0x79, 0xA7),
    RGBColor(0xF2, 0x8E, 0x2B),
    RGBColor(0x59, 0xA1, 0x4F),
    RGBColor(0xE1, 0x57, 0x59),
    RGBColor(0xB0, 0x7A, 0xA1),
    RGBColor(0x9C, 0x75, 0x5F),
    RGBColor(0x76, 0xB7, 0xB2),
    RGBColor(0xED, 0xC9, 0x48),
    RGBColor(0xFF, 0x9D, 0xA7),
    RGBColor(0xBA, 0xB0, 0xAC),
    RGBColor(0xA0, 0xCB, 0xE8),
    RGBColor(0xFF, 0xBE, 0x7D),
    RGBColor(0x8C, 0xD1, 0x7D),
    RGBColor(0xB6, 0x99, 0x2D),
    RGBColor(0xF1, 0xCE, 0x63),
    RGBColor(0x49, 0x98, 0x94),
    RGBColor(0x86, 0xBC, 0xB6),
    RGBColor(0xFA, 0xBF, 0xD2),
    RGBColor(0xD3, 0x72, 0x95),
    RGBColor(0xD4, 0xA6, 0xC8),
];

/// The `i`-th colour of a plot's series: the palette's, then hues a golden angle apart,
/// so no two series of one plot share a colour however many algorithms there are.
pub(crate) fn colour(i: usize) -> RGBColor {
    if let Some(&c) = PALETTE.get(i) {
        return c;
    }
    let hue = ((i - PALETTE.len()) as f64 * 137.508) % 360.0;
    let (r, g, b) = hsl_to_rgb(hue, 0.55, 0.5);
    RGBColor(r, g, b)
}

/// Where `algo` is in the one list of algorithms, serial first ([`Algorithm::ALL`]): the
/// index of its colour, the same in every figure whatever else the figure draws.
pub(crate) fn algorithm_series(algo: Algorithm) -> usize {
    Algorithm::ALL
        .iter()
        .position(|&a| a == algo)
        .expect("every algorithm is in the list")
}

/// `algo`'s colour, in every figure: [`colour`] of its place in the list of algorithms.
/// The list has 16 algorithms and the palette 20 colours, so each has a palette colour
/// of its own; a 21st would take the first golden-angle hue.
pub(crate) fn algorithm_colour(algo: Algorithm) -> RGBColor {
    colour(algorithm_series(algo))
}

/// A colour from hue (degrees), saturation and lightness (0 ..= 1).
fn hsl_to_rgb(hue: f64, saturation: f64, lightness: f64) -> (u8, u8, u8) {
    let chroma = (1.0 - (2.0 * lightness - 1.0).abs()) * saturation;
    let h = hue / 60.0;
    let x = chroma * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (chroma, x, 0.0),
        1 => (x, chroma, 0.0),
        2 => (0.0, chroma, x),
        3 => (0.0, x, chroma),
        4 => (x, 0.0, chroma),
        _ => (chroma, 0.0, x),
    };
    let m = lightness - chroma / 2.0;
    let byte = |v: f64| ((v + m) * 255.0).round() as u8;
    (byte(r), byte(g), byte(b))
}

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

#[cfg(test)]
mod palette_tests {
    use super::*;

    /// Every algorithm of one plot has a colour of its own, however many there are.
    #[test]
    fn there_are_as_many_colours_as_algorithms_and_more() {
        let n = abbench_results::Algorithm::ALL.len() + PALETTE.len();
        let colours: Vec<(u8, u8, u8)> = (0..n).map(|i| colour(i).rgb()).collect();
        for (i, a) in colours.iter().enumerate() {
            assert!(!colours[..i].contains(a), "colour {i} repeats: {a:?}");
        }
    }
}
