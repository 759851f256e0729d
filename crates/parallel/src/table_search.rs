//! The search Lazy SMP and ABDADA share: every worker runs alpha-beta from the root with
//! the shared node table above the split height, and the serial kernel below it; the
//! first worker to finish the root gives the result and stops the others.
//!
//! Above the split height each node is a table node: its entry is probed first (bounds
//! that answer the window end the node; others narrow it), its children are searched in
//! the order the algorithm's [`Rule`] gives, and what the search learnt is stored. The
//! search is fail-hard, as the kernel is: a result `m` of window `(alpha, beta)` says
//! `F <= alpha` when `m <= alpha`, `F >= m` when `m >= beta`, and `F = m` between, and the
//! table keeps exactly that ([`Bounds::from_search`]). Every bound in the table is true of
//! its node whoever wrote it, so a worker may use any of them: the value cannot depend on
//! who wins a race, only the positions examined can.

use crate::context::Context;
use crate::executor::Executor;
use crate::probes::{FlagProbe, StopProbe};
use crate::sync::{AtomicBool, Mutex, Ordering};
use crate::table::Bounds;
use abbench_search::Aborted;
use abbench_search::{child_key, root_key};
use abbench_tree::hash::mix64;
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY, Value};

/// How an algorithm orders and shares a node's children.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// Lazy SMP: worker 0 takes the children in search order; every other worker takes
    /// the eldest first, then the younger ones rotated by an offset drawn from the node
    /// and the worker, so that workers part ways below the root.
    Lazy,
    /// ABDADA: search order, but a younger child another worker is searching now is put
    /// off until the others are done, when its entry is usually there.
    Abdada,
}

/// How the workers of one search end it: the first to finish the root with a move gives
/// the result and stops the others.
///
/// A worker whose search of the root is answered by the table (another worker stored the
/// root's entry but has not recorded its result yet) has the value but no move: its
/// answer is not the result, or the search could end without its best move. The loom
/// model below runs that race in every interleaving, and catches a `record` that takes
/// any answer.
struct Finish {
    /// Set when a worker has finished the root: every other worker stops.
    ///
    /// Memory ordering: `Relaxed`. It carries no data: the result travels through
    /// `result`'s mutex, read after the fork's join.
    finished: AtomicBool,
    result: Mutex<Option<(Value, Option<usize>)>>,
}

impl Finish {
    fn new() -> Finish {
        Finish {
            finished: AtomicBool::new(false),
            result: Mutex::new(None),
        }
    }

    /// Whether a worker has finished the root.
    fn is_over(&self) -> bool {
        self.finished.load(Ordering::Relaxed)
    }

    /// What one worker's search of the root found: a value with a move is the result,
    /// unless another came first, and ends the search; an answer without a move, or a
    /// stopped search, does neither.
    fn record(&self, outcome: Result<(Value, Option<usize>), Aborted>) {
        if let Ok(found) = outcome
            && found.1.is_some()
        {
            let mut result = self.result.lock().unwrap_or_else(|p| p.into_inner());
            if result.is_none() {
                *result = Some(found);
            }
            self.finished.store(true, Ordering::Relaxed);
        }
    }

    /// The result, once every worker is done.
    fn result(&self) -> Result<(Value, Option<usize>), Aborted> {
        let result = *self.result.lock().unwrap_or_else(|p| p.into_inner());
        result.ok_or(Aborted)
    }
}

/// Searches the whole tree with every worker from the root; returns the root value and
/// the search-order index of the root move that produced it.
pub(crate) fn search<T: GameTree, E: Executor>(
    ctx: &Context<'_, T, E>,
    rule: Rule,
) -> Result<(Value, Option<usize>), Aborted> {
    let root = ctx.tree.root();
    if !ctx.shares() {
        return ctx.serial(root, NEG_INFINITY, INFINITY, &mut StopProbe { ctx });
    }
    let finish = Finish::new();
    ctx.with_slot(|slot| slot.stats.splits += 1);
    ctx.fork(ctx.threads() - 1, || {
        // A run that starts after the search is over (an untaken slot its owner runs
        // itself) has nothing to do.
        if finish.is_over() {
            return;
        }
        if ctx.worker() != 0 {
            ctx.with_slot(|slot| slot.stats.steals += 1);
        }
        let outcome = node(
            ctx,
            &finish,
            rule,
            root,
            root_key(ctx.tree),
            NEG_INFINITY,
            INFINITY,
        );
        // A worker that starts after another has stored the root's entry, but before
        // that one records its result, is answered by the table with no move: only a
        // search of the root's children names the best move, and that one's result
        // follows.
        finish.record(outcome);
    });
    finish.result()
}

/// The child with search-order index `i`'s place in this worker's order at a node of
/// `degree` children, for an offset `rotation` of the younger ones.
fn nth_child(position: usize, degree: usize, rotation: usize) -> usize {
    if position == 0 || degree <= 2 {
        position
    } else {
        1 + (position - 1 + rotation) % (degree - 1)
    }
}

/// Alpha-beta of `node` (table key `key`) with window `(alpha, beta)`, fail-hard; returns
/// the value and the search-order index of the child that produced it.
fn node<T: GameTree, E: Executor>(
    ctx: &Context<'_, T, E>,
    finish: &Finish,
    rule: Rule,
    node: T::Node,
    key: u64,
    alpha: Value,
    beta: Value,
) -> Result<(Value, Option<usize>), Aborted> {
    if finish.is_over() || ctx.stopped() {
        return Err(Aborted);
    }
    let tree = ctx.tree;
    if !ctx.splits(node) {
        let mut probe = FlagProbe {
            ctx,
            flag: &finish.finished,
        };
        return ctx.serial(node, alpha, beta, &mut probe);
    }
    ctx.visit();
    let (mut alpha, mut beta) = (alpha, beta);
    if let Some(known) = ctx.table_probe(key) {
        if known.lower >= beta {
            return Ok((known.lower, None));
        }
        if known.upper <= alpha {
            return Ok((known.upper, None));
        }
        alpha = alpha.max(known.lower);
        beta = beta.min(known.upper);
    }
    let depth = tree.depth(node);
    let children = tree.children(node);
    let degree = tree.degree(node);
    let rotation = match rule {
        Rule::Lazy if ctx.worker() > 0 => mix64(key ^ ctx.worker() as u64) as usize,
        _ => 0,
    };
    let mut m = alpha;
    let mut best = None;
    // Children put off, by search-order index; only the first 64 can be (a search
    // allocates nothing per node).
    let mut deferred: u64 = 0;
    let table = ctx.table.as_ref();
    for position in 0..degree {
        if m >= beta {
            break;
        }
        let i = nth_child(position, degree, rotation);
        let child = tree.child(node, &children, i);
        let child_key = child_key(tree, child, key, i);
        let mut marked = false;
        if rule == Rule::Abdada
            && let Some(table) = table
        {
            if position > 0 && i < 64 && table.is_busy(child_key) {
                deferred |= 1 << i;
                ctx.with_slot(|slot| slot.stats.deferrals += 1);
                continue;
            }
            marked = table.mark_busy(child_key);
        }
        let outcome = self::node(ctx, finish, rule, child, child_key, -beta, -m);
        if marked && let Some(table) = table {
            table.unmark_busy(child_key);
        }
        let t = -outcome?.0;
        if t > m {
            m = t;
            best = Some(i);
        }
    }
    while deferred != 0 {
        let i = deferred.trailing_zeros() as usize;
        deferred &= deferred - 1;
        if m >= beta {
            break;
        }
        let child = tree.child(node, &children, i);
        let t = -self::node(
            ctx,
            finish,
            rule,
            child,
            child_key(tree, child, key, i),
            -beta,
            -m,
        )?
        .0;
        if t > m {
            m = t;
            best = Some(i);
        }
    }
    ctx.table_store(key, depth, Bounds::from_search(alpha, beta, m));
    Ok((m, best))
}

#[cfg(all(test, loom))]
mod loom_models {
    use super::*;
    use loom::sync::Arc;
    use loom::thread;

    type Record = fn(&Finish, Result<(Value, Option<usize>), Aborted>);

    /// Broken: the first answer is the result, with a move or without.
    fn record_any_answer(finish: &Finish, outcome: Result<(Value, Option<usize>), Aborted>) {
        if let Ok(found) = outcome {
            let mut result = finish.result.lock().unwrap_or_else(|p| p.into_inner());
            if result.is_none() {
                *result = Some(found);
            }
            finish.finished.store(true, Ordering::Relaxed);
        }
    }

    /// One worker finishes the root: it stores the root's entry, then records its value
    /// with move 1. Another starts meanwhile: it stops if the search is over, is answered
    /// by the table (the value, no move) if the entry is there, and otherwise searches
    /// the root itself and finds move 2. In every interleaving the search ends with the
    /// value and a move.
    fn the_result_names_a_move(record: Record) {
        loom::model(move || {
            let finish = Arc::new(Finish::new());
            let entry = Arc::new(AtomicBool::new(false));
            let other = {
                let (finish, entry) = (Arc::clone(&finish), Arc::clone(&entry));
                thread::spawn(move || {
                    let outcome = if finish.is_over() {
                        Err(Aborted)
                    } else if entry.load(Ordering::Relaxed) {
                        Ok((7, None))
                    } else {
                        Ok((7, Some(2)))
                    };
                    record(&finish, outcome);
                })
            };
            entry.store(true, Ordering::Relaxed);
            record(&finish, Ok((7, Some(1))));
            other.join().unwrap();
            let (value, best) = finish.result().expect("a worker finished the root");
            assert_eq!(value, 7);
            assert!(best.is_some(), "the result names a move");
        });
    }

    #[test]
    fn loom_a_table_answer_at_the_root_is_not_the_result() {
        the_result_names_a_move(Finish::record);
    }

    #[test]
    #[should_panic(expected = "the result names a move")]
    fn loom_the_finish_model_catches_a_table_answer_taken_as_the_result() {
        the_result_names_a_move(record_any_answer);
    }
}
