//! Axis labels that fit a small panel.

/// `100`, `10⁴`, `10¹²`: labels of a log axis (other values as [`short_number`]).
pub(super) fn power_of_ten(v: f64) -> String {
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
pub(super) fn short_number(v: f64) -> String {
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
