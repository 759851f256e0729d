//! Wall-time samples of repeated runs and their summary: median, extremes and
//! percentiles, computed exactly from the samples.
//!
//! A search is timed a handful of times (5 by default), far too few for a histogram: an
//! hdrhistogram of 5 samples reports a p90 and a p99 above the slowest run and a p50 that
//! is not the median. The quantiles here interpolate linearly between the sorted samples
//! (the common definition, R's type 7), so `min ≤ p50 = median ≤ p90 ≤ p99 ≤ max` always.
//! Distributions of many events (a parallel search's abort latencies) keep their
//! hdrhistogram, in `abbench-parallel`.

use crate::InvalidField;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The wall times of `repeat` timed runs of one search.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "wall_ns")]
pub struct WallTimes {
    /// Median, nanoseconds (the mean of the two middle samples for an even count,
    /// rounded to the nearest nanosecond).
    pub median: u64,
    /// Fastest run.
    pub min: u64,
    /// Slowest run.
    pub max: u64,
    /// 50th percentile: the median.
    pub p50: u64,
    /// 90th percentile, interpolated between the sorted samples.
    pub p90: u64,
    /// 99th percentile.
    pub p99: u64,
    /// Every sample, in the order measured.
    pub samples: Vec<u64>,
    /// Searches run back to back in each sample, when one search is too short to time
    /// alone (each sample is then their total time over their number); absent when each
    /// sample is one search.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 2))]
    pub runs_per_sample: Option<u64>,
    /// A 95% confidence interval of the median, `[low, high]` nanoseconds: the 2.5% and
    /// 97.5% quantiles of the medians of [`BOOTSTRAP_RESAMPLES`] resamples of the
    /// samples (bootstrap, seeded from the samples, so the same samples give the same
    /// interval); absent for fewer than two samples. With few samples it is as wide as
    /// they are apart, which is the point: five runs cannot pin a median closer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub median_ci: Option<[u64; 2]>,
}

/// Resamples drawn for [`WallTimes::median_ci`].
pub const BOOTSTRAP_RESAMPLES: usize = 2000;

impl WallTimes {
    /// Summarises samples of `runs_per_sample` searches each (their time per search);
    /// `None` when there are none.
    pub fn of_batches(samples: &[Duration], runs_per_sample: u64) -> Option<WallTimes> {
        WallTimes::of(samples).map(|w| WallTimes {
            runs_per_sample: (runs_per_sample > 1).then_some(runs_per_sample),
            ..w
        })
    }

    /// Summarises the samples; `None` when there are none.
    pub fn of(samples: &[Duration]) -> Option<WallTimes> {
        if samples.is_empty() {
            return None;
        }
        let ns: Vec<u64> = samples.iter().map(|d| d.as_nanos().max(1) as u64).collect();
        let mut sorted = ns.clone();
        sorted.sort_unstable();
        let median = quantile(&sorted, 0.5);
        Some(WallTimes {
            median,
            min: sorted[0],
            max: sorted[sorted.len() - 1],
            p50: median,
            p90: quantile(&sorted, 0.9),
            p99: quantile(&sorted, 0.99),
            median_ci: bootstrap_median_ci(&ns),
            samples: ns,
            runs_per_sample: None,
        })
    }

    /// The half-width of [`WallTimes::median_ci`] relative to the median (0.05: ±5%);
    /// `None` without an interval.
    pub fn relative_uncertainty(&self) -> Option<f64> {
        let [low, high] = self.median_ci?;
        Some((high - low) as f64 / 2.0 / self.median.max(1) as f64)
    }

    /// Checks figures read from a file against each other and against the samples:
    /// at least one sample, `min` and `max` the samples' least and greatest, `median`
    /// their median, and a `median_ci` in order within `[min, max]`. The error says
    /// which figure is wrong. (`p50`, `p90` and `p99` are left alone: earlier versions
    /// took them from a histogram, whose buckets may round them past `max`.)
    pub fn check(&self) -> Result<(), InvalidField> {
        let mut sorted = self.samples.clone();
        sorted.sort_unstable();
        let (Some(&least), Some(&greatest)) = (sorted.first(), sorted.last()) else {
            return Err(InvalidField(
                "`wall_ns.samples` is empty: a time is measured at least once".into(),
            ));
        };
        let median = quantile(&sorted, 0.5);
        let expect = |name: &str, value: u64, want: u64| {
            if value == want {
                Ok(())
            } else {
                Err(InvalidField(format!(
                    "`wall_ns.{name}` is {value}, but its {} samples give {want}",
                    sorted.len()
                )))
            }
        };
        expect("min", self.min, least)?;
        expect("max", self.max, greatest)?;
        expect("median", self.median, median)?;
        if let Some([low, high]) = self.median_ci
            && !(self.min <= low && low <= high && high <= self.max)
        {
            return Err(InvalidField(format!(
                "`wall_ns.median_ci` [{low}, {high}] is not an interval within min {} … max {}",
                self.min, self.max
            )));
        }
        if self.runs_per_sample.is_some_and(|n| n < 2) {
            return Err(InvalidField("`wall_ns.runs_per_sample` is below 2".into()));
        }
        Ok(())
    }

    /// `count` per second of median time.
    pub fn per_second(&self, count: u64) -> f64 {
        count as f64 / (self.median as f64 * 1e-9)
    }
}

/// The bootstrap 95% interval of the median of `samples` (see [`WallTimes::median_ci`]).
fn bootstrap_median_ci(samples: &[u64]) -> Option<[u64; 2]> {
    use rand_core::{Rng, SeedableRng};
    let n = samples.len();
    if n < 2 {
        return None;
    }
    let seed = samples.iter().fold(0x9E37_79B9_7F4A_7C15u64, |h, &x| {
        (h ^ x).wrapping_mul(0x0100_0000_01B3).rotate_left(29)
    });
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut resample = vec![0u64; n];
    let mut medians: Vec<u64> = (0..BOOTSTRAP_RESAMPLES)
        .map(|_| {
            for slot in resample.iter_mut() {
                *slot = samples[(rng.next_u64() % n as u64) as usize];
            }
            resample.sort_unstable();
            quantile(&resample, 0.5)
        })
        .collect();
    medians.sort_unstable();
    Some([quantile(&medians, 0.025), quantile(&medians, 0.975)])
}

/// The `q` quantile of `sorted` (not empty, ascending), interpolated linearly between the
/// two samples around position `q · (n − 1)` and rounded to the nearest nanosecond.
fn quantile(sorted: &[u64], q: f64) -> u64 {
    let position = q.clamp(0.0, 1.0) * (sorted.len() - 1) as f64;
    let below = position.floor() as usize;
    let above = position.ceil() as usize;
    let (a, b) = (sorted[below] as f64, sorted[above] as f64);
    (a + (b - a) * (position - below as f64)).round() as u64
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

    #[test]
    fn quantiles_of_five_samples_stay_within_them() {
        // An hdrhistogram gave p90 = p99 = 4,024,319 here, above the slowest run.
        let ns = [4023939u64, 3795626, 3855317, 3634467, 3406155];
        let samples: Vec<Duration> = ns.iter().map(|&n| Duration::from_nanos(n)).collect();
        let t = WallTimes::of(&samples).unwrap();
        assert_eq!((t.median, t.p50), (3795626, 3795626));
        assert_eq!(t.max, 4023939);
        // Between the two slowest: 3,855,317 + 0.6 · (4,023,939 − 3,855,317).
        assert_eq!(t.p90, 3956490);
        assert!(t.p99 <= t.max && t.p99 > t.p90);
    }

    #[test]
    fn the_median_interval_is_repeatable_and_within_the_samples() {
        let same = WallTimes::of(&[Duration::from_micros(100); 5]).unwrap();
        assert_eq!(same.median_ci, Some([100_000, 100_000]));
        assert_eq!(same.relative_uncertainty(), Some(0.0));
        let ns = [4023939u64, 3795626, 3855317, 3634467, 3406155];
        let samples: Vec<Duration> = ns.iter().map(|&n| Duration::from_nanos(n)).collect();
        let t = WallTimes::of(&samples).unwrap();
        let [low, high] = t.median_ci.unwrap();
        assert!(t.min <= low && low <= t.median && t.median <= high && high <= t.max);
        assert!(
            low < high,
            "five different samples leave the median uncertain"
        );
        assert_eq!(
            WallTimes::of(&samples).unwrap().median_ci,
            t.median_ci,
            "repeatable"
        );
        assert!(WallTimes::of(&samples[..1]).unwrap().median_ci.is_none());
        // Many close samples pin the median closer than a few spread ones.
        let tight: Vec<Duration> = (0..41)
            .map(|i| Duration::from_nanos(1_000_000 + i))
            .collect();
        let tight = WallTimes::of(&tight)
            .unwrap()
            .relative_uncertainty()
            .unwrap();
        assert!(tight < 0.0001, "{tight}");
        assert!(t.relative_uncertainty().unwrap() > 0.01);
    }

    proptest::proptest! {
        #[test]
        fn every_quantile_is_between_min_and_max_and_p50_is_the_median(
            ns in proptest::collection::vec(1u64..10_000_000_000, 1..40)
        ) {
            let samples: Vec<Duration> = ns.iter().map(|&n| Duration::from_nanos(n)).collect();
            let t = WallTimes::of(&samples).unwrap();
            let mut sorted = ns.clone();
            sorted.sort_unstable();
            let n = sorted.len();
            let median = if n % 2 == 1 {
                sorted[n / 2]
            } else {
                ((sorted[n / 2 - 1] as f64 + sorted[n / 2] as f64) / 2.0).round() as u64
            };
            proptest::prop_assert_eq!(t.median, median);
            proptest::prop_assert_eq!(t.p50, t.median);
            proptest::prop_assert!(t.min <= t.p50 && t.p50 <= t.p90);
            proptest::prop_assert!(t.p90 <= t.p99 && t.p99 <= t.max);
            proptest::prop_assert_eq!((t.min, t.max), (sorted[0], sorted[n - 1]));
            if let Some([low, high]) = t.median_ci {
                proptest::prop_assert!(t.min <= low && low <= high && high <= t.max);
            } else {
                proptest::prop_assert_eq!(n, 1);
            }
        }
    }
}
