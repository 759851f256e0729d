//! Batched leaf generation: the values of a leaf parent's children, several at once.
//!
//! Most positions an alpha-beta search examines are leaves (77% on `random` d8 h10, 87%
//! on d16 h7), and the children of one node have independent keys — child `i` of a node
//! with key `k` has key `mix64(k + i·G)` (specification, "Hashing") — so their hashes need
//! not wait on one another. [`GameTree::leaf_values`](crate::GameTree::leaf_values) hands
//! a leaf parent's leaf values in batches (to the benchmarks' independent-hash limit, and to
//! f2-iter for a tree that asks for them); a model that overrides it
//! computes them here, every lane of a batch (those past the node's last child too), in
//! fixed-length loops that the compiler turns into straight-line (and, where the CPU has
//! the instructions, vector) code kept in registers.
//!
//! Every function here computes exactly what the models' one-at-a-time path computes; the
//! tests at the bottom pin each against it.

use crate::Value;
use crate::hash::child_key;

/// Lanes generated together; batches are a whole number of groups.
pub const LANE_GROUP: usize = 4;

/// The keys of children `first .. first + N` (natural move numbers) of the node with key
/// `parent`: `N` independent SplitMix64 outputs.
#[inline(always)]
pub fn child_keys<const N: usize>(parent: u64, first: u64) -> [u64; N] {
    std::array::from_fn(|k| child_key(parent, first.wrapping_add(k as u64)))
}

/// `N` lanes computed [`LANE_GROUP`] at a time: `group(g)` gives lanes `g .. g + LANE_GROUP`.
/// Every lane is computed, with a fixed trip count, so that after inlining the batch can
/// stay in registers.
#[inline(always)]
pub fn lanes<const N: usize>(mut group: impl FnMut(usize) -> [Value; LANE_GROUP]) -> [Value; N] {
    const {
        assert!(
            N.is_multiple_of(LANE_GROUP),
            "batches are whole lane groups"
        )
    };
    let mut out = [0; N];
    for (g, lanes) in out.chunks_exact_mut(LANE_GROUP).enumerate() {
        lanes.copy_from_slice(&group(g * LANE_GROUP));
    }
    out
}

/// `n % d` for 32-bit `n` and a fixed 64-bit divisor `d >= 1`, by two multiplications
/// instead of a division (Lemire, Kaser & Kurz, "Faster remainder by direct computation",
/// 2019: exact for every 32-bit `n` and divisor below `2^32`). The models reduce
/// `K >> 32` — a 32-bit number — by a per-tree constant (`spread`, `2·edge-range + 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FastRem32 {
    divisor: u64,
    /// `floor((2^64 - 1) / divisor) + 1` (wrapping); unused when the divisor has 33 bits
    /// or more, where `n % divisor == n`.
    magic: u64,
}

impl FastRem32 {
    /// Prepares the remainder by `divisor`.
    ///
    /// # Panics
    /// If `divisor` is zero.
    pub const fn new(divisor: u64) -> Self {
        assert!(divisor > 0, "remainder by zero");
        FastRem32 {
            divisor,
            magic: (u64::MAX / divisor).wrapping_add(1),
        }
    }

    /// `n % divisor`.
    #[inline(always)]
    pub fn remainder(self, n: u32) -> u64 {
        if self.divisor > u64::from(u32::MAX) {
            return u64::from(n);
        }
        let low = self.magic.wrapping_mul(u64::from(n));
        ((u128::from(low) * u128::from(self.divisor)) >> 64) as u64
    }
}

/// Sorts `values` ascending. A search order sorted by value makes the leaf values of a
/// leaf parent, in search order, the sorted values themselves (equal values are
/// indistinguishable, so the tie rule does not matter here). Small batches are placed by
/// rank — every comparison independent, no data-dependent branch — larger ones sorted.
#[inline(always)]
pub fn sort_values(values: &mut [Value]) {
    const RANKED: usize = 16;
    let n = values.len();
    if n > RANKED {
        values.sort_unstable();
        return;
    }
    let mut src = [0 as Value; RANKED];
    src[..n].copy_from_slice(values);
    for (i, &v) in src[..n].iter().enumerate() {
        // Rank: the values strictly smaller, and the equal ones that come earlier.
        let mut rank = 0;
        for (j, &w) in src[..n].iter().enumerate() {
            rank += usize::from(w < v || (w == v && j < i));
        }
        values[rank] = v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::default_memory_budget;
    use crate::{
        BranchOrder, GameTree, Layout, Model, ModelSpec, TreeSpec, TreeVisitor, walk_preorder,
    };
    use std::ops::ControlFlow;

    #[test]
    fn fast_remainder_is_the_remainder() {
        let divisors = [
            1u64,
            2,
            3,
            7,
            1000,
            2001,
            65_537,
            (1 << 31) + 11,
            u64::from(u32::MAX) - 1,
            u64::from(u32::MAX),
            1 << 32,
            (1 << 40) + 3,
        ];
        let mut key = 0x1234_5678_9ABC_DEF0u64;
        for d in divisors {
            let fast = FastRem32::new(d);
            for n in [
                0u32,
                1,
                2,
                u32::MAX,
                u32::MAX - 1,
                (d as u32).wrapping_sub(1),
            ] {
                assert_eq!(fast.remainder(n), u64::from(n) % d, "{n} % {d}");
            }
            for _ in 0..10_000 {
                key = crate::hash::mix64(key);
                let n = (key >> 32) as u32;
                assert_eq!(fast.remainder(n), u64::from(n) % d, "{n} % {d}");
            }
        }
    }

    #[test]
    fn sort_values_sorts() {
        let mut key = 7u64;
        for n in 0..40 {
            for range in [3u64, 1 << 40] {
                key = crate::hash::mix64(key);
                let mut v: Vec<Value> = (0..n)
                    .map(|i| child_key(key, i) % range)
                    .map(|u| u as Value - (range / 2) as Value)
                    .collect();
                let mut expected = v.clone();
                expected.sort();
                sort_values(&mut v);
                assert_eq!(v, expected, "n = {n}, range = {range}");
            }
        }
    }

    /// Every leaf parent's batches against `value(child(..))`, from every first index.
    struct LeafValuesAgree;

    impl TreeVisitor for LeafValuesAgree {
        type Output = u64;
        fn visit<T: GameTree>(self, tree: &T) -> u64 {
            let mut checked = 0;
            let _ = walk_preorder(tree, |step| {
                if let crate::Step::Enter { node, depth, .. } = step
                    && depth + 1 == tree.height()
                    && tree.degree(node) > 0
                {
                    check_node::<T, 4>(tree, node);
                    check_node::<T, 8>(tree, node);
                    check_node::<T, 16>(tree, node);
                    checked += 1;
                }
                ControlFlow::<()>::Continue(())
            });
            checked
        }
    }

    fn check_node<T: GameTree, const N: usize>(tree: &T, node: T::Node) {
        let children = tree.children(node);
        let degree = tree.degree(node);
        for first in 0..degree {
            let out: [Value; N] = tree.leaf_values(node, first);
            for (k, &v) in out.iter().enumerate().take((degree - first).min(N)) {
                let leaf = tree.child(node, &children, first + k);
                assert_eq!(tree.degree(leaf), 0, "children of a leaf parent are leaves");
                assert_eq!(v, tree.value(leaf), "{node:?}, child {}", first + k);
            }
        }
    }

    fn specs() -> Vec<ModelSpec> {
        let mut specs = Vec::new();
        for seed in 1..4 {
            for (d, h) in [
                (1, 1),
                (2, 3),
                (3, 2),
                (5, 3),
                (8, 3),
                (13, 2),
                (16, 2),
                (21, 2),
            ] {
                for values in [3, 1 << 32] {
                    specs.push(ModelSpec {
                        values,
                        ..ModelSpec::new(Model::Random, d, h, seed)
                    });
                }
                specs.push(ModelSpec {
                    ordering: 0.5,
                    spread: 7,
                    ..ModelSpec::new(Model::Ordered, d, h, seed)
                });
                for order in [BranchOrder::Natural, BranchOrder::Static] {
                    for edge_range in [0, 2, 1000, 1 << 40] {
                        specs.push(ModelSpec {
                            order,
                            edge_range,
                            ..ModelSpec::new(Model::BranchSum, d, h, seed)
                        });
                    }
                }
            }
            // Variable branching: a ragged arena, leaf parents of every degree.
            specs.push(ModelSpec {
                degree_min: Some(1),
                degree_max: Some(19),
                terminal_prob: 0.2,
                spread: 1 << 40,
                ..ModelSpec::new(Model::Ordered, 10, 4, seed)
            });
        }
        specs
    }

    #[test]
    fn leaf_values_are_the_leaves_values() {
        let mut checked = 0;
        for spec in specs() {
            for layout in [Layout::Implicit, Layout::Arena] {
                checked += TreeSpec::model(spec.clone(), layout)
                    .visit(default_memory_budget(), LeafValuesAgree)
                    .unwrap_or_else(|e| panic!("{spec:?}: {e}"));
            }
        }
        // (A ragged tree's root may be terminal.)
        assert!(checked > 1000, "{checked} leaf parents checked");
    }
}
