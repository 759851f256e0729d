//! `abbench bisect GOOD BAD`: which commit slowed the searches? The commits between a
//! good and a bad one, built and timed against GOOD with `abbench ab`'s paired test until
//! the first slower commit is found.
//!
//! **The steps.** GOOD and BAD are built first, and BAD is timed against GOOD: when `ab`
//! does not call BAD slower, there is nothing to look for and the bisection ends. Then
//! the commit nearest the middle of the range left is built and timed against GOOD (not
//! against its neighbours: every step asks the one question "slower than GOOD?", at the
//! same threshold), and the range is halved by its verdict ([`range`](self::range) has
//! the logic). A commit that does not build is passed over, as `git bisect skip` does. A
//! step `ab` leaves undecided at its time limit is timed once more with twice the time;
//! still undecided, it is passed over like a commit that does not build, and reported.
//! The answer is the first slower commit, or, when commits passed over hide it, the
//! commits it may be.
//!
//! **What each step costs** is a build and an `ab` run. Building and timing are the
//! [`BisectSteps`] the loop is given: [`GitSteps`] builds commits of a git checkout in
//! one worktree with one target directory (`git.rs`), and the tests script them.

mod git;
mod range;
#[cfg(test)]
mod test;

pub use git::{BISECT_PROFILE_ENV, GitSteps, checkout_root, first_parent_commits, timing_of};
pub use range::{Answer, Range, Verdict};

use crate::MeasureError;
use schemars::JsonSchema;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What timing a commit against GOOD found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimingVerdict {
    /// Slower than GOOD by the threshold.
    Slower,
    /// Not slower.
    NotSlower,
    /// Neither decided in the time allowed.
    Undecided,
    /// The builds could not be compared: a value differed between them.
    Unusable,
}

/// One timing of a commit against GOOD.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    /// What `ab` decided.
    pub verdict: TimingVerdict,
    /// The commit's time over GOOD's, from the test that decided (the overall one when
    /// none did).
    pub ratio: Option<f64>,
}

/// How a bisection builds and times commits.
pub trait BisectSteps {
    /// Builds `commit`: the path of its abbench, or why it did not build (an `Err` of the
    /// outer result stops the bisection).
    fn build(&mut self, commit: &str) -> Result<Result<PathBuf, String>, MeasureError>;

    /// Times `candidate` against `good`, side by side, for at most `max_time`.
    fn time(
        &mut self,
        good: &Path,
        candidate: &Path,
        max_time: Duration,
    ) -> Result<Timing, MeasureError>;
}

/// One step of a bisection, as `bisect --json` lists it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BisectStep {
    /// The commit tested.
    pub commit: String,
    /// What it was found to be.
    pub verdict: Verdict,
    /// Its time over GOOD's, when timed; null when not.
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub ratio: Option<f64>,
    /// What else happened: did not build, retried, values that differ.
    pub note: String,
    /// Seconds the step took, building included.
    #[schemars(range(min = 0.0))]
    pub seconds: f64,
}

/// `bisect --json`: each step (a commit timed against GOOD with ab: good, bad, skipped
/// when it did not build or its values differ, undecided after a retry) and the first
/// slower commit (null when BAD was not slower, or when untested commits hide which of
/// `candidates` it is).
///
/// Written by `abbench bisect` alone, through this crate, so the type lives here.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BisectReport<'a> {
    /// [`abbench_results::SCHEMA`].
    #[schemars(with = "abbench_results::schema::SchemaVersion")]
    pub schema: u32,
    /// `bisect`.
    #[schemars(extend("const" = "bisect"))]
    pub kind: &'static str,
    /// The first slower commit; null when there is none, or when it is one of several.
    #[schemars(regex(pattern = r"^[0-9a-f]{40,64}$"))]
    pub first_bad: Option<String>,
    /// The commits the first slower one may be.
    pub candidates: Vec<String>,
    /// Each step, in order: BAD first.
    pub steps: &'a [BisectStep],
}

/// Where a bisection ended.
#[derive(Clone, Debug, PartialEq)]
pub enum BisectAnswer {
    /// BAD was not found slower than GOOD: nothing to look for.
    NotSlower,
    /// The first slower commit.
    First(String),
    /// The first slower commit is one of these (commits passed over hide which).
    OneOf(Vec<String>),
}

/// Everything a bisection found.
#[derive(Clone, Debug, PartialEq)]
pub struct BisectOutcome {
    /// Each step, in order: BAD first.
    pub steps: Vec<BisectStep>,
    /// The answer.
    pub answer: BisectAnswer,
}

impl BisectOutcome {
    /// 1 when it names the first slower commit, else 0.
    pub fn exit_code(&self) -> u8 {
        u8::from(matches!(self.answer, BisectAnswer::First(_)))
    }

    /// One line: the answer.
    pub fn summary_line(&self) -> String {
        match &self.answer {
            BisectAnswer::NotSlower => {
                "BAD is not slower than GOOD: there is no slower commit to find".into()
            }
            BisectAnswer::First(commit) => format!("first slower commit: {commit}"),
            BisectAnswer::OneOf(commits) => format!(
                "the first slower commit is one of {} (commits that could not be tested \
                 hide which): {}",
                commits.len(),
                commits.join(" ")
            ),
        }
    }

    /// The outcome as one JSON object (`abbench bisect --json`).
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self.report()).expect("a bisection serialises")
    }

    /// The outcome as [`BisectReport`], the line `bisect --json` prints.
    pub fn report(&self) -> BisectReport<'_> {
        let (first_bad, candidates) = match &self.answer {
            BisectAnswer::NotSlower => (None, Vec::new()),
            BisectAnswer::First(c) => (Some(c.clone()), vec![c.clone()]),
            BisectAnswer::OneOf(cs) => (None, cs.clone()),
        };
        BisectReport {
            schema: abbench_results::SCHEMA,
            kind: "bisect",
            first_bad,
            candidates,
            steps: &self.steps,
        }
    }
}

impl BisectStep {
    /// The step as one line of text.
    pub fn line(&self) -> String {
        let ratio = self.ratio.map_or("—".to_string(), |r| format!("×{r:.3}"));
        let note = if self.note.is_empty() {
            String::new()
        } else {
            format!(" ({})", self.note)
        };
        format!(
            "{} {:<9} {ratio:>7} in {:.0} s{note}",
            &self.commit[..self.commit.len().min(12)],
            self.verdict.name(),
            self.seconds
        )
    }
}

/// Bisects `commits` (GOOD first, BAD last, oldest first) with `steps`, each `ab` run at
/// most `max_time` (twice that on its retry); `progress` sees each step as it ends. An
/// error when GOOD or BAD does not build, or a step's build or timing fails outright.
pub fn bisect(
    commits: &[String],
    steps: &mut impl BisectSteps,
    max_time: Duration,
    mut progress: impl FnMut(&BisectStep),
) -> Result<BisectOutcome, MeasureError> {
    let [good, .., bad] = commits else {
        return Err(MeasureError::Bisect(git::SAME_COMMIT.into()));
    };
    let good_build = endpoint(steps, good)?;
    let started = Instant::now();
    let bad_build = endpoint(steps, bad)?;
    let step = timed_step(steps, bad, &good_build, &bad_build, max_time, started)?;
    progress(&step);
    let bad_is_slower = step.verdict == Verdict::Bad;
    let mut outcome = BisectOutcome {
        steps: vec![step],
        answer: BisectAnswer::NotSlower,
    };
    if !bad_is_slower {
        return Ok(outcome);
    }
    let mut range = Range::new(commits.len());
    while let Some(index) = range.next() {
        let commit = &commits[index];
        let started = Instant::now();
        let step = match steps.build(commit)? {
            Ok(build) => timed_step(steps, commit, &good_build, &build, max_time, started)?,
            Err(why) => BisectStep {
                commit: commit.clone(),
                verdict: Verdict::Skipped,
                ratio: None,
                note: format!("does not build: {why}"),
                seconds: started.elapsed().as_secs_f64(),
            },
        };
        range.record(index, step.verdict);
        progress(&step);
        outcome.steps.push(step);
    }
    outcome.answer = match range.answer() {
        Answer::First(i) => BisectAnswer::First(commits[i].clone()),
        Answer::OneOf(is) => BisectAnswer::OneOf(is.iter().map(|&i| commits[i].clone()).collect()),
    };
    Ok(outcome)
}

/// GOOD's or BAD's build: both must build.
fn endpoint(steps: &mut impl BisectSteps, commit: &str) -> Result<PathBuf, MeasureError> {
    steps.build(commit)?.map_err(|why| {
        MeasureError::Bisect(format!(
            "{commit} does not build ({why}): GOOD and BAD must build"
        ))
    })
}

/// Times `build` (of `commit`) against GOOD's, once more with twice the time when
/// undecided.
fn timed_step(
    steps: &mut impl BisectSteps,
    commit: &str,
    good: &Path,
    build: &Path,
    max_time: Duration,
    started: Instant,
) -> Result<BisectStep, MeasureError> {
    let mut timing = steps.time(good, build, max_time)?;
    let mut note = String::new();
    if timing.verdict == TimingVerdict::Undecided {
        timing = steps.time(good, build, 2 * max_time)?;
        note = format!(
            "undecided in {:.0} s, timed again for {:.0} s",
            max_time.as_secs_f64(),
            2.0 * max_time.as_secs_f64()
        );
    }
    let verdict = match timing.verdict {
        TimingVerdict::Slower => Verdict::Bad,
        TimingVerdict::NotSlower => Verdict::Good,
        TimingVerdict::Undecided => Verdict::Undecided,
        TimingVerdict::Unusable => {
            note = "its values differ from GOOD's: not comparable".into();
            Verdict::Skipped
        }
    };
    Ok(BisectStep {
        commit: commit.to_string(),
        verdict,
        ratio: timing.ratio,
        note,
        seconds: started.elapsed().as_secs_f64(),
    })
}
