//! The serial table search in a cost profile's check: MTD(f)'s measured time against
//! f2-iter's on the same tree, set against what the profile predicts of it. The
//! simulator weighs a serial search's positions by the profile's serial costs for the
//! tree's model (`serial_position_cost`: one MTD(f) position costs that many of
//! f2-iter's, its table's accesses included; the positions of its first guess, a plain
//! search, one each) when it chooses a simulated record's fastest serial search, so a
//! profile whose MTD(f) weight is off puts the wrong search under every parallel one.
//!
//! A row is a workload: the medians over its MTD(f) records (one per tree and run) of the
//! measured and the predicted speedup over f2-iter, and its gap, `predicted / measured −
//! 1` of those two medians. Measured: f2-iter's median time over MTD(f)'s; predicted,
//! f2-iter's positions over MTD(f)'s weighed ones.

use crate::aggregate::WorkloadGroup;
use crate::metrics::median;
use abbench_parallel::sim::CostProfile;
use abbench_results::{Algorithm, Record};
use abbench_search::SerialAlgorithm;
use serde::Serialize;

/// The serial table searches a check compares with their prediction.
const CHECKED: [SerialAlgorithm; 1] = [SerialAlgorithm::Mtdf];

/// One workload's serial table search checked.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SerialGapRow {
    /// The workload's label.
    pub workload: String,
    /// The serial search (`algo` in JSON, as everywhere): one of those checked.
    #[serde(rename = "algo")]
    #[schemars(with = "String", extend("enum" = CHECKED.map(SerialAlgorithm::name)))]
    pub algorithm: Algorithm,
    /// Records (trees × runs) compared.
    #[schemars(range(min = 1))]
    pub records: usize,
    /// The workload's median `f2-iter` time, milliseconds.
    #[schemars(range(min = 0.0))]
    pub serial_ms: f64,
    /// The profile's weight of one of its positions, in f2-iter's (1000: as dear).
    pub permille: u64,
    /// Median measured speedup over `f2-iter` (below 1: slower).
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub measured: f64,
    /// Median predicted speedup over `f2-iter`.
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub predicted: f64,
    /// `predicted / measured − 1`: the gap of the two medians above.
    pub gap: f64,
}

/// The `f2-iter` record of `tree` in `records`, the reference of every search on it.
fn reference<'a>(records: &[&'a Record], of: &Record) -> Option<&'a Record> {
    records.iter().copied().find(|r| {
        r.tree == of.tree
            && r.algo == Algorithm::Serial(SerialAlgorithm::F2Iter)
            && r.used.window.is_none()
    })
}

/// `record`'s positions weighed at `permille` of f2-iter's, but those of its first guess
/// (the positions its passes do not account for) at 1000.
pub(crate) fn weighed(record: &Record, permille: u64) -> f64 {
    let passes: u64 = record.passes.iter().map(|p| p.nodes).sum();
    let guess = record.nodes.saturating_sub(passes);
    guess as f64 + (record.nodes - guess) as f64 * permille as f64 / 1000.0
}

/// Every serial table search of `groups` compared with what `profile` predicts: a row
/// per workload whose median `f2-iter` time is at least `min_serial_ms`, over its first
/// `max_seeds` seeds (all if `None`). Serial searches run on one thread: no thread count
/// selects them.
pub(crate) fn serial_rows(
    groups: &[WorkloadGroup<'_>],
    profile: &CostProfile,
    min_serial_ms: f64,
    max_seeds: Option<usize>,
) -> Vec<SerialGapRow> {
    let mut rows = Vec::new();
    for group in groups {
        let f2_ms: Vec<f64> = group
            .records
            .iter()
            .filter(|r| r.algo == Algorithm::Serial(SerialAlgorithm::F2Iter))
            .map(|r| r.wall_ns.median as f64 / 1e6)
            .collect();
        let Some(serial_ms) = median(&f2_ms).filter(|&ms| ms >= min_serial_ms) else {
            continue;
        };
        let seeds: Vec<Option<u64>> = group
            .seeds()
            .into_iter()
            .take(max_seeds.unwrap_or(usize::MAX))
            .collect();
        let model = group.info.model.map_or("file", |m| m.name());
        let weights = profile.for_model(model).serial_permille();
        for serial in CHECKED {
            let permille = weights.of(serial);
            let (mut measured, mut predicted) = (Vec::new(), Vec::new());
            for r in group.records.iter().filter(|r| {
                r.algo == Algorithm::Serial(serial)
                    && r.used.window.is_none()
                    && seeds.contains(&r.tree.seed)
            }) {
                let Some(f2) = reference(&group.records, r) else {
                    continue;
                };
                let m = f2.wall_ns.median as f64 / r.wall_ns.median.max(1) as f64;
                let p = f2.nodes as f64 / weighed(r, permille).max(1.0);
                measured.push(m);
                predicted.push(p);
            }
            let records = measured.len();
            if let (Some(measured), Some(predicted)) = (median(&measured), median(&predicted)) {
                rows.push(SerialGapRow {
                    workload: group.label(),
                    algorithm: Algorithm::Serial(serial),
                    records,
                    serial_ms,
                    permille,
                    measured,
                    predicted,
                    // Of the medians the row shows.
                    gap: predicted / measured - 1.0,
                });
            }
        }
    }
    rows
}
