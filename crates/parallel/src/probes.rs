//! Probes every parallel algorithm shares: what a serial search below the parallel part
//! polls to learn that it must stop.

use crate::context::Context;
use crate::executor::Executor;
use crate::sync::{AtomicBool, Ordering};
use abbench_search::{Poll, Probe};
use abbench_tree::GameTree;

/// The probe of a search only a time limit can stop.
pub(crate) struct StopProbe<'a, 'c, T: GameTree, E: Executor> {
    pub(crate) ctx: &'a Context<'c, T, E>,
}

impl<T: GameTree, E: Executor> Probe for StopProbe<'_, '_, T, E> {
    const ENABLED: bool = true;

    fn poll(&mut self, _examined: u64) -> Poll {
        if self.ctx.stopped() {
            Poll::Abort
        } else {
            Poll::Continue
        }
    }
}

/// The probe of a search that a time limit or a flag can stop: the flag is set when
/// another worker has finished the whole search (Lazy SMP, ABDADA).
pub(crate) struct FlagProbe<'a, 'c, T: GameTree, E: Executor> {
    pub(crate) ctx: &'a Context<'c, T, E>,
    /// Memory ordering: read `Relaxed`. It carries no data: the result travels through
    /// a mutex, read after the fork's join.
    pub(crate) flag: &'a AtomicBool,
}

impl<T: GameTree, E: Executor> Probe for FlagProbe<'_, '_, T, E> {
    const ENABLED: bool = true;

    fn poll(&mut self, _examined: u64) -> Poll {
        if self.flag.load(Ordering::Relaxed) || self.ctx.stopped() {
            Poll::Abort
        } else {
            Poll::Continue
        }
    }
}
