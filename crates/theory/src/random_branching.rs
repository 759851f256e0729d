//! Alpha-beta's best case on trees with random branching: Corollary 2 of Theorem 1
//! (Knuth & Moore §6, eq. (14)).
//!
//! Level `j+1` of the tree grows from level `j` independently: a position on level `j` is
//! nonterminal with probability `q_j` and has `d_j` successors on average (`d_j` counts the
//! terminal case as 0 successors). With the best move first everywhere (eq. (12)), F2
//! examines exactly the critical positions (Theorem 1), so the expected number examined on
//! level `l` is the expected number of critical positions there:
//!
//! ```text
//!   d_0 q_1 d_2 q_3 … + q_0 d_1 q_2 d_3 … - q_0 q_1 … q_{l-1}        (14)
//! ```
//!
//! each product running over `j = 0 … l-1`. The scan prints the two parities of `l` as two
//! lines; written as alternating products over `j` they are one formula.
//!
//! # Derivation
//!
//! A position on level `l` has coordinates `a_1 … a_l`, where `a_{j+1}` is the move made on
//! level `j`. It is critical when `a_i = 1` for every odd `i` or for every even `i`. In
//! the proof of Theorem 1, a type-1 position (all coordinates 1, the principal variation)
//! has one type-1 successor (its first) and the others are type 2; a type-2 position has
//! only its first successor examined (type 3), which refutes it at once; a type-3 position
//! has all its successors examined (type 2). So along a critical sequence the positions
//! alternate between "first successor only" (a factor `q_j`) and "every successor" (a
//! factor `d_j`):
//!
//! * the sequences with `a_i = 1` for odd `i` take the first move on the even levels:
//!   expected count `q_0 d_1 q_2 d_3 …`;
//! * those with `a_i = 1` for even `i`: `d_0 q_1 d_2 q_3 …`;
//! * the all-ones sequence (type 1) is in both: expected count `q_0 q_1 … q_{l-1}`.
//!
//! Each factor is an expectation taken alone because a position's own branching is
//! independent of everything that decided whether it exists and is critical: if `X`
//! positions of a kind stand on level `j`, the expected number of their successors is
//! `E[X] d_j` and of their first successors `E[X] q_j` (Wald's identity). The expectation of
//! the product of independent factors is the product of their expectations.

use crate::error::{TheoryError, require_degree};

/// How positions on one level branch: the two numbers Corollary 2 needs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelBranching {
    /// `q_j`: the probability that a position on this level has at least one successor.
    pub nonterminal_prob: f64,
    /// `d_j`: the expected number of successors of a position on this level, counting a
    /// terminal position as having 0.
    pub mean_children: f64,
}

impl LevelBranching {
    /// A level where every position has exactly `degree` successors (`q = 1`, `d = degree`).
    pub fn uniform(degree: u64) -> LevelBranching {
        LevelBranching {
            nonterminal_prob: if degree == 0 { 0.0 } else { 1.0 },
            mean_children: degree as f64,
        }
    }
}

/// The expected number of positions F2 examines on level `l = levels.len()` of a random
/// tree whose best moves come first, eq. (14). `levels[j]` describes level `j`, for
/// `j = 0 … l-1`; level 0 is the root, so an empty slice gives 1 (the root).
pub fn corollary2_expected_level(levels: &[LevelBranching]) -> f64 {
    let (mut even_first, mut odd_first, mut all_first) = (1.0, 1.0, 1.0);
    for (j, level) in levels.iter().enumerate() {
        let (q, d) = (level.nonterminal_prob, level.mean_children);
        if j % 2 == 0 {
            even_first *= q;
            odd_first *= d;
        } else {
            even_first *= d;
            odd_first *= q;
        }
        all_first *= q;
    }
    even_first + odd_first - all_first
}

/// Eq. (14) on every level: element `l` is [`corollary2_expected_level`] of
/// `&levels[..l]`, for `l = 0 … levels.len()`.
pub fn corollary2_expected_levels(levels: &[LevelBranching]) -> Vec<f64> {
    (0..=levels.len())
        .map(|l| corollary2_expected_level(&levels[..l]))
        .collect()
}

/// The expected number of positions on level `l = levels.len()` of the random tree,
/// examined or not: `d_0 d_1 … d_{l-1}` (Corollary 2).
pub fn expected_positions_on_level(levels: &[LevelBranching]) -> f64 {
    levels.iter().map(|level| level.mean_children).product()
}

/// Eq. (14) with a fixed number of successors per level: every position on level `j` has
/// exactly `degrees[j]` successors. Positions F2 examines on level `l = degrees.len()`,
/// exactly: `d_1 d_3 d_5 … + d_0 d_2 d_4 … - 1` (products over `j < l`). With all degrees
/// equal this is Corollary 1, eq. (13).
pub fn corollary2_level_fixed_degrees(degrees: &[u64]) -> Result<u128, TheoryError> {
    for &degree in degrees {
        require_degree(degree, 1)?;
    }
    let level = u32::try_from(degrees.len()).unwrap_or(u32::MAX);
    let overflow = || {
        let widest = degrees.iter().copied().max().unwrap_or(1);
        TheoryError::overflow("Corollary 2 positions on one level", widest, level)
    };
    let (mut even_levels, mut odd_levels): (u128, u128) = (1, 1);
    for (j, &degree) in degrees.iter().enumerate() {
        let side = if j % 2 == 0 {
            &mut even_levels
        } else {
            &mut odd_levels
        };
        *side = side.checked_mul(u128::from(degree)).ok_or_else(overflow)?;
    }
    // Both products are at least 1, so the subtraction cannot underflow.
    (even_levels - 1)
        .checked_add(odd_levels)
        .ok_or_else(overflow)
}

/// The branching law of the project's `ordered` model with variable branching: a position
/// above the leaves is terminal with probability `terminal_prob`, and otherwise has a
/// number of successors drawn uniformly from `degree_min ..= degree_max`, independently of
/// every other position. Positions on the last level (depth = height) are terminal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrderedBranching {
    degree_min: u32,
    degree_max: u32,
    terminal_prob: f64,
}

impl OrderedBranching {
    /// The law with the given `--degree-min`, `--degree-max` and `--terminal-prob`.
    ///
    /// `degree_min` may be 0 here (a drawn count of 0 is one more way to be terminal), though
    /// the tree model itself asks for at least 1.
    pub fn new(
        degree_min: u32,
        degree_max: u32,
        terminal_prob: f64,
    ) -> Result<OrderedBranching, TheoryError> {
        if degree_max < degree_min {
            return Err(TheoryError::invalid(
                "degree-max",
                degree_max,
                format!("must be at least degree-min ({degree_min})"),
            ));
        }
        if !(0.0..=1.0).contains(&terminal_prob) {
            return Err(TheoryError::invalid(
                "terminal-prob",
                terminal_prob,
                "must be between 0 and 1",
            ));
        }
        Ok(OrderedBranching {
            degree_min,
            degree_max,
            terminal_prob,
        })
    }

    /// `q`: the probability that a position above the leaves has at least one successor,
    /// `(1 - terminal_prob) · P(drawn count >= 1)`.
    pub fn nonterminal_prob(&self) -> f64 {
        let span = f64::from(self.degree_max - self.degree_min) + 1.0;
        let nonzero = if self.degree_min == 0 {
            (span - 1.0) / span
        } else {
            1.0
        };
        (1.0 - self.terminal_prob) * nonzero
    }

    /// `d`: the expected number of successors of a position above the leaves,
    /// `(1 - terminal_prob) · (degree_min + degree_max) / 2`.
    pub fn mean_children(&self) -> f64 {
        (1.0 - self.terminal_prob) * (f64::from(self.degree_min) + f64::from(self.degree_max)) / 2.0
    }

    /// The same law on every level above the leaves, as Corollary 2 wants it.
    pub fn level_branching(&self) -> LevelBranching {
        LevelBranching {
            nonterminal_prob: self.nonterminal_prob(),
            mean_children: self.mean_children(),
        }
    }

    /// The expected number of positions F2 examines on level `level` when the best move
    /// comes first (the `ordered` model with `ordering = 1`), eq. (14).
    pub fn expected_examined_level(&self, level: u32) -> f64 {
        let levels = vec![self.level_branching(); level as usize];
        corollary2_expected_level(&levels)
    }

    /// Expected counts, per level `0 ..= height`, for a tree of height `height` with the
    /// best move first: positions F2 examines (eq. (14)), terminal positions among them, and
    /// positions in the tree.
    pub fn expected_examined(&self, height: u32) -> ExpectedExamined {
        let levels = vec![self.level_branching(); height as usize];
        let examined = corollary2_expected_levels(&levels);
        // Whether a position is examined depends only on its ancestors' branching and its
        // own coordinates, never on its own branching: so the examined positions on a
        // level above the leaves are terminal with the unconditional probability `1 - q`.
        let terminal = examined
            .iter()
            .enumerate()
            .map(|(j, &e)| {
                if j == height as usize {
                    e
                } else {
                    e * (1.0 - self.nonterminal_prob())
                }
            })
            .collect();
        let positions = (0..=levels.len())
            .map(|l| expected_positions_on_level(&levels[..l]))
            .collect();
        ExpectedExamined {
            examined,
            terminal,
            positions,
        }
    }
}

/// Per-level expectations for a random tree searched by F2 with the best move first.
#[derive(Clone, Debug, PartialEq)]
pub struct ExpectedExamined {
    /// `examined[l]`: expected positions F2 examines on level `l`, eq. (14).
    pub examined: Vec<f64>,
    /// `terminal[l]`: expected terminal positions among them (the evaluations).
    pub terminal: Vec<f64>,
    /// `positions[l]`: expected positions on level `l` of the tree, `d_0 … d_{l-1}`.
    pub positions: Vec<f64>,
}

impl ExpectedExamined {
    /// Expected positions examined in the whole tree (the `nodes` count).
    pub fn nodes(&self) -> f64 {
        self.examined.iter().sum()
    }

    /// Expected terminal positions examined (the `leaves` count).
    pub fn leaves(&self) -> f64 {
        self.terminal.iter().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reduces_to_corollary_1_for_uniform_levels() {
        // The paper: "(14) reduces to (13) when q_j = 1 and d_j = d".
        for d in 1..6u64 {
            for l in 0..10u32 {
                let levels = vec![LevelBranching::uniform(d); l as usize];
                let expected = crate::corollary1_level(d, l).unwrap() as f64;
                assert_eq!(corollary2_expected_level(&levels), expected, "d={d} l={l}");
                let fixed = vec![d; l as usize];
                assert_eq!(
                    corollary2_level_fixed_degrees(&fixed).unwrap(),
                    expected as u128
                );
            }
        }
    }

    #[test]
    fn ordered_law_moments() {
        let law = OrderedBranching::new(2, 4, 0.25).unwrap();
        assert_eq!(law.nonterminal_prob(), 0.75);
        assert_eq!(law.mean_children(), 2.25);
        let with_zero = OrderedBranching::new(0, 3, 0.0).unwrap();
        assert_eq!(with_zero.nonterminal_prob(), 0.75);
        assert_eq!(with_zero.mean_children(), 1.5);
        assert!(OrderedBranching::new(3, 2, 0.0).is_err());
        assert!(OrderedBranching::new(1, 2, 1.5).is_err());
    }
}
