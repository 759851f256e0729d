//! §7's binary tree of height 3 with its eight distinct leaf values in random order:
//! averaged over all `8! = 40320` orderings, alpha-beta examines `6 89/105 = 719/105`
//! leaves (Fuller, Gaschnig and Gillogly's count, which the paper quotes).
//!
//! Every ordering is searched here by the search crate's F2 on a small explicit tree;
//! the prediction is the theory crate's exact fraction.

use super::check::{Check, Quantity};
use abbench_search::{Basic, f2};
use abbench_theory::binary_height3_mean_leaves;
use abbench_tree::{GameTree, Value};

/// The tree's degree and height.
const DEGREE: usize = 2;
const HEIGHT: u32 = 3;
const LEAVES: usize = 8;

/// The one row: total leaves over all orderings against the exact mean.
pub fn checks() -> Vec<Check> {
    let mut values: [Value; LEAVES] = [0, 1, 2, 3, 4, 5, 6, 7];
    let (mut orderings, mut leaves) = (0u128, 0u128);
    for_each_permutation(&mut values, LEAVES, &mut |values| {
        let result = f2::<_, Basic>(&LeafTree { leaves: values });
        orderings += 1;
        leaves += u128::from(result.stats.leaves);
    });
    let predicted = binary_height3_mean_leaves();
    let divisor = gcd(leaves, orderings);
    vec![Check::exact(
        "permutations",
        vec![
            ("degree", (DEGREE as u32).into()),
            ("height", HEIGHT.into()),
            ("orderings", (orderings as u64).into()),
        ],
        Quantity::Fraction(predicted.numerator(), predicted.denominator()),
        Quantity::Fraction(leaves / divisor, orderings / divisor),
        None,
    )]
}

/// Calls `visit` with every ordering of `values[..n]` (Heap's algorithm).
fn for_each_permutation(
    values: &mut [Value; LEAVES],
    n: usize,
    visit: &mut impl FnMut(&[Value; LEAVES]),
) {
    if n <= 1 {
        visit(values);
        return;
    }
    for i in 0..n - 1 {
        for_each_permutation(values, n - 1, visit);
        let j = if n.is_multiple_of(2) { i } else { 0 };
        values.swap(j, n - 1);
    }
    for_each_permutation(values, n - 1, visit);
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

/// The complete binary tree of height 3 with the given leaves, left to right; a leaf's
/// value is from the viewpoint of the player to move there.
struct LeafTree<'a> {
    leaves: &'a [Value; LEAVES],
}

/// A position: its depth and its index among the positions of that depth.
#[derive(Clone, Copy, Debug)]
struct Position {
    depth: u32,
    index: usize,
}

impl GameTree for LeafTree<'_> {
    type Node = Position;
    type Children = ();

    fn root(&self) -> Position {
        Position { depth: 0, index: 0 }
    }
    fn height(&self) -> u32 {
        HEIGHT
    }
    fn max_degree(&self) -> usize {
        DEGREE
    }
    fn depth(&self, node: Position) -> u32 {
        node.depth
    }
    fn degree(&self, node: Position) -> usize {
        if node.depth == HEIGHT { 0 } else { DEGREE }
    }
    fn children(&self, _node: Position) {}
    fn child(&self, node: Position, _children: &(), i: usize) -> Position {
        Position {
            depth: node.depth + 1,
            index: node.index * DEGREE + i,
        }
    }
    fn move_number(&self, _node: Position, _children: &(), i: usize) -> usize {
        i
    }
    fn value(&self, node: Position) -> Value {
        self.leaves[node.index]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn heap_visits_every_ordering_once() {
        let mut values: [Value; LEAVES] = [0, 1, 2, 3, 4, 5, 6, 7];
        let mut seen = HashSet::new();
        for_each_permutation(&mut values, LEAVES, &mut |v| {
            seen.insert(*v);
        });
        assert_eq!(seen.len(), 40320);
    }

    #[test]
    fn the_mean_is_six_and_eighty_nine_over_one_hundred_five() {
        let [check] = checks().try_into().unwrap();
        assert_eq!(check.measured, Quantity::Fraction(719, 105));
        assert!(check.ok);
    }
}
