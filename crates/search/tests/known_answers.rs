//! The paper's exact results, checked on the kernels: worst-case trees (§7), perfectly
//! ordered trees (Theorem 1, Corollary 1), totally dependent trees' root values (§9) and
//! the binary tree of height 3 over all orderings of its leaves (§7).

use crate::common;

use abbench_search::SerialRun;
use abbench_search::{Basic, Detailed, F2Iter, SerialAlgorithm, f0, f1, f2};
use abbench_tree::models::{DependentTree, OrderedTree, WorstTree};
use abbench_tree::{GameTree, Value};
use common::ExplicitTree;

#[test]
fn worst_trees_leave_f1_and_f2_nothing_to_cut() {
    for d in 1..=5u32 {
        for h in 0..=6u32 {
            let tree = WorstTree::new(d, h, 7);
            let all = u64::from(d).pow(h);
            // The worst case is defined by F2's windows; fail-soft F2 passes the same ones.
            let f2_family = SerialAlgorithm::PAPER
                .into_iter()
                .chain([SerialAlgorithm::F2Soft]);
            for algo in f2_family {
                let r = algo.search::<_, Basic>(&tree);
                assert_eq!(r.stats.leaves, all, "{algo} on worst d={d} h={h}");
            }
        }
    }
}

/// Corollary 1: `d^ceil(l/2) + d^floor(l/2) - 1` positions on level `l`.
fn corollary1(d: u64, l: u32) -> u64 {
    d.pow(l.div_ceil(2)) + d.pow(l / 2) - 1
}

#[test]
fn perfectly_ordered_trees_meet_corollary_1_on_every_level() {
    // Heights up to where a search takes about a second in a test build.
    for (d, max_h) in [
        (2u32, 20u32),
        (3, 14),
        (4, 11),
        (5, 10),
        (6, 9),
        (7, 8),
        (8, 8),
    ] {
        for h in 0..=max_h {
            let tree = OrderedTree::new(d, h, 11, 1.0, 1000, d, d, 0.0);
            let r = F2Iter::new(&tree).search::<Detailed>(&tree);
            let expected: Vec<u64> = (0..=h).map(|l| corollary1(u64::from(d), l)).collect();
            assert_eq!(r.stats.levels, expected, "ordered d={d} h={h}");
            assert_eq!(r.value, 0, "ordered trees have root value 0");
            assert_eq!(r.best_move, (h > 0).then_some(0), "ordered d={d} h={h}");
        }
    }
}

#[test]
fn dependent_ternary_trees_have_the_known_root_value() {
    for h in 1..=8u32 {
        // (2020…20)_3 with h digits for even h, -(0202…20)_3 for odd h: the last digit
        // is always 0 and digits alternate going up.
        let digits: Vec<i64> = (0..h)
            .map(|k| if (h - 1 - k) % 2 == 1 { 2 } else { 0 })
            .collect();
        let magnitude = digits.iter().fold(0i64, |acc, &g| acc * 3 + g);
        let expected = if h % 2 == 0 { magnitude } else { -magnitude };
        for seed in 0..5 {
            let tree = DependentTree::new(3, h, seed);
            let r = F2Iter::new(&tree).search::<Basic>(&tree);
            assert_eq!(r.value, expected, "dependent d=3 h={h} seed={seed}");
        }
    }
}

/// Calls `visit` with every permutation of `items` (Heap's algorithm).
fn for_each_permutation(items: &mut [Value], k: usize, visit: &mut impl FnMut(&[Value])) {
    if k == 1 {
        visit(items);
        return;
    }
    for i in 0..k {
        for_each_permutation(items, k - 1, visit);
        let j = if k.is_multiple_of(2) { i } else { 0 };
        items.swap(j, k - 1);
    }
}

#[test]
fn binary_height_3_mean_leaves_is_6_89_over_105() {
    let mut leaves: Vec<Value> = (1..=8).collect();
    let (mut total, mut count) = (0u64, 0u64);
    for_each_permutation(&mut leaves, 8, &mut |perm| {
        // Height 3: leaves are seen by the player to move at depth 3, the opponent of
        // the root player, so negate root-viewpoint values.
        let tree = ExplicitTree {
            degree: 2,
            height: 3,
            leaves: perm.iter().map(|v| -v).collect(),
        };
        let r = f2::<_, Basic>(&tree);
        assert_eq!(r, F2Iter::new(&tree).search::<Basic>(&tree));
        total += r.stats.leaves;
        count += 1;
    });
    assert_eq!(count, 40320);
    // total / 8! == 719/105  <=>  total * 105 == 719 * 8!
    assert_eq!(total * 105, 719 * 40320, "mean F2 leaves = {total}/40320");
}

#[test]
fn knuth_moore_figure_1() {
    // The first 81 digits of pi, root-viewpoint values at depth 4 (even): unchanged.
    let pi = "314159265358979323846264338327950288419716939937510582097494459230781640628620899";
    let leaves: Vec<Value> = pi.bytes().map(|b| Value::from(b - b'0')).collect();
    let tree = ExplicitTree {
        degree: 3,
        height: 4,
        leaves,
    };
    let r0 = f0::<_, Basic>(&tree);
    let r1 = f1::<_, Basic>(&tree);
    let r2 = f2::<_, Basic>(&tree);
    assert_eq!((r0.value, r1.value, r2.value), (2, 2, 2));
    assert_eq!(
        (r0.stats.leaves, r1.stats.leaves, r2.stats.leaves),
        (81, 36, 31)
    );
}

#[test]
fn tree_heights_are_examined_level_by_level() {
    let tree = WorstTree::new(3, 4, 0);
    let r = SerialAlgorithm::F2Iter.search::<_, Detailed>(&tree);
    assert_eq!(r.stats.levels, vec![1, 3, 9, 27, 81]);
    assert_eq!(r.stats.cutoffs, Some(0));
    let _ = tree.root();
}
