//! The fastest serial search of a tree, in the simulator's time: what a parallel search
//! must beat to be worth its processors.
//!
//! A parallel search whose serial form examines fewer positions than F2 (Jamboree's is
//! principal variation search) can look faster than f2-iter on many processors without
//! any parallel gain. Each simulated record therefore also carries its speedup against
//! the fastest of the serial searches abbench runs exactly: f2-iter, f2-soft, pvs,
//! aspiration and mtdf, each run on the tree, its positions weighed by what one of its
//! positions costs against one of f2-iter's ([`SerialPermille`], from the costs the
//! simulation runs with: measured per tree model by `abbench calibrate`, all alike with
//! free costs).

use super::SerialPermille;
use abbench_search::{Basic, SearchResult, SerialAlgorithm, SerialOptions, SerialSearch};
use abbench_tree::GameTree;
use serde::{Deserialize, Serialize};

/// The serial searches a simulated record's fastest serial search is chosen from: those
/// that compute every tree's exact value with the full window.
pub const SERIAL_CANDIDATES: [SerialAlgorithm; 5] = SerialAlgorithm::EXACT;

/// The fastest serial search of one tree.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "simulated_fastest_serial")]
pub struct FastestSerial {
    /// Its name.
    #[schemars(extend("enum" = SERIAL_CANDIDATES.map(SerialAlgorithm::name)))]
    pub algo: String,
    /// Positions it examines.
    pub nodes: u64,
    /// Its time in positions of f2-iter: `nodes` weighed by [`SerialPermille`].
    pub time: u64,
}

/// Runs every serial search of [`SERIAL_CANDIDATES`] on `tree` (f2-iter's result is
/// `f2`, already known) told `options` (the first guess and table size the simulated
/// search was given: [`crate::SearchOptions::serial`]) and returns the fastest, its
/// positions weighed by `weights`.
pub(super) fn fastest_serial<T: GameTree>(
    tree: &T,
    f2: &SearchResult,
    weights: &SerialPermille,
    options: &SerialOptions,
) -> FastestSerial {
    let mut fastest = FastestSerial {
        algo: SerialAlgorithm::F2Iter.name().to_string(),
        nodes: f2.stats.nodes,
        time: f2.stats.nodes,
    };
    for algorithm in SERIAL_CANDIDATES {
        if algorithm == SerialAlgorithm::F2Iter {
            continue;
        }
        let Ok(mut search) = SerialSearch::new(algorithm, *options, tree) else {
            continue;
        };
        let result = search.search::<Basic>(tree);
        debug_assert_eq!(result.value, f2.value);
        let time = weighed_time(&result, algorithm, weights);
        if time < fastest.time {
            fastest = FastestSerial {
                algo: algorithm.name().to_string(),
                nodes: result.stats.nodes,
                time,
            };
        }
    }
    fastest
}

/// `result`'s time in positions of f2-iter: its positions at `algorithm`'s weight, but
/// the positions of MTD(f)'s first guess, a plain search, at 1000.
fn weighed_time(
    result: &SearchResult,
    algorithm: SerialAlgorithm,
    weights: &SerialPermille,
) -> u64 {
    let plain = result.passes.as_ref().map_or(0, |p| p.guess_nodes);
    let weighed = result.stats.nodes.saturating_sub(plain);
    let permille =
        u128::from(plain) * 1000 + u128::from(weighed) * u128::from(weights.of(algorithm));
    u64::try_from((permille + 500) / 1000).unwrap_or(u64::MAX)
}
