//! What a parallel algorithm is to the rest of the crate: a type in its own folder that
//! implements [`Search`] — its settings drawn from [`SearchOptions`] and its search
//! written against the shared [`Context`] — and one line in `abbench-vocab`'s `list.rs`
//! that gives it a name, the settings it reads, whether it shares the node table, and
//! its serial form.

use crate::SearchOptions;
use crate::context::Context;
use crate::executor::Executor;
use crate::options::{SettingRefused, split_height_for};
use abbench_search::{Aborted, GuessSource, Pass};
use abbench_tree::{GameTree, Value};
use abbench_vocab::OwnStats;

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
        split_height_for(options, tree.max_degree())
    }

    /// Sets in `used` the values its own rules chose for the settings it reads on
    /// `tree` on `workers` workers, where `options` does not give them: what its record
    /// names. The default chooses the split height ([`Search::split_height`]).
    fn choose<T: GameTree>(
        tree: &T,
        options: &SearchOptions,
        workers: usize,
        used: &mut SearchOptions,
    ) {
        used.split_height = Some(Self::split_height(tree, options, workers));
    }

    /// Refuses a setting it cannot search `tree` with, before any search. The default
    /// takes every value the setting's range allows.
    fn check<T: GameTree>(tree: &T, options: &SearchOptions) -> Result<(), SettingRefused> {
        let _ = (tree, options);
        Ok(())
    }

    /// Searches the whole tree: the root value, the search-order index of the root move
    /// that produced it, and what the search reports of its own.
    fn search<T: GameTree, E: Executor>(
        ctx: &Context<'_, T, E>,
        settings: &Self::Settings,
    ) -> Result<Found, Aborted>;

    /// Whether the search will offer work to helpers (on threads, whether they are kept
    /// awake for it): more than one worker, more than one root move, and a root above
    /// the split height.
    fn offers_work<T: GameTree, E: Executor>(ctx: &Context<'_, T, E>) -> bool {
        let root = ctx.tree.root();
        ctx.threads() > 1 && ctx.tree.degree(root) > 1 && ctx.splits(root)
    }
}

/// What one search found: the root value, the search-order index of the root move that
/// produced it, the root searches it made one after another (a search by null-window
/// tests, as serial MTD(f)'s passes), and its own statistics.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Found {
    /// `F(root)`.
    pub(crate) value: Value,
    /// The search-order index of the best root move; `None` for a terminal root.
    pub(crate) best: Option<usize>,
    /// The root searches made one at a time, in order; empty where none were.
    pub(crate) passes: Vec<Pass>,
    /// Where the first guess of its root searches came from, where it names it (a
    /// guess given).
    pub(crate) guess_source: Option<GuessSource>,
    /// What the algorithm reports of its own ([`OwnStats`]).
    pub(crate) own: Option<OwnStats>,
}

impl From<(Value, Option<usize>)> for Found {
    fn from((value, best): (Value, Option<usize>)) -> Found {
        Found {
            value,
            best,
            ..Found::default()
        }
    }
}
