//! What measuring and verifying share: thread pools built once per thread count, and
//! searches of a whole tree within an optional time limit, whose errors become the reason
//! a search gave no result.

use crate::MeasureError;
use abbench_parallel::{ParallelError, ParallelSearcher};
use abbench_results::{Algorithm, StopReason};
use abbench_search::SerialRun;
use abbench_search::{Counters, SearchResult, SerialAlgorithm, SerialSearch, search_within};
use abbench_tree::GameTree;
use std::collections::BTreeMap;
use std::time::Duration;

/// How long a pool built for measuring keeps its workers busy before its first search
/// ([`ParallelSearcher::warm_up`]). On this project's 2-CPU virtual machine the first
/// searches after a pool's CPUs were idle ran up to five times slower for about 40 ms;
/// 200 ms of warm-up removed it (two-thread samples of a 1.6 ms search: 2.4–8.0 ms
/// before, 1.60–1.65 ms after).
pub const POOL_WARM_UP: Duration = Duration::from_millis(200);

/// Thread pools by thread count, built once and reused across trees. The default
/// builds pools as tests want them: unpinned and not warmed up; [`Pools::new`] as
/// measurements want them.
#[derive(Default)]
pub struct Pools {
    searchers: BTreeMap<usize, ParallelSearcher>,
    pin: bool,
    warm_up: Duration,
}

impl Pools {
    /// No pools yet; those built later are warmed up ([`POOL_WARM_UP`]) and pin their
    /// workers to CPUs if `pin` ([`ParallelSearcher::pinned`]).
    pub fn new(pin: bool) -> Self {
        Pools {
            searchers: BTreeMap::new(),
            pin,
            warm_up: POOL_WARM_UP,
        }
    }

    /// Builds the pools for these thread counts that do not exist yet.
    pub fn ensure(&mut self, threads: &[usize]) -> Result<(), MeasureError> {
        for &t in threads {
            if t == 0 {
                return Err(MeasureError::InvalidOption {
                    parameter: "threads",
                    value: "0".into(),
                    expected: "must be at least 1".into(),
                });
            }
            if let std::collections::btree_map::Entry::Vacant(slot) = self.searchers.entry(t) {
                let searcher = slot.insert(if self.pin {
                    ParallelSearcher::pinned(t)?
                } else {
                    ParallelSearcher::new(t)?
                });
                searcher.warm_up(self.warm_up);
            }
        }
        Ok(())
    }

    /// The pool of `threads` workers, once [`Pools::ensure`] has built it.
    pub fn searcher(&self, threads: usize) -> Result<&ParallelSearcher, MeasureError> {
        self.searchers.get(&threads).ok_or_else(|| {
            MeasureError::Parallel(ParallelError::Pool {
                threads,
                reason: "no pool was built for this thread count".into(),
            })
        })
    }
}

/// A parallel search's error as the reason it gave no result, or as an error.
pub(crate) fn parallel_halt(
    error: ParallelError,
    limit: Option<Duration>,
) -> Result<StopReason, ParallelError> {
    match error {
        ParallelError::TimedOut { .. } => Ok(StopReason::TimedOut(limit.unwrap_or_default())),
        ParallelError::WorkerPanicked(_) => Ok(StopReason::Failed(error.to_string())),
        other => Err(other),
    }
}

/// A serial search of the whole tree, within `limit` if there is one.
pub(crate) fn serial_search<T: GameTree, C: Counters>(
    algorithm: SerialAlgorithm,
    tree: &T,
    limit: Option<Duration>,
) -> Result<SearchResult, StopReason> {
    match limit {
        None => Ok(algorithm.search::<T, C>(tree)),
        Some(limit) => {
            search_within::<T, C>(algorithm, tree, limit).map_err(|_| StopReason::TimedOut(limit))
        }
    }
}

/// A serial search set up with its options, within `limit` if there is one.
pub(crate) fn configured_search<T: GameTree, C: Counters>(
    searcher: &mut SerialSearch<T>,
    tree: &T,
    limit: Option<Duration>,
) -> Result<SearchResult, StopReason> {
    match limit {
        None => Ok(searcher.search::<C>(tree)),
        Some(limit) => searcher
            .search_within::<C>(tree, limit)
            .map_err(|_| StopReason::TimedOut(limit)),
    }
}

/// Whether `algo` searches with a table of `--tt-mb`'s size: serial MTD(f), or a parallel
/// search that shares a node table.
pub(crate) fn is_table_search(algo: &Algorithm) -> bool {
    match algo {
        Algorithm::Serial(serial) => *serial == abbench_search::SerialAlgorithm::Mtdf,
        Algorithm::Parallel(parallel) => parallel.uses_table(),
    }
}
