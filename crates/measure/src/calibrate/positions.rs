//! What one position of the serial kernel costs on each tree model, alone and with every
//! other core searching too (all-core clock, shared cache): the per-position time and
//! its slowdown with the number of busy cores, and how unequal the busy cores' speeds are.

use abbench_search::{Basic, F2Iter};
use abbench_tree::{GameTree, TreeVisitor};
use std::hint::black_box;
use std::time::Instant;

/// f2-iter's nanoseconds per position on a tree, the minimum over `repeats` runs, on
/// each of `busy` threads searching the same tree at the same time.
pub(super) struct PositionTime {
    pub repeats: usize,
    pub busy: usize,
}

/// What [`PositionTime`] measured: each busy thread's nanoseconds per position.
pub(super) struct BusyTimes(pub Vec<f64>);

impl BusyTimes {
    /// The threads' mean nanoseconds per position.
    pub(super) fn mean(&self) -> f64 {
        self.0.iter().sum::<f64>() / self.0.len().max(1) as f64
    }

    /// The relative standard deviation of the threads' times as an estimate of the
    /// spread of one processor's speed (the sample's, divided by `sqrt(1 − 1/p)`: a
    /// sample of `p` spreads less than the population it is drawn from); `None` with
    /// fewer than two threads.
    pub(super) fn spread(&self) -> Option<f64> {
        let p = self.0.len();
        if p < 2 {
            return None;
        }
        let mean = self.mean();
        let var = self.0.iter().map(|t| (t / mean - 1.0).powi(2)).sum::<f64>() / p as f64;
        Some((var / (1.0 - 1.0 / p as f64)).sqrt())
    }
}

impl TreeVisitor for PositionTime {
    type Output = BusyTimes;
    fn visit<T: GameTree>(self, tree: &T) -> BusyTimes {
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
            return BusyTimes(vec![time_one()]);
        }
        std::thread::scope(|s| {
            // Every thread measures while the others run.
            let handles: Vec<_> = (0..self.busy).map(|_| s.spawn(time_one)).collect();
            BusyTimes(
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or(f64::NAN))
                    .collect(),
            )
        })
    }
}
