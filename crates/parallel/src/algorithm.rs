//! What a parallel algorithm is to the rest of the crate: a type in its own folder that
//! implements [`Search`] — its settings drawn from [`SearchOptions`], what it needs of the
//! shared node table, and its search written against the shared [`Context`] — and one
//! line in `registry.rs` that gives it a name.

use crate::SearchOptions;
use crate::context::Context;
use crate::executor::Executor;
use abbench_search::{Aborted, SerialAlgorithm};
use abbench_tree::{GameTree, Value};
use serde::{Deserialize, Serialize};

/// A setting of [`SearchOptions`] that only some algorithms read: a record carries it,
/// and the command line accepts it without a note, only for those
/// ([`crate::ParallelAlgorithm::reads`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Setting {
    /// [`SearchOptions::split_height`]: where the parallel part ends and the serial
    /// kernel begins.
    SplitHeight,
    /// [`SearchOptions::eldest_grain`]: a split point too small to share.
    EldestGrain,
    /// [`SearchOptions::cut_wait`]: brothers searched alone at an expected cut node.
    CutWait,
    /// [`SearchOptions::guess`]: the first guess of a search by null-window tests.
    Guess,
}

impl Setting {
    /// Every setting an algorithm may read or not.
    pub const ALL: [Setting; 4] = [
        Setting::SplitHeight,
        Setting::EldestGrain,
        Setting::CutWait,
        Setting::Guess,
    ];

    /// The option's name on the command line, without the dashes.
    pub fn flag(self) -> &'static str {
        match self {
            Setting::SplitHeight => "split-height",
            Setting::EldestGrain => "eldest-grain",
            Setting::CutWait => "cut-wait",
            Setting::Guess => "guess",
        }
    }
}

/// A shared-memory parallel search.
pub(crate) trait Search {
    /// The settings of [`SearchOptions`] it reads; the others leave it unchanged.
    const READS: &'static [Setting];

    /// What it is told, made once per search from the options and the number of
    /// workers.
    type Settings: Sync;

    /// Its settings for a search with `workers` workers.
    fn settings(options: &SearchOptions, workers: usize) -> Self::Settings;

    /// The serial search it runs on one worker with an automatic split height, position
    /// for position (`serial_forms_run_alone_with_automatic_options`): F2's kernel
    /// unless it says otherwise.
    const SERIAL_FORM: SerialAlgorithm = SerialAlgorithm::F2Iter;

    /// The split height it searches `tree` with on `workers` workers: the one given,
    /// else the random-tree rule for the tree's degree ([`crate::auto_split_height`]).
    fn split_height<T: GameTree>(tree: &T, options: &SearchOptions, workers: usize) -> u32 {
        let _ = workers;
        options.split_height_for(tree.max_degree())
    }

    /// Whether it shares a node table among its workers (of `--tt-mb`'s size, the
    /// serial MTD(f)'s: [`crate::ParallelSearcher`] allocates it before the search).
    const TABLE: bool = false;

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
