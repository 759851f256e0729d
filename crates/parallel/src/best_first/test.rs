//! The best-first search against serial F2 in the simulator (every interleaving a seed
//! gives, replayed exactly) and on threads, its one-worker form, its memory bound, and
//! the schedule of its thresholds.

use super::EndOnPanic;
use super::threshold::{Thresholds, next_threshold};
use crate::ParallelAlgorithm::{BestFirst, NullWindow};
use crate::sim::{SimCosts, simulate};
use crate::agreement::split_at;
use crate::{ParallelSearcher, SearchOptions};
use abbench_search::{Basic, F2Iter};
use abbench_tree::models::{BranchSumTree, OrderedTree, RandomTree};
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY};

/// [`crate::agreement::agrees`] for this folder's search.
fn agrees<T: GameTree>(tree: &T, procs: usize, options: &SearchOptions, what: &str) {
    crate::agreement::agrees(tree, BestFirst, procs, options, what);
}

#[test]
fn best_first_finds_f2s_value_and_a_best_move_on_many_trees_and_processor_counts() {
    for seed in 0..60u64 {
        let degree = 2 + (seed % 7) as u32;
        let height = 3 + (seed % 4) as u32;
        let procs = [2, 3, 4, 7, 16, 64][(seed % 6) as usize];
        let options = split_at(1 + (seed % 3) as u32);
        let values = if seed % 2 == 0 { 1 << 32 } else { 5 };
        let random = RandomTree::new(degree, height, seed, values);
        let what = format!("random d{degree} h{height} seed {seed}, {options:?}");
        agrees(&random, procs, &options, &what);
        let sums = BranchSumTree::new(degree, height, seed, 7);
        agrees(&sums, procs, &options, &format!("branch-sum, {what}"));
        let ordered = OrderedTree::new(degree, height, seed, 0.7, 1000, degree, degree, 0.0);
        agrees(&ordered, procs, &options, &format!("ordered, {what}"));
    }
}

#[test]
fn best_first_on_threads_finds_f2s_value() {
    for seed in 0..12u64 {
        let tree = RandomTree::new(6, 6, seed, if seed % 2 == 0 { 1 << 32 } else { 9 });
        let serial = F2Iter::new(&tree).search::<Basic>(&tree);
        for threads in [1, 2, 3] {
            let searcher = ParallelSearcher::new(threads).unwrap();
            let r = searcher
                .search(&tree, BestFirst, split_at(1 + (seed % 3) as u32))
                .unwrap();
            assert_eq!(r.value, serial.value, "seed {seed} at {threads} threads");
        }
    }
}

/// One processor takes the eldest open child everywhere: it examines what the
/// null-window search examines at one processor with the same split height, within the
/// positions of the explicit tree it opens once and the search repeats every test.
#[test]
fn one_processor_examines_about_what_serial_mtdf_examines() {
    for seed in 0..4u64 {
        let tree = RandomTree::new(8, 7, seed, 1 << 32);
        let options = split_at(3);
        let bf = simulate(&tree, BestFirst, 1, &SimCosts::default(), &options).unwrap();
        let nw = simulate(&tree, NullWindow, 1, &SimCosts::default(), &options).unwrap();
        assert_eq!(bf.value, nw.value);
        let ratio = bf.nodes as f64 / nw.nodes as f64;
        assert!(
            (0.8..1.25).contains(&ratio),
            "seed {seed}: best-first {} positions, null-window {}",
            bf.nodes,
            nw.nodes
        );
    }
}

/// The explicit tree never passes the memory bound, the value is still F2's, and a
/// bound below the tree's degree is refused.
#[test]
fn the_memory_bound_holds_and_a_bound_too_small_is_refused() {
    for seed in 0..6u64 {
        let degree = 3 + (seed % 3) as usize;
        let tree = RandomTree::new(degree as u32, 6, seed, 1 << 32);
        let unbounded =
            simulate(&tree, BestFirst, 8, &SimCosts::default(), &split_at(1)).unwrap();
        let kept = unbounded.kept_positions().expect("best-first reports what it kept");
        assert!(kept > 2 * degree as u64, "seed {seed}: kept {kept}");
        assert!(unbounded.kept_bytes().unwrap() >= kept);
        for limit in [degree as u64, 2 * degree as u64 + 1, kept / 2] {
            let options = SearchOptions {
                keep_limit: Some(limit),
                ..split_at(1)
            };
            agrees(&tree, 8, &options, &format!("seed {seed}, keep limit {limit}"));
            let r = simulate(&tree, BestFirst, 8, &SimCosts::default(), &options).unwrap();
            let kept = r.kept_positions().unwrap();
            assert!(kept <= limit, "seed {seed}: kept {kept}, limit {limit}");
        }
        let too_small = SearchOptions {
            keep_limit: Some(degree as u64 - 1),
            ..split_at(1)
        };
        let error = simulate(&tree, BestFirst, 8, &SimCosts::default(), &too_small).unwrap_err();
        assert!(
            error.to_string().contains(&format!("below the tree's largest degree {degree}")),
            "{error}"
        );
    }
}

#[test]
fn thresholds_step_out_from_the_known_side_then_halve() {
    assert_eq!(next_threshold(10, INFINITY, 1), 11);
    assert_eq!(next_threshold(10, INFINITY, 8), 18);
    assert_eq!(next_threshold(NEG_INFINITY, 10, 1), 10);
    assert_eq!(next_threshold(NEG_INFINITY, 10, 4), 7);
    assert_eq!(next_threshold(10, 20, 64), 15);
    assert_eq!(next_threshold(10, 11, 1), 11);
    // Never outside (lower, upper].
    for (lower, upper) in [(-5, -4), (0, 3), (7, 100)] {
        for step in [1, 2, 1 << 20] {
            let t = next_threshold(lower, upper, step);
            assert!(lower < t && t <= upper, "{lower} {upper} {step}: {t}");
        }
    }
}

/// A worker's guard ends the search when the worker panics, so the others stop waiting
/// for its unit; on a normal return it leaves the search alone.
#[test]
fn a_panicking_worker_ends_the_search_and_a_returning_one_does_not() {
    let thresholds = Thresholds::new(0);
    {
        let _end = EndOnPanic(&thresholds);
    }
    assert!(!thresholds.done());
    let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let _end = EndOnPanic(&thresholds);
        panic!("a worker's unit failed");
    }));
    assert!(panicked.is_err());
    assert!(thresholds.done());
}
