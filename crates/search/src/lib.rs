//! Serial game-tree search as Knuth & Moore define it (§2).
//!
//! [`f0()`] (negamax, eq. (1)), [`f1()`] (branch-and-bound without deep cutoffs) and
//! [`f2()`] (alpha-beta) are written as the paper writes them; [`F2Iter`] is F2 without
//! recursion, the fast kernel every speedup is measured against and the kernel parallel
//! searches run below their split points. All are generic over
//! [`abbench_tree::GameTree`] and over the [`Counters`] that choose, at compile time,
//! what is counted.

mod algorithm;
mod deadline;
mod f0;
mod f1;
mod f2;
mod f2_iter;
mod probe;
mod result;
mod root;
mod stats;

pub use algorithm::{SerialAlgorithm, UnknownAlgorithm};
pub use deadline::{DEADLINE_CHECK_INTERVAL, Deadline, TimedOut, search_within};
pub use f0::f0;
pub use f1::f1;
pub use f2::{alphabeta, f2};
pub use f2_iter::{F2Iter, Resume, WindowResult, f2_iter};
pub use probe::{Aborted, NoProbe, POLL_INTERVAL, Poll, Probe};
pub use result::SearchResult;
pub use stats::{Basic, Counters, Detailed, SearchStats};
