//! The uniform arena: a tree whose internal nodes all have `d` children and whose leaves
//! are all at depth `h`, stored breadth-first in heap order (design: "Tree
//! representations", the arena-allocated implicit tree).
//!
//! The children of position `i` are `d*i + 1 ..= d*i + d` in search order, so there are
//! no child pointers; the leaves are the last `d^h` positions and their values one
//! contiguous `Vec`. A position is its heap index and depth, 16 bytes, `Copy`. When the
//! source's search order is not natural (`branch-sum` with `order = static`), the move
//! number of each non-root position is kept in a `u16` array so that
//! [`GameTree::move_number`] reports the source's move numbers.

use super::budget::{check_budget, uniform_arena_bytes};
use crate::preorder::{Step, walk_preorder};
use crate::{GameTree, MAX_DEGREE, TreeError, Value, full_tree_nodes};
use std::ops::ControlFlow;

/// A position of a [`UniformArena`]: its heap index and its depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UniformNode {
    /// Breadth-first index; the root is 0.
    pub index: usize,
    /// Depth; the root has depth 0.
    pub depth: u32,
}

/// A uniform tree materialised in heap order.
#[derive(Clone, Debug)]
pub struct UniformArena {
    degree: usize,
    height: u32,
    /// Heap index of the first leaf.
    first_leaf: usize,
    /// Leaf values (negamax), in heap order.
    values: Vec<Value>,
    /// `move_numbers[i - 1]` is the move number of position `i`; `None` when every move
    /// number equals the search-order position.
    move_numbers: Option<Vec<u16>>,
}

/// The heap index of each level's first position, root first: pre-order meets each
/// level's positions in breadth-first order, so a position's heap index is its level's
/// first index plus how many of the level came before.
fn level_starts(degree: usize, height: u32) -> Vec<usize> {
    let mut starts: Vec<usize> = Vec::with_capacity(height as usize + 1);
    let mut level_size = 1usize;
    let mut start = 0usize;
    for _ in 0..=height {
        starts.push(start);
        start += level_size;
        level_size = level_size.saturating_mul(degree);
    }
    starts
}

impl UniformArena {
    /// Materialises `tree`, which must be uniform with degree `tree.max_degree()` and
    /// height `tree.height()`; refuses, before allocating, an arena whose estimated size
    /// exceeds `budget_bytes`.
    pub fn build<T: GameTree + ?Sized>(tree: &T, budget_bytes: u64) -> Result<Self, TreeError> {
        let degree = tree.max_degree();
        // A tree without moves is a single leaf, whatever height it claims.
        let height = if degree == 0 { 0 } else { tree.height() };
        if degree > MAX_DEGREE as usize {
            return Err(TreeError::invalid(
                "degree",
                degree,
                format!("an arena stores move numbers of at most {MAX_DEGREE} moves"),
            ));
        }
        let d = degree as u64;
        let too_large = || TreeError::TooLarge {
            what: format!(
                "a uniform tree of degree {degree} and height {height} has more positions than memory can address"
            ),
        };
        let nodes = full_tree_nodes(d, height).ok_or_else(too_large)?;
        let leaves = d.checked_pow(height).ok_or_else(too_large)?;
        check_budget(uniform_arena_bytes(d, height, false), budget_bytes)?;
        let nodes = usize::try_from(nodes).map_err(|_| too_large())?;
        let leaves = leaves as usize;

        let mut level_next = level_starts(degree, height);
        let mut values: Vec<Value> = Vec::with_capacity(leaves);
        let mut move_numbers: Option<Vec<u16>> = None;
        let walked = walk_preorder(tree, |step| {
            let Step::Enter {
                node,
                depth,
                position,
                move_number,
                degree: children,
            } = step
            else {
                return ControlFlow::Continue(());
            };
            let expected = if depth < height { degree } else { 0 };
            if children != expected {
                return ControlFlow::Break(TreeError::NotUniform {
                    depth,
                    degree: children,
                    expected,
                });
            }
            let index = level_next[depth as usize];
            level_next[depth as usize] += 1;
            if move_number != position && move_numbers.is_none() {
                if let Err(e) = check_budget(uniform_arena_bytes(d, height, true), budget_bytes) {
                    return ControlFlow::Break(e);
                }
                // Positions so far were in natural order: child `e + 1` is move `e % d`.
                move_numbers = Some((0..nodes - 1).map(|e| (e % degree) as u16).collect());
            }
            if let (Some(moves), true) = (move_numbers.as_mut(), index > 0) {
                moves[index - 1] = move_number as u16;
            }
            if children == 0 {
                values.push(tree.value(node));
            }
            ControlFlow::Continue(())
        });
        if let ControlFlow::Break(e) = walked {
            return Err(e);
        }
        debug_assert_eq!(values.len(), leaves);
        Ok(UniformArena {
            degree,
            height,
            first_leaf: nodes - leaves,
            values,
            move_numbers,
        })
    }

    /// The number of children of every internal position.
    pub fn degree(&self) -> usize {
        self.degree
    }

    /// The number of positions, `sum d^l` for `l = 0..=h`.
    pub fn nodes(&self) -> usize {
        self.first_leaf + self.values.len()
    }

    /// The leaf values (negamax), left to right.
    pub fn leaf_values(&self) -> &[Value] {
        &self.values
    }

    /// The move numbers of positions `1..nodes()` in heap order, if the search order is
    /// not natural.
    pub fn move_numbers(&self) -> Option<&[u16]> {
        self.move_numbers.as_deref()
    }

    /// Bytes held by the arena's arrays.
    pub fn heap_bytes(&self) -> u64 {
        let moves = self.move_numbers.as_ref().map_or(0, |m| m.capacity() * 2);
        (self.values.capacity() * std::mem::size_of::<Value>() + moves) as u64
    }
}

impl GameTree for UniformArena {
    type Node = UniformNode;
    /// The heap index of the first child.
    type Children = usize;

    #[inline(always)]
    fn root(&self) -> UniformNode {
        UniformNode { index: 0, depth: 0 }
    }

    #[inline(always)]
    fn height(&self) -> u32 {
        self.height
    }

    #[inline(always)]
    fn max_degree(&self) -> usize {
        self.degree
    }

    #[inline(always)]
    fn depth(&self, node: UniformNode) -> u32 {
        node.depth
    }

    #[inline(always)]
    fn degree(&self, node: UniformNode) -> usize {
        if node.depth < self.height {
            self.degree
        } else {
            0
        }
    }

    #[inline(always)]
    fn children(&self, node: UniformNode) -> usize {
        node.index * self.degree + 1
    }

    #[inline(always)]
    fn child(&self, node: UniformNode, first: &usize, i: usize) -> UniformNode {
        UniformNode {
            index: first + i,
            depth: node.depth + 1,
        }
    }

    #[inline(always)]
    fn move_number(&self, _node: UniformNode, first: &usize, i: usize) -> usize {
        match &self.move_numbers {
            Some(moves) => moves[first + i - 1] as usize,
            None => i,
        }
    }

    #[inline(always)]
    fn value(&self, node: UniformNode) -> Value {
        self.values[node.index - self.first_leaf]
    }

    /// A leaf parent's leaf values are contiguous: one fixed-length copy (a shorter one
    /// at the very end of the array).
    #[inline(always)]
    fn leaf_values<const N: usize>(&self, node: UniformNode, first: usize) -> [Value; N] {
        let start = node.index * self.degree + 1 + first - self.first_leaf;
        match self.values.get(start..start + N) {
            Some(batch) => batch.try_into().expect("a slice of N values"),
            None => {
                let count = self.degree.saturating_sub(first).min(N);
                let mut out = [0; N];
                out[..count].copy_from_slice(&self.values[start..start + count]);
                out
            }
        }
    }
}
