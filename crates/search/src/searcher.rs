//! A serial search set up once and run many times: the algorithm, its options, and what
//! it allocates before it is timed (`f2-iter`'s stack, MTD(f)'s transposition table).
//!
//! The paper's searches without options take the same paths as [`SerialAlgorithm::search`]
//! (f0, f1, f2 and the kernel exactly as they are); a root window or the `>` criterion
//! sends `f2` to the windowed procedure and `f2-iter` to the kernel's windowed entry.
//! Node kinds are counted by the windowed procedure: `f2-iter` examines exactly the
//! positions `f2` examines, with any window and criterion (tested), so its kinds are
//! those the procedure counts, and the kernel's loop carries no counting of its own; the
//! same holds of `f2-soft` and its non-recursive kernel.

use crate::aspiration::aspiration_with;
use crate::deadline::{Deadline, TimedOut, within};
use crate::f0::f0_with;
use crate::f1::f1_with;
use crate::f2::f2_with;
use crate::f2_soft_iter::SoftIter;
use crate::mtdf::{MtdfIter, mtdf_with};
use crate::pvs::PvsIter;
use crate::window_search::{Form, window_search};
use crate::{
    Counters, F2Iter, OptionError, SearchResult, SerialAlgorithm, SerialOptions, TranspositionTable,
};
use abbench_tree::GameTree;
use std::time::{Duration, Instant};

/// A serial algorithm with its options, ready to search one tree.
pub struct SerialSearch<T: GameTree> {
    algorithm: SerialAlgorithm,
    options: SerialOptions,
    kernel: F2Iter<T>,
    pvs: Option<PvsIter<T>>,
    soft: Option<SoftIter<T>>,
    mtdf: Option<MtdfIter<T>>,
    table: Option<TranspositionTable>,
}

impl<T: GameTree> SerialSearch<T> {
    /// Checks `options` and allocates what `algorithm` needs to search `tree`.
    pub fn new(
        algorithm: SerialAlgorithm,
        options: SerialOptions,
        tree: &T,
    ) -> Result<Self, OptionError> {
        options.validate()?;
        let table = match algorithm {
            SerialAlgorithm::Mtdf => Some(
                TranspositionTable::try_with_megabytes(options.tt_mb)
                    .ok_or(OptionError::TableAllocation(options.tt_mb))?,
            ),
            _ => None,
        };
        Ok(SerialSearch {
            algorithm,
            options,
            kernel: F2Iter::new(tree),
            pvs: (algorithm == SerialAlgorithm::Pvs).then(|| PvsIter::new(tree)),
            soft: (algorithm == SerialAlgorithm::F2Soft).then(|| SoftIter::new(tree)),
            mtdf: (algorithm == SerialAlgorithm::Mtdf).then(|| MtdfIter::new(tree)),
            table,
        })
    }

    /// The algorithm.
    pub fn algorithm(&self) -> SerialAlgorithm {
        self.algorithm
    }

    /// The options.
    pub fn options(&self) -> &SerialOptions {
        &self.options
    }

    /// Searches `tree`.
    pub fn search<C: Counters>(&mut self, tree: &T) -> SearchResult {
        self.search_with(tree, C::for_height(tree.height()))
    }

    /// Searches `tree`, counting into `counters`.
    pub fn search_with<C: Counters>(&mut self, tree: &T, counters: C) -> SearchResult {
        let options = &self.options;
        let form = |soft| Form {
            soft,
            cutoff: options.cutoff,
        };
        match self.algorithm {
            SerialAlgorithm::F0 => f0_with(tree, counters),
            SerialAlgorithm::F1 => f1_with(tree, counters),
            SerialAlgorithm::F2 if options.is_plain_f2() => f2_with(tree, counters),
            SerialAlgorithm::F2 => {
                window_search(tree, options.window, form(false), options.kinds, counters)
            }
            SerialAlgorithm::F2Iter if options.is_plain_f2() => {
                self.kernel.search_with(tree, counters)
            }
            SerialAlgorithm::F2Iter if options.kinds => {
                window_search(tree, options.window, form(false), true, counters)
            }
            SerialAlgorithm::F2Iter => {
                self.kernel
                    .search_window(tree, options.window, options.cutoff, counters)
            }
            SerialAlgorithm::F2Soft if options.kinds => {
                window_search(tree, options.window, form(true), true, counters)
            }
            SerialAlgorithm::F2Soft => self
                .soft
                .as_mut()
                .expect("an f2-soft search is set up with its stack")
                .search_window(tree, options.window, options.cutoff, counters),
            SerialAlgorithm::Pvs => self
                .pvs
                .as_mut()
                .expect("a pvs search is set up with its stack")
                .search_with(tree, counters),
            SerialAlgorithm::Aspiration => {
                aspiration_with(tree, &mut self.kernel, options, counters)
            }
            SerialAlgorithm::Mtdf => {
                let table = self
                    .table
                    .as_mut()
                    .expect("an mtdf search is set up with its table");
                let kernel = self
                    .mtdf
                    .as_mut()
                    .expect("an mtdf search is set up with its stack");
                mtdf_with(tree, kernel, table, options, counters)
            }
        }
    }

    /// Searches `tree`, giving up after `limit`.
    pub fn search_within<C: Counters>(
        &mut self,
        tree: &T,
        limit: Duration,
    ) -> Result<SearchResult, TimedOut> {
        let counters = Deadline::new(C::for_height(tree.height()), Instant::now() + limit);
        within(|| self.search_with(tree, counters))
    }
}

/// A serial search by its name ([`SerialAlgorithm`], a word of `abbench-vocab`): the
/// whole-tree search with the default options, each through a [`SerialSearch`] of its
/// own (the searcher sits above the algorithm's name and the deadline, which it uses).
pub trait SerialRun: Copy {
    /// Searches the whole tree with the default options.
    fn search<T: GameTree, C: Counters>(self, tree: &T) -> SearchResult {
        self.search_with(tree, C::for_height(tree.height()))
    }

    /// Searches the whole tree with the default options, counting into `counters`.
    /// (`mtdf` allocates its table here; [`SerialSearch`] allocates it once for many
    /// searches.)
    fn search_with<T: GameTree, C: Counters>(self, tree: &T, counters: C) -> SearchResult;
}

impl SerialRun for SerialAlgorithm {
    fn search_with<T: GameTree, C: Counters>(self, tree: &T, counters: C) -> SearchResult {
        SerialSearch::new(self, SerialOptions::default(), tree)
            .expect("the default options are valid")
            .search_with(tree, counters)
    }
}

/// Searches the whole tree with `algorithm` (default options), giving up after `limit`.
pub fn search_within<T: GameTree, C: Counters>(
    algorithm: SerialAlgorithm,
    tree: &T,
    limit: Duration,
) -> Result<SearchResult, TimedOut> {
    SerialSearch::new(algorithm, SerialOptions::default(), tree)
        .expect("the default options are valid")
        .search_within::<C>(tree, limit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Basic, Cutoff};
    use abbench_tree::models::RandomTree;

    /// The searcher keeps the options it was given, and counts node kinds only when
    /// asked: the windowed procedure runs for the kernels only then.
    #[test]
    fn kinds_are_counted_only_when_asked() {
        let tree = RandomTree::new(3, 4, 1, 1000);
        for algorithm in [
            SerialAlgorithm::F2,
            SerialAlgorithm::F2Iter,
            SerialAlgorithm::F2Soft,
        ] {
            for kinds in [false, true] {
                let options = SerialOptions {
                    kinds,
                    cutoff: Cutoff::Gt,
                    tt_mb: 3,
                    ..SerialOptions::default()
                };
                let mut search = SerialSearch::new(algorithm, options, &tree).unwrap();
                assert_eq!(search.options(), &options);
                assert_eq!(search.algorithm(), algorithm);
                let r = search.search::<Basic>(&tree);
                assert_eq!(r.kinds.is_some(), kinds, "{algorithm} kinds {kinds}");
            }
        }
    }
}
