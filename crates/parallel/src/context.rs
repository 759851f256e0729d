//! What every worker of one parallel search shares, whatever the algorithm: the tree,
//! the split height (where the parallel part ends), the stop signal, the executor that
//! runs the workers, the node table for the algorithms that share one, and one
//! cache-padded slot per worker holding its serial kernel and its statistics. An
//! algorithm's own settings live in its folder ([`crate::algorithm::Search::Settings`]).

use crate::SearchOptions;
use crate::executor::{Event, Executor};
use crate::split_point::is_split_point;
use crate::stats::WorkerStats;
use crate::table::{Bounds, NodeTable};
use abbench_search::{Aborted, Basic, Counters, F2Iter, Poll, Probe, PvsIter, Resume, SearchStats};
use abbench_tree::{GameTree, Value};
use crossbeam_utils::CachePadded;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A worker's private state. It sits behind a mutex only so that it can live in the
/// shared context: a worker locks its own slot, never another's, and never across a call
/// into the scheduler, so the lock is never contended.
pub(crate) struct WorkerSlot<T: GameTree> {
    pub(crate) kernel: F2Iter<T>,
    pub(crate) pvs: PvsIter<T>,
    pub(crate) stats: WorkerStats,
}

/// The serial kernel a search runs below its split points (and alone, on one worker
/// with an automatic split height): its serial form's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kernel {
    /// F2 ([`F2Iter`]): young brothers wait's and root splitting's, and a null-window
    /// test's anywhere (in a null window F2 examines exactly what PVS examines).
    F2,
    /// Principal variation search ([`PvsIter`]): Jamboree's, parallel PVS, so that one
    /// worker searches what serial PVS searches.
    Pvs,
}

pub(crate) struct Context<'t, T: GameTree, E: Executor> {
    pub(crate) tree: &'t T,
    /// Runs the workers: rayon's threads, or the simulator's virtual processors.
    pub(crate) executor: E,
    /// Set once the search must end without a result (time limit).
    ///
    /// Memory ordering: `Relaxed` both ways. The flag carries no data; a worker that
    /// reads it late merely examines a few more positions before stopping, and the
    /// caller learns the outcome through the join, which synchronises.
    stop: AtomicBool,
    deadline: Option<Instant>,
    /// Nodes at least this far above the deepest leaves are searched by the parallel
    /// part; below them the serial kernel runs (root splitting shares the root only).
    pub(crate) split_height: u32,
    workers: Vec<CachePadded<Mutex<WorkerSlot<T>>>>,
    /// The shared node table, for the algorithms that use one
    /// ([`crate::algorithm::Search::TABLE`]): allocated before the search, by whoever
    /// runs it, and lent to it.
    pub(crate) table: Option<&'t NodeTable>,
    /// A single worker still shares work (opens split points, runs the parallel part).
    /// Only with a given split height (tests, and the calibration of their
    /// bookkeeping); with an automatic one a lone worker runs the serial kernel.
    pub(crate) split_alone: bool,
}

impl<'t, T: GameTree, E: Executor> Context<'t, T, E> {
    /// The context of a search of `tree` told `options`, on `executor`, with `table` if
    /// the algorithm shares one, at the algorithm's `split_height`
    /// ([`crate::split_height`]).
    pub(crate) fn new(
        tree: &'t T,
        options: &SearchOptions,
        executor: E,
        table: Option<&'t NodeTable>,
        split_height: u32,
    ) -> Self {
        let workers = (0..executor.workers())
            .map(|_| {
                CachePadded::new(Mutex::new(WorkerSlot {
                    kernel: F2Iter::new(tree),
                    pvs: PvsIter::new(tree),
                    stats: WorkerStats::default(),
                }))
            })
            .collect();
        Context {
            tree,
            table,
            executor,
            stop: AtomicBool::new(false),
            deadline: options.time_limit().map(|limit| Instant::now() + limit),
            split_height,
            workers,
            split_alone: crate::options::splits_alone(options),
        }
    }

    /// The number of workers.
    pub(crate) fn threads(&self) -> usize {
        self.workers.len()
    }

    /// The index of the worker running the caller.
    #[inline]
    pub(crate) fn worker(&self) -> usize {
        self.executor.worker()
    }

    /// Runs `work` on the calling worker and offers `helpers` more runs of it to idle
    /// workers; returns once every run that started has returned ([`Executor::fork`]).
    #[inline]
    pub(crate) fn fork<F: Fn() + Sync>(&self, helpers: usize, work: F) {
        self.executor.fork(helpers, work);
    }

    /// Runs `f` on the calling worker's own slot.
    pub(crate) fn with_slot<R>(&self, f: impl FnOnce(&mut WorkerSlot<T>) -> R) -> R {
        let mut slot = match self.workers[self.worker()].lock() {
            Ok(guard) => guard,
            // A panic while a slot was held is reported by the join; the slot's data
            // is plain counters and a stack that is reset before every use.
            Err(poisoned) => poisoned.into_inner(),
        };
        f(&mut slot)
    }

    /// Whether the whole search must stop now (time limit reached).
    pub(crate) fn stopped(&self) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        if let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            self.stop.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }

    /// `F2(node, alpha, beta)` with the serial kernel on the calling worker, polling
    /// `probe`; counts into the worker's statistics (aborted searches included).
    pub(crate) fn serial<P: Probe>(
        &self,
        node: T::Node,
        alpha: Value,
        beta: Value,
        probe: &mut P,
    ) -> Result<(Value, Option<usize>), Aborted> {
        self.serial_counted(node, alpha, beta, probe).0
    }

    /// [`Context::serial`] with `kernel`.
    pub(crate) fn serial_by<P: Probe>(
        &self,
        kernel: Kernel,
        node: T::Node,
        alpha: Value,
        beta: Value,
        probe: &mut P,
    ) -> Result<(Value, Option<usize>), Aborted> {
        self.kernel(kernel, node, (alpha, beta), None, probe).0
    }

    /// [`Context::serial`], also returning the positions the search examined (aborted or
    /// not).
    pub(crate) fn serial_counted<P: Probe>(
        &self,
        node: T::Node,
        alpha: Value,
        beta: Value,
        probe: &mut P,
    ) -> (Result<(Value, Option<usize>), Aborted>, u64) {
        self.kernel(Kernel::F2, node, (alpha, beta), None, probe)
    }

    /// [`Context::serial_counted`] with `kernel`.
    pub(crate) fn serial_counted_by<P: Probe>(
        &self,
        kernel: Kernel,
        node: T::Node,
        alpha: Value,
        beta: Value,
        probe: &mut P,
    ) -> (Result<(Value, Option<usize>), Aborted>, u64) {
        self.kernel(kernel, node, (alpha, beta), None, probe)
    }

    /// Finishes the search of internal `node` from `resume` with the serial kernel
    /// ([`F2Iter::resume_node`]); `node` itself is not counted again. Returns like
    /// [`Context::serial_counted`].
    pub(crate) fn resume_counted<P: Probe>(
        &self,
        kernel: Kernel,
        node: T::Node,
        window: (Value, Value),
        resume: Resume,
        probe: &mut P,
    ) -> (Result<(Value, Option<usize>), Aborted>, u64) {
        self.kernel(kernel, node, window, Some(resume), probe)
    }

    fn kernel<P: Probe>(
        &self,
        which: Kernel,
        node: T::Node,
        (alpha, beta): (Value, Value),
        resume: Option<Resume>,
        probe: &mut P,
    ) -> (Result<(Value, Option<usize>), Aborted>, u64) {
        self.executor.event(Event::SerialSearch);
        let mut probe = Accounted {
            probe,
            executor: &self.executor,
            reported: 0,
        };
        let (outcome, examined) = self.with_slot(|slot| {
            let mut counters = Basic::for_height(self.tree.height());
            let started = self.executor.now();
            let (tree, window, counters_ref) = (self.tree, (alpha, beta), &mut counters);
            let outcome = match (which, resume) {
                (Kernel::F2, None) => {
                    slot.kernel
                        .search_node(tree, node, alpha, beta, counters_ref, &mut probe)
                }
                (Kernel::F2, Some(resume)) => {
                    slot.kernel
                        .resume_node(tree, node, window, resume, counters_ref, &mut probe)
                }
                (Kernel::Pvs, None) => {
                    slot.pvs
                        .search_node(tree, node, alpha, beta, counters_ref, &mut probe)
                }
                (Kernel::Pvs, Some(resume)) => {
                    slot.pvs
                        .resume_node(tree, node, window, resume, counters_ref, &mut probe)
                }
            };
            let counted = counters.stats();
            let busy = self.executor.now().saturating_sub(started);
            let outcome = count_search(&mut slot.stats, busy, &counted, outcome);
            (outcome.map(|r| (r.value, r.best_index)), counted.nodes)
        });
        // The positions examined since the last poll.
        self.executor
            .event(Event::Examined(examined - probe.reported));
        (outcome, examined)
    }

    /// Counts positions a search outside the kernels examined (the null-window search's
    /// first guess) on the calling worker.
    pub(crate) fn examined_outside(&self, nodes: u64, leaves: u64) {
        self.with_slot(|slot| {
            slot.stats.nodes += nodes;
            slot.stats.leaves += leaves;
        });
        self.executor.event(Event::Examined(nodes));
    }

    /// Whether `node` lies above the serial kernel: a split point at this search's split
    /// height.
    pub(crate) fn splits(&self, node: T::Node) -> bool {
        is_split_point(self.tree, self.split_height, node)
    }

    /// Whether the search shares work at all: more than one worker (or a given split
    /// height) and a root above the split height. Otherwise the serial kernel searches
    /// the whole tree.
    pub(crate) fn shares(&self) -> bool {
        (self.threads() > 1 || self.split_alone) && self.splits(self.tree.root())
    }

    /// Counts a node that the calling worker searches above the serial kernel without a
    /// split point (the shared-table searches), as an examined position.
    pub(crate) fn visit(&self) {
        self.with_slot(|slot| slot.stats.nodes += 1);
        self.executor.event(Event::Examined(1));
    }

    /// Reads the shared node table's entry of the node keyed `key` (none without a
    /// table).
    pub(crate) fn table_probe(&self, key: u64) -> Option<Bounds> {
        self.table_probe_move(key).map(|(bounds, _)| bounds)
    }

    /// Probes the entry of `node`, keyed `key`, for a search with `window`
    /// ([`crate::table::narrow`]): `Err` with the bound that answers the search, or the
    /// window narrowed by the entry, with the entry's bounds and the child that gave them
    /// (unknown bounds and none without an entry). Below the root the bounds the tree's
    /// rules give the node join the entry's ([`Context::with_rules`]).
    pub(crate) fn probe_window(
        &self,
        node: T::Node,
        key: u64,
        window: (Value, Value),
    ) -> Result<Probed, Value> {
        let (stored, best) = self
            .table_probe_move(key)
            .unwrap_or((Bounds::UNKNOWN, None));
        let stored = self.with_rules(node, stored);
        let window = crate::table::narrow(stored, window)?;
        if let Some(bound) = self.settle(node, window) {
            return Err(bound);
        }
        Ok(Probed {
            window,
            stored,
            best,
        })
    }

    /// `stored` joined with the bounds the tree's rules give `node`
    /// ([`GameTree::value_bounds`]: a game's, never a synthetic tree's), as serial MTD(f)
    /// joins them at its table's look-ups, so that a search cuts where the rules already
    /// decide. Not at the root: an answer there would name no best move.
    fn with_rules(&self, node: T::Node, stored: Bounds) -> Bounds {
        match self.tree.value_bounds(node) {
            Some((lower, upper)) if self.tree.depth(node) > 0 => Bounds {
                lower: stored.lower.max(lower),
                upper: stored.upper.min(upper),
            },
            _ => stored,
        }
    }

    /// The bound the tree's rules prove outside `window` ([`GameTree::settle`]), as serial
    /// MTD(f) asks it after its look-ups; not at the root.
    fn settle(&self, node: T::Node, window: (Value, Value)) -> Option<Value> {
        (self.tree.depth(node) > 0)
            .then(|| self.tree.settle(node, window))
            .flatten()
    }

    /// [`Context::table_probe`], with the child that gave the bounds if one was stored.
    pub(crate) fn table_probe_move(&self, key: u64) -> Option<(Bounds, Option<usize>)> {
        let table = self.table?;
        self.executor.event(Event::TableProbe);
        let found = table.probe_move(key);
        self.with_slot(|slot| {
            slot.stats.table_probes += 1;
            slot.stats.table_hits += u64::from(found.is_some());
        });
        found
    }

    /// Stores what a search learnt of the node keyed `key` at `depth` into the shared
    /// node table (nothing without a table).
    pub(crate) fn table_store(&self, key: u64, depth: u32, bounds: Bounds) {
        self.table_store_move(key, depth, bounds, None);
    }

    /// [`Context::table_store`], with the child that gave the bound (`None`: keep the one
    /// stored).
    pub(crate) fn table_store_move(
        &self,
        key: u64,
        depth: u32,
        bounds: Bounds,
        best: Option<usize>,
    ) {
        if let Some(table) = self.table {
            self.executor.event(Event::TableStore);
            table.store_move(key, depth, bounds, best);
            self.with_slot(|slot| slot.stats.table_stores += 1);
        }
    }

    /// Marks an item of offered work just taken by the calling worker as a strand of its
    /// own ([`Event::Strand`]): nothing on threads, the critical path's bookkeeping in
    /// the simulator.
    #[inline(always)]
    pub(crate) fn strand(&self) {
        self.executor.event(Event::Strand);
    }

    /// Counts a split point opened by the calling worker, and its position as examined.
    pub(crate) fn open_split_point(&self) {
        self.with_slot(|slot| slot.stats.nodes += 1);
        self.executor.event(Event::Examined(1));
        self.executor.event(Event::SplitPoint);
    }

    /// Positions and terminal positions every worker has counted so far. Exact only
    /// when no search is under way (between two passes of the null-window search, after
    /// the join that ended the first): a kernel search counts its positions when it
    /// returns.
    pub(crate) fn examined_so_far(&self) -> (u64, u64) {
        self.workers.iter().fold((0, 0), |(nodes, leaves), slot| {
            let slot = slot.lock().unwrap_or_else(|p| p.into_inner());
            (nodes + slot.stats.nodes, leaves + slot.stats.leaves)
        })
    }

    /// The workers' statistics, for summing.
    pub(crate) fn into_worker_stats(self) -> Vec<WorkerStats> {
        self.workers
            .into_iter()
            .map(|slot| {
                CachePadded::into_inner(slot)
                    .into_inner()
                    .unwrap_or_else(|p| p.into_inner())
                    .stats
            })
            .collect()
    }
}

/// What a node's table entry left of a search ([`Context::probe_window`]).
pub(crate) struct Probed {
    /// The window narrowed by the entry.
    pub(crate) window: (Value, Value),
    /// The entry's bounds ([`Bounds::UNKNOWN`] without one).
    pub(crate) stored: Bounds,
    /// The child that gave them, if the entry names one.
    pub(crate) best: Option<usize>,
}

/// Counts a kernel search into a worker's statistics: the time it took by the executor's
/// clock (`busy`: nanoseconds on threads, virtual time in the simulator), the positions
/// it examined, and, if it was aborted, that it was and what it examined.
pub(crate) fn count_search<R>(
    stats: &mut WorkerStats,
    busy: u64,
    counted: &SearchStats,
    outcome: Result<R, Aborted>,
) -> Result<R, Aborted> {
    stats.busy_ns += busy;
    stats.nodes += counted.nodes;
    stats.leaves += counted.leaves;
    if outcome.is_err() {
        stats.aborts += 1;
        stats.aborted_nodes += counted.nodes;
    }
    outcome
}

/// The probe the kernel sees: polls at the executor's interval, tells the executor what
/// the search examined since the last poll before the caller's probe reads any shared
/// state, and what the poll decided.
pub(crate) struct Accounted<'p, 'e, P: Probe, E: Executor> {
    pub(crate) probe: &'p mut P,
    pub(crate) executor: &'e E,
    /// Positions of this search already passed to [`Event::Examined`].
    pub(crate) reported: u64,
}

impl<P: Probe, E: Executor> Probe for Accounted<'_, '_, P, E> {
    const ENABLED: bool = P::ENABLED;

    #[inline(always)]
    fn interval(&self) -> u32 {
        self.executor.poll_interval()
    }

    #[inline]
    fn poll(&mut self, examined: u64) -> Poll {
        self.executor
            .event(Event::Examined(examined - self.reported));
        self.reported = examined;
        let poll = self.probe.poll(examined);
        match poll {
            Poll::Continue => {}
            Poll::Narrow { .. } => self.executor.event(Event::BoundUpdate),
            Poll::Abort => self.executor.event(Event::Abort),
        }
        poll
    }
}
