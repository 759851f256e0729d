//! What makes the one list of parallel algorithms (`abbench-vocab`'s `list.rs`, a line
//! each: the name, the folder here, the type there that implements
//! [`crate::algorithm::Search`], and what the algorithm reads) into the folders' modules
//! and the dispatch from a [`ParallelAlgorithm`] to its search. The enum itself and its
//! names are the vocabulary's, so the record format and the command line know them
//! without this crate.

use crate::SearchOptions;
use crate::algorithm::Found;
use crate::context::Context;
use crate::executor::Executor;
use crate::table::NodeTable;
use abbench_search::Aborted;
use abbench_tree::GameTree;
use abbench_vocab::{Algorithm, ParallelAlgorithm};

/// Makes the folders' modules and the dispatch of the list (`lib.rs` hands it the list).
macro_rules! dispatch {
    ($($(#[doc = $doc:literal])* $variant:ident = $name:literal => $module:ident::$search:ident $properties:tt;)*) => {
        $(mod $module;)*

        /// The split height `algorithm` searches `tree` with on `workers` workers (its
        /// folder's `Search::split_height`): the one given, else its rule for the tree;
        /// a record carries it.
        pub fn split_height<T: ::abbench_tree::GameTree>(
            algorithm: ::abbench_vocab::ParallelAlgorithm,
            tree: &T,
            options: &crate::SearchOptions,
            workers: usize,
        ) -> u32 {
            match algorithm {
                $(::abbench_vocab::ParallelAlgorithm::$variant => <$module::$search as crate::algorithm::Search>::split_height(tree, options, workers),)*
            }
        }

        impl crate::registry::Dispatch for ::abbench_vocab::ParallelAlgorithm {
            fn search<T: ::abbench_tree::GameTree, E: crate::executor::Executor>(
                self,
                ctx: &crate::context::Context<'_, T, E>,
                options: &crate::SearchOptions,
            ) -> Result<crate::algorithm::Found, ::abbench_search::Aborted> {
                match self {
                    $(::abbench_vocab::ParallelAlgorithm::$variant => {
                        let settings = <$module::$search as crate::algorithm::Search>::settings(options, ctx.threads());
                        <$module::$search as crate::algorithm::Search>::search(ctx, &settings)
                    })*
                }
            }

            fn offers_work<T: ::abbench_tree::GameTree, E: crate::executor::Executor>(self, ctx: &crate::context::Context<'_, T, E>) -> bool {
                match self {
                    $(::abbench_vocab::ParallelAlgorithm::$variant => <$module::$search as crate::algorithm::Search>::offers_work(ctx),)*
                }
            }

            fn choose<T: ::abbench_tree::GameTree>(self, tree: &T, options: &crate::SearchOptions, workers: usize, used: &mut crate::SearchOptions) {
                match self {
                    $(::abbench_vocab::ParallelAlgorithm::$variant => <$module::$search as crate::algorithm::Search>::choose(tree, options, workers, used),)*
                }
            }

            fn check<T: ::abbench_tree::GameTree>(self, tree: &T, options: &crate::SearchOptions) -> Result<(), crate::SettingRefused> {
                match self {
                    $(::abbench_vocab::ParallelAlgorithm::$variant => <$module::$search as crate::algorithm::Search>::check(tree, options),)*
                }
            }
        }
    };
}

/// From an algorithm's name to its folder's search.
pub(crate) trait Dispatch: Copy {
    /// Runs the algorithm on `ctx` with the settings `options` give.
    fn search<T: GameTree, E: Executor>(
        self,
        ctx: &Context<'_, T, E>,
        options: &SearchOptions,
    ) -> Result<Found, Aborted>;

    /// Whether its search on `ctx` will offer work to helpers
    /// ([`crate::algorithm::Search::offers_work`]).
    fn offers_work<T: GameTree, E: Executor>(self, ctx: &Context<'_, T, E>) -> bool;

    /// Its folder's `Search::choose`.
    fn choose<T: GameTree>(
        self,
        tree: &T,
        options: &SearchOptions,
        workers: usize,
        used: &mut SearchOptions,
    );

    /// Its folder's `Search::check`.
    fn check<T: GameTree>(
        self,
        tree: &T,
        options: &SearchOptions,
    ) -> Result<(), crate::SettingRefused>;
}

/// The settings `algorithm` searches `tree` with on `workers` workers, as its record
/// names them: those of `options` it reads, and the values its rules chose for the
/// others it reads ([`crate::algorithm::Search::choose`]).
pub fn settings_used<T: GameTree>(
    algorithm: ParallelAlgorithm,
    tree: &T,
    options: &SearchOptions,
    workers: usize,
) -> SearchOptions {
    let mut used = options.read_by(Algorithm::Parallel(algorithm));
    algorithm.choose(tree, options, workers, &mut used);
    used
}

/// Refuses, before any search, a setting `algorithm` cannot search `tree` with (a memory
/// bound below one node's children, say).
pub fn check_settings<T: GameTree>(
    algorithm: ParallelAlgorithm,
    tree: &T,
    options: &SearchOptions,
) -> Result<(), crate::SettingRefused> {
    algorithm.check(tree, options)
}

/// The shared context of a search with `algorithm`, lent `table` if it shares one
/// ([`ParallelAlgorithm::uses_table`]; allocated before the search).
pub(crate) fn context<'t, T: GameTree, E: Executor>(
    algorithm: ParallelAlgorithm,
    tree: &'t T,
    options: &SearchOptions,
    executor: E,
    table: Option<&'t NodeTable>,
) -> Context<'t, T, E> {
    let split_height = crate::split_height(algorithm, tree, options, executor.workers());
    Context::new(
        tree,
        options,
        executor,
        table.filter(|_| algorithm.uses_table()),
        split_height,
    )
}
