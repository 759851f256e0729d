//! Jamboree (Kuszmaul; StarTech, \*Socrates): parallel principal variation search. At
//! a split point the eldest is searched first with the node's window, as young brothers
//! wait does; each younger brother is then first *tested* with a null window against the
//! best value so far — a test whose bound never changes while it runs — and searched
//! again with the node's live window only if it fails high. The split points, their
//! hand-out and abort rule are young brothers wait's (`ybwc/README.md`); what differs is
//! `ybwc::search_brother` under [`Context::tests_younger`]. The protocol and the
//! measurements behind it are in `README.md` beside this file.

use crate::context::Context;
use crate::executor::Executor;
use abbench_search::Aborted;
use abbench_tree::{GameTree, Value};

/// Searches the whole tree; returns the root value and the search-order index of the
/// root move that produced it.
pub(crate) fn search<T: GameTree, E: Executor>(
    ctx: &Context<'_, T, E>,
) -> Result<(Value, Option<usize>), Aborted> {
    debug_assert!(ctx.tests_younger);
    crate::ybwc::search(ctx)
}
