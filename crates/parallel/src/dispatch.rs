//! The one dispatch from an algorithm's name to its search, used by threads and the
//! simulator alike.

use crate::context::Context;
use crate::executor::Executor;
use crate::{ParallelAlgorithm, abdada, jamboree, lazy_smp, null_window, root_split, ybwc};
use abbench_search::Aborted;
use abbench_tree::{GameTree, Value};

/// Runs `algorithm` on `ctx` (made for it: `Context::new` sets what each algorithm
/// needs); returns the root value and the search-order index of the root move that
/// produced it.
pub(crate) fn search<T: GameTree, E: Executor>(
    ctx: &Context<'_, T, E>,
    algorithm: ParallelAlgorithm,
) -> Result<(Value, Option<usize>), Aborted> {
    match algorithm {
        ParallelAlgorithm::RootSplit => root_split::search(ctx),
        ParallelAlgorithm::Ybwc => ybwc::search(ctx),
        ParallelAlgorithm::Jamboree => jamboree::search(ctx),
        ParallelAlgorithm::Abdada => abdada::search(ctx),
        ParallelAlgorithm::LazySmp => lazy_smp::search(ctx),
        ParallelAlgorithm::NullWindow => null_window::search(ctx),
    }
}

/// Whether the search of `algorithm` will offer work to helpers: more than one worker,
/// and a root that is shared (root splitting: more than one root move).
pub(crate) fn offers_work<T: GameTree, E: Executor>(
    ctx: &Context<'_, T, E>,
    algorithm: ParallelAlgorithm,
) -> bool {
    let tree = ctx.tree;
    let root = tree.root();
    ctx.threads() > 1
        && tree.degree(root) > 1
        && match algorithm {
            ParallelAlgorithm::RootSplit => true,
            _ => ctx.splits(root),
        }
}
