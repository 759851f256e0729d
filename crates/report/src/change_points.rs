//! Change points of one series of measurements, for `abbench history`: E-divisive means
//! (Matteson & James 2014) with a permutation test, the method Apache Otava (formerly
//! Hunter) and MongoDB's change-point detection are built on.
//!
//! **The statistic.** For a split of the series `x[0..n]` at `τ` into `X` (before) and `Y`
//! (after), the energy distance between them, weighted by the sizes `m` and `r`:
//!
//! ```text
//! Q(τ) = m·r/n · ( 2/(m·r) Σ|xᵢ − yⱼ| − 1/C(m,2) Σ|xᵢ − xₖ| − 1/C(r,2) Σ|yⱼ − yₗ| )
//! ```
//!
//! Large when the values before and after the split differ in any way (level or spread),
//! with no assumption about their distribution. The best split is the `τ` of largest `Q`,
//! each side holding at least [`MIN_SEGMENT`] values. Each `τ` is found in O(n²) by
//! carrying the within-side sums from one `τ` to the next.
//!
//! **The test.** Is the best split's `Q` larger than the best split of the same values in
//! a random order would be? The series is shuffled and its best `Q` found again; the
//! p-value is the share of shuffles whose best is at least as large. Shuffles stop early
//! once [`EXCEEDANCES_TO_STOP`] of them have been as large (Besag & Clifford 1991: the
//! p-value is then `h / shuffles`, exact for that rule): a series with no change costs a
//! few dozen shuffles, a series with one runs every shuffle it needs. Shuffles are drawn
//! from a generator seeded by the caller, so a history gives the same answer every time
//! (Otava replaced the permutations by a t-test for the same reason; a seed keeps the
//! test free of any assumption about the distribution).
//!
//! **More than one change.** A significant split divides the series, and each side is
//! searched and tested again, at the same level, until no side has a significant split.
//! Under no change at all, the first test is the only one run, so the chance of any false
//! change point in a series is the level.
//!
//! **The size of a change.** Each change point's effect is the ratio of the segments on
//! either side (from the change point before it to the one after it), from the mean log
//! values, with a 95% confidence interval by Welch's t (the series are logs of times, so
//! the ratio is of geometric means). Changes smaller than the caller's minimum are found,
//! split at and then dropped from the answer: a series whose level moved by 1% still has
//! its later, larger change found within the right segment.

/// The fewest values on either side of a change point.
pub const MIN_SEGMENT: usize = 4;

/// Shuffles whose best split is at least the observed one after which the test stops: the
/// p-value is then at least `EXCEEDANCES_TO_STOP / shuffles` and far from significant.
pub const EXCEEDANCES_TO_STOP: usize = 10;

/// How a series is searched for change points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChangePointOptions {
    /// The significance level of each test (the caller divides its false-alarm rate among
    /// the series it tests).
    pub alpha: f64,
    /// Changes whose ratio is within `[1 / (1 + min_change), 1 + min_change]` are not
    /// reported (0.03 for 3%).
    pub min_change: f64,
    /// The seed of the shuffles.
    pub seed: u64,
}

impl ChangePointOptions {
    /// The most shuffles a test runs: enough that a split no shuffle matches reaches
    /// `alpha` with two shuffles to spare.
    pub fn max_shuffles(&self) -> usize {
        ((3.0 / self.alpha).ceil() as usize).clamp(100, 2_000_000)
    }
}

/// A change point of a series of logs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChangePoint {
    /// The first value after the change.
    pub index: usize,
    /// The permutation test's p-value.
    pub p: f64,
    /// After over before: `exp` of the difference of the segments' mean logs.
    pub ratio: f64,
    /// The ratio's 95% confidence interval, by Welch's t on the logs.
    pub ci: (f64, f64),
}

impl ChangePoint {
    /// Whether the values went up (a time that got longer).
    pub fn is_increase(&self) -> bool {
        self.ratio > 1.0
    }
}

/// The change points of `logs` (the logs of a positive measure, oldest first), in order.
pub fn change_points(logs: &[f64], options: &ChangePointOptions) -> Vec<ChangePoint> {
    let mut splits = Vec::new();
    let mut open = vec![(0, logs.len())];
    while let Some((start, end)) = open.pop() {
        let segment = &logs[start..end];
        let Some((at, q)) = best_split(segment) else {
            continue;
        };
        let mut rng = SplitMix::new(options.seed ^ (((start as u64) << 32) | end as u64));
        let p = permutation_p(segment, q, options, &mut rng);
        if p <= options.alpha {
            splits.push((start + at, p));
            open.push((start, start + at));
            open.push((start + at, end));
        }
    }
    splits.sort_by_key(|&(index, _)| index);
    let bounds: Vec<usize> = std::iter::once(0)
        .chain(splits.iter().map(|&(i, _)| i))
        .chain(std::iter::once(logs.len()))
        .collect();
    let limit = (1.0 + options.min_change).ln();
    splits
        .iter()
        .enumerate()
        .filter_map(|(k, &(index, p))| {
            let (before, after) = (&logs[bounds[k]..index], &logs[index..bounds[k + 2]]);
            let (ratio, ci) = log_effect(before, after);
            (ratio.ln().abs() >= limit).then_some(ChangePoint {
                index,
                p,
                ratio,
                ci,
            })
        })
        .collect()
}

/// The split of largest `Q` and its `Q`; `None` when the series is too short to split.
pub fn best_split(x: &[f64]) -> Option<(usize, f64)> {
    let n = x.len();
    if n < 2 * MIN_SEGMENT {
        return None;
    }
    let d = |i: usize, j: usize| (x[i] - x[j]).abs();
    let total: f64 = (0..n).map(|j| (0..j).map(|i| d(i, j)).sum::<f64>()).sum();
    // Within-left and within-right sums of distances for the split at `tau`.
    let (mut left, mut right) = (0.0, total);
    let mut best: Option<(usize, f64)> = None;
    for tau in 1..n - MIN_SEGMENT + 1 {
        // Moving x[tau - 1] from the right side to the left.
        let moved = tau - 1;
        left += (0..moved).map(|i| d(i, moved)).sum::<f64>();
        right -= (moved + 1..n).map(|j| d(moved, j)).sum::<f64>();
        if tau < MIN_SEGMENT {
            continue;
        }
        let (m, r) = (tau as f64, (n - tau) as f64);
        let cross = total - left - right;
        let q = m * r / n as f64
            * (2.0 * cross / (m * r)
                - 2.0 * left / (m * (m - 1.0))
                - 2.0 * right / (r * (r - 1.0)));
        if best.is_none_or(|(_, b)| q > b) {
            best = Some((tau, q));
        }
    }
    best
}

/// The p-value of the best split's `observed` statistic: shuffles of `x` whose best split
/// is at least as large, with Besag and Clifford's early stop.
fn permutation_p(
    x: &[f64],
    observed: f64,
    options: &ChangePointOptions,
    rng: &mut SplitMix,
) -> f64 {
    let max = options.max_shuffles();
    let mut shuffled = x.to_vec();
    let at_least = observed - observed.abs() * 1e-12;
    let mut exceeded = 0;
    for done in 1..=max {
        rng.shuffle(&mut shuffled);
        let best = best_split(&shuffled).map_or(0.0, |(_, q)| q);
        if best >= at_least {
            exceeded += 1;
            if exceeded >= EXCEEDANCES_TO_STOP {
                return exceeded as f64 / done as f64;
            }
        }
    }
    (exceeded + 1) as f64 / (max + 1) as f64
}

/// After over before, from the mean logs, and its 95% interval by Welch's t.
pub fn log_effect(before: &[f64], after: &[f64]) -> (f64, (f64, f64)) {
    let (mb, vb) = mean_variance(before);
    let (ma, va) = mean_variance(after);
    let diff = ma - mb;
    let (sb, sa) = (vb / before.len() as f64, va / after.len() as f64);
    let se = (sb + sa).sqrt();
    if se == 0.0 || !se.is_finite() {
        return (diff.exp(), (diff.exp(), diff.exp()));
    }
    let df = (sb + sa).powi(2)
        / (sb * sb / (before.len() - 1) as f64 + sa * sa / (after.len() - 1) as f64);
    let half = t_975(df) * se;
    (diff.exp(), ((diff - half).exp(), (diff + half).exp()))
}

/// Mean and sample variance (0 for fewer than two values).
fn mean_variance(x: &[f64]) -> (f64, f64) {
    let n = x.len() as f64;
    let mean = x.iter().sum::<f64>() / n;
    if x.len() < 2 {
        return (mean, 0.0);
    }
    let var = x.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, var)
}

/// Student's t 97.5% quantile for `df` degrees of freedom: the table below 30 (rounding
/// a fractional Welch df down, which widens the interval), then the Cornish–Fisher
/// expansion about the normal quantile, within 1e-4 of the exact value from 30 on.
pub fn t_975(df: f64) -> f64 {
    const TABLE: [f64; 30] = [
        12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281, 2.2010,
        2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860, 2.0796, 2.0739,
        2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
    ];
    let df = df.max(1.0);
    if df < 30.0 {
        return TABLE[df.floor() as usize - 1];
    }
    let z: f64 = 1.959_963_984_540_054;
    let (z3, z5, z7) = (z.powi(3), z.powi(5), z.powi(7));
    z + (z3 + z) / (4.0 * df)
        + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * df * df)
        + (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / (384.0 * df.powi(3))
}

/// SplitMix64 (`rand_xoshiro`'s): a small seeded generator, enough for shuffles and for
/// the tests' noise.
#[derive(Clone, Debug)]
pub struct SplitMix(rand_xoshiro::SplitMix64);

impl SplitMix {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(<rand_xoshiro::SplitMix64 as rand_core::SeedableRng>::seed_from_u64(seed))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        rand_core::Rng::next_u64(&mut self.0)
    }

    /// Uniform in `0..n` (n > 0), by Lemire's multiply-shift (its bias is below 2⁻⁵⁰ for
    /// the lengths shuffled here).
    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Shuffles `x` in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, x: &mut [T]) {
        for i in (1..x.len()).rev() {
            x.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod test {
    use super::*;

    /// A standard normal draw (Box–Muller).
    fn normal(rng: &mut SplitMix) -> f64 {
        let u = ((rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
        let v = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }

    /// `n` logs with noise of standard deviation `sigma`, `step` added from `at` on.
    fn series(seed: u64, n: usize, sigma: f64, step: f64, at: usize) -> Vec<f64> {
        let mut rng = SplitMix::new(seed);
        (0..n)
            .map(|i| sigma * normal(&mut rng) + if i >= at { step } else { 0.0 })
            .collect()
    }

    fn options(alpha: f64) -> ChangePointOptions {
        ChangePointOptions {
            alpha,
            min_change: 0.03,
            seed: 7,
        }
    }

    #[test]
    fn a_step_is_found_at_its_index_with_its_size() {
        let mut covered = 0;
        for seed in 0..20 {
            let x = series(seed, 30, 0.02, 1.07f64.ln(), 18);
            let found = change_points(&x, &options(1e-3));
            assert_eq!(found.len(), 1, "seed {seed}: {found:?}");
            let c = found[0];
            assert!(c.index.abs_diff(18) <= 1, "seed {seed}: {c:?}");
            assert!(c.p <= 1e-3 && c.is_increase(), "seed {seed}: {c:?}");
            covered += usize::from(c.ci.0 < 1.07 && 1.07 < c.ci.1);
        }
        // A 95% interval: 19 of 20 expected to hold the planted size.
        assert!(covered >= 17, "{covered} of 20 intervals hold the step");
    }

    #[test]
    fn two_steps_are_both_found() {
        let mut x = series(3, 40, 0.01, 0.10, 12);
        for v in &mut x[28..] {
            *v -= 0.2;
        }
        let found: Vec<usize> = change_points(&x, &options(1e-3))
            .iter()
            .map(|c| c.index)
            .collect();
        assert_eq!(found, [12, 28]);
    }

    /// Pure noise, tested at a level of 5%: about 5% of series are flagged, not more (and
    /// not far fewer: the test is not merely timid).
    #[test]
    fn pure_noise_is_flagged_at_the_designed_rate() {
        let alpha = 0.05;
        let runs = 400;
        let flagged = (0..runs)
            .filter(|&seed| {
                let x = series(1000 + seed, 30, 0.05, 0.0, 0);
                let options = ChangePointOptions {
                    min_change: 0.0,
                    ..options(alpha)
                };
                !change_points(&x, &options).is_empty()
            })
            .count();
        // Binomial(400, 0.05): mean 20, sd 4.4.
        assert!((8..=33).contains(&flagged), "{flagged} of {runs} flagged");
    }

    #[test]
    fn changes_under_the_minimum_are_not_reported() {
        let x = series(5, 30, 0.001, 1.02f64.ln(), 15);
        let at = |min_change| {
            change_points(
                &x,
                &ChangePointOptions {
                    min_change,
                    ..options(1e-3)
                },
            )
        };
        assert!(at(0.03).is_empty(), "{:?}", at(0.03));
        let found = at(0.01);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].index, 15);
        assert!((found[0].ratio - 1.02).abs() < 1e-3, "{found:?}");
    }

    #[test]
    fn the_answer_is_the_same_every_time() {
        let x = series(11, 30, 0.05, 0.05, 10);
        let a = change_points(&x, &options(0.05));
        assert_eq!(a, change_points(&x, &options(0.05)));
    }

    #[test]
    fn a_series_too_short_to_split_has_no_change() {
        assert_eq!(best_split(&[0.0; 7]), None);
        assert!(change_points(&[0.0, 0.0, 0.0, 1.0, 1.0, 1.0], &options(0.5)).is_empty());
    }

    #[test]
    fn the_t_quantile_matches_the_tables() {
        for (df, t) in [
            (2.0, 4.3027),
            (5.5, 2.5706),
            (30.0, 2.0423),
            (60.0, 2.0003),
            (120.0, 1.9799),
        ] {
            assert!(
                (t_975(df) - t).abs() < 2e-4,
                "df {df}: {} vs {t}",
                t_975(df)
            );
        }
    }

    #[test]
    fn the_best_split_of_a_clean_step_is_the_step() {
        let x: Vec<f64> = (0..20).map(|i| if i < 9 { 0.0 } else { 1.0 }).collect();
        assert_eq!(best_split(&x).unwrap().0, 9);
    }
}
