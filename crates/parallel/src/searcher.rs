//! A pool of worker threads that runs parallel searches: built once per thread count,
//! outside any timed region, and reused, with the node table of the table searches
//! (allocated before the first search that needs it, [`ParallelSearcher::prepare`], and
//! kept for the next).

use crate::executor::Threads;
use crate::registry::Dispatch;
use crate::stats::ParallelStats;
use crate::table::NodeTable;
use crate::{ParallelAlgorithm, SearchOptions};
use abbench_search::{Aborted, GuessSource, Pass};
use abbench_tree::{GameTree, Value};
use abbench_vocab::OwnStats;
use serde::{Deserialize, Serialize};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;

/// Why a parallel search gave no result.
#[derive(Debug, thiserror::Error)]
pub enum ParallelError {
    /// The thread pool could not be built.
    #[error("cannot start {threads} worker threads: {reason}")]
    Pool {
        /// Threads asked for.
        threads: usize,
        /// What the system said.
        reason: String,
    },
    /// Zero threads asked for.
    #[error("invalid threads 0: must be at least 1")]
    NoThreads,
    /// The time limit passed before the search finished.
    #[error("time limit reached after {nodes} positions")]
    TimedOut {
        /// Positions examined before stopping.
        nodes: u64,
    },
    /// A worker panicked; the search's result is unknown.
    #[error("a search worker panicked: {0}")]
    WorkerPanicked(String),
    /// The table searches' node table could not be allocated.
    #[error(transparent)]
    TableAllocation(#[from] crate::table::TableAllocation),
    /// A setting the algorithm cannot search the tree with.
    #[error(transparent)]
    Setting(#[from] crate::SettingRefused),
}

/// The answer of a parallel search.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ParallelResult {
    /// `F(root)`.
    pub value: Value,
    /// The move number of the root move that produced `value`; `None` for a terminal root.
    pub best_move: Option<usize>,
    /// The workers' statistics, summed.
    pub stats: ParallelStats,
    /// The size of the node table it shared, in bytes (`--tt-mb` rounded down to a power
    /// of two of entries); `None` for an algorithm without one.
    #[serde(default)]
    pub table_bytes: Option<u64>,
    /// The root searches made one after another, in order, with the window, result and
    /// positions of each (as serial MTD(f)'s passes): the null-window search's, when it
    /// ran one at a time (up to four workers: `crate::null_window`); empty otherwise.
    /// The first guess's positions are the search's positions less theirs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub passes: Vec<Pass>,
    /// Where the first guess of its root searches came from, where the algorithm names
    /// it (`given`, for a guess given to the null-window and best-first searches).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guess_source: Option<GuessSource>,
    /// What the algorithm reports of its own ([`OwnStats`]), beside the counters every
    /// search keeps.
    #[serde(default, flatten, skip_serializing_if = "Option::is_none")]
    pub own: Option<OwnStats>,
}

/// A pool of `threads` workers for parallel searches.
pub struct ParallelSearcher {
    pool: rayon::ThreadPool,
    threads: usize,
    pinned: bool,
    /// Helpers stay awake during a search: no more workers than CPUs
    /// (`executor::Threads`).
    keep_awake: bool,
    /// The node table of the table searches, once one asked for it, and the size
    /// it was allocated for.
    table: Mutex<Option<(usize, NodeTable)>>,
}

/// Stack for each worker: generous, since split points nest one per level above the
/// split height and a waiting worker runs stolen work on top of its own frames.
const WORKER_STACK_BYTES: usize = 64 << 20;

impl ParallelSearcher {
    /// Builds the pool, its threads left where the operating system puts them. More
    /// threads than cores is allowed.
    pub fn new(threads: usize) -> Result<Self, ParallelError> {
        Self::build(threads, false)
    }

    /// Builds the pool with worker `i` pinned to the `i`-th CPU the process may run on,
    /// when there are at least `threads` of them (otherwise as [`ParallelSearcher::new`]).
    ///
    /// What measurements use. Left to itself, the scheduler may start a woken helper on
    /// the CPU of the worker that woke it and move it only at its next load-balancing
    /// pass, milliseconds later: a search of a few milliseconds then runs its workers
    /// on one CPU (seen here as two-thread runs of an ordered tree swinging between 1.0x
    /// and 1.8x from one repetition to the next). Pinned workers cannot share a CPU. Two
    /// pinned measurements at once on one machine would share the same CPUs; measure one
    /// at a time.
    pub fn pinned(threads: usize) -> Result<Self, ParallelError> {
        Self::build(threads, true)
    }

    /// Whether this pool's workers are pinned to CPUs.
    pub fn is_pinned(&self) -> bool {
        self.pinned
    }

    fn build(threads: usize, pin: bool) -> Result<Self, ParallelError> {
        if threads == 0 {
            return Err(ParallelError::NoThreads);
        }
        let cores = if pin {
            core_affinity::get_core_ids()
                .filter(|cores| cores.len() >= threads)
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        let pinned = !cores.is_empty();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .stack_size(WORKER_STACK_BYTES)
            .thread_name(|i| format!("abbench-worker-{i}"))
            .start_handler(move |i| {
                if let Some(&core) = cores.get(i) {
                    // Best effort: a refusal leaves the thread where it is.
                    core_affinity::set_for_current(core);
                }
            })
            .build()
            .map_err(|e| ParallelError::Pool {
                threads,
                reason: e.to_string(),
            })?;
        let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
        Ok(ParallelSearcher {
            pool,
            threads,
            pinned,
            keep_awake: threads <= cpus,
            table: Mutex::new(None),
        })
    }

    /// Allocates the node table `algorithm` shares, of the size `options` give, unless the
    /// pool holds one of that size already: call it before timing a search, so that the
    /// allocation (and the first touch of its pages) is not timed. Returns the table's
    /// bytes, or `None` for an algorithm without a table. [`ParallelSearcher::search`]
    /// calls it too, so a search never runs without its table.
    pub fn prepare(
        &self,
        algorithm: ParallelAlgorithm,
        options: &SearchOptions,
    ) -> Result<Option<u64>, ParallelError> {
        if !algorithm.uses_table() {
            return Ok(None);
        }
        let size = crate::table::megabytes(options);
        let mut held = self.table.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((megabytes, table)) = held.as_ref()
            && *megabytes == size
        {
            return Ok(Some(table.bytes()));
        }
        // The old table goes first, so that two are never held at once.
        *held = None;
        let table = NodeTable::for_options(options)?;
        let bytes = table.bytes();
        *held = Some((size, table));
        Ok(Some(bytes))
    }

    /// Keeps every worker busy for `duration`, spinning, so that a measurement that
    /// follows does not meet CPUs waking from a long idle spell (on a virtual machine the
    /// first milliseconds of parallel work after one run several times slower). Call it
    /// outside timed code.
    pub fn warm_up(&self, duration: std::time::Duration) {
        let until = std::time::Instant::now() + duration;
        self.pool.broadcast(|_| {
            while std::time::Instant::now() < until {
                std::hint::spin_loop();
            }
        });
    }

    /// The number of worker threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Searches `tree` with `algorithm`, with the pool's node table if the algorithm
    /// shares one ([`ParallelSearcher::prepare`]), every entry of earlier searches
    /// forgotten.
    pub fn search<T: GameTree>(
        &self,
        tree: &T,
        algorithm: ParallelAlgorithm,
        options: SearchOptions,
    ) -> Result<ParallelResult, ParallelError> {
        crate::check_settings(algorithm, tree, &options)?;
        let table_bytes = self.prepare(algorithm, &options)?;
        let mut held = self.table.lock().unwrap_or_else(|p| p.into_inner());
        let table = match held.as_mut() {
            Some((_, table)) if table_bytes.is_some() => {
                table.new_search();
                Some(&*table)
            }
            _ => None,
        };
        let threads = Threads::new(self.threads, self.keep_awake);
        let ctx = crate::registry::context(algorithm, tree, &options, threads, table);
        let offers_work = algorithm.offers_work(&ctx);
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            self.pool.install(|| {
                ctx.executor
                    .run(offers_work, || algorithm.search(&ctx, &options))
            })
        }));
        let outcome = match outcome {
            Ok(outcome) => outcome,
            Err(payload) => {
                let message = payload
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "unknown panic".to_string());
                return Err(ParallelError::WorkerPanicked(message));
            }
        };
        let stats = ParallelStats::sum(&ctx.into_worker_stats());
        if let (Err(Aborted), Some((_, table))) = (&outcome, held.as_mut()) {
            // Stopped early: a worker may have left a busy mark behind.
            table.clear_busy();
        }
        match outcome {
            Ok(found) => {
                let best_move = found.best.map(|i| {
                    let root = tree.root();
                    tree.move_number(root, &tree.children(root), i)
                });
                Ok(ParallelResult {
                    value: found.value,
                    best_move,
                    stats,
                    table_bytes,
                    passes: found.passes,
                    guess_source: found.guess_source,
                    own: found.own,
                })
            }
            Err(Aborted) => Err(ParallelError::TimedOut { nodes: stats.nodes }),
        }
    }
}
