//! Corollary 1 (eq. (13)), Corollary 2 (eq. (14)) and F1's best case (§8, eq. (50)) against
//! F1 and F2 run on explicit perfectly ordered trees.

use crate::common;

use abbench_theory::{
    OrderedBranching, corollary1_level, corollary1_total, corollary2_level_fixed_degrees,
    f1_best_case_level, f1_best_case_total,
};
use common::{SplitMix64, Tree, perfectly_ordered, search_f1, search_f2};

/// Draws how much worse than the best a non-first move is.
type Worsener = Box<dyn FnMut() -> i64>;

/// The ways to make the non-first moves worse: by random amounts, by exactly 1, and
/// sometimes not at all (ties, which the first-move-is-best condition allows).
fn worseners(seed: u64) -> Vec<(&'static str, Worsener)> {
    let mut random = SplitMix64(seed);
    let mut with_ties = SplitMix64(seed ^ 0xABCD);
    vec![
        ("random", Box::new(move || 1 + random.below(1000) as i64)),
        ("by one", Box::new(|| 1)),
        ("with ties", Box::new(move || with_ties.below(3) as i64)),
    ]
}

#[test]
fn f2_on_perfectly_ordered_uniform_trees_examines_corollary_1() {
    for d in 1..=4usize {
        for h in 0..=7usize {
            for (how, mut worse) in worseners(d as u64 * 100 + h as u64) {
                let tree = perfectly_ordered(&vec![d; h], 0, &mut worse);
                let examined = search_f2(&tree);
                let expected: Vec<u64> = (0..=h as u32)
                    .map(|l| corollary1_level(d as u64, l).unwrap() as u64)
                    .collect();
                assert_eq!(examined.levels, expected, "d={d} h={h} {how}");
                let total: u64 = examined.levels.iter().sum();
                assert_eq!(total as u128, corollary1_total(d as u64, h as u32).unwrap());
            }
        }
    }
}

#[test]
fn f1_on_perfectly_ordered_uniform_trees_examines_eq_50() {
    for d in 1..=4usize {
        for h in 0..=7usize {
            for (how, mut worse) in worseners(d as u64 * 1000 + h as u64) {
                let tree = perfectly_ordered(&vec![d; h], 0, &mut worse);
                let examined = search_f1(&tree);
                let expected: Vec<u64> = (0..=h as u32)
                    .map(|l| f1_best_case_level(d as u64, l).unwrap() as u64)
                    .collect();
                assert_eq!(examined.levels, expected, "d={d} h={h} {how}");
                let total: u64 = examined.levels.iter().sum();
                assert_eq!(
                    total as u128,
                    f1_best_case_total(d as u64, h as u32).unwrap()
                );
            }
        }
    }
}

#[test]
fn f1_and_f2_part_at_level_4() {
    // §3: F2 examines the same positions as F1 until the fourth level.
    for d in 2..=4usize {
        let tree = perfectly_ordered(&[d; 6], 0, &mut || 1);
        let (f1, f2) = (search_f1(&tree), search_f2(&tree));
        assert_eq!(f1.levels[..4], f2.levels[..4], "d={d}");
        for l in 4..=6 {
            assert!(f1.levels[l] > f2.levels[l], "d={d} l={l}");
        }
    }
}

#[test]
fn fixed_degrees_per_level_match_eq_14() {
    let shapes: [&[usize]; 5] = [
        &[2, 3, 1, 4, 2],
        &[3, 1, 2, 2, 3],
        &[1, 5, 1, 5],
        &[4, 2, 3, 2, 1, 2],
        &[2, 2, 2, 3, 3, 3],
    ];
    for degrees in shapes {
        let tree = perfectly_ordered(degrees, 7, &mut || 2);
        let examined = search_f2(&tree);
        for l in 0..=degrees.len() {
            let prefix: Vec<u64> = degrees[..l].iter().map(|&d| d as u64).collect();
            assert_eq!(
                u128::from(examined.levels[l]),
                corollary2_level_fixed_degrees(&prefix).unwrap(),
                "degrees {degrees:?} level {l}"
            );
        }
    }
}

/// Every tree the `ordered` model's branching law can make with height `height`, with
/// its probability, valued so that the first move is always best (targets as in the
/// model: the first successor gets `-v`, successor `i` gets `-v + i`).
fn all_ordered_trees(law: (u32, u32, f64), height: u32, target: i64) -> Vec<(f64, Tree)> {
    let (lo, hi, terminal_prob) = law;
    if height == 0 {
        return vec![(1.0, Tree::Leaf(target))];
    }
    let mut out = vec![(terminal_prob, Tree::Leaf(target))];
    let span = f64::from(hi - lo + 1);
    for n in lo..=hi {
        let p_n = (1.0 - terminal_prob) / span;
        if n == 0 {
            out.push((p_n, Tree::Leaf(target)));
            continue;
        }
        // The cross product of the children's possibilities.
        let mut partial: Vec<(f64, Vec<Tree>)> = vec![(p_n, Vec::new())];
        for i in 0..n {
            let child_target = -target + i64::from(i);
            let options = all_ordered_trees(law, height - 1, child_target);
            partial = partial
                .iter()
                .flat_map(|(p, kids)| {
                    options.iter().map(move |(q, child)| {
                        let mut kids = kids.clone();
                        kids.push(child.clone());
                        (p * q, kids)
                    })
                })
                .collect();
        }
        out.extend(partial.into_iter().map(|(p, kids)| (p, Tree::Node(kids))));
    }
    out
}

fn positions_per_level(tree: &Tree, depth: usize, levels: &mut Vec<f64>, weight: f64) {
    if levels.len() <= depth {
        levels.resize(depth + 1, 0.0);
    }
    levels[depth] += weight;
    if let Tree::Node(children) = tree {
        for child in children {
            positions_per_level(child, depth + 1, levels, weight);
        }
    }
}

#[test]
fn random_branching_expectation_matches_exhaustive_enumeration() {
    // (degree-min, degree-max, terminal-prob, largest height enumerated)
    let laws = [
        (1, 2, 0.25, 4),
        (2, 3, 0.25, 3),
        (0, 2, 0.5, 3),
        (1, 3, 0.0, 3),
        (3, 3, 0.125, 3),
    ];
    for (lo, hi, p, max_height) in laws {
        let law = OrderedBranching::new(lo, hi, p).unwrap();
        for h in 0..=max_height {
            let trees = all_ordered_trees((lo, hi, p), h, 0);
            let total_probability: f64 = trees.iter().map(|(w, _)| w).sum();
            assert!(
                (total_probability - 1.0).abs() < 1e-10,
                "({lo}, {hi}, {p}) h={h}: {total_probability}"
            );
            let len = h as usize + 1;
            let (mut examined, mut terminal, mut positions) =
                (vec![0.0; len], vec![0.0; len], vec![0.0; len]);
            for (weight, tree) in &trees {
                let counts = search_f2(tree);
                for l in 0..counts.levels.len() {
                    examined[l] += weight * counts.levels[l] as f64;
                    terminal[l] += weight * counts.terminal[l] as f64;
                }
                positions_per_level(tree, 0, &mut positions, *weight);
            }
            let formula = law.expected_examined(h);
            let context = format!("law ({lo}, {hi}, {p}) height {h}");
            for l in 0..len {
                let close = |a: f64, b: f64| (a - b).abs() < 1e-10 * b.max(1.0);
                assert!(
                    close(formula.examined[l], examined[l]),
                    "{context} level {l}"
                );
                assert!(
                    close(formula.terminal[l], terminal[l]),
                    "{context} level {l}"
                );
                assert!(
                    close(formula.positions[l], positions[l]),
                    "{context} level {l}"
                );
                assert!(close(law.expected_examined_level(l as u32), examined[l]));
            }
            let leaves: f64 = terminal.iter().sum();
            assert!((formula.leaves() - leaves).abs() < 1e-10 * leaves.max(1.0));
            assert!((formula.nodes() - examined.iter().sum::<f64>()).abs() < 1e-9);
        }
    }
}
