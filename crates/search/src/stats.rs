//! What a search examined, counted as the paper counts (§2, §6): a position is examined
//! when the procedure is called on it.
//!
//! Counting must not slow the kernels, so what is counted is chosen at compile time by the
//! [`Counters`] type the caller names: [`Basic`] keeps `nodes` and `leaves` (two adds per
//! position); [`Detailed`] also keeps positions per level and cutoffs.

use serde::{Deserialize, Serialize};

/// The statistics of one search.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchStats {
    /// Positions examined, root included.
    pub nodes: u64,
    /// Terminal positions examined (evaluations).
    pub leaves: u64,
    /// `levels[j]`: positions examined at depth `j`; empty unless counted.
    pub levels: Vec<u64>,
    /// Nodes left before their last child because `m >= beta` (or `m >= bound`); `None`
    /// unless counted.
    pub cutoffs: Option<u64>,
}

impl SearchStats {
    /// Adds another search's counts to these (levels element-wise).
    pub fn merge(&mut self, other: &SearchStats) {
        self.nodes += other.nodes;
        self.leaves += other.leaves;
        if self.levels.len() < other.levels.len() {
            self.levels.resize(other.levels.len(), 0);
        }
        for (mine, theirs) in self.levels.iter_mut().zip(&other.levels) {
            *mine += theirs;
        }
        self.cutoffs = match (self.cutoffs, other.cutoffs) {
            (Some(a), Some(b)) => Some(a + b),
            (a, b) => a.or(b),
        };
    }
}

/// A compile-time choice of what a kernel counts.
pub trait Counters {
    /// Counters for a tree whose deepest node is at depth `height`.
    fn for_height(height: u32) -> Self;
    /// A position at `depth` is examined.
    fn position(&mut self, depth: u32);
    /// The position just counted is terminal.
    fn leaf(&mut self);
    /// A node was left early by a cutoff.
    fn cutoff(&mut self);
    /// `count` terminal positions at `depth` were examined (a leaf parent's run).
    fn leaves_at(&mut self, depth: u32, count: u64);
    /// The counts so far.
    fn stats(&self) -> SearchStats;
    /// Positions counted so far.
    fn nodes(&self) -> u64;
}

/// Counts `nodes` and `leaves` only: the counters of timed runs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Basic {
    nodes: u64,
    leaves: u64,
}

impl Counters for Basic {
    #[inline(always)]
    fn for_height(_height: u32) -> Self {
        Basic::default()
    }
    #[inline(always)]
    fn position(&mut self, _depth: u32) {
        self.nodes += 1;
    }
    #[inline(always)]
    fn leaf(&mut self) {
        self.leaves += 1;
    }
    #[inline(always)]
    fn cutoff(&mut self) {}
    #[inline(always)]
    fn leaves_at(&mut self, _depth: u32, count: u64) {
        self.nodes += count;
        self.leaves += count;
    }
    fn stats(&self) -> SearchStats {
        SearchStats {
            nodes: self.nodes,
            leaves: self.leaves,
            levels: Vec::new(),
            cutoffs: None,
        }
    }
    #[inline(always)]
    fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// Counts everything: positions per level and cutoffs too.
#[derive(Clone, Debug, Default)]
pub struct Detailed {
    nodes: u64,
    leaves: u64,
    levels: Vec<u64>,
    cutoffs: u64,
}

impl Counters for Detailed {
    fn for_height(height: u32) -> Self {
        Detailed {
            levels: vec![0; height as usize + 1],
            ..Detailed::default()
        }
    }
    #[inline(always)]
    fn position(&mut self, depth: u32) {
        self.nodes += 1;
        self.levels[depth as usize] += 1;
    }
    #[inline(always)]
    fn leaf(&mut self) {
        self.leaves += 1;
    }
    #[inline(always)]
    fn cutoff(&mut self) {
        self.cutoffs += 1;
    }
    #[inline(always)]
    fn leaves_at(&mut self, depth: u32, count: u64) {
        self.nodes += count;
        self.leaves += count;
        self.levels[depth as usize] += count;
    }
    fn stats(&self) -> SearchStats {
        let mut levels = self.levels.clone();
        while levels.len() > 1 && levels.last() == Some(&0) {
            levels.pop();
        }
        SearchStats {
            nodes: self.nodes,
            leaves: self.leaves,
            levels,
            cutoffs: Some(self.cutoffs),
        }
    }
    #[inline(always)]
    fn nodes(&self) -> u64 {
        self.nodes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two searches' counts add up, level by level (the shorter list extended), and a
    /// cutoff count known on either side is kept.
    #[test]
    fn merged_counts_add_up() {
        let stats = |nodes, leaves, levels: &[u64], cutoffs| SearchStats {
            nodes,
            leaves,
            levels: levels.to_vec(),
            cutoffs,
        };
        let mut a = stats(10, 6, &[1, 3, 6], Some(2));
        a.merge(&stats(7, 4, &[1, 2, 3, 1], Some(5)));
        assert_eq!(a, stats(17, 10, &[2, 5, 9, 1], Some(7)));
        let mut b = stats(7, 4, &[1, 2, 3, 1], None);
        b.merge(&stats(10, 6, &[1, 3, 6], Some(2)));
        assert_eq!(b, stats(17, 10, &[2, 5, 9, 1], Some(2)));
        let mut c = stats(3, 2, &[1, 2], Some(1));
        c.merge(&stats(0, 0, &[], None));
        assert_eq!(c, stats(3, 2, &[1, 2], Some(1)));
    }

    /// Levels below the deepest one reached are not reported; a search that examined
    /// nothing reports its root level.
    #[test]
    fn detailed_levels_end_at_the_deepest_examined() {
        let mut counters = Detailed::for_height(5);
        assert_eq!(counters.stats().levels, [0]);
        counters.position(0);
        counters.position(1);
        counters.position(1);
        assert_eq!(counters.stats().levels, [1, 2]);
        counters.leaves_at(5, 3);
        assert_eq!(counters.stats().levels, [1, 2, 0, 0, 0, 3]);
    }
}
