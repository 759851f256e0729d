//! The parallel searches by name ([`ParallelAlgorithm`], made from the one list in
//! `list.rs`), with the settings each reads ([`Setting`]).

use crate::{SerialAlgorithm, Setting, UnknownAlgorithm, one_of};
use serde::{Deserialize, Serialize};

/// Makes [`ParallelAlgorithm`] of the list.
macro_rules! declare_parallel_algorithms {
    ($($(#[doc = $doc:literal])* $variant:ident = $name:literal => $module:ident::$search:ident {
        reads: [$($reads:ident),*], table: $table:literal, serial_form: $serial:ident
    };)*) => {
        /// A shared-memory parallel search.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
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

            /// The settings its line lists; [`ParallelAlgorithm::reads`] adds the table's
            /// size for a table search and what every search reads.
            pub fn settings(self) -> &'static [Setting] {
                match self {
                    $(ParallelAlgorithm::$variant => &[$(Setting::$reads),*],)*
                }
            }

            /// Whether it shares a node table among its workers, of `--tt-mb`'s size: a
            /// table search, as the serial MTD(f) is.
            pub fn uses_table(self) -> bool {
                match self {
                    $(ParallelAlgorithm::$variant => $table,)*
                }
            }

            /// The serial search it is on one worker with automatic options: its
            /// one-thread time is held to that search's.
            pub fn serial_form(self) -> SerialAlgorithm {
                match self {
                    $(ParallelAlgorithm::$variant => SerialAlgorithm::$serial,)*
                }
            }
        }
    };
}

crate::parallel_algorithms!(declare_parallel_algorithms);

impl ParallelAlgorithm {
    /// Whether the algorithm reads `setting`: one its line lists, the table's size
    /// where it shares a table, and what every search reads.
    pub fn reads(self, setting: Setting) -> bool {
        setting.read_by_every_search()
            || self.settings().contains(&setting)
            || (setting == Setting::TtMb && self.uses_table())
    }

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

    /// The names of every algorithm as prose: "root-split, ybwc, … and null-window".
    pub fn listed() -> String {
        crate::and_list(&ParallelAlgorithm::ALL.map(ParallelAlgorithm::name))
    }

    /// The names of the algorithms that share a node table, as prose.
    pub fn table_searches() -> String {
        let names: Vec<&str> = ParallelAlgorithm::ALL
            .into_iter()
            .filter(|a| a.uses_table())
            .map(ParallelAlgorithm::name)
            .collect();
        crate::and_list(&names)
    }
}

impl std::fmt::Display for ParallelAlgorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for ParallelAlgorithm {
    type Err = UnknownAlgorithm;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ParallelAlgorithm::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| UnknownAlgorithm::new(s, &EXPECTED))
    }
}

/// The names as an error lists them: "root-split, ybwc, … or null-window".
static EXPECTED: std::sync::LazyLock<String> =
    std::sync::LazyLock::new(|| one_of(&ParallelAlgorithm::ALL.map(ParallelAlgorithm::name)));

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
        let err = "f9".parse::<ParallelAlgorithm>().unwrap_err();
        assert!(err.to_string().ends_with(&one_of(
            &ParallelAlgorithm::ALL.map(ParallelAlgorithm::name)
        )));
    }

    #[test]
    fn every_algorithm_with_a_split_height_reads_it_and_only_table_searches_read_a_guess() {
        for algorithm in ParallelAlgorithm::ALL {
            assert_eq!(
                algorithm.has_split_height(),
                algorithm.reads(Setting::SplitHeight)
            );
            if algorithm.reads(Setting::Guess) {
                assert!(algorithm.uses_table(), "{algorithm}");
            }
        }
    }
}
