//! The paper's predictions set beside the measured counts, for every workload the theory
//! speaks to:
//!
//! * perfectly ordered uniform trees (`ordered`, `q = 1`): F2's leaves are exactly
//!   Corollary 1's `d^ceil(h/2) + d^floor(h/2) - 1` (§6, eq. (13)); F1's are §8's
//!   recurrence (50);
//! * perfectly ordered trees with random branching: Corollary 2's expectation (§6,
//!   eq. (14)), against the mean over seeds;
//! * totally dependent trees: Theorem 6's expectations for F2 and F1 (§9, eqs. (52),
//!   (54)), against the mean over seeds;
//! * random uniform trees: the exact mean for tiny trees (§7, by enumeration), `T(d, 2)`
//!   for height 2 (§7, eq. (30)), and otherwise the branching factor `leaves^(1/h)`
//!   against Pearl's asymptotic `xi/(1-xi)` for F2 and Table 1's bounds `r0 … r*` for F1.

use crate::aggregate::WorkloadGroup;
use abbench_results::{Record, TreeInfo};
use abbench_search::SerialAlgorithm;
use abbench_theory as theory;

/// One prediction against one measurement.
pub(crate) struct TheoryRow {
    /// The workload's label.
    pub workload: String,
    /// `f1` or `f2` (F2's count is also f2-iter's).
    pub algorithm: &'static str,
    /// What is compared, e.g. `leaves` or `leaves^(1/h)`.
    pub quantity: &'static str,
    /// Where the prediction comes from.
    pub source: &'static str,
    /// The prediction.
    pub predicted: Prediction,
    /// The measurement: the count (all seeds give the same for exact predictions), or
    /// the mean over seeds for expectations.
    pub measured: f64,
    /// Trees measured.
    pub trees: usize,
}

/// A predicted number, or a range the measurement should fall in.
pub(crate) enum Prediction {
    /// An exact count.
    Exact(u128),
    /// An expectation or an asymptotic value.
    Approximate(f64),
    /// Lower and upper bounds.
    Bounds(f64, f64),
}

impl TheoryRow {
    /// `measured / predicted`, or where the measurement falls for bounds.
    pub fn agreement(&self) -> String {
        match self.predicted {
            Prediction::Exact(p) => {
                if self.measured == p as f64 {
                    "1 (exact)".into()
                } else {
                    format!("{:.4}", self.measured / p as f64)
                }
            }
            Prediction::Approximate(p) => format!("{:.3}", self.measured / p),
            Prediction::Bounds(lo, hi) => {
                if self.measured < lo {
                    "below r0".into()
                } else if self.measured > hi {
                    "above r*".into()
                } else {
                    "within".into()
                }
            }
        }
    }
}

/// The measured counts of the serial algorithm `algo` over a workload's seeds; for F2
/// f2-iter's count stands in when F2 itself was not run (they examine the same nodes).
fn serial_counts<'a>(group: &WorkloadGroup<'a>, algo: SerialAlgorithm) -> Vec<&'a Record> {
    let of = |a: SerialAlgorithm| -> Vec<&Record> {
        group
            .records
            .iter()
            .copied()
            .filter(|r| r.algo.name() == a.name())
            .collect()
    };
    let found = of(algo);
    if found.is_empty() && algo == SerialAlgorithm::F2 {
        of(SerialAlgorithm::F2Iter)
    } else {
        found
    }
}

fn mean_leaves(records: &[&Record]) -> f64 {
    records.iter().map(|r| r.leaves as f64).sum::<f64>() / records.len() as f64
}

/// Every prediction the theory crate makes for these workloads.
pub(crate) fn theory_rows(groups: &[WorkloadGroup<'_>]) -> Vec<TheoryRow> {
    let mut rows = Vec::new();
    for group in groups {
        let info = &group.info;
        let (Some(model), Some(d), Some(h)) =
            (info.model.map(|m| m.name()), info.degree, info.height)
        else {
            continue;
        };
        for algo in [SerialAlgorithm::F2, SerialAlgorithm::F1] {
            let records = serial_counts(group, algo);
            if records.is_empty() {
                continue;
            }
            let shape = Shape {
                info,
                degree: u64::from(d),
                height: h,
                is_f2: algo == SerialAlgorithm::F2,
                mean: mean_leaves(&records),
            };
            let found = match model {
                "ordered" if info.ordering == Some(1.0) => shape.ordered(),
                "dependent" => shape.dependent(),
                // The theory of §7 assumes distinct values; the default 2^32 values make
                // ties negligible.
                "random" if info.values == Some(abbench_tree::DEFAULT_VALUES) => shape.random(),
                _ => None,
            };
            if let Some((quantity, source, predicted, measured)) = found {
                rows.push(TheoryRow {
                    workload: group.label(),
                    algorithm: algo.name(),
                    quantity,
                    source,
                    predicted,
                    measured,
                    trees: records.len(),
                });
            }
        }
    }
    rows
}

/// A prediction: the quantity, its source in the paper, the predicted value and the
/// measured one.
type Found = (&'static str, &'static str, Prediction, f64);

/// A workload's tree shape, the algorithm (F2 or F1), and its mean leaves over the seeds.
struct Shape<'a> {
    info: &'a TreeInfo,
    degree: u64,
    height: u32,
    is_f2: bool,
    mean: f64,
}

impl Shape<'_> {
    /// Perfectly ordered trees: exact counts with uniform branching (Corollary 1, eq.
    /// (50)), F2's expectation with variable branching (Corollary 2).
    fn ordered(&self) -> Option<Found> {
        let (d, h, info) = (self.degree, self.height, self.info);
        if info.degree_min.is_none() {
            let (predicted, source) = if self.is_f2 {
                (theory::corollary1_leaves(d, h), "Corollary 1, eq. (13)")
            } else {
                (theory::f1_best_case_level(d, h), "§8, eq. (50)")
            };
            return Some((
                "leaves",
                source,
                Prediction::Exact(predicted.ok()?),
                self.mean,
            ));
        }
        let (lo, hi, tp) = (info.degree_min?, info.degree_max?, info.terminal_prob?);
        if !self.is_f2 {
            return None;
        }
        let law = theory::OrderedBranching::new(lo, hi, tp).ok()?;
        Some((
            "leaves (mean)",
            "Corollary 2, eq. (14)",
            Prediction::Approximate(law.expected_examined(h).leaves()),
            self.mean,
        ))
    }

    /// Totally dependent trees (Theorem 6).
    fn dependent(&self) -> Option<Found> {
        let (d, h) = (self.degree, self.height);
        let (predicted, source) = if self.is_f2 {
            (
                theory::dependent_f2_expected_leaves(d, h),
                "Theorem 6, eq. (52)",
            )
        } else {
            (
                theory::dependent_f1_expected_leaves(d, h),
                "Theorem 6, eq. (54)",
            )
        };
        Some((
            "leaves (mean)",
            source,
            Prediction::Approximate(predicted.ok()?),
            self.mean,
        ))
    }

    /// Random uniform trees (§7): every ordering of tiny trees, T(d,2), and asymptotic
    /// branching factors from height 3 on.
    fn random(&self) -> Option<Found> {
        let (d, h) = (self.degree, self.height);
        let tiny = d
            .checked_pow(h)
            .is_some_and(|n| n <= theory::MAX_ENUMERATED_LEAVES);
        if self.is_f2 && tiny {
            let p = theory::random_uniform_mean_leaves(d, h).ok()?;
            return Some((
                "leaves (mean)",
                "§7, all orderings",
                Prediction::Approximate(p.to_f64()),
                self.mean,
            ));
        }
        if h == 2 {
            // F1 and F2 coincide below height 4.
            let p = theory::random_height2_expected_leaves(d).ok()?;
            return Some((
                "leaves (mean)",
                "§7, T(d,2) eq. (30)",
                Prediction::Approximate(p),
                self.mean,
            ));
        }
        if h < 3 {
            return None;
        }
        let factor = self.mean.powf(1.0 / f64::from(h));
        if self.is_f2 {
            let p = theory::pearl_branching_factor(d).ok()?;
            return Some((
                "leaves^(1/h)",
                "Pearl, asymptotic",
                Prediction::Approximate(p),
                factor,
            ));
        }
        let (lo, hi) = (theory::r0(d).ok()?, theory::r_star(d).ok()?);
        Some((
            "leaves^(1/h)",
            "Table 1, r0 … r*, asymptotic",
            Prediction::Bounds(lo, hi),
            factor,
        ))
    }
}

/// Measured leaves of perfectly ordered uniform trees of one degree, by height: the
/// points of the leaves-against-height plot.
pub(crate) struct HeightSeries {
    /// The degree.
    pub degree: u32,
    /// `(height, F2 leaves)`, F2 or f2-iter.
    pub f2: Vec<(u32, u64)>,
    /// `(height, F1 leaves)`.
    pub f1: Vec<(u32, u64)>,
    /// `(height, F0 leaves)`.
    pub f0: Vec<(u32, u64)>,
}

/// One series per degree of the perfectly ordered uniform workloads measured at two or
/// more heights.
pub(crate) fn height_series(groups: &[WorkloadGroup<'_>]) -> Vec<HeightSeries> {
    let mut series: Vec<HeightSeries> = Vec::new();
    for group in groups {
        let info = &group.info;
        let (Some("ordered"), Some(1.0), None, Some(d), Some(h)) = (
            info.model.map(|m| m.name()),
            info.ordering,
            info.degree_min,
            info.degree,
            info.height,
        ) else {
            continue;
        };
        if info.layout != abbench_tree::Layout::Implicit {
            continue;
        }
        let index = match series.iter().position(|s| s.degree == d) {
            Some(i) => i,
            None => {
                series.push(HeightSeries {
                    degree: d,
                    f2: Vec::new(),
                    f1: Vec::new(),
                    f0: Vec::new(),
                });
                series.len() - 1
            }
        };
        let s = &mut series[index];
        for (algo, points) in [
            (SerialAlgorithm::F2, &mut s.f2),
            (SerialAlgorithm::F1, &mut s.f1),
            (SerialAlgorithm::F0, &mut s.f0),
        ] {
            if let Some(r) = serial_counts(group, algo).first()
                && !points.iter().any(|&(ph, _)| ph == h)
            {
                points.push((h, r.leaves));
            }
        }
    }
    for s in &mut series {
        s.f2.sort_unstable();
        s.f1.sort_unstable();
        s.f0.sort_unstable();
    }
    series.retain(|s| s.f2.len() >= 2);
    series
}
