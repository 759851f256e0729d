//! Every algorithm abbench measures, serial and parallel, by its command-line name.

use crate::{ParallelAlgorithm, SerialAlgorithm, Setting, UnknownAlgorithm};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A search procedure: one of the paper's serial ones or a parallel one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Algorithm {
    /// F0, F1, F2, f2-iter, or a window technique (f2-soft, pvs, aspiration, mtdf).
    Serial(SerialAlgorithm),
    /// A parallel search ([`ParallelAlgorithm::ALL`]).
    Parallel(ParallelAlgorithm),
}

impl Algorithm {
    /// Every algorithm, serial first: [`SerialAlgorithm::ALL`], then
    /// [`ParallelAlgorithm::ALL`] (the one list of parallel algorithms, `list.rs`).
    pub const ALL: [Algorithm; SerialAlgorithm::ALL.len() + ParallelAlgorithm::ALL.len()] = {
        let mut all = [Algorithm::Serial(SerialAlgorithm::F0);
            SerialAlgorithm::ALL.len() + ParallelAlgorithm::ALL.len()];
        let mut i = 0;
        while i < SerialAlgorithm::ALL.len() {
            all[i] = Algorithm::Serial(SerialAlgorithm::ALL[i]);
            i += 1;
        }
        while i < all.len() {
            all[i] = Algorithm::Parallel(ParallelAlgorithm::ALL[i - SerialAlgorithm::ALL.len()]);
            i += 1;
        }
        all
    };

    /// The paper's procedures and the parallel searches: what the built-in suites and a
    /// suite file without `algorithms` run, so their cost and baselines stay as they were
    /// when the window techniques arrived. The window techniques are named explicitly.
    pub const STANDARD: [Algorithm; 6] = [
        Algorithm::Serial(SerialAlgorithm::F0),
        Algorithm::Serial(SerialAlgorithm::F1),
        Algorithm::Serial(SerialAlgorithm::F2),
        Algorithm::Serial(SerialAlgorithm::F2Iter),
        Algorithm::Parallel(ParallelAlgorithm::RootSplit),
        Algorithm::Parallel(ParallelAlgorithm::Ybwc),
    ];

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Serial(a) => a.name(),
            Algorithm::Parallel(a) => a.name(),
        }
    }

    /// Whether the algorithm reads `setting` ([`Setting`]; the lists of algorithms say
    /// which read which).
    pub fn reads(self, setting: Setting) -> bool {
        match self {
            Algorithm::Serial(s) => s.reads(setting),
            Algorithm::Parallel(p) => p.reads(setting),
        }
    }

    /// Whether the algorithm uses a thread count.
    pub fn is_parallel(self) -> bool {
        matches!(self, Algorithm::Parallel(_))
    }

    /// Parses a comma-separated list such as `f2,f2-iter,ybwc`, keeping the order given
    /// and dropping repeats; [`EVERY_PARALLEL`] stands for every parallel algorithm, in
    /// the registry's order.
    pub fn parse_list(list: &str) -> Result<Vec<Algorithm>, UnknownAlgorithm> {
        let mut out = Vec::new();
        // An empty name (`er,`, `,ybwc`) is refused as any unknown one is.
        for name in list.split(',').map(str::trim) {
            let named: Vec<Algorithm> = if name == EVERY_PARALLEL {
                ParallelAlgorithm::ALL.map(Algorithm::Parallel).to_vec()
            } else {
                vec![name.parse()?]
            };
            for algo in named {
                if !out.contains(&algo) {
                    out.push(algo);
                }
            }
        }
        if out.is_empty() {
            return Err(UnknownAlgorithm::new(list, &EXPECTED));
        }
        Ok(out)
    }
}

impl Setting {
    /// The algorithms that read it, serial first, in the lists' order.
    pub fn readers(self) -> Vec<Algorithm> {
        Algorithm::ALL
            .into_iter()
            .filter(|a| a.reads(self))
            .collect()
    }

    /// Whether only parallel searches read it: it changes nothing at one worker, whose
    /// search is its serial form's.
    pub fn only_parallel(self) -> bool {
        let readers = self.readers();
        !readers.is_empty() && readers.iter().all(|a| a.is_parallel())
    }
}

/// The word of an `--algo` list that stands for every parallel algorithm, so that a
/// script names them without typing the list.
pub const EVERY_PARALLEL: &str = "parallel";

/// The names [`Algorithm`] accepts, as an error lists them ("f0, f1, … or null-window").
static EXPECTED: std::sync::LazyLock<String> =
    std::sync::LazyLock::new(|| crate::one_of(&Algorithm::ALL.map(Algorithm::name)));

impl FromStr for Algorithm {
    type Err = UnknownAlgorithm;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| UnknownAlgorithm::new(s, &EXPECTED))
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Algorithm {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// A list of algorithms as a suite file writes it: names, with [`EVERY_PARALLEL`]
/// standing for every parallel algorithm; repeats are kept once, at their first place.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AlgorithmList(pub Vec<Algorithm>);

impl<'de> Deserialize<'de> for AlgorithmList {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let names = Vec::<String>::deserialize(deserializer)?;
        let mut out = Vec::new();
        for name in &names {
            let named: Vec<Algorithm> = if name == EVERY_PARALLEL {
                ParallelAlgorithm::ALL.map(Algorithm::Parallel).to_vec()
            } else {
                vec![name.parse().map_err(serde::de::Error::custom)?]
            };
            for algo in named {
                if !out.contains(&algo) {
                    out.push(algo);
                }
            }
        }
        Ok(AlgorithmList(out))
    }
}

impl<'de> Deserialize<'de> for Algorithm {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parallel_in_a_list_stands_for_every_parallel_algorithm_once() {
        let list = Algorithm::parse_list("f2-iter,ybwc,parallel").unwrap();
        let parallel: Vec<Algorithm> = ParallelAlgorithm::ALL.map(Algorithm::Parallel).to_vec();
        assert_eq!(list.len(), 1 + parallel.len(), "{list:?}");
        assert_eq!(list[0].name(), "f2-iter");
        assert_eq!(list[1].name(), "ybwc");
        assert!(parallel.iter().all(|a| list.contains(a)), "{list:?}");
        assert!(Algorithm::parse_list("parallels").is_err());
        let file: AlgorithmList =
            serde_json::from_str(r#"["f2-iter", "parallel", "ybwc"]"#).unwrap();
        assert_eq!(file.0, Algorithm::parse_list("f2-iter,parallel").unwrap());
        assert!(serde_json::from_str::<AlgorithmList>(r#"["f9"]"#).is_err());
    }
}
