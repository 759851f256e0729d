//! §7's exact answers for random uniform trees against the numbers the paper prints, and
//! Theorem 3's eq. (30) against exhaustive enumeration.

use crate::common;

use abbench_theory::{
    Fraction, binary_height3_mean_leaves, examine_probability_exact,
    random_height2_expected_leaves, random_uniform_leaf_probabilities, random_uniform_mean_leaves,
};
use common::{Tree, search_f1, search_f2};

fn frac(n: u128, d: u128) -> Fraction {
    Fraction::new(n, d).unwrap()
}

#[test]
fn binary_height_3_is_6_89_over_105() {
    let mean = binary_height3_mean_leaves();
    assert_eq!(mean, frac(719, 105));
    assert_eq!(mean.mixed(), "6 89/105");
}

#[test]
fn the_leaf_probabilities_of_fig_7() {
    // §7: f_1 … f_8 are examined with probabilities (1, 1, 1, 2/3, 1, 1, 2/3, 18/35);
    // the fallacious analysis had 4/9 for f_8.
    let one = Fraction::ONE;
    let expected = vec![
        one,
        one,
        one,
        frac(2, 3),
        one,
        one,
        frac(2, 3),
        frac(18, 35),
    ];
    assert_eq!(random_uniform_leaf_probabilities(2, 3).unwrap(), expected);
    let independent_guess = examine_probability_exact(2, 2, 2)
        .unwrap()
        .unwrap()
        .checked_mul(examine_probability_exact(2, 2, 2).unwrap().unwrap())
        .unwrap();
    assert_eq!(independent_guess, frac(4, 9));
    assert_ne!(expected[7], independent_guess);
}

#[test]
fn theorem_3_height_2_is_the_sum_of_p_ij() {
    // At height 2 the p_ij are exact: T(d, 2) = sum of p_ij (eq. (30)).
    for d in 1..=3u64 {
        let mut sum = Fraction::ZERO;
        for i in 1..=d {
            for j in 1..=d {
                let p = examine_probability_exact(d, i, j).unwrap().unwrap();
                sum = sum.checked_add(p).unwrap();
            }
        }
        let enumerated = random_uniform_mean_leaves(d, 2).unwrap();
        assert_eq!(enumerated, sum, "d={d}");
        let float = random_height2_expected_leaves(d).unwrap();
        assert!((float - sum.to_f64()).abs() < 1e-14, "d={d}");
    }
    // d = 3 written out: 3 + (1 + 3/4 + 3/5) + (1 + 9/14 + 9/20).
    assert_eq!(random_uniform_mean_leaves(3, 2).unwrap(), frac(521, 70));
}

/// All permutations of `0..n`, for the test's own enumeration.
fn permutations(n: usize) -> Vec<Vec<i64>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for slot in 0..=p.len() {
            let mut q = p.clone();
            q.insert(slot, n as i64 - 1);
            out.push(q);
        }
    }
    out
}

fn uniform_tree(d: usize, h: u32, values: &mut impl Iterator<Item = i64>) -> Tree {
    if h == 0 {
        Tree::Leaf(values.next().unwrap())
    } else {
        Tree::Node((0..d).map(|_| uniform_tree(d, h - 1, values)).collect())
    }
}

#[test]
fn enumeration_agrees_with_the_test_searches_and_f1_equals_f2_up_to_height_3() {
    // The library's enumeration against this file's own F2 (and F1, which examines the
    // same positions on trees of height at most 3).
    for (d, h) in [(2usize, 2u32), (2, 3), (3, 2)] {
        let n = d.pow(h);
        let (mut f1_leaves, mut f2_leaves) = (0u128, 0u128);
        let perms = permutations(n);
        for perm in &perms {
            let tree = uniform_tree(d, h, &mut perm.iter().copied());
            let (f1, f2) = (search_f1(&tree), search_f2(&tree));
            assert_eq!(f1, f2);
            f1_leaves += u128::from(f1.leaves());
            f2_leaves += u128::from(f2.leaves());
        }
        let mean = frac(f2_leaves, perms.len() as u128);
        assert_eq!(random_uniform_mean_leaves(d as u64, h).unwrap(), mean);
        assert_eq!(f1_leaves, f2_leaves);
    }
}
