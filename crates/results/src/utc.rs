//! Calendar dates in UTC from the system clock, for run folder names and `machine.json`,
//! without a date-time crate: Howard Hinnant's `civil_from_days` turns days since
//! 1970-01-01 into a proleptic Gregorian date.

use std::time::{SystemTime, UNIX_EPOCH};

/// A moment in UTC, to the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UtcTime {
    /// Year, e.g. 2025.
    pub year: i64,
    /// Month, 1 to 12.
    pub month: u32,
    /// Day of the month, 1 to 31.
    pub day: u32,
    /// Hour, 0 to 23.
    pub hour: u32,
    /// Minute, 0 to 59.
    pub minute: u32,
    /// Second, 0 to 59.
    pub second: u32,
}

impl UtcTime {
    /// Now, by the system clock (the epoch if the clock is set before it).
    pub fn now() -> UtcTime {
        let seconds = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        UtcTime::from_unix_seconds(seconds as i64)
    }

    /// The moment `seconds` after 1970-01-01T00:00:00Z.
    pub fn from_unix_seconds(seconds: i64) -> UtcTime {
        let days = seconds.div_euclid(86_400);
        let in_day = seconds.rem_euclid(86_400) as u32;
        // civil_from_days: eras of 400 years (146097 days) starting on March 1st, so that
        // the leap day falls at the end of the year.
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let day_of_era = z.rem_euclid(146_097);
        let year_of_era =
            (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let mp = (5 * day_of_year + 2) / 153;
        let day = (day_of_year - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = year_of_era + era * 400 + i64::from(month <= 2);
        UtcTime {
            year,
            month,
            day,
            hour: in_day / 3600,
            minute: in_day / 60 % 60,
            second: in_day % 60,
        }
    }

    /// `YYYY-MM-DD`.
    pub fn date(&self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }

    /// RFC 3339, e.g. `2025-03-01T12:00:00Z`.
    pub fn rfc3339(&self) -> String {
        format!(
            "{}T{:02}:{:02}:{:02}Z",
            self.date(),
            self.hour,
            self.minute,
            self.second
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates() {
        assert_eq!(
            UtcTime::from_unix_seconds(0).rfc3339(),
            "1970-01-01T00:00:00Z"
        );
        // 2000-02-29 (a leap day in a year divisible by 400), 12:34:56.
        assert_eq!(
            UtcTime::from_unix_seconds(951_827_696).rfc3339(),
            "2000-02-29T12:34:56Z"
        );
        assert_eq!(
            UtcTime::from_unix_seconds(1_709_251_199).rfc3339(),
            "2024-02-29T23:59:59Z"
        );
        assert_eq!(
            UtcTime::from_unix_seconds(1_709_251_200).date(),
            "2024-03-01"
        );
        assert_eq!(
            UtcTime::from_unix_seconds(-1).rfc3339(),
            "1969-12-31T23:59:59Z"
        );
        assert_eq!(
            UtcTime::from_unix_seconds(4_102_444_800).date(),
            "2100-01-01"
        );
    }
}
