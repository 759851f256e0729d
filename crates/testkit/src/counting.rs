//! An allocator that counts: the system's, with every allocation and reallocation
//! counted, on every thread or only on threads that asked to be. A test installs it with
//! `#[global_allocator] static GLOBAL: CountingAllocator = CountingAllocator::ALL_THREADS;`
//! (or `MARKED_THREADS` and [`count_this_thread`]) and reads [`allocations`] (or
//! [`allocated_bytes`]) before and after the code it checks.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

/// Allocations and reallocations counted so far, by whichever [`CountingAllocator`] the
/// binary installed.
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

/// Bytes asked for by the allocations and reallocations counted so far (a reallocation
/// counts its new size).
static BYTES: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// Whether this thread's allocations are counted by a `MARKED_THREADS` allocator.
    static MARKED: Cell<bool> = const { Cell::new(false) };
}

/// The system allocator, counting.
pub struct CountingAllocator {
    only_marked: bool,
}

impl CountingAllocator {
    /// Counts every thread's allocations.
    pub const ALL_THREADS: CountingAllocator = CountingAllocator { only_marked: false };
    /// Counts only the allocations of threads that called [`count_this_thread`]: a test
    /// harness's own threads allocate at moments that depend on timing.
    pub const MARKED_THREADS: CountingAllocator = CountingAllocator { only_marked: true };

    fn count(&self, bytes: usize) {
        // `try_with`: a thread being torn down has no thread-locals left, and is not
        // counted.
        if !self.only_marked || MARKED.try_with(Cell::get).unwrap_or(false) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
            BYTES.fetch_add(bytes as u64, Ordering::Relaxed);
        }
    }
}

/// Marks the calling thread as counted by a `MARKED_THREADS` allocator.
pub fn count_this_thread() {
    MARKED.with(|marked| marked.set(true));
}

/// Allocations and reallocations counted so far.
pub fn allocations() -> u64 {
    ALLOCATIONS.load(Ordering::Relaxed)
}

/// Bytes the allocations and reallocations counted so far asked for.
pub fn allocated_bytes() -> u64 {
    BYTES.load(Ordering::Relaxed)
}

// SAFETY: every call is forwarded unchanged to the system allocator, which upholds the
// `GlobalAlloc` contract; the counter has no effect on the memory handed out.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        self.count(layout.size());
        // SAFETY: the caller's contract for `alloc` is passed through unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout, as the caller promises.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        self.count(new_size);
        // SAFETY: the caller's contract for `realloc` is passed through unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}
