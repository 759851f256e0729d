//! Pearl's asymptotic branching factor of alpha-beta on random uniform trees, to set
//! beside Knuth & Moore's Table 1 (§7), whose bounds are for F1 without deep cutoffs.
//!
//! J. Pearl (1982) showed that alpha-beta with deep cutoffs, on a random uniform tree of
//! degree `d` with continuous independent leaf values, has branching factor
//! `xi_d / (1 - xi_d)`, where `xi_d` is the positive root of `x^d + x - 1 = 0`. It grows
//! like `d / ln d`, the order Theorem 5 finds for F1, and for `d = 2` it is the golden
//! ratio.

use crate::error::{TheoryError, require_degree};

/// `xi_d`: the root in `(0, 1)` of `x^d + x - 1 = 0`, to full `f64` precision by bisection
/// (the polynomial is increasing on `[0, 1]`, from -1 to 1).
pub fn pearl_xi(degree: u64) -> Result<f64, TheoryError> {
    require_degree(degree, 1)?;
    let exponent = i32::try_from(degree).map_err(|_| {
        TheoryError::invalid("degree", degree, format!("must be at most {}", i32::MAX))
    })?;
    let f = |x: f64| x.powi(exponent) + x - 1.0;
    let (mut low, mut high) = (0.0f64, 1.0f64);
    loop {
        let mid = low + (high - low) / 2.0;
        if mid <= low || mid >= high {
            break;
        }
        if f(mid) < 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    // Of the two neighbours left, the one with the smaller residual.
    Ok(if f(low).abs() <= f(high).abs() {
        low
    } else {
        high
    })
}

/// Pearl's branching factor `xi_d / (1 - xi_d)` of alpha-beta on random uniform trees.
pub fn pearl_branching_factor(degree: u64) -> Result<f64, TheoryError> {
    let xi = pearl_xi(degree)?;
    Ok(xi / (1.0 - xi))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_forms_for_small_degrees() {
        // d = 1: 2x - 1 = 0. d = 2: the golden ratio's reciprocal, factor phi.
        assert_eq!(pearl_xi(1).unwrap(), 0.5);
        assert_eq!(pearl_branching_factor(1).unwrap(), 1.0);
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        assert!((pearl_xi(2).unwrap() - 1.0 / phi).abs() < 1e-15);
        assert!((pearl_branching_factor(2).unwrap() - phi).abs() < 1e-14);
        // d = 3: Cardano's formula for the real root of x^3 + x - 1.
        let s = (31.0f64 / 108.0).sqrt();
        let cardano = (0.5 + s).cbrt() + (0.5 - s).cbrt();
        assert!((pearl_xi(3).unwrap() - cardano).abs() < 1e-15);
    }

    #[test]
    fn residual_is_rounding_only() {
        for d in 1..=64u64 {
            let xi = pearl_xi(d).unwrap();
            assert!(xi > 0.0 && xi < 1.0);
            assert!(
                (xi.powi(d as i32) + xi - 1.0).abs() < 4.0 * f64::EPSILON,
                "d={d}"
            );
        }
        assert!(pearl_xi(0).is_err());
    }
}
