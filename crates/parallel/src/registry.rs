//! What makes the one list of parallel algorithms (in `lib.rs`, a line each: the name,
//! the folder, and the type there that implements [`crate::algorithm::Search`]) into the
//! folder's module, the enum [`ParallelAlgorithm`], its names (the command line's, the
//! records', the JSON schema's), [`ParallelAlgorithm::ALL`] and the dispatch from a name
//! to its search. The command line, the records and the suites take every name from
//! here, and a test in `crates/cli` fails when a list elsewhere (the schema, the README,
//! the parallel suite) disagrees.

use crate::algorithm::Setting;
use crate::context::Context;
use crate::executor::Executor;
use crate::table::NodeTable;
use crate::{ParallelAlgorithm, SearchOptions};
use abbench_tree::GameTree;

/// Declares the parallel algorithms, one line each (in `lib.rs`): its variant, its name,
/// and its folder's type that implements [`crate::algorithm::Search`].
macro_rules! algorithms {
    ($($(#[doc = $doc:literal])* $variant:ident = $name:literal => $module:ident::$search:ident;)*) => {
        $(mod $module;)*

        /// A shared-memory parallel search.
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, ::serde::Serialize, ::serde::Deserialize,
        )]
        pub enum ParallelAlgorithm {
            $($(#[doc = $doc])* #[serde(rename = $name)] $variant,)*
        }

        impl ParallelAlgorithm {
            /// Every parallel algorithm, in the order of the list.
            pub const ALL: [ParallelAlgorithm; [$($name),*].len()] =
                [$(ParallelAlgorithm::$variant),*];

            /// The name used on the command line, in records and in reports.
            pub fn name(self) -> &'static str {
                match self {
                    $(ParallelAlgorithm::$variant => $name,)*
                }
            }

            /// Whether the algorithm reads `setting` of [`crate::SearchOptions`].
            pub fn reads(self, setting: $crate::Setting) -> bool {
                match self {
                    $(ParallelAlgorithm::$variant => <$module::$search as $crate::algorithm::Search>::READS.contains(&setting),)*
                }
            }

            /// Whether it shares a node table among its workers, of `--tt-mb`'s size
            /// ([`SearchOptions::tt_mb`]): a table search, as the serial MTD(f) is.
            pub fn uses_table(self) -> bool {
                match self {
                    $(ParallelAlgorithm::$variant => <$module::$search as $crate::algorithm::Search>::TABLE,)*
                }
            }

            /// The serial search it is on one worker with automatic options
            /// (its folder's `Search::SERIAL_FORM`): its one-thread time is held to that
            /// search's.
            pub fn serial_form(self) -> ::abbench_search::SerialAlgorithm {
                match self {
                    $(ParallelAlgorithm::$variant => <$module::$search as $crate::algorithm::Search>::SERIAL_FORM,)*
                }
            }

            /// The split height it searches `tree` with on `workers` workers
            /// (its folder's `Search::split_height`): the one given, else its rule for
            /// the tree; a record carries it.
            pub fn split_height<T: ::abbench_tree::GameTree>(
                self,
                tree: &T,
                options: &$crate::SearchOptions,
                workers: usize,
            ) -> u32 {
                match self {
                    $(ParallelAlgorithm::$variant => <$module::$search as $crate::algorithm::Search>::split_height(tree, options, workers),)*
                }
            }

            /// Runs the algorithm on `ctx` with the settings `options` give.
            pub(crate) fn search<T: ::abbench_tree::GameTree, E: $crate::executor::Executor>(
                self,
                ctx: &$crate::context::Context<'_, T, E>,
                options: &$crate::SearchOptions,
            ) -> Result<(::abbench_tree::Value, Option<usize>), ::abbench_search::Aborted> {
                match self {
                    $(ParallelAlgorithm::$variant => {
                        let settings = <$module::$search as $crate::algorithm::Search>::settings(options, ctx.threads());
                        <$module::$search as $crate::algorithm::Search>::search(ctx, &settings)
                    })*
                }
            }

            /// Whether its search on `ctx` will offer work to helpers
            /// ([`Search::offers_work`]).
            pub(crate) fn offers_work<T: ::abbench_tree::GameTree, E: $crate::executor::Executor>(self, ctx: &$crate::context::Context<'_, T, E>) -> bool {
                match self {
                    $(ParallelAlgorithm::$variant => <$module::$search as $crate::algorithm::Search>::offers_work(ctx),)*
                }
            }
        }
    };
}

impl ParallelAlgorithm {
    /// Whether the algorithm has a split height (every one but root splitting).
    pub fn has_split_height(self) -> bool {
        self.reads(Setting::SplitHeight)
    }

    /// The names of every algorithm, comma-separated (`root-split,ybwc,…`).
    pub fn names() -> String {
        ParallelAlgorithm::ALL
            .map(ParallelAlgorithm::name)
            .join(",")
    }

    /// The shared context of a search with this algorithm, lent `table` if it shares one
    /// ([`ParallelAlgorithm::uses_table`]; allocated before the search).
    pub(crate) fn context<'t, T: GameTree, E: Executor>(
        self,
        tree: &'t T,
        options: &SearchOptions,
        executor: E,
        table: Option<&'t NodeTable>,
    ) -> Context<'t, T, E> {
        let split_height = self.split_height(tree, options, executor.workers());
        Context::new(
            tree,
            options,
            executor,
            table.filter(|_| self.uses_table()),
            split_height,
        )
    }
}

impl std::fmt::Display for ParallelAlgorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for ParallelAlgorithm {
    type Err = abbench_search::UnknownAlgorithm;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ParallelAlgorithm::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| abbench_search::UnknownAlgorithm::new(s, &EXPECTED))
    }
}

/// The names as an error lists them: "root-split, ybwc, … or null-window".
static EXPECTED: std::sync::LazyLock<String> =
    std::sync::LazyLock::new(|| one_of(&ParallelAlgorithm::ALL.map(ParallelAlgorithm::name)));

/// `names` as a list of alternatives: "a, b or c".
pub fn one_of(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back_and_serialize_as_themselves() {
        for algorithm in ParallelAlgorithm::ALL {
            assert_eq!(
                algorithm.name().parse::<ParallelAlgorithm>().unwrap(),
                algorithm
            );
            let json = serde_json::to_string(&algorithm).unwrap();
            assert_eq!(json, format!("\"{}\"", algorithm.name()));
        }
    }
}
