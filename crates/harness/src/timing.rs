//! Wall-time samples of repeated runs and their summary: median, extremes, and the
//! percentiles of an hdrhistogram.

use hdrhistogram::Histogram;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The wall times of `repeat` timed runs of one search.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct WallTimes {
    /// Median, nanoseconds (the mean of the two middle samples for an even count).
    pub median: u64,
    /// Fastest run.
    pub min: u64,
    /// Slowest run.
    pub max: u64,
    /// 50th percentile of the hdrhistogram (three significant figures).
    pub p50: u64,
    /// 90th percentile.
    pub p90: u64,
    /// 99th percentile.
    pub p99: u64,
    /// Every sample, in the order measured.
    pub samples: Vec<u64>,
}

impl WallTimes {
    /// Summarises the samples; `None` when there are none.
    pub fn of(samples: &[Duration]) -> Option<WallTimes> {
        if samples.is_empty() {
            return None;
        }
        let ns: Vec<u64> = samples.iter().map(|d| d.as_nanos().max(1) as u64).collect();
        let mut sorted = ns.clone();
        sorted.sort_unstable();
        let n = sorted.len();
        let median = if n % 2 == 1 {
            sorted[n / 2]
        } else {
            (sorted[n / 2 - 1] + sorted[n / 2]) / 2
        };
        let mut histogram = Histogram::<u64>::new(3).expect("valid histogram precision");
        for &s in &ns {
            histogram
                .record(s)
                .expect("an auto-resizing histogram takes any sample");
        }
        Some(WallTimes {
            median,
            min: sorted[0],
            max: sorted[n - 1],
            p50: histogram.value_at_quantile(0.5),
            p90: histogram.value_at_quantile(0.9),
            p99: histogram.value_at_quantile(0.99),
            samples: ns,
        })
    }

    /// `count` per second of median time.
    pub fn per_second(&self, count: u64) -> f64 {
        count as f64 / (self.median as f64 * 1e-9)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        let ms = |v: &[u64]| {
            v.iter()
                .map(|&x| Duration::from_millis(x))
                .collect::<Vec<_>>()
        };
        let t = WallTimes::of(&ms(&[5, 1, 3])).unwrap();
        assert_eq!((t.median, t.min, t.max), (3_000_000, 1_000_000, 5_000_000));
        let t = WallTimes::of(&ms(&[4, 1, 3, 2])).unwrap();
        assert_eq!(t.median, 2_500_000);
        assert!(WallTimes::of(&[]).is_none());
        assert_eq!(t.per_second(5), 2000.0);
    }
}
