//! Exact averages over random uniform trees by enumerating every ordering of the leaf
//! values (Knuth & Moore §7; the binary tree of height 3 and its `6 89/105`).
//!
//! Alpha-beta's path depends only on the relative order of the terminal values, so on a
//! uniform tree with `n = d^h` distinct random values it suffices to average over the `n!`
//! orderings of `0 … n-1`. §7 reports that Fuller, Gaschnig and Gillogly checked the binary
//! tree of height 3 on all `8!` orderings: alpha-beta examines `6 89/105` leaves on average,
//! where §7's first (fallacious) analysis predicted more; the last leaf `f_8` is examined
//! with probability `18/35`, not `4/9`. F1 and F2 examine the same positions on trees of
//! height at most 3, so the procedure here is F2, as the paper writes it.

use crate::error::{TheoryError, require_degree};
use crate::fraction::Fraction;

/// The largest number of leaves `d^h` the enumeration accepts: `10! = 3 628 800` orderings.
pub const MAX_ENUMERATED_LEAVES: u64 = 10;

/// For each leaf of the uniform tree of degree `degree` and height `height`, left to right,
/// the exact probability that F2 (alpha-beta, called with `(-inf, +inf)`) examines it when
/// the leaf values are distinct and in random order. Enumerates all `(d^h)!` orderings, so
/// `d^h` must be at most [`MAX_ENUMERATED_LEAVES`].
pub fn random_uniform_leaf_probabilities(
    degree: u64,
    height: u32,
) -> Result<Vec<Fraction>, TheoryError> {
    require_degree(degree, 1)?;
    let leaves = u128::from(degree)
        .checked_pow(height)
        .filter(|&n| n <= u128::from(MAX_ENUMERATED_LEAVES))
        .ok_or_else(|| TheoryError::TooLarge {
            what: format!(
                "a uniform tree of degree {degree} and height {height} has more than \
                 {MAX_ENUMERATED_LEAVES} leaves, too many orderings to enumerate"
            ),
        })? as usize;
    let tree = UniformTree {
        degree: degree as usize,
        height,
    };
    let mut values: Vec<i64> = (0..leaves as i64).collect();
    let mut examined = vec![0u64; leaves];
    let mut orderings: u64 = 0;
    for_each_permutation(&mut values, |values| {
        orderings += 1;
        tree.alpha_beta(values, &mut examined);
    });
    Ok(examined
        .into_iter()
        .map(|count| {
            Fraction::new(u128::from(count), u128::from(orderings)).expect("at least one ordering")
        })
        .collect())
}

/// The exact expected number of leaves F2 examines on a random uniform tree of degree
/// `degree` and height `height` with distinct values: the sum of
/// [`random_uniform_leaf_probabilities`]. `d^h` must be at most [`MAX_ENUMERATED_LEAVES`].
pub fn random_uniform_mean_leaves(degree: u64, height: u32) -> Result<Fraction, TheoryError> {
    let total = random_uniform_leaf_probabilities(degree, height)?
        .into_iter()
        .try_fold(Fraction::ZERO, Fraction::checked_add);
    // At most ten terms with denominators dividing 10!: far from 128 bits.
    Ok(total.expect("the sum of at most ten probabilities with small denominators"))
}

/// §7's binary tree of height 3 with its 8 distinct leaf values in random order: the exact
/// mean number of leaves alpha-beta examines, computed over all `8!` orderings
/// (the paper's answer is `6 89/105 = 719/105`).
pub fn binary_height3_mean_leaves() -> Fraction {
    random_uniform_mean_leaves(2, 3).expect("8 leaves are within the enumeration limit")
}

/// A uniform tree whose leaves are numbered left to right; `values[i]` is leaf `i`'s value
/// from the viewpoint of the player to move there.
struct UniformTree {
    degree: usize,
    height: u32,
}

impl UniformTree {
    /// `F2(root, -inf, +inf)`, adding 1 to `examined[i]` for every leaf `i` it evaluates.
    fn alpha_beta(&self, values: &[i64], examined: &mut [u64]) -> i64 {
        // Every value is in 0..n, so ±n are infinities that negate to each other.
        let infinity = values.len() as i64;
        self.f2(0, 0, -infinity, infinity, values, examined)
    }

    #[allow(clippy::too_many_arguments)]
    fn f2(
        &self,
        depth: u32,
        index: usize,
        alpha: i64,
        beta: i64,
        values: &[i64],
        examined: &mut [u64],
    ) -> i64 {
        if depth == self.height {
            examined[index] += 1;
            return values[index];
        }
        let mut m = alpha;
        for move_number in 0..self.degree {
            let child = index * self.degree + move_number;
            let t = -self.f2(depth + 1, child, -beta, -m, values, examined);
            if t > m {
                m = t;
            }
            if m >= beta {
                break;
            }
        }
        m
    }
}

/// Calls `visit` once with every permutation of `items` (Heap's algorithm).
fn for_each_permutation<T>(items: &mut [T], mut visit: impl FnMut(&[T])) {
    let n = items.len();
    let mut counters = vec![0usize; n];
    visit(items);
    let mut i = 1;
    while i < n {
        if counters[i] < i {
            let other = if i % 2 == 0 { 0 } else { counters[i] };
            items.swap(other, i);
            visit(items);
            counters[i] += 1;
            i = 1;
        } else {
            counters[i] = 0;
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn heaps_algorithm_visits_every_permutation_once() {
        let mut items = [0u8, 1, 2, 3, 4];
        let mut seen = HashSet::new();
        for_each_permutation(&mut items, |p| assert!(seen.insert(p.to_vec())));
        assert_eq!(seen.len(), 120);
    }

    #[test]
    fn trivial_trees() {
        assert_eq!(random_uniform_mean_leaves(5, 0).unwrap(), Fraction::ONE);
        // Height 1: the root looks at every successor (its bound is +infinity).
        assert_eq!(
            random_uniform_mean_leaves(7, 1).unwrap(),
            Fraction::from_integer(7)
        );
        assert!(matches!(
            random_uniform_mean_leaves(2, 4),
            Err(TheoryError::TooLarge { .. })
        ));
    }
}
