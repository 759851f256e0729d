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
use crossbeam_utils::CachePadded;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

/// What a parallel search needs from whoever runs its workers.
pub(crate) trait Executor: Clock {
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

/// The clock latencies are measured with: nanoseconds since the executor was made on
/// threads, the calling processor's virtual time in the simulator (so that a simulated
/// split point's abort latency is in virtual time, not in the simulator's own).
pub(crate) trait Clock: Sync {
    /// Now, as the calling worker sees it.
    fn now(&self) -> u64;
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
    /// It read the shared node table's entry of a node.
    TableProbe,
    /// It wrote the shared node table's entry of a node.
    TableStore,
    /// A serial search with the shared table (the null-window search's kernel) examined
    /// this many positions: what its table costs beyond F2's kernel.
    TableKernel(u64),
    /// It found nothing to do and will look again (the best-first search's workers
    /// between units): idle time, at least one unit of it even where every event is
    /// free, so that a waiting processor's clock moves and the others run.
    Wait,
    /// It took an item of offered work (a brother, a root move): a strand of its own,
    /// which depends on the offer, not on the items the worker searched before it. It
    /// takes no time; the simulator's critical path starts the strand at the offer.
    Strand,
}

/// Real threads: the rayon pool the caller runs in.
///
/// # Keeping helpers awake
///
/// A rayon worker that finds no work spins briefly and then sleeps; waking it takes a
/// system call and, on a virtual machine, an interrupt to a halted virtual CPU — tens of
/// microseconds or more. Young brothers wait offers work in bursts (a split point's
/// younger brothers, after its eldest), with idle gaps in between on well-ordered trees,
/// so a sleeping helper often wakes after the burst is over. For the length of one
/// search, therefore, every helper runs [`Threads::stay_awake`]: it keeps taking offered
/// work (`rayon::yield_now`) and, between offers, yields its CPU to the operating system
/// instead of sleeping, until the search ends. Only when the pool has no more workers
/// than the machine has CPUs: with more, a spinning helper would take CPU time from a
/// working one.
///
/// A worker may meet a `stay_awake` task while it waits inside [`Executor::fork`] (rayon
/// lets a waiting worker run any pending task); it must return at once then, or the fork
/// it waits in could not resume until the search ended — which needs that fork. Each
/// worker therefore counts the forks it is inside (`forks`), and `stay_awake` returns
/// unless the count is zero, i.e. unless the worker was truly idle.
#[derive(Debug)]
pub(crate) struct Threads {
    threads: usize,
    /// Per worker: how many [`Executor::fork`] calls it is inside.
    ///
    /// Memory ordering: `Relaxed`. Each count is written and read only by its own
    /// worker's thread, so program order is all that is needed; it is atomic only so that
    /// the executor can be shared.
    forks: Vec<CachePadded<AtomicUsize>>,
    /// Whether helpers stay awake during a search (see the type's docs).
    keep_awake: bool,
    /// When the executor was made: [`Executor::now`] counts from here.
    epoch: Instant,
    /// Set when the search has its result: helpers leave [`Threads::stay_awake`].
    ///
    /// Memory ordering: `Relaxed`. It carries no data, and the search's result reaches
    /// the caller through rayon's join of the `stay_awake` tasks, which synchronises.
    done: AtomicBool,
}

impl Threads {
    /// The executor of a pool of `threads` rayon workers; searches must run inside the
    /// pool (`ThreadPool::install`). Helpers stay awake during a search if `keep_awake`.
    pub(crate) fn new(threads: usize, keep_awake: bool) -> Self {
        Threads {
            threads,
            keep_awake,
            epoch: Instant::now(),
            forks: (0..threads)
                .map(|_| CachePadded::new(AtomicUsize::new(0)))
                .collect(),
            done: AtomicBool::new(false),
        }
    }

    /// Runs `search` on the calling worker while every other worker stays awake to take
    /// the work it offers (see the type's docs); must be called inside the pool.
    /// `offers_work` says whether the search will offer any: if not (a tree too small to
    /// split), nobody is woken, since the search would then wait for the wake-ups.
    pub(crate) fn run<R: Send>(&self, offers_work: bool, search: impl FnOnce() -> R + Send) -> R {
        rayon::scope(|scope| {
            if self.keep_awake && offers_work {
                for _ in 1..self.threads {
                    scope.spawn(|_| self.stay_awake());
                }
            }
            // Set on the way out, whether the search returns or panics: the scope
            // waits for every `stay_awake` task before it passes either on.
            let _done = SetOnDrop(&self.done);
            search()
        })
    }

    /// Takes offered work until the search is done; returns at once on a worker that is
    /// inside a fork.
    fn stay_awake(&self) {
        if self.forks[self.worker()].load(Ordering::Relaxed) > 0 {
            return;
        }
        while !self.done.load(Ordering::Relaxed) {
            if rayon::yield_now() != Some(rayon::Yield::Executed) {
                std::thread::yield_now();
            }
        }
    }
}

/// Decrements its counter when dropped.
struct CountDownOnDrop<'a>(&'a AtomicUsize);

impl Drop for CountDownOnDrop<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Release);
    }
}

/// Sets its flag when dropped.
struct SetOnDrop<'a>(&'a AtomicBool);

impl Drop for SetOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
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
    ///
    /// With helpers kept awake, the caller also waits awake: until every helper task has
    /// returned it takes pending work itself (`rayon::yield_now`, which runs its own
    /// untaken tasks first) and otherwise yields its CPU, rather than sleeping in the
    /// scope's join. A helper that opens a split point below then finds the waiting
    /// owner ready to take a brother at once.
    #[inline]
    fn fork<F: Fn() + Sync>(&self, helpers: usize, work: F) {
        if helpers == 0 {
            work();
            return;
        }
        let forks = &self.forks[self.worker()];
        forks.fetch_add(1, Ordering::Relaxed);
        // Counted down on the way out, a panic included.
        let _left = CountDownOnDrop(forks);
        // Helper tasks not yet returned. Memory ordering: `Release` decrement, `Acquire`
        // read: the owner's loop ends after every helper's writes; the scope's join
        // below synchronises as well.
        let running = AtomicUsize::new(helpers);
        rayon::scope(|scope| {
            for _ in 0..helpers {
                scope.spawn(|_| {
                    // Counted down on the way out, a panic included: the owner's
                    // wait below must end for the scope to pass the panic on.
                    let _returned = CountDownOnDrop(&running);
                    work();
                });
            }
            work();
            if self.keep_awake {
                while running.load(Ordering::Acquire) > 0 {
                    if rayon::yield_now() != Some(rayon::Yield::Executed) {
                        std::thread::yield_now();
                    }
                }
            }
        });
    }

    #[inline(always)]
    fn event(&self, _event: Event) {}
}

impl Clock for Threads {
    fn now(&self) -> u64 {
        self.epoch.elapsed().as_nanos() as u64
    }
}
