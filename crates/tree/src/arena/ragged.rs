//! The ragged arena: any finite tree (variable branching, terminal positions above the
//! deepest level, trees read from `.tree` files) stored breadth-first with each
//! position's children contiguous (design: "Tree representations").
//!
//! `first_child[i]` is the index of position `i`'s first child and
//! `first_child[i + 1] - first_child[i]` its number of children; the array has one entry
//! more than there are positions. Indices are `u32`, so an arena holds at most
//! [`MAX_RAGGED_NODES`](super::MAX_RAGGED_NODES) positions. A leaf's value sits at its
//! index; move numbers are kept only when the search order is not natural.
//!
//! Building takes two pre-order passes over the source: the first counts the positions of
//! each level (and stops as soon as the count breaks the budget or the index range), the
//! second places every position at its breadth-first index. Pre-order meets each level's
//! positions left to right, and when a position is met every position of the next level
//! met so far belongs to an earlier position of its level, so its first child is simply
//! the next free index of the next level.

use super::budget::{MAX_RAGGED_NODES, check_budget, ragged_arena_bytes};
use crate::preorder::{Step, walk_preorder};
use crate::{GameTree, MAX_DEGREE, MAX_HEIGHT, TreeError, Value};
use std::ops::ControlFlow;

/// A position of a [`RaggedArena`]: its breadth-first index and its depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RaggedNode {
    /// Breadth-first index; the root is 0.
    pub index: u32,
    /// Depth; the root has depth 0.
    pub depth: u32,
}

/// A tree of any shape materialised breadth-first with contiguous children.
#[derive(Clone, Debug)]
pub struct RaggedArena {
    /// One entry per position plus a final `nodes`.
    first_child: Vec<u32>,
    /// Negamax value of each leaf at its index; 0 for internal positions.
    values: Vec<Value>,
    /// Move number of each position at its index (the root's is 0); `None` when every
    /// move number equals the search-order position.
    move_numbers: Option<Vec<u16>>,
    height: u32,
    max_degree: usize,
}

/// Places positions given in pre-order at their breadth-first indices.
pub(crate) struct RaggedBuilder {
    /// Next free index of each level; one extra level whose entry is the position count.
    level_next: Vec<u32>,
    first_child: Vec<u32>,
    values: Vec<Value>,
    move_numbers: Option<Vec<u16>>,
}

/// Describes a tree too large for `u32` indices.
fn too_many_nodes() -> TreeError {
    TreeError::TooLarge {
        what: format!(
            "the tree has more than {MAX_RAGGED_NODES} positions, the most a ragged arena's u32 indices can address"
        ),
    }
}

/// Describes a tree deeper than every tree may be.
fn too_deep() -> TreeError {
    TreeError::TooLarge {
        what: format!("the tree is deeper than the maximum height {MAX_HEIGHT}"),
    }
}

impl RaggedBuilder {
    /// Allocates for a tree with `level_counts[l]` positions at depth `l`, after checking
    /// its estimated size against `budget_bytes` and the index range.
    pub(crate) fn new(
        level_counts: &[u64],
        move_numbers: bool,
        budget_bytes: u64,
    ) -> Result<Self, TreeError> {
        let nodes: u64 = level_counts.iter().sum();
        if nodes > MAX_RAGGED_NODES {
            return Err(too_many_nodes());
        }
        check_budget(ragged_arena_bytes(nodes, move_numbers), budget_bytes)?;
        let mut level_next = Vec::with_capacity(level_counts.len() + 1);
        let mut start = 0u32;
        for &count in level_counts {
            level_next.push(start);
            start += count as u32;
        }
        level_next.push(start);
        let n = nodes as usize;
        Ok(RaggedBuilder {
            level_next,
            first_child: vec![0; n + 1],
            values: vec![0; n],
            move_numbers: move_numbers.then(|| vec![0; n]),
        })
    }

    /// Adds the next position in pre-order: its depth, its value (ignored for internal
    /// positions) and its move number.
    #[inline]
    pub(crate) fn push(&mut self, depth: u32, value: Value, move_number: usize) {
        let depth = depth as usize;
        let index = self.level_next[depth] as usize;
        self.level_next[depth] += 1;
        self.first_child[index] = self.level_next[depth + 1];
        self.values[index] = value;
        if let Some(moves) = self.move_numbers.as_mut() {
            moves[index] = move_number as u16;
        }
    }

    /// The arena, once every counted position has been pushed.
    pub(crate) fn finish(mut self) -> RaggedArena {
        let nodes = self.values.len();
        let levels = self.level_next.len() - 1;
        assert_eq!(
            self.level_next[levels - 1] as usize,
            nodes,
            "the second pass met fewer positions than the first counted"
        );
        self.first_child[nodes] = nodes as u32;
        let max_degree = self
            .first_child
            .windows(2)
            .map(|w| (w[1] - w[0]) as usize)
            .max()
            .unwrap_or(0);
        RaggedArena {
            first_child: self.first_child,
            values: self.values,
            move_numbers: self.move_numbers,
            height: levels as u32 - 1,
            max_degree,
        }
    }
}

impl RaggedArena {
    /// Materialises any `tree`; refuses, before allocating, a tree whose estimated size
    /// exceeds `budget_bytes`, that has more positions than `u32` indices address, or
    /// that is deeper than [`MAX_HEIGHT`].
    pub fn build<T: GameTree + ?Sized>(tree: &T, budget_bytes: u64) -> Result<Self, TreeError> {
        let mut level_counts: Vec<u64> = Vec::new();
        let mut nodes = 0u64;
        let mut natural = true;
        let counted = walk_preorder(tree, |step| {
            let Step::Enter {
                depth,
                position,
                move_number,
                degree,
                ..
            } = step
            else {
                return ControlFlow::Continue(());
            };
            if depth > MAX_HEIGHT {
                return ControlFlow::Break(too_deep());
            }
            if degree > MAX_DEGREE as usize {
                return ControlFlow::Break(TreeError::invalid(
                    "degree",
                    degree,
                    format!("an arena stores move numbers of at most {MAX_DEGREE} moves"),
                ));
            }
            if depth as usize == level_counts.len() {
                level_counts.push(0);
            }
            level_counts[depth as usize] += 1;
            nodes += 1;
            natural &= move_number == position;
            if nodes > MAX_RAGGED_NODES {
                return ControlFlow::Break(too_many_nodes());
            }
            match check_budget(ragged_arena_bytes(nodes, !natural), budget_bytes) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => ControlFlow::Break(e),
            }
        });
        if let ControlFlow::Break(e) = counted {
            return Err(e);
        }
        let mut builder = RaggedBuilder::new(&level_counts, !natural, budget_bytes)?;
        let _ = walk_preorder(tree, |step| {
            if let Step::Enter {
                node,
                depth,
                move_number,
                degree,
                ..
            } = step
            {
                let value = if degree == 0 { tree.value(node) } else { 0 };
                builder.push(depth, value, move_number);
            }
            ControlFlow::<()>::Continue(())
        });
        Ok(builder.finish())
    }

    /// The number of positions.
    pub fn nodes(&self) -> usize {
        self.values.len()
    }

    /// The move numbers of every position by index (the root's is 0), if the search order
    /// is not natural.
    pub fn move_numbers(&self) -> Option<&[u16]> {
        self.move_numbers.as_deref()
    }

    /// Bytes held by the arena's arrays.
    pub fn heap_bytes(&self) -> u64 {
        let moves = self.move_numbers.as_ref().map_or(0, |m| m.capacity() * 2);
        (self.first_child.capacity() * 4 + self.values.capacity() * 8 + moves) as u64
    }
}

impl GameTree for RaggedArena {
    type Node = RaggedNode;
    /// The index of the first child.
    type Children = u32;

    #[inline(always)]
    fn root(&self) -> RaggedNode {
        RaggedNode { index: 0, depth: 0 }
    }

    #[inline(always)]
    fn height(&self) -> u32 {
        self.height
    }

    #[inline(always)]
    fn max_degree(&self) -> usize {
        self.max_degree
    }

    #[inline(always)]
    fn depth(&self, node: RaggedNode) -> u32 {
        node.depth
    }

    #[inline(always)]
    fn degree(&self, node: RaggedNode) -> usize {
        let i = node.index as usize;
        (self.first_child[i + 1] - self.first_child[i]) as usize
    }

    #[inline(always)]
    fn children(&self, node: RaggedNode) -> u32 {
        self.first_child[node.index as usize]
    }

    #[inline(always)]
    fn child(&self, node: RaggedNode, first: &u32, i: usize) -> RaggedNode {
        RaggedNode {
            index: first + i as u32,
            depth: node.depth + 1,
        }
    }

    #[inline(always)]
    fn move_number(&self, _node: RaggedNode, first: &u32, i: usize) -> usize {
        match &self.move_numbers {
            Some(moves) => moves[(first + i as u32) as usize] as usize,
            None => i,
        }
    }

    #[inline(always)]
    fn value(&self, node: RaggedNode) -> Value {
        self.values[node.index as usize]
    }

    /// A leaf parent's leaf values are contiguous: one fixed-length copy (a shorter one
    /// at the very end of the array).
    #[inline(always)]
    fn leaf_values<const N: usize>(&self, node: RaggedNode, first: usize) -> [Value; N] {
        let start = self.first_child[node.index as usize] as usize + first;
        match self.values.get(start..start + N) {
            Some(batch) => batch.try_into().expect("a slice of N values"),
            None => {
                let count = self.degree(node).saturating_sub(first).min(N);
                let mut out = [0; N];
                out[..count].copy_from_slice(&self.values[start..start + count]);
                out
            }
        }
    }
}
