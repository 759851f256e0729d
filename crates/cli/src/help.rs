//! The help texts that name algorithms, and the `--algo` lists' parsers, made from the
//! vocabulary (`abbench-vocab`), so a new algorithm appears in every `--help` and every
//! completion without an edit here.

use crate::list::AlgorithmList;
use abbench_results::{Algorithm, EVERY_PARALLEL, UnknownAlgorithm};
use abbench_vocab::ParallelAlgorithm;
use clap::builder::{PossibleValue, TypedValueParser};

/// Every algorithm's name, as a comma-separated list.
fn every_name() -> String {
    Algorithm::ALL.map(Algorithm::name).join(", ")
}

/// The parallel algorithms' names, as a comma-separated list.
fn parallel_names() -> String {
    ParallelAlgorithm::ALL
        .map(ParallelAlgorithm::name)
        .join(", ")
}

/// `--algo` of the commands that search.
pub fn algo() -> String {
    format!(
        "Algorithms, comma-separated: {}; `{EVERY_PARALLEL}` stands for every parallel one",
        every_name()
    )
}

/// `--algo` of `simulate`.
pub fn parallel_algo() -> String {
    format!(
        "Parallel algorithms, comma-separated: {}; `{EVERY_PARALLEL}` stands for every one",
        parallel_names()
    )
}

/// `--stress` of `verify`.
pub fn stress() -> String {
    format!(
        "Run N parallel searches (1 ..= 100000000) of racy configurations instead: every \
         parallel algorithm ({}) at 2, 3, 4, 8 and 16 threads with split height 1 on small \
         trees of every model, many full of ties, a new seed each round from --seed on. Each \
         is checked against serial F2; the first mismatch stops the run with the command \
         that reproduces it",
        parallel_names()
    )
}

/// An `--algo` list's parser: the names it takes, offered to completions one by one, and
/// the parse of a comma-separated list of them.
#[derive(Clone, Copy)]
pub struct AlgorithmNames<A: 'static> {
    names: &'static [&'static str],
    parse: fn(&str) -> Result<AlgorithmList<A>, UnknownAlgorithm>,
}

/// Every algorithm's name, and `parallel`, for completions.
static EVERY: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
    Algorithm::ALL
        .map(Algorithm::name)
        .into_iter()
        .chain([EVERY_PARALLEL])
        .collect()
});

/// Every parallel algorithm's name, and `parallel`, for completions.
static PARALLEL: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
    ParallelAlgorithm::ALL
        .map(ParallelAlgorithm::name)
        .into_iter()
        .chain([EVERY_PARALLEL])
        .collect()
});

impl AlgorithmNames<Algorithm> {
    /// Any algorithm's name (`run`, `verify`, `ab`).
    pub fn every() -> Self {
        AlgorithmNames {
            names: EVERY.as_slice(),
            parse: crate::list::parse_algorithms,
        }
    }
}

impl AlgorithmNames<ParallelAlgorithm> {
    /// A parallel algorithm's name (`simulate`).
    pub fn parallel(
        parse: fn(&str) -> Result<AlgorithmList<ParallelAlgorithm>, UnknownAlgorithm>,
    ) -> Self {
        AlgorithmNames {
            names: PARALLEL.as_slice(),
            parse,
        }
    }
}

impl<A: Clone + Send + Sync + 'static> TypedValueParser for AlgorithmNames<A> {
    type Value = AlgorithmList<A>;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<AlgorithmList<A>, clap::Error> {
        self.parse.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.names.iter().map(|n| PossibleValue::new(*n))))
    }
}
