//! How a running search hears from outside: abort requests and narrower windows.
//!
//! The serial kernel polls its [`Probe`] about every [`POLL_INTERVAL`] positions. A probe
//! can stop the search (a sibling's cutoff made it useless, a time limit passed) or
//! hand it a narrower window for its root (a sibling found a better bound). Serial
//! searches use [`NoProbe`], whose `ENABLED = false` removes the polling at compile time.

use abbench_tree::Value;

/// Positions examined between two polls.
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
    /// Called about every [`POLL_INTERVAL`] positions.
    fn poll(&mut self) -> Poll;
}

/// The probe of a search nobody interrupts.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProbe;

impl Probe for NoProbe {
    const ENABLED: bool = false;
    #[inline(always)]
    fn poll(&mut self) -> Poll {
        Poll::Continue
    }
}

/// The search was stopped by its probe before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("search aborted")]
pub struct Aborted;
