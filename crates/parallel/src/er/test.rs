//! ER against serial F2 in the simulator, where every interleaving a seed gives is
//! replayed exactly, and the rule itself at work.

use crate::ParallelAlgorithm::{Er, Ybwc};
use crate::SearchOptions;
use crate::agreement::split_at;
use crate::sim::{SimCosts, simulate};
use abbench_tree::GameTree;
use abbench_tree::models::{BranchSumTree, RandomTree};

/// [`crate::agreement::agrees`] for this folder's search.
fn agrees<T: GameTree>(tree: &T, procs: usize, options: &SearchOptions, what: &str) {
    crate::agreement::agrees(tree, Er, procs, options, what);
}

#[test]
fn er_finds_f2s_value_and_a_best_move_on_many_trees_and_processor_counts() {
    for seed in 0..60u64 {
        let degree = 2 + (seed % 7) as u32;
        let height = 3 + (seed % 4) as u32;
        let procs = [2, 3, 4, 7, 16, 64][(seed % 6) as usize];
        let split_height = 1 + (seed % 3) as u32;
        let values = if seed % 2 == 0 { 1 << 32 } else { 5 };
        // Every other tree with an eldest grain: some nodes are then finished serially.
        let options = SearchOptions {
            eldest_grain: Some((seed % 2) * 4 * seed),
            ..split_at(split_height)
        };
        let random = RandomTree::new(degree, height, seed, values);
        let what = format!("random d{degree} h{height} seed {seed}, {options:?}");
        agrees(&random, procs, &options, &what);
        let sums = BranchSumTree::new(degree, height, seed, 7);
        agrees(&sums, procs, &options, &format!("branch-sum, {what}"));
    }
}

/// The first lines are searched before any child is finished: on a tree where that
/// changes the order, ER opens its split points and examines positions as young
/// brothers wait does not. At one processor it is young brothers wait, position for
/// position.
#[test]
fn the_first_lines_change_what_is_searched_and_one_processor_is_ybwc() {
    let tree = RandomTree::new(8, 7, 3, 1 << 32);
    let options = split_at(2);
    let er = simulate(&tree, Er, 8, &SimCosts::default(), &options).unwrap();
    let ybwc = simulate(&tree, Ybwc, 8, &SimCosts::default(), &options).unwrap();
    assert_eq!(er.value, ybwc.value);
    assert_ne!((er.nodes, er.split_points), (ybwc.nodes, ybwc.split_points));
    let er1 = simulate(&tree, Er, 1, &SimCosts::default(), &options).unwrap();
    let ybwc1 = simulate(&tree, Ybwc, 1, &SimCosts::default(), &options).unwrap();
    assert_eq!((er1.nodes, er1.leaves), (ybwc1.nodes, ybwc1.leaves));
}

/// A node whose eldest examined fewer positions than the eldest grain is finished
/// serially, as young brothers wait finishes it. Without that check ER opened 9 and 20
/// times young brothers wait's split points on this tree (grains 2,000 and 20,000);
/// with it, about as many.
#[test]
fn a_small_eldest_is_finished_serially_as_in_ybwc() {
    let tree = RandomTree::new(8, 8, 5, 1 << 32);
    for grain in [2_000, 20_000] {
        let options = SearchOptions {
            eldest_grain: Some(grain),
            ..split_at(2)
        };
        agrees(&tree, 8, &options, &format!("eldest grain {grain}"));
        let er = simulate(&tree, Er, 8, &SimCosts::default(), &options).unwrap();
        let ybwc = simulate(&tree, Ybwc, 8, &SimCosts::default(), &options).unwrap();
        assert!(
            er.split_points <= 2 * ybwc.split_points,
            "grain {grain}: er opened {} split points, ybwc {}",
            er.split_points,
            ybwc.split_points
        );
    }
}

/// The memory bound holds: the positions kept never pass it, the value is still F2's,
/// the bytes are the positions' size, and a bound below the tree's degree is refused.
#[test]
fn the_memory_bound_holds_and_a_bound_too_small_is_refused() {
    for seed in 0..6u64 {
        let degree = 3 + (seed % 3) as usize;
        let tree = RandomTree::new(degree as u32, 6, seed, 1 << 32);
        let unbounded = simulate(&tree, Er, 8, &SimCosts::default(), &split_at(1)).unwrap();
        let kept = unbounded.kept_positions().expect("er reports what it kept");
        assert!(kept > degree as u64, "seed {seed}: e-nodes nest without a bound");
        let per_position = unbounded.kept_bytes().unwrap() / kept;
        assert!(per_position > 0 && unbounded.kept_bytes() == Some(kept * per_position));
        for limit in [degree as u64, 2 * degree as u64 + 1] {
            let options = SearchOptions {
                keep_limit: Some(limit),
                ..split_at(1)
            };
            agrees(&tree, 8, &options, &format!("seed {seed}, keep limit {limit}"));
            let r = simulate(&tree, Er, 8, &SimCosts::default(), &options).unwrap();
            let kept = r.kept_positions().unwrap();
            assert!(kept <= limit, "seed {seed}: kept {kept}, limit {limit}");
            assert!(kept >= degree as u64, "seed {seed}: the root's children fit");
            assert_eq!(r.settings.keep_limit, Some(limit));
        }
        let too_small = SearchOptions {
            keep_limit: Some(degree as u64 - 1),
            ..split_at(1)
        };
        let error = simulate(&tree, Er, 8, &SimCosts::default(), &too_small).unwrap_err();
        assert!(
            error.to_string().contains(&format!("below the tree's largest degree {degree}")),
            "{error}"
        );
        // Young brothers wait keeps no such positions: the bound is not its to check.
        assert!(simulate(&tree, Ybwc, 8, &SimCosts::default(), &too_small).is_ok());
    }
}
