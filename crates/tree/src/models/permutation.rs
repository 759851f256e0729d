//! A small fixed-capacity permutation, the per-node data of models that reorder or
//! relabel children (`dependent`, `branch-sum` with static order).

/// The largest degree a model with per-node permutations supports.
pub const MAX_PERMUTED_DEGREE: usize = 64;

/// A permutation of `0..len` for `len <= MAX_PERMUTED_DEGREE`, stored inline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Permutation {
    entries: [u8; MAX_PERMUTED_DEGREE],
}

impl Permutation {
    /// The identity on `0..len`.
    #[inline]
    pub fn identity(len: usize) -> Self {
        debug_assert!(len <= MAX_PERMUTED_DEGREE);
        let mut entries = [0u8; MAX_PERMUTED_DEGREE];
        for (i, e) in entries.iter_mut().enumerate().take(len) {
            *e = i as u8;
        }
        Permutation { entries }
    }

    /// The image of `i`.
    #[inline(always)]
    pub fn get(&self, i: usize) -> usize {
        self.entries[i] as usize
    }

    /// Exchanges the images of `i` and `j`.
    #[inline]
    pub fn swap(&mut self, i: usize, j: usize) {
        self.entries.swap(i, j);
    }

    /// The first `len` entries, mutably (for sorting).
    #[inline]
    pub fn prefix_mut(&mut self, len: usize) -> &mut [u8] {
        &mut self.entries[..len]
    }
}
