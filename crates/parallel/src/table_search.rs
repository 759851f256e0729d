//! The search Lazy SMP and ABDADA share: every worker runs alpha-beta from the root with
//! the shared node table above the split height, and the serial kernel below it; the
//! first worker to finish the root gives the result and stops the others.
//!
//! Above the split height each node is a table node: its entry is probed first (bounds
//! that answer the window end the node; others narrow it; below the root, on a game, the
//! bounds its rules give the node join the entry's, as in serial MTD(f)), its children are searched in
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
use abbench_search::{Aborted, child_key, root_key};
use abbench_tree::hash::mix64;
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY, Value};

/// How an algorithm orders and shares a node's children.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// Lazy SMP: the worker that called the search takes the children in search order
    /// (whatever its index: on threads it is the pool thread the search was installed
    /// on, in the simulator processor 0); every other worker takes
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

/// One search shared by every worker: the context, the finish, the rule, and the worker
/// that called the search (it takes the children in search order under Lazy SMP).
struct Walk<'a, 'c, T: GameTree, E: Executor> {
    ctx: &'a Context<'c, T, E>,
    finish: Finish,
    rule: Rule,
    caller: usize,
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
    let walk = Walk {
        ctx,
        finish: Finish::new(),
        rule,
        caller: ctx.worker(),
    };
    ctx.with_slot(|slot| slot.stats.splits += 1);
    ctx.fork(ctx.threads() - 1, || {
        // A run that starts after the search is over (an untaken slot its owner runs
        // itself) has nothing to do.
        if walk.finish.is_over() {
            return;
        }
        if ctx.worker() != walk.caller {
            ctx.with_slot(|slot| slot.stats.steals += 1);
        }
        let outcome = walk.node(root, root_key(ctx.tree), (NEG_INFINITY, INFINITY));
        // A worker that starts after another has stored the root's entry, but before
        // that one records its result, is answered by the table with no move: only a
        // search of the root's children names the best move, and that one's result
        // follows.
        walk.finish.record(outcome);
    });
    walk.finish.result()
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

impl<T: GameTree, E: Executor> Walk<'_, '_, T, E> {
    /// Alpha-beta of `node` (table key `key`) with `window`, fail-hard; returns the value
    /// and the search-order index of the child that produced it.
    fn node(
        &self,
        node: T::Node,
        key: u64,
        window: (Value, Value),
    ) -> Result<(Value, Option<usize>), Aborted> {
        let ctx = self.ctx;
        if self.finish.is_over() || ctx.stopped() {
            return Err(Aborted);
        }
        if !ctx.splits(node) {
            let mut probe = FlagProbe {
                ctx,
                flag: &self.finish.finished,
            };
            return ctx.serial(node, window.0, window.1, &mut probe);
        }
        ctx.visit();
        let window = match ctx.probe_window(node, key, window) {
            Ok(probed) => probed.window,
            Err(bound) => return Ok((bound, None)),
        };
        let (m, best) = self.children(node, key, window)?;
        let depth = ctx.tree.depth(node);
        ctx.table_store(key, depth, Bounds::from_search(window.0, window.1, m));
        Ok((m, best))
    }

    /// The children of `node` (table key `key`) searched with `(alpha, beta)` in the
    /// worker's order, those put off last; returns the node's fail-hard value and best
    /// child.
    fn children(
        &self,
        node: T::Node,
        key: u64,
        (alpha, beta): (Value, Value),
    ) -> Result<(Value, Option<usize>), Aborted> {
        let (ctx, tree) = (self.ctx, self.ctx.tree);
        let children = tree.children(node);
        let degree = tree.degree(node);
        let me = ctx.worker();
        let rotation = match self.rule {
            Rule::Lazy if me != self.caller => mix64(key ^ me as u64) as usize,
            _ => 0,
        };
        let mut found = (alpha, None);
        // Children put off, by search-order index; only the first 64 can be (a search
        // allocates nothing per node).
        let mut deferred: u64 = 0;
        for position in 0..degree {
            if found.0 >= beta {
                break;
            }
            let i = nth_child(position, degree, rotation);
            let child_node = tree.child(node, &children, i);
            let child = child_key(tree, child_node, key, i);
            let Some(marked) = self.claim(position, i, child) else {
                deferred |= 1 << i;
                continue;
            };
            let outcome = self.node(child_node, child, (-beta, -found.0));
            if marked && let Some(table) = &ctx.table {
                table.unmark_busy(child);
            }
            found = better(found, -outcome?.0, i);
        }
        while deferred != 0 && found.0 < beta {
            let i = deferred.trailing_zeros() as usize;
            deferred &= deferred - 1;
            let child = tree.child(node, &children, i);
            let t = -self
                .node(child, child_key(tree, child, key, i), (-beta, -found.0))?
                .0;
            found = better(found, t, i);
        }
        Ok(found)
    }

    /// ABDADA's claim on the child with search-order index `i` (table key `child`), at
    /// `position` in the worker's order: `None` if another worker is searching it and it
    /// is put off, else whether this worker marked it busy (to unmark after). Lazy SMP
    /// claims nothing.
    fn claim(&self, position: usize, i: usize, child: u64) -> Option<bool> {
        let Some(table) = self
            .ctx
            .table
            .as_ref()
            .filter(|_| self.rule == Rule::Abdada)
        else {
            return Some(false);
        };
        if position > 0 && i < 64 && table.is_busy(child) {
            self.ctx.with_slot(|slot| slot.stats.deferrals += 1);
            return None;
        }
        Some(table.mark_busy(child))
    }
}

/// The running maximum `found` after a child with search-order index `i` returned `t`.
fn better(found: (Value, Option<usize>), t: Value, i: usize) -> (Value, Option<usize>) {
    if t > found.0 { (t, Some(i)) } else { found }
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

#[cfg(test)]
mod tests {
    use crate::{ParallelAlgorithm, ParallelSearcher, SearchOptions};
    use abbench_tree::models::Connect4Tree;
    use abbench_tree::models::connect4::position::parse_moves;
    use abbench_tree::{GameTree, Value};

    /// `T` without the bounds its rules give ([`GameTree::value_bounds`]), its position
    /// keys kept: the same search but for what the rules decide.
    struct WithoutRules<T>(T);

    impl<T: GameTree> GameTree for WithoutRules<T> {
        type Node = T::Node;
        type Children = T::Children;
        fn root(&self) -> T::Node {
            self.0.root()
        }
        fn height(&self) -> u32 {
            self.0.height()
        }
        fn max_degree(&self) -> usize {
            self.0.max_degree()
        }
        fn depth(&self, node: T::Node) -> u32 {
            self.0.depth(node)
        }
        fn degree(&self, node: T::Node) -> usize {
            self.0.degree(node)
        }
        fn children(&self, node: T::Node) -> T::Children {
            self.0.children(node)
        }
        fn child(&self, node: T::Node, children: &T::Children, i: usize) -> T::Node {
            self.0.child(node, children, i)
        }
        fn move_number(&self, node: T::Node, children: &T::Children, i: usize) -> usize {
            self.0.move_number(node, children, i)
        }
        fn value(&self, node: T::Node) -> Value {
            self.0.value(node)
        }
        fn position_key(&self, node: T::Node) -> Option<u64> {
            self.0.position_key(node)
        }
    }

    /// The first positions of the mid-game test data, with their scores.
    fn mid_game(count: usize) -> Vec<(Connect4Tree, Value)> {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tree/data/connect4/scored-mid.txt"
        );
        let text = std::fs::read_to_string(path).unwrap();
        text.lines()
            .take(count)
            .map(|line| {
                let (moves, score) = line.split_once(' ').unwrap();
                let tree = Connect4Tree::new(parse_moves(moves).unwrap());
                (tree, score.trim().parse().unwrap())
            })
            .collect()
    }

    #[test]
    fn abdada_and_lazy_smp_cut_where_the_rules_decide() {
        // One worker that shares (a given split height): the table search, deterministic.
        let searcher = ParallelSearcher::new(1).unwrap();
        let options = SearchOptions {
            split_height: Some(6),
            tt_mb: Some(4),
            ..SearchOptions::default()
        };
        for algorithm in [ParallelAlgorithm::Abdada, ParallelAlgorithm::LazySmp] {
            let (mut with, mut without) = (0, 0);
            for (i, (tree, score)) in mid_game(20).into_iter().enumerate() {
                let ruled = searcher.search(&tree, algorithm, options).unwrap();
                let tree = WithoutRules(tree);
                let plain = searcher.search(&tree, algorithm, options).unwrap();
                assert_eq!(ruled.value, score, "{algorithm} position {i}");
                assert_eq!(plain.value, score, "{algorithm} position {i}");
                assert!(
                    ruled.stats.nodes <= plain.stats.nodes,
                    "{algorithm} position {i}: {} with the rules, {} without",
                    ruled.stats.nodes,
                    plain.stats.nodes
                );
                (with, without) = (with + ruled.stats.nodes, without + plain.stats.nodes);
            }
            assert!(
                with < without,
                "{algorithm}: {with} positions with the rules, {without} without"
            );
        }
    }
}
