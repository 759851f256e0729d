//! `verify --json`: the one JSON object `abbench verify` prints, its totals, a row per
//! algorithm and thread count, and each mismatch with the command that reproduces it.
//!
//! Written by the command line alone, so the types live here.

use abbench_results::Algorithm;
use abbench_results::schema::{AlgoName, SchemaVersion, Threads};
use schemars::JsonSchema;
use serde::Serialize;

/// verify --json: every search checked against serial F2.
#[derive(Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub(crate) struct VerificationLine<'a> {
    /// [`abbench_results::SCHEMA`].
    #[schemars(with = "SchemaVersion")]
    pub schema: u32,
    /// `verification`.
    #[schemars(extend("const" = "verification"))]
    pub kind: &'static str,
    /// The part checked (--shard K/N); null for every tree.
    #[schemars(regex(pattern = r"^[0-9]+/[0-9]+$"))]
    pub shard: Option<String>,
    /// Trees checked.
    pub trees: u64,
    /// Trees whose value F0 also computed.
    pub oracle_trees: u64,
    /// Trees with a published score every search was held to.
    pub published_trees: u64,
    /// Searches checked.
    pub searches: u64,
    /// Searches that disagreed with serial F2.
    pub mismatches: u64,
    /// Searches that reached the time limit and gave no answer.
    pub timed_out: u64,
    /// Root moves searched to their exact value (--root-moves); 0 without it.
    pub root_moves: u64,
    /// Of those, the ones whose value is not their published score.
    pub wrong_root_moves: u64,
    /// One row per algorithm and thread count.
    pub rows: Vec<VerificationRow>,
    /// Each mismatch, with the command that reproduces it.
    pub mismatch_details: Vec<MismatchDetail<'a>>,
}

/// One algorithm at one thread count in `verify --json`.
#[derive(Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub(crate) struct VerificationRow {
    /// The algorithm.
    #[schemars(with = "AlgoName")]
    pub algo: Algorithm,
    /// Its threads.
    #[schemars(with = "Threads")]
    pub threads: usize,
    /// Searches checked.
    pub searches: u64,
    /// Of those, the ones that disagreed.
    pub mismatches: u64,
    /// Of those, the ones that gave no answer in time.
    pub timed_out: u64,
}

/// One search that disagreed with serial F2, in `verify --json`.
#[derive(Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub(crate) struct MismatchDetail<'a> {
    /// The tree.
    pub tree: &'a str,
    /// The algorithm.
    #[schemars(with = "AlgoName")]
    pub algo: Algorithm,
    /// Its threads.
    #[schemars(with = "Threads")]
    pub threads: usize,
    /// What disagreed.
    pub message: &'a str,
    /// The command that reproduces it.
    pub reproduce: &'a str,
}
