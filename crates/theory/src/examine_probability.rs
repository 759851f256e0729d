//! The probabilities `p_ij` of Knuth & Moore §7, eqs. (26)–(27), and Theorem 3's eq. (30).
//!
//! `p_ij` is the probability that
//!
//! ```text
//!   max_{1<=k<i} min(Y_k1, …, Y_kd)  <  min_{1<=k<j} Y_ik                 (26)
//! ```
//!
//! for `(i-1)d + (j-1)` independent identically distributed continuous random variables:
//! the chance that F1 examines the `j`-th successor of an `i`-th successor in a random
//! uniform tree of degree `d`, if the conditions at different levels were independent
//! (the assumption §7 later shows to be false beyond level 2). It is 1 when `i = 1` or
//! `j = 1`, and otherwise
//!
//! ```text
//!   p_ij = (i-1)d/((i-1)d+j-1) · (i-2)d/((i-2)d+j-1) · … · d/(d+j-1)
//!        = 1 / binomial(i-1 + (j-1)/d, i-1)                               (27)
//! ```
//!
//! For `d = 3` these are the fractions of eq. (18): `p_22 = 3/4`, `p_23 = 3/5`,
//! `p_32 = 9/14`, `p_33 = 9/20`.

use crate::error::{TheoryError, require_degree};
use crate::fraction::Fraction;

/// `p_ij` of eq. (27) for degree `degree`, with 1-based `i` and `j` as in the paper, in
/// floating point (a product of `i-1` factors in `(0, 1]`, so accurate to a few ulps).
pub fn examine_probability(degree: u64, i: u64, j: u64) -> Result<f64, TheoryError> {
    check_indices(degree, i, j)?;
    let (d, extra) = (degree as f64, (j - 1) as f64);
    Ok((1..i)
        .map(|k| k as f64 * d / (k as f64 * d + extra))
        .product())
}

/// `p_ij` of eq. (27) as an exact fraction; `None` if a term does not fit in 128 bits.
pub fn examine_probability_exact(
    degree: u64,
    i: u64,
    j: u64,
) -> Result<Option<Fraction>, TheoryError> {
    check_indices(degree, i, j)?;
    let mut p = Fraction::ONE;
    for k in 1..i {
        let kd = u128::from(k) * u128::from(degree);
        let factor = Fraction::new(kd, kd + u128::from(j - 1)).expect("positive denominator");
        match p.checked_mul(factor) {
            Some(product) => p = product,
            None => return Ok(None),
        }
    }
    Ok(Some(p))
}

/// The `d x d` matrix `(p_ij)` of eq. (25), row `i-1`, column `j-1`.
pub fn examine_probability_matrix(degree: u64) -> Result<Vec<Vec<f64>>, TheoryError> {
    require_degree(degree, 1)?;
    (1..=degree)
        .map(|i| {
            (1..=degree)
                .map(|j| examine_probability(degree, i, j))
                .collect()
        })
        .collect()
}

/// Theorem 3, eq. (30): the expected number of leaves alpha-beta examines in a random
/// uniform tree of degree `degree` and height 2, `T(d, 2) = sum of all p_ij`. (At height 2
/// there are no deep cutoffs and the independence assumption holds, so this is exact.)
pub fn random_height2_expected_leaves(degree: u64) -> Result<f64, TheoryError> {
    Ok(examine_probability_matrix(degree)?.iter().flatten().sum())
}

fn check_indices(degree: u64, i: u64, j: u64) -> Result<(), TheoryError> {
    require_degree(degree, 1)?;
    for (name, index) in [("i", i), ("j", j)] {
        if index == 0 || index > degree {
            return Err(TheoryError::invalid(
                name,
                index,
                format!("must be between 1 and the degree ({degree})"),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frac(n: u128, d: u128) -> Fraction {
        Fraction::new(n, d).unwrap()
    }

    #[test]
    fn the_ternary_fractions_printed_in_eq_18() {
        let exact = |i, j| examine_probability_exact(3, i, j).unwrap().unwrap();
        assert_eq!(exact(2, 2), frac(3, 4));
        assert_eq!(exact(2, 3), frac(3, 5));
        assert_eq!(exact(3, 2), frac(9, 14));
        assert_eq!(exact(3, 3), frac(9, 20));
        for k in 1..=3 {
            assert_eq!(exact(1, k), Fraction::ONE);
            assert_eq!(exact(k, 1), Fraction::ONE);
        }
        // The binary tree's p_0 = 2/3 of eq. (33).
        assert_eq!(
            examine_probability_exact(2, 2, 2).unwrap(),
            Some(frac(2, 3))
        );
    }

    #[test]
    fn float_matches_exact() {
        for d in 1..=31u64 {
            for i in 1..=d {
                for j in 1..=d {
                    let float = examine_probability(d, i, j).unwrap();
                    if let Some(exact) = examine_probability_exact(d, i, j).unwrap() {
                        assert!((float - exact.to_f64()).abs() < 1e-14, "d={d} i={i} j={j}");
                    }
                }
            }
        }
    }

    #[test]
    fn matches_the_binomial_form_of_27() {
        // 1 / binomial(i-1+x, i-1) with x = (j-1)/d, via the Gamma-free product
        // prod_{k=1}^{i-1} (k + x)/k.
        for d in 1..=31u64 {
            for i in 1..=d {
                for j in 1..=d {
                    let x = (j - 1) as f64 / d as f64;
                    let binomial: f64 = (1..i).map(|k| (k as f64 + x) / k as f64).product();
                    let p = examine_probability(d, i, j).unwrap();
                    assert!((p * binomial - 1.0).abs() < 1e-13, "d={d} i={i} j={j}");
                }
            }
        }
    }

    #[test]
    fn indices_are_checked() {
        assert!(examine_probability(3, 0, 1).is_err());
        assert!(examine_probability(3, 1, 4).is_err());
        assert!(examine_probability(0, 1, 1).is_err());
    }
}
