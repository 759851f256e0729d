//! Serial game-tree search as Knuth & Moore define it (§2).
//!
//! [`f0()`] (negamax, eq. (1)), [`f1()`] (branch-and-bound without deep cutoffs) and
//! [`f2()`] (alpha-beta) are written as the paper writes them; [`F2Iter`] is F2 without
//! recursion, the fast kernel every speedup is measured against and the kernel parallel
//! searches run below their split points. All are generic over
//! [`abbench_tree::GameTree`] and over the [`Counters`] that choose, at compile time,
//! what is counted.
//!
//! The window techniques built on F2: a root window and the `>` cutoff criterion for F2
//! and the kernel (§4; [`Window`], [`Cutoff`]), fail-soft F2 whose result carries its
//! [`Bound`], node kinds pv/cut/all per level ([`NodeKinds`]), principal variation
//! search, aspiration search and MTD(f) with a [`TranspositionTable`]. Every algorithm
//! runs through a [`SerialSearch`] set up once with its [`SerialOptions`].

mod algorithm;
mod aspiration;
mod bound;
mod deadline;
mod f0;
mod f1;
mod f2;
mod f2_iter;
mod f2_soft_iter;
mod guess;
mod kinds;
mod mtdf;
mod options;
mod probe;
mod pvs;
mod result;
mod root;
mod searcher;
mod settings;
mod stats;
#[cfg(test)]
mod test_trees;
mod transposition;
mod window_search;

pub use algorithm::{SerialAlgorithm, UnknownAlgorithm};
pub use bound::Bound;
pub use deadline::{DEADLINE_CHECK_INTERVAL, Deadline, TimedOut};
pub use f0::f0;
pub use f1::f1;
pub use f2::{alphabeta, f2};
pub use f2_iter::{F2Iter, Resume, WindowResult, f2_iter};
pub use guess::{GUESS_PLIES, clamp_guess, guess_below, guess_rule, mtdf_guess, rules_middle};
pub use kinds::{KindCounts, NodeKind, NodeKinds};
pub use mtdf::{Bracket, FINAL_WIDTH, MtdfIter, NULL_PASSES, UNTABLED_PLIES, final_width};
pub use options::{
    Cutoff, DEFAULT_ASPIRATION_DELTA, DEFAULT_TT_MB, MAX_TT_MB, OptionError, SerialOptions, Window,
};
pub use probe::{Aborted, NoProbe, POLL_INTERVAL, Poll, Probe};
pub use pvs::PvsIter;
pub use result::{GuessSource, Pass, Passes, SearchResult, TableStats};
pub use searcher::{SerialRun, SerialSearch, search_within};
pub use settings::{Seconds, SettingValue, Settings};
pub use stats::{Basic, Counters, Detailed, SearchStats};
pub use transposition::{
    BoundTable, Bounds, NO_MOVE, SLOT_BYTES, TranspositionTable, child_key, child_path_key,
    root_key, root_path_key,
};
