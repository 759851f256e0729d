//! Processors that are not equally fast.
//!
//! On a real machine the cores of one search do not run at one speed: the records of the
//! 16-core reference machine (`busy_ns / worker_nodes` per worker, the same kernel on
//! every worker) show a relative standard deviation of the time per position across the
//! workers of one run of 3–10% at 2 threads and 10–16% at 4 to 16, on random and ordered
//! trees, with root splitting (pure kernel time) as with young brothers wait — and no
//! worker index systematically slower (each index's mean within 0.93–1.04 of the run's).
//! So the spread is a property of the run, not of a core: which core is slow changes
//! from run to run.
//!
//! It matters most where work is divided statically or in large equal pieces. Root
//! splitting on a perfectly ordered tree with 4 workers hands out 8 root moves: the
//! first 4 are equally large, and whether the eldest (the one that gives the others
//! their bound) finishes first decides whether the next moves are searched with a bound
//! or without; with equal speeds it always does, on the machine it did in one tree of
//! two (search overhead +108% and +180%).
//!
//! The model: processor `q` of a simulation at `p` processors takes `f_q = 1 + σ · z_q`
//! times the mean position time, `σ` the profile's `speed_spread` and `z_q` drawn with
//! mean 0 and variance 1 (uniform on `[−√3, √3]`), then centred so that the `p` factors
//! average exactly 1 — the profile's position time stays the mean. The draw is a hash of
//! the processor's index, `p` and a salt taken from the tree, so that each tree sees its
//! own arrangement (as each run did) and the same command gives the same result. At one
//! processor the factor is 1.
//!
//! The scheduler counts time in positions of the *fastest* processor, so that every
//! processor's time per position is at least one unit: processor `q`'s positions cost
//! `f_q / f_min` units each, the event costs are converted at the fastest processor's
//! position time, and the speedup is divided by `f_min` as well as by the profile's
//! slowdown. The time a slower processor loses against the fastest one is accounted as
//! `uneven` processor time.

use abbench_tree::hash::mix64;

/// Fixed-point scale of a relative speed: `1 << SHIFT` is the fastest processor's.
const SHIFT: u32 = 16;

/// Largest spread accepted: beyond it a factor could come near 0.
pub const MAX_SPEED_SPREAD: f64 = 0.5;

/// Each processor's time per position relative to the fastest one's.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Speeds {
    /// `f_q / f_min` in units of `1 / 2^SHIFT`; at least `1 << SHIFT`.
    relative: Vec<u64>,
    /// `f_min`: the fastest processor's time per position over the mean one's.
    fastest: f64,
}

impl Speeds {
    /// `procs` processors of one speed.
    pub(crate) fn uniform(procs: usize) -> Speeds {
        Speeds {
            relative: vec![1 << SHIFT; procs],
            fastest: 1.0,
        }
    }

    /// `procs` processors whose times per position spread with relative standard
    /// deviation `spread` around the mean (see the module docs), arranged by `salt`.
    pub(crate) fn spread(procs: usize, spread: f64, salt: u64) -> Speeds {
        if procs <= 1 || spread.is_nan() || spread <= 0.0 {
            return Speeds::uniform(procs);
        }
        let spread = spread.min(MAX_SPEED_SPREAD);
        let draws: Vec<f64> = (0..procs as u64)
            .map(|q| {
                let h = mix64(salt ^ mix64((procs as u64) << 32 | q));
                // Uniform on [−√3, √3): variance 1.
                let u = (h >> 11) as f64 / (1u64 << 53) as f64;
                (2.0 * u - 1.0) * 3f64.sqrt()
            })
            .collect();
        let mean = draws.iter().sum::<f64>() / procs as f64;
        let factors: Vec<f64> = draws.iter().map(|z| 1.0 + spread * (z - mean)).collect();
        let fastest = factors.iter().copied().fold(f64::INFINITY, f64::min);
        let relative = factors
            .iter()
            .map(|f| ((f / fastest) * (1u64 << SHIFT) as f64).round() as u64)
            .map(|r| r.max(1 << SHIFT))
            .collect();
        Speeds { relative, fastest }
    }

    /// The fastest processor's time per position over the mean one's (1 when all are
    /// equal).
    pub(crate) fn fastest(&self) -> f64 {
        self.fastest
    }

    /// Whether every processor runs at the fastest one's speed.
    pub(crate) fn is_uniform(&self) -> bool {
        self.relative.iter().all(|&r| r == 1 << SHIFT)
    }

    /// The units processor `q` spends beyond `positions` on examining them, given the
    /// fraction of a unit `carry` left over from its earlier positions (updated).
    pub(crate) fn extra(&self, q: usize, positions: u64, carry: &mut u64) -> u64 {
        let above = self.relative[q] - (1 << SHIFT);
        if above == 0 {
            return 0;
        }
        let scaled = u128::from(positions) * u128::from(above) + u128::from(*carry);
        *carry = (scaled & ((1 << SHIFT) - 1)) as u64;
        (scaled >> SHIFT) as u64
    }
}

#[cfg(test)]
mod test {
    use super::*;

    #[test]
    fn one_processor_or_no_spread_is_uniform() {
        assert!(Speeds::spread(1, 0.2, 7).is_uniform());
        assert!(Speeds::spread(8, 0.0, 7).is_uniform());
        assert_eq!(Speeds::spread(8, 0.0, 7).fastest(), 1.0);
    }

    #[test]
    fn factors_average_one_and_spread_as_asked() {
        // Over many arrangements the relative standard deviation across the processors
        // of one simulation is the spread times sqrt(1 − 1/p), as a sample's is.
        for procs in [2usize, 4, 16] {
            let mut sds = Vec::new();
            for salt in 0..400u64 {
                let s = Speeds::spread(procs, 0.15, salt);
                let f: Vec<f64> = s
                    .relative
                    .iter()
                    .map(|&r| r as f64 / (1u64 << SHIFT) as f64 * s.fastest)
                    .collect();
                let mean = f.iter().sum::<f64>() / procs as f64;
                assert!((mean - 1.0).abs() < 1e-4, "{mean}");
                let var = f.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / procs as f64;
                sds.push(var);
            }
            let rms = (sds.iter().sum::<f64>() / sds.len() as f64).sqrt();
            let expected = 0.15 * (1.0 - 1.0 / procs as f64).sqrt();
            assert!(
                (rms / expected - 1.0).abs() < 0.1,
                "{procs}: {rms} vs {expected}"
            );
        }
    }

    #[test]
    fn the_arrangement_depends_on_the_salt_and_nothing_else() {
        assert_eq!(Speeds::spread(4, 0.1, 3), Speeds::spread(4, 0.1, 3));
        assert_ne!(Speeds::spread(4, 0.1, 3), Speeds::spread(4, 0.1, 4));
        // Which processor is slowest varies with the salt.
        let slowest: std::collections::BTreeSet<usize> = (0..64)
            .map(|salt| {
                let s = Speeds::spread(4, 0.1, salt);
                (0..4).max_by_key(|&q| s.relative[q]).unwrap()
            })
            .collect();
        assert_eq!(slowest.len(), 4);
    }

    #[test]
    fn extra_units_carry_their_fractions() {
        let s = Speeds {
            relative: vec![1 << SHIFT, (1 << SHIFT) + (1 << (SHIFT - 2))],
            fastest: 0.9,
        };
        let mut carry = 0;
        assert_eq!(s.extra(0, 1000, &mut carry), 0);
        // A quarter more: 1 position at a time adds up to the same as 1000 at once.
        let total: u64 = (0..1000).map(|_| s.extra(1, 1, &mut carry)).sum();
        assert_eq!(total, 250);
        assert_eq!(carry, 0);
    }
}
