//! The sequential test `abbench ab` decides each search with: a Wald sequential
//! probability ratio test on paired log time ratios, and an interval that stays valid
//! whenever the run stops.
//!
//! Each observation is the mean, over one epoch (one pair of worker processes), of ABBA
//! blocks' statistics `d = ½(ln b₁ + ln b₂ − ln a₁ − ln a₂)`: the log of NEW's time over
//! BASE's with a linear drift of the machine cancelled (see the coordinator). The test
//! weighs *H₀: μ = 0* (no slower) against *H₁: μ = δ = ln(1 + threshold)* (slower by the
//! threshold) as a Gaussian SPRT whose variance is estimated from the observations so far (the
//! generalised SPRT fishtest uses): `LLR = n δ (d̄ − δ/2) / σ̂²`, accepting H₁ at
//! `ln((1 − β)/α)` and H₀ at `ln(β/(1 − α))`. Times on a shared machine have heavy tails (a
//! sample caught by a context switch), so the observations are winsorised at
//! [`WINSOR_MADS`] robust deviations about their median before the mean and variance are
//! taken, and σ̂ is at least [`MIN_SIGMA`]. Nothing is decided before [`MIN_OBSERVATIONS`] observations,
//! when σ̂ means little.
//!
//! The interval printed with each effect is a normal-mixture confidence sequence (Robbins;
//! Howard et al. 2021): `d̄ ± σ̂/n · √((n + ρ) ln((n + ρ)/(ρ α²)))`, which holds at every `n`
//! at once, so stopping when the test decides does not make it too narrow, as a fixed-`n`
//! interval would be after an optional stop.

use abbench_results::median;

/// Observations before any decision: the variance estimate of fewer means little.
pub const MIN_OBSERVATIONS: usize = 8;

/// The least standard deviation of an observation's log ratio the test assumes: 0.2%, below
/// which two timings of one search on one machine do not agree anyway.
pub const MIN_SIGMA: f64 = 0.002;

/// Blocks further than this many robust standard deviations (1.4826 MAD) from the median
/// are pulled in to that distance before the mean and variance are taken.
pub const WINSOR_MADS: f64 = 4.0;

/// The test takes σ at the upper bound of this one-sided confidence interval on it.
/// With the estimate itself, a σ̂ that comes out small by chance after a few observations
/// inflates the log-likelihood ratio: 400 simulated tests of no change at α = 0.01/40
/// each called 3 false alarms (0.1 expected); at the 90% upper bound, none.
pub const SIGMA_CONFIDENCE: f64 = 0.9;

/// `σ_upper / σ̂` for `n` observations: `√((n − 1)/χ²)` with χ² the (1 − [`SIGMA_CONFIDENCE`])
/// quantile of χ² with `n − 1` degrees of freedom (Wilson–Hilferty's approximation).
pub fn sigma_inflation(n: usize) -> f64 {
    if n < 2 {
        return f64::INFINITY;
    }
    let k = (n - 1) as f64;
    // z of the 10% lower tail.
    let z = -1.281_551_565_5;
    let c = 2.0 / (9.0 * k);
    let quantile = k * (1.0 - c + z * c.sqrt()).powi(3);
    (k / quantile.max(1e-9)).sqrt()
}

/// The mixture parameter ρ of the confidence sequence, in observations: the
/// interval is tightest near this many.
pub const MIXTURE_OBSERVATIONS: f64 = 10.0;

/// What the test has decided.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
#[schemars(inline)]
pub enum Decision {
    /// The evidence favours a slowdown of the threshold over none.
    Slower,
    /// Neither yet.
    Undecided,
    /// The evidence favours no slowdown over a slowdown of the threshold.
    NotSlower,
}

impl Decision {
    /// Its name in JSON: `slower`, `undecided`, `not_slower`.
    pub fn name(self) -> &'static str {
        match self {
            Decision::Slower => "slower",
            Decision::Undecided => "undecided",
            Decision::NotSlower => "not_slower",
        }
    }
}

/// An estimate of NEW's time over BASE's, with its 95% confidence sequence.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
#[schemars(rename = "ab_effect", deny_unknown_fields)]
pub struct Effect {
    /// `exp(d̄)`: NEW's time over BASE's.
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub ratio: f64,
    /// The interval's lower end, as a ratio.
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub low: f64,
    /// The interval's upper end, as a ratio.
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub high: f64,
}

impl Effect {
    /// The effect of a mean log ratio `mean` with half-width `half` (in logs).
    pub fn of_log(mean: f64, half: f64) -> Effect {
        Effect {
            ratio: mean.exp(),
            low: (mean - half).exp(),
            high: (mean + half).exp(),
        }
    }

    /// Whether the interval holds `ratio`.
    pub fn covers(&self, ratio: f64) -> bool {
        self.low <= ratio && ratio <= self.high
    }
}

/// One search's sequential test.
#[derive(Clone, Debug)]
pub struct SequentialTest {
    delta: f64,
    alpha: f64,
    beta: f64,
    observations: Vec<f64>,
    decided: Option<Decision>,
}

impl SequentialTest {
    /// A test of a slowdown of `threshold` (0.03 for 3%) with false-alarm rate `alpha` and
    /// miss rate `beta` at the threshold.
    pub fn new(threshold: f64, alpha: f64, beta: f64) -> SequentialTest {
        assert!(threshold > 0.0 && alpha > 0.0 && alpha < 1.0 && beta > 0.0 && beta < 1.0);
        SequentialTest {
            delta: threshold.ln_1p(),
            alpha,
            beta,
            observations: Vec::new(),
            decided: None,
        }
    }

    /// Adds an observation's log ratio; once decided, the decision stays.
    pub fn push(&mut self, log_ratio: f64) {
        if !log_ratio.is_finite() {
            return;
        }
        self.observations.push(log_ratio);
        if self.decided.is_none() && self.observations.len() >= MIN_OBSERVATIONS {
            let llr = self.llr();
            if llr >= self.upper() {
                self.decided = Some(Decision::Slower);
            } else if llr <= self.lower() {
                self.decided = Some(Decision::NotSlower);
            }
        }
    }

    /// The observations so far.
    pub fn observations(&self) -> usize {
        self.observations.len()
    }

    /// The decision so far.
    pub fn decision(&self) -> Decision {
        self.decided.unwrap_or(Decision::Undecided)
    }

    /// The log-likelihood ratio of H₁ over H₀ so far (0 before any observation), with σ at
    /// its [`SIGMA_CONFIDENCE`] upper confidence bound rather than its estimate.
    pub fn llr(&self) -> f64 {
        let Some((mean, sigma)) = self.moments() else {
            return 0.0;
        };
        let n = self.observations.len() as f64;
        let sigma = sigma * sigma_inflation(self.observations.len());
        n * self.delta * (mean - self.delta / 2.0) / (sigma * sigma)
    }

    /// The bound at which H₁ (slower) is accepted: `ln((1 − β)/α)`.
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The bound at which H₀ (not slower) is accepted: `ln(β/(1 − α))`.
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The effect so far with its confidence sequence at level `1 − level_alpha`; `None`
    /// before two observations.
    pub fn effect(&self, level_alpha: f64) -> Option<Effect> {
        let (mean, sigma) = self.moments()?;
        let n = self.observations.len() as f64;
        let rho = MIXTURE_OBSERVATIONS;
        let half =
            sigma / n * ((n + rho) * ((n + rho) / (rho * level_alpha * level_alpha)).ln()).sqrt();
        Some(Effect::of_log(mean, half))
    }

    /// The winsorised mean and standard deviation (at least [`MIN_SIGMA`]) of the observations.
    pub fn moments(&self) -> Option<(f64, f64)> {
        winsorised_moments(&self.observations)
    }
}

/// The mean and standard deviation (at least [`MIN_SIGMA`]) of `values` winsorised at
/// [`WINSOR_MADS`] robust deviations about their median; `None` for fewer than two.
pub fn winsorised_moments(values: &[f64]) -> Option<(f64, f64)> {
    if values.len() < 2 {
        return None;
    }
    let centre = median(values)?;
    let deviations: Vec<f64> = values.iter().map(|v| (v - centre).abs()).collect();
    let mad = median(&deviations)?;
    let reach = WINSOR_MADS * 1.4826 * mad;
    let clipped: Vec<f64> = if reach > 0.0 {
        values
            .iter()
            .map(|v| v.clamp(centre - reach, centre + reach))
            .collect()
    } else {
        values.to_vec()
    };
    let n = clipped.len() as f64;
    let mean = clipped.iter().sum::<f64>() / n;
    let variance = clipped.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    Some((mean, variance.sqrt().max(MIN_SIGMA)))
}

#[cfg(test)]
mod test {
    use super::*;
    use rand_core::Rng;
    use rand_xoshiro::Xoshiro256PlusPlus;
    use rand_xoshiro::rand_core::SeedableRng;

    /// A normal deviate by Box–Muller.
    fn normal(rng: &mut Xoshiro256PlusPlus) -> f64 {
        let u1 = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let u2 = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        (-2.0 * (1.0 - u1).ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
    }

    /// Runs one test to a decision (or `max` blocks) on blocks of mean `mu`, deviation
    /// `sigma`, with one block in `outlier_every` a tenfold outlier.
    fn run(mu: f64, sigma: f64, outlier_every: u64, seed: u64, max: usize) -> SequentialTest {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut test = SequentialTest::new(0.03, 0.01 / 40.0, 0.05);
        for i in 0..max {
            let mut d = mu + sigma * normal(&mut rng);
            // An interruption slows one sample of a block: NEW's or BASE's alike.
            if outlier_every > 0 && (i as u64).is_multiple_of(outlier_every) {
                d += if (i as u64 / outlier_every).is_multiple_of(2) {
                    10.0
                } else {
                    -10.0
                } * sigma;
            }
            test.push(d);
            if test.decision() != Decision::Undecided {
                break;
            }
        }
        test
    }

    #[test]
    fn no_change_is_never_called_slower_and_is_decided() {
        let mut slower = 0;
        let mut undecided = 0;
        for seed in 0..400 {
            match run(0.0, 0.03, 0, seed, 5000).decision() {
                Decision::Slower => slower += 1,
                Decision::Undecided => undecided += 1,
                Decision::NotSlower => {}
            }
        }
        // α is 0.01/40 per test: 400 tests expect 0.1 false alarms.
        assert!(slower <= 1, "{slower} false alarms in 400");
        assert_eq!(undecided, 0);
    }

    #[test]
    fn a_slowdown_at_the_threshold_is_found_nineteen_times_in_twenty() {
        let found = (0..400)
            .filter(|&seed| {
                run(0.03f64.ln_1p(), 0.03, 0, seed, 5000).decision() == Decision::Slower
            })
            .count();
        assert!(found >= 380, "found {found} of 400");
    }

    #[test]
    fn outliers_neither_raise_false_alarms_nor_hide_a_slowdown() {
        let false_alarms = (0..200)
            .filter(|&seed| run(0.0, 0.02, 7, seed, 5000).decision() == Decision::Slower)
            .count();
        assert!(false_alarms <= 1, "{false_alarms} false alarms");
        let found = (0..200)
            .filter(|&seed| {
                run(0.05f64.ln_1p(), 0.02, 7, seed, 5000).decision() == Decision::Slower
            })
            .count();
        assert!(found >= 195, "found {found} of 200");
    }

    #[test]
    fn the_interval_covers_the_true_effect_when_the_test_stops() {
        let truth = 0.04f64.ln_1p();
        let covered = (0..400)
            .filter(|&seed| {
                let test = run(truth, 0.03, 0, seed, 5000);
                test.effect(0.05).unwrap().covers(truth.exp())
            })
            .count();
        assert!(covered >= 380, "covered {covered} of 400");
    }

    #[test]
    fn nothing_is_decided_before_the_minimum_and_a_decision_stays() {
        let mut test = SequentialTest::new(0.03, 0.001, 0.05);
        for _ in 0..MIN_OBSERVATIONS - 1 {
            test.push(0.5);
            assert_eq!(test.decision(), Decision::Undecided);
        }
        test.push(0.5);
        assert_eq!(test.decision(), Decision::Slower);
        for _ in 0..100 {
            test.push(-0.5);
        }
        assert_eq!(test.decision(), Decision::Slower);
        assert_eq!(test.observations(), MIN_OBSERVATIONS + 100);
    }

    #[test]
    fn sigma_is_taken_at_its_upper_bound_which_tightens_with_blocks() {
        assert!(sigma_inflation(1).is_infinite());
        let (few, many) = (sigma_inflation(8), sigma_inflation(400));
        assert!(few > 1.3 && few < 1.6, "{few}");
        assert!(many > 1.0 && many < 1.1, "{many}");
    }

    #[test]
    fn winsorising_pulls_in_one_wild_block() {
        let mut values = vec![0.0, 0.01, -0.01, 0.005, -0.005, 0.0, 0.01, -0.01];
        let (mean, sigma) = winsorised_moments(&values).unwrap();
        values.push(5.0);
        let (mean_wild, sigma_wild) = winsorised_moments(&values).unwrap();
        assert!(mean.abs() < 1e-12);
        assert!(mean_wild < 0.01, "{mean_wild}");
        assert!(sigma_wild < 3.0 * sigma, "{sigma_wild} against {sigma}");
        assert!(winsorised_moments(&[1.0]).is_none());
        assert_eq!(winsorised_moments(&[1.0, 1.0]).unwrap().1, MIN_SIGMA);
        // Non-finite blocks are never taken.
        let mut test = SequentialTest::new(0.03, 0.01, 0.05);
        test.push(f64::NAN);
        test.push(f64::INFINITY);
        assert_eq!(test.observations(), 0);
    }
}
