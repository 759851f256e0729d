//! The node table, checked plainly and under loom's model checker
//! (`RUSTFLAGS="--cfg loom" cargo test -p abbench-parallel --lib --release loom`).

use super::{Bounds, NodeTable};
use abbench_tree::{INFINITY, NEG_INFINITY};

#[test]
fn a_stored_entry_is_read_back_and_merged_with_later_bounds() {
    let table = NodeTable::with_megabytes(1).unwrap();
    assert_eq!(table.entries(), (1 << 20) / 32);
    assert_eq!(table.bytes(), 1 << 20);
    assert_eq!(
        table.busy.len(),
        table.entries() / 4,
        "busy marks: a quarter"
    );
    let key = abbench_tree::hash::root_key(0);
    assert_eq!(table.probe(key), None);
    table.store(key, 0, Bounds::from_search(-10, 10, 10));
    assert_eq!(
        table.probe(key),
        Some(Bounds {
            lower: 10,
            upper: INFINITY
        })
    );
    table.store(key, 0, Bounds::from_search(20, 30, 20));
    assert_eq!(
        table.probe(key),
        Some(Bounds {
            lower: 10,
            upper: 20
        })
    );
    table.store(key, 0, Bounds::from_search(NEG_INFINITY, INFINITY, 15));
    assert_eq!(
        table.probe(key),
        Some(Bounds {
            lower: 15,
            upper: 15
        })
    );
    assert_eq!(
        table.probe(key ^ 1),
        None,
        "another key in the slot is a miss"
    );
}

#[test]
fn a_node_nearer_the_root_keeps_its_slot() {
    let table = NodeTable::with_slots(1, 1);
    let (near, deep) = (1 << 40, 1 << 41);
    table.store(near, 2, Bounds { lower: 1, upper: 1 });
    table.store(deep, 3, Bounds { lower: 5, upper: 5 });
    assert_eq!(table.probe(deep), None);
    assert_eq!(table.probe(near), Some(Bounds { lower: 1, upper: 1 }));
    table.store(deep, 1, Bounds { lower: 5, upper: 5 });
    assert_eq!(table.probe(near), None);
    assert_eq!(table.probe(deep), Some(Bounds { lower: 5, upper: 5 }));
    // Another node as near the root takes the slot: the newer search's bound.
    table.store(near, 1, Bounds { lower: 2, upper: 3 });
    assert_eq!(table.probe(deep), None);
    assert_eq!(table.probe(near), Some(Bounds { lower: 2, upper: 3 }));
}

#[test]
fn a_torn_entry_reads_as_a_miss() {
    let table = NodeTable::with_slots(1, 1);
    let key = 1 << 40;
    table.store(key, 0, Bounds { lower: 1, upper: 2 });
    // Half of another write: its lower bound only.
    table.entries[0]
        .lower
        .store(8, crate::sync::Ordering::Relaxed);
    assert_eq!(table.probe(key), None);
}

#[test]
fn a_move_is_kept_with_its_node() {
    let table = NodeTable::with_slots(4, 1);
    let key = 1 << 40;
    table.store_move(key, 3, Bounds::from_search(0, 1, 5), Some(7));
    assert_eq!(
        table.probe_move(key),
        Some((Bounds::from_search(0, 1, 5), Some(7)))
    );
    // A store without a move keeps the one there; one with a move replaces it.
    table.store(key, 3, Bounds::from_search(0, 1, 6));
    assert_eq!(table.probe_move(key).unwrap().1, Some(7));
    table.store_move(key, 3, Bounds::from_search(0, 1, 6), Some(0));
    assert_eq!(table.probe_move(key).unwrap().1, Some(0));
    // The move is under the check: a torn move word reads as a miss.
    table.entries[0]
        .depth
        .store(3 | (9 << 32), crate::sync::Ordering::Relaxed);
    assert_eq!(table.probe_move(key), None);
}

#[test]
fn busy_marks_are_taken_once_and_given_back() {
    let table = NodeTable::with_slots(1, 1);
    assert!(!table.is_busy(7));
    assert!(table.mark_busy(7));
    assert!(table.is_busy(7));
    assert!(!table.mark_busy(9), "the slot is taken");
    assert!(!table.is_busy(9));
    table.unmark_busy(9);
    assert!(table.is_busy(7), "only the marker unmarks");
    table.unmark_busy(7);
    assert!(!table.is_busy(7));
}

#[cfg(loom)]
mod loom_models {
    use super::*;
    use crate::sync::Ordering;
    use loom::sync::Arc;
    use loom::thread;
    use std::sync::atomic::AtomicUsize;

    /// What the models do with a one-slot table: the table's own operations, or a
    /// broken variant's (below), which each model must catch.
    trait Slots: Send + Sync + 'static {
        fn table(&self) -> &NodeTable;
        fn store(&self, key: u64, bounds: Bounds) {
            self.table().store(key, 0, bounds);
        }
        fn probe(&self, key: u64) -> Option<Bounds> {
            self.table().probe(key)
        }
        fn mark_busy(&self, key: u64) -> bool {
            self.table().mark_busy(key)
        }
    }

    impl Slots for NodeTable {
        fn table(&self) -> &NodeTable {
            self
        }
    }

    /// Broken: a table that always misses.
    struct AlwaysMissing(NodeTable);

    impl Slots for AlwaysMissing {
        fn table(&self) -> &NodeTable {
            &self.0
        }
        fn probe(&self, _key: u64) -> Option<Bounds> {
            None
        }
    }

    /// Broken: a probe that accepts whatever the slot holds, without the check.
    struct Unchecked(NodeTable);

    impl Slots for Unchecked {
        fn table(&self) -> &NodeTable {
            &self.0
        }
        fn probe(&self, key: u64) -> Option<Bounds> {
            self.0.read(key).map(|r| r.bounds)
        }
    }

    /// Broken: a busy mark taken by a load and a store, not one compare-and-swap.
    struct RacyMark(NodeTable);

    impl Slots for RacyMark {
        fn table(&self) -> &NodeTable {
            &self.0
        }
        fn mark_busy(&self, key: u64) -> bool {
            let slot = &self.0.busy[key as usize & self.0.busy_mask];
            let free = slot.load(Ordering::Relaxed) == 0;
            if free {
                slot.store(key, Ordering::Relaxed);
            }
            free
        }
    }

    const WHOLE: &str = "an accepted entry is one writer's whole entry";

    /// Two workers store different nodes' entries into one slot while a third reads
    /// both keys: whatever interleaving, an entry the reader accepts is one writer's
    /// whole entry, never words of both; and in some interleaving an entry is accepted
    /// (counted in `hits`: a table that always misses would pass the first check).
    fn whole_entries<S: Slots>(table: fn() -> S, hits: &'static AtomicUsize) {
        // Keys and bounds on distinct bits: no mix of words can pass the check by
        // accident.
        let (ka, a) = (1u64 << 40, Bounds { lower: 1, upper: 2 });
        let (kb, b) = (
            1u64 << 41,
            Bounds {
                lower: 8,
                upper: 16,
            },
        );
        loom::model(move || {
            let table = Arc::new(table());
            let writers: Vec<_> = [(ka, a), (kb, b)]
                .into_iter()
                .map(|(key, bounds)| {
                    let table = table.clone();
                    thread::spawn(move || table.store(key, bounds))
                })
                .collect();
            for (key, bounds) in [(ka, a), (kb, b)] {
                if let Some(read) = table.probe(key) {
                    assert_eq!(read, bounds, "{WHOLE}");
                }
            }
            for w in writers {
                w.join().unwrap();
            }
            // Once both are done, a whole entry of one of them remains or the slot
            // reads as a miss for both (their words interleaved); never a mix.
            for (key, bounds) in [(ka, a), (kb, b)] {
                if let Some(read) = table.probe(key) {
                    assert_eq!(read, bounds, "{WHOLE}");
                    hits.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
            }
        });
        assert!(
            hits.load(std::sync::atomic::Ordering::Relaxed) > 0,
            "no interleaving left an entry to read"
        );
    }

    #[test]
    fn loom_an_accepted_entry_is_one_writers_whole_entry() {
        static HITS: AtomicUsize = AtomicUsize::new(0);
        whole_entries(|| NodeTable::with_slots(1, 1), &HITS);
    }

    #[test]
    #[should_panic(expected = "no interleaving left an entry to read")]
    fn loom_the_entry_model_catches_a_table_that_always_misses() {
        static HITS: AtomicUsize = AtomicUsize::new(0);
        whole_entries(|| AlwaysMissing(NodeTable::with_slots(1, 1)), &HITS);
    }

    #[test]
    #[should_panic(expected = "an accepted entry is one writer's whole entry")]
    fn loom_the_entry_model_catches_a_probe_without_the_check() {
        static HITS: AtomicUsize = AtomicUsize::new(0);
        whole_entries(|| Unchecked(NodeTable::with_slots(1, 1)), &HITS);
    }

    /// Two workers try to mark one node busy at once: exactly one succeeds, and after
    /// it unmarks, the node is free.
    fn one_mark<S: Slots>(table: fn() -> S) {
        loom::model(move || {
            let table = Arc::new(table());
            let other = {
                let table = table.clone();
                thread::spawn(move || table.mark_busy(5))
            };
            let won = table.mark_busy(5);
            let other_won = other.join().unwrap();
            assert!(won != other_won, "exactly one worker marks the node");
            assert!(table.table().is_busy(5));
            table.table().unmark_busy(5);
            assert!(!table.table().is_busy(5));
        });
    }

    #[test]
    fn loom_one_worker_marks_a_node_busy() {
        one_mark(|| NodeTable::with_slots(1, 1));
    }

    #[test]
    #[should_panic(expected = "exactly one worker marks the node")]
    fn loom_the_mark_model_catches_a_mark_that_is_not_one_compare_and_swap() {
        one_mark(|| RacyMark(NodeTable::with_slots(1, 1)));
    }
}

#[test]
#[cfg(not(loom))]
fn a_new_search_forgets_the_last_ones_entries_and_busy_marks_are_cleared() {
    let mut table = NodeTable::with_slots(4, 16);
    let key = 1 << 40;
    table.store_move(key, 1, Bounds { lower: 1, upper: 2 }, Some(3));
    assert!(table.mark_busy(key));
    table.new_search();
    assert_eq!(table.probe(key), None, "an entry of the last search");
    assert_eq!(
        table.generation, 2,
        "a new generation, the entries left as they are"
    );
    assert_eq!(
        table.entries[key as usize & table.mask]
            .lower
            .load(crate::sync::Ordering::Relaxed),
        1,
        "not cleared"
    );
    // A deeper node takes the slot of an old search's node nearer the root.
    table.store(key + 4, 5, Bounds { lower: 7, upper: 7 });
    assert_eq!(table.probe(key + 4), Some(Bounds { lower: 7, upper: 7 }));
    assert!(table.is_busy(key));
    table.clear_busy();
    assert!(!table.is_busy(key));
    // 2^24 - 1 searches after the first the generations come round again: an entry of
    // the first would pass for the new search's, unless the entries are cleared.
    let mut table = NodeTable::with_slots(4, 16);
    table.store(key, 1, Bounds { lower: 3, upper: 3 });
    table.generation = (1 << (64 - super::GENERATION_SHIFT)) - 1;
    table.new_search();
    assert_eq!(table.generation, 1);
    assert_eq!(table.probe(key), None);
}
