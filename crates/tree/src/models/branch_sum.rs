//! `branch-sum`: incremental trees (Fuller, Gaschnig & Gillogly; Nau's N-games).
//!
//! Each move has an edge value; a node's static value is the negated sum of its parent's
//! static value and its own edge, so values along a path are correlated as in real games.
//! [`BranchSumTree`] searches children in natural order; [`BranchSumStaticTree`] searches
//! them in increasing order of their static value (ties by move number), the order a
//! real engine's move ordering would give.

use super::uniform::{Uniform, UniformShape, uniform_shape_methods};
use crate::hash::{child_key, root_key};
use crate::leaf_batch::{FastRem32, LANE_GROUP, child_keys, lanes, sort_values};
use crate::models::Permutation;
use crate::{GameTree, Value};

/// A node of the `branch-sum` model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BranchSumNode {
    /// The specification's key.
    pub key: u64,
    /// Depth; the root has depth 0.
    pub depth: u32,
    /// The static value `s`, from the viewpoint of the player to move here.
    pub static_value: Value,
}

#[derive(Clone, Debug)]
struct BranchSum {
    degree: u32,
    height: u32,
    seed: u64,
    edge_range: u64,
    /// `% (2·edge_range + 1)` of a key's upper half, for batched leaves.
    edge_rem: FastRem32,
}

impl BranchSum {
    fn new(degree: u32, height: u32, seed: u64, edge_range: u64) -> Self {
        BranchSum {
            degree,
            height,
            seed,
            edge_range,
            edge_rem: FastRem32::new(2 * edge_range + 1),
        }
    }

    /// The static values of children `first .. first + LANE_GROUP` (move numbers), as
    /// [`BranchSum::natural_child`] computes them one at a time.
    #[inline(always)]
    fn child_statics(&self, node: BranchSumNode, first: usize) -> [Value; LANE_GROUP] {
        child_keys::<LANE_GROUP>(node.key, first as u64).map(|key| {
            let edge =
                self.edge_rem.remainder((key >> 32) as u32) as Value - self.edge_range as Value;
            -(node.static_value + edge)
        })
    }

    #[inline(always)]
    fn root(&self) -> BranchSumNode {
        BranchSumNode {
            key: root_key(self.seed),
            depth: 0,
            static_value: 0,
        }
    }

    #[inline(always)]
    fn shape(&self) -> Uniform {
        Uniform {
            degree: self.degree,
            height: self.height,
        }
    }

    /// Child with move number `m` (natural numbering).
    #[inline(always)]
    fn natural_child(&self, node: BranchSumNode, m: usize) -> BranchSumNode {
        let key = child_key(node.key, m as u64);
        let edge = ((key >> 32) % (2 * self.edge_range + 1)) as Value - self.edge_range as Value;
        BranchSumNode {
            key,
            depth: node.depth + 1,
            static_value: -(node.static_value + edge),
        }
    }
}

/// `branch-sum` with `order = natural`.
#[derive(Clone, Debug)]
pub struct BranchSumTree(BranchSum);

/// `branch-sum` with `order = static`; requires `d <= 64`.
#[derive(Clone, Debug)]
pub struct BranchSumStaticTree(BranchSum);

impl BranchSumTree {
    /// A branch-sum tree searched in natural order.
    pub fn new(degree: u32, height: u32, seed: u64, edge_range: u64) -> Self {
        BranchSumTree(BranchSum::new(degree, height, seed, edge_range))
    }
}

impl BranchSumStaticTree {
    /// A branch-sum tree searched in increasing order of the children's static values.
    pub fn new(degree: u32, height: u32, seed: u64, edge_range: u64) -> Self {
        BranchSumStaticTree(BranchSum::new(degree, height, seed, edge_range))
    }
}

impl UniformShape for BranchSumTree {
    #[inline(always)]
    fn shape(&self) -> Uniform {
        self.0.shape()
    }
}

impl GameTree for BranchSumTree {
    type Node = BranchSumNode;
    type Children = ();

    uniform_shape_methods!(BranchSumNode);

    #[inline(always)]
    fn root(&self) -> BranchSumNode {
        self.0.root()
    }
    #[inline(always)]
    fn children(&self, _node: BranchSumNode) {}
    #[inline(always)]
    fn child(&self, node: BranchSumNode, _children: &(), i: usize) -> BranchSumNode {
        self.0.natural_child(node, i)
    }
    #[inline(always)]
    fn move_number(&self, _node: BranchSumNode, _children: &(), i: usize) -> usize {
        i
    }
    #[inline(always)]
    fn value(&self, node: BranchSumNode) -> Value {
        node.static_value
    }
    #[inline(always)]
    fn estimate(&self, node: BranchSumNode) -> Option<Value> {
        Some(node.static_value)
    }

    #[inline(always)]
    fn leaf_values<const N: usize>(&self, node: BranchSumNode, first: usize) -> [Value; N] {
        lanes(|lane| self.0.child_statics(node, first + lane))
    }
}

impl UniformShape for BranchSumStaticTree {
    #[inline(always)]
    fn shape(&self) -> Uniform {
        self.0.shape()
    }
}

impl GameTree for BranchSumStaticTree {
    type Node = BranchSumNode;
    /// `order.get(i)` is the move number of the `i`-th child in search order.
    type Children = Permutation;

    uniform_shape_methods!(BranchSumNode);

    #[inline(always)]
    fn root(&self) -> BranchSumNode {
        self.0.root()
    }
    #[inline]
    fn children(&self, node: BranchSumNode) -> Permutation {
        let d = self.0.degree as usize;
        let mut statics = [0 as Value; crate::models::MAX_PERMUTED_DEGREE];
        for (m, s) in statics.iter_mut().enumerate().take(d) {
            *s = self.0.natural_child(node, m).static_value;
        }
        let mut order = Permutation::identity(d);
        // Stable sort by static value keeps ties in move-number order.
        order.prefix_mut(d).sort_by_key(|&m| statics[m as usize]);
        order
    }
    #[inline(always)]
    fn child(&self, node: BranchSumNode, order: &Permutation, i: usize) -> BranchSumNode {
        self.0.natural_child(node, order.get(i))
    }
    #[inline(always)]
    fn move_number(&self, _node: BranchSumNode, order: &Permutation, i: usize) -> usize {
        order.get(i)
    }
    #[inline(always)]
    fn value(&self, node: BranchSumNode) -> Value {
        node.static_value
    }
    #[inline(always)]
    fn estimate(&self, node: BranchSumNode) -> Option<Value> {
        Some(node.static_value)
    }

    /// The search order sorts the children by static value, and a leaf's value is its
    /// static value: the leaf values in search order are the sorted statics, with no
    /// permutation to build.
    #[inline(always)]
    fn leaf_values<const N: usize>(&self, node: BranchSumNode, first: usize) -> [Value; N] {
        let d = self.0.shape().degree_at(node.depth);
        let mut statics: [Value; crate::models::MAX_PERMUTED_DEGREE] =
            lanes(|lane| self.0.child_statics(node, lane));
        sort_values(&mut statics[..d]);
        let mut out = [0; N];
        for (v, &s) in out.iter_mut().zip(&statics[first.min(d)..d]) {
            *v = s;
        }
        out
    }
}
