//! The root's threshold in the best-first search: MTD(f)'s schedule of null-window
//! tests, advanced by whichever worker finds the root's bounds answering the current
//! one.
//!
//! Every worker that completes a unit, and every worker that finds nothing to take,
//! calls [`Thresholds::advance`]. It sets the next threshold under a mutex, then looks
//! at the root again under the threshold it set. That second look is needed: a worker
//! may back up a bound that answers the new threshold while the mutex is held. Its own
//! call sees the threshold it read before the change and returns; the caller that
//! holds the mutex then reads the new bound when it looks again. The loom model in
//! `loom_models.rs` checks it, and catches the version without the second look, which
//! left every worker waiting for a test nobody would start.

use crate::sync::{AtomicBool, AtomicI64, AtomicU64, Mutex, Ordering};
use abbench_tree::{INFINITY, NEG_INFINITY, Value};

/// The threshold under way, how many came before it, and MTD(f)'s next step.
pub(super) struct Thresholds {
    /// The root's threshold. Memory ordering: `SeqCst`, read with `test`; written
    /// before `test` is raised, so a unit that read the old `test` with the new
    /// threshold ends at its first poll.
    gamma: AtomicI64,
    /// How many thresholds were set before this one; a test that began under another
    /// ends.
    test: AtomicU64,
    /// MTD(f)'s next step (doubles until both bounds are known), taken under the lock
    /// by whoever sets the next threshold.
    step: Mutex<Value>,
    /// Set once the root's bounds meet, or when a worker panicked.
    done: AtomicBool,
}

impl Thresholds {
    /// The first test: whether the root is worth at least `guess`.
    pub(super) fn new(guess: Value) -> Self {
        Thresholds {
            gamma: AtomicI64::new(guess),
            test: AtomicU64::new(0),
            step: Mutex::new(1),
            done: AtomicBool::new(false),
        }
    }

    /// The root's threshold now.
    pub(super) fn gamma(&self) -> Value {
        self.gamma.load(Ordering::SeqCst)
    }

    /// How many thresholds were set before the current one.
    pub(super) fn test(&self) -> u64 {
        self.test.load(Ordering::SeqCst)
    }

    /// Whether the search has ended.
    pub(super) fn done(&self) -> bool {
        self.done.load(Ordering::SeqCst)
    }

    /// Ends the search for every worker (a worker panicked).
    pub(super) fn end(&self) {
        self.done.store(true, Ordering::SeqCst);
    }

    /// Sets the next threshold, or ends the search, for as long as the root's bounds
    /// `lo <= v <= hi` answer the current one. Returns how many thresholds it set.
    pub(super) fn advance(&self, lo: &AtomicI64, hi: &AtomicI64) -> u64 {
        self.advance_looking_again(lo, hi, true)
    }

    /// [`Thresholds::advance`] without the second look, for the loom model to catch:
    /// a worker that finds the threshold changed returns, and a bound backed up while
    /// the mutex was held answers the new threshold with nobody to see it.
    #[cfg(all(test, loom))]
    pub(super) fn advance_once(&self, lo: &AtomicI64, hi: &AtomicI64) -> u64 {
        self.advance_looking_again(lo, hi, false)
    }

    fn advance_looking_again(&self, lo: &AtomicI64, hi: &AtomicI64, again: bool) -> u64 {
        let mut set = 0;
        loop {
            let gamma = self.gamma();
            if self.done() || !answers(lo, hi, gamma) {
                return set;
            }
            let mut step = self.step.lock().unwrap_or_else(|p| p.into_inner());
            if self.done() || self.gamma() != gamma {
                // Another worker set a threshold since: look again under it.
                if again {
                    continue;
                }
                return set;
            }
            let lower = lo.load(Ordering::SeqCst);
            let upper = hi.load(Ordering::SeqCst);
            if lower >= upper {
                self.done.store(true, Ordering::SeqCst);
                return set;
            }
            let next = next_threshold(lower, upper, *step);
            *step = step.saturating_mul(2);
            self.gamma.store(next, Ordering::SeqCst);
            self.test.fetch_add(1, Ordering::SeqCst);
            set += 1;
            if !again {
                return set;
            }
            // The lock is given back here; the loop looks at the root again, since a
            // bound backed up meanwhile may answer `next` already.
        }
    }
}

/// Whether bounds `lo <= v <= hi` say whether `v >= gamma`.
fn answers(lo: &AtomicI64, hi: &AtomicI64, gamma: Value) -> bool {
    lo.load(Ordering::SeqCst) >= gamma || hi.load(Ordering::SeqCst) < gamma
}

/// The root's next threshold after a test left it with `lower <= v <= upper`
/// (`lower < upper`), MTD(f)'s schedule in null windows only: steps doubling from the
/// side known until both are, then halves.
pub(super) fn next_threshold(lower: Value, upper: Value, step: Value) -> Value {
    let beta = match (lower > NEG_INFINITY, upper < INFINITY) {
        (true, true) => lower + (upper - lower + 1) / 2,
        (true, false) => lower.saturating_add(step),
        (false, true) => upper.saturating_sub(step - 1),
        (false, false) => unreachable!("a resolved root has a bound"),
    };
    beta.clamp(lower.saturating_add(1), upper)
}
