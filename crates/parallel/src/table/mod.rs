//! The shared node table: bounds on node values that every worker of one parallel search
//! reads and writes without locks, and the busy marks of ABDADA.
//!
//! A node is named by its *path key* (the root's key is the specification's `mix64(0)`,
//! the `i`-th child's is `mix64(k + i*G)` of its parent's key `k`: the same keys as the
//! serial MTD(f)'s table). A game tree has no transpositions, so a key names one node up
//! to 64-bit collisions.
//!
//! # The entry and its check (Hyatt & Mann's lockless hashing)
//!
//! An entry is four 64-bit words, the layout of the serial table's slot:
//! `[check, lower, upper, tag]` with `check = key ^ lower ^ upper ^ tag`; the tag holds
//! the node's depth (low 16 bits), the child that gave the bound plus one (the next 24;
//! 0 for none: the null-window search tries it first when it meets the node again) and
//! the search's generation (the high 24). A writer
//! stores the four words one after another; two writers of one slot may interleave, and
//! a reader may read words of two writes. A reader therefore accepts an entry only if
//! `check ^ lower ^ upper ^ tag` equals its own key: a torn entry — words of different
//! writes — fails the check (unless the XOR of the differences happens to be zero, a
//! 2^-64 event for keys that are themselves hashes) and reads as a miss, which is always
//! safe. Every word is an atomic with `Relaxed` ordering: the check, not the ordering,
//! is what makes a read consistent, and a bound read late is still a true bound (bounds
//! on a node's value never become false). The loom model in `test.rs` runs two writers
//! and a reader of one slot in every interleaving and checks that an accepted entry is
//! always one writer's whole entry, and that some interleaving accepts one; it catches a
//! probe without the check and a table that always misses, written beside it.
//!
//! # Size and generations
//!
//! The table is allocated once, before any search is timed, at the size every table
//! search shares (`--tt-mb`, the serial MTD(f)'s table's: the largest power of two of
//! 32-byte entries that fits, [`NodeTable::with_megabytes`]), and kept by the pool that
//! runs the searches ([`crate::ParallelSearcher`]) or by the simulation. Each search
//! takes the next generation ([`NodeTable::new_search`]): an entry of another generation
//! reads as empty, so no search sees another's bounds, without clearing the array
//! between them.
//!
//! # Replacement
//!
//! A slot is chosen by the key's low bits. A store replaces the slot unless it holds
//! another node nearer the root (a smaller depth: a larger subtree, whose bounds save more
//! positions); a store for the same node merges the bounds (the larger lower, the smaller
//! upper), so what two workers learnt of one node is kept together.
//!
//! # Busy marks (ABDADA)
//!
//! A second, smaller array holds the keys of nodes some worker is searching now: one word
//! per slot, 0 when free. A worker marks a node with a compare-and-swap from 0 and
//! unmarks it with a compare-and-swap back; a mark is a hint (a collision, or a slot taken
//! by another node, only makes a worker search a brother it could have deferred), so
//! `Relaxed` is enough: no data is published through it. The loom model in `test.rs`
//! has two workers mark one node at once: exactly one wins (a mark taken by a load and a
//! store, beside it, lets both).

#[cfg(test)]
mod test;
mod timing;

pub use timing::{TableTiming, time_table_accesses};

use crate::SearchOptions;
use crate::sync::{AtomicU64, Ordering};
use abbench_tree::Value;

/// Bounds `lower <= F(node) <= upper` known for a node: the serial MTD(f)'s type, so
/// that its kernel can use this table.
pub(crate) use abbench_search::Bounds;

/// One slot: the four words of an entry.
struct Entry {
    check: AtomicU64,
    lower: AtomicU64,
    upper: AtomicU64,
    depth: AtomicU64,
}

impl Entry {
    fn empty() -> Entry {
        Entry {
            check: AtomicU64::new(0),
            lower: AtomicU64::new(0),
            upper: AtomicU64::new(0),
            depth: AtomicU64::new(0),
        }
    }
}

/// What one probe of an entry read: the key it checked out for, its bounds, depth and
/// move.
#[derive(Clone, Copy)]
struct Read {
    key: u64,
    bounds: Bounds,
    depth: u64,
    best: Option<usize>,
}

/// Bits of the fourth word below the move: the depth (a tree is at most
/// [`abbench_tree::MAX_HEIGHT`] deep).
const DEPTH_BITS: u32 = 16;

/// Where the generation begins in the fourth word, above the move (a node has at most
/// [`abbench_tree::MAX_DEGREE`] children: the move plus one fits 24 bits).
const GENERATION_SHIFT: u32 = 40;

/// The fourth word of an entry: the node's depth in the low 16 bits, the search-order
/// index of the child that gave its bound plus one (0: none) in the next 24, and the
/// search's generation in the high 24.
fn pack(depth: u64, best: Option<usize>, generation: u64) -> u64 {
    depth | best.map_or(0, |i| (i as u64 + 1) << DEPTH_BITS) | generation << GENERATION_SHIFT
}

/// The size in MiB of the table `options` give.
pub(crate) fn megabytes(options: &SearchOptions) -> usize {
    options.serial().tt_mb
}

/// The table searches' node table could not be allocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "node table of {0} MiB could not be allocated: this process may not have that much \
     memory (a ulimit -v?); choose a smaller --tt-mb"
)]
pub struct TableAllocation(pub usize);

/// A fixed-size, lockless table of node bounds and busy marks, shared by the workers of
/// one search.
pub(crate) struct NodeTable {
    entries: Box<[Entry]>,
    mask: usize,
    busy: Box<[AtomicU64]>,
    busy_mask: usize,
    /// This search's generation, 1 ..= 2^24 - 1: entries of any other read as empty.
    generation: u64,
}

/// What a node's entry `known` says of a search of the node with `(alpha, beta)`: the
/// bound that answers the search (`Err`: a lower bound at least `beta`, or an upper bound
/// at most `alpha`), or the window narrowed by it. The one "probe, then narrow" rule of
/// every table search of this crate.
pub(crate) fn narrow(
    known: Bounds,
    (alpha, beta): (Value, Value),
) -> Result<(Value, Value), Value> {
    if known.lower >= beta {
        Err(known.lower)
    } else if known.upper <= alpha {
        Err(known.upper)
    } else {
        Ok((alpha.max(known.lower), beta.min(known.upper)))
    }
}

impl NodeTable {
    /// The table every table search shares at `--tt-mb` `megabytes`: as many entries as
    /// the serial MTD(f)'s table of that size has slots (the largest power of two that
    /// fits, [`abbench_search::TranspositionTable::slots_for`]), and busy marks for a
    /// quarter as many (a sixteenth more memory, not counted in [`NodeTable::bytes`]);
    /// `None` where the process cannot have the memory.
    pub(crate) fn with_megabytes(megabytes: usize) -> Option<NodeTable> {
        let entries = abbench_search::TranspositionTable::slots_for(megabytes);
        Self::try_with_slots(entries, (entries / 4).max(16))
    }

    /// The table of the size `options` give (`--tt-mb`, the serial MTD(f)'s table's size,
    /// its default where not given), or why the process cannot have it.
    pub(crate) fn for_options(options: &SearchOptions) -> Result<NodeTable, TableAllocation> {
        let megabytes = megabytes(options);
        Self::with_megabytes(megabytes).ok_or(TableAllocation(megabytes))
    }

    /// A table of exactly `entries` entries and `busy` busy marks (powers of two), or
    /// `None` where the memory cannot be had.
    fn try_with_slots(entries: usize, busy: usize) -> Option<NodeTable> {
        let mut table = Vec::new();
        table.try_reserve_exact(entries).ok()?;
        table.extend((0..entries).map(|_| Entry::empty()));
        let mut marks = Vec::new();
        marks.try_reserve_exact(busy).ok()?;
        marks.extend((0..busy).map(|_| AtomicU64::new(0)));
        Some(NodeTable {
            entries: table.into_boxed_slice(),
            mask: entries - 1,
            busy: marks.into_boxed_slice(),
            busy_mask: busy - 1,
            generation: 1,
        })
    }

    /// A table of exactly `entries` entries and `busy` busy marks (powers of two): the
    /// loom models use one slot of each.
    #[cfg(test)]
    pub(crate) fn with_slots(entries: usize, busy: usize) -> NodeTable {
        Self::try_with_slots(entries, busy).expect("a small table")
    }

    /// Entries in the table.
    #[cfg(test)]
    pub(crate) fn entries(&self) -> usize {
        self.entries.len()
    }

    /// The bytes of its entries (its busy marks aside): what a record's `table.bytes`
    /// says, the serial MTD(f)'s table's size at the same `--tt-mb`.
    pub(crate) fn bytes(&self) -> u64 {
        (self.entries.len() * abbench_search::SLOT_BYTES) as u64
    }

    /// Starts a new search: every entry written before reads as empty. After 2^24 - 1
    /// searches the generations come round again, and the entries are cleared once.
    pub(crate) fn new_search(&mut self) {
        self.generation += 1;
        if self.generation >> (64 - GENERATION_SHIFT) != 0 {
            for e in self.entries.iter() {
                for word in [&e.check, &e.lower, &e.upper, &e.depth] {
                    word.store(0, Ordering::Relaxed);
                }
            }
            self.generation = 1;
        }
    }

    /// Removes every busy mark: a search that stopped early (a time limit, a panic) may
    /// have left some.
    pub(crate) fn clear_busy(&mut self) {
        for mark in self.busy.iter() {
            mark.store(0, Ordering::Relaxed);
        }
    }

    fn read(&self, key: u64) -> Option<Read> {
        let e = &self.entries[key as usize & self.mask];
        let check = e.check.load(Ordering::Relaxed);
        let lower = e.lower.load(Ordering::Relaxed);
        let upper = e.upper.load(Ordering::Relaxed);
        let word = e.depth.load(Ordering::Relaxed);
        let stored = check ^ lower ^ upper ^ word;
        // An entry of another search (an all-zero one: generation 0) is empty.
        (word >> GENERATION_SHIFT == self.generation).then_some(Read {
            key: stored,
            bounds: Bounds {
                lower: lower as Value,
                upper: upper as Value,
            },
            depth: word & ((1 << DEPTH_BITS) - 1),
            best: match (word >> DEPTH_BITS) & ((1 << (GENERATION_SHIFT - DEPTH_BITS)) - 1) {
                0 => None,
                i => Some(i as usize - 1),
            },
        })
    }

    /// The bounds stored for the node keyed `key`, if its entry is there and whole.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Bounds> {
        self.probe_move(key).map(|(bounds, _)| bounds)
    }

    /// The bounds stored for the node keyed `key` and the child that gave them, if its
    /// entry is there and whole.
    #[inline]
    pub(crate) fn probe_move(&self, key: u64) -> Option<(Bounds, Option<usize>)> {
        self.read(key)
            .filter(|r| r.key == key)
            .map(|r| (r.bounds, r.best))
    }

    /// Stores what a search learnt of the node keyed `key` at `depth`, merged with what
    /// the slot already holds of the same node; a slot holding a node nearer the root is
    /// kept.
    #[inline]
    pub(crate) fn store(&self, key: u64, depth: u32, bounds: Bounds) {
        self.store_move(key, depth, bounds, None);
    }

    /// [`NodeTable::store`] with the search-order index of the child that gave the bound
    /// (`None`: keep the one stored, if any).
    #[inline]
    pub(crate) fn store_move(&self, key: u64, depth: u32, bounds: Bounds, best: Option<usize>) {
        let depth = u64::from(depth);
        let (merged, best) = match self.read(key) {
            Some(old) if old.key == key => (
                Bounds {
                    lower: old.bounds.lower.max(bounds.lower),
                    upper: old.bounds.upper.min(bounds.upper),
                },
                best.or(old.best),
            ),
            Some(old) if old.depth < depth => return,
            _ => (bounds, best),
        };
        let (lower, upper) = (merged.lower as u64, merged.upper as u64);
        let word = pack(depth, best, self.generation);
        let e = &self.entries[key as usize & self.mask];
        e.check.store(key ^ lower ^ upper ^ word, Ordering::Relaxed);
        e.lower.store(lower, Ordering::Relaxed);
        e.upper.store(upper, Ordering::Relaxed);
        e.depth.store(word, Ordering::Relaxed);
    }

    /// Whether some worker marked the node keyed `key` as being searched.
    #[inline]
    pub(crate) fn is_busy(&self, key: u64) -> bool {
        self.busy[key as usize & self.busy_mask].load(Ordering::Relaxed) == key
    }

    /// Marks the node keyed `key` as being searched; `false` if its slot was taken (by
    /// this node or another), in which case nothing is to be unmarked.
    #[inline]
    pub(crate) fn mark_busy(&self, key: u64) -> bool {
        self.busy[key as usize & self.busy_mask]
            .compare_exchange(0, key, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
    }

    /// Removes a mark this worker made with [`NodeTable::mark_busy`].
    #[inline]
    pub(crate) fn unmark_busy(&self, key: u64) {
        let _ = self.busy[key as usize & self.busy_mask].compare_exchange(
            key,
            0,
            Ordering::Relaxed,
            Ordering::Relaxed,
        );
    }
}
