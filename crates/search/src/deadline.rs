//! Time limits for serial searches, without touching the kernels.
//!
//! [`Deadline`] wraps any [`Counters`] and, every [`DEADLINE_CHECK_INTERVAL`] positions,
//! reads the clock; once the deadline has passed it unwinds the search with
//! [`std::panic::resume_unwind`] — which runs no panic hook, so nothing is printed — and
//! [`crate::search_within`] catches exactly that payload and reports [`TimedOut`]. The
//! recursive procedures stay as the paper writes them, the untimed searches (plain
//! `Counters`) are compiled without any check, and a kernel holds nothing an unwind could
//! leave inconsistent: `F2Iter` clears its stack at the start of every search.

use crate::{Counters, SearchResult, SearchStats};
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::time::{Duration, Instant};

/// Positions examined between two reads of the clock.
pub const DEADLINE_CHECK_INTERVAL: u64 = 1 << 16;

/// The payload a timed search unwinds with.
struct DeadlineReached {
    stats: SearchStats,
}

/// A serial search stopped by its time limit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("time limit reached after {} positions", stats.nodes)]
pub struct TimedOut {
    /// What was examined before the search stopped.
    pub stats: SearchStats,
}

/// Counters that also stop the search at a deadline.
pub struct Deadline<C: Counters> {
    inner: C,
    deadline: Instant,
    next_check: u64,
}

impl<C: Counters> Deadline<C> {
    /// `inner`, stopping the search once `deadline` has passed.
    pub fn new(inner: C, deadline: Instant) -> Self {
        Deadline {
            inner,
            deadline,
            next_check: DEADLINE_CHECK_INTERVAL,
        }
    }

    fn check(&mut self) {
        if self.inner.nodes() >= self.next_check {
            self.next_check = self.inner.nodes() + DEADLINE_CHECK_INTERVAL;
            if Instant::now() >= self.deadline {
                resume_unwind(Box::new(DeadlineReached {
                    stats: self.inner.stats(),
                }));
            }
        }
    }
}

impl<C: Counters> Counters for Deadline<C> {
    /// Counters whose deadline is a century away; a real one comes from [`Deadline::new`].
    fn for_height(height: u32) -> Self {
        let far = Instant::now() + Duration::from_secs(100 * 365 * 24 * 3600);
        Deadline::new(C::for_height(height), far)
    }
    #[inline(always)]
    fn position(&mut self, depth: u32) {
        self.inner.position(depth);
        self.check();
    }
    #[inline(always)]
    fn leaf(&mut self) {
        self.inner.leaf();
    }
    #[inline(always)]
    fn cutoff(&mut self) {
        self.inner.cutoff();
    }
    #[inline(always)]
    fn leaves_at(&mut self, depth: u32, count: u64) {
        self.inner.leaves_at(depth, count);
        self.check();
    }
    fn stats(&self) -> SearchStats {
        self.inner.stats()
    }
    #[inline(always)]
    fn nodes(&self) -> u64 {
        self.inner.nodes()
    }
}

/// Runs `search` (whose counters are a [`Deadline`]), turning the deadline's unwind into
/// [`TimedOut`].
pub(crate) fn within(search: impl FnOnce() -> SearchResult) -> Result<SearchResult, TimedOut> {
    match catch_unwind(AssertUnwindSafe(search)) {
        Ok(result) => Ok(result),
        Err(payload) => match payload.downcast::<DeadlineReached>() {
            Ok(reached) => Err(TimedOut {
                stats: reached.stats,
            }),
            // Anything else is a real panic: let it go on.
            Err(other) => resume_unwind(other),
        },
    }
}
