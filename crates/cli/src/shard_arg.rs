//! `--shard K/N`, shared by `sweep`, `simulate` and `verify`: part `K` of `N` of the work,
//! the same part on every machine (`abbench_measure::shard_items`), and the line that names
//! it in a command's text output.

use abbench_results::{Shard, ShardError};

/// Parses `--shard K/N`.
pub fn parse_shard(text: &str) -> Result<Shard, ShardError> {
    text.parse()
}

/// The line that names the part checked (`--shard K/N`), and says so when it holds none
/// of the `what` (trees, searches) — every one is in another part.
pub fn shard_line(shard: Shard, held: u64, what: &str) -> String {
    let empty = if held == 0 {
        format!(": this part holds none of the {what}, which are all in other parts")
    } else {
        format!(" (only this part's {what})")
    };
    format!("shard       {shard}{empty}")
}
