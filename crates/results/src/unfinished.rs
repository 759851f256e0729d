//! A search that gave no result: it reached its time limit (`--time-limit`), it failed
//! (a worker thread panicked), or — a serial search measured only to name the fastest —
//! it ran past the fastest so far and was stopped, since it could not be the fastest.
//! Such a search is recorded, never counted as a result.
//!
//! In `results.jsonl` it is a line of its own, of schema 1 like every record: the same
//! `schema`, `tree`, `algo` and `threads` as a [`Record`](crate::Record), then either
//!
//! ```json
//! {"schema":1,"tree":{…},"algo":"f0","threads":1,"timed_out":true,"time_limit_ns":1000000000}
//! {"schema":1,"tree":{…},"algo":"ybwc","threads":2,"failed":"a search worker panicked: …"}
//! ```
//!
//! and no `value`, `nodes` or wall times: nothing it could claim would be a measurement.
//! An optional `note` says more (e.g. that the search was not run because the serial
//! reference itself reached the limit). The schema stays 1: files without such lines are
//! unchanged, and a reader that predates them rejects one as an incomplete record
//! rather than misreading it.

use crate::{Algorithm, InvalidField, SCHEMA, TreeInfo};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The `kind` of a line for a search without a result: always `unfinished` (lines
/// written before the field existed have none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(inline)]
pub enum UnfinishedKind {
    /// A search that timed out or failed.
    #[default]
    Unfinished,
}

/// A search that gave no result: it timed out, failed, or (a candidate for the fastest
/// serial search) was stopped once it had run twice as long as the fastest so far,
/// `outpaced_by`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(transform = crate::schema::kind_may_be_absent)]
#[schemars(extend("anyOf" = [
    { "required": ["timed_out"] },
    { "required": ["failed"] },
    { "required": ["outpaced_by", "time_limit_ns"] }
]))]
pub struct Unfinished {
    /// [`SCHEMA`].
    #[schemars(with = "crate::schema::SchemaVersion")]
    pub schema: u32,
    /// Always `unfinished` ([`UnfinishedKind`]).
    #[serde(default)]
    pub kind: UnfinishedKind,
    /// The tree.
    pub tree: TreeInfo,
    /// The algorithm.
    #[schemars(with = "crate::schema::AlgoName")]
    pub algo: Algorithm,
    /// Worker threads (1 for serial algorithms).
    #[schemars(with = "crate::schema::Threads")]
    pub threads: usize,
    /// The settings given for this search that its algorithm reads, as in a record
    /// ([`Record::settings`](crate::Record::settings)); absent in lines written before it
    /// existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<abbench_search::Settings>,
    /// The search reached its time limit.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub timed_out: bool,
    /// The time limit, nanoseconds, when it timed out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_limit_ns: Option<u64>,
    /// What failed, when the search failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed: Option<String>,
    /// The serial search that outpaced it, when it was a candidate for the fastest serial
    /// search stopped at `time_limit_ns` (twice that search's median time): not a
    /// failure, and not a time-out of the run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<crate::schema::AlgoName>")]
    pub outpaced_by: Option<Algorithm>,
    /// More words for people.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Why a search gave no result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// It reached this time limit.
    TimedOut(Duration),
    /// It failed, for this reason.
    Failed(String),
    /// A candidate for the fastest serial search, stopped at this limit: it had run
    /// longer than the fastest so far, this algorithm, so it could not be the fastest.
    Outpaced {
        /// When it was stopped.
        limit: Duration,
        /// The fastest serial search so far.
        by: Algorithm,
    },
}

impl Unfinished {
    /// An unfinished search of `algo` at `threads` on `tree`.
    pub fn new(tree: TreeInfo, algo: Algorithm, threads: usize, reason: StopReason) -> Self {
        let nanos = |limit: Duration| Some(u64::try_from(limit.as_nanos()).unwrap_or(u64::MAX));
        let (timed_out, time_limit_ns, failed, outpaced_by) = match reason {
            StopReason::TimedOut(limit) => (true, nanos(limit), None, None),
            StopReason::Failed(message) => (false, None, Some(message), None),
            StopReason::Outpaced { limit, by } => (false, nanos(limit), None, Some(by)),
        };
        Unfinished {
            schema: SCHEMA,
            kind: UnfinishedKind::Unfinished,
            tree,
            algo,
            threads,
            settings: None,
            timed_out,
            time_limit_ns,
            failed,
            outpaced_by,
            note: None,
        }
    }

    /// The same, searched with `settings` given.
    pub fn with_settings(self, settings: abbench_search::Settings) -> Self {
        Unfinished {
            settings: Some(settings),
            ..self
        }
    }

    /// The same, with a note for people.
    pub fn with_note(self, note: impl Into<String>) -> Self {
        Unfinished {
            note: Some(note.into()),
            ..self
        }
    }

    /// Why it gave no result; `None` for a line that says neither (which
    /// [`Unfinished::check`] refuses).
    pub fn reason(&self) -> Option<StopReason> {
        let limit = Duration::from_nanos(self.time_limit_ns.unwrap_or(0));
        match (self.timed_out, &self.failed, self.outpaced_by) {
            (true, None, None) => Some(StopReason::TimedOut(limit)),
            (false, Some(message), None) => Some(StopReason::Failed(message.clone())),
            (false, None, Some(by)) => Some(StopReason::Outpaced { limit, by }),
            _ => None,
        }
    }

    /// Whether it failed (rather than reaching its time limit).
    pub fn is_failure(&self) -> bool {
        self.failed.is_some()
    }

    /// Whether it is a candidate for the fastest serial search that was stopped once it
    /// could not be the fastest ([`StopReason::Outpaced`]): a line that says why no
    /// record, but neither a failure nor a time-out.
    pub fn is_outpaced(&self) -> bool {
        self.outpaced_by.is_some()
    }

    /// Checks that a line read from a file has a thread and says exactly one of
    /// `timed_out` (with its limit), `failed` and `outpaced_by` (with its limit).
    pub fn check(&self) -> Result<(), InvalidField> {
        if self.threads == 0 {
            return Err(InvalidField(
                "`threads` is 0: a search runs on at least 1 thread".into(),
            ));
        }
        if self.outpaced_by.is_some() {
            return match (self.timed_out, self.time_limit_ns, &self.failed) {
                (false, Some(_), None) => Ok(()),
                _ => Err(InvalidField(
                    "`outpaced_by` with `timed_out` or `failed`, or without `time_limit_ns`".into(),
                )),
            };
        }
        match (self.timed_out, self.time_limit_ns, &self.failed) {
            (true, Some(_), None) | (false, None, Some(_)) => Ok(()),
            (true, None, None) => Err(InvalidField("`timed_out` without `time_limit_ns`".into())),
            (false, Some(_), None) => {
                Err(InvalidField("`time_limit_ns` without `timed_out`".into()))
            }
            (true, _, Some(_)) => Err(InvalidField("both `timed_out` and `failed`".into())),
            (false, None, None) => Err(InvalidField("neither `timed_out` nor `failed`".into())),
            (false, Some(_), Some(_)) => Err(InvalidField("`time_limit_ns` with `failed`".into())),
        }
    }

    /// The key it shares with a [`Record`](crate::Record) of the same search.
    pub fn key(&self) -> crate::RecordKey {
        crate::RecordKey::new(&self.tree, self.algo, self.threads, self.settings.as_ref())
    }

    /// Tree, seed, algorithm and threads, e.g. `random d=8 h=6 seed 3, ybwc at 2 threads`.
    pub fn search_label(&self) -> String {
        let seed = self
            .tree
            .seed
            .map_or(String::new(), |s| format!(" seed {s}"));
        let who = if self.algo.is_parallel() {
            format!("{} at {} threads", self.algo, self.threads)
        } else {
            self.algo.to_string()
        };
        format!("{}{seed}, {who}", self.tree.label())
    }

    /// What happened, e.g. `timed out (limit 1.5 s)` or `FAILED: a search worker panicked: …`.
    pub fn outcome(&self) -> String {
        let mut text = match self.reason() {
            Some(StopReason::TimedOut(limit)) => {
                format!("timed out (limit {} s)", limit.as_secs_f64())
            }
            Some(StopReason::Failed(message)) => format!("FAILED: {message}"),
            Some(StopReason::Outpaced { limit, by }) => format!(
                "stopped at {}: it had run twice as long as {by}, so it cannot be the fastest \
                 serial search",
                crate::human_nanos(u64::try_from(limit.as_nanos()).unwrap_or(u64::MAX))
            ),
            None => "no result".into(),
        };
        if let Some(note) = &self.note {
            text.push_str(&format!("; {note}"));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree() -> TreeInfo {
        TreeInfo {
            model: Some(abbench_tree::Model::Random),
            degree: Some(3),
            height: Some(4),
            seed: Some(7),
            layout: abbench_tree::Layout::Implicit,
            ..TreeInfo::default()
        }
    }

    #[test]
    fn lines_claim_no_value() {
        let timed_out = Unfinished::new(
            tree(),
            "f0".parse().unwrap(),
            1,
            StopReason::TimedOut(Duration::from_millis(1500)),
        );
        let json = serde_json::to_string(&timed_out).unwrap();
        assert_eq!(
            json,
            r#"{"schema":1,"kind":"unfinished","tree":{"model":"random","degree":3,"height":4,"seed":7,"layout":"implicit"},"algo":"f0","threads":1,"timed_out":true,"time_limit_ns":1500000000}"#
        );
        assert_eq!(timed_out.outcome(), "timed out (limit 1.5 s)");
        assert_eq!(timed_out.search_label(), "random d=3 h=4 seed 7, f0");
        assert_eq!(timed_out.check(), Ok(()));

        let failed = Unfinished::new(
            tree(),
            "ybwc".parse().unwrap(),
            2,
            StopReason::Failed("a search worker panicked: boom".into()),
        );
        let json = serde_json::to_string(&failed).unwrap();
        assert!(json.ends_with(r#""threads":2,"failed":"a search worker panicked: boom"}"#));
        assert!(failed.is_failure());
        assert_eq!(
            serde_json::from_str::<Unfinished>(&json).unwrap(),
            failed,
            "round trip"
        );
        assert!(
            serde_json::from_str::<Unfinished>(
                &json.replace("\"failed\"", "\"value\":3,\"failed\"")
            )
            .is_err(),
            "an unfinished search claims no value"
        );
    }

    #[test]
    fn an_outpaced_candidate_is_neither_a_failure_nor_a_time_out() {
        let mtdf: Algorithm = "mtdf".parse().unwrap();
        let line = Unfinished::new(
            tree(),
            "pvs".parse().unwrap(),
            1,
            StopReason::Outpaced {
                limit: Duration::from_millis(170),
                by: mtdf,
            },
        );
        let json = serde_json::to_string(&line).unwrap();
        assert!(
            json.ends_with(r#""threads":1,"time_limit_ns":170000000,"outpaced_by":"mtdf"}"#),
            "{json}"
        );
        assert!(line.is_outpaced() && !line.is_failure() && !line.timed_out);
        assert_eq!(line.check(), Ok(()));
        assert_eq!(serde_json::from_str::<Unfinished>(&json).unwrap(), line);
        assert!(
            line.outcome().starts_with("stopped at 170"),
            "{}",
            line.outcome()
        );
        assert!(
            line.outcome().contains("twice as long as mtdf"),
            "{}",
            line.outcome()
        );
        let both = Unfinished {
            timed_out: true,
            ..line.clone()
        };
        assert!(both.check().is_err(), "outpaced and timed out at once");
        let no_limit = Unfinished {
            time_limit_ns: None,
            ..line
        };
        assert!(no_limit.check().is_err(), "outpaced without its limit");
    }
}
