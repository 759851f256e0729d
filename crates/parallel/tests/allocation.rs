//! A parallel search allocates a bounded amount, independent of the tree's size: per
//! search, the workers' slots (kernel stacks, histograms); per split point, rayon's task
//! records. Counted by a global allocator wrapping the system's.

use abbench_parallel::{ParallelAlgorithm, ParallelSearcher, SearchOptions};
use abbench_tree::models::RandomTree;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator, which upholds the
// `GlobalAlloc` contract; the counter has no effect on the memory handed out.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract for `alloc` is passed through unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout, as the caller promises.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract for `realloc` is passed through unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

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
            let before = ALLOCATIONS.load(Ordering::Relaxed);
            let r = searcher.search(&tree, algorithm, options).unwrap();
            let spent = ALLOCATIONS.load(Ordering::Relaxed) - before;
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
