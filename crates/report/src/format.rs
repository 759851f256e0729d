//! How the report writes numbers: into Markdown (counts, rates, significant figures,
//! table cells) and onto the figures' axes (short numbers, powers of ten, speedups). The
//! durations and sizes every crate prints are `abbench_results`' (`units.rs`).

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

/// Text taken as it is, never as Markdown or HTML, on one line: a CPU model or a
/// suite name of `# Heading` or `<script>` reads as those characters. Every character
/// Markdown gives meaning to inside a line is escaped with a backslash, and control
/// characters (a newline) become spaces.
pub(super) fn inline(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '~' | '&' | '#' | '!' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Text safe inside a table cell.
pub(super) fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}
/// `100`, `10⁴`, `10¹²`: labels of a log axis (other values as [`short_number`]).
pub(crate) fn power_of_ten(v: f64) -> String {
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
pub(crate) fn short_number(v: f64) -> String {
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

/// `0.5`, `2`, `20`, `300`: a speedup axis label.
pub(crate) fn speedup_label(v: f64) -> String {
    if v >= 10.0 {
        format!("{v:.0}")
    } else if v >= 1.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}
