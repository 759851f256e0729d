//! What the tests of the searches in their own folders share: options that split at a
//! given height, and the check that a simulated search finds serial F2's value and a
//! best move worth it.

use crate::sim::{SimCosts, simulate};
use crate::{ParallelAlgorithm, SearchOptions};
use abbench_search::{Basic, F2Iter};
use abbench_tree::GameTree;

/// Options that split at height `split_height`, the others automatic.
pub(crate) fn split_at(split_height: u32) -> SearchOptions {
    SearchOptions {
        split_height: Some(split_height),
        ..SearchOptions::default()
    }
}

/// `algorithm` simulated on `procs` processors finds serial F2's value on `tree`, and a
/// best move whose subtree F2 finds worth it.
pub(crate) fn agrees<T: GameTree>(
    tree: &T,
    algorithm: ParallelAlgorithm,
    procs: usize,
    options: &SearchOptions,
    what: &str,
) {
    let serial = F2Iter::new(tree).search::<Basic>(tree);
    let r = simulate(tree, algorithm, procs, &SimCosts::default(), options).unwrap();
    assert_eq!(r.value, serial.value, "{what} at {procs} processors");
    let best = r.best_move.expect("a tree with moves has a best move");
    let through = F2Iter::new(tree)
        .root_move_value(tree, best)
        .expect("the best move is a root move");
    assert_eq!(through, serial.value, "{what}: best move {best}");
}
