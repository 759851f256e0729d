//! The messages between `abbench ab` and its two workers (`abbench ab-worker`): one JSON
//! object a line, each way, over the worker's stdin and stdout.
//!
//! 1. The worker starts by writing a [`Hello`]: the output schema and the protocol it
//!    speaks, and the build it is. The coordinator sends nothing before it.
//! 2. The coordinator sends a [`Request::Plan`]: the suite and the algorithms and thread
//!    counts to take from it. Each worker loads the suite itself, builds every tree, and
//!    answers with a [`Plan`]: every search in the suite's order, with a fingerprint of its
//!    tree (a hash of the first positions in depth-first order, independent of any search),
//!    its value and counts, whether the value agrees with the worker's own serial F2, and
//!    the time of one search. The two plans must name the same searches on the same trees
//!    before anything is timed.
//!    Restarted workers (a new pair every epoch) are sent the same plan request with
//!    `again` set: they build the same trees and name the same searches, searching none.
//! 3. Then [`Request::Time`]s: search `item` `iters` times back to back after one untimed
//!    search, timed as one batch; the answer is a [`Sample`].
//!
//! A request the worker cannot serve is answered with a [`Reply::Error`]; the worker
//! exits when its stdin closes. Every line carries `schema` and a `kind` (`ab_hello`,
//! `ab_plan`, `ab_sample`, `ab_error`), as every JSON the tool writes does.

use abbench_results::schema::{AlgoName, Hash16, SchemaVersion, Threads};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The protocol's version: a worker that speaks another is refused.
pub const PROTOCOL: u32 = 1;

/// The first line of `abbench ab-worker`: the schema and protocol it speaks and the
/// build it is.
///
/// The workers and the coordinator are both `abbench-measure`, so the type lives here.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Hello {
    /// The output schema ([`abbench_results::SCHEMA`]).
    #[schemars(with = "SchemaVersion")]
    pub schema: u32,
    /// `ab_hello`.
    #[schemars(extend("const" = "ab_hello"))]
    pub kind: String,
    /// [`PROTOCOL`].
    #[schemars(range(min = 1))]
    pub protocol: u32,
    /// The package version.
    pub version: String,
    /// The build: commit (and whether dirty), profile, compiler.
    pub build: String,
}

/// What the coordinator asks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Request {
    /// Build the searches of a suite and describe them.
    Plan {
        /// A built-in suite's name or a suite file's path.
        suite: String,
        /// The algorithms to keep (every one of the suite's when `None`).
        algos: Option<Vec<String>>,
        /// The thread counts of the parallel searches (the suite's when `None`).
        threads: Option<Vec<usize>>,
        /// A restarted worker's plan: the trees built and fingerprinted and the searches
        /// named, none searched (value, counts and `one_ns` are then 0): the coordinator
        /// keeps the first plan and checks every timed sample against it. A worker that
        /// does not know the field plans in full.
        #[serde(default)]
        again: bool,
    },
    /// Time one search.
    Time {
        /// Its index in the plan.
        item: usize,
        /// Searches in each timed batch.
        iters: u64,
        /// Timed batches, back to back (1 when absent).
        #[serde(default = "one")]
        reps: u32,
    },
}

fn one() -> u32 {
    1
}

/// One search of a plan.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PlanItem {
    /// The tree's label with its seed.
    pub tree: String,
    /// The tree's workload (label without the seed): searches are judged per workload.
    pub workload: String,
    /// The algorithm's name.
    #[schemars(with = "AlgoName")]
    pub algo: String,
    /// Threads (1 for a serial search).
    #[schemars(with = "Threads")]
    pub threads: usize,
    /// Whether the search's positions are deterministic (serial): a signature.
    pub deterministic: bool,
    /// A hash of the tree's first positions, as 16 hex digits.
    #[schemars(with = "Hash16")]
    pub fingerprint: String,
    /// The search's value.
    pub value: i64,
    /// Positions examined.
    pub nodes: u64,
    /// Leaves examined.
    pub leaves: u64,
    /// Whether the value agrees with the worker's serial F2 on the tree.
    pub agrees: bool,
    /// One search's time after a warm-up, in nanoseconds (the least of three).
    pub one_ns: u64,
}

/// Every line a worker writes after its hello: a kind each.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[schemars(deny_unknown_fields)]
pub enum Reply {
    /// An ab worker's plan: every search of the suite, its tree's fingerprint, value,
    /// counts and one search's time.
    AbPlan {
        /// [`abbench_results::SCHEMA`].
        #[schemars(with = "SchemaVersion")]
        schema: u32,
        /// The suite's name.
        suite: String,
        /// Every search, in the suite's order.
        items: Vec<PlanItem>,
    },
    /// An ab worker's timed batches of one search.
    AbSample(Sample),
    /// An ab worker's answer to a request it could not serve.
    AbError {
        /// [`abbench_results::SCHEMA`].
        #[schemars(with = "SchemaVersion")]
        schema: u32,
        /// Why, in one line.
        message: String,
    },
}

/// One timed batch of one search.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Sample {
    /// [`abbench_results::SCHEMA`].
    #[schemars(with = "SchemaVersion")]
    pub schema: u32,
    /// The plan's index of the search.
    pub item: usize,
    /// Searches in the batch.
    #[schemars(range(min = 1))]
    pub iters: u64,
    /// The fastest batch's wall time in nanoseconds.
    pub ns: u64,
    /// Every batch's wall time in nanoseconds, in the order they ran.
    #[schemars(length(min = 1))]
    pub batches: Vec<u64>,
    /// The last search's value.
    pub value: i64,
    /// The last search's positions.
    pub nodes: u64,
}
