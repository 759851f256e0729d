//! `abbench ab BASE NEW`: did this change slow the searches down? Two builds timed side
//! by side, in alternation, until a sequential test decides.
//!
//! A shared machine's speed drifts by tens of percent between runs made minutes apart,
//! so two stored runs cannot tell a 3% slowdown from the drift. Measured in the same
//! moments, they can: each build runs as a worker process ([`serve`], the hidden
//! `abbench ab-worker`), the coordinator ([`ab()`]) sends both the same search in ABBA
//! order, and the log ratio of each block's times cancels what the machine did meanwhile
//! ([`coordinator`](self::coordinator) has the protocol of the blocks,
//! [`sequential`](self::sequential) the test, [`protocol`](self::protocol) the messages).

mod coordinator;
mod outcome;
mod process;
mod protocol;
mod sequential;
mod worker;

pub use coordinator::{
    AbConfig, AbEvent, DEFAULT_ALPHA, DEFAULT_BETA, DEFAULT_EPOCH, DEFAULT_MAX_TIME,
    DEFAULT_THRESHOLD, INTERVAL_ALPHA, ab, check_plan,
};
pub use outcome::{
    AbOutcome, AbReport, AbTest, AbVerdict, Build, SearchEffect, UnitOutcome, ValueProblem,
};
pub use process::{HELLO_TIMEOUT, Side, kill_running_workers};
pub use protocol::{Hello, PROTOCOL, PlanItem, Reply, Request, Sample};
pub use sequential::{
    Decision, Effect, MIN_OBSERVATIONS, SIGMA_CONFIDENCE, SequentialTest, sigma_inflation,
    winsorised_moments,
};
pub use worker::{FINGERPRINT_POSITIONS, fingerprint, serve, tree_label};
