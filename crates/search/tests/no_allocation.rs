//! f2-iter allocates nothing while it searches: with its stack built beforehand, a search
//! of an implicit tree makes zero calls to the allocator (counted by a global allocator
//! that wraps the system's). Only the test's own thread is counted: the test harness's
//! main thread allocates while the test runs, at moments that depend on timing.

use abbench_search::{Basic, Detailed, F2Iter};
use abbench_testkit::{CountingAllocator, allocations, count_this_thread};
use abbench_tree::GameTree;
use abbench_tree::models::{BranchSumStaticTree, DependentTree, OrderedTree, RandomTree};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator::MARKED_THREADS;

/// Allocations made by `search` on a kernel built beforehand.
fn allocations_during<T: GameTree>(tree: &T) -> u64 {
    let mut kernel = F2Iter::new(tree);
    let before = allocations();
    let r = kernel.search::<Basic>(tree);
    let after = allocations();
    assert!(
        r.stats.nodes > 200,
        "a search worth counting: {} nodes",
        r.stats.nodes
    );
    after - before
}

#[test]
fn f2_iter_allocates_nothing_while_searching() {
    count_this_thread();
    assert_eq!(
        allocations_during(&RandomTree::new(8, 7, 1, 1 << 32)),
        0,
        "random"
    );
    assert_eq!(
        allocations_during(&OrderedTree::new(6, 8, 2, 0.7, 1000, 2, 9, 0.1)),
        0,
        "ordered"
    );
    assert_eq!(
        allocations_during(&DependentTree::new(3, 10, 1)),
        0,
        "dependent"
    );
    assert_eq!(
        allocations_during(&BranchSumStaticTree::new(6, 7, 1, 100)),
        0,
        "branch-sum"
    );
    // Detailed counters allocate their per-level array once, before the search starts.
    let tree = RandomTree::new(8, 6, 2, 1 << 32);
    let mut kernel = F2Iter::new(&tree);
    let before = allocations();
    let r = kernel.search::<Detailed>(&tree);
    let spent = allocations() - before;
    assert!(
        spent <= 2,
        "{spent} allocations: the level array and the result's copy"
    );
    assert_eq!(r.stats.levels.len(), 7);
}
