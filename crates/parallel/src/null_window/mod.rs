//! The null-window search: a node's value from its eldest child's value and null-window
//! tests of its younger children, every test searched in parallel with a window that
//! never changes (Pearl's Scout, with each node's tests run at once).
//!
//! ```text
//! exact(p, alpha, beta):                    (fail-hard, as F2)
//!   m := max(alpha, -exact(p_1, -beta, -alpha))
//!   if m >= beta: return m
//!   in parallel, for i := 2 .. d:  high_i := test(p_i, m)      "is F(p_i) > m?"
//!   for each i with high_i, in order, while m < beta:
//!     if m has risen since: high_i := test(p_i, m)
//!     if high_i: m := max(m, -exact(p_i, -beta, -m))
//!   return m
//! ```
//!
//! `test(p, m)` is `F2(p, -m - 1, -m)` searched by young brothers wait under that fixed
//! window (`ybwc::split_node` on a split point of fixed window): inside it every split
//! point's window is the same null window, which a brother's result can only close, so
//! no helper ever searches with a bound that a later result would have tightened. The
//! tests of one node share its bound, taken once all of them are known; the only full
//! windows are those of `exact`, along the principal variation and the children whose
//! test failed high. The protocol and the measurements behind it are in `README.md`
//! beside this file.

use crate::context::Context;
use crate::executor::Executor;
use crate::probes::StopProbe;
use crate::split_point::{Kind, SplitPoint};
use crate::ybwc::split_node;
use abbench_search::Aborted;
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY, Value};
use std::sync::atomic::{AtomicBool, Ordering};

/// Searches the whole tree; returns the root value and the search-order index of the
/// root move that produced it.
pub(crate) fn search<T: GameTree, E: Executor>(
    ctx: &Context<'_, T, E>,
) -> Result<(Value, Option<usize>), Aborted> {
    let root = ctx.tree.root();
    if !ctx.shares() {
        return ctx.serial(root, NEG_INFINITY, INFINITY, &mut StopProbe { ctx });
    }
    exact(ctx, root, NEG_INFINITY, INFINITY, Kind::Pv)
}

/// `F2(node, alpha, beta)` by the scheme in the module docs; returns the value and the
/// search-order index of the child that produced it.
fn exact<T: GameTree, E: Executor>(
    ctx: &Context<'_, T, E>,
    node: T::Node,
    alpha: Value,
    beta: Value,
    kind: Kind,
) -> Result<(Value, Option<usize>), Aborted> {
    if !ctx.splits(node) {
        return ctx.serial(node, alpha, beta, &mut StopProbe { ctx });
    }
    if ctx.stopped() {
        return Err(Aborted);
    }
    let tree = ctx.tree;
    ctx.open_split_point();
    let children = tree.children(node);
    let degree = tree.degree(node);
    let (eldest, _) = exact(
        ctx,
        tree.child(node, &children, 0),
        -beta,
        -alpha,
        kind.child(0),
    )?;
    let mut m = alpha;
    let mut best = None;
    if -eldest > m {
        m = -eldest;
        best = Some(0);
    }
    if m >= beta || degree == 1 {
        return Ok((m, best));
    }
    let threshold = m;
    let high = test_all(ctx, node, &children, kind, threshold)?;
    for (i, failed_high) in high.iter().enumerate() {
        if m >= beta {
            break;
        }
        if !failed_high.load(Ordering::Relaxed) {
            continue;
        }
        let child = tree.child(node, &children, i);
        if m > threshold && -test(ctx, child, m, kind.child(i))? <= m {
            continue;
        }
        ctx.with_slot(|slot| slot.stats.re_searches += 1);
        let (v, _) = exact(ctx, child, -beta, -m, kind.child(i))?;
        if -v > m {
            m = -v;
            best = Some(i);
        }
    }
    Ok((m, best))
}

/// Tests every younger child of `node` against `threshold` (this node's viewpoint), in
/// parallel: the children are handed out one at a time to the node's worker and up to
/// `p - 1` helpers. Returns, per child, whether its test failed high (the eldest's entry
/// is `false`).
fn test_all<T: GameTree, E: Executor>(
    ctx: &Context<'_, T, E>,
    node: T::Node,
    children: &T::Children,
    kind: Kind,
    threshold: Value,
) -> Result<Vec<AtomicBool>, Aborted> {
    let tree = ctx.tree;
    let degree = tree.degree(node);
    // Memory ordering of `high` and `aborted`: `Relaxed`; each is written by the worker
    // that tested the child and read by the node's worker after the fork's join, which
    // synchronises.
    let high: Vec<AtomicBool> = (0..degree).map(|_| AtomicBool::new(false)).collect();
    let aborted = AtomicBool::new(false);
    // A split point used for its hand-out of children only: its window is never read.
    let tests = SplitPoint::fixed(
        NEG_INFINITY,
        INFINITY,
        kind,
        degree,
        ctx.worker(),
        ctx.epoch,
    );
    let owner = ctx.worker();
    ctx.with_slot(|slot| slot.stats.splits += 1);
    ctx.fork((ctx.threads() - 1).min(degree - 2), || {
        while let Some(i) = tests.next_brother() {
            if aborted.load(Ordering::Relaxed) {
                return;
            }
            if ctx.worker() != owner {
                ctx.with_slot(|slot| slot.stats.steals += 1);
            }
            match test(ctx, tree.child(node, children, i), threshold, kind.child(i)) {
                Ok(v) => high[i].store(-v > threshold, Ordering::Relaxed),
                Err(Aborted) => aborted.store(true, Ordering::Relaxed),
            }
        }
    });
    if aborted.load(Ordering::Relaxed) {
        return Err(Aborted);
    }
    Ok(high)
}

/// `F2(child, -threshold - 1, -threshold)`: whether the child is worth more than
/// `threshold` to its parent, in parallel under the fixed null window if the child is a
/// split point. Returns the child's value bound from its own viewpoint.
fn test<T: GameTree, E: Executor>(
    ctx: &Context<'_, T, E>,
    child: T::Node,
    threshold: Value,
    kind: Kind,
) -> Result<Value, Aborted> {
    let (alpha, beta) = (-threshold - 1, -threshold);
    ctx.with_slot(|slot| slot.stats.tests += 1);
    if ctx.splits(child) {
        let degree = ctx.tree.degree(child);
        let sp = SplitPoint::fixed(alpha, beta, kind, degree, ctx.worker(), ctx.epoch);
        split_node(ctx, child, &sp).map(|(v, _)| v)
    } else {
        ctx.serial(child, alpha, beta, &mut StopProbe { ctx })
            .map(|(v, _)| v)
    }
}
