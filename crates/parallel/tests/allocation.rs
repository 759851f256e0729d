//! A parallel search allocates a bounded amount, independent of the tree's size: per
//! search, the workers' slots (kernel stacks, histograms); per split point, rayon's task
//! records. Counted by a global allocator wrapping the system's.
//! The table searches' node table is allocated before the search, not in it.

use abbench_parallel::{ParallelAlgorithm, ParallelSearcher, SearchOptions};
use abbench_testkit::{CountingAllocator, allocated_bytes, allocations};
use abbench_tree::models::RandomTree;

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator::ALL_THREADS;

/// The tests of this binary run one at a time: the allocator counts every thread's
/// allocations, another test's among them.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

#[test]
fn parallel_searches_allocate_a_bounded_amount() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner());
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
                ..SearchOptions::default()
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

/// The table searches' node table is allocated before a search, by
/// [`ParallelSearcher::prepare`], never inside the search a measurement times: a search
/// after it allocates a small fraction of the table's bytes, and the table is kept for
/// the next search of the same size.
#[test]
fn the_node_table_is_allocated_before_the_search() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner());
    let searcher = ParallelSearcher::new(2).unwrap();
    let tree = RandomTree::new(8, 6, 5, 1 << 32);
    let options = SearchOptions {
        tt_mb: Some(4),
        ..SearchOptions::default()
    };
    let mut allocated = false;
    for algorithm in ParallelAlgorithm::ALL {
        let before = allocated_bytes();
        let prepared = searcher.prepare(algorithm, &options).unwrap();
        let spent_preparing = allocated_bytes() - before;
        assert_eq!(
            prepared,
            algorithm.uses_table().then_some(4 << 20),
            "{algorithm}"
        );
        for _ in 0..2 {
            let before = allocated_bytes();
            let r = searcher.search(&tree, algorithm, options).unwrap();
            let spent = allocated_bytes() - before;
            assert_eq!(r.table_bytes, prepared, "{algorithm}");
            // The workers' slots and task records: far less than the table.
            assert!(spent < 1 << 20, "{algorithm}: {spent} bytes in the search");
        }
        // The first table search allocates the table; the others find it there.
        if algorithm.uses_table() && !allocated {
            assert!(spent_preparing >= 4 << 20, "{algorithm}: {spent_preparing}");
            allocated = true;
        } else {
            assert!(spent_preparing < 1 << 10, "{algorithm}: {spent_preparing}");
        }
    }
    // Another size is a new table, allocated by whatever asks for it first.
    let other = SearchOptions {
        tt_mb: Some(2),
        ..options
    };
    let before = allocated_bytes();
    let r = searcher
        .search(&tree, ParallelAlgorithm::NullWindow, other)
        .unwrap();
    assert_eq!(r.table_bytes, Some(2 << 20));
    assert!(allocated_bytes() - before >= 2 << 20);
}
