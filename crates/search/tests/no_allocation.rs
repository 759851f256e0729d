//! f2-iter allocates nothing while it searches: with its stack built beforehand, a search
//! of an implicit tree makes zero calls to the allocator (counted by a global allocator
//! that wraps the system's). Only the test's own thread is counted: the test harness's
//! main thread allocates while the test runs, at moments that depend on timing.

use abbench_search::{Basic, Detailed, F2Iter};
use abbench_tree::GameTree;
use abbench_tree::models::{BranchSumStaticTree, DependentTree, OrderedTree, RandomTree};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// Whether this thread's allocations are counted.
    static COUNTED: Cell<bool> = const { Cell::new(false) };
}

fn count_allocation() {
    // `try_with`: a thread being torn down has no thread-locals left, and is not counted.
    if COUNTED.try_with(Cell::get).unwrap_or(false) {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    }
}

// SAFETY: every call is forwarded unchanged to the system allocator, which upholds the
// `GlobalAlloc` contract; the counter has no effect on the memory handed out.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_allocation();
        // SAFETY: the caller's contract for `alloc` is passed through unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout, as the caller promises.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_allocation();
        // SAFETY: the caller's contract for `realloc` is passed through unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made by `search` on a kernel built beforehand.
fn allocations_during<T: GameTree>(tree: &T) -> u64 {
    let mut kernel = F2Iter::new(tree);
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let r = kernel.search::<Basic>(tree);
    let after = ALLOCATIONS.load(Ordering::Relaxed);
    assert!(
        r.stats.nodes > 200,
        "a search worth counting: {} nodes",
        r.stats.nodes
    );
    after - before
}

#[test]
fn f2_iter_allocates_nothing_while_searching() {
    COUNTED.with(|counted| counted.set(true));
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
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let r = kernel.search::<Detailed>(&tree);
    let spent = ALLOCATIONS.load(Ordering::Relaxed) - before;
    assert!(
        spent <= 2,
        "{spent} allocations: the level array and the result's copy"
    );
    assert_eq!(r.stats.levels.len(), 7);
}
