//! What one access to the shared node table costs on this machine, with `p` threads
//! reading and writing it at once: the table probe and store costs of the simulator's
//! profile (`abbench calibrate`).
//!
//! Each thread walks its own chain of keys through one table of the size the parallel
//! searches use at most (2^20 entries, 32 MiB: larger than the caches, as the tables of
//! the trees that take long enough to split are), first storing an entry for every key,
//! then probing them in the same order. Each key is drawn from the previous access's
//! result, so the accesses are timed one after the other, as a search waits for a probe
//! before it decides whether to search the node; independent accesses would overlap in
//! the memory system and time a fraction of that.

use super::{Bounds, NodeTable};
use abbench_tree::hash::mix64;
use std::hint::black_box;
use std::time::Instant;

/// Nanoseconds per access of the shared node table, the mean over the threads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TableTiming {
    /// A probe: reading a node's entry.
    pub probe_ns: f64,
    /// A store: reading the entry, merging and writing it.
    pub store_ns: f64,
}

/// Times `accesses` stores, then as many probes, on each of `threads` threads sharing
/// one table of the size the table searches use by default (`--tt-mb` 16).
pub fn time_table_accesses(threads: usize, accesses: usize) -> TableTiming {
    let table =
        NodeTable::with_megabytes(abbench_search::DEFAULT_TT_MB).expect("memory for the table");
    let accesses = accesses.max(1);
    let per_thread: Vec<(f64, f64)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads.max(1) as u64)
            .map(|t| {
                let table = &table;
                s.spawn(move || time_one_thread(table, t, accesses))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or((f64::NAN, f64::NAN)))
            .collect()
    });
    let n = per_thread.len() as f64;
    TableTiming {
        probe_ns: per_thread.iter().map(|&(p, _)| p).sum::<f64>() / n,
        store_ns: per_thread.iter().map(|&(_, s)| s).sum::<f64>() / n,
    }
}

/// One thread's nanoseconds per probe and per store over its own chain of keys.
fn time_one_thread(table: &NodeTable, thread: u64, accesses: usize) -> (f64, f64) {
    // A key is never 0 (an empty slot's), and each thread's chain is its own.
    let first = mix64(thread.wrapping_add(1)) | 1;
    let started = Instant::now();
    let mut key = first;
    for i in 0..accesses {
        let bounds = Bounds {
            lower: i as i64,
            upper: i as i64 + 1,
        };
        table.store(key, 3, bounds);
        key = mix64(key ^ i as u64) | 1;
    }
    let store_ns = started.elapsed().as_nanos() as f64 / accesses as f64;
    let started = Instant::now();
    let mut key = first;
    let mut found = 0u64;
    for i in 0..accesses {
        // The next key depends on what the probe read (a read of all ones, which no
        // store wrote, would turn it aside), so the probes cannot overlap.
        let read = table.probe(key).map_or(0, |b| b.lower as u64);
        found = found.wrapping_add(read);
        key = (mix64(key ^ i as u64) | 1) ^ (u64::from(read == u64::MAX) << 1);
    }
    black_box(found);
    let probe_ns = started.elapsed().as_nanos() as f64 / accesses as f64;
    (probe_ns, store_ns)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_access_is_timed_and_the_probes_find_what_was_stored() {
        let table = NodeTable::with_slots(1 << 13, 16);
        let (probe, store) = time_one_thread(&table, 0, 1000);
        assert!(probe > 0.0 && store > 0.0);
        // The chain the probes walk is the one the stores wrote.
        let mut key = mix64(1) | 1;
        let mut hits = 0;
        for i in 0..1000u64 {
            hits += u64::from(table.probe(key).is_some());
            key = mix64(key ^ i) | 1;
        }
        // Later stores may replace earlier ones in a small table; most remain.
        assert!(hits > 500, "{hits}");
        let timing = time_table_accesses(2, 1000);
        assert!(timing.probe_ns > 0.0 && timing.store_ns > 0.0, "{timing:?}");
    }
}
