//! The work/span view of young brothers wait, as Cilk's scalability analyser reports a
//! program's: how much there is to do, the longest chain of it that must be done in
//! order, and their ratio — the speedup no number of processors can pass on this DAG.
//!
//! # What is computed
//!
//! The DAG is serial F2's search of the tree — the positions F2 examines, each with the
//! window F2 gives it — with young brothers wait's dependencies:
//!
//! * every examined position costs one unit;
//! * at a split point (a node at least the split height above the deepest leaves, as
//!   `ybwc` decides): the node, then its eldest child's subtree, then the subtrees of
//!   all younger brothers F2 examines, in parallel with each other;
//! * below the split height a subtree is one serial strand (the kernel runs alone);
//! * a split point whose eldest subtree has fewer positions than the eldest grain
//!   (`ybwc`'s eldest grain at unlimited workers: 0 by default, so only a
//!   grain given explicitly applies) is finished
//!   by its owner in one serial search, as `ybwc` does: its younger brothers form one
//!   strand after the eldest's, `span(n) = 1 + span(c0) + work(c1) + … + work(ck)`.
//!
//! So, for a split point `n` with eldest `c0` and examined younger brothers `c1 … ck`:
//!
//! ```text
//! work(n) = 1 + work(c0) + work(c1) + … + work(ck)
//! span(n) = 1 + span(c0) + max(span(c1), …, span(ck))      (0 if k = 0)
//! ```
//!
//! and `work = span =` the positions F2 examines for a subtree below the split height.
//! `work` of the root equals the serial kernel's positions.
//!
//! The *burdened* figures add the event costs of [`SimCosts`] as Cilk's burdened span
//! adds spawn overhead, for a machine with unlimited processors: every split point pays
//! `split_point` and every serial strand `serial_search`; a split point whose younger
//! brothers are offered (`k >= 1` and degree `d >= 3`, so that it has `d - 2` helper
//! slots) pays `offer` before its younger brothers start and `steal` per helper slot
//! (all are taken). Its younger brothers then run as `ybwc`'s brother loop hands them
//! out: in order, each to whichever of the owner (free at once) and the `d - 2` helpers
//! (free after `steal`) is free first; the phase ends when the last runner is done. With
//! free events that is `max(span(c1), …, span(ck))`. Bound updates and aborts do not
//! occur in this DAG.
//!
//! # What it is not
//!
//! It is the DAG of a young-brothers-wait search that examines exactly what serial F2
//! examines. A real one examines more — a younger brother starts with the bound the
//! eldest gave, not with the bounds of all brothers before it (search overhead) — and,
//! occasionally, less in one subtree, when a later brother's bound arrives early. So
//! `parallelism` is the ceiling of an ideal schedule without search overhead, not a
//! theorem about every schedule; the simulations compare against it.
//!
//! It is also the DAG of *classic* young brothers wait, where every split point offers
//! its younger brothers as soon as its eldest is done. `ybwc` by default waits longer at
//! a node it expects to cut off: its owner searches the first
//! [`CUT_WAIT_BROTHERS`](crate::CUT_WAIT_BROTHERS) brothers (2, the eldest included)
//! alone before it offers the rest (`--cut-wait`). This DAG ignores that
//! wait (it is `--cut-wait 1`): at expected cut nodes its span leaves out the second
//! brother's chain, so its `parallelism` is the ceiling of classic young brothers wait,
//! and above the ceiling of `ybwc` as it runs by default.

use crate::sim::SimCosts;
use crate::split_point::is_split_point;
use crate::{ParallelAlgorithm, SearchOptions};
use abbench_search::{Basic, Counters, F2Iter, NoProbe};
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY, Value};
use serde::{Deserialize, Serialize};

/// Work, span and parallelism of young brothers wait on one tree (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct WorkSpan {
    /// The split height used.
    pub split_height: u32,
    /// Positions serial F2 examines.
    pub work: u64,
    /// The longest chain of positions through the eldest-first dependencies.
    pub span: u64,
    /// `work / span`.
    #[schemars(range(min = 0.0))]
    pub parallelism: f64,
    /// `work` plus the cost of every split point, serial search, offer and stolen brother.
    pub burdened_work: u64,
    /// `span` with the costs of the events on its path.
    pub burdened_span: u64,
    /// `work / burdened_span`: the ceiling with events priced.
    pub burdened_parallelism: f64,
}

/// Work, span and parallelism of `ybwc` on `tree` at the options' split height, with
/// `costs` for the burdened figures.
pub fn work_span<T: GameTree>(tree: &T, costs: &SimCosts, options: &SearchOptions) -> WorkSpan {
    // An unlimited machine: the split height and grain for infinitely many workers.
    let split_height = crate::split_height(ParallelAlgorithm::Ybwc, tree, options, usize::MAX);
    let mut walk = Walk {
        tree,
        split_height,
        eldest_grain: crate::ybwc::Settings::new(options, usize::MAX, u64::MAX).eldest_grain,
        costs,
        kernel: F2Iter::new(tree),
    };
    let root = walk.search(tree.root(), NEG_INFINITY, INFINITY);
    WorkSpan {
        split_height,
        work: root.work,
        span: root.span,
        parallelism: root.work as f64 / root.span as f64,
        burdened_work: root.burdened_work,
        burdened_span: root.burdened_span,
        burdened_parallelism: root.work as f64 / root.burdened_span as f64,
    }
}

struct Walk<'a, T: GameTree> {
    tree: &'a T,
    split_height: u32,
    /// [`SearchOptions::eldest_grain`].
    eldest_grain: u64,
    costs: &'a SimCosts,
    kernel: F2Iter<T>,
}

/// A subtree's value and figures.
struct Part {
    value: Value,
    work: u64,
    span: u64,
    burdened_work: u64,
    burdened_span: u64,
}

impl<T: GameTree> Walk<'_, T> {
    /// `F2(node, alpha, beta)` with the figures of its subtree.
    /// The serial kernel's search of `node` below the split height.
    fn serial(&mut self, node: T::Node, alpha: Value, beta: Value) -> Part {
        let tree = self.tree;
        let mut counters = Basic::for_height(tree.height());
        let result = self
            .kernel
            .search_node(tree, node, alpha, beta, &mut counters, &mut NoProbe)
            .unwrap_or_else(|_| unreachable!("NoProbe never aborts"));
        let n = counters.nodes();
        let burdened = n + self.costs.serial_search;
        Part {
            value: result.value,
            work: n,
            span: n,
            burdened_work: burdened,
            burdened_span: burdened,
        }
    }

    /// A split point too small to share, valued `m`: the owner finishes the node in one
    /// serial search of the younger brothers' `rest` positions after the eldest.
    fn unshared(&self, m: Value, eldest: &Part, rest: u64) -> Part {
        Part {
            value: m,
            work: 1 + eldest.work + rest,
            span: 1 + eldest.span + rest,
            burdened_work: 1
                + self.costs.split_point
                + eldest.burdened_work
                + rest
                + self.costs.serial_search,
            burdened_span: 1
                + self.costs.split_point
                + eldest.burdened_span
                + rest
                + self.costs.serial_search,
        }
    }

    fn search(&mut self, node: T::Node, alpha: Value, beta: Value) -> Part {
        let tree = self.tree;
        if !is_split_point(tree, self.split_height, node) {
            return self.serial(node, alpha, beta);
        }
        let degree = tree.degree(node);
        let children = tree.children(node);
        let mut m = alpha;
        let eldest = self.search(tree.child(node, &children, 0), -beta, -m);
        m = m.max(-eldest.value);
        let m_after_eldest = m;
        let mut younger = Vec::new();
        let mut i = 1;
        while i < degree && m < beta {
            let brother = self.search(tree.child(node, &children, i), -beta, -m);
            m = m.max(-brother.value);
            younger.push(brother);
            i += 1;
        }
        let sum = |f: fn(&Part) -> u64| younger.iter().map(f).sum::<u64>();
        if eldest.work < self.eldest_grain && degree > 1 && m_after_eldest < beta {
            return self.unshared(m, &eldest, sum(|b| b.work));
        }
        let longest = |f: fn(&Part) -> u64| younger.iter().map(f).max().unwrap_or(0);
        let (burden_work, younger_burdened_span) = if !younger.is_empty() && degree >= 3 {
            // The owner and `degree - 2` helpers (unlimited processors) take the younger
            // brothers in order, each the next one as soon as it is free: the owner at
            // once, a helper after stealing its slot.
            let helpers = degree - 2;
            let mut free = vec![self.costs.steal; helpers + 1];
            free[0] = 0;
            for brother in &younger {
                let runner = (0..free.len()).min_by_key(|&r| free[r]).unwrap_or(0);
                free[runner] += brother.burdened_span;
            }
            (
                self.costs.offer + self.costs.steal * helpers as u64,
                self.costs.offer + free.into_iter().max().unwrap_or(0),
            )
        } else {
            (0, longest(|b| b.burdened_span))
        };
        Part {
            value: m,
            work: 1 + eldest.work + sum(|b| b.work),
            span: 1 + eldest.span + longest(|b| b.span),
            burdened_work: 1
                + self.costs.split_point
                + eldest.burdened_work
                + sum(|b| b.burdened_work)
                + burden_work,
            burdened_span: 1
                + self.costs.split_point
                + eldest.burdened_span
                + younger_burdened_span,
        }
    }
}
