//! `abbench compare BASE NEW`: two sets of records matched by [`Record::key`] (tree,
//! algorithm, threads), with the deterministic and the noisy kept apart.
//!
//! * Gate on the deterministic: a serial algorithm's value, nodes and leaves must be
//!   equal (a difference is a *changed signature*), every parallel value must be equal,
//!   and a record of `NEW` that failed verification is a regression.
//! * Track the noisy: a wall time is *slower* (a regression) only when the medians differ
//!   by more than the threshold **and** the two runs' samples differ significantly — the
//!   Mann–Whitney test at [`ALPHA`] (`mann_whitney.rs`; with five samples a side that
//!   means times that do not overlap at all); *faster* likewise. Records without their
//!   samples fall back to spreads `[min, max]` that do not overlap. Medians under
//!   [`MIN_COMPARED_WALL_NS`] are too short to compare and only counted.
//!
//! **The machine's drift.** A shared machine's speed drifts by tens of percent between
//! runs made minutes apart, and a test of two runs made at different times sees that as a
//! change. Records of a sweep carry `machine_ns`, the time of one fixed search measured
//! just before their own timed runs ([`MachineDrift`]). With it on both sides, each
//! search's drift is the ratio of its two references; a wall time is *slower* only when
//! (1) its ratio divided by its drift is beyond the threshold, (2) its raw ratio is beyond
//! the threshold over the largest drift of the run's middle 80% of searches — a change
//! that the machine's own variation during the runs could explain is not called — and
//! (3) the samples differ (Mann–Whitney, the base's scaled by the drift), and (4) it is
//! beyond the runs' noise band: a shared machine moves single searches between runs by
//! more than it moves the yardstick (a neighbour that thrashes the cache slows a search of
//! a large tree more than a walk in L2), so the ratios of every timed search divided by
//! its drift are a sample of what the machine does between these two runs, and a change
//! inside a band as wide as their far-out fences (3.5 interquartile ranges either side),
//! centred on no change, is not called; and (5) the fastest runs moved as far as the
//! medians (`fastest_moved`): a neighbour that slows some runs of a search moves its
//! median, not its fastest run. Two same-binary quick sweeps a minute apart on the
//! 2-CPU VM spread so that the band is ×0.64–×1.57: there, only a change beyond it shows.
//! Quiet, the same VM still gave ×0.33–×3.02, its quick searches lasting 0.1–1 ms
//! (`reports/ab/2026-11-28-vm-quiet-compare/`). The band takes its width from the spread
//! alone: a regression of a few searches barely widens it, and one of every search shifts
//! the ratios without widening it (nor does the drift cancel it: the yardstick is code no
//! search shares). *Faster* likewise, below. Records without yardstick timings are
//! compared as before, and the comparison says so.
//!
//! The parallel searches get a band of their own, never narrower than every search's
//! ([`MachineDrift::parallel_noise`]). They hand their work to a pool's threads at any
//! thread count, and on a busy machine each search waits for those threads to be
//! scheduled; the yardstick and the serial searches run on the calling thread and wait
//! for nothing. Four quick sweeps of one binary on the 2-CPU VM under load (others' builds
//! took 94% of the CPU time) compared pairwise: every pair called 1 to 4 searches slower,
//! each a parallel one (root-split or ybwc, most at one thread) ×15 to ×150 as slow (all five
//! runs of a search of 0.1–1.2 ms taking 3–40 ms), where the band of every search, three
//! in five of them serial, was ×11 to ×27; with a band of their own (×94 to ×290 there),
//! no pair called anything slower.
//!
//! A reference per tree was not enough: three quick sweeps of one binary a minute apart
//! still compared as 6 and 2 searches slower, every search of one tree 56–84% slower while
//! the reference timed before that tree had not moved — the machine's slow spells last
//! seconds, about a tree's worth of searches.
//!
//! Which changes fail the comparison is its [`Gate`]: every regression (the default), or
//! only the deterministic ones (`--gate counts`, for a CI job on a shared machine whose
//! wall times are too noisy to fail a build on: slower rows are still listed).
//!
//! A search that gave no result on either side ([`Unfinished`]: it timed out or failed)
//! has nothing to compare: its key is listed as *not comparable*, informational. One
//! exception gates: a search of `NEW` that *failed* (a worker panicked) is a
//! [`ChangeKind::FailedSearch`], as a wrong answer would be.
//!
//! The CLI exits with [`Comparison::exit_code`]: 0 when nothing failed, 1 otherwise, and
//! 2 when either input is unusable (an `Err` from [`compare_files`]): unreadable, a search
//! present twice, a run marked incomplete, or fewer than [`MIN_MATCHED_SHARE`] of the
//! base's searches matched.

use crate::ReportError;
use crate::mann_whitney::{ALPHA, mann_whitney_p, smallest_p};
use abbench_results::read_results;
use abbench_results::{
    Algorithm, FileError, Record, RecordKey, Results, Unfinished, WallTimes, human_nanos,
};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

pub use abbench_results::EXIT_UNUSABLE_INPUT;

/// Wall times are compared only when both medians are at least this long (0.1 ms):
/// shorter searches measure the clock and the cache more than the code.
pub const MIN_COMPARED_WALL_NS: u64 = 100_000;

/// Which changes fail a comparison.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(inline)]
pub enum Gate {
    /// Changed counts or values, failed verification, and wall times slower beyond the
    /// threshold.
    #[default]
    All,
    /// Only what is deterministic: changed counts or values and failed verification.
    /// Wall-time changes are reported but do not fail.
    Counts,
}

impl Gate {
    /// The name `--gate` takes: `all` or `counts`.
    pub fn name(self) -> &'static str {
        match self {
            Gate::All => "all",
            Gate::Counts => "counts",
        }
    }
}

/// What changed between the two records of one key.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
#[schemars(inline)]
pub enum ChangeKind {
    /// A deterministic count or value differs: the search itself changed.
    ChangedSignature,
    /// The new record failed verification against serial F2.
    FailedVerification,
    /// The new search failed (a worker thread panicked) and gave no result.
    FailedSearch,
    /// Slower beyond the threshold, spreads apart.
    Slower,
    /// Faster beyond the threshold, spreads apart.
    Faster,
}

impl ChangeKind {
    /// Its name in JSON: `changed_signature`, `failed_verification`, `failed_search`,
    /// `slower`, `faster`.
    pub fn name(self) -> &'static str {
        match self {
            ChangeKind::ChangedSignature => "changed_signature",
            ChangeKind::FailedVerification => "failed_verification",
            ChangeKind::FailedSearch => "failed_search",
            ChangeKind::Slower => "slower",
            ChangeKind::Faster => "faster",
        }
    }

    /// Whether this change fails a comparison gated by `gate`.
    pub fn fails(self, gate: Gate) -> bool {
        match self {
            ChangeKind::ChangedSignature
            | ChangeKind::FailedVerification
            | ChangeKind::FailedSearch => true,
            ChangeKind::Slower => gate == Gate::All,
            ChangeKind::Faster => false,
        }
    }

    fn text(self) -> &'static str {
        match self {
            ChangeKind::ChangedSignature => "❌ changed signature",
            ChangeKind::FailedVerification => "❌ failed verification",
            ChangeKind::FailedSearch => "❌ failed search",
            ChangeKind::Slower => "🐢 slower",
            ChangeKind::Faster => "🚀 faster",
        }
    }
}

/// One change.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// What kind.
    pub kind: ChangeKind,
    /// The tree's label, seed included.
    pub tree: String,
    /// The algorithm.
    pub algo: Algorithm,
    /// Its threads.
    pub threads: usize,
    /// The base's side, as text.
    pub base: String,
    /// The new side, as text.
    pub new: String,
    /// Relative change of the median wall time, percent (`new / base - 1`).
    pub wall_change_pct: f64,
}

/// The outcome of comparing two result sets.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// The threshold on wall-time medians, percent.
    pub threshold_pct: f64,
    /// Which changes fail the comparison.
    pub gate: Gate,
    /// Keys present on both sides.
    pub matched: usize,
    /// Every change, regressions first.
    pub changes: Vec<Change>,
    /// Keys only in the base, as labels.
    pub only_in_base: Vec<String>,
    /// Keys only in the new results, as labels.
    pub only_in_new: Vec<String>,
    /// Matched keys whose wall times were too short to compare
    /// ([`MIN_COMPARED_WALL_NS`]).
    pub too_short: usize,
    /// Matched keys with too few timed runs on a side for the test to tell any two
    /// apart at [`ALPHA`] (five a side are needed): their wall times are not compared.
    pub too_few_runs: usize,
    /// Keys with no result on one side or both (timed out or failed), as labels with
    /// what happened: informational.
    pub not_comparable: Vec<String>,
    /// How the machine's speed differed between the runs, when both carry reference
    /// timings.
    pub drift: Option<MachineDrift>,
}

/// How much slower the machine ran the reference search in `NEW` than in `BASE`: per
/// search, the ratio of the references timed just before it in the two runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MachineDrift {
    /// The median ratio over the searches (above 1: the machine was slower in `NEW`).
    pub ratio: f64,
    /// The 10th percentile of the searches' ratios.
    pub low: f64,
    /// The 90th percentile of the searches' ratios.
    pub high: f64,
    /// Searches with a reference on both sides.
    pub searches: usize,
    /// How far the machine moved single searches between the runs, beyond its drift: a
    /// band about no change as wide as Tukey's far-out fences (the quartiles ∓
    /// [`NOISE_FENCE_IQRS`] interquartile ranges, 3.5 IQR from the middle) of every timed
    /// search's log time ratio divided by its own drift, as ratios; `None` with fewer
    /// than [`MIN_NOISE_SEARCHES`] such searches. A change inside it is what the machine
    /// did to the other searches of these very runs.
    pub noise: Option<(f64, f64)>,
    /// The band of the parallel searches alone, at least as wide as [`MachineDrift::noise`]
    /// (`None` with fewer than [`MIN_NOISE_SEARCHES`] of them): they hand their work to a
    /// pool's threads, at any thread count, and on a busy machine each search waits for
    /// those threads to be scheduled, which neither the yardstick nor a serial search
    /// (timed on the calling thread) waits for. A band drawn from every search, most of
    /// them serial, does not hold them.
    pub parallel_noise: Option<(f64, f64)>,
}

/// Interquartile ranges beyond the quartiles where the noise band ends (Tukey's
/// "far out").
pub const NOISE_FENCE_IQRS: f64 = 3.0;

/// Timed searches needed before the noise band is estimated from them.
pub const MIN_NOISE_SEARCHES: usize = 12;

impl MachineDrift {
    /// The drift between two runs' records, from every search with a reference in both;
    /// `None` when none has.
    pub fn of(base: &[Record], new: &[Record]) -> Option<MachineDrift> {
        let drifts = tree_drifts(base, new);
        if drifts.is_empty() {
            return None;
        }
        let mut sorted: Vec<f64> = drifts.values().copied().collect();
        sorted.sort_by(f64::total_cmp);
        let rank = |q: f64| sorted[((q * (sorted.len() - 1) as f64).round()) as usize];
        Some(MachineDrift {
            ratio: rank(0.5),
            low: rank(0.1),
            high: rank(0.9),
            searches: sorted.len(),
            noise: noise_band(base, new, |_| true),
            parallel_noise: noise_band(base, new, |a| a.is_parallel()).map(|(low, high)| {
                match noise_band(base, new, |_| true) {
                    Some((all_low, all_high)) => (low.min(all_low), high.max(all_high)),
                    None => (low, high),
                }
            }),
        })
    }

    /// One sentence for the summary.
    pub fn sentence(&self) -> String {
        let parallel = match self.parallel_noise {
            Some((low, high)) => format!(
                " (the parallel searches, whose pool threads wait to be scheduled, between ×{low:.2} and ×{high:.2})"
            ),
            None => String::new(),
        };
        let noise = match self.noise {
            Some((low, high)) => format!(
                "; beyond that, the machine moved single searches between ×{low:.2} and ×{high:.2}{parallel} (far-out fences of every timed search's ratio), and a change inside that band is not called"
            ),
            None => String::new(),
        };
        format!(
            "machine speed differs by {:+.1}% between the runs (the machine's yardstick, a fixed walk through a 64 KiB table, in new over base, median of {} searches, each timed just before it; {:+.1}% to {:+.1}% across the middle 80%): wall times are compared after dividing by it, and a change is called only beyond that range{noise}",
            (self.ratio - 1.0) * 100.0,
            self.searches,
            (self.low - 1.0) * 100.0,
            (self.high - 1.0) * 100.0
        )
    }
}

/// The noise band of [`MachineDrift::noise`]: the far-out fences of the log time ratios
/// of the timed searches whose algorithm `of` takes, each divided by its own drift.
fn noise_band(
    base: &[Record],
    new: &[Record],
    of: impl Fn(&Algorithm) -> bool,
) -> Option<(f64, f64)> {
    let base_index = index_of(base);
    let mut logs: Vec<f64> = index_of(new)
        .into_iter()
        .filter(|(key, _)| of(&key.algo))
        .filter_map(|(key, n)| {
            let (b, n) = (&base[*base_index.get(&key)?], &new[n]);
            if b.wall_ns.median < MIN_COMPARED_WALL_NS || n.wall_ns.median < MIN_COMPARED_WALL_NS {
                return None;
            }
            // The time ratio divided by the search's own drift.
            Some((wall_in_yardsticks(n)? / wall_in_yardsticks(b)?).ln())
        })
        .collect();
    if logs.len() < MIN_NOISE_SEARCHES {
        return None;
    }
    logs.sort_by(f64::total_cmp);
    let quantile = |q: f64| {
        let x = q * (logs.len() - 1) as f64;
        let (i, f) = (x.floor() as usize, x.fract());
        logs[i] * (1.0 - f) + logs[(i + 1).min(logs.len() - 1)] * f
    };
    // The band's width comes from the spread alone and is centred on no change: centred
    // on the sample, a regression of every search would carry its band with it.
    let iqr = quantile(0.75) - quantile(0.25);
    let half = (0.5 + NOISE_FENCE_IQRS) * iqr;
    Some(((-half).exp(), half.exp()))
}

/// A record's median wall time in units of the machine's yardstick timed just before it
/// ([`Record::machine_ns`]); `None` without one. Two runs' wall times are compared, and a
/// history's followed (`history.rs`), in these units: a machine that ran everything
/// slower that day moved the yardstick too.
pub fn wall_in_yardsticks(r: &Record) -> Option<f64> {
    r.machine_ns
        .filter(|&ns| ns > 0.0)
        .map(|ns| r.wall_ns.median as f64 / ns)
}

/// Each search's drift: `new`'s reference over `base`'s, by the record's key.
fn tree_drifts(base: &[Record], new: &[Record]) -> BTreeMap<RecordKey, f64> {
    let refs = |records: &[Record]| {
        let mut map = BTreeMap::new();
        for r in records {
            if let Some(ns) = r.machine_ns {
                map.entry(r.key()).or_insert(ns);
            }
        }
        map
    };
    let (b, n) = (refs(base), refs(new));
    b.iter()
        .filter_map(|(k, &rb)| n.get(k).map(|&rn| (k.clone(), rn / rb)))
        .collect()
}

impl Comparison {
    /// The same comparison, failing only on what `gate` names.
    pub fn gated(self, gate: Gate) -> Comparison {
        Comparison { gate, ..self }
    }

    /// The changes that fail the comparison under its gate.
    pub fn regressions(&self) -> impl Iterator<Item = &Change> {
        self.changes.iter().filter(|c| c.kind.fails(self.gate))
    }

    /// Whether anything failed the comparison.
    pub fn has_regression(&self) -> bool {
        self.regressions().next().is_some()
    }

    /// 0 when nothing failed the comparison, 1 otherwise.
    pub fn exit_code(&self) -> u8 {
        u8::from(self.has_regression())
    }

    fn count(&self, kind: ChangeKind) -> usize {
        self.changes.iter().filter(|c| c.kind == kind).count()
    }

    /// One line: what was compared and what was found.
    pub fn summary_line(&self) -> String {
        let verdict = if self.has_regression() {
            "REGRESSION"
        } else {
            "ok"
        };
        let gate = match self.gate {
            Gate::All => String::new(),
            Gate::Counts => ", wall time reported but not gated".to_string(),
        };
        format!(
            "{verdict}: {} matched records (threshold {}{gate}): {} changed signatures, {} \
             failed verification, {} failed searches, {} slower, {} faster; {} only in base, \
             {} only in new; {} too short to time; {} without a result (not comparable)",
            self.matched,
            abbench_results::human_percent(self.threshold_pct / 100.0),
            self.count(ChangeKind::ChangedSignature),
            self.count(ChangeKind::FailedVerification),
            self.count(ChangeKind::FailedSearch),
            self.count(ChangeKind::Slower),
            self.count(ChangeKind::Faster),
            self.only_in_base.len(),
            self.only_in_new.len(),
            self.too_short,
            self.not_comparable.len(),
        ) + &if self.too_few_runs > 0 {
            format!(
                "; {} with too few timed runs to test (5 a side are needed)",
                self.too_few_runs
            )
        } else {
            String::new()
        }
    }

    /// The sentence on the machine's drift, or that it is not known.
    pub fn drift_sentence(&self) -> String {
        match &self.drift {
            Some(d) => d.sentence(),
            None => "machine drift not known: the runs carry no reference timings (older records), so wall times are compared as they are".into(),
        }
    }

    /// The summary line and a Markdown table of the changes, then the unmatched keys.
    pub fn to_markdown(&self) -> String {
        let mut md = format!(
            "**{}**\n\n{}.\n\n",
            self.summary_line(),
            self.drift_sentence()
        );
        if !self.changes.is_empty() {
            md.push_str("| change | tree | algorithm | threads | base | new | wall time |\n");
            md.push_str("| --- | --- | --- | ---: | --- | --- | ---: |\n");
            for c in &self.changes {
                let _ = writeln!(
                    md,
                    "| {} | {} | {} | {} | {} | {} | {:+.1}% |",
                    c.kind.text(),
                    c.tree.replace('|', "\\|"),
                    c.algo,
                    c.threads,
                    c.base,
                    c.new,
                    c.wall_change_pct,
                );
            }
            md.push('\n');
        }
        for (title, keys) in [
            ("Only in base", &self.only_in_base),
            ("Only in new", &self.only_in_new),
            (
                "Not comparable (no result on one side: timed out or failed)",
                &self.not_comparable,
            ),
        ] {
            if !keys.is_empty() {
                let _ = writeln!(md, "{title}:\n");
                for k in keys {
                    let _ = writeln!(md, "* {k}");
                }
                md.push('\n');
            }
        }
        md
    }
}

fn describe(r: &Record) -> String {
    describe_info(&r.tree)
}

/// The name `compare` and `export` give a search: its tree (model, parameters, seed),
/// algorithm and threads, e.g. `random d=16 h=8 seed=1 ybwc threads=4`.
pub fn key_label(r: &Record) -> String {
    format!("{} {} threads={}", describe(r), r.algo, r.threads)
}

/// The name [`key_label`] gives a search, for one without a result: `random d=16 h=8
/// seed=1 ybwc threads=4`.
pub fn unfinished_label(u: &Unfinished) -> String {
    format!(
        "{} {} threads={}",
        describe_info(&u.tree),
        u.algo,
        u.threads
    )
}

fn wall(r: &Record) -> String {
    format!(
        "{} [{} – {}]",
        human_nanos(r.wall_ns.median),
        human_nanos(r.wall_ns.min),
        human_nanos(r.wall_ns.max)
    )
}

fn counts(r: &Record) -> String {
    format!("value {} nodes {} leaves {}", r.value, r.nodes, r.leaves)
}

/// How a tree's wall times are judged against the machine's drift: its own drift, and
/// the run's range of drifts.
#[derive(Clone, Copy, Debug)]
struct DriftScale {
    tree: f64,
    low: f64,
    high: f64,
    /// The noise band (1, 1 without one).
    noise: (f64, f64),
}

impl DriftScale {
    /// The run's drift with a tree's own (the run's median where the tree has none), and
    /// the noise band of the search's kind (a parallel algorithm's, or every search's); no
    /// scaling at all without the run's.
    fn of(run: Option<MachineDrift>, tree: Option<f64>, parallel: bool) -> DriftScale {
        match run {
            Some(d) => DriftScale {
                tree: tree.unwrap_or(d.ratio),
                low: d.low,
                high: d.high,
                noise: parallel
                    .then_some(d.parallel_noise)
                    .flatten()
                    .or(d.noise)
                    .unwrap_or((1.0, 1.0)),
            },
            None => DriftScale {
                tree: 1.0,
                low: 1.0,
                high: 1.0,
                noise: (1.0, 1.0),
            },
        }
    }
}

/// Whether `new`'s wall times are slower or faster than `base`'s: the medians differ by
/// more than `threshold_pct` percent after dividing by the tree's drift and by more than
/// that beyond the run's range of drifts, the fastest runs differ as much
/// ([`fastest_moved`]), and the Mann–Whitney test rejects one distribution at [`ALPHA`]
/// with the base's samples scaled by the drift (its p-value is returned); for records
/// without their samples, the `[min, max]` spreads, scaled alike, must not overlap.
fn wall_change(
    base: &WallTimes,
    new: &WallTimes,
    threshold_pct: f64,
    drift: DriftScale,
) -> Option<(ChangeKind, Option<f64>)> {
    let factor = 1.0 + threshold_pct / 100.0;
    let raw = new.median as f64 / base.median as f64;
    let normalised = raw / drift.tree;
    let kind =
        if normalised > factor.max(drift.noise.1) && raw > drift.high.max(drift.tree) * factor {
            ChangeKind::Slower
        } else if normalised * factor < 1.0
            && normalised < drift.noise.0
            && raw * factor < drift.low.min(drift.tree)
        {
            ChangeKind::Faster
        } else {
            return None;
        };
    if !fastest_moved(base, new, factor, drift, kind) {
        return None;
    }
    let scaled: Vec<u64> = base
        .samples
        .iter()
        .map(|&t| (t as f64 * drift.tree).round() as u64)
        .collect();
    match mann_whitney_p(&scaled, &new.samples) {
        Some(p) => (p < ALPHA).then_some((kind, Some(p))),
        None => {
            let apart = match kind {
                ChangeKind::Slower => new.min as f64 > base.max as f64 * drift.tree,
                _ => (new.max as f64) < base.min as f64 * drift.tree,
            };
            apart.then_some((kind, None))
        }
    }
}

/// Whether the fastest runs moved as the medians did: beyond the threshold (`factor`) and
/// beyond the noise band, after the tree's drift. A machine only ever adds time to a run,
/// so the fastest run is the one it touched least. A search that a neighbour slowed in
/// three runs of five moves its median, not its fastest run; a slower build moves both.
/// On a quiet 2-CPU VM, ybwc at one thread on dependent d=3 h=14 ran 2.57, 5.75, 2.62,
/// 13.97 and 6.90 ms in one sweep, 2.27–2.43 ms in the sweep before: its median ×2.47 was
/// past the band (×2.32), its fastest run ×1.12 well inside it.
fn fastest_moved(
    base: &WallTimes,
    new: &WallTimes,
    factor: f64,
    drift: DriftScale,
    kind: ChangeKind,
) -> bool {
    let fastest = new.min as f64 / (base.min.max(1) as f64 * drift.tree);
    match kind {
        ChangeKind::Slower => fastest > factor.max(drift.noise.1),
        _ => fastest * factor < 1.0 && fastest < drift.noise.0,
    }
}

/// Each key's first record.
fn index_of(records: &[Record]) -> BTreeMap<RecordKey, usize> {
    let mut map = BTreeMap::new();
    for (i, r) in records.iter().enumerate() {
        map.entry(r.key()).or_insert(i);
    }
    map
}

/// Compares `new` against `base` with a wall-time threshold of `threshold_pct` percent.
pub fn compare(base: &[Record], new: &[Record], threshold_pct: f64) -> Comparison {
    let (base_index, new_index) = (index_of(base), index_of(new));
    let drift = MachineDrift::of(base, new);
    let drifts = tree_drifts(base, new);
    let mut changes = Vec::new();
    let mut matched = 0;
    let mut too_short = 0;
    let mut too_few_runs = 0;
    for (key, &n) in &new_index {
        let Some(&b) = base_index.get(key) else {
            continue;
        };
        matched += 1;
        let (b, n) = (&base[b], &new[n]);
        let wall_change_pct = (n.wall_ns.median as f64 / b.wall_ns.median as f64 - 1.0) * 100.0;
        let change = |kind, base: String, new: String| Change {
            kind,
            tree: describe(n),
            algo: n.algo,
            threads: n.threads,
            base,
            new,
            wall_change_pct,
        };
        let deterministic_differs = if n.algo.is_parallel() {
            n.value != b.value
        } else {
            n.value != b.value || n.nodes != b.nodes || n.leaves != b.leaves
        };
        if deterministic_differs {
            changes.push(change(ChangeKind::ChangedSignature, counts(b), counts(n)));
        }
        if !n.verified {
            changes.push(change(
                ChangeKind::FailedVerification,
                format!("value {}", b.value),
                format!("value {}, not serial F2's", n.value),
            ));
        }
        let (bw, nw) = (&b.wall_ns, &n.wall_ns);
        if bw.median < MIN_COMPARED_WALL_NS || nw.median < MIN_COMPARED_WALL_NS {
            too_short += 1;
        } else if !bw.samples.is_empty()
            && !nw.samples.is_empty()
            && smallest_p(bw.samples.len(), nw.samples.len()) >= ALPHA
        {
            too_few_runs += 1;
        } else if let Some((kind, p)) = wall_change(
            bw,
            nw,
            threshold_pct,
            DriftScale::of(drift, drifts.get(key).copied(), n.algo.is_parallel()),
        ) {
            let tested = p.map_or(String::new(), |p| format!(", p = {p:.3}"));
            changes.push(change(kind, wall(b), format!("{}{tested}", wall(n))));
        }
    }
    changes.sort_by_key(|c| c.kind);
    let unmatched = |from: &BTreeMap<_, usize>, records: &[Record], other: &BTreeMap<_, usize>| {
        from.iter()
            .filter(|(k, _)| !other.contains_key(*k))
            .map(|(_, &i)| key_label(&records[i]))
            .collect::<Vec<_>>()
    };
    Comparison {
        threshold_pct,
        gate: Gate::All,
        matched,
        only_in_base: unmatched(&base_index, base, &new_index),
        only_in_new: unmatched(&new_index, new, &base_index),
        changes,
        too_short,
        too_few_runs,
        not_comparable: Vec::new(),
        drift,
    }
}

/// Compares `new` against `base` like [`compare`], then sets apart every key that has no
/// result on one side: listed as not comparable, and as a [`ChangeKind::FailedSearch`]
/// when the new search failed.
pub fn compare_results(base: &Results, new: &Results, threshold_pct: f64) -> Comparison {
    let mut comparison = compare(&base.records, &new.records, threshold_pct);
    let label = unfinished_label;
    let mut unfinished_keys = BTreeMap::new();
    for (side, lines) in [("base", &base.unfinished), ("new", &new.unfinished)] {
        for u in lines {
            unfinished_keys
                .entry(u.key())
                .or_insert_with(Vec::new)
                .push(format!("{side}: {}", u.outcome()));
        }
    }
    for u in &new.unfinished {
        if let Some(message) = &u.failed {
            comparison.changes.push(Change {
                kind: ChangeKind::FailedSearch,
                tree: describe_info(&u.tree),
                algo: u.algo,
                threads: u.threads,
                base: "—".into(),
                new: message.clone(),
                wall_change_pct: 0.0,
            });
        }
    }
    comparison.changes.sort_by_key(|c| c.kind);
    let unfinished_labels: BTreeMap<_, String> = base
        .unfinished
        .iter()
        .chain(&new.unfinished)
        .map(|u| (u.key(), label(u)))
        .collect();
    let keyed_label = |r: &Record| key_label(r);
    let measured: Vec<(String, RecordKey)> = base
        .records
        .iter()
        .chain(&new.records)
        .map(|r| (keyed_label(r), r.key()))
        .collect();
    let is_unfinished = |text: &String| {
        measured
            .iter()
            .any(|(l, k)| l == text && unfinished_keys.contains_key(k))
    };
    comparison.only_in_base.retain(|l| !is_unfinished(l));
    comparison.only_in_new.retain(|l| !is_unfinished(l));
    comparison.not_comparable = unfinished_keys
        .iter()
        .map(|(key, sides)| format!("{} ({})", unfinished_labels[key], sides.join("; ")))
        .collect();
    comparison
}

fn describe_info(tree: &abbench_results::TreeInfo) -> String {
    let label = tree.label();
    match tree.seed {
        Some(s) => format!("{label} seed={s}"),
        None => label,
    }
}

/// Of the base's searches (records and searches without a result), at least this share
/// must have a counterpart in the new results for the two to be compared at all.
pub const MIN_MATCHED_SHARE: f64 = 0.9;

/// Reads two result sets and compares them. Each of `base` and `new` is a
/// `results.jsonl` file or a run folder holding one. An error (exit code
/// [`EXIT_UNUSABLE_INPUT`]) if either cannot be read or parsed; if either holds one
/// search twice (tree, algorithm and threads); if fewer than [`MIN_MATCHED_SHARE`] of
/// the base's searches have a counterpart in `new` (two runs of different suites, or a
/// run cut short, have too little in common to pass); or if either run is marked
/// incomplete in its `machine.json` (an interrupted or failed sweep is never a pass).
pub fn compare_files(
    base: &Path,
    new: &Path,
    threshold_pct: f64,
) -> Result<Comparison, ReportError> {
    if !(threshold_pct.is_finite() && threshold_pct >= 0.0) {
        return Err(ReportError::InvalidOption {
            parameter: "threshold",
            value: threshold_pct.to_string(),
            expected: "must be a percentage of at least 0".into(),
        });
    }
    let (base, base_results) = read_complete_run(base, "compare")?;
    let (new, new_results) = read_complete_run(new, "compare")?;
    let comparison = compare_results(&base_results, &new_results, threshold_pct);
    let keys = |r: &Results| -> std::collections::BTreeSet<RecordKey> {
        r.records
            .iter()
            .map(Record::key)
            .chain(r.unfinished.iter().map(Unfinished::key))
            .collect()
    };
    let (base_keys, new_keys) = (keys(&base_results), keys(&new_results));
    let found = base_keys.intersection(&new_keys).count();
    if (found as f64) < MIN_MATCHED_SHARE * base_keys.len() as f64 || found == 0 {
        return Err(FileError::BadInput {
            path: new.clone(),
            line: 0,
            message: format!(
                "only {found} of the {} searches of {} have a counterpart here (fewer than \
                 {:.0}%): the runs measured different things and are not comparable",
                base_keys.len(),
                base.display(),
                MIN_MATCHED_SHARE * 100.0
            ),
        }
        .into());
    }
    Ok(comparison)
}

/// The records of a complete run, for a command that must not take a partial one
/// (`compare`, `export`, named by `command` in its errors): `path` is a `results.jsonl`
/// file or a run folder holding one. Refused when its folder is not complete (running,
/// interrupted, failed, abandoned), its last line is torn, it holds a search twice, or
/// its lines are not those its run recorded ([`abbench_results::check_lines`]).
/// Returns the file read and its records.
pub fn read_complete_run(
    path: &Path,
    command: &str,
) -> Result<(std::path::PathBuf, Results), ReportError> {
    let path = abbench_results::results_file(path);
    refuse_incomplete(&path, command)?;
    let results = read_results(&path)?;
    if let (Some(line), Some(why)) = (results.torn_line, results.torn_note()) {
        return Err(FileError::BadInput {
            path,
            line,
            message: format!("the run is incomplete ({why}): {command} takes only a finished run"),
        }
        .into());
    }
    refuse_duplicates(&path, &results, command)?;
    // The one check of the lines against what the run recorded, as every reader makes it.
    abbench_results::check_lines_beside(&path, &results, command)?;
    Ok((path, results))
}

/// An error unless the run folder of `results` is complete: its `machine.json` marks it
/// running (and a sweep holds its lock, or none does: abandoned), interrupted or failed.
/// Records without a `machine.json` beside them are taken as they are.
fn refuse_incomplete(results: &Path, command: &str) -> Result<(), ReportError> {
    if let Some(why) = why_incomplete(results)? {
        return Err(FileError::BadInput {
            path: results.to_path_buf(),
            line: 0,
            message: format!("the run is {why}: {command} takes only a finished run"),
        }
        .into());
    }
    Ok(())
}

/// Why the run whose records are the file `results` is not complete, as its folder's
/// `machine.json` and lock say — e.g. `interrupted (interrupted after 3 of 8 trees; …)`
/// — or `None` when it is complete or has no `machine.json` beside it. The records
/// themselves are not read (a torn last line is [`Results::torn_note`]'s to name).
pub fn why_incomplete(results: &Path) -> Result<Option<String>, ReportError> {
    let folder = results.parent().unwrap_or(Path::new("."));
    let machine = folder.join(abbench_results::MACHINE_FILE);
    if !machine.is_file() {
        return Ok(None);
    }
    let machine = abbench_results::read_machine(&machine)?;
    let state = abbench_results::folder_state(folder, &machine);
    Ok(state
        .why_incomplete(&machine)
        .map(|why| format!("{state} ({why})")))
}

/// An error naming the first search that `results` (read from `path`) holds twice: a
/// results file holds each search once, so `command` cannot tell which copy to use.
/// The one check of repeated records, for every reader that takes a run whole.
pub fn refuse_duplicates(path: &Path, results: &Results, command: &str) -> Result<(), ReportError> {
    let mut seen = std::collections::BTreeSet::new();
    let keys = results
        .records
        .iter()
        .map(|r| (r.key(), key_label(r)))
        .chain(
            results
                .unfinished
                .iter()
                .map(|u| (u.key(), unfinished_label(u))),
        );
    for (key, label) in keys {
        if !seen.insert(key) {
            return Err(FileError::BadInput {
                path: path.to_path_buf(),
                line: 0,
                message: format!(
                    "{label} appears twice: a results file holds each search once, so \
                     {command} cannot tell which copy to use"
                ),
            }
            .into());
        }
    }
    Ok(())
}

/// An error when two of `files` (each a `results.jsonl` file) are one file, or hold one
/// record alike to the last figure (a copy of a run): a command that pools the records of
/// several runs would count them twice.
pub fn refuse_repeated_runs(files: &[(std::path::PathBuf, &Results)]) -> Result<(), ReportError> {
    let repeated = |path: &Path, message: String| -> ReportError {
        FileError::BadInput {
            path: path.to_path_buf(),
            line: 0,
            message,
        }
        .into()
    };
    for (i, (path, results)) in files.iter().enumerate() {
        let real = path.canonicalize().unwrap_or_else(|_| path.clone());
        for (earlier, earlier_results) in &files[..i] {
            let earlier_real = earlier.canonicalize().unwrap_or_else(|_| earlier.clone());
            if real == earlier_real {
                return Err(repeated(
                    path,
                    format!(
                        "given twice (also as {}): its records would count twice",
                        earlier.display()
                    ),
                ));
            }
            if let Some(r) = results
                .records
                .iter()
                .find(|r| earlier_results.records.contains(r))
            {
                return Err(repeated(
                    path,
                    format!(
                        "{} is also in {}, to the last figure: a copy of one run would \
                         count twice",
                        key_label(r),
                        earlier.display()
                    ),
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn times(ms: &[f64]) -> WallTimes {
        let samples: Vec<Duration> = ms
            .iter()
            .map(|&t| Duration::from_secs_f64(t / 1e3))
            .collect();
        WallTimes::of(&samples).unwrap()
    }

    #[test]
    fn a_neighbour_that_slowed_some_runs_is_no_slowdown_but_a_slower_build_is() {
        // A quiet 2-CPU VM: ybwc at one thread on dependent d=3 h=14, two sweeps of one
        // binary a minute apart, with that pair's drift and parallel noise band.
        let drift = DriftScale {
            tree: 1.011,
            low: 0.89,
            high: 1.166,
            noise: (0.43, 2.32),
        };
        let base = times(&[2.33, 2.27, 2.35, 2.30, 2.43]);
        let disturbed = times(&[2.57, 5.75, 2.62, 13.97, 6.90]);
        assert_eq!(wall_change(&base, &disturbed, 10.0, drift), None);
        // The same search three times slower in every run is.
        let slower = times(&[6.99, 6.81, 7.05, 6.90, 7.29]);
        let change = wall_change(&base, &slower, 10.0, drift);
        assert!(
            matches!(change, Some((ChangeKind::Slower, Some(_)))),
            "{change:?}"
        );
        // And the other way round: faster only when the fastest runs are faster too.
        assert_eq!(wall_change(&disturbed, &base, 10.0, drift), None);
        let faster = wall_change(&slower, &base, 10.0, drift);
        assert!(
            matches!(faster, Some((ChangeKind::Faster, Some(_)))),
            "{faster:?}"
        );
    }
}
