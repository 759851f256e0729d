//! A pool of worker threads that runs parallel searches: built once per thread count,
//! outside any timed region, and reused.

use crate::context::Context;
use crate::executor::Threads;
use crate::stats::ParallelStats;
use crate::{ParallelAlgorithm, SearchOptions, root_split, ybwc};
use abbench_search::Aborted;
use abbench_tree::{GameTree, Value};
use serde::{Deserialize, Serialize};
use std::panic::{AssertUnwindSafe, catch_unwind};

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
}

/// A pool of `threads` workers for parallel searches.
pub struct ParallelSearcher {
    pool: rayon::ThreadPool,
    threads: usize,
}

/// Stack for each worker: generous, since split points nest one per level above the
/// split height and a waiting worker runs stolen work on top of its own frames.
const WORKER_STACK_BYTES: usize = 64 << 20;

impl ParallelSearcher {
    /// Builds the pool. More threads than cores is allowed.
    pub fn new(threads: usize) -> Result<Self, ParallelError> {
        if threads == 0 {
            return Err(ParallelError::NoThreads);
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .stack_size(WORKER_STACK_BYTES)
            .thread_name(|i| format!("abbench-worker-{i}"))
            .build()
            .map_err(|e| ParallelError::Pool {
                threads,
                reason: e.to_string(),
            })?;
        Ok(ParallelSearcher { pool, threads })
    }

    /// The number of worker threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Searches `tree` with `algorithm`.
    pub fn search<T: GameTree>(
        &self,
        tree: &T,
        algorithm: ParallelAlgorithm,
        options: SearchOptions,
    ) -> Result<ParallelResult, ParallelError> {
        let ctx = Context::new(tree, options, Threads::new(self.threads));
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            self.pool.install(|| match algorithm {
                ParallelAlgorithm::RootSplit => root_split::search(&ctx),
                ParallelAlgorithm::Ybwc => ybwc::search(&ctx),
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
        match outcome {
            Ok((value, best_index)) => {
                let best_move = best_index.map(|i| {
                    let root = tree.root();
                    tree.move_number(root, &tree.children(root), i)
                });
                Ok(ParallelResult {
                    value,
                    best_move,
                    stats,
                })
            }
            Err(Aborted) => Err(ParallelError::TimedOut { nodes: stats.nodes }),
        }
    }
}
