//! `compare --json`: a [`Comparison`] as the one JSON object the command prints.

use crate::compare::{ChangeKind, Comparison, Gate, MachineDrift};
use abbench_results::Algorithm;
use abbench_results::schema::{AlgoName, SchemaVersion, Threads};
use schemars::JsonSchema;
use serde::Serialize;

impl Comparison {
    /// The comparison as one JSON object (`abbench compare --json`): `schema` and
    /// `kind` (`comparison`) as on every JSON line the tool writes, the `verdict` (`ok`
    /// or `regression`), the counts the Markdown summary gives, and every change with
    /// whether it fails under the gate.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self.line()).expect("a comparison serialises")
    }

    /// The comparison as [`ComparisonLine`].
    pub fn line(&self) -> ComparisonLine<'_> {
        let verdict = if self.has_regression() {
            CompareVerdict::Regression
        } else {
            CompareVerdict::Ok
        };
        ComparisonLine {
            schema: abbench_results::SCHEMA,
            kind: "comparison",
            verdict,
            gate: self.gate,
            threshold_pct: self.threshold_pct,
            matched: self.matched,
            only_in_base: &self.only_in_base,
            only_in_new: &self.only_in_new,
            too_short: self.too_short,
            too_few_runs: self.too_few_runs,
            not_comparable: &self.not_comparable,
            machine_drift: self.drift.map(DriftLine::of),
            changes: self
                .changes
                .iter()
                .map(|c| ChangeLine {
                    change: c.kind,
                    fails: c.kind.fails(self.gate),
                    tree: &c.tree,
                    algo: c.algo,
                    threads: c.threads,
                    base: &c.base,
                    new: &c.new,
                    wall_change_pct: Some(c.wall_change_pct).filter(|x| x.is_finite()),
                })
                .collect(),
        }
    }
}

/// `compare --json`: two runs' records, and what changed.
///
/// Written by `abbench compare` alone, through this crate, so the type lives here.
#[derive(Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ComparisonLine<'a> {
    /// [`abbench_results::SCHEMA`].
    #[schemars(with = "SchemaVersion")]
    pub schema: u32,
    /// `comparison`.
    #[schemars(extend("const" = "comparison"))]
    pub kind: &'static str,
    /// Whether a change fails the comparison.
    pub verdict: CompareVerdict,
    /// Which changes fail it.
    pub gate: Gate,
    /// The threshold on wall-time medians, percent.
    #[schemars(range(min = 0.0))]
    pub threshold_pct: f64,
    /// Keys present on both sides.
    pub matched: usize,
    /// Keys only in the base, as labels.
    pub only_in_base: &'a [String],
    /// Keys only in the new results, as labels.
    pub only_in_new: &'a [String],
    /// Matched keys whose wall times were too short to compare.
    pub too_short: usize,
    /// Matched keys with too few timed runs on a side to compare their wall times.
    pub too_few_runs: usize,
    /// Keys with no result on one side or both, with what happened.
    pub not_comparable: &'a [String],
    /// The machine's yardstick's time in new over base: the median over the searches
    /// with a yardstick timing in both runs (timed just before each) and the 10th and
    /// 90th percentiles, and how many searches; noise_low and noise_high bound the band,
    /// about no change, inside which the machine moved single searches between the runs
    /// (null with too few timed searches), and parallel_noise_low and
    /// parallel_noise_high the parallel searches' own band, at least as wide; null when
    /// the runs carry no yardstick timings.
    pub machine_drift: Option<DriftLine>,
    /// Every change, regressions first.
    pub changes: Vec<ChangeLine<'a>>,
}

/// Whether anything failed the comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(inline)]
pub enum CompareVerdict {
    /// Nothing failed.
    Ok,
    /// A change failed it.
    Regression,
}

/// How the machine's speed differed between the runs (see [`MachineDrift`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct DriftLine {
    /// The median ratio over the searches.
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub ratio: f64,
    /// The 10th percentile of the searches' ratios.
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub low: f64,
    /// The 90th percentile.
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub high: f64,
    /// Searches with a yardstick timing on both sides.
    pub searches: usize,
    /// The noise band's low end; null with too few timed searches.
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub noise_low: Option<f64>,
    /// Its high end.
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub noise_high: Option<f64>,
    /// The parallel searches' band's low end; null with too few of them.
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub parallel_noise_low: Option<f64>,
    /// Its high end.
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub parallel_noise_high: Option<f64>,
}

impl DriftLine {
    fn of(d: MachineDrift) -> DriftLine {
        DriftLine {
            ratio: d.ratio,
            low: d.low,
            high: d.high,
            searches: d.searches,
            noise_low: d.noise.map(|n| n.0),
            noise_high: d.noise.map(|n| n.1),
            parallel_noise_low: d.parallel_noise.map(|n| n.0),
            parallel_noise_high: d.parallel_noise.map(|n| n.1),
        }
    }
}

/// One change of `compare --json`: what changed for one (tree, algorithm, threads).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ChangeLine<'a> {
    /// What kind.
    pub change: ChangeKind,
    /// Whether it fails the comparison under the gate.
    pub fails: bool,
    /// The tree's label, seed included.
    pub tree: &'a str,
    /// The algorithm.
    #[schemars(with = "AlgoName")]
    pub algo: Algorithm,
    /// Its threads.
    #[schemars(with = "Threads")]
    pub threads: usize,
    /// The base's side, as text.
    pub base: &'a str,
    /// The new side, as text.
    pub new: &'a str,
    /// Relative change of the median wall time, percent; null where it is not a number.
    pub wall_change_pct: Option<f64>,
}
