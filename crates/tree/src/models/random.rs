//! `random`: the random uniform tree of Knuth & Moore §7.
//!
//! Every internal node has `d` children; a leaf with key `K` has value
//! `((K >> 32) * R) >> 32`, uniform on `0..R`.

use super::uniform::{Uniform, UniformShape, uniform_shape_methods};
use crate::hash::{child_key, root_key};
use crate::leaf_batch::{LANE_GROUP, child_keys, lanes};
use crate::{GameTree, Value};

/// A node known by its key and depth (the `random` model's whole state).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyNode {
    /// The specification's key `K`.
    pub key: u64,
    /// Depth; the root has depth 0.
    pub depth: u32,
}

/// The `random` model.
#[derive(Clone, Debug)]
pub struct RandomTree {
    degree: u32,
    height: u32,
    seed: u64,
    values: u64,
}

impl RandomTree {
    /// A random uniform tree; parameters are checked by [`crate::TreeSpec::validate`].
    pub fn new(degree: u32, height: u32, seed: u64, values: u64) -> Self {
        RandomTree {
            degree,
            height,
            seed,
            values,
        }
    }

    /// The leaf value of a node with key `key`.
    #[inline(always)]
    pub fn leaf_value(&self, key: u64) -> Value {
        (((key >> 32) * self.values) >> 32) as Value
    }
}

impl UniformShape for RandomTree {
    #[inline(always)]
    fn shape(&self) -> Uniform {
        Uniform {
            degree: self.degree,
            height: self.height,
        }
    }
}

impl GameTree for RandomTree {
    type Node = KeyNode;
    type Children = ();

    uniform_shape_methods!(KeyNode);

    #[inline(always)]
    fn root(&self) -> KeyNode {
        KeyNode {
            key: root_key(self.seed),
            depth: 0,
        }
    }

    #[inline(always)]
    fn children(&self, _node: KeyNode) {}

    #[inline(always)]
    fn child(&self, node: KeyNode, _children: &(), i: usize) -> KeyNode {
        KeyNode {
            key: child_key(node.key, i as u64),
            depth: node.depth + 1,
        }
    }

    #[inline(always)]
    fn move_number(&self, _node: KeyNode, _children: &(), i: usize) -> usize {
        i
    }

    #[inline(always)]
    fn value(&self, node: KeyNode) -> Value {
        self.leaf_value(node.key)
    }

    #[inline(always)]
    fn leaf_values<const N: usize>(&self, node: KeyNode, first: usize) -> [Value; N] {
        let keys = |lane: usize| child_keys::<LANE_GROUP>(node.key, (first + lane) as u64);
        if self.values == 1 << 32 {
            // The default range: the value is the key's upper half.
            lanes(|lane| keys(lane).map(|k| (k >> 32) as Value))
        } else {
            // A range below 2^32: a 32-by-32-bit product, one vector multiply per lane.
            let range = u64::from(self.values as u32);
            lanes(|lane| keys(lane).map(|k| (((k >> 32) * range) >> 32) as Value))
        }
    }
}
