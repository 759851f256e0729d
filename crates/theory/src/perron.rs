//! The largest eigenvalue of a positive matrix (its Perron root), which §7 of Knuth & Moore
//! uses for the branching factors `r0(d)` and `r*(d)` of Table 1.
//!
//! Power iteration from the all-ones vector. For a matrix with positive entries the
//! Collatz–Wielandt quotients bracket the root at every step,
//! `min_i (Ax)_i / x_i <= rho(A) <= max_i (Ax)_i / x_i` for any positive `x`, and the
//! bracket closes as `x` tends to the Perron vector; iteration stops when it is as narrow
//! as rounding allows.

use crate::error::TheoryError;

/// The Perron root of a positive matrix with the bracket that certifies it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PerronRoot {
    /// The midpoint of the final bracket.
    pub value: f64,
    /// A lower bound: the smallest Collatz–Wielandt quotient of the last iterate.
    pub lower: f64,
    /// An upper bound: the largest Collatz–Wielandt quotient of the last iterate.
    pub upper: f64,
    /// Matrix-vector products taken.
    pub iterations: u32,
}

/// Relative width of the bracket at which iteration stops: a few dozen ulps, about what
/// rounding in a 31-term dot product leaves.
const TARGET_RELATIVE_WIDTH: f64 = 1e-14;
/// A bracket still wider than this after [`MAX_ITERATIONS`] is reported as an error.
const ACCEPTABLE_RELATIVE_WIDTH: f64 = 1e-11;
const MAX_ITERATIONS: u32 = 100_000;

/// The largest eigenvalue of `matrix` (rows of equal length, square, every entry positive
/// and finite), by power iteration with Collatz–Wielandt bounds.
pub fn perron_root(matrix: &[Vec<f64>]) -> Result<PerronRoot, TheoryError> {
    let n = matrix.len();
    if n == 0 || matrix.iter().any(|row| row.len() != n) {
        return Err(TheoryError::invalid(
            "matrix",
            format!("with {n} rows"),
            "must be square and not empty",
        ));
    }
    if let Some(bad) = matrix
        .iter()
        .flatten()
        .find(|&&a| !(a > 0.0 && a.is_finite()))
    {
        return Err(TheoryError::invalid(
            "matrix entry",
            bad,
            "every entry must be positive and finite",
        ));
    }
    let mut x = vec![1.0; n];
    let mut best: Option<PerronRoot> = None;
    for iteration in 1..=MAX_ITERATIONS {
        let y: Vec<f64> = matrix
            .iter()
            .map(|row| row.iter().zip(&x).map(|(a, xi)| a * xi).sum())
            .collect();
        let quotients = y.iter().zip(&x).map(|(yi, xi)| yi / xi);
        let lower = quotients.clone().fold(f64::INFINITY, f64::min);
        let upper = quotients.fold(0.0, f64::max);
        let root = PerronRoot {
            value: (lower + upper) / 2.0,
            lower,
            upper,
            iterations: iteration,
        };
        if best.is_none_or(|b| upper - lower < b.upper - b.lower) {
            best = Some(root);
        }
        if upper - lower <= TARGET_RELATIVE_WIDTH * upper {
            break;
        }
        let scale = y.iter().copied().fold(0.0, f64::max);
        x = y.into_iter().map(|yi| yi / scale).collect();
    }
    let best = best.expect("at least one iteration");
    if best.upper - best.lower > ACCEPTABLE_RELATIVE_WIDTH * best.upper {
        return Err(TheoryError::TooLarge {
            what: format!(
                "power iteration did not converge: the Perron root is only known to lie in \
                 [{}, {}]",
                best.lower, best.upper
            ),
        });
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_by_two_against_the_quadratic_formula() {
        for (a, b, c, d) in [
            (1.0, 1.0, 1.0, 2.0 / 3.0),
            (2.0, 3.0, 0.5, 7.0),
            (1.0, 1e-3, 1e-3, 1.0),
        ] {
            let root = perron_root(&[vec![a, b], vec![c, d]]).unwrap();
            // The form without cancellation: (a+d)/2 + sqrt(((a-d)/2)^2 + bc).
            let exact = (a + d) / 2.0 + (((a - d) / 2.0f64).powi(2) + b * c).sqrt();
            assert!(
                (root.value - exact).abs() < 1e-13 * exact,
                "{root:?} vs {exact}"
            );
            assert!(
                root.lower <= exact * (1.0 + 1e-14) && exact <= root.upper * (1.0 + 1e-14),
                "{root:?} vs {exact}"
            );
        }
    }

    #[test]
    fn constant_row_sums() {
        // Every row sums to 6, so the Perron root is 6 with the all-ones vector.
        let m = vec![
            vec![1.0, 2.0, 3.0],
            vec![3.0, 2.0, 1.0],
            vec![2.0, 2.0, 2.0],
        ];
        let root = perron_root(&m).unwrap();
        assert_eq!(root.value, 6.0);
        assert_eq!(root.iterations, 1);
    }

    #[test]
    fn rejects_what_it_cannot_handle() {
        assert!(perron_root(&[]).is_err());
        assert!(perron_root(&[vec![1.0, 2.0]]).is_err());
        assert!(perron_root(&[vec![1.0, 0.0], vec![1.0, 1.0]]).is_err());
        assert!(perron_root(&[vec![f64::NAN]]).is_err());
    }
}
