//! Totally dependent trees: Theorem 6 (Knuth & Moore §9, eqs. (52)–(54)).
//!
//! In a totally dependent uniform tree, for any two successors `p_i`, `p_j` of a position,
//! every terminal value below `p_i` is above every terminal value below `p_j` or every one
//! is below. Equivalently: a random permutation of the move numbers `0 … d-1` at every
//! position, and a leaf's value is the concatenation of the move numbers on its path read
//! as a radix-`d` number (the project's `dependent` model). Theorem 6 counts the terminal
//! positions F2 examines on average:
//!
//! ```text
//!   (d - H_d)/(d - H_d^2) · (d^ceil(h/2) + H_d d^floor(h/2) - H_d^(h+1) - H_d^h) + H_d^h   (52)
//! ```
//!
//! with `H_d = 1 + 1/2 + … + 1/d`. Its proof sorts positions into three types: type 1
//! (the window holds the whole subtree: each successor `p_i` that beats all earlier ones —
//! probability `1/i` — is type 1 again, the others type 2), type 2 (the subtree lies above
//! `beta`: the first successor, type 3, refutes it) and type 3 (below `alpha`: every
//! successor is searched, each type 2). With `A_n`, `B_n`, `C_n` the expected leaves below a
//! type 1, 2, 3 position of height `n`:
//!
//! ```text
//!   A_{n+1} = H_d A_n + (d - H_d) B_n,   B_{n+1} = C_n,   C_{n+1} = d B_n,   A_0 = B_0 = C_0 = 1   (53)
//! ```
//!
//! For F1, which passes no lower bound, a type-2 position's first successor is searched
//! with `bound = +infinity`, i.e. as type 1, and the recurrence becomes
//! `A_{n+2} = H_d A_{n+1} + (d - H_d) A_n` (54). The scan prints the start of (54) as
//! `A_0 = 1, A_1 = 1`; a tree of height 1 has all its `d` leaves examined, so the
//! sequence that counts leaves at height `h` starts `A_0 = 1, A_1 = d` (the printed start
//! gives the same sequence one step later: it sets `A_{-1} = A_0 = 1`). The tests settle this
//! by enumerating every tree.

use crate::error::{TheoryError, require_degree};

/// `H_d = 1 + 1/2 + … + 1/d`, the `d`-th harmonic number (`H_0 = 0`).
pub fn harmonic_number(d: u64) -> f64 {
    // Smallest terms first, for the last bit of accuracy.
    (1..=d).rev().map(|k| 1.0 / k as f64).sum()
}

/// The expected number of terminal positions F2 (alpha-beta) examines in a random totally
/// dependent uniform tree of degree `degree >= 2` and height `height`: the closed form (52).
pub fn dependent_f2_expected_leaves(degree: u64, height: u32) -> Result<f64, TheoryError> {
    require_degree(degree, 2)?;
    let d = degree as f64;
    let h_d = harmonic_number(degree);
    // `d - H_d^2` is never 0 for an integer d >= 2, but it is small for d = 6 (-1/400),
    // where (52) loses about three digits to cancellation; see the recurrence below.
    let high = d.powi(height.div_ceil(2) as i32);
    let low = d.powi((height / 2) as i32);
    let h_pow = h_d.powi(height as i32);
    Ok((d - h_d) / (d - h_d * h_d) * (high + h_d * low - h_d * h_pow - h_pow) + h_pow)
}

/// The same expectation as [`dependent_f2_expected_leaves`] by the recurrence (53), which
/// adds only positive terms and so keeps full precision for every degree.
pub fn dependent_f2_expected_leaves_recurrence(
    degree: u64,
    height: u32,
) -> Result<f64, TheoryError> {
    require_degree(degree, 2)?;
    let (d, h_d) = (degree as f64, harmonic_number(degree));
    let (mut a, mut b, mut c) = (1.0, 1.0, 1.0);
    for _ in 0..height {
        (a, b, c) = (h_d * a + (d - h_d) * b, c, d * b);
    }
    Ok(a)
}

/// The expected number of terminal positions F1 (no deep cutoffs) examines in a random
/// totally dependent uniform tree of degree `degree >= 2` and height `height`: the
/// recurrence (54), `A_{n+2} = H_d A_{n+1} + (d - H_d) A_n`, from `A_0 = 1`, `A_1 = d`.
pub fn dependent_f1_expected_leaves(degree: u64, height: u32) -> Result<f64, TheoryError> {
    require_degree(degree, 2)?;
    let (d, h_d) = (degree as f64, harmonic_number(degree));
    // `refuted` is A_{n-1}: the leaves below a type-2 position of height n, whose first
    // successor is searched in full.
    let (mut full, mut refuted) = (1.0, 1.0);
    for _ in 0..height {
        (full, refuted) = (h_d * full + (d - h_d) * refuted, full);
    }
    Ok(full)
}

/// The growth rate of F2's count (52) as `height` grows: the larger of `sqrt(d)` and `H_d`.
///
/// The `H_d^h` term of (52) has coefficient `1 + (d - H_d)(1 + H_d)/(H_d^2 - d)`, positive
/// whenever `H_d^2 > d`, which holds for `d <= 6` (`H_6^2 = 6.0025`). So the rate is `H_d`
/// for `2 <= d <= 6` and `sqrt(d)` from `d = 7` on. The paper notes the exception for
/// `d = 2` (rate `3/2`) and states Corollary 4 (a constant times the optimum
/// `d^(h/2)`) for `d >= 3`; by this computation the exception runs to `d = 6`.
pub fn dependent_f2_growth_rate(degree: u64) -> Result<f64, TheoryError> {
    require_degree(degree, 2)?;
    Ok((degree as f64).sqrt().max(harmonic_number(degree)))
}

/// The growth rate of F1's count (54): `sqrt(d - H_d + H_d^2/4) + H_d/2`, the larger root of
/// `x^2 = H_d x + (d - H_d)`.
pub fn dependent_f1_growth_rate(degree: u64) -> Result<f64, TheoryError> {
    require_degree(degree, 2)?;
    let (d, h_d) = (degree as f64, harmonic_number(degree));
    Ok((d - h_d + h_d * h_d / 4.0).sqrt() + h_d / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn harmonic_numbers() {
        assert_eq!(harmonic_number(0), 0.0);
        assert_eq!(harmonic_number(1), 1.0);
        assert_eq!(harmonic_number(2), 1.5);
        assert!((harmonic_number(3) - 11.0 / 6.0).abs() < 1e-15);
        assert!((harmonic_number(6) - 49.0 / 20.0).abs() < 1e-15);
    }

    #[test]
    fn small_heights_by_hand() {
        // Height 0: the root alone. Height 1: all d leaves. Height 2: the first successor
        // in full; a later successor p_i in full when it beats every earlier one
        // (probability 1/i), else refuted by its first leaf: d H_d + (d - H_d).
        for d in 2..10u64 {
            let (d_f, h_d) = (d as f64, harmonic_number(d));
            for (h, expected) in [(0, 1.0), (1, d_f), (2, d_f * h_d + d_f - h_d)] {
                let closed = dependent_f2_expected_leaves(d, h).unwrap();
                let rec = dependent_f2_expected_leaves_recurrence(d, h).unwrap();
                assert!((closed - expected).abs() < 1e-9, "d={d} h={h}: {closed}");
                assert!((rec - expected).abs() < 1e-12, "d={d} h={h}: {rec}");
                let f1 = dependent_f1_expected_leaves(d, h).unwrap();
                assert!((f1 - expected).abs() < 1e-12, "d={d} h={h}: {f1}");
            }
        }
    }

    #[test]
    fn closed_form_52_agrees_with_recurrence_53() {
        for d in 2..=40u64 {
            for h in 0..=30u32 {
                let closed = dependent_f2_expected_leaves(d, h).unwrap();
                let rec = dependent_f2_expected_leaves_recurrence(d, h).unwrap();
                assert!(
                    ((closed - rec) / rec).abs() < 1e-9,
                    "d={d} h={h}: {closed} vs {rec}"
                );
            }
        }
    }

    #[test]
    fn growth_rates_are_the_limits_of_the_ratios() {
        // Degrees 5 to 8 are left out: there `H_d` and `sqrt(d)` are so close that height
        // 200 is still far from the limit.
        for d in (2..=4u64).chain(9..=12) {
            let ratio = |f: fn(u64, u32) -> Result<f64, TheoryError>| {
                f(d, 201).unwrap() / f(d, 199).unwrap()
            };
            let f2_rate = dependent_f2_growth_rate(d).unwrap();
            let f1_rate = dependent_f1_growth_rate(d).unwrap();
            assert!(
                (ratio(dependent_f2_expected_leaves_recurrence).sqrt() / f2_rate - 1.0).abs()
                    < 1e-3
            );
            assert!((ratio(dependent_f1_expected_leaves).sqrt() / f1_rate - 1.0).abs() < 1e-6);
        }
    }

    #[test]
    fn degree_one_is_refused() {
        assert!(dependent_f2_expected_leaves(1, 3).is_err());
        assert!(dependent_f1_expected_leaves(1, 3).is_err());
    }
}
