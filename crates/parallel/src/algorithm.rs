//! What a parallel algorithm is to the rest of the crate: a type in its own folder that
//! implements [`Search`] — its settings drawn from [`SearchOptions`] and its search
//! written against the shared [`Context`] — and one line in `abbench-vocab`'s `list.rs`
//! that gives it a name, the settings it reads, whether it shares the node table, and
//! its serial form.

use crate::SearchOptions;
use crate::context::Context;
use crate::executor::Executor;
use abbench_search::Aborted;
use abbench_tree::{GameTree, Value};

/// A shared-memory parallel search.
pub(crate) trait Search {
    /// What it is told, made once per search from the options and the number of
    /// workers.
    type Settings: Sync;

    /// Its settings for a search with `workers` workers.
    fn settings(options: &SearchOptions, workers: usize) -> Self::Settings;

    /// The split height it searches `tree` with on `workers` workers: the one given,
    /// else the random-tree rule for the tree's degree ([`crate::auto_split_height`]).
    fn split_height<T: GameTree>(tree: &T, options: &SearchOptions, workers: usize) -> u32 {
        let _ = workers;
        options.split_height_for(tree.max_degree())
    }

    /// Searches the whole tree; returns the root value and the search-order index of
    /// the root move that produced it.
    fn search<T: GameTree, E: Executor>(
        ctx: &Context<'_, T, E>,
        settings: &Self::Settings,
    ) -> Result<(Value, Option<usize>), Aborted>;

    /// Whether the search will offer work to helpers (on threads, whether they are kept
    /// awake for it): more than one worker, more than one root move, and a root above
    /// the split height.
    fn offers_work<T: GameTree, E: Executor>(ctx: &Context<'_, T, E>) -> bool {
        let root = ctx.tree.root();
        ctx.threads() > 1 && ctx.tree.degree(root) > 1 && ctx.splits(root)
    }
}
