//! Shards: one part of a run split over machines (`--shard K/N`), and `shard.json`, the
//! file in a shard's run folder that says which part it is, so that `abbench merge` can
//! check that the shards it is given make one whole run.
//!
//! A shard is named `K/N`: part `K` of `N`, counted from 1. Which work items each part
//! holds is decided by `abbench-measure` from the items' estimated work alone, so every
//! machine given the same suite and `N` computes the same parts.

use crate::FileError;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// The file a sharded sweep writes beside `machine.json`.
pub const SHARD_FILE: &str = "shard.json";

/// The most parts a run may be split into.
pub const MAX_SHARDS: u32 = 100_000;

/// Part `index` of `count` (`--shard K/N`), `1 <= index <= count`.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[schemars(deny_unknown_fields)]
pub struct Shard {
    /// `K`, from 1.
    #[schemars(range(min = 1))]
    pub index: u32,
    /// `N`, at least 1.
    #[schemars(range(min = 1))]
    pub count: u32,
}

/// Why a `--shard` value is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// Not two whole numbers around a slash.
    #[error("'{0}' is not a shard: expected K/N, part K of N counted from 1, e.g. 2/8")]
    Syntax(String),
    /// `N` is 0 or more than [`MAX_SHARDS`].
    #[error("shard {0}: the number of shards N must be 1 ..= {MAX_SHARDS}")]
    Count(String),
    /// `K` is 0 or more than `N`.
    #[error("shard {0}: K must be 1 ..= N (parts are counted from 1)")]
    Index(String),
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let text = text.trim();
        let number = |word: &str| -> Result<u64, ShardError> {
            let word = word.trim();
            if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ShardError::Syntax(text.to_string()));
            }
            // Digits only: too long for u64 is out of range, not a syntax error.
            Ok(word.parse().unwrap_or(u64::MAX))
        };
        let (k, n) = text
            .split_once('/')
            .ok_or_else(|| ShardError::Syntax(text.to_string()))?;
        let (index, count) = (number(k)?, number(n)?);
        if count == 0 || count > u64::from(MAX_SHARDS) {
            return Err(ShardError::Count(text.to_string()));
        }
        if index == 0 || index > count {
            return Err(ShardError::Index(text.to_string()));
        }
        Ok(Shard {
            index: index as u32,
            count: count as u32,
        })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// One tree a shard measures: its place in the whole suite and its key
/// ([`crate::TreeInfo::key`]), by which `merge` puts records back in the whole run's
/// order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ShardTree {
    /// The tree's position among the suite's trees, from 0.
    pub index: u64,
    /// The tree's key.
    pub key: String,
    /// The lines the part's `results.jsonl` holds for this tree once it is measured: one
    /// record or unfinished line per algorithm, a parallel one per thread count. Absent
    /// in parts written before it existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub searches: Option<u64>,
}

/// `shard.json` in the run folder of `sweep --shard K/N`: which part of which run it
/// holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ShardManifest {
    /// [`crate::SCHEMA`].
    #[schemars(with = "crate::schema::SchemaVersion")]
    pub schema: u32,
    /// `shard`.
    #[schemars(extend("const" = "shard"))]
    pub kind: String,
    /// `K` and `N`.
    pub shard: Shard,
    /// The suite's name.
    pub suite: String,
    /// The suite's content hash, with every setting that changes what is measured
    /// (workloads, algorithms, seeds, thread counts, repeats, time limit): shards of one
    /// run have the same.
    #[schemars(with = "crate::schema::Hash16")]
    pub suite_hash: String,
    /// Trees in the whole suite.
    pub suite_trees: u64,
    /// The trees of this part, in the suite's order.
    pub trees: Vec<ShardTree>,
}

impl ShardManifest {
    /// Writes `shard.json` into `dir`, whole or not at all.
    pub fn write(&self, dir: &Path) -> Result<PathBuf, FileError> {
        let path = dir.join(SHARD_FILE);
        let mut json = serde_json::to_string_pretty(self).expect("a shard manifest serialises");
        json.push('\n');
        crate::write_atomically(&path, json.as_bytes())?;
        Ok(path)
    }

    /// Reads the `shard.json` of the run folder `dir`.
    pub fn read(dir: &Path) -> Result<ShardManifest, FileError> {
        let path = dir.join(SHARD_FILE);
        let text = crate::read_text(&path, crate::MAX_RESULTS_BYTES)?;
        serde_json::from_str(&text).map_err(|e| FileError::BadInput {
            path,
            line: e.line(),
            message: format!("not a shard description ({e})"),
        })
    }
}

/// FNV-1a, 64 bits, as 16 hex digits: a content hash that is the same on every machine
/// and every build (the standard library's hashers promise neither).
pub fn content_hash(bytes: &[u8]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_bad_ones_say_why() {
        assert_eq!("2/8".parse(), Ok(Shard { index: 2, count: 8 }));
        assert_eq!(" 1/1 ".parse::<Shard>().unwrap().to_string(), "1/1");
        assert!(matches!("0/3".parse::<Shard>(), Err(ShardError::Index(_))));
        assert!(matches!("4/3".parse::<Shard>(), Err(ShardError::Index(_))));
        assert!(matches!("1/0".parse::<Shard>(), Err(ShardError::Count(_))));
        for bad in ["x/y", "1", "1/2/3", "-1/3", "/3", "1/", "+1/2"] {
            assert!(
                matches!(bad.parse::<Shard>(), Err(ShardError::Syntax(_))),
                "{bad}"
            );
        }
        assert!(matches!(
            "1/99999999999999999999999".parse::<Shard>(),
            Err(ShardError::Count(_))
        ));
    }

    #[test]
    fn the_content_hash_is_fnv_1a() {
        assert_eq!(content_hash(b""), "cbf29ce484222325");
        assert_eq!(content_hash(b"a"), "af63dc4c8601ec8c");
    }
}
