//! How the report writes numbers and text into Markdown: counts, rates, significant
//! figures, table cells.

use std::fmt::Write;

/// A count with thousands separated by commas (a median of two may end in `.5`).
pub(crate) fn count(v: f64) -> String {
    let whole = v.trunc() as u128;
    let digits = whole.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if v.fract() != 0.0 {
        let _ = write!(out, ".{}", (v.fract() * 10.0).round() as u32);
    }
    out
}

/// Nodes per second as `45.2 M`.
pub(crate) fn rate(nps: f64) -> String {
    if !nps.is_finite() {
        return "—".into();
    }
    if nps >= 1e9 {
        format!("{:.2} G", nps / 1e9)
    } else if nps >= 1e6 {
        format!("{:.1} M", nps / 1e6)
    } else if nps >= 1e3 {
        format!("{:.1} k", nps / 1e3)
    } else {
        format!("{nps:.0}")
    }
}

/// Four significant figures.
pub(super) fn significant(v: f64) -> String {
    if v.abs() >= 1000.0 {
        count(v.round())
    } else if v.abs() >= 100.0 {
        format!("{v:.1}")
    } else if v.abs() >= 10.0 {
        format!("{v:.2}")
    } else {
        format!("{v:.3}")
    }
}

/// Text safe inside a table cell.
pub(super) fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}
