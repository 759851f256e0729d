//! The one scheduler-specific step of root splitting and young brothers wait: offer the
//! younger brothers to helpers and wait for them. Everything else — the split rule, the
//! eldest-first wait, the brother hand-out, bound and abort propagation through the split
//! points, the serial kernel below them — is the same code whoever schedules it.
//!
//! Two executors implement it: [`Threads`], rayon's work stealing on real threads (what
//! [`crate::ParallelSearcher`] runs), and the simulator's virtual processors
//! ([`crate::sim`]), which run the same searches in deterministic virtual time. The
//! searches are generic over the executor, so the threaded search is monomorphised over
//! [`Threads`] into what it was when written against rayon directly: every hook the
//! simulator needs is an empty inline function there (same instruction counts, same
//! speed).

use abbench_search::POLL_INTERVAL;

/// What a parallel search needs from whoever runs its workers.
pub(crate) trait Executor: Sync {
    /// The number of workers.
    fn workers(&self) -> usize;

    /// The index of the worker running the caller, `0..workers()`.
    fn worker(&self) -> usize;

    /// Positions the serial kernel examines between two polls of its probe.
    fn poll_interval(&self) -> u32;

    /// Runs `work` on the calling worker and offers `helpers` more runs of it to idle
    /// workers; returns once every run that started has returned. A run taken after the
    /// caller's own run has ended finds nothing left to do and returns at once; a worker
    /// waiting here may run other offered work meanwhile, so nested offers cannot
    /// deadlock.
    fn fork<F: Fn() + Sync>(&self, helpers: usize, work: F);

    /// Something the calling worker did that takes time: the simulator advances the
    /// worker's clock by its cost and may let another processor run; on threads it is
    /// nothing.
    fn event(&self, event: Event);
}

/// What a worker does, as far as time is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    /// It examined this many more positions.
    Examined(u64),
    /// It opened a split point (the position itself is counted as examined too).
    SplitPoint,
    /// It starts a serial search below a split point.
    SerialSearch,
    /// A serial search of its received a narrower window at a poll.
    BoundUpdate,
    /// A serial search of its learnt at a poll that its result no longer matters.
    Abort,
}

/// Real threads: the rayon pool the caller runs in.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Threads {
    threads: usize,
}

impl Threads {
    /// The executor of a pool of `threads` rayon workers; searches must run inside the
    /// pool (`ThreadPool::install`).
    pub(crate) fn new(threads: usize) -> Self {
        Threads { threads }
    }
}

impl Executor for Threads {
    #[inline]
    fn workers(&self) -> usize {
        self.threads
    }

    #[inline]
    fn worker(&self) -> usize {
        rayon::current_thread_index().unwrap_or(0) % self.threads
    }

    #[inline(always)]
    fn poll_interval(&self) -> u32 {
        POLL_INTERVAL
    }

    /// `rayon::scope` with one spawned task per helper: an idle worker steals a task, a
    /// busy one never sees it, and the caller pops untaken tasks itself when its own run
    /// ends (they return at once). While it waits for stolen tasks the caller steals
    /// other work, so a waiting worker is never idle.
    #[inline]
    fn fork<F: Fn() + Sync>(&self, helpers: usize, work: F) {
        if helpers == 0 {
            work();
            return;
        }
        rayon::scope(|scope| {
            for _ in 0..helpers {
                scope.spawn(|_| work());
            }
            work();
        });
    }

    #[inline(always)]
    fn event(&self, _event: Event) {}
}
