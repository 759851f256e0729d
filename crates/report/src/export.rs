//! `abbench export`: a complete run's records in the formats CI dashboards read.
//!
//! * [`ExportFormat::Bencher`]: Bencher Metric Format (BMF) JSON, one benchmark per
//!   search — `latency` (median wall time, nanoseconds, with the fastest and slowest
//!   run as `lower_value` and `upper_value`), `throughput` (positions per second, with
//!   the bounds the same runs give), `positions` (examined, exact), and for parallel
//!   searches `speedup` over serial `f2-iter` on the same tree.
//! * [`ExportFormat::CustomSmallerIsBetter`], [`ExportFormat::CustomBiggerIsBetter`]:
//!   the arrays github-action-benchmark reads with `tool: customSmallerIsBetter`
//!   (median wall time, `ns`, the runs' spread as `range`) and `tool:
//!   customBiggerIsBetter` (positions per second, and parallel speedups).
//!
//! A benchmark is named by its search: `random d=16 h=8 seed=1 ybwc threads=4` (the
//! names `compare` prints). Only a complete run is exported, as only a complete run is
//! compared: a dashboard fed an interrupted run would record a partial one as a
//! measurement.

use crate::ReportError;
use crate::compare::{key_label, read_complete_run};
use abbench_results::{Record, Results};
use serde_json::{Map, Value, json};
use std::path::Path;

/// What `abbench export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// Bencher Metric Format JSON.
    Bencher,
    /// github-action-benchmark, `tool: customSmallerIsBetter`: wall times.
    CustomSmallerIsBetter,
    /// github-action-benchmark, `tool: customBiggerIsBetter`: positions per second and
    /// speedups.
    CustomBiggerIsBetter,
}

/// The records of the complete run at `path` (a `results.jsonl` file or a run folder)
/// in `format`, as pretty-printed JSON ending in a newline.
pub fn export_file(path: &Path, format: ExportFormat) -> Result<String, ReportError> {
    let (_, results) = read_complete_run(path)?;
    Ok(export(&results, format))
}

/// `results`' records in `format` (searches without a result have no numbers and are
/// left out).
pub fn export(results: &Results, format: ExportFormat) -> String {
    let value = match format {
        ExportFormat::Bencher => bencher(&results.records),
        ExportFormat::CustomSmallerIsBetter => Value::Array(
            results
                .records
                .iter()
                .map(|r| {
                    json!({
                        "name": format!("{} wall time", key_label(r)),
                        "unit": "ns",
                        "value": r.wall_ns.median,
                        "range": format!("± {}", (r.wall_ns.max - r.wall_ns.min) / 2),
                        "extra": format!(
                            "median of {} runs; fastest {} ns, slowest {} ns",
                            r.wall_ns.samples.len().max(1),
                            r.wall_ns.min,
                            r.wall_ns.max
                        ),
                    })
                })
                .collect(),
        ),
        ExportFormat::CustomBiggerIsBetter => Value::Array(
            results
                .records
                .iter()
                .flat_map(|r| {
                    let nps = json!({
                        "name": format!("{} nps", key_label(r)),
                        "unit": "positions/s",
                        "value": r.nps,
                    });
                    let speedup = r.parallel.as_ref().map(|p| {
                        json!({
                            "name": format!("{} speedup", key_label(r)),
                            "unit": "x over f2-iter",
                            "value": p.speedup,
                        })
                    });
                    std::iter::once(nps).chain(speedup)
                })
                .collect(),
        ),
    };
    let mut text = serde_json::to_string_pretty(&value).expect("JSON values serialise");
    text.push('\n');
    text
}

/// BMF: one benchmark per record, its measures as the module says.
fn bencher(records: &[Record]) -> Value {
    let mut benchmarks = Map::new();
    for r in records {
        let seconds = |ns: u64| ns.max(1) as f64 * 1e-9;
        let mut measures = Map::new();
        measures.insert(
            "latency".into(),
            json!({
                "value": r.wall_ns.median,
                "lower_value": r.wall_ns.min,
                "upper_value": r.wall_ns.max,
            }),
        );
        measures.insert(
            "throughput".into(),
            json!({
                "value": r.nps,
                "lower_value": r.nodes as f64 / seconds(r.wall_ns.max),
                "upper_value": r.nodes as f64 / seconds(r.wall_ns.min),
            }),
        );
        measures.insert("positions".into(), json!({ "value": r.nodes }));
        if let Some(p) = &r.parallel {
            measures.insert("speedup".into(), json!({ "value": p.speedup }));
        }
        benchmarks.insert(key_label(r), Value::Object(measures));
    }
    Value::Object(benchmarks)
}
