//! A parallel search allocates a bounded amount, independent of the tree's size: per
//! search, the workers' slots (kernel stacks, histograms); per split point, rayon's task
//! records. Counted by a global allocator wrapping the system's.

use abbench_parallel::{ParallelAlgorithm, ParallelSearcher, SearchOptions};
use abbench_testkit::{CountingAllocator, allocations};
use abbench_tree::models::RandomTree;

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator::ALL_THREADS;

#[test]
fn parallel_searches_allocate_a_bounded_amount() {
    let searcher = ParallelSearcher::new(2).unwrap();
    let mut per_search = Vec::new();
    for height in [6, 8, 9] {
        let tree = RandomTree::new(8, height, 5, 1 << 32);
        for algorithm in ParallelAlgorithm::ALL {
            // The split height is fixed, so only the number of split points grows with
            // the tree, and each costs at most a few task records.
            let options = SearchOptions {
                split_height: Some(5),
                eldest_grain: None,
                cut_wait: None,
                time_limit: None,
            };
            let before = allocations();
            let r = searcher.search(&tree, algorithm, options).unwrap();
            let spent = allocations() - before;
            per_search.push((height, algorithm, spent, r.stats.nodes, r.stats.splits));
            // Per search: a slot per worker and its histograms; per split point: one
            // task record per helper. Never anything per position.
            let bound = 64 + 4 * r.stats.splits;
            assert!(
                spent <= bound,
                "{algorithm} h={height}: {spent} allocations for {} nodes, {} splits",
                r.stats.nodes,
                r.stats.splits
            );
        }
    }
    // Far fewer allocations than positions on the largest tree.
    let (_, _, spent, nodes, _) = per_search.last().copied().unwrap();
    assert!(spent * 1000 < nodes, "{per_search:?}");
}
