//! The serial searches by name, as the command line, the records and the reports call
//! them, and the options of a serial search each reads.

use crate::Setting;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A serial search procedure of the paper, or a window technique beside it.
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
    /// Fail-soft alpha-beta; its result carries the bound kind.
    F2Soft,
    /// Principal variation search (NegaScout).
    Pvs,
    /// Aspiration search: a window around a guess, re-searched on failure.
    Aspiration,
    /// MTD(f): null-window passes with a transposition table.
    Mtdf,
}

impl SerialAlgorithm {
    /// Every serial algorithm: the paper's, then the window techniques.
    pub const ALL: [SerialAlgorithm; 8] = [
        SerialAlgorithm::F0,
        SerialAlgorithm::F1,
        SerialAlgorithm::F2,
        SerialAlgorithm::F2Iter,
        SerialAlgorithm::F2Soft,
        SerialAlgorithm::Pvs,
        SerialAlgorithm::Aspiration,
        SerialAlgorithm::Mtdf,
    ];

    /// The procedures of the paper (§2): F0, F1, F2 and its non-recursive form.
    pub const PAPER: [SerialAlgorithm; 4] = [
        SerialAlgorithm::F0,
        SerialAlgorithm::F1,
        SerialAlgorithm::F2,
        SerialAlgorithm::F2Iter,
    ];

    /// The searches that compute every tree's exact value with the full window, F2's
    /// kernel first: the candidates for the fastest serial search a parallel one is held
    /// to.
    pub const EXACT: [SerialAlgorithm; 5] = [
        SerialAlgorithm::F2Iter,
        SerialAlgorithm::F2Soft,
        SerialAlgorithm::Pvs,
        SerialAlgorithm::Aspiration,
        SerialAlgorithm::Mtdf,
    ];

    /// Whether the algorithm takes a root window, a cutoff criterion and node kinds
    /// (`SerialOptions::window`, `cutoff` and `kinds` in `abbench-search`).
    pub fn takes_window(self) -> bool {
        self.reads(Setting::Window)
    }

    /// The settings it reads ([`Setting`], besides those every search reads); the others
    /// leave it unchanged.
    pub fn settings(self) -> &'static [Setting] {
        use Setting::{AspirationDelta, Cutoff, Guess, Kinds, TtMb, Window};
        match self {
            SerialAlgorithm::F0 | SerialAlgorithm::F1 | SerialAlgorithm::Pvs => &[],
            SerialAlgorithm::F2 | SerialAlgorithm::F2Iter | SerialAlgorithm::F2Soft => {
                &[Window, Cutoff, Kinds]
            }
            SerialAlgorithm::Aspiration => &[Guess, AspirationDelta],
            SerialAlgorithm::Mtdf => &[Guess, TtMb],
        }
    }

    /// Whether the algorithm reads `setting`; the others leave it unchanged.
    pub fn reads(self, setting: Setting) -> bool {
        setting.read_by_every_search() || self.settings().contains(&setting)
    }

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            SerialAlgorithm::F0 => "f0",
            SerialAlgorithm::F1 => "f1",
            SerialAlgorithm::F2 => "f2",
            SerialAlgorithm::F2Iter => "f2-iter",
            SerialAlgorithm::F2Soft => "f2-soft",
            SerialAlgorithm::Pvs => "pvs",
            SerialAlgorithm::Aspiration => "aspiration",
            SerialAlgorithm::Mtdf => "mtdf",
        }
    }
}

impl fmt::Display for SerialAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not an algorithm of the kind asked for: the one error for every
/// algorithm name the workspace parses (serial, parallel, or either).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown algorithm '{name}': expected {expected}")]
pub struct UnknownAlgorithm {
    /// The name given.
    pub name: String,
    /// The names accepted, as the message lists them.
    pub expected: &'static str,
}

impl UnknownAlgorithm {
    /// `name` is none of `expected`.
    pub fn new(name: &str, expected: &'static str) -> UnknownAlgorithm {
        UnknownAlgorithm {
            name: name.to_string(),
            expected,
        }
    }
}

impl FromStr for SerialAlgorithm {
    type Err = UnknownAlgorithm;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        SerialAlgorithm::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| {
                UnknownAlgorithm::new(
                    s,
                    "one of f0, f1, f2, f2-iter, f2-soft, pvs, aspiration, mtdf",
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names the command line, the reports and the results files use: each parses
    /// back to its algorithm and prints as written; anything else is refused with the
    /// list of names.
    #[test]
    fn names_parse_back_and_print_as_written() {
        let names = [
            "f0",
            "f1",
            "f2",
            "f2-iter",
            "f2-soft",
            "pvs",
            "aspiration",
            "mtdf",
        ];
        assert_eq!(SerialAlgorithm::ALL.map(SerialAlgorithm::name), names);
        for algorithm in SerialAlgorithm::ALL {
            assert_eq!(algorithm.name().parse::<SerialAlgorithm>(), Ok(algorithm));
            assert_eq!(algorithm.to_string(), algorithm.name());
        }
        for bad in ["", "F2", "f2 ", "ybwc", "f3"] {
            let err = bad.parse::<SerialAlgorithm>().unwrap_err();
            assert_eq!(err.name, bad);
            assert_eq!(
                err.to_string(),
                format!(
                    "unknown algorithm '{bad}': expected one of f0, f1, f2, f2-iter, f2-soft, \
                     pvs, aspiration, mtdf"
                )
            );
        }
    }

    /// Who reads what, as the command line's notes say it.
    #[test]
    fn each_option_is_read_by_the_searches_that_use_it() {
        let readers = |setting| -> Vec<&str> {
            SerialAlgorithm::ALL
                .into_iter()
                .filter(|a| a.reads(setting))
                .map(SerialAlgorithm::name)
                .collect()
        };
        assert_eq!(readers(Setting::Window), ["f2", "f2-iter", "f2-soft"]);
        assert_eq!(readers(Setting::Kinds), ["f2", "f2-iter", "f2-soft"]);
        assert_eq!(readers(Setting::Guess), ["aspiration", "mtdf"]);
        assert_eq!(readers(Setting::AspirationDelta), ["aspiration"]);
        assert_eq!(readers(Setting::TtMb), ["mtdf"]);
        assert_eq!(
            readers(Setting::TimeLimit).len(),
            SerialAlgorithm::ALL.len()
        );
        assert!(readers(Setting::CutWait).is_empty());
    }
}
