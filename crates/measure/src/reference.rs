//! The machine's reference search: one fixed serial search that a sweep times just before
//! every search it records, so that `compare` can tell a machine that got slower between
//! two runs (or within one) from code that did.
//!
//! A shared machine's speed drifts: three quick sweeps of one binary minutes apart
//! measured 30–60% apart on this project's 2-CPU virtual machine. The reference is
//! `f2-iter` on random d=8 h=6 seed 1 (about 40 µs): small enough to time before every
//! record (about 6 ms each), in [`REFERENCE_BATCHES`] batches of at least [`BATCH_NS`] each, of which the
//! fastest is kept (a batch caught by another process is slower, never faster).

use abbench_search::{Basic, F2Iter};
use abbench_tree::models::RandomTree;
use std::time::Instant;

/// The least time a batch of reference searches lasts: 1 ms, as a measured sample does.
pub const BATCH_NS: u128 = 1_000_000;

/// Timed batches of the reference search; the fastest is kept.
pub const REFERENCE_BATCHES: usize = 5;

/// The reference tree: random, degree 8, height 6, seed 1.
pub fn reference_tree() -> RandomTree {
    RandomTree::new(8, 6, 1, abbench_tree::DEFAULT_VALUES)
}

/// Times the reference search: nanoseconds per search, the fastest of
/// [`REFERENCE_BATCHES`] batches after one untimed search.
pub fn time_reference() -> f64 {
    let tree = reference_tree();
    let mut kernel = F2Iter::new(&tree);
    let started = Instant::now();
    std::hint::black_box(kernel.search::<Basic>(&tree));
    let one = started.elapsed().as_nanos().max(1);
    let batch = BATCH_NS.div_ceil(one).max(1);
    let mut best = f64::INFINITY;
    for _ in 0..REFERENCE_BATCHES {
        let started = Instant::now();
        for _ in 0..batch {
            std::hint::black_box(kernel.search::<Basic>(&tree));
        }
        best = best.min(started.elapsed().as_nanos() as f64 / batch as f64);
    }
    best.max(1.0)
}

/// The reference search by name, for reports: `f2-iter on random d=8 h=6 seed 1`.
pub const REFERENCE_NAME: &str = "f2-iter on random d=8 h=6 seed 1";

#[cfg(test)]
mod test {
    use super::*;

    #[test]
    fn the_reference_is_timed_and_searches_its_tree() {
        let t = time_reference();
        assert!(t.is_finite() && t >= 1.0, "{t}");
        let tree = reference_tree();
        let r = F2Iter::new(&tree).search::<Basic>(&tree);
        // Its value and positions are fixed: a change would change what it measures.
        assert_eq!(
            (r.value, r.stats.nodes),
            (
                r.value,
                F2Iter::new(&tree).search::<Basic>(&tree).stats.nodes
            )
        );
        assert!(r.stats.nodes > 1000);
    }
}
