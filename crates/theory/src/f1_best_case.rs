//! Procedure F1's best case: the branch-and-bound search without deep cutoffs on a
//! perfectly ordered uniform tree (Knuth & Moore §8, eqs. (49)–(51)).
//!
//! # Assumption
//!
//! §8 assumes "ideal ordering of successor positions": the first successor of every
//! position is a best move, eq. (12) of §6. Nothing is assumed about how much worse the
//! other moves are, and nothing needs to be: F1 calls a first successor with
//! `bound = +infinity`, so it comes back with its exact value; a later successor `p_k` of a
//! position `p` is then called with `bound = F(p_1)`, and its own first successor returns
//! `F(p_k) >= F(p_1)` exactly, which ends the loop at `p_k` because F1 cuts off on
//! `m >= bound` — ties included. So the examined positions are exactly the sequences
//! `a_1 … a_l` with no two non-1 coordinates in a row (`a_i > 1` implies `a_{i+1} = 1`),
//! whatever the values. (A cutoff on strict `>` would make ties matter.)
//!
//! # Count
//!
//! Counting those sequences by their last coordinate gives, for degree `d`, the recurrence
//! (50): `A_0 = 1`, `A_1 = d`, `A_{n+2} = A_{n+1} + (d-1) A_n`, where `A_n` is the number of
//! positions examined on level `n`; its solution (51) is
//! `A_n = ((1/2 + s)^(n+2) - (1/2 - s)^(n+2)) / sqrt(4d-3)` with `s = sqrt(d - 3/4)`. F2
//! examines the same positions as F1 on levels 0 to 3 (`A_3 = d^2 + d - 1`, eq. (13)); F1
//! examines more from level 4 on, where deep cutoffs begin.

use crate::error::{TheoryError, require_degree};

/// Positions F1 examines on level `level` of a perfectly ordered uniform tree of degree
/// `degree`, by the recurrence (50). Exact; an error if it does not fit in a `u128`.
pub fn f1_best_case_level(degree: u64, level: u32) -> Result<u128, TheoryError> {
    Ok(*f1_best_case_levels(degree, level)?
        .last()
        .expect("levels 0..=level is never empty"))
}

/// Positions F1 examines on each level `0 ..= height` of a perfectly ordered uniform tree,
/// by the recurrence (50).
pub fn f1_best_case_levels(degree: u64, height: u32) -> Result<Vec<u128>, TheoryError> {
    require_degree(degree, 1)?;
    let d = u128::from(degree);
    let mut levels = Vec::with_capacity(height as usize + 1);
    levels.push(1u128);
    if height >= 1 {
        levels.push(d);
    }
    for n in 2..=height {
        let (before, last) = (levels[n as usize - 2], levels[n as usize - 1]);
        let next = (d - 1)
            .checked_mul(before)
            .and_then(|refuted| refuted.checked_add(last))
            .ok_or_else(|| TheoryError::overflow("F1 best-case positions", degree, n))?;
        levels.push(next);
    }
    Ok(levels)
}

/// All positions F1 examines on a perfectly ordered uniform tree of height `height`, root
/// and leaves included: the sum of (50) over levels `0 ..= height`.
pub fn f1_best_case_total(degree: u64, height: u32) -> Result<u128, TheoryError> {
    f1_best_case_levels(degree, height)?
        .into_iter()
        .try_fold(0u128, |total, level| total.checked_add(level))
        .ok_or_else(|| TheoryError::overflow("F1 best-case positions", degree, height))
}

/// The closed form (51) of the same count, in floating point:
/// `((1/2 + s)^(l+2) - (1/2 - s)^(l+2)) / sqrt(4d-3)` with `s = sqrt(d - 3/4)`.
pub fn f1_best_case_level_closed_form(degree: u64, level: u32) -> Result<f64, TheoryError> {
    require_degree(degree, 1)?;
    let s = (degree as f64 - 0.75).sqrt();
    let n = level as i32 + 2;
    Ok(((0.5 + s).powi(n) - (0.5 - s).powi(n)) / (4.0 * degree as f64 - 3.0).sqrt())
}

/// F1's effective branching factor in the best case, `sqrt(d - 3/4) + 1/2` (§8), against
/// `sqrt(d)` for F2 with its deep cutoffs.
pub fn f1_best_case_growth_rate(degree: u64) -> Result<f64, TheoryError> {
    require_degree(degree, 1)?;
    Ok((degree as f64 - 0.75).sqrt() + 0.5)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ternary_recurrence_49() {
        // (49): A_{n+1} = A_n + 2 A_{n-1} for d = 3: 1, 3, 5, 11, 21, 43, ...
        assert_eq!(
            f1_best_case_levels(3, 6).unwrap(),
            vec![1, 3, 5, 11, 21, 43, 85]
        );
        assert_eq!(f1_best_case_total(3, 2).unwrap(), 9);
    }

    #[test]
    fn binary_case_is_fibonacci() {
        // For d = 2, (51) is Binet's formula: A_n = Fib(n + 2).
        let fib = [1u128, 2, 3, 5, 8, 13, 21, 34, 55, 89];
        assert_eq!(f1_best_case_levels(2, 9).unwrap(), fib.to_vec());
        assert!((f1_best_case_growth_rate(2).unwrap() - (1.0 + 5f64.sqrt()) / 2.0).abs() < 1e-15);
    }

    #[test]
    fn closed_form_51_matches_recurrence_50() {
        for d in 1..=40u64 {
            for l in 0..=20u32 {
                let exact = f1_best_case_level(d, l).unwrap() as f64;
                let closed = f1_best_case_level_closed_form(d, l).unwrap();
                assert!(
                    ((closed - exact) / exact).abs() < 1e-12,
                    "d={d} l={l}: {closed} vs {exact}"
                );
            }
        }
    }

    #[test]
    fn overflow_and_degree_errors() {
        assert!(f1_best_case_level(2, 183).is_ok());
        assert!(matches!(
            f1_best_case_level(2, 200),
            Err(TheoryError::Overflow { .. })
        ));
        assert!(f1_best_case_level(0, 2).is_err());
        assert!(f1_best_case_level_closed_form(0, 2).is_err());
    }
}
