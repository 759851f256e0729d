//! The bisection's range logic and its loop, on made-up commits whose builds and timings
//! are scripted: no git, no cargo.

use super::range::{Answer, Range, Verdict};
use super::*;
use std::collections::BTreeMap;

/// Commits `c0` (GOOD) to `c{n-1}` (BAD); the first slower one is `first_bad`; `broken`
/// do not build; `undecided` are never decided.
struct Scripted {
    first_bad: usize,
    broken: Vec<usize>,
    undecided: Vec<usize>,
    builds: Vec<String>,
    timings: BTreeMap<String, usize>,
}

fn index_of(path: &Path) -> usize {
    path.to_str().unwrap()[1..].parse().unwrap()
}

impl BisectSteps for Scripted {
    fn build(&mut self, commit: &str) -> Result<Result<PathBuf, String>, MeasureError> {
        self.builds.push(commit.to_string());
        let index: usize = commit[1..].parse().unwrap();
        Ok(if self.broken.contains(&index) {
            Err("does not compile".into())
        } else {
            Ok(PathBuf::from(commit))
        })
    }

    fn time(
        &mut self,
        good: &Path,
        candidate: &Path,
        _max_time: Duration,
    ) -> Result<Timing, MeasureError> {
        assert_eq!(index_of(good), 0, "every commit is timed against GOOD");
        let index = index_of(candidate);
        *self.timings.entry(format!("c{index}")).or_default() += 1;
        let (verdict, ratio) = if self.undecided.contains(&index) {
            (TimingVerdict::Undecided, 1.02)
        } else if index >= self.first_bad {
            (TimingVerdict::Slower, 1.06)
        } else {
            (TimingVerdict::NotSlower, 1.0)
        };
        Ok(Timing {
            verdict,
            ratio: Some(ratio),
        })
    }
}

fn scripted(first_bad: usize, broken: &[usize], undecided: &[usize]) -> Scripted {
    Scripted {
        first_bad,
        broken: broken.to_vec(),
        undecided: undecided.to_vec(),
        builds: Vec::new(),
        timings: BTreeMap::new(),
    }
}

fn commits(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("c{i}")).collect()
}

fn run(n: usize, steps: &mut Scripted) -> BisectOutcome {
    bisect(&commits(n), steps, Duration::from_secs(10), |_| {}).unwrap()
}

#[test]
fn every_first_bad_commit_of_a_range_is_found() {
    for n in 2..12 {
        for first_bad in 1..n {
            let mut steps = scripted(first_bad, &[], &[]);
            let outcome = run(n, &mut steps);
            assert_eq!(
                outcome.answer,
                BisectAnswer::First(format!("c{first_bad}")),
                "{n} commits, first bad {first_bad}"
            );
            // Binary search: BAD, then about log2(n) midpoints.
            let timed = outcome.steps.len();
            assert!(
                timed <= 2 + (n as f64).log2().ceil() as usize,
                "{timed} steps for {n}"
            );
        }
    }
}

#[test]
fn bad_not_slower_than_good_ends_at_once() {
    let mut steps = scripted(99, &[], &[]);
    let outcome = run(5, &mut steps);
    assert_eq!(outcome.answer, BisectAnswer::NotSlower);
    assert_eq!(outcome.steps.len(), 1);
    assert_eq!(steps.builds, ["c0", "c4"]);
}

#[test]
fn a_commit_that_does_not_build_is_skipped() {
    // c3 would be the first midpoint of c0..c6; it does not build.
    let mut steps = scripted(5, &[3], &[]);
    let outcome = run(7, &mut steps);
    assert_eq!(outcome.answer, BisectAnswer::First("c5".into()));
    let skipped: Vec<_> = outcome
        .steps
        .iter()
        .filter(|s| s.verdict == Verdict::Skipped)
        .map(|s| s.commit.as_str())
        .collect();
    assert_eq!(skipped, ["c3"]);
}

#[test]
fn skipped_commits_leave_a_range_when_they_hide_the_answer() {
    // c2 is the first slower commit, and does not build: c1 is good, c3 bad, and the
    // slowdown began at c2 or c3.
    let mut steps = scripted(2, &[2], &[]);
    let outcome = run(5, &mut steps);
    assert_eq!(
        outcome.answer,
        BisectAnswer::OneOf(vec!["c2".into(), "c3".into()])
    );
}

#[test]
fn an_undecided_step_is_retried_once_with_twice_the_time_then_passed_over() {
    let mut steps = scripted(5, &[], &[3]);
    let outcome = run(7, &mut steps);
    assert_eq!(steps.timings["c3"], 2, "retried once");
    let step = outcome.steps.iter().find(|s| s.commit == "c3").unwrap();
    assert_eq!(step.verdict, Verdict::Undecided);
    assert_eq!(outcome.answer, BisectAnswer::First("c5".into()));
}

#[test]
fn an_undecided_bad_is_not_called_slower() {
    let mut steps = scripted(1, &[], &[4]);
    let outcome = run(5, &mut steps);
    assert_eq!(outcome.answer, BisectAnswer::NotSlower);
    assert_eq!(steps.timings["c4"], 2);
}

#[test]
fn good_or_bad_that_does_not_build_is_an_error() {
    let mut steps = scripted(2, &[4], &[]);
    let error = bisect(&commits(5), &mut steps, Duration::from_secs(1), |_| {}).unwrap_err();
    assert!(error.to_string().contains("c4"), "{error}");
}

#[test]
fn the_range_picks_the_middle_and_answers_what_it_can() {
    let mut range = Range::new(9);
    assert_eq!(range.next(), Some(4));
    range.record(4, Verdict::Skipped);
    assert_eq!(range.next(), Some(3), "the earlier of two as near");
    range.record(3, Verdict::Good);
    assert_eq!(range.next(), Some(5));
    range.record(5, Verdict::Bad);
    assert_eq!(range.next(), None);
    assert_eq!(range.answer(), Answer::OneOf(vec![4, 5]));
    range.record(4, Verdict::Good);
    assert_eq!(range.answer(), Answer::First(5));
}

/// `git args…` in `dir`, which must succeed; its stdout.
fn git_in(dir: &Path, args: &[&str]) -> String {
    let output = std::process::Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@example.invalid")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@example.invalid")
        .output()
        .unwrap();
    assert!(output.status.success(), "git {args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// Steps that read a commit's `speed` file for its time and fail the build of a commit
/// holding `broken`: a git history without building anything.
struct FromGit {
    repo: PathBuf,
}

impl FromGit {
    fn speed(&self, commit: &Path) -> f64 {
        let spec = format!("{}:speed", commit.display());
        git_in(&self.repo, &["show", &spec]).trim().parse().unwrap()
    }
}

impl BisectSteps for FromGit {
    fn build(&mut self, commit: &str) -> Result<Result<PathBuf, String>, MeasureError> {
        let files = git_in(&self.repo, &["ls-tree", "--name-only", commit]);
        Ok(if files.lines().any(|f| f == "broken") {
            Err("broken".into())
        } else {
            Ok(PathBuf::from(commit))
        })
    }

    fn time(&mut self, good: &Path, candidate: &Path, _: Duration) -> Result<Timing, MeasureError> {
        let ratio = self.speed(candidate) / self.speed(good);
        Ok(Timing {
            verdict: if ratio > 1.03 {
                TimingVerdict::Slower
            } else {
                TimingVerdict::NotSlower
            },
            ratio: Some(ratio),
        })
    }
}

#[test]
fn a_git_history_is_bisected_along_first_parents_to_the_commit_that_slowed() {
    let dir = tempfile::TempDir::new().unwrap();
    let repo = dir.path().to_path_buf();
    git_in(&repo, &["init", "--quiet", "--initial-branch=main"]);
    let commit = |files: &[(&str, &str)], message: &str| {
        for (name, text) in files {
            std::fs::write(repo.join(name), text).unwrap();
        }
        git_in(&repo, &["add", "--all"]);
        git_in(&repo, &["commit", "--quiet", "-m", message]);
        git_in(&repo, &["rev-parse", "HEAD"]).trim().to_string()
    };
    let good = commit(&[("speed", "1.00")], "good");
    commit(&[("README", "a line")], "readme");
    commit(&[("broken", "")], "does not build");
    std::fs::remove_file(repo.join("broken")).unwrap();
    commit(&[], "builds again");
    let slow = commit(&[("speed", "1.05")], "slower");
    commit(&[("README", "a comment")], "comment");
    let commits = first_parent_commits(&repo, &good[..8], "main").unwrap();
    assert_eq!(commits.len(), 6);
    assert_eq!(commits[0], good);
    assert_eq!(commits[4], slow);
    let mut steps = FromGit { repo: repo.clone() };
    let outcome = bisect(&commits, &mut steps, Duration::from_secs(1), |_| {}).unwrap();
    assert_eq!(outcome.answer, BisectAnswer::First(slow));
    assert_eq!(outcome.exit_code(), 1);

    let reversed = first_parent_commits(&repo, "main", &good).unwrap_err();
    assert!(
        reversed.to_string().contains("not an ancestor"),
        "{reversed}"
    );
    let unknown = first_parent_commits(&repo, "no-such-ref", "main").unwrap_err();
    assert!(unknown.to_string().contains("no-such-ref"), "{unknown}");
    let outside = checkout_root(std::path::Path::new("/")).unwrap_err();
    assert!(
        outside.to_string().contains("not in a git checkout"),
        "{outside}"
    );
}
