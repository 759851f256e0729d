//! The `GameTree` trait: what every search kernel is generic over.
//!
//! A tree hands out small `Copy` node states. Expanding a node is split in two so that
//! models which need per-node work before their children can be named (a search order
//! sorted by static value, a permutation of move values) do that work once per node:
//! [`GameTree::children`] computes it, [`GameTree::child`] then names the `i`-th child **in
//! search order** in O(1). Nothing here allocates; kernels are monomorphised over the
//! trait, so none of it costs a dynamic call.

use crate::Value;
use std::fmt::Debug;

/// What [`GameTree::search_small`] reports of the positions it examines, one call for
/// each, as the kernels count their own.
pub trait Tally {
    /// A position at `depth` is examined.
    fn position(&mut self, depth: u32);
    /// The position just counted is terminal.
    fn leaf(&mut self);
    /// A node was left early by a cutoff.
    fn cutoff(&mut self);
}

/// A game tree searched by the kernels, in the negamax convention of Knuth & Moore eq. (1).
pub trait GameTree: Sync {
    /// A position: a small value any thread can copy and expand.
    type Node: Copy + Send + Sync + Debug;
    /// What [`GameTree::children`] computes once per internal node (search order,
    /// per-child data); `()` for models that need nothing.
    type Children: Copy + Send + Sync;

    /// The root position (depth 0).
    fn root(&self) -> Self::Node;

    /// An upper bound on the depth of every node: kernels size their stacks with it.
    fn height(&self) -> u32;

    /// An upper bound on the number of children of every node.
    fn max_degree(&self) -> usize;

    /// The depth of `node`; the root has depth 0.
    fn depth(&self, node: Self::Node) -> u32;

    /// The number of children of `node`; 0 exactly when `node` is terminal.
    fn degree(&self, node: Self::Node) -> usize;

    /// Prepares an internal node for [`GameTree::child`] and [`GameTree::move_number`].
    fn children(&self, node: Self::Node) -> Self::Children;

    /// The `i`-th child of `node` in search order, `i < degree(node)`.
    fn child(&self, node: Self::Node, children: &Self::Children, i: usize) -> Self::Node;

    /// The move number (natural child index, as the specification numbers moves) of the
    /// `i`-th child in search order.
    fn move_number(&self, node: Self::Node, children: &Self::Children, i: usize) -> usize;

    /// The value of a terminal node, from the viewpoint of the player to move there.
    fn value(&self, node: Self::Node) -> Value;

    /// A heuristic value of any node, terminal or not, from the viewpoint of the player to
    /// move there: what a search that stops short of the leaves scores its frontier with
    /// (Knuth & Moore §4's "best guess about the value"). `None` for trees whose interior
    /// nodes carry no value, which is all but `branch-sum`'s implicit form.
    fn estimate(&self, node: Self::Node) -> Option<Value> {
        let _ = node;
        None
    }

    /// A key naming the position itself, the same for every path that reaches it, for
    /// the searches that keep a transposition table; `None` for trees without
    /// transpositions (every synthetic model, arenas and `.tree` files), whose positions
    /// the searches name by their path from the root instead
    /// (`abbench_search::transposition::child_key`). Two positions with one key must
    /// have the same subtree below them.
    #[inline(always)]
    fn position_key(&self, node: Self::Node) -> Option<u64> {
        let _ = node;
        None
    }

    /// Bounds `(lower, upper)` on the value of `node` that the rules of the game give
    /// without searching it (a Connect Four position whose mover cannot win with its
    /// next stone is worth at most a win with the one after); `None` for trees with no
    /// such knowledge, all but the games. MTD(f)'s kernel merges them with its table's
    /// bounds, as the peer solvers of a game do.
    #[inline(always)]
    fn value_bounds(&self, node: Self::Node) -> Option<(Value, Value)> {
        let _ = node;
        None
    }

    /// A bound on the value of `node` that the game's rules prove and that decides a search
    /// of it with the window `(alpha, beta)`: an upper bound at or below `alpha`, or a
    /// lower bound at or above `beta`; `None` where the rules prove neither, which is
    /// every node of every tree but Othello's (its stable discs: Edax's "stability
    /// cutoff"). Dearer than [`GameTree::value_bounds`], so the table searches ask it only
    /// of a tabled node below the root that their table left undecided, with the window
    /// they would search it with, and count it as the position it is.
    #[inline(always)]
    fn settle(&self, node: Self::Node, window: (Value, Value)) -> Option<Value> {
        let _ = (node, window);
        None
    }

    /// Whether the table searches leave `node` out of their table although it lies above
    /// the plies next to the leaves that they always leave out: a position so near the end
    /// of a game that searching it costs less than a table look-up (an Othello position
    /// with few empty squares, whose depth says nothing of the moves left because of
    /// passes). `false` for every node of every tree but the games that measured it.
    #[inline(always)]
    fn untabled(&self, node: Self::Node) -> bool {
        let _ = node;
        false
    }

    /// How many plies a search typically goes below `node`: what the parallel searches
    /// compare with their split height. By default the plies to the deepest leaves the
    /// tree may have, `height() - depth(node)`. A game where that over-states the work
    /// below a node gives its own measure: an Othello position's empty squares, where
    /// the height counts a pass for every move and passes are rare.
    #[inline(always)]
    fn remaining_height(&self, node: Self::Node) -> u32 {
        self.height().saturating_sub(self.depth(node))
    }

    /// The model's own search of `node`, at `depth`, with the window `(alpha, beta)`,
    /// where it has one for a position this near the end of the game; `None` elsewhere,
    /// which is every node of every tree but Othello's last empty squares. It is the
    /// search the table-driven kernels make of such a node below their table, written for
    /// the game: fail-soft alpha-beta, no table, the same children in the same order, the
    /// same cutoffs and the same result, every position counted into `tally` at its depth
    /// as the kernels count it. A model returns `Some` only for nodes it leaves out of
    /// the table ([`GameTree::untabled`]); its tests hold it to the generic search.
    #[inline(always)]
    fn search_small<X: Tally>(
        &self,
        node: Self::Node,
        depth: u32,
        window: (Value, Value),
        tally: &mut X,
    ) -> Option<Value> {
        let _ = (node, depth, window, tally);
        None
    }

    /// A move that decides a terminal `node` at once, where the game's rules, not a
    /// search, decided it (a Connect Four position whose mover can complete four: the
    /// column that does, its move number); `None` for every other node and every tree
    /// but the games. A search of such a root examines one position and finds no best
    /// move: this names one.
    fn decided_move(&self, node: Self::Node) -> Option<usize> {
        let _ = node;
        None
    }

    /// Positions per ply below a node of this tree in one null-window pass of the
    /// table-driven searches (MTD(f)'s kernel on its table): the `b` of the `b^r`
    /// positions such a pass examines below a node of remaining height `r`
    /// ([`GameTree::remaining_height`]), where the model has measured it; `None` for trees with no such
    /// measurement, all but the games. The parallel null-window search sizes its split
    /// height by it (`abbench_parallel`'s `null_window` folder); without it every
    /// parallel search takes the random-tree rule, F2's `d^(3/4)` per ply.
    fn branching_per_ply(&self) -> Option<f64> {
        None
    }

    /// For an internal node whose children are all leaves: the values of its children
    /// `first, first + 1, …` (search order), `[k]` being
    /// `value(child(node, &children(node), first + k))` for every `k` below `N` and the
    /// number of children from `first` on. Entries past the node's last child hold
    /// unspecified values strictly between the infinities.
    ///
    /// The models override it to generate a batch at once ([`crate::leaf_batch`]): the
    /// benchmarks' independent-hash limit uses it (`benches/benches/trees.rs`); this
    /// default takes the children one at a time. The serial kernel does not: f2-iter with
    /// batched leaf parents (the cutoff found from lane masks, leaves beyond it computed
    /// and never counted) measured slower than one leaf at a time on every model and
    /// layout — f2-iter over paper-form F2 on random d8 h10 0.91× batched in fours
    /// against 1.18× one at a time, d16 h7 1.14× against 1.35×, ordered q0.7 d16 h8 0.74×
    /// against 1.32×, branch-sum static 0.76–0.79× against 1.00–1.02× (2-core AMD EPYC with
    /// AVX2, criterion, one run each), and batches of 8 or 16 worse still: F2 examines few
    /// of a leaf parent's leaves (4.3 of 8 on d8 h10, 2.5 of 16 on ordered), and the
    /// one-at-a-time loop already overlaps the independent hashes.
    #[inline(always)]
    fn leaf_values<const N: usize>(&self, node: Self::Node, first: usize) -> [Value; N] {
        let children = self.children(node);
        let count = self.degree(node).saturating_sub(first).min(N);
        let mut out = [0; N];
        for (k, v) in out.iter_mut().enumerate().take(count) {
            *v = self.value(self.child(node, &children, first + k));
        }
        out
    }
}
