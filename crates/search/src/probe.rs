//! How a running search hears from outside: abort requests and narrower windows.
//!
//! The serial kernel polls its [`Probe`] about every [`Probe::interval`] positions
//! ([`POLL_INTERVAL`] unless the probe says otherwise), telling it how many positions the
//! search has examined so far. A probe can stop the search (a sibling's cutoff made it
//! useless, a time limit passed) or hand it a narrower window for its root (a sibling
//! found a better bound). Serial searches use [`NoProbe`], whose `ENABLED = false` removes
//! the polling at compile time.

use abbench_tree::Value;

/// Positions examined between two polls, unless a probe chooses another interval.
pub const POLL_INTERVAL: u32 = 1024;

/// What a poll says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Poll {
    /// Go on as before.
    Continue,
    /// Go on with this window at the search's root: `alpha` may only rise, `beta` only
    /// fall, relative to the window the search was given.
    Narrow {
        /// The root's new lower bound.
        alpha: Value,
        /// The root's new upper bound.
        beta: Value,
    },
    /// Stop now; the result will not be used.
    Abort,
}

/// A source of abort requests and window updates for a running search.
pub trait Probe {
    /// `false` compiles the polling out.
    const ENABLED: bool;

    /// Positions the kernel examines between two polls (at least 1). The kernel polls
    /// after the first child examined at or past the interval, so the gap between two
    /// polls can exceed it by one leaf parent's run of leaves.
    ///
    /// A constant for every probe that does not override it, so the kernel compiles to
    /// the same code as with a fixed interval; the simulator of `abbench-parallel` makes
    /// it a parameter.
    #[inline(always)]
    fn interval(&self) -> u32 {
        POLL_INTERVAL
    }

    /// Called about every [`Probe::interval`] positions; `examined` is the number of
    /// positions the search has examined so far, its root included (the simulator of
    /// `abbench-parallel` advances a virtual clock by it).
    fn poll(&mut self, examined: u64) -> Poll;
}

/// The probe of a search nobody interrupts.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProbe;

impl Probe for NoProbe {
    const ENABLED: bool = false;
    #[inline(always)]
    fn poll(&mut self, _examined: u64) -> Poll {
        Poll::Continue
    }
}

/// The search was stopped by its probe before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("search aborted")]
pub struct Aborted;
