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

/// A probe with its poll schedule, for a kernel that hands part of its search to
/// another: principal variation search ([`crate::PvsIter`]) runs its null-window tests
/// in the fail-soft kernel, and both poll on this one schedule, so that a run of small
/// tests is polled as often as one large search. A narrower window heard inside a test
/// is kept for the outer kernel, whose root it narrows ([`Polling::take_narrowed`]).
pub(crate) struct Polling<'p, P: Probe> {
    probe: &'p mut P,
    /// Poll once the search has examined this many positions.
    next: u64,
    /// The narrowest window heard since the outer kernel last took it.
    narrowed: Option<(Value, Value)>,
}

impl<'p, P: Probe> Polling<'p, P> {
    /// The schedule of a search that has examined `examined` positions so far.
    pub(crate) fn new(probe: &'p mut P, examined: u64) -> Self {
        let next = examined + u64::from(probe.interval());
        Polling {
            probe,
            next,
            narrowed: None,
        }
    }

    /// Whether a poll is due after `examined` positions (never with `P::ENABLED` false:
    /// the polls compile away).
    #[inline(always)]
    pub(crate) fn due(&self, examined: u64) -> bool {
        P::ENABLED && examined >= self.next
    }

    /// Polls the probe; `true` when the search must abort. A narrower window is kept,
    /// joined with any heard before it, until [`Polling::take_narrowed`].
    #[cold]
    #[inline(never)]
    pub(crate) fn poll(&mut self, examined: u64) -> bool {
        self.next = examined + u64::from(self.probe.interval());
        match self.probe.poll(examined) {
            Poll::Continue => false,
            Poll::Abort => true,
            Poll::Narrow { alpha, beta } => {
                self.narrowed = Some(match self.narrowed {
                    Some((a, b)) => (a.max(alpha), b.min(beta)),
                    None => (alpha, beta),
                });
                false
            }
        }
    }

    /// The narrower root window heard since the last call, if any.
    #[inline(always)]
    pub(crate) fn take_narrowed(&mut self) -> Option<(Value, Value)> {
        if P::ENABLED {
            self.narrowed.take()
        } else {
            None
        }
    }
}
