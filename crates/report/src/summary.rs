//! `summary.csv`: one row per record with the numbers a spreadsheet wants, parallel
//! metrics left empty for serial algorithms. `speedup` is against serial f2-iter;
//! `speedup_vs_fastest` against `fastest_serial`, the fastest exact serial search measured
//! on the same tree, both empty when the run did not measure every candidate.

use crate::metrics::karp_flatt;
use abbench_results::Record;

/// The column names, in order.
pub(crate) const COLUMNS: [&str; 19] = [
    "workload",
    "seed",
    "algo",
    "threads",
    "value",
    "nodes",
    "leaves",
    "wall_median_ns",
    "wall_min_ns",
    "wall_max_ns",
    "nps",
    "speedup",
    "fastest_serial",
    "speedup_vs_fastest",
    "efficiency",
    "search_overhead",
    "karp_flatt",
    "oversubscribed",
    "verified",
];

/// The CSV text of `records`.
pub(crate) fn summary_csv(records: &[Record]) -> Result<Vec<u8>, csv::Error> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record(COLUMNS)?;
    for r in records {
        let optional = |v: Option<f64>| v.map_or(String::new(), |x| x.to_string());
        let p = r.parallel.as_ref();
        writer.write_record([
            r.tree.workload().label(),
            r.tree.seed.map_or(String::new(), |s| s.to_string()),
            r.algo.name().to_string(),
            r.threads.to_string(),
            r.value.to_string(),
            r.nodes.to_string(),
            r.leaves.to_string(),
            r.wall_ns.median.to_string(),
            r.wall_ns.min.to_string(),
            r.wall_ns.max.to_string(),
            format!("{:.0}", r.nps),
            optional(p.map(|p| p.speedup)),
            p.and_then(|p| p.fastest_serial)
                .map_or(String::new(), |a| a.name().to_string()),
            optional(p.and_then(|p| p.speedup_vs_fastest)),
            optional(p.map(|p| p.efficiency)),
            optional(p.map(|p| p.search_overhead)),
            optional(p.and_then(|p| karp_flatt(p.speedup, r.threads))),
            p.is_some_and(|p| p.oversubscribed).to_string(),
            r.verified.to_string(),
        ])?;
    }
    writer
        .into_inner()
        .map_err(|e| csv::Error::from(std::io::Error::other(e.to_string())))
}
