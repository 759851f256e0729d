//! MTD(f)'s transposition table: bounds on node values kept between its null-window
//! passes (Plaat, Schaeffer, Pijls & de Bruin 1996, "Best-first fixed-depth minimax
//! algorithms").
//!
//! A node is named by its *path key*: the root's key is the specification's
//! `mix64(0)`, the `i`-th child's (search order) is the specification's child-key rule
//! `mix64(k + i*G)` applied to its parent's key `k`. Every tree, implicit, arena or read
//! from a file, has such keys, and a synthetic tree has no transpositions, so a key names one
//! node (up to 64-bit collisions, which the table cannot tell from a hit).
//!
//! A tree with transpositions (a game, where many move orders reach one position) gives
//! each position a key of its own ([`GameTree::position_key`]); [`root_key`] and
//! [`child_key`] are the one place that chooses between the two, and every table-driven
//! search, serial and parallel, names its positions through them. A tree without position
//! keys is searched exactly as before they existed.
//!
//! The table is one array of `2^k` slots, allocated once when the search is set up and
//! never resized; a slot is chosen by the key's low bits and always replaced. Each search
//! has its own generation number: a slot written by an earlier search reads as empty, so
//! no search sees another's bounds and repeated runs examine the same positions, without
//! clearing the array between them.
//!
//! A slot is four 64-bit words, the entry of the parallel searches' lockless node table:
//! `[check, lower, upper, tag]` with `check = key ^ lower ^ upper ^ tag`. The tag holds
//! the search's generation in its low 32 bits and, in its high 32, the child that gave
//! the bound (search order, plus one; 0 for none), which MTD(f)'s kernel tries first
//! when a later pass meets the node again. A probe reads one 32-byte slot (half a cache
//! line, never split across two) and accepts it when the generation is this search's and
//! the check gives back the key, so a slot of another node or another search reads as a
//! miss, its move with it; nothing else is stored, and nothing is allocated or hashed
//! beyond the path key itself.
//! The table counts its probes, the probes that found their node, and its stores: two
//! or three additions per internal node, reported with the search ([`TableStats`]).

use crate::TableStats;
use abbench_tree::hash;
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY, Value};

/// Bytes of one slot: check, lower bound, upper bound, generation.
pub const SLOT_BYTES: usize = 32;

/// The path key of the root.
#[inline(always)]
pub fn root_path_key() -> u64 {
    hash::root_key(0)
}

/// The path key of the `i`-th child (search order) of the node keyed `parent`.
#[inline(always)]
pub fn child_path_key(parent: u64, i: usize) -> u64 {
    hash::child_key(parent, i as u64)
}

/// The table key of `tree`'s root: its position key where the tree gives one, else the
/// path key of the root.
#[inline(always)]
pub fn root_key<T: GameTree>(tree: &T) -> u64 {
    tree.position_key(tree.root()).unwrap_or_else(root_path_key)
}

/// The table key of `child`, the `i`-th child (search order) of the node keyed `parent`:
/// its position key where the tree gives one, else its path key.
#[inline(always)]
pub fn child_key<T: GameTree>(tree: &T, child: T::Node, parent: u64, i: usize) -> u64 {
    tree.position_key(child)
        .unwrap_or_else(|| child_path_key(parent, i))
}

/// Bounds `lower <= F(node) <= upper` known for a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// A value the node is worth at least.
    pub lower: Value,
    /// A value the node is worth at most.
    pub upper: Value,
}

impl Bounds {
    /// Nothing known.
    pub const UNKNOWN: Bounds = Bounds {
        lower: NEG_INFINITY,
        upper: INFINITY,
    };
}

/// The child index that stands for "no child" where a table entry or a search names the
/// child that gave a bound.
pub const NO_MOVE: u32 = u32::MAX;

/// What MTD(f)'s kernel needs of a table: bounds by table key, each with the child
/// (search-order index, [`NO_MOVE`] for none) that gave them. The serial search keeps
/// them in its own [`TranspositionTable`]; the parallel searches of `abbench-parallel`
/// pass a table every worker shares.
pub trait BoundTable {
    /// The bounds known for the node keyed `key` and the child that gave them, if any.
    fn probe(&mut self, key: u64) -> Option<(Bounds, u32)>;

    /// Stores `bounds` for the node keyed `key`, at `depth` below the tree's root, with
    /// `best`, the child that gave them ([`NO_MOVE`]: none).
    fn store(&mut self, key: u64, depth: u32, bounds: Bounds, best: u32);
}

impl BoundTable for TranspositionTable {
    #[inline(always)]
    fn probe(&mut self, key: u64) -> Option<(Bounds, u32)> {
        TranspositionTable::probe(self, key)
    }

    #[inline(always)]
    fn store(&mut self, key: u64, _depth: u32, bounds: Bounds, best: u32) {
        TranspositionTable::store(self, key, bounds, best);
    }
}

/// A fixed-size table of [`Bounds`] by table key.
pub struct TranspositionTable {
    /// `[key ^ lower ^ upper ^ tag, lower, upper, tag]` per slot, the tag the
    /// generation and the best child plus one (`tag`); all zero is empty (generations
    /// start at 1), so the array is allocated zeroed.
    slots: Vec<[u64; 4]>,
    mask: usize,
    generation: u32,
    stats: TableStats,
}

impl TranspositionTable {
    /// A table of at most `megabytes` MiB: the largest power of two of slots that fits
    /// (at least one). Aborts if the memory cannot be had; [`Self::try_with_megabytes`]
    /// says so instead.
    pub fn with_megabytes(megabytes: usize) -> TranspositionTable {
        Self::try_with_megabytes(megabytes).expect("memory for the transposition table")
    }

    /// [`Self::with_megabytes`], or `None` where the process cannot have the memory (a
    /// limit on its address space, say), which would otherwise abort it.
    pub fn try_with_megabytes(megabytes: usize) -> Option<TranspositionTable> {
        let slots = Self::slots_for(megabytes);
        let mut table = Vec::new();
        table.try_reserve_exact(slots).ok()?;
        table.resize(slots, [0u64; 4]);
        Some(TranspositionTable {
            slots: table,
            mask: slots - 1,
            generation: 0,
            stats: TableStats::default(),
        })
    }

    /// The slots of a table of at most `megabytes` MiB: the largest power of two that
    /// fits, at least one.
    pub fn slots_for(megabytes: usize) -> usize {
        let wanted = megabytes.saturating_mul(1 << 20) / SLOT_BYTES;
        if wanted == 0 {
            1
        } else {
            1usize << (usize::BITS - 1 - wanted.leading_zeros())
        }
    }

    /// The bytes of a table of at most `megabytes` MiB ([`Self::slots_for`]).
    pub fn bytes_for(megabytes: usize) -> usize {
        Self::slots_for(megabytes) * SLOT_BYTES
    }

    /// Slots in the table.
    pub fn slots(&self) -> usize {
        self.slots.len()
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> u64 {
        (self.slots.len() * SLOT_BYTES) as u64
    }

    /// Starts a new search: every slot written before reads as empty, and the counts
    /// start again from zero.
    pub(crate) fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // After 2^32 searches the generations come round again: forget everything
            // once, so that no slot of an old search can pass for this one's.
            self.slots.fill([0; 4]);
            self.generation = 1;
        }
        self.stats = TableStats::default();
    }

    /// What the table did since the search began.
    pub(crate) fn stats(&self) -> TableStats {
        TableStats {
            bytes: self.bytes(),
            ..self.stats
        }
    }

    /// The bounds stored for `key` in this search and the child that gave them
    /// ([`NO_MOVE`]: none), if any.
    #[inline(always)]
    pub(crate) fn probe(&mut self, key: u64) -> Option<(Bounds, u32)> {
        let [check, lower, upper, tag] = self.slots[key as usize & self.mask];
        self.stats.probes += 1;
        let hit = tag as u32 == self.generation && check ^ lower ^ upper ^ tag == key;
        self.stats.hits += u64::from(hit);
        let bounds = Bounds {
            lower: lower as Value,
            upper: upper as Value,
        };
        hit.then_some((bounds, ((tag >> 32) as u32).wrapping_sub(1)))
    }

    /// Stores `bounds` for `key` with `best`, the child that gave them ([`NO_MOVE`]:
    /// none), replacing whatever the slot held.
    #[inline(always)]
    pub(crate) fn store(&mut self, key: u64, bounds: Bounds, best: u32) {
        let (lower, upper) = (bounds.lower as u64, bounds.upper as u64);
        let tag = u64::from(self.generation) | u64::from(best.wrapping_add(1)) << 32;
        self.stats.stores += 1;
        self.slots[key as usize & self.mask] = [key ^ lower ^ upper ^ tag, lower, upper, tag];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_is_a_power_of_two_of_slots_and_one_too_large_is_refused_not_aborted() {
        assert_eq!(TranspositionTable::bytes_for(3), 2 << 20);
        assert_eq!(TranspositionTable::bytes_for(1023), 512 << 20);
        assert_eq!(TranspositionTable::bytes_for(1024), 1024 << 20);
        assert_eq!(TranspositionTable::with_megabytes(3).bytes(), 2 << 20);
        // More than any address space: refused, where `vec!` would abort the process.
        assert!(TranspositionTable::try_with_megabytes(usize::MAX >> 20).is_none());
    }

    #[test]
    fn a_table_forgets_earlier_searches() {
        let mut table = TranspositionTable::with_megabytes(1);
        assert_eq!(table.slots(), (1 << 20) / SLOT_BYTES);
        table.new_search();
        let bounds = Bounds {
            lower: -5,
            upper: 7,
        };
        table.store(42, bounds, 3);
        assert_eq!(table.probe(42), Some((bounds, 3)));
        assert_eq!(table.probe(43), None);
        // Another key of the same slot fails the check.
        assert_eq!(table.probe(42 + table.slots() as u64), None);
        assert_eq!(
            table.stats(),
            TableStats {
                probes: 3,
                hits: 1,
                stores: 1,
                bytes: table.bytes(),
            }
        );
        // No move is kept as none, and a move read whole or not at all.
        table.store(44, bounds, NO_MOVE);
        assert_eq!(table.probe(44), Some((bounds, NO_MOVE)));
        let slot = 45 & table.mask;
        table.store(45, bounds, 7);
        table.slots[slot][3] ^= 2 << 32;
        assert_eq!(table.probe(45), None, "a torn move fails the check");
        table.new_search();
        assert_eq!(table.probe(42), None);
        assert_eq!(table.stats().hits, 0);
    }

    #[test]
    fn generations_that_come_round_again_forget_every_slot() {
        let mut table = TranspositionTable::with_megabytes(1);
        table.new_search();
        let bounds = Bounds { lower: 1, upper: 2 };
        table.store(9, bounds, 0);
        // 2^32 - 1 searches later the generation is 1 again: the slot written in the
        // first would pass for this search's, unless the table forgets it.
        table.generation = u32::MAX;
        table.new_search();
        assert_eq!(table.generation, 1);
        assert_eq!(table.probe(9), None);
    }

    #[test]
    fn children_have_distinct_keys() {
        let root = root_path_key();
        let keys: Vec<u64> = (0..8).map(|i| child_path_key(root, i)).collect();
        for (i, a) in keys.iter().enumerate() {
            assert!(keys[i + 1..].iter().all(|b| b != a));
            assert_ne!(*a, root);
        }
    }
}
