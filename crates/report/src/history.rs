//! `abbench history RUN...`: when did the searches change? Stored runs, oldest first, read
//! as one series per search and measure, and the change points of each
//! (`change_points.rs`).
//!
//! **The series.** Each (tree, algorithm, threads) gives:
//!
//! * its wall time: the median over the record's timed runs divided by the machine's
//!   yardstick timed just before it ([`wall_in_yardsticks`], the quantity `compare`
//!   compares), so that a runner that was slower that day does not read as a change; a
//!   series with a run lacking the yardstick (older records) uses the wall times as they
//!   are, and the output counts such series. Searches under [`MIN_COMPARED_WALL_NS`] in
//!   any run measure the clock more than the code and have no wall-time series;
//! * its positions and leaves (serial algorithms) and its value (every algorithm): exact,
//!   so that any difference between two consecutive runs is a change point.
//!
//! **The false-alarm rate is the history's.** A history of the quick suite holds about
//! 150 wall-time series; testing each at 1% would flag one or two in every history where
//! nothing changed. Each series is tested at `alpha / series` (Bonferroni), so that the
//! chance of any false change point in the whole history is at most `alpha`
//! ([`DEFAULT_ALPHA`]). Changes smaller than the threshold (3% by default) are not
//! reported.
//!
//! **The runs' order is their own.** Each run is placed by the start date its
//! `machine.json` records, not by the order it is named in (`runs/*` sorts `-10` before
//! `-2`); runs of one date keep the order given. Where a run has no date (a `run --json`
//! file), the order given is kept, and refused if the dated runs contradict it.
//!
//! **What fails.** A slowdown, a changed value, a search that failed, a record that
//! failed verification, and a search that timed out after a run where it had a result:
//! each exits 1, as `compare` fails on them.
//!
//! Runs of different suites or machine sizes (logical cores), an incomplete run, a run
//! named twice (or a copy of one), a file that cannot be read, or a run sharing less
//! than [`MIN_MATCHED_SHARE`] of the first run's searches are refused (exit 2): the series would not be of one thing. Runs of other hosts or CPU models
//! (hosted CI runners of one size vary so), dirty builds and runs that name no suite are
//! taken, each said in a note.

use crate::ReportError;
use crate::change_points::{ChangePointOptions, change_points};
use crate::compare::{
    MIN_COMPARED_WALL_NS, MIN_MATCHED_SHARE, key_label, read_complete_run, refuse_repeated_runs,
    unfinished_label, wall_in_yardsticks,
};
use abbench_results::{Algorithm, FileError, MachineInfo, Record, Results, TreeInfo, Unfinished};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The false-alarm rate of a whole history: the chance that a history with no change at
/// all shows any change point.
pub const DEFAULT_ALPHA: f64 = 0.01;

/// Wall-time changes smaller than this, in percent, are not reported.
pub const DEFAULT_THRESHOLD_PCT: f64 = 3.0;

/// The largest threshold taken, in percent: a search ten times as slow.
pub const MAX_THRESHOLD_PCT: f64 = 1000.0;

/// What a series measures.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
#[schemars(inline)]
pub enum Measure {
    /// The median wall time over the yardstick's (or as it is, without one).
    WallTime,
    /// Positions examined (serial algorithms: exact).
    Nodes,
    /// Leaves examined (serial algorithms: exact).
    Leaves,
    /// The root value (exact).
    Value,
}

impl Measure {
    /// Its name in JSON and Markdown.
    pub fn name(self) -> &'static str {
        match self {
            Measure::WallTime => "wall_time",
            Measure::Nodes => "nodes",
            Measure::Leaves => "leaves",
            Measure::Value => "value",
        }
    }
}

/// One change point of one series, as `history --json` lists it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct HistoryChange {
    /// The tree.
    pub tree: TreeInfo,
    /// The algorithm.
    #[schemars(with = "abbench_results::schema::AlgoName")]
    pub algo: Algorithm,
    /// Its threads.
    #[schemars(with = "abbench_results::schema::Threads")]
    pub threads: usize,
    /// What changed.
    pub measure: Measure,
    /// The first run after the change (0-based, oldest first).
    pub index: usize,
    /// That run, as it was named.
    pub run: String,
    /// That run's commit, from its `machine.json`.
    pub commit: Option<String>,
    /// After over before, for a wall time or a count; `None` for a value (a root value's
    /// ratio means nothing: its sign may flip).
    #[schemars(range(min = 0.0))]
    pub ratio: Option<f64>,
    /// The wall time's ratio's 95% confidence interval (Welch's t on the logs); `None`
    /// for an exact measure.
    pub ci: Option<(f64, f64)>,
    /// An exact measure's figure before the change.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<i64>,
    /// An exact measure's figure after the change.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<i64>,
    /// The permutation test's p-value; 0 for an exact measure.
    #[schemars(range(min = 0.0, max = 1.0))]
    pub p: f64,
}

/// A search of a history that failed its run: it failed, its record failed
/// verification, or it timed out after a run where it had a result.
#[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct HistoryFailure {
    /// The run (0-based, oldest first).
    pub index: usize,
    /// That run, as it was named.
    pub run: String,
    /// That run's commit, from its `machine.json`.
    pub commit: Option<String>,
    /// The search: tree, algorithm and threads.
    pub search: String,
    /// What happened.
    pub what: String,
}

/// `history --json`: the change points of stored runs, oldest by their start dates.
/// Each is one search's (tree, algo, threads) measure: its wall time over the machine's
/// yardstick, or an exact count or value; index is the first run after the change
/// (0-based), run and commit that run's, ratio after over before (a wall time's with its
/// 95% interval, Welch's t on the logs; none for a value), before and after an exact
/// measure's figures, p the permutation test's p-value (0 for an exact measure).
/// Failures are searches that failed, failed verification, or timed out after a result.
///
/// Written by `abbench history` alone, through this crate, so the type lives here.
#[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct HistoryLine<'a> {
    /// [`abbench_results::SCHEMA`].
    #[schemars(with = "abbench_results::schema::SchemaVersion")]
    pub schema: u32,
    /// `history`.
    #[schemars(extend("const" = "history"))]
    pub kind: &'static str,
    /// Runs read.
    pub runs: usize,
    /// How the runs were ordered, in words.
    pub order: &'a str,
    /// Every change point, by series, then index.
    pub change_points: &'a [HistoryChange],
    /// Every search that failed its run.
    pub failures: &'a [HistoryFailure],
    /// What the runs mix that a reader should know: other hosts, dirty builds, runs
    /// that name no suite.
    pub notes: &'a [String],
}

impl HistoryChange {
    /// Whether the change made the search slower: a longer wall time, or more positions
    /// or leaves examined.
    pub fn is_slowdown(&self) -> bool {
        self.measure != Measure::Value && self.ratio.is_some_and(|r| r > 1.0)
    }

    /// Whether the change fails the history: a slowdown, or a changed value.
    pub fn fails(&self) -> bool {
        self.is_slowdown() || self.measure == Measure::Value
    }

    fn label(&self) -> String {
        let seed = self
            .tree
            .seed
            .map_or(String::new(), |s| format!(" seed={s}"));
        format!(
            "{}{seed} {} threads={}",
            self.tree.label(),
            self.algo,
            self.threads
        )
    }
}

/// One run of a history: its records and its commit.
#[derive(Clone, Debug)]
pub struct HistoryRun {
    /// The run, as it was named: a run folder or its `results.jsonl`.
    pub path: PathBuf,
    /// Its records.
    pub records: Vec<Record>,
    /// Its searches without a result.
    pub unfinished: Vec<Unfinished>,
    /// The commit its `machine.json` names.
    pub commit: Option<String>,
}

/// What `abbench history` found.
#[derive(Clone, Debug, PartialEq)]
pub struct History {
    /// Runs read.
    pub runs: usize,
    /// How the runs were ordered, in words.
    pub order: String,
    /// The threshold on wall-time changes, percent.
    pub threshold_pct: f64,
    /// The false-alarm rate of the whole history.
    pub alpha: f64,
    /// Wall-time series tested (each at `alpha / wall_series`).
    pub wall_series: usize,
    /// Of those, the series timed without a yardstick in some run.
    pub raw_series: usize,
    /// Searches too short to time in some run: no wall-time series.
    pub too_short: usize,
    /// Every change point, by series, then index.
    pub change_points: Vec<HistoryChange>,
    /// Every search that failed its run, by run.
    pub failures: Vec<HistoryFailure>,
    /// What the runs mix that a reader should know.
    pub notes: Vec<String>,
}

impl History {
    /// Whether any change point is a slowdown.
    pub fn has_slowdown(&self) -> bool {
        self.change_points.iter().any(HistoryChange::is_slowdown)
    }

    /// Whether the history fails: a slowdown, a changed value, or a search that failed
    /// its run.
    pub fn fails(&self) -> bool {
        !self.failures.is_empty() || self.change_points.iter().any(HistoryChange::fails)
    }

    /// 1 when the history fails ([`History::fails`]), else 0.
    pub fn exit_code(&self) -> u8 {
        u8::from(self.fails())
    }

    /// The history as one JSON object (`abbench history --json`).
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self.line()).expect("a history serialises")
    }

    /// The history as [`HistoryLine`].
    pub fn line(&self) -> HistoryLine<'_> {
        HistoryLine {
            schema: abbench_results::SCHEMA,
            kind: "history",
            runs: self.runs,
            order: &self.order,
            change_points: &self.change_points,
            failures: &self.failures,
            notes: &self.notes,
        }
    }

    /// One line: how many change points, how many slower, how many searches failed.
    pub fn summary_line(&self) -> String {
        let slower = self
            .change_points
            .iter()
            .filter(|c| c.is_slowdown())
            .count();
        let values = self
            .change_points
            .iter()
            .filter(|c| c.measure == Measure::Value)
            .count();
        let verdict = if !self.failures.is_empty() || values > 0 {
            "FAILED"
        } else if slower > 0 {
            "SLOWER"
        } else {
            "ok"
        };
        let mut failed = String::new();
        if values > 0 {
            failed.push_str(&format!(", {}", counted(values, "changed value")));
        }
        if !self.failures.is_empty() {
            failed.push_str(&format!(
                ", {}",
                counted(self.failures.len(), "failed search")
            ));
        }
        format!(
            "{verdict}: {} in {} runs, {slower} of them {}{failed} ({}, threshold {}%, \
             false-alarm rate {}% for the whole history)",
            counted(self.change_points.len(), "change point"),
            self.runs,
            if slower == 1 {
                "a slowdown"
            } else {
                "slowdowns"
            },
            counted(self.wall_series, "wall-time series"),
            self.threshold_pct,
            self.alpha * 100.0
        )
    }

    /// The summary line, how the series were tested, and a table of the change points.
    pub fn to_markdown(&self) -> String {
        let mut md = format!("**{}**\n\n{}\n\n", self.summary_line(), self.order);
        for note in &self.notes {
            let _ = writeln!(md, "Note: {note}\n");
        }
        self.failures_table(&mut md);
        let _ = writeln!(
            md,
            "Each wall time is the median over its timed runs divided by the machine's \
             yardstick timed just before it. Change points are found by E-divisive means. \
             Each series is tested by permutation at {:.2e}, so that the whole history \
             false-alarms at {}% at most. Positions, leaves and values are exact: any \
             difference is a change.\n",
            self.alpha / self.wall_series.max(1) as f64,
            self.alpha * 100.0
        );
        if self.raw_series > 0 {
            let _ = writeln!(
                md,
                "{} series lack the yardstick in some run: their wall times are taken as \
                 they are.\n",
                self.raw_series
            );
        }
        if self.too_short > 0 {
            let _ = writeln!(
                md,
                "{} searches are too short to time (under 0.1 ms in some run): only their \
                 counts are followed.\n",
                self.too_short
            );
        }
        if self.runs < 2 * crate::change_points::MIN_SEGMENT {
            let _ = writeln!(
                md,
                "A wall-time change needs {} runs on either side: {} runs are too few to \
                 find one.\n",
                crate::change_points::MIN_SEGMENT,
                self.runs
            );
        }
        if self.change_points.is_empty() {
            md.push_str("No change point.\n");
            return md;
        }
        md.push_str("| change | search | measure | first run after | commit | after/before | 95% CI | p |\n");
        md.push_str("| --- | --- | --- | ---: | --- | ---: | --- | ---: |\n");
        for c in &self.change_points {
            let kind = match c.ratio {
                _ if c.is_slowdown() => "🐢 slower",
                Some(r) if r < 1.0 && c.measure != Measure::Value => "🚀 faster",
                _ => "changed",
            };
            let commit = short_commit(c.commit.as_deref());
            let ratio = match (c.before, c.after, c.ratio) {
                (Some(before), Some(after), _) => format!("{before} → {after}"),
                (_, _, Some(r)) => format!("×{r:.3}"),
                _ => "—".to_string(),
            };
            let ci = c.ci.map_or("exact".to_string(), |(lo, hi)| {
                format!("×{lo:.3} – ×{hi:.3}")
            });
            let _ = writeln!(
                md,
                "| {kind} | {} | {} | {} ({}) | {commit} | {ratio} | {ci} | {:.2e} |",
                c.label().replace('|', "\\|"),
                c.measure.name(),
                c.index,
                c.run.replace('|', "\\|"),
                c.p
            );
        }
        md
    }

    /// The failed searches as a table, if any failed.
    fn failures_table(&self, md: &mut String) {
        if self.failures.is_empty() {
            return;
        }
        md.push_str("| failed | search | run | commit | what |\n");
        md.push_str("| --- | --- | ---: | --- | --- |\n");
        for f in &self.failures {
            let _ = writeln!(
                md,
                "| ❌ | {} | {} ({}) | {} | {} |",
                f.search.replace('|', "\\|"),
                f.index,
                f.run.replace('|', "\\|"),
                short_commit(f.commit.as_deref()),
                f.what.replace('|', "\\|")
            );
        }
        md.push('\n');
    }
}

/// `n thing` or `n things`.
fn counted(n: usize, thing: &str) -> String {
    if n == 1 || thing.ends_with("series") {
        format!("{n} {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

/// A commit's first 12 characters, or a dash.
fn short_commit(commit: Option<&str>) -> String {
    commit.map_or("—".to_string(), |s| s.chars().take(12).collect())
}

/// Reads the runs at `paths` (run folders or `results.jsonl` files), puts them in the
/// order of their start dates, and finds their change points. An error when a run cannot
/// be read, is incomplete, holds a search twice, is named twice (or is a copy of another),
/// belongs to another suite or machine size than the first, or has no date where the
/// order given contradicts the others' dates.
pub fn history_files(
    paths: &[PathBuf],
    threshold_pct: f64,
    alpha: f64,
) -> Result<History, ReportError> {
    if !(threshold_pct.is_finite() && (0.0..=MAX_THRESHOLD_PCT).contains(&threshold_pct)) {
        return Err(ReportError::InvalidOption {
            parameter: "threshold",
            value: threshold_pct.to_string(),
            expected: format!("must be a percentage from 0 to {MAX_THRESHOLD_PCT}"),
        });
    }
    let mut read: Vec<(PathBuf, Results, Option<MachineInfo>)> = Vec::new();
    let mut first_suite: Option<(PathBuf, String)> = None;
    for path in paths {
        let (file, results) = read_complete_run(path, "history")?;
        let machine = file
            .parent()
            .unwrap_or(Path::new("."))
            .join(abbench_results::MACHINE_FILE);
        let machine = if machine.is_file() {
            Some(abbench_results::read_machine(&machine)?)
        } else {
            None
        };
        if let Some(suite) = machine.as_ref().and_then(|m| m.suite.clone()) {
            match &first_suite {
                Some((first, name)) if *name != suite => {
                    return Err(bad(
                        &file,
                        format!(
                            "a run of suite '{suite}', where {} is of suite '{name}': a \
                             history follows one suite",
                            first.display()
                        ),
                    ));
                }
                Some(_) => {}
                None => first_suite = Some((file.clone(), suite)),
            }
        }
        read.push((file, results, machine));
    }
    let files: Vec<_> = read.iter().map(|(p, r, _)| (p.clone(), r)).collect();
    refuse_repeated_runs(&files)?;
    let machines: Vec<(&Path, Option<&MachineInfo>)> = read
        .iter()
        .zip(paths)
        .map(|((_, _, m), named)| (named.as_path(), m.as_ref()))
        .collect();
    refuse_mixed(&machines)?;
    let notes = notes(&machines);
    let (order, said) = order(&machines)?;
    let runs: Vec<HistoryRun> = order
        .iter()
        .map(|&i| {
            let (_, results, machine) = &read[i];
            HistoryRun {
                path: paths[i].clone(),
                records: results.records.clone(),
                unfinished: results.unfinished.clone(),
                commit: machine.as_ref().and_then(|m| m.git_commit.clone()),
            }
        })
        .collect();
    refuse_unmatched(&runs)?;
    let mut history = history(&runs, threshold_pct, alpha);
    history.order = said;
    history.notes = notes;
    Ok(history)
}

/// A run's start date, when its `machine.json` records one in the form it writes
/// (`2025-03-01T12:00:00Z`, which sorts as text).
fn start_date(machine: Option<&MachineInfo>) -> Option<&str> {
    let date = machine?.date.as_str();
    let shape = date.len() == 20
        && date.bytes().enumerate().all(|(i, b)| match i {
            4 | 7 => b == b'-',
            10 => b == b'T',
            13 | 16 => b == b':',
            19 => b == b'Z',
            _ => b.is_ascii_digit(),
        });
    shape.then_some(date)
}

/// The runs' indices, oldest first, and how they were ordered, in words: by their start
/// dates (ties in the order given) when every run has one; else in the order given, which
/// the dated runs must not contradict.
fn order(machines: &[(&Path, Option<&MachineInfo>)]) -> Result<(Vec<usize>, String), ReportError> {
    let dates: Vec<Option<&str>> = machines.iter().map(|(_, m)| start_date(*m)).collect();
    let mut order: Vec<usize> = (0..machines.len()).collect();
    if dates.iter().all(Option::is_some) {
        order.sort_by_key(|&i| dates[i]);
        let moved = order.iter().enumerate().filter(|(k, i)| k != *i).count();
        let said = if moved == 0 {
            "Runs in the order of their start dates (machine.json `date`), as given.".into()
        } else {
            format!(
                "Runs in the order of their start dates (machine.json `date`), not as \
                 given: {moved} of {} moved.",
                machines.len()
            )
        };
        return Ok((order, said));
    }
    let mut latest: Option<(usize, &str)> = None;
    for (i, date) in dates.iter().enumerate() {
        let Some(date) = *date else { continue };
        if let Some((earlier, earlier_date)) = latest
            && date < earlier_date
        {
            return Err(bad(
                machines[i].0,
                format!(
                    "started {date}, before {} ({earlier_date}), which is named before it: \
                     some runs have no date, so history takes the runs in the order given, \
                     and that order contradicts their dates",
                    machines[earlier].0.display()
                ),
            ));
        }
        latest = Some((i, date));
    }
    let undated = dates.iter().filter(|d| d.is_none()).count();
    Ok((
        order,
        format!(
            "Runs in the order given: {undated} of {} have no start date (no machine.json \
             `date`); the dates of the others agree with it.",
            machines.len()
        ),
    ))
}

/// An error when a run was measured with another number of logical cores than the first
/// run that names one: its parallel searches ran on another machine size, and no
/// yardstick divides that out. (Hosted CI runners of one size differ in CPU model and
/// host from run to run: those are said in a note.)
fn refuse_mixed(machines: &[(&Path, Option<&MachineInfo>)]) -> Result<(), ReportError> {
    let mut first: Option<(&Path, &MachineInfo)> = None;
    for &(path, machine) in machines {
        let Some(machine) = machine.filter(|m| m.logical_cores > 0) else {
            continue;
        };
        let Some((first_path, first_machine)) = first else {
            first = Some((path, machine));
            continue;
        };
        if machine.logical_cores != first_machine.logical_cores {
            return Err(bad(
                path,
                format!(
                    "a run of another machine size ({} logical cores, where {} ran on {}): \
                     a history follows one kind of machine",
                    machine.logical_cores,
                    first_path.display(),
                    first_machine.logical_cores
                ),
            ));
        }
    }
    Ok(())
}

/// What the runs mix that a reader should know, a sentence each: runs with no
/// `machine.json` or no suite, other hosts of the same kind, builds with uncommitted
/// changes, and a suite other than the first run's (which is refused).
fn notes(machines: &[(&Path, Option<&MachineInfo>)]) -> Vec<String> {
    let mut notes = Vec::new();
    let bare = machines.iter().filter(|(_, m)| m.is_none()).count();
    if bare > 0 {
        notes.push(format!(
            "{bare} of {} runs have no machine.json (a `run --json` file): no suite, \
             machine, date or commit of theirs is checked.",
            machines.len()
        ));
    }
    let no_suite = machines
        .iter()
        .filter(|(_, m)| m.is_some_and(|m| m.suite.is_none()))
        .count();
    if no_suite > 0 {
        notes.push(format!(
            "{} with no suite in machine.json: only the searches say it is the others' suite.",
            counted(no_suite, "run")
        ));
    }
    let models: std::collections::BTreeSet<&str> = machines
        .iter()
        .filter_map(|(_, m)| m.map(|m| m.cpu_model.as_str()))
        .filter(|c| !c.is_empty())
        .collect();
    if models.len() > 1 {
        notes.push(format!(
            "OTHER CPUS: the runs are of {} CPU models ({}): the yardstick divides out \
             their speed, not how each search suits each CPU.",
            models.len(),
            models.iter().copied().collect::<Vec<_>>().join(", ")
        ));
    }
    let hosts: std::collections::BTreeSet<&str> = machines
        .iter()
        .filter_map(|(_, m)| m.map(|m| m.hostname.as_str()))
        .filter(|h| !h.is_empty())
        .collect();
    if hosts.len() > 1 {
        notes.push(format!(
            "the runs are of {} hosts of one machine size: a host's own speed is \
             divided out by its yardstick, not its neighbours.",
            hosts.len()
        ));
    }
    let dirty: Vec<String> = machines
        .iter()
        .filter(|(_, m)| m.is_some_and(|m| m.git_dirty == Some(true)))
        .map(|(p, _)| p.display().to_string())
        .collect();
    if !dirty.is_empty() {
        notes.push(format!(
            "DIRTY BUILD: {} built with uncommitted changes, so a commit does not say what \
             was measured: {}.",
            counted(dirty.len(), "run"),
            dirty.join(", ")
        ));
    }
    notes
}

fn bad(path: &Path, message: String) -> ReportError {
    FileError::BadInput {
        path: path.to_path_buf(),
        line: 0,
        message,
    }
    .into()
}

/// An error when a run shares less than [`MIN_MATCHED_SHARE`] of the first run's
/// searches: it measured something else.
fn refuse_unmatched(runs: &[HistoryRun]) -> Result<(), ReportError> {
    let Some(first) = runs.first() else {
        return Ok(());
    };
    let keys = |run: &HistoryRun| -> std::collections::BTreeSet<_> {
        run.records.iter().map(Record::key).collect()
    };
    let first_keys = keys(first);
    for run in &runs[1..] {
        let found = keys(run).intersection(&first_keys).count();
        if (found as f64) < MIN_MATCHED_SHARE * first_keys.len() as f64 {
            return Err(bad(
                &run.path,
                format!(
                    "only {found} of the {} searches of {} are here (fewer than {:.0}%): the \
                     runs measured different things",
                    first_keys.len(),
                    first.path.display(),
                    MIN_MATCHED_SHARE * 100.0
                ),
            ));
        }
    }
    Ok(())
}

/// One series: the run indices where the search has a record, and its values there.
struct Series<'a> {
    record: &'a Record,
    points: Vec<(usize, &'a Record)>,
}

/// The change points of `runs` (oldest first): wall-time changes of at least
/// `threshold_pct` percent at a false-alarm rate of `alpha` for the whole history, and
/// every change of an exact measure.
pub fn history(runs: &[HistoryRun], threshold_pct: f64, alpha: f64) -> History {
    let mut by_key: BTreeMap<_, Series> = BTreeMap::new();
    for (index, run) in runs.iter().enumerate() {
        for record in &run.records {
            by_key
                .entry(record.key())
                .or_insert_with(|| Series {
                    record,
                    points: Vec::new(),
                })
                .points
                .push((index, record));
        }
    }
    let timed: Vec<&Series> = by_key
        .values()
        .filter(|s| {
            s.points
                .iter()
                .all(|(_, r)| r.wall_ns.median >= MIN_COMPARED_WALL_NS)
        })
        .collect();
    let options = ChangePointOptions {
        alpha: alpha / timed.len().max(1) as f64,
        min_change: threshold_pct / 100.0,
        seed: 0,
    };
    let mut raw_series = 0;
    let mut found = Vec::new();
    for series in &timed {
        found.extend(wall_changes(series, runs, &options, &mut raw_series));
    }
    for series in by_key.values() {
        found.extend(exact_changes(series, runs));
    }
    found.sort_by_cached_key(|c| (c.tree.key(), c.algo, c.threads, c.measure, c.index));
    History {
        runs: runs.len(),
        order: "Runs in the order given.".into(),
        threshold_pct,
        alpha,
        wall_series: timed.len(),
        raw_series,
        too_short: by_key.len() - timed.len(),
        change_points: found,
        failures: failures(runs),
        notes: Vec::new(),
    }
}

/// Every search that failed its run, by run: one that failed, a record that failed
/// verification, and one that timed out where an earlier run had its result.
fn failures(runs: &[HistoryRun]) -> Vec<HistoryFailure> {
    let mut found = Vec::new();
    let mut had_result = std::collections::BTreeSet::new();
    for (index, run) in runs.iter().enumerate() {
        let failure = |search: String, what: String| HistoryFailure {
            index,
            run: run.path.display().to_string(),
            commit: run.commit.clone(),
            search,
            what,
        };
        for r in run.records.iter().filter(|r| !r.verified) {
            found.push(failure(
                key_label(r),
                format!("failed verification: value {}, not serial F2's", r.value),
            ));
        }
        for u in &run.unfinished {
            let timed_out_after_a_result = u.timed_out && had_result.contains(&u.key());
            if u.is_failure() || timed_out_after_a_result {
                found.push(failure(unfinished_label(u), u.outcome()));
            }
        }
        had_result.extend(run.records.iter().map(Record::key));
    }
    found
}

/// The wall-time change points of one series, tested as `options` says; `raw_series`
/// counts the series without the yardstick in some run.
fn wall_changes(
    series: &Series,
    runs: &[HistoryRun],
    options: &ChangePointOptions,
    raw_series: &mut usize,
) -> Vec<HistoryChange> {
    let in_yardsticks: Option<Vec<f64>> = series
        .points
        .iter()
        .map(|(_, r)| wall_in_yardsticks(r))
        .collect();
    let values = in_yardsticks.unwrap_or_else(|| {
        *raw_series += 1;
        series
            .points
            .iter()
            .map(|(_, r)| r.wall_ns.median as f64)
            .collect()
    });
    let logs: Vec<f64> = values.iter().map(|v| v.ln()).collect();
    let options = ChangePointOptions {
        seed: seed_of(&key_label(series.record)),
        ..*options
    };
    change_points(&logs, &options)
        .into_iter()
        .map(|c| {
            let index = series.points[c.index].0;
            HistoryChange {
                measure: Measure::WallTime,
                ratio: Some(c.ratio),
                ci: Some(c.ci),
                p: c.p,
                ..change_of(series.record, &runs[index], index)
            }
        })
        .collect()
}

/// How an exact measure is read from a record.
type ExactOf = fn(&Record) -> i64;

/// Every change of one series' exact measures between consecutive runs: positions,
/// leaves and value for a serial algorithm, the value for a parallel one.
fn exact_changes(series: &Series, runs: &[HistoryRun]) -> Vec<HistoryChange> {
    let exact: &[(Measure, ExactOf)] = if series.record.algo.is_parallel() {
        &[(Measure::Value, |r| r.value)]
    } else {
        &[
            (Measure::Nodes, |r| {
                i64::try_from(r.nodes).unwrap_or(i64::MAX)
            }),
            (Measure::Leaves, |r| {
                i64::try_from(r.leaves).unwrap_or(i64::MAX)
            }),
            (Measure::Value, |r| r.value),
        ]
    };
    let mut found = Vec::new();
    for &(measure, of) in exact {
        for pair in series.points.windows(2) {
            let (before, after) = (of(pair[0].1), of(pair[1].1));
            if before == after {
                continue;
            }
            // A count's ratio says how much more was examined; a value's says nothing.
            let ratio =
                (measure != Measure::Value && before > 0).then(|| after as f64 / before as f64);
            let index = pair[1].0;
            found.push(HistoryChange {
                measure,
                ratio,
                before: Some(before),
                after: Some(after),
                p: 0.0,
                ..change_of(series.record, &runs[index], index)
            });
        }
    }
    found
}

/// A change of `record`'s series at `run` (the `index`th), its measure and figures to be
/// filled in.
fn change_of(record: &Record, run: &HistoryRun, index: usize) -> HistoryChange {
    HistoryChange {
        tree: record.tree.clone(),
        algo: record.algo,
        threads: record.threads,
        measure: Measure::WallTime,
        index,
        run: run.path.display().to_string(),
        commit: run.commit.clone(),
        ratio: None,
        ci: None,
        before: None,
        after: None,
        p: 1.0,
    }
}

/// A series' seed for its shuffles, from its name (FNV-1a): the same series gets the same
/// shuffles whatever else the history holds.
fn seed_of(label: &str) -> u64 {
    label.bytes().fold(0xCBF2_9CE4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3)
    })
}
