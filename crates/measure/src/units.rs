//! Quantities as people read them.

/// `40 s`, `12 minutes`, `3.5 hours`, `9.2 days`, `1.3e6 years`.
pub(crate) fn human_duration(seconds: f64) -> String {
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
}
