//! The fastest serial search of a tree, in the simulator's time: what a parallel search
//! must beat to be worth its processors.
//!
//! A parallel search whose serial form examines fewer positions than F2 (Jamboree's is
//! principal variation search) can look faster than f2-iter on many processors without
//! any parallel gain. Each simulated record therefore also carries its speedup against
//! the fastest of the serial searches abbench runs exactly: f2-iter, pvs, aspiration and
//! mtdf, each run on the tree, its positions weighed by what one of its positions costs
//! against one of f2-iter's ([`SERIAL_POSITION_COST`]).

use abbench_search::{Basic, SearchResult, SerialAlgorithm, SerialOptions, SerialSearch};
use abbench_tree::GameTree;
use serde::{Deserialize, Serialize};

/// Wall time per position of each serial search against f2-iter's: the medians of
/// `reports/serial/2026-11-25-vm/` (random d16 h8, seeds 9301–9306, three runs, 2-core
/// AMD EPYC under KVM): aspiration 0.998 (the same kernel, a window at the root), pvs
/// 0.987 (non-recursive, its null-window tests in the fail-soft kernel), mtdf 1.202 (its
/// table's probes and stores above the last two plies).
pub const SERIAL_POSITION_COST: [(SerialAlgorithm, f64); 4] = [
    (SerialAlgorithm::F2Iter, 1.0),
    (SerialAlgorithm::Aspiration, 1.0),
    (SerialAlgorithm::Pvs, 1.0),
    (SerialAlgorithm::Mtdf, 1.2),
];

/// The fastest serial search of one tree.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FastestSerial {
    /// Its name.
    pub algo: String,
    /// Positions it examines.
    pub nodes: u64,
    /// Its time in positions of f2-iter: `nodes` weighed by [`SERIAL_POSITION_COST`].
    pub time: u64,
}

/// Runs every serial search of [`SERIAL_POSITION_COST`] on `tree` (f2-iter's result is
/// `f2`, already known) and returns the fastest.
pub(super) fn fastest_serial<T: GameTree>(tree: &T, f2: &SearchResult) -> FastestSerial {
    let mut fastest = FastestSerial {
        algo: SerialAlgorithm::F2Iter.name().to_string(),
        nodes: f2.stats.nodes,
        time: f2.stats.nodes,
    };
    for (algorithm, cost) in SERIAL_POSITION_COST {
        if algorithm == SerialAlgorithm::F2Iter {
            continue;
        }
        let Ok(mut search) = SerialSearch::new(algorithm, SerialOptions::default(), tree) else {
            continue;
        };
        let result = search.search::<Basic>(tree);
        debug_assert_eq!(result.value, f2.value);
        let time = (result.stats.nodes as f64 * cost).round() as u64;
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
