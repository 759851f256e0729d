//! Quantities as people read them, the one place every crate formats durations and
//! sizes for a message or a report.

use std::time::Duration;

/// `40 s`, `12 minutes`, `3.5 hours`, `9.2 days`, `1.3e6 years`.
pub fn human_duration(seconds: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = 3600.0;
    const DAY: f64 = 86400.0;
    const YEAR: f64 = 365.25 * DAY;
    if seconds < 2.0 * MINUTE {
        format!("{seconds:.0} s")
    } else if seconds < 2.0 * HOUR {
        format!("{:.0} minutes", seconds / MINUTE)
    } else if seconds < 2.0 * DAY {
        format!("{:.1} hours", seconds / HOUR)
    } else if seconds < 1000.0 * YEAR {
        format!("{:.1} days", seconds / DAY)
    } else {
        format!("{:.1e} years", seconds / YEAR)
    }
}

/// An elapsed wall time: `48.6 s` under two minutes, else `3 min 12 s`.
pub fn elapsed(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 120.0 {
        format!("{s:.1} s")
    } else {
        let whole = d.as_secs();
        format!("{} min {} s", whole / 60, whole % 60)
    }
}

/// A search's time in the unit that suits it: `850 ns`, `12.3 µs`, `4.56 ms`, `1.23 s`.
pub fn human_nanos(ns: u64) -> String {
    let ns = ns as f64;
    // A unit is chosen after rounding: 999,999 ns is 1.00 ms, not 1000 µs.
    if ns >= 999.5e6 {
        format!("{} s", three_significant(ns / 1e9))
    } else if ns >= 999.5e3 {
        format!("{} ms", three_significant(ns / 1e6))
    } else if ns >= 1e3 {
        format!("{} µs", three_significant(ns / 1e3))
    } else {
        format!("{ns:.0} ns")
    }
}

/// `x` (at least 1, or 0) with three significant digits, more for 1000 and above:
/// `1.23`, `12.3`, `123`, `4567`. A value that rounds up to the next decade is written
/// as that decade's figure (`9.996` → `10.0`).
fn three_significant(x: f64) -> String {
    let decimals = if x >= 99.95 {
        0
    } else if x >= 9.995 {
        1
    } else {
        2
    };
    format!("{x:.decimals$}")
}

/// A fraction as a percentage without float artefacts, with the digits a small one
/// needs: `3%`, `2.5%`, `0.1%`, `0.0001%`; at most three decimals from 0.1% up, and
/// three significant digits below it.
pub fn human_percent(fraction: f64) -> String {
    let pct = fraction * 100.0;
    if !pct.is_finite() {
        return format!("{pct}%");
    }
    let magnitude = pct.abs();
    let decimals = if magnitude == 0.0 || magnitude >= 0.1 {
        3
    } else {
        // Three significant digits: 0.0123 has its first at the second decimal.
        ((-magnitude.log10()).floor() as usize + 3).min(30)
    };
    let text = format!("{pct:.decimals$}");
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        &text
    };
    format!("{text}%")
}

/// `bytes`, with a binary unit beside it from a KiB on: `512 bytes`,
/// `3145728 bytes (3.0 MiB)`.
pub fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} bytes")
    } else {
        format!("{bytes} bytes ({value:.1} {})", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_in_their_unit() {
        assert_eq!(human_duration(40.0), "40 s");
        assert_eq!(human_duration(720.0), "12 minutes");
        assert_eq!(human_duration(3.5 * 3600.0), "3.5 hours");
        assert_eq!(human_duration(9.25 * 86400.0), "9.2 days");
        assert!(human_duration(1e20).ends_with("years"));
    }

    #[test]
    fn elapsed_times_read_in_seconds_then_minutes() {
        assert_eq!(elapsed(Duration::from_millis(48_640)), "48.6 s");
        assert_eq!(elapsed(Duration::from_secs(192)), "3 min 12 s");
    }

    #[test]
    fn search_times_and_sizes_take_their_unit() {
        assert_eq!(human_nanos(850), "850 ns");
        assert_eq!(human_nanos(12_345), "12.3 µs");
        assert_eq!(human_nanos(4_560_000), "4.56 ms");
        assert_eq!(human_nanos(1_234_000_000), "1.23 s");
        // Three significant digits whatever the magnitude within a unit.
        assert_eq!(human_nanos(21_000), "21.0 µs");
        assert_eq!(human_nanos(123_456), "123 µs");
        assert_eq!(human_nanos(45_600_000), "45.6 ms");
        assert_eq!(human_nanos(456_700_000), "457 ms");
        assert_eq!(human_nanos(9_996_000), "10.0 ms");
        assert_eq!(human_nanos(99_960_000), "100 ms");
        assert_eq!(human_nanos(12_345_000_000), "12.3 s");
        assert_eq!(human_nanos(4_567_000_000_000), "4567 s");
        assert_eq!(human_nanos(999_999), "1.00 ms");
        assert_eq!(human_nanos(999_600_000), "1.00 s");
        assert_eq!(human_nanos(999), "999 ns");
        assert_eq!(human_nanos(1000), "1.00 µs");
        assert_eq!(human_bytes(512), "512 bytes");
        assert_eq!(human_bytes(3 << 20), "3145728 bytes (3.0 MiB)");
    }
}

#[cfg(test)]
mod percent_tests {
    use super::human_percent;

    #[test]
    fn percentages_keep_the_digits_a_small_one_needs() {
        assert_eq!(human_percent(0.03), "3%");
        assert_eq!(human_percent(0.025), "2.5%");
        assert_eq!(human_percent(0.001), "0.1%");
        assert_eq!(human_percent(0.1 + 0.2), "30%");
        assert_eq!(human_percent(1.0), "100%");
        assert_eq!(human_percent(0.0), "0%");
        // `ab --threshold 0.0001` is a slowdown of 0.0001%, never of 0%.
        assert_eq!(human_percent(0.000_001), "0.0001%");
        assert_eq!(human_percent(0.000_001_234), "0.000123%");
        assert_eq!(human_percent(0.000_5), "0.05%");
        assert_eq!(human_percent(1e-18), "0.0000000000000001%");
        assert_eq!(human_percent(-0.05), "-5%");
    }
}
