//! `dependent`: the totally dependent trees of Knuth & Moore §9.
//!
//! A leaf's value is the path from the root read as a radix-`d` number whose digits are
//! the per-node permuted move values; comparing two leaves' values compares their paths
//! at the first node where they part, so every node's children are totally ordered by
//! their values, independently of everything below.

use super::uniform::{Uniform, UniformShape, uniform_shape_methods};
use crate::hash::{SALT_PERM, child_key, mix64, root_key};
use crate::models::Permutation;
use crate::{GameTree, Value};
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::SplitMix64;

/// A node of the `dependent` model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DependentNode {
    /// The specification's key.
    pub key: u64,
    /// Depth; the root has depth 0.
    pub depth: u32,
    /// The digits chosen so far, as a radix-`d` number.
    pub acc: u64,
}

/// The `dependent` model; requires `2 <= d <= 64` and `d^h <= 2^62`.
#[derive(Clone, Debug)]
pub struct DependentTree {
    degree: u32,
    height: u32,
    seed: u64,
}

impl DependentTree {
    /// A totally dependent tree; parameters are checked by [`crate::TreeSpec::validate`].
    pub fn new(degree: u32, height: u32, seed: u64) -> Self {
        DependentTree {
            degree,
            height,
            seed,
        }
    }

    /// The permutation `pi` owned by the internal node with key `key`.
    pub fn permutation(&self, key: u64) -> Permutation {
        let d = self.degree as usize;
        let mut pi = Permutation::identity(d);
        let mut rng = SplitMix64::seed_from_u64(mix64(key ^ SALT_PERM));
        for j in (1..d).rev() {
            let r = (rng.next_u64() % (j as u64 + 1)) as usize;
            pi.swap(j, r);
        }
        pi
    }
}

impl UniformShape for DependentTree {
    #[inline(always)]
    fn shape(&self) -> Uniform {
        Uniform {
            degree: self.degree,
            height: self.height,
        }
    }
}

impl GameTree for DependentTree {
    type Node = DependentNode;
    type Children = Permutation;

    uniform_shape_methods!(DependentNode);

    #[inline(always)]
    fn root(&self) -> DependentNode {
        DependentNode {
            key: root_key(self.seed),
            depth: 0,
            acc: 0,
        }
    }

    #[inline(always)]
    fn children(&self, node: DependentNode) -> Permutation {
        self.permutation(node.key)
    }

    #[inline(always)]
    fn child(&self, node: DependentNode, pi: &Permutation, i: usize) -> DependentNode {
        DependentNode {
            key: child_key(node.key, i as u64),
            depth: node.depth + 1,
            acc: node.acc * u64::from(self.degree) + pi.get(i) as u64,
        }
    }

    #[inline(always)]
    fn move_number(&self, _node: DependentNode, _pi: &Permutation, i: usize) -> usize {
        i
    }

    #[inline(always)]
    fn value(&self, node: DependentNode) -> Value {
        node.acc as Value
    }
}
