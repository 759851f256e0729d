//! What a split point and a serial search cost: `ybwc` at one thread examines exactly
//! f2-iter's positions, so its extra time over f2-iter is bookkeeping. Measured at
//! several split heights and fitted by least squares in relative error as
//! `a · split points entered + b · serial searches` (the counts come from the simulator,
//! which counts exactly what the threaded search does). The method and its limits are
//! in `crates/parallel/src/sim/README.md`.

use super::min_of;
use abbench_parallel::sim::{SimCosts, simulate};
use abbench_parallel::{ParallelAlgorithm, ParallelSearcher, SearchOptions};
use abbench_search::{Basic, F2Iter};
use abbench_tree::{GameTree, TreeVisitor};
use std::hint::black_box;
use std::time::Instant;

/// f2-iter's time per position, and ybwc's extra time at one thread against the numbers
/// of split points and serial searches it opened, for several split heights.
pub(super) struct Overheads<'a> {
    pub one: &'a ParallelSearcher,
    pub repeats: usize,
    pub split_heights: &'a [u32],
}

/// One row of the fit: split points entered, serial searches started, ybwc's extra
/// nanoseconds at one thread over f2-iter (both the minimum of interleaved runs).
pub(super) type Row = (f64, f64, f64);

impl TreeVisitor for Overheads<'_> {
    /// Nanoseconds per position of f2-iter, its positions, and one row per split height.
    type Output = (f64, u64, Vec<Row>);
    fn visit<T: GameTree>(self, tree: &T) -> Self::Output {
        let mut kernel = F2Iter::new(tree);
        let positions = kernel.search::<Basic>(tree).stats.nodes;
        let mut rows = Vec::new();
        let mut serial_best = f64::INFINITY;
        for &split_height in self.split_heights {
            // A given split height: one worker still opens split points, whose
            // bookkeeping is what this measures.
            let options = SearchOptions {
                split_height: Some(split_height),
                ..SearchOptions::default()
            };
            let Ok(counts) = simulate(tree, ParallelAlgorithm::Ybwc, 1, &SimCosts::FREE, &options)
            else {
                continue;
            };
            let (mut serial, mut ybwc) = (f64::INFINITY, f64::INFINITY);
            for _ in 0..self.repeats {
                serial = serial.min(min_of(1, || {
                    let t = Instant::now();
                    black_box(kernel.search::<Basic>(black_box(tree)));
                    t.elapsed()
                }));
                ybwc = ybwc.min(min_of(1, || {
                    let t = Instant::now();
                    let _ = black_box(self.one.search(tree, ParallelAlgorithm::Ybwc, options));
                    t.elapsed()
                }));
            }
            serial_best = serial_best.min(serial);
            rows.push((
                counts.split_points as f64,
                counts.serial_searches as f64,
                ybwc - serial,
            ));
        }
        (serial_best / positions.max(1) as f64, positions, rows)
    }
}

/// Least squares for `y = a*x1 + b*x2` in relative error: each row weighs by `1/y`, so
/// small trees count as much as large ones. In nanoseconds, not positions: the cost of
/// the bookkeeping does not depend on how expensive the tree's positions are. `None` if
/// the rows do not determine both (fewer than two independent rows, or a negative
/// figure).
pub(super) fn fit(rows: &[Row]) -> Option<(f64, f64)> {
    let (mut s11, mut s12, mut s22, mut s1, mut s2) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for &(x1, x2, y) in rows.iter().filter(|r| r.2 > 0.0) {
        let (u, v) = (x1 / y, x2 / y);
        s11 += u * u;
        s12 += u * v;
        s22 += v * v;
        s1 += u;
        s2 += v;
    }
    let det = s11 * s22 - s12 * s12;
    let (a, b) = ((s1 * s22 - s2 * s12) / det, (s11 * s2 - s12 * s1) / det);
    (a.is_finite() && b.is_finite() && a >= 0.0 && b >= 0.0).then_some((a, b))
}

/// A whole search's fixed cost on one thread: handing the search to the pool and back,
/// the workers' slots and histograms. Measured on a tree of three positions.
pub(super) fn search_cost(one: &ParallelSearcher, repeats: usize) -> f64 {
    let tree = abbench_tree::models::RandomTree::new(2, 1, 1, 1 << 32);
    let mut times: Vec<f64> = (0..repeats * 20)
        .map(|_| {
            let t = Instant::now();
            let _ = black_box(one.search(&tree, ParallelAlgorithm::Ybwc, SearchOptions::default()));
            t.elapsed().as_secs_f64() * 1e9
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 10]
}
