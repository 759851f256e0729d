//! The Mann–Whitney U test: whether one run's wall times tend to be larger than
//! another's, with no assumption about their distribution — what two small samples of a
//! noisy machine allow. `compare` calls a wall time slower or faster only when this test
//! says so at [`ALPHA`] *and* the medians differ by more than its threshold.
//!
//! With few samples the p-value is exact: the distribution of `U` under the hypothesis
//! that both samples come from one distribution is counted (Mann & Whitney 1947, the
//! recurrence `f(m, n, u) = f(m − 1, n, u − n) + f(m, n − 1, u)`), ties counted as half
//! and the exact distribution used as if there were none (slightly conservative). With
//! more than [`EXACT_UP_TO`] samples on a side, the normal approximation with the tie
//! correction is used. Five samples against five can reach at best p = 2/252 ≈ 0.008:
//! only two runs whose times do not overlap at all are told apart at [`ALPHA`] = 0.01.

/// The significance level of `compare`'s wall-time test.
pub const ALPHA: f64 = 0.01;

/// Largest sample on either side for which the exact distribution is counted.
pub const EXACT_UP_TO: usize = 40;

/// The smallest two-sided p-value samples of sizes `m` and `n` can reach (all of one
/// above all of the other): `2 / C(m + n, m)`. Under [`ALPHA`] from five a side on.
pub fn smallest_p(m: usize, n: usize) -> f64 {
    let (m, n) = (m.min(n), m.max(n));
    // C(m + n, m) as a product, stopping once it is past any p of interest.
    let mut ways = 1.0;
    for i in 0..m {
        ways = ways * (n + i + 1) as f64 / (i + 1) as f64;
        if ways > 1e12 {
            break;
        }
    }
    (2.0 / ways).min(1.0)
}

/// The two-sided p-value of the hypothesis that `a` and `b` come from one distribution;
/// `None` if either is empty.
pub fn mann_whitney_p(a: &[u64], b: &[u64]) -> Option<f64> {
    let (m, n) = (a.len(), b.len());
    if m == 0 || n == 0 {
        return None;
    }
    // 2U: pairs with a > b count 2, ties 1, so that it stays an integer.
    let twice_u: u64 = a
        .iter()
        .flat_map(|x| {
            b.iter()
                .map(move |y| u64::from(x > y) * 2 + u64::from(x == y))
        })
        .sum();
    let mn = (m * n) as u64;
    // The distance from the middle, in the tail the sample lies in.
    let low = twice_u.min(2 * mn - twice_u);
    let p = if m <= EXACT_UP_TO && n <= EXACT_UP_TO {
        let counts = u_distribution(m, n);
        let total: f64 = counts.iter().sum();
        // P(U <= low / 2), U integer: ties make 2U odd, rounded down (conservative).
        let tail: f64 = counts.iter().take((low / 2) as usize + 1).sum();
        2.0 * tail / total
    } else {
        normal_p(a, b, twice_u as f64 / 2.0)
    };
    Some(p.min(1.0))
}

/// How many of the C(m + n, m) orderings of two samples of sizes `m` and `n` give each
/// value of U, 0 ..= m·n.
fn u_distribution(m: usize, n: usize) -> Vec<f64> {
    // f[j][u] for the current i: i of the first sample, j of the second.
    let mut f: Vec<Vec<f64>> = (0..=n).map(|_| vec![1.0]).collect();
    for i in 1..=m {
        let mut next: Vec<Vec<f64>> = Vec::with_capacity(n + 1);
        next.push(vec![1.0]);
        for j in 1..=n {
            let mut row = vec![0.0; i * j + 1];
            // The largest of all is from the first sample (it beats all j of the second)
            // or from the second.
            for (u, &c) in f[j].iter().enumerate() {
                row[u + j] += c;
            }
            for (u, &c) in next[j - 1].iter().enumerate() {
                row[u] += c;
            }
            next.push(row);
        }
        f = next;
    }
    f.swap_remove(n)
}

/// The normal approximation of the two-sided p-value, with the correction for ties.
fn normal_p(a: &[u64], b: &[u64], u: f64) -> f64 {
    let (m, n) = (a.len() as f64, b.len() as f64);
    let mut all: Vec<u64> = a.iter().chain(b).copied().collect();
    all.sort_unstable();
    let ties: f64 = all
        .chunk_by(|x, y| x == y)
        .map(|run| {
            let t = run.len() as f64;
            t * t * t - t
        })
        .sum();
    let total = m + n;
    let variance = m * n / 12.0 * ((total + 1.0) - ties / (total * (total - 1.0)));
    if variance <= 0.0 {
        return 1.0;
    }
    let z = ((u - m * n / 2.0).abs() - 0.5).max(0.0) / variance.sqrt();
    2.0 * upper_normal_tail(z)
}

/// P(Z > z) for a standard normal Z (Abramowitz & Stegun 7.1.26, error < 1.5e-7).
fn upper_normal_tail(z: f64) -> f64 {
    let x = z / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    0.5 * poly * (-x * x).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_runs_a_side_are_the_fewest_that_can_be_told_apart() {
        assert!((smallest_p(5, 5) - 2.0 / 252.0).abs() < 1e-15);
        assert!(smallest_p(4, 4) > ALPHA && smallest_p(5, 5) < ALPHA);
        assert_eq!(smallest_p(1, 1), 1.0);
        assert!(smallest_p(3, 40) < ALPHA);
    }

    #[test]
    fn the_exact_distribution_counts_every_ordering() {
        // m = n = 2: U = 0, 1, 2, 3, 4 in 1, 1, 2, 1, 1 of the 6 orderings.
        assert_eq!(u_distribution(2, 2), vec![1.0, 1.0, 2.0, 1.0, 1.0]);
        let five: f64 = u_distribution(5, 5).iter().sum();
        assert_eq!(five, 252.0);
        assert_eq!(u_distribution(3, 1).len(), 4);
    }

    #[test]
    fn samples_apart_are_significant_and_interleaved_ones_are_not() {
        let base = [100, 101, 102, 103, 104];
        let slower = [110, 111, 112, 113, 114];
        let p = mann_whitney_p(&base, &slower).unwrap();
        assert!((p - 2.0 / 252.0).abs() < 1e-12, "{p}");
        assert!(p < ALPHA);
        let interleaved = [100, 102, 104, 106, 108];
        assert!(mann_whitney_p(&base, &interleaved).unwrap() > 0.1);
        assert_eq!(mann_whitney_p(&base, &base), Some(1.0));
        assert_eq!(mann_whitney_p(&[], &base), None);
        // Symmetric.
        assert_eq!(
            mann_whitney_p(&slower, &base),
            mann_whitney_p(&base, &slower)
        );
    }

    #[test]
    fn large_samples_use_the_normal_approximation_consistently() {
        let a: Vec<u64> = (0..60).collect();
        let b: Vec<u64> = (30..90).collect();
        let p = mann_whitney_p(&a, &b).unwrap();
        assert!(p < 1e-6, "{p}");
        let same: Vec<u64> = (0..60).map(|i| i * 7 % 61).collect();
        assert!(mann_whitney_p(&a, &same).unwrap() > 0.5);
        // Near the boundary both methods agree to a few percent.
        let a: Vec<u64> = (0..40).collect();
        let b: Vec<u64> = (8..48).collect();
        let exact = mann_whitney_p(&a, &b).unwrap();
        let u: f64 = a
            .iter()
            .flat_map(|x| {
                b.iter()
                    .map(move |y| f64::from(u8::from(x > y)) + 0.5 * f64::from(u8::from(x == y)))
            })
            .sum();
        let approx = normal_p(&a, &b, u);
        assert!((exact - approx).abs() < 0.02, "{exact} {approx}");
    }
}
