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
//! Runs of different suites, an incomplete run, a file that cannot be read, or a run
//! sharing less than [`MIN_MATCHED_SHARE`] of the first run's searches are refused (exit
//! 2): the series would not be of one thing.

use crate::ReportError;
use crate::change_points::{ChangePointOptions, change_points};
use crate::compare::{
    MIN_COMPARED_WALL_NS, MIN_MATCHED_SHARE, key_label, read_complete_run, wall_in_yardsticks,
};
use abbench_results::{Algorithm, FileError, Record, TreeInfo};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The false-alarm rate of a whole history: the chance that a history with no change at
/// all shows any change point.
pub const DEFAULT_ALPHA: f64 = 0.01;

/// Wall-time changes smaller than this, in percent, are not reported.
pub const DEFAULT_THRESHOLD_PCT: f64 = 3.0;

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
    /// The first run after the change (0-based, in the order given).
    pub index: usize,
    /// That run's commit, from its `machine.json`.
    pub commit: Option<String>,
    /// After over before; `None` for a value that was 0 before.
    pub ratio: Option<f64>,
    /// The ratio's 95% confidence interval (Welch's t on the logs); the ratio itself for
    /// an exact measure.
    pub ci: Option<(f64, f64)>,
    /// The permutation test's p-value; 0 for an exact measure.
    #[schemars(range(min = 0.0, max = 1.0))]
    pub p: f64,
}

/// `history --json`: the change points of stored runs, oldest first. Each is one
/// search's (tree, algo, threads) measure: its wall time over the machine's yardstick,
/// or an exact count or value; index is the first run after the change (0-based), commit
/// that run's, ratio after over before with its 95% interval (Welch's t on the logs; the
/// ratio itself for an exact measure; null for a value that was 0), p the permutation
/// test's p-value (0 for an exact measure).
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
    /// Every change point, by series, then index.
    pub change_points: &'a [HistoryChange],
}

impl HistoryChange {
    /// Whether the change made the search slower: a longer wall time, or more positions
    /// or leaves examined.
    pub fn is_slowdown(&self) -> bool {
        self.measure != Measure::Value && self.ratio.is_some_and(|r| r > 1.0)
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
    /// The file read.
    pub path: PathBuf,
    /// Its records.
    pub records: Vec<Record>,
    /// The commit its `machine.json` names.
    pub commit: Option<String>,
}

/// What `abbench history` found.
#[derive(Clone, Debug, PartialEq)]
pub struct History {
    /// Runs read.
    pub runs: usize,
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
}

impl History {
    /// Whether any change point is a slowdown.
    pub fn has_slowdown(&self) -> bool {
        self.change_points.iter().any(HistoryChange::is_slowdown)
    }

    /// 1 when a change point is a slowdown, else 0.
    pub fn exit_code(&self) -> u8 {
        u8::from(self.has_slowdown())
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
            change_points: &self.change_points,
        }
    }

    /// One line: how many change points, how many slower.
    pub fn summary_line(&self) -> String {
        let slower = self
            .change_points
            .iter()
            .filter(|c| c.is_slowdown())
            .count();
        let verdict = if slower > 0 { "SLOWER" } else { "ok" };
        format!(
            "{verdict}: {} change points in {} runs, {slower} of them slowdowns ({} wall-time \
             series, threshold {}%, false-alarm rate {}% for the whole history)",
            self.change_points.len(),
            self.runs,
            self.wall_series,
            self.threshold_pct,
            self.alpha * 100.0
        )
    }

    /// The summary line, how the series were tested, and a table of the change points.
    pub fn to_markdown(&self) -> String {
        let mut md = format!("**{}**\n\n", self.summary_line());
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
            let commit = c
                .commit
                .as_deref()
                .map_or("—".to_string(), |s| s[..s.len().min(12)].to_string());
            let ratio = c.ratio.map_or("—".to_string(), |r| format!("×{r:.3}"));
            let ci =
                c.ci.map_or("—".to_string(), |(lo, hi)| format!("×{lo:.3} – ×{hi:.3}"));
            let _ = writeln!(
                md,
                "| {kind} | {} | {} | {} | {commit} | {ratio} | {ci} | {:.2e} |",
                c.label().replace('|', "\\|"),
                c.measure.name(),
                c.index,
                c.p
            );
        }
        md
    }
}

/// Reads the runs at `paths` (run folders or `results.jsonl` files, oldest first) and
/// finds their change points. An error when a run cannot be read, is incomplete, holds a
/// search twice, or belongs to another suite than the first.
pub fn history_files(
    paths: &[PathBuf],
    threshold_pct: f64,
    alpha: f64,
) -> Result<History, ReportError> {
    if !(threshold_pct.is_finite() && threshold_pct >= 0.0) {
        return Err(ReportError::InvalidOption {
            parameter: "threshold",
            value: threshold_pct.to_string(),
            expected: "must be a percentage of at least 0".into(),
        });
    }
    let mut runs = Vec::new();
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
        runs.push(HistoryRun {
            path: file,
            records: results.records,
            commit: machine.and_then(|m| m.git_commit),
        });
    }
    refuse_unmatched(&runs)?;
    Ok(history(&runs, threshold_pct, alpha))
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
        threshold_pct,
        alpha,
        wall_series: timed.len(),
        raw_series,
        too_short: by_key.len() - timed.len(),
        change_points: found,
    }
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
                index,
                commit: runs[index].commit.clone(),
                ratio: Some(c.ratio),
                ci: Some(c.ci),
                p: c.p,
                ..change_of(series.record)
            }
        })
        .collect()
}

/// How an exact measure is read from a record.
type ExactOf = fn(&Record) -> f64;

/// Every change of one series' exact measures between consecutive runs: positions,
/// leaves and value for a serial algorithm, the value for a parallel one.
fn exact_changes(series: &Series, runs: &[HistoryRun]) -> Vec<HistoryChange> {
    let exact: &[(Measure, ExactOf)] = if series.record.algo.is_parallel() {
        &[(Measure::Value, |r| r.value as f64)]
    } else {
        &[
            (Measure::Nodes, |r| r.nodes as f64),
            (Measure::Leaves, |r| r.leaves as f64),
            (Measure::Value, |r| r.value as f64),
        ]
    };
    let mut found = Vec::new();
    for &(measure, of) in exact {
        for pair in series.points.windows(2) {
            let (before, after) = (of(pair[0].1), of(pair[1].1));
            if before == after {
                continue;
            }
            let ratio = (before != 0.0).then(|| after / before);
            let index = pair[1].0;
            found.push(HistoryChange {
                measure,
                index,
                commit: runs[index].commit.clone(),
                ratio,
                ci: ratio.map(|r| (r, r)),
                p: 0.0,
                ..change_of(series.record)
            });
        }
    }
    found
}

/// A change of `record`'s series, its measure and position to be filled in.
fn change_of(record: &Record) -> HistoryChange {
    HistoryChange {
        tree: record.tree.clone(),
        algo: record.algo,
        threads: record.threads,
        measure: Measure::WallTime,
        index: 0,
        commit: None,
        ratio: None,
        ci: None,
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
