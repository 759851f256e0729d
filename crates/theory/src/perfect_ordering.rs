//! Alpha-beta's best case: Corollary 1 of Theorem 1 (Knuth & Moore §6, eq. (13)).
//!
//! When the first successor of every position is a best move (eq. (12)) and the root's
//! value is finite, procedure F2 examines exactly the *critical* positions (Theorem 1):
//! those whose Dewey coordinates `a_1 … a_l` have `a_i = 1` for every odd `i` or for every
//! even `i`. On a uniform tree of degree `d` there are `d^floor(l/2)` sequences of the first
//! kind on level `l`, `d^ceil(l/2)` of the second, and the all-ones sequence is counted
//! twice, which gives eq. (13). Corollary 3 adds that no algorithm evaluates fewer leaves.

use crate::error::{TheoryError, require_degree};

/// Positions F2 examines on level (depth) `level` of a perfectly ordered uniform tree of
/// degree `degree`: `d^ceil(l/2) + d^floor(l/2) - 1`, eq. (13). Level 0 is the root.
///
/// Exact; an error if the count does not fit in a `u128` or `degree` is 0.
pub fn corollary1_level(degree: u64, level: u32) -> Result<u128, TheoryError> {
    require_degree(degree, 1)?;
    let overflow = || TheoryError::overflow("Corollary 1 positions on one level", degree, level);
    let d = u128::from(degree);
    let high = d.checked_pow(level.div_ceil(2)).ok_or_else(overflow)?;
    let low = d.checked_pow(level / 2).ok_or_else(overflow)?;
    // `high >= 1`, so subtracting the doubly counted all-ones position cannot underflow.
    (high - 1).checked_add(low).ok_or_else(overflow)
}

/// Positions F2 examines on each level `0..=height` of a perfectly ordered uniform tree,
/// eq. (13) per level.
pub fn corollary1_levels(degree: u64, height: u32) -> Result<Vec<u128>, TheoryError> {
    (0..=height).map(|l| corollary1_level(degree, l)).collect()
}

/// Leaves F2 examines on a perfectly ordered uniform tree of height `height`: eq. (13) at
/// `l = height`, the lower bound of Corollary 3 (eq. (17)).
pub fn corollary1_leaves(degree: u64, height: u32) -> Result<u128, TheoryError> {
    corollary1_level(degree, height)
}

/// All positions F2 examines on a perfectly ordered uniform tree of height `height`, root
/// and leaves included: the sum of eq. (13) over levels `0..=height`.
pub fn corollary1_total(degree: u64, height: u32) -> Result<u128, TheoryError> {
    let mut total: u128 = 0;
    for level in 0..=height {
        total = total
            .checked_add(corollary1_level(degree, level)?)
            .ok_or_else(|| TheoryError::overflow("Corollary 1 positions", degree, height))?;
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_values_written_out() {
        // d = 3: levels 0..4 are 1, 3, 5, 11, 17 (the paper's Fig. 3 tree has 81 leaves on
        // level 4; its best case would examine 17 of them).
        assert_eq!(corollary1_levels(3, 4).unwrap(), vec![1, 3, 5, 11, 17]);
        assert_eq!(corollary1_total(3, 4).unwrap(), 1 + 3 + 5 + 11 + 17);
        assert_eq!(corollary1_leaves(10, 6).unwrap(), 1999);
        assert_eq!(corollary1_levels(1, 5).unwrap(), vec![1; 6]);
    }

    #[test]
    fn errors_instead_of_wrapping() {
        // 2^127 + 2^127 - 1 = u128::MAX is the last level that fits.
        assert_eq!(corollary1_level(2, 254).unwrap(), u128::MAX);
        assert!(matches!(
            corollary1_level(2, 255),
            Err(TheoryError::Overflow { .. })
        ));
        assert!(matches!(
            corollary1_total(u64::MAX, 4),
            Err(TheoryError::Overflow { .. })
        ));
        assert!(matches!(
            corollary1_level(0, 3),
            Err(TheoryError::InvalidParameter { .. })
        ));
    }
}
