//! Lazy SMP: every worker searches the whole tree from the root, each in its own move
//! order below the eldest, sharing only the node table; the first to finish gives the
//! value. The protocol and the measurements behind it are in `README.md` beside this
//! file; the search itself is `table_search`, shared with ABDADA.

use crate::SearchOptions;
use crate::algorithm::{Found, Search};
use crate::context::Context;
use crate::executor::Executor;
use crate::table_search::{self, Rule};
use abbench_search::Aborted;
use abbench_tree::GameTree;

/// Lazy SMP ([`crate::ParallelAlgorithm::LazySmp`]).
pub(crate) struct LazySmp;

impl Search for LazySmp {
    type Settings = ();

    fn settings(_options: &SearchOptions, _workers: usize) {}

    fn search<T: GameTree, E: Executor>(
        ctx: &Context<'_, T, E>,
        _settings: &(),
    ) -> Result<Found, Aborted> {
        table_search::search(ctx, Rule::Lazy).map(Found::from)
    }
}
