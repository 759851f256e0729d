//! `--shard K/N`, shared by `sweep`, `simulate` and `verify`: part `K` of `N` of the work,
//! the same part on every machine (`abbench_measure::shard_items`).

use abbench_results::{Shard, ShardError};

/// Parses `--shard K/N`.
pub fn parse_shard(text: &str) -> Result<Shard, ShardError> {
    text.parse()
}
