//! `ordered`: a value-first tree with controlled move ordering (Theorem 1, Corollary 2).
//!
//! Each node carries the value it will have (its target). The best move gets the negated
//! target; every other move a strictly worse one. With `ordering = 1` the first move is
//! always best, the perfectly ordered trees of Theorem 1; with variable branching the
//! trees of Corollary 2.

use crate::hash::{SALT_BRANCH, SALT_ORDER, child_key, mix64, root_key, unit};
use crate::leaf_batch::{FastRem32, LANE_GROUP, child_keys, lanes};
use crate::{GameTree, Value};

/// A node of the `ordered` model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderedNode {
    /// The specification's key.
    pub key: u64,
    /// Depth; the root has depth 0.
    pub depth: u32,
    /// The node's value, known before its subtree is generated.
    pub target: Value,
}

/// The `ordered` model.
#[derive(Clone, Debug)]
pub struct OrderedTree {
    degree: u32,
    height: u32,
    seed: u64,
    ordering: f64,
    spread: u64,
    /// `% spread` of a key's upper half, for batched leaves.
    spread_rem: FastRem32,
    degree_min: u32,
    degree_max: u32,
    terminal_prob: f64,
    uniform: bool,
}

impl OrderedTree {
    /// An ordered tree; parameters are checked by [`crate::TreeSpec::validate`].
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        degree: u32,
        height: u32,
        seed: u64,
        ordering: f64,
        spread: u64,
        degree_min: u32,
        degree_max: u32,
        terminal_prob: f64,
    ) -> Self {
        let uniform = degree_min == degree_max && terminal_prob == 0.0;
        OrderedTree {
            degree,
            height,
            seed,
            ordering,
            spread,
            spread_rem: FastRem32::new(spread),
            degree_min,
            degree_max,
            terminal_prob,
            uniform,
        }
    }
}

impl GameTree for OrderedTree {
    type Node = OrderedNode;
    /// The search-order index of the best move.
    type Children = usize;

    #[inline(always)]
    fn root(&self) -> OrderedNode {
        OrderedNode {
            key: root_key(self.seed),
            depth: 0,
            target: 0,
        }
    }

    #[inline(always)]
    fn height(&self) -> u32 {
        self.height
    }

    #[inline(always)]
    fn max_degree(&self) -> usize {
        if self.uniform {
            self.degree as usize
        } else {
            self.degree_max as usize
        }
    }

    #[inline(always)]
    fn depth(&self, node: OrderedNode) -> u32 {
        node.depth
    }

    #[inline(always)]
    fn degree(&self, node: OrderedNode) -> usize {
        if node.depth >= self.height {
            return 0;
        }
        if self.uniform {
            return self.degree as usize;
        }
        let t = mix64(node.key ^ SALT_BRANCH);
        if unit(t) < self.terminal_prob {
            return 0;
        }
        let span = u64::from(self.degree_max - self.degree_min) + 1;
        self.degree_min as usize + (mix64(t) % span) as usize
    }

    #[inline(always)]
    fn children(&self, node: OrderedNode) -> usize {
        let n = self.degree(node) as u64;
        let u = mix64(node.key ^ SALT_ORDER);
        if unit(u) < self.ordering {
            0
        } else {
            (mix64(u) % n) as usize
        }
    }

    #[inline(always)]
    fn child(&self, node: OrderedNode, best: &usize, i: usize) -> OrderedNode {
        let key = child_key(node.key, i as u64);
        let target = if i == *best {
            -node.target
        } else {
            -node.target + 1 + ((key >> 32) % self.spread) as Value
        };
        OrderedNode {
            key,
            depth: node.depth + 1,
            target,
        }
    }

    #[inline(always)]
    fn move_number(&self, _node: OrderedNode, _best: &usize, i: usize) -> usize {
        i
    }

    #[inline(always)]
    fn value(&self, node: OrderedNode) -> Value {
        node.target
    }

    #[inline(always)]
    fn leaf_values<const N: usize>(&self, node: OrderedNode, first: usize) -> [Value; N] {
        let best = self.children(node);
        let worse = -node.target + 1;
        lanes(|lane| {
            let first = first + lane;
            let keys = child_keys::<LANE_GROUP>(node.key, first as u64);
            std::array::from_fn(|k| {
                let spread = self.spread_rem.remainder((keys[k] >> 32) as u32) as Value;
                if first + k == best {
                    -node.target
                } else {
                    worse + spread
                }
            })
        })
    }
}
