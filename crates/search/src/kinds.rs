//! Node kinds, pv / cut / all (seed 002, "What search trees look like"; Knuth & Moore §6,
//! types 1, 2 and 3 of Theorem 1's proof).
//!
//! An internal node's *outcome* is read from its result `r` and the window `(alpha, beta)`
//! it was searched with: `r >= beta` is a cut node, `r <= alpha` an all node, anything
//! else a pv node (with an empty window, `alpha == beta`, which only the `>` criterion
//! produces, a result equal to both counts as cut). Its *prediction* is made before it
//! is searched: the root is pv; the eldest child of a pv node is pv and its younger
//! children cut; the children of a cut node are all; the children of an all node cut.
//! On a perfectly ordered tree pv, cut and all are exactly Knuth & Moore's types 1, 2, 3
//! and every prediction holds.

use abbench_tree::Value;
use serde::{Deserialize, Serialize};

/// The kind of an internal node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// The result fell inside the window (type 1).
    Pv,
    /// The result reached beta (type 2).
    Cut,
    /// The result stayed at or below alpha (type 3).
    All,
}

impl NodeKind {
    /// The outcome of a node searched with `(alpha, beta)` that returned `result`.
    #[inline]
    pub fn outcome(result: Value, alpha: Value, beta: Value) -> NodeKind {
        if result >= beta {
            NodeKind::Cut
        } else if result <= alpha {
            NodeKind::All
        } else {
            NodeKind::Pv
        }
    }

    /// The predicted kind of the `index`-th child (search order) of a node predicted
    /// to be `self`.
    #[inline]
    pub fn child(self, index: usize) -> NodeKind {
        match self {
            NodeKind::Pv if index == 0 => NodeKind::Pv,
            NodeKind::Pv | NodeKind::All => NodeKind::Cut,
            NodeKind::Cut => NodeKind::All,
        }
    }
}

/// Counts of internal nodes per level (index = depth, 0 the root) for each kind.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct KindCounts {
    /// pv nodes per level.
    pub pv: Vec<u64>,
    /// cut nodes per level.
    pub cut: Vec<u64>,
    /// all nodes per level.
    pub all: Vec<u64>,
}

impl KindCounts {
    fn zeros(levels: usize) -> KindCounts {
        KindCounts {
            pv: vec![0; levels],
            cut: vec![0; levels],
            all: vec![0; levels],
        }
    }

    fn add(&mut self, depth: usize, kind: NodeKind) {
        let row = match kind {
            NodeKind::Pv => &mut self.pv,
            NodeKind::Cut => &mut self.cut,
            NodeKind::All => &mut self.all,
        };
        row[depth] += 1;
    }

    /// The counts of `kind`, per level.
    pub fn of(&self, kind: NodeKind) -> &[u64] {
        match kind {
            NodeKind::Pv => &self.pv,
            NodeKind::Cut => &self.cut,
            NodeKind::All => &self.all,
        }
    }
}

/// Internal nodes per level by outcome, by prediction, and how often the prediction held.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NodeKinds {
    /// By outcome: `pv`, `cut`, `all` per level.
    #[serde(flatten)]
    pub actual: KindCounts,
    /// By the kind predicted before the node was searched.
    pub predicted: KindCounts,
    /// Per level, the nodes whose outcome was the kind predicted for them.
    pub held: Vec<u64>,
}

impl NodeKinds {
    /// Zero counts for a tree whose nodes stand at depths `0 ..= height` (internal nodes
    /// at depths below `height`).
    pub fn for_height(height: u32) -> NodeKinds {
        let levels = height as usize;
        NodeKinds {
            actual: KindCounts::zeros(levels),
            predicted: KindCounts::zeros(levels),
            held: vec![0; levels],
        }
    }

    /// Internal nodes counted at `depth`.
    pub fn nodes_at(&self, depth: usize) -> u64 {
        self.actual.pv[depth] + self.actual.cut[depth] + self.actual.all[depth]
    }
}

/// Where a search reports each internal node's predicted and actual kind. `()` records
/// nothing and compiles away.
pub(crate) trait KindObserver {
    /// Whether anything is recorded.
    const ENABLED: bool;
    /// An internal node at `depth` predicted `predicted` turned out `actual`.
    fn record(&mut self, depth: u32, predicted: NodeKind, actual: NodeKind);
}

impl KindObserver for () {
    const ENABLED: bool = false;
    #[inline(always)]
    fn record(&mut self, _depth: u32, _predicted: NodeKind, _actual: NodeKind) {}
}

impl KindObserver for NodeKinds {
    const ENABLED: bool = true;
    fn record(&mut self, depth: u32, predicted: NodeKind, actual: NodeKind) {
        let depth = depth as usize;
        self.actual.add(depth, actual);
        self.predicted.add(depth, predicted);
        self.held[depth] += u64::from(predicted == actual);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn predictions_follow_seed_002() {
        assert_eq!(NodeKind::Pv.child(0), NodeKind::Pv);
        assert_eq!(NodeKind::Pv.child(1), NodeKind::Cut);
        assert_eq!(NodeKind::Cut.child(0), NodeKind::All);
        assert_eq!(NodeKind::All.child(0), NodeKind::Cut);
        assert_eq!(NodeKind::All.child(3), NodeKind::Cut);
    }

    #[test]
    fn outcomes_read_the_window() {
        assert_eq!(NodeKind::outcome(5, 0, 5), NodeKind::Cut);
        assert_eq!(NodeKind::outcome(0, 0, 5), NodeKind::All);
        assert_eq!(NodeKind::outcome(3, 0, 5), NodeKind::Pv);
        assert_eq!(NodeKind::outcome(2, 2, 2), NodeKind::Cut);
    }

    /// A search's internal nodes at each depth, by kind, add up to the positions it
    /// examined there (a uniform tree has no leaf above its last level).
    #[test]
    fn nodes_at_a_depth_are_the_internal_positions_examined_there() {
        use crate::{Detailed, SerialAlgorithm, SerialOptions, SerialSearch};
        use abbench_tree::GameTree;
        use abbench_tree::models::RandomTree;
        let tree = RandomTree::new(3, 5, 2, 1000);
        let options = SerialOptions {
            kinds: true,
            ..SerialOptions::default()
        };
        let r = SerialSearch::new(SerialAlgorithm::F2, options, &tree)
            .unwrap()
            .search::<Detailed>(&tree);
        let kinds = r.kinds.expect("counted");
        for depth in 0..tree.height() as usize {
            assert_eq!(
                kinds.nodes_at(depth),
                r.stats.levels[depth],
                "depth {depth}"
            );
        }
        assert!(r.stats.levels[1] > 1);
    }
}
