//! The formulas of Knuth & Moore, "An Analysis of Alpha-Beta Pruning" (Artificial
//! Intelligence 6, 1975), as functions: what alpha-beta (procedure F2) and branch-and-bound
//! without deep cutoffs (procedure F1) examine in the best case, on random trees and on
//! totally dependent trees.
//!
//! | paper | what | here |
//! | --- | --- | --- |
//! | §6, Corollary 1, eq. (13) | F2 on perfectly ordered uniform trees, per level | [`corollary1_level`] |
//! | §6, Corollary 2, eq. (14) | the same with random branching, in expectation | [`corollary2_expected_level`], [`OrderedBranching`] |
//! | §7, eqs. (26)–(27), (30) | the probabilities `p_ij`; Theorem 3's `T(d, 2)` | [`examine_probability`], [`random_height2_expected_leaves`] |
//! | §7, the binary tree of height 3 | `6 89/105`, by enumerating all `8!` orderings | [`binary_height3_mean_leaves`] |
//! | §7, Table 1, eqs. (25), (39), (41) | `r0`, `r1`, `r*` | [`table1_row`], [`paper_table1`] |
//! | — | Pearl's branching factor of alpha-beta | [`pearl_branching_factor`] |
//! | §8, eqs. (50)–(51) | F1 on perfectly ordered uniform trees, per level | [`f1_best_case_level`] |
//! | §9, Theorem 6, eqs. (52)–(54) | F2 and F1 on totally dependent trees | [`dependent_f2_expected_leaves`], [`dependent_f1_expected_leaves`] |
//!
//! Levels are depths: level 0 is the root, level `h` the leaves of a tree of height `h`.
//! Exact counts are `u128` and report overflow as an error; expectations are `f64`.
//! Every formula is checked in the tests against something computed another way: brute-force
//! searches of explicit trees, exhaustive enumeration of random trees, or the numbers the
//! paper prints.

mod dependent;
mod error;
mod examine_probability;
mod f1_best_case;
mod fraction;
mod paper_table1;
mod pearl;
mod perfect_ordering;
mod perron;
mod random_branching;
mod random_order_enumeration;
mod table1;

pub use dependent::{
    dependent_f1_expected_leaves, dependent_f1_growth_rate, dependent_f2_expected_leaves,
    dependent_f2_expected_leaves_recurrence, dependent_f2_growth_rate, harmonic_number,
};
pub use error::TheoryError;
pub use examine_probability::{
    examine_probability, examine_probability_exact, examine_probability_matrix,
    random_height2_expected_leaves,
};
pub use f1_best_case::{
    f1_best_case_growth_rate, f1_best_case_level, f1_best_case_level_closed_form,
    f1_best_case_levels, f1_best_case_total,
};
pub use fraction::Fraction;
pub use paper_table1::{
    PaperCell, PaperRow, format_thousandths, paper_table1, parse_paper_table1, printed_thousandths,
};
pub use pearl::{pearl_branching_factor, pearl_xi};
pub use perfect_ordering::{
    corollary1_leaves, corollary1_level, corollary1_levels, corollary1_total,
};
pub use perron::{PerronRoot, perron_root};
pub use random_branching::{
    ExpectedExamined, LevelBranching, OrderedBranching, corollary2_expected_level,
    corollary2_expected_levels, corollary2_level_fixed_degrees, expected_positions_on_level,
};
pub use random_order_enumeration::{
    MAX_ENUMERATED_LEAVES, binary_height3_mean_leaves, random_uniform_leaf_probabilities,
    random_uniform_mean_leaves,
};
pub use table1::{Table1Row, r_star, r0, r1, s_d, table1, table1_row};
