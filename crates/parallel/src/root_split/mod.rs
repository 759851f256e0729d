//! Root splitting: the root's moves are handed out one at a time to the workers; each
//! searches its move with the serial kernel and the best root bound known when it
//! starts, and raises the shared bound (`fetch_max`) when it finishes.
//!
//! Nothing waits for the eldest move, so the first `p` moves all start with an infinite
//! window, and the root's costliest move bounds the speedup. On perfectly ordered trees
//! the first move costs about as much as all the others together (Corollary 1), so root
//! splitting saturates early; the scaling reports show where.

use crate::SearchOptions;
use crate::algorithm::{Found, Search};
use crate::context::Context;
use crate::executor::Executor;
use crate::probes::StopProbe;
use crate::split_point::SplitPoint;
use abbench_search::Aborted;
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY, Value};
use std::sync::atomic::{AtomicBool, Ordering};

/// Root splitting ([`crate::ParallelAlgorithm::RootSplit`]).
pub(crate) struct RootSplit;

impl Search for RootSplit {
    type Settings = ();

    fn settings(_options: &SearchOptions, _workers: usize) {}

    /// Root splitting reads no setting of its own: it chooses none.
    fn choose<T: GameTree>(_: &T, _: &SearchOptions, _: usize, _: &mut SearchOptions) {}

    fn search<T: GameTree, E: Executor>(
        ctx: &Context<'_, T, E>,
        _settings: &(),
    ) -> Result<Found, Aborted> {
        search(ctx).map(Found::from)
    }

    /// More than one worker and more than one root move: the root is always shared.
    fn offers_work<T: GameTree, E: Executor>(ctx: &Context<'_, T, E>) -> bool {
        ctx.threads() > 1 && ctx.tree.degree(ctx.tree.root()) > 1
    }
}

/// Searches the whole tree; returns the root value and the search-order index of the
/// root move that produced it.
fn search<T: GameTree, E: Executor>(
    ctx: &Context<'_, T, E>,
) -> Result<(Value, Option<usize>), Aborted> {
    let tree = ctx.tree;
    let root = tree.root();
    let degree = tree.degree(root);
    if degree == 0 {
        return ctx.serial(root, NEG_INFINITY, INFINITY, &mut StopProbe { ctx });
    }
    ctx.open_split_point();
    let children = tree.children(root);
    // The shared root bound: every move is handed out, none waits for the eldest.
    let bound = SplitPoint::root(
        NEG_INFINITY,
        INFINITY,
        degree,
        0,
        ctx.worker(),
        &ctx.executor,
    );
    // Memory ordering: `Relaxed`; read after the fork's join, which synchronises.
    let aborted = AtomicBool::new(false);
    let work = || {
        let me = ctx.worker();
        while let Some(i) = bound.next_brother() {
            ctx.strand();
            if me != bound.owner {
                ctx.with_slot(|slot| slot.stats.steals += 1);
            }
            // The bound known now; the search keeps it to the end.
            let (alpha, beta) = bound.window().for_child();
            let child = tree.child(root, &children, i);
            match ctx.serial(child, alpha, beta, &mut StopProbe { ctx }) {
                Ok((v, _)) => {
                    bound.offer(-v, i);
                }
                Err(Aborted) => {
                    aborted.store(true, Ordering::Relaxed);
                    return;
                }
            }
        }
    };
    ctx.with_slot(|slot| slot.stats.splits += 1);
    ctx.fork((ctx.threads() - 1).min(degree - 1), work);
    if aborted.load(Ordering::Relaxed) {
        return Err(Aborted);
    }
    Ok(bound.result())
}
