//! The null-window search's kernel below the split height: MTD(f)'s memory-enhanced
//! fail-soft alpha-beta (`abbench_search::MtdfIter`), one per worker, on the shared node
//! table, accounted like the F2 kernel of the other algorithms ([`Context`]).

use crate::context::{Accounted, Context, count_search};
use crate::executor::{Event, Executor};
use crate::table::{Bounds, NodeTable};
use abbench_search::{Aborted, Basic, BoundTable, Counters, MtdfIter, NO_MOVE, Probe};
use abbench_tree::{GameTree, Value};
use crossbeam_utils::CachePadded;
use std::sync::Mutex;

/// The shared node table as the table kernel sees it, counting what the kernel does.
struct SharedBounds<'a> {
    table: &'a NodeTable,
    probes: u64,
    hits: u64,
    stores: u64,
}

impl BoundTable for SharedBounds<'_> {
    #[inline(always)]
    fn probe(&mut self, key: u64) -> Option<(Bounds, u32)> {
        self.probes += 1;
        let found = self.table.probe_move(key);
        self.hits += u64::from(found.is_some());
        found.map(|(bounds, best)| (bounds, best.map_or(NO_MOVE, |i| i as u32)))
    }

    #[inline(always)]
    fn store(&mut self, key: u64, depth: u32, bounds: Bounds, best: u32) {
        self.stores += 1;
        let best = (best != NO_MOVE).then_some(best as usize);
        self.table.store_move(key, depth, bounds, best);
    }
}

/// One table kernel per worker. Each sits behind a mutex only so that it can be shared:
/// a worker locks its own, never another's, so the lock is never contended.
pub(super) struct Kernels<T: GameTree> {
    kernels: Vec<CachePadded<Mutex<MtdfIter<T>>>>,
}

impl<T: GameTree> Kernels<T> {
    /// A kernel for each of `ctx`'s workers.
    pub(super) fn new<E: Executor>(ctx: &Context<'_, T, E>) -> Self {
        Kernels {
            kernels: (0..ctx.threads())
                .map(|_| CachePadded::new(Mutex::new(MtdfIter::new(ctx.tree))))
                .collect(),
        }
    }

    /// Memory-enhanced fail-soft alpha-beta of `node` (path key `key`) with `window` by
    /// MTD(f)'s kernel on the shared node table, on the calling worker, polling `probe`
    /// (which may only abort it); counts into the worker's statistics. Returns the value
    /// bound and the search-order index of the child that produced it.
    pub(super) fn search<E: Executor, P: Probe>(
        &self,
        ctx: &Context<'_, T, E>,
        node: T::Node,
        key: u64,
        window: (Value, Value),
        probe: &mut P,
    ) -> Result<(Value, Option<usize>), Aborted> {
        let Some(table) = &ctx.table else {
            unreachable!("the null-window search is set up with its table")
        };
        ctx.executor.event(Event::SerialSearch);
        let mut probe = Accounted {
            probe,
            executor: &ctx.executor,
            reported: 0,
        };
        let mut kernel = self.kernels[ctx.worker()]
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut counters = Basic::for_height(ctx.tree.height());
        let mut shared = SharedBounds {
            table,
            probes: 0,
            hits: 0,
            stores: 0,
        };
        let started = ctx.executor.now();
        let outcome = kernel.search_node(
            ctx.tree,
            &mut shared,
            node,
            key,
            window,
            &mut counters,
            &mut probe,
        );
        drop(kernel);
        let busy = ctx.executor.now().saturating_sub(started);
        let counted = counters.stats();
        let outcome = ctx.with_slot(|slot| {
            let stats = &mut slot.stats;
            stats.table_probes += shared.probes;
            stats.table_hits += shared.hits;
            stats.table_stores += shared.stores;
            count_search(stats, busy, &counted, outcome)
        });
        let examined = counted.nodes;
        ctx.executor
            .event(Event::Examined(examined - probe.reported));
        ctx.executor.event(Event::TableKernel(examined));
        let best =
            |(value, best): (Value, u32)| (value, (best != u32::MAX).then_some(best as usize));
        outcome.map(best)
    }
}
