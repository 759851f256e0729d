//! What one position of each exact serial search costs against one of f2-iter's on a
//! tree (a profile's `serial_position_cost`): the weights the simulator chooses the
//! fastest serial search by, and MTD(f)'s what the null-window search's table kernel is
//! charged.
//!
//! Each search is timed on the same tree, the least of at least five rounds in which each
//! runs once in turn, after one untimed run each (which sizes MTD(f)'s table and warms
//! the caches). MTD(f)'s figure is over the
//! positions of its passes: those of its first guess, a plain search, are taken at
//! f2-iter's time per position, as the simulator charges them.

use abbench_parallel::sim::SerialCosts;
use abbench_search::{Basic, SearchResult, SerialAlgorithm, SerialOptions, SerialSearch};
use abbench_tree::{GameTree, TreeVisitor};
use std::hint::black_box;
use std::time::Instant;

/// The least and greatest figure kept: a profile refuses a figure outside (0, 1000], and
/// a search timed at a thousandth of f2-iter's time per position, or a thousand times it,
/// was disturbed rather than measured.
const MIN_RATIO: f64 = 1e-3;
const MAX_RATIO: f64 = 1000.0;

/// Times every exact serial search on a tree: [`SerialCosts`], or `None` if a search
/// cannot be set up there (a table larger than memory allows).
pub(super) struct SerialTime {
    pub repeats: usize,
}

impl TreeVisitor for SerialTime {
    type Output = Option<SerialCosts>;
    fn visit<T: GameTree>(self, tree: &T) -> Option<SerialCosts> {
        let times = interleaved(tree, self.repeats.max(MIN_REPEATS))?;
        let (f2_ns, f2) = &times[0];
        let per_position = f2_ns / f2.stats.nodes.max(1) as f64;
        let ratio = |i: usize| -> f64 {
            let (ns, result) = &times[i];
            let ns = *ns;
            let whole = ns / result.stats.nodes.max(1) as f64 / per_position;
            let plain = result.passes.as_ref().map_or(0, |p| p.guess_nodes);
            let own = result.stats.nodes.saturating_sub(plain);
            let own_ns = ns - plain as f64 * per_position;
            // The passes' own time only where it stands clear of the timing's noise: at
            // least a tenth of the whole. Where the first guess is most of the search, the
            // whole search's figure.
            let ratio = if plain > 0 && own > 0 && own_ns >= 0.1 * ns {
                own_ns / own as f64 / per_position
            } else {
                whole
            };
            ratio.clamp(MIN_RATIO, MAX_RATIO)
        };
        Some(SerialCosts {
            f2_soft: ratio(1),
            pvs: ratio(2),
            aspiration: ratio(3),
            mtdf: ratio(4),
        })
    }
}

/// The searches in the order [`interleaved`] times them: f2-iter, then the ones set
/// against it.
const TIMED: [SerialAlgorithm; 5] = [
    SerialAlgorithm::F2Iter,
    SerialAlgorithm::F2Soft,
    SerialAlgorithm::Pvs,
    SerialAlgorithm::Aspiration,
    SerialAlgorithm::Mtdf,
];

/// Runs at least this many rounds: a shared machine's speed drifts, and the least of a few
/// rounds is what each search takes when nothing else runs.
const MIN_REPEATS: usize = 5;

/// Each search of [`TIMED`]'s least time on `tree` in nanoseconds and its result, over
/// `repeats` rounds in which every search runs once in turn: a drift of the machine's
/// speed slows them all alike rather than the ones timed while it lasted.
fn interleaved<T: GameTree>(tree: &T, repeats: usize) -> Option<Vec<(f64, SearchResult)>> {
    let mut searches = TIMED
        .iter()
        .map(|&algo| SerialSearch::new(algo, SerialOptions::default(), tree).ok())
        .collect::<Option<Vec<_>>>()?;
    // One untimed run each: the result, a sized table, warm caches.
    let results: Vec<SearchResult> = searches
        .iter_mut()
        .map(|s| s.search::<Basic>(tree))
        .collect();
    let mut best = vec![f64::INFINITY; TIMED.len()];
    for _ in 0..repeats {
        for (search, best) in searches.iter_mut().zip(&mut best) {
            let t = Instant::now();
            black_box(search.search::<Basic>(black_box(tree)));
            *best = best.min(t.elapsed().as_nanos() as f64);
        }
    }
    Some(best.into_iter().zip(results).collect())
}
