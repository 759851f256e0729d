//! Lazy SMP: every worker searches the whole tree from the root, each in its own move
//! order below the eldest, sharing only the node table; the first to finish gives the
//! value. The protocol and the measurements behind it are in `README.md` beside this
//! file; the search itself is `table_search`, shared with ABDADA.

use crate::context::Context;
use crate::executor::Executor;
use crate::table_search::{self, Rule};
use abbench_search::Aborted;
use abbench_tree::{GameTree, Value};

/// Searches the whole tree; returns the root value and the search-order index of the
/// root move that produced it.
pub(crate) fn search<T: GameTree, E: Executor>(
    ctx: &Context<'_, T, E>,
) -> Result<(Value, Option<usize>), Aborted> {
    table_search::search(ctx, Rule::Lazy)
}
