//! Per-worker statistics of a parallel search, and their sum.
//!
//! Each worker counts into its own record, padded to a cache line by the caller
//! (`CachePadded`), so counting never contends; records are summed once, after the
//! search. Distributions are kept in one `hdrhistogram` per worker and merged.

use abbench_vocab::Percentiles;
use hdrhistogram::Histogram;
use serde::{Deserialize, Serialize};

/// What one worker did during one search.
#[derive(Clone, Debug)]
pub struct WorkerStats {
    /// Positions examined.
    pub nodes: u64,
    /// Terminal positions examined.
    pub leaves: u64,
    /// Split points this worker opened to helpers (younger brothers offered in parallel).
    pub splits: u64,
    /// Younger brothers this worker searched for a split point another worker opened.
    pub steals: u64,
    /// Searches this worker stopped because their result could no longer matter.
    pub aborts: u64,
    /// Positions examined in searches that were later aborted.
    pub aborted_nodes: u64,
    /// Nanoseconds spent in the serial kernel.
    pub busy_ns: u64,
    /// Null-window tests started (Jamboree, the null-window search).
    pub tests: u64,
    /// Brothers searched again after a null-window test failed high.
    pub re_searches: u64,
    /// Probes of the shared node table, and those that found the node's entry.
    pub table_probes: u64,
    /// Probes of the shared node table that found the node's entry.
    pub table_hits: u64,
    /// Entries stored into the shared node table.
    pub table_stores: u64,
    /// Brothers put off because another worker was searching them (ABDADA).
    pub deferrals: u64,
    /// Nanoseconds from a cutoff at a split point to the last sibling stopping (in the
    /// simulator, virtual time: the executor's clock).
    pub abort_latency_ns: Histogram<u64>,
    /// Nanoseconds a split point waited for helpers after its last brother was handed out
    /// (likewise).
    pub split_wait_ns: Histogram<u64>,
}

/// Latencies above an hour are recorded as an hour.
const MAX_LATENCY_NS: u64 = 3_600_000_000_000;

/// A fixed-size histogram (two significant figures up to an hour), so recording never
/// allocates during a search.
fn histogram() -> Histogram<u64> {
    Histogram::new_with_bounds(1, MAX_LATENCY_NS, 2).expect("valid histogram bounds")
}

impl Default for WorkerStats {
    fn default() -> Self {
        WorkerStats {
            nodes: 0,
            leaves: 0,
            splits: 0,
            steals: 0,
            aborts: 0,
            aborted_nodes: 0,
            busy_ns: 0,
            tests: 0,
            re_searches: 0,
            table_probes: 0,
            table_hits: 0,
            table_stores: 0,
            deferrals: 0,
            abort_latency_ns: histogram(),
            split_wait_ns: histogram(),
        }
    }
}

impl WorkerStats {
    /// Records one cutoff-to-stop latency.
    pub fn record_abort_latency(&mut self, ns: u64) {
        self.abort_latency_ns
            .saturating_record(ns.clamp(1, MAX_LATENCY_NS));
    }

    /// Records one split-point wait.
    pub fn record_split_wait(&mut self, ns: u64) {
        self.split_wait_ns
            .saturating_record(ns.clamp(1, MAX_LATENCY_NS));
    }
}

/// The percentiles of a histogram.
pub fn percentiles(h: &Histogram<u64>) -> Percentiles {
    if h.is_empty() {
        return Percentiles::default();
    }
    Percentiles {
        count: h.len(),
        p50: h.value_at_quantile(0.5),
        p90: h.value_at_quantile(0.9),
        p99: h.value_at_quantile(0.99),
        max: h.max(),
    }
}

/// The workers' statistics summed, with the distributions merged.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ParallelStats {
    /// Positions examined by all workers.
    pub nodes: u64,
    /// Terminal positions examined by all workers.
    pub leaves: u64,
    /// Split points opened.
    pub splits: u64,
    /// Younger brothers searched by a worker other than the split point's owner.
    pub steals: u64,
    /// Searches stopped because their result could no longer matter.
    pub aborts: u64,
    /// Positions examined in searches that were later aborted.
    pub aborted_nodes: u64,
    /// Null-window tests started (Jamboree, the null-window search).
    #[serde(default)]
    pub tests: u64,
    /// Brothers searched again after a null-window test failed high.
    #[serde(default)]
    pub re_searches: u64,
    /// Probes of the shared node table.
    #[serde(default)]
    pub table_probes: u64,
    /// Probes of the shared node table that found the node's entry.
    #[serde(default)]
    pub table_hits: u64,
    /// Entries stored into the shared node table.
    #[serde(default)]
    pub table_stores: u64,
    /// Brothers put off because another worker was searching them (ABDADA).
    #[serde(default)]
    pub deferrals: u64,
    /// Nanoseconds spent in the serial kernel, per worker.
    pub busy_ns: Vec<u64>,
    /// Positions examined, per worker.
    pub worker_nodes: Vec<u64>,
    /// From a cutoff at a split point to the last sibling stopping.
    pub abort_latency_ns: Percentiles,
    /// A split point's wait for its helpers after the last brother was handed out.
    pub split_wait_ns: Percentiles,
}

impl ParallelStats {
    /// Sums the workers' records.
    pub fn sum<'a>(workers: impl IntoIterator<Item = &'a WorkerStats>) -> Self {
        let mut total = ParallelStats::default();
        let mut abort_latency = histogram();
        let mut split_wait = histogram();
        for w in workers {
            total.nodes += w.nodes;
            total.leaves += w.leaves;
            total.splits += w.splits;
            total.steals += w.steals;
            total.aborts += w.aborts;
            total.aborted_nodes += w.aborted_nodes;
            total.tests += w.tests;
            total.re_searches += w.re_searches;
            total.table_probes += w.table_probes;
            total.table_hits += w.table_hits;
            total.table_stores += w.table_stores;
            total.deferrals += w.deferrals;
            total.busy_ns.push(w.busy_ns);
            total.worker_nodes.push(w.nodes);
            // Every histogram has the same bounds: adding cannot fail.
            abort_latency
                .add(&w.abort_latency_ns)
                .expect("histograms of one configuration");
            split_wait
                .add(&w.split_wait_ns)
                .expect("histograms of one configuration");
        }
        total.abort_latency_ns = percentiles(&abort_latency);
        total.split_wait_ns = percentiles(&split_wait);
        total
    }
}
