//! ABDADA (Weill 1996), simplified as Kerrigan's: every worker searches the tree from
//! the root through the shared node table; at a node, a younger brother that another
//! worker is searching now is put off and searched after the others, when its entry is
//! usually in the table. The eldest is never put off, so the workers follow the
//! principal variation together and part at the first node with free younger brothers.
//! The protocol and the measurements behind it are in `README.md` beside this file.

use crate::SearchOptions;
use crate::algorithm::{Found, Search};
use crate::context::Context;
use crate::executor::Executor;
use crate::table_search::{self, Rule};
use abbench_search::Aborted;
use abbench_tree::GameTree;

/// ABDADA ([`crate::ParallelAlgorithm::Abdada`]).
pub(crate) struct Abdada;

impl Search for Abdada {
    type Settings = ();

    fn settings(_options: &SearchOptions, _workers: usize) {}

    fn search<T: GameTree, E: Executor>(
        ctx: &Context<'_, T, E>,
        _settings: &(),
    ) -> Result<Found, Aborted> {
        table_search::search(ctx, Rule::Abdada).map(Found::from)
    }
}
