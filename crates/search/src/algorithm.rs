//! The serial algorithms by name, as the command line and reports call them.

use crate::f0::f0_with;
use crate::f1::f1_with;
use crate::f2::f2_with;
use crate::{Counters, F2Iter, SearchResult};
use abbench_tree::GameTree;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A serial search procedure of the paper.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SerialAlgorithm {
    /// Negamax, eq. (1): the oracle.
    F0,
    /// Branch-and-bound without deep cutoffs, §2.
    F1,
    /// Alpha-beta, recursive, §2.
    F2,
    /// Alpha-beta without recursion: the fast kernel and the speedup baseline.
    F2Iter,
}

impl SerialAlgorithm {
    /// Every serial algorithm.
    pub const ALL: [SerialAlgorithm; 4] = [
        SerialAlgorithm::F0,
        SerialAlgorithm::F1,
        SerialAlgorithm::F2,
        SerialAlgorithm::F2Iter,
    ];

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            SerialAlgorithm::F0 => "f0",
            SerialAlgorithm::F1 => "f1",
            SerialAlgorithm::F2 => "f2",
            SerialAlgorithm::F2Iter => "f2-iter",
        }
    }

    /// Searches the whole tree.
    pub fn search<T: GameTree, C: Counters>(self, tree: &T) -> SearchResult {
        self.search_with(tree, C::for_height(tree.height()))
    }

    /// Searches the whole tree, counting into `counters`.
    pub fn search_with<T: GameTree, C: Counters>(self, tree: &T, counters: C) -> SearchResult {
        match self {
            SerialAlgorithm::F0 => f0_with(tree, counters),
            SerialAlgorithm::F1 => f1_with(tree, counters),
            SerialAlgorithm::F2 => f2_with(tree, counters),
            SerialAlgorithm::F2Iter => F2Iter::new(tree).search_with(tree, counters),
        }
    }
}

impl fmt::Display for SerialAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a serial algorithm.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown algorithm '{0}': expected one of f0, f1, f2, f2-iter")]
pub struct UnknownAlgorithm(pub String);

impl FromStr for SerialAlgorithm {
    type Err = UnknownAlgorithm;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        SerialAlgorithm::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| UnknownAlgorithm(s.to_string()))
    }
}
