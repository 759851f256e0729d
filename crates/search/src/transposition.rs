//! MTD(f)'s transposition table: bounds on node values kept between its null-window
//! passes (Plaat, Schaeffer, Pijls & de Bruin 1996, "Best-first fixed-depth minimax
//! algorithms").
//!
//! A node is named by its *path key*: the root's key is the specification's
//! `mix64(0)`, the `i`-th child's (search order) is the specification's child-key rule
//! `mix64(k + i*G)` applied to its parent's key `k`. Every tree, implicit, arena or read
//! from a file, has such keys, and a game tree has no transpositions, so a key names one
//! node (up to 64-bit collisions, which the table cannot tell from a hit).
//!
//! The table is one array of `2^k` slots, allocated once when the search is set up and
//! never resized; a slot is chosen by the key's low bits and always replaced. Each search
//! has its own generation number: a slot written by an earlier search reads as empty, so
//! no search sees another's bounds and repeated runs examine the same positions, without
//! clearing the array between them.

use abbench_tree::hash::{child_key, root_key};
use abbench_tree::{INFINITY, NEG_INFINITY, Value};

/// Bytes of one slot: key, generation, lower bound, upper bound.
pub const SLOT_BYTES: usize = 32;

/// The path key of the root.
#[inline(always)]
pub(crate) fn root_path_key() -> u64 {
    root_key(0)
}

/// The path key of the `i`-th child (search order) of the node keyed `parent`.
#[inline(always)]
pub(crate) fn child_path_key(parent: u64, i: usize) -> u64 {
    child_key(parent, i as u64)
}

/// Bounds `lower <= F(node) <= upper` known for a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    pub lower: Value,
    pub upper: Value,
}

impl Bounds {
    /// Nothing known.
    pub const UNKNOWN: Bounds = Bounds {
        lower: NEG_INFINITY,
        upper: INFINITY,
    };
}

/// A fixed-size table of [`Bounds`] by path key.
pub struct TranspositionTable {
    /// `[key, generation, lower, upper]` per slot; all zero is empty (generations start at
    /// 1), so the array is allocated zeroed.
    slots: Vec<[u64; 4]>,
    mask: usize,
    generation: u64,
}

impl TranspositionTable {
    /// A table of at most `megabytes` MiB: the largest power of two of slots that fits
    /// (at least one).
    pub fn with_megabytes(megabytes: usize) -> TranspositionTable {
        let wanted = (megabytes << 20) / SLOT_BYTES;
        let slots = if wanted == 0 {
            1
        } else {
            1usize << (usize::BITS - 1 - wanted.leading_zeros())
        };
        TranspositionTable {
            slots: vec![[0u64; 4]; slots],
            mask: slots - 1,
            generation: 0,
        }
    }

    /// Slots in the table.
    pub fn slots(&self) -> usize {
        self.slots.len()
    }

    /// Starts a new search: every slot written before reads as empty.
    pub(crate) fn new_search(&mut self) {
        self.generation += 1;
    }

    /// The bounds stored for `key` in this search, if any.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Bounds> {
        let slot = &self.slots[key as usize & self.mask];
        (slot[0] == key && slot[1] == self.generation).then(|| Bounds {
            lower: slot[2] as Value,
            upper: slot[3] as Value,
        })
    }

    /// Stores `bounds` for `key`, replacing whatever the slot held.
    #[inline]
    pub(crate) fn store(&mut self, key: u64, bounds: Bounds) {
        self.slots[key as usize & self.mask] = [
            key,
            self.generation,
            bounds.lower as u64,
            bounds.upper as u64,
        ];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_forgets_earlier_searches() {
        let mut table = TranspositionTable::with_megabytes(1);
        assert_eq!(table.slots(), (1 << 20) / SLOT_BYTES);
        table.new_search();
        let bounds = Bounds {
            lower: -5,
            upper: 7,
        };
        table.store(42, bounds);
        assert_eq!(table.probe(42), Some(bounds));
        assert_eq!(table.probe(43), None);
        table.new_search();
        assert_eq!(table.probe(42), None);
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
