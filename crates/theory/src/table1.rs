//! The branching-factor bounds of Knuth & Moore's Table 1 (§7), for F1 (alpha-beta without
//! deep cutoffs) on random uniform trees of degree `d`.
//!
//! * `r0(d)`: the largest eigenvalue of the matrix `(p_ij)` of eq. (25), the growth rate
//!   `T(d, h) ~ c0 r0^h` of §7's first analysis (eq. (24)); Theorem 5 shows it is a lower
//!   bound on the true branching factor `r(d)`.
//! * `r1(d) = sqrt(S_d + 1/4) + 1/2` (eq. (39)), with `S_d` the sum of `p_ij` over rows
//!   `i >= 2` (eq. (38)): the growth rate of the upper-bound recurrence (37),
//!   `A_{n+2} = A_{n+1} + S_d A_n`. For `d = 3`, `S_3 = 1 + 3/4 + 3/5 + 1 + 9/14 + 9/20`.
//! * `r*(d)`: the largest eigenvalue of `(sqrt(p_ij))`, eq. (41), Theorem 4's upper bound.
//!
//! Alongside them, Pearl's branching factor of alpha-beta with deep cutoffs
//! ([`crate::pearl_branching_factor`]), which the 1975 table could not have.

use crate::error::{TheoryError, require_degree};
use crate::examine_probability::examine_probability_matrix;
use crate::pearl::pearl_branching_factor;
use crate::perron::perron_root;

/// `r0(d)`: the Perron root of `(p_ij)`, eq. (25).
pub fn r0(degree: u64) -> Result<f64, TheoryError> {
    Ok(perron_root(&examine_probability_matrix(degree)?)?.value)
}

/// `S_d`: the sum of `p_ij` over `2 <= i <= d`, `1 <= j <= d`, eq. (38).
pub fn s_d(degree: u64) -> Result<f64, TheoryError> {
    Ok(examine_probability_matrix(degree)?
        .iter()
        .skip(1)
        .flatten()
        .sum())
}

/// `r1(d) = sqrt(S_d + 1/4) + 1/2`, eq. (39): the larger root of `x^2 = x + S_d`.
pub fn r1(degree: u64) -> Result<f64, TheoryError> {
    Ok((s_d(degree)? + 0.25).sqrt() + 0.5)
}

/// `r*(d)`: the Perron root of `(sqrt(p_ij))`, eq. (41).
pub fn r_star(degree: u64) -> Result<f64, TheoryError> {
    let roots = examine_probability_matrix(degree)?
        .into_iter()
        .map(|row| row.into_iter().map(f64::sqrt).collect())
        .collect::<Vec<Vec<f64>>>();
    Ok(perron_root(&roots)?.value)
}

/// One row of Table 1 as computed here, plus Pearl's factor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Table1Row {
    /// The degree `d`.
    pub d: u64,
    /// `r0(d)`, eq. (25).
    pub r0: f64,
    /// `r1(d)`, eq. (39).
    pub r1: f64,
    /// `r*(d)`, eq. (41).
    pub r_star: f64,
    /// Pearl's `xi_d / (1 - xi_d)`, not in the paper.
    pub pearl: f64,
}

/// Computes Table 1's row for degree `d >= 1` (the paper prints `d = 2 … 31`).
pub fn table1_row(d: u64) -> Result<Table1Row, TheoryError> {
    require_degree(d, 1)?;
    Ok(Table1Row {
        d,
        r0: r0(d)?,
        r1: r1(d)?,
        r_star: r_star(d)?,
        pearl: pearl_branching_factor(d)?,
    })
}

/// Table 1 as the paper prints it: the rows `d = 2 … 31`, computed.
pub fn table1() -> Vec<Table1Row> {
    (2..=31)
        .map(|d| table1_row(d).expect("degrees 2..=31 are valid"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ternary_numbers_in_section_7() {
        // "Numerical calculation gives r_1 = 2.533911" (the largest eigenvalue for d = 3,
        // Table 1's r0(3)), and "check r1(3) = 2.666" from eq. (39).
        assert!((r0(3).unwrap() - 2.533911).abs() < 5e-7);
        let s3 = 1.0 + 0.75 + 0.6 + 1.0 + 9.0 / 14.0 + 0.45;
        assert!((s_d(3).unwrap() - s3).abs() < 1e-15);
        assert!((r1(3).unwrap() - 2.666).abs() < 5e-4);
    }

    #[test]
    fn binary_row_by_hand() {
        // (p_ij) = [[1, 1], [1, 2/3]]: r0 = (5/3 + sqrt(25/9 + 4/3)) / 2.
        let r0_2 = (5.0 / 3.0 + (25.0f64 / 9.0 + 4.0 / 3.0).sqrt()) / 2.0;
        assert!((r0(2).unwrap() - r0_2).abs() < 1e-14);
        assert!((r1(2).unwrap() - ((5.0f64 / 3.0 + 0.25).sqrt() + 0.5)).abs() < 1e-15);
        let s = (2.0f64 / 3.0).sqrt();
        let r_star_2 = ((1.0 + s) + ((1.0 + s).powi(2) - 4.0 * (s - 1.0)).sqrt()) / 2.0;
        assert!((r_star(2).unwrap() - r_star_2).abs() < 1e-14);
    }

    #[test]
    fn degree_one_is_the_path() {
        let row = table1_row(1).unwrap();
        assert_eq!(
            (row.r0, row.r1, row.r_star, row.pearl),
            (1.0, 1.0, 1.0, 1.0)
        );
        assert!(table1_row(0).is_err());
    }

    #[test]
    fn the_bounds_bracket_pearl_and_each_other() {
        // Alpha-beta with deep cutoffs never does worse than F1, so Pearl's factor lies below
        // both upper bounds on F1's; and r0 <= min(r1, r*) (Theorem 5).
        for row in table1() {
            assert!(row.pearl < row.r1.min(row.r_star), "{row:?}");
            assert!(row.r0 < row.r1.min(row.r_star), "{row:?}");
        }
    }
}
