//! What one access to the shared node table costs on this machine, with `p` threads
//! reading and writing it at once: the table probe and store costs of the simulator's
//! profile (`abbench calibrate`).
//!
//! Each thread walks its own chain of keys through one table of the size the table
//! searches use by default (`--tt-mb` 16: 2^19 entries of 32 bytes, larger than the
//! caches, as the tables of the trees that take long enough to split are), first storing
//! an entry for every key, then probing them in the same order (a probe whose entry a
//! later store replaced misses, and reads the same four words). Each key is drawn from
//! the previous access's result, so the accesses are timed one after the other, as a
//! search waits for a probe before it decides whether to search the node; independent
//! accesses would overlap in the memory system and time a fraction of that.

use super::{Bounds, NodeTable};
use abbench_tree::hash::mix64;
use std::hint::black_box;
use std::time::{Duration, Instant};

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
    let per_thread: Vec<Walk> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads.max(1) as u64)
            .map(|t| {
                let table = &table;
                s.spawn(move || time_one_thread(table, t, accesses))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or(Walk {
                    probe_ns: f64::NAN,
                    store_ns: f64::NAN,
                    hits: 0,
                })
            })
            .collect()
    });
    mean(&per_thread)
}

/// What one thread's walk measured: nanoseconds per probe and per store, and how many of
/// its probes found an entry.
#[derive(Clone, Copy, Debug)]
struct Walk {
    probe_ns: f64,
    store_ns: f64,
    #[cfg_attr(
        not(test),
        expect(
            dead_code,
            reason = "the tests check that the timed probes walk the stores' keys"
        )
    )]
    hits: u64,
}

/// The threads' mean nanoseconds per probe and per store.
fn mean(per_thread: &[Walk]) -> TableTiming {
    let n = per_thread.len() as f64;
    TableTiming {
        probe_ns: per_thread.iter().map(|w| w.probe_ns).sum::<f64>() / n,
        store_ns: per_thread.iter().map(|w| w.store_ns).sum::<f64>() / n,
    }
}

/// Nanoseconds per access of `accesses` that took `elapsed`.
fn per_access(elapsed: Duration, accesses: usize) -> f64 {
    elapsed.as_nanos() as f64 / accesses as f64
}

/// One thread's walk over its own chain of keys: `accesses` stores, then as many probes.
fn time_one_thread(table: &NodeTable, thread: u64, accesses: usize) -> Walk {
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
    let store_ns = per_access(started.elapsed(), accesses);
    let started = Instant::now();
    let mut key = first;
    let mut found = 0u64;
    let mut hits = 0u64;
    for i in 0..accesses {
        // The next key depends on what the probe read (a read of all ones, which no
        // store wrote, would turn it aside), so the probes cannot overlap.
        let probed = table.probe(key);
        hits += u64::from(probed.is_some());
        let read = probed.map_or(0, |b| b.lower as u64);
        found = found.wrapping_add(read);
        key = (mix64(key ^ i as u64) | 1) ^ (u64::from(read == u64::MAX) << 1);
    }
    black_box(found);
    Walk {
        probe_ns: per_access(started.elapsed(), accesses),
        store_ns,
        hits,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_access_is_timed_and_the_probes_find_what_was_stored() {
        let table = NodeTable::with_slots(1 << 13, 16);
        let walk = time_one_thread(&table, 0, 1000);
        assert!(walk.probe_ns > 0.0 && walk.store_ns > 0.0, "{walk:?}");
        // The chain the probes walk is the one the stores wrote, replayed here.
        let first = mix64(1) | 1;
        assert_eq!(
            table.probe(first),
            Some(Bounds { lower: 0, upper: 1 }),
            "the first store's bounds"
        );
        let mut key = first;
        let mut hits = 0;
        for i in 0..1000u64 {
            hits += u64::from(table.probe(key).is_some());
            key = mix64(key ^ i) | 1;
        }
        // Later stores may replace earlier ones in a small table; most remain.
        assert!(hits > 500, "{hits}");
        assert_eq!(walk.hits, hits, "the timed probes walk the stores' chain");
        let timing = time_table_accesses(2, 1000);
        assert!(timing.probe_ns > 0.0 && timing.store_ns > 0.0, "{timing:?}");
    }

    #[test]
    fn the_timing_is_per_access_and_the_mean_over_the_threads() {
        assert_eq!(per_access(Duration::from_nanos(5000), 1000), 5.0);
        assert_eq!(per_access(Duration::from_nanos(7), 2), 3.5);
        let walk = |probe_ns, store_ns| Walk {
            probe_ns,
            store_ns,
            hits: 0,
        };
        assert_eq!(
            mean(&[walk(10.0, 20.0), walk(30.0, 50.0)]),
            TableTiming {
                probe_ns: 20.0,
                store_ns: 35.0
            }
        );
        assert_eq!(
            mean(&[walk(7.0, 9.0)]),
            TableTiming {
                probe_ns: 7.0,
                store_ns: 9.0
            }
        );
    }
}
