//! What one position of the serial kernel costs on each tree model, alone and with every
//! other core searching too (all-core clock, shared cache): the per-position time and
//! its slowdown with the number of busy cores.

use abbench_search::{Basic, F2Iter};
use abbench_tree::{GameTree, TreeVisitor};
use std::hint::black_box;
use std::time::Instant;

/// f2-iter's nanoseconds per position on a tree, the minimum over `repeats` runs, with
/// `busy − 1` further threads searching the same tree at the same time.
pub(super) struct PositionTime {
    pub repeats: usize,
    pub busy: usize,
}

impl TreeVisitor for PositionTime {
    type Output = f64;
    fn visit<T: GameTree>(self, tree: &T) -> f64 {
        let time_one = || {
            let mut kernel = F2Iter::new(tree);
            let positions = kernel.search::<Basic>(tree).stats.nodes.max(1);
            let mut best = f64::INFINITY;
            for _ in 0..self.repeats {
                let t = Instant::now();
                black_box(kernel.search::<Basic>(black_box(tree)));
                best = best.min(t.elapsed().as_nanos() as f64);
            }
            best / positions as f64
        };
        if self.busy <= 1 {
            return time_one();
        }
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..self.busy).map(|_| s.spawn(time_one)).collect();
            // The slowest thread's best: every thread measures while the others run.
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or(f64::NAN))
                .fold(f64::NEG_INFINITY, f64::max)
        })
    }
}
