//! What every worker of one parallel search shares: the tree, the options, the stop
//! signal, the executor that runs the workers, and one cache-padded slot per worker
//! holding its serial kernel and its statistics.

use crate::executor::{Event, Executor};
use crate::split_point::Kind;
use crate::split_point::is_split_point;
use crate::stats::WorkerStats;
use crate::table::{Bounds, NodeTable};
use crate::{ParallelAlgorithm, SearchOptions};
use abbench_search::{
    Aborted, Basic, BoundTable, Counters, F2Iter, MtdfIter, Poll, Probe, Resume, SearchStats,
    UNTABLED_PLIES,
};
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
    /// The table kernel of the null-window search (MTD(f)'s, on the shared table).
    memory: MtdfIter<T>,
    pub(crate) stats: WorkerStats,
}

/// The shared node table as the table kernel sees it, counting what the kernel does.
struct SharedBounds<'a> {
    table: &'a NodeTable,
    probes: u64,
    hits: u64,
    stores: u64,
}

impl BoundTable for SharedBounds<'_> {
    #[inline(always)]
    fn probe(&mut self, key: u64) -> Option<Bounds> {
        self.probes += 1;
        let found = self.table.probe(key);
        self.hits += u64::from(found.is_some());
        found
    }

    #[inline(always)]
    fn store(&mut self, key: u64, depth: u32, bounds: Bounds) {
        self.stores += 1;
        self.table.store(key, depth, bounds);
    }
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
    /// `ybwc`: nodes at least this far above the deepest leaves split.
    pub(crate) split_height: u32,
    /// `ybwc`: share a split point's younger brothers only if its eldest examined at
    /// least this many positions ([`SearchOptions::eldest_grain`]).
    pub(crate) eldest_grain: u64,
    workers: Vec<CachePadded<Mutex<WorkerSlot<T>>>>,
    /// `ybwc`: brothers searched by the owner alone at an expected cut node
    /// ([`SearchOptions::cut_wait`]).
    cut_wait: usize,
    /// Jamboree: younger brothers are first tested with a null window.
    pub(crate) tests_younger: bool,
    /// The shared node table, for the algorithms that use one (Lazy SMP, ABDADA, the
    /// null-window search).
    pub(crate) table: Option<NodeTable>,
    /// `ybwc`: a single worker still opens split points. Only with a given split height
    /// (tests, and the calibration of their bookkeeping); with an automatic one a lone
    /// worker runs the serial kernel.
    pub(crate) split_alone: bool,
}

impl<'t, T: GameTree, E: Executor> Context<'t, T, E> {
    pub(crate) fn new(
        tree: &'t T,
        algorithm: ParallelAlgorithm,
        options: SearchOptions,
        executor: E,
    ) -> Self {
        let workers = (0..executor.workers())
            .map(|_| {
                CachePadded::new(Mutex::new(WorkerSlot {
                    kernel: F2Iter::new(tree),
                    memory: MtdfIter::new(tree),
                    stats: WorkerStats::default(),
                }))
            })
            .collect();
        let deadline = options.time_limit.map(|limit| Instant::now() + limit);
        let split_height = options.split_height_for(tree.max_degree());
        let eldest_grain = options.eldest_grain_for(executor.workers());
        let table = algorithm.uses_table().then(|| {
            // The nodes the table may hold: those at or above the split height, or for
            // the null-window search every node its kernel keeps (all but the last
            // `UNTABLED_PLIES` plies).
            let levels = if algorithm == ParallelAlgorithm::NullWindow {
                tree.height().saturating_sub(UNTABLED_PLIES)
            } else {
                tree.height().saturating_sub(split_height) + 1
            };
            let nodes = (tree.max_degree().max(2) as f64).powi(levels.min(30) as i32);
            NodeTable::for_nodes(nodes.min(u64::MAX as f64 / 4.0) as u64)
        });
        Context {
            tree,
            tests_younger: algorithm == ParallelAlgorithm::Jamboree,
            table,
            executor,
            stop: AtomicBool::new(false),
            deadline,
            split_height,
            eldest_grain,
            workers,
            cut_wait: options.cut_wait_for() as usize,
            split_alone: options.split_height.is_some(),
        }
    }

    /// `ybwc`: how many brothers (the eldest included) the owner of a split point of
    /// this kind searches alone before it offers the rest.
    pub(crate) fn wait_for(&self, kind: Kind) -> usize {
        match kind {
            Kind::Cut => self.cut_wait,
            Kind::Pv | Kind::All => 1,
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

    /// [`Context::serial`], also returning the positions the search examined (aborted or
    /// not).
    pub(crate) fn serial_counted<P: Probe>(
        &self,
        node: T::Node,
        alpha: Value,
        beta: Value,
        probe: &mut P,
    ) -> (Result<(Value, Option<usize>), Aborted>, u64) {
        self.kernel(node, alpha, beta, None, probe)
    }

    /// Finishes the search of internal `node` from `resume` with the serial kernel
    /// ([`F2Iter::resume_node`]); `node` itself is not counted again. Returns like
    /// [`Context::serial_counted`].
    pub(crate) fn resume_counted<P: Probe>(
        &self,
        node: T::Node,
        alpha: Value,
        beta: Value,
        resume: Resume,
        probe: &mut P,
    ) -> (Result<(Value, Option<usize>), Aborted>, u64) {
        self.kernel(node, alpha, beta, Some(resume), probe)
    }

    fn kernel<P: Probe>(
        &self,
        node: T::Node,
        alpha: Value,
        beta: Value,
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
            let started = Instant::now();
            let kernel = &mut slot.kernel;
            let outcome = match resume {
                None => kernel.search_node(self.tree, node, alpha, beta, &mut counters, &mut probe),
                Some(resume) => kernel.resume_node(
                    self.tree,
                    node,
                    (alpha, beta),
                    resume,
                    &mut counters,
                    &mut probe,
                ),
            };
            let counted = counters.stats();
            let outcome = count_search(&mut slot.stats, started, &counted, outcome);
            (outcome.map(|r| (r.value, r.best_index)), counted.nodes)
        });
        // The positions examined since the last poll.
        self.executor
            .event(Event::Examined(examined - probe.reported));
        (outcome, examined)
    }

    /// Memory-enhanced fail-soft alpha-beta of `node` (path key `key`) with `window` by
    /// MTD(f)'s kernel on the shared node table, on the calling worker, polling `probe`
    /// (which may only abort it); counts into the worker's statistics. Returns the value
    /// bound and the search-order index of the child that produced it.
    pub(crate) fn memory_kernel<P: Probe>(
        &self,
        node: T::Node,
        key: u64,
        window: (Value, Value),
        probe: &mut P,
    ) -> Result<(Value, Option<usize>), Aborted> {
        let Some(table) = &self.table else {
            unreachable!("the null-window search is set up with its table")
        };
        self.executor.event(Event::SerialSearch);
        let mut probe = Accounted {
            probe,
            executor: &self.executor,
            reported: 0,
        };
        let (outcome, examined) = self.with_slot(|slot| {
            let mut counters = Basic::for_height(self.tree.height());
            let mut shared = SharedBounds {
                table,
                probes: 0,
                hits: 0,
                stores: 0,
            };
            let started = Instant::now();
            let outcome = slot.memory.search_node(
                self.tree,
                &mut shared,
                node,
                key,
                window,
                &mut counters,
                &mut probe,
            );
            let counted = counters.stats();
            let stats = &mut slot.stats;
            stats.table_probes += shared.probes;
            stats.table_hits += shared.hits;
            stats.table_stores += shared.stores;
            let outcome = count_search(stats, started, &counted, outcome);
            let best =
                |(value, best): (Value, u32)| (value, (best != u32::MAX).then_some(best as usize));
            (outcome.map(best), counted.nodes)
        });
        self.executor
            .event(Event::Examined(examined - probe.reported));
        self.executor.event(Event::TableKernel(examined));
        outcome
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

    /// [`Context::table_probe`], with the child that gave the bounds if one was stored.
    pub(crate) fn table_probe_move(&self, key: u64) -> Option<(Bounds, Option<usize>)> {
        let table = self.table.as_ref()?;
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
        if let Some(table) = &self.table {
            self.executor.event(Event::TableStore);
            table.store_move(key, depth, bounds, best);
            self.with_slot(|slot| slot.stats.table_stores += 1);
        }
    }

    /// Counts a split point opened by the calling worker, and its position as examined.
    pub(crate) fn open_split_point(&self) {
        self.with_slot(|slot| slot.stats.nodes += 1);
        self.executor.event(Event::Examined(1));
        self.executor.event(Event::SplitPoint);
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

/// Counts a kernel search into a worker's statistics: its time since `started`, the
/// positions it examined, and, if it was aborted, that it was and what it examined.
fn count_search<R>(
    stats: &mut WorkerStats,
    started: Instant,
    counted: &SearchStats,
    outcome: Result<R, Aborted>,
) -> Result<R, Aborted> {
    stats.busy_ns += started.elapsed().as_nanos() as u64;
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
struct Accounted<'p, 'e, P: Probe, E: Executor> {
    probe: &'p mut P,
    executor: &'e E,
    /// Positions of this search already passed to [`Executor::examined`].
    reported: u64,
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
