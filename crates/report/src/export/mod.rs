//! `abbench export`: a complete run's records in the formats CI dashboards read.
//!
//! Which consumer reads which format:
//!
//! | format | read by |
//! | --- | --- |
//! | `bencher` | Bencher, `bencher run --adapter json` |
//! | `custom-smaller-is-better` | github-action-benchmark, `tool: customSmallerIsBetter` |
//! | `custom-bigger-is-better` | github-action-benchmark, `tool: customBiggerIsBetter` |
//! | `libtest` | github-action-benchmark, `tool: cargo`; Bencher, `--adapter rust_bench` |
//! | `criterion` | Bencher, `--adapter rust_criterion` (its `time:` lines only); not github-action-benchmark |
//!
//! * [`ExportFormat::Bencher`]: Bencher Metric Format (BMF) JSON, one benchmark per
//!   search — `latency` (median wall time, nanoseconds, with the fastest and slowest
//!   run as `lower_value` and `upper_value`), `throughput` (positions per second, with
//!   the bounds the same runs give), `positions` (examined, exact), and for parallel
//!   searches `speedup` over serial `f2-iter` on the same tree and
//!   `speedup_vs_fastest_serial` over the fastest exact serial search measured on it
//!   (when the run measured every candidate; BMF has no room for its name, which the
//!   custom formats and `summary.csv` carry).
//! * [`ExportFormat::CustomSmallerIsBetter`], [`ExportFormat::CustomBiggerIsBetter`]:
//!   the arrays github-action-benchmark reads with `tool: customSmallerIsBetter`
//!   (median wall time, `ns`) and `tool: customBiggerIsBetter` (positions per second,
//!   and parallel speedups over f2-iter and over the fastest serial search, whose name
//!   is the entry's `extra`). Their `range` is free text that the dashboard shows as it
//!   is: the spread of the runs is seldom symmetric about the median, so it is written
//!   as two offsets, `-A +B` (the median less the fastest run's figure, the slowest
//!   run's figure less the median), never as a `± R` that would claim a symmetric
//!   spread.
//! * [`ExportFormat::Libtest`]: the lines `cargo bench` prints with the standard test
//!   harness, `test NAME ... bench:   1,234,567 ns/iter (+/- 12,345)` between its
//!   `running N tests` and `test result:` lines — the one pattern of
//!   github-action-benchmark's `cargo` tool, and what Bencher's `rust_bench` adapter
//!   reads. The value is the median wall time; the format has room for a symmetric
//!   spread only, so `+/- R` is the half-width of the narrowest interval about the
//!   median that holds every run (the larger of median − fastest and slowest −
//!   median): the interval the consumers draw holds every run. Bencher's adapter ends a
//!   name at its first space, so a name's spaces are written as `_`
//!   (`random_d=16_h=8_seed=1_ybwc_threads=4`).
//! * [`ExportFormat::Criterion`]: the lines `cargo bench` prints with criterion, which
//!   the dashboards' criterion parsers read (Bencher's `rust_criterion` adapter, for one):
//!   per search its name, `time:   [low median high]` — the median wall time between
//!   the bounds of its 95% bootstrap interval (the fastest and slowest run for records
//!   written before runs carried one) — and `thrpt:  [...]`, positions per second at
//!   those three times, each number formatted as criterion 0.8 formats it.
//!
//! Positions per second are exported to the whole position, speedups to four significant
//! digits: the figures past them are the clock's noise.
//!
//! A benchmark is named by its search: `random d=16 h=8 seed=1 ybwc threads=4` (the
//! names `compare` prints). Only a complete run is exported, as only a complete run is
//! compared: a dashboard fed an interrupted run would record a partial one as a
//! measurement.

use crate::ReportError;
use crate::compare::{key_label, read_complete_run};
use abbench_results::{Record, Results};
use serde::Serialize;
use std::collections::BTreeMap;
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
    /// criterion's text report: `time:` and `thrpt:` lines.
    Criterion,
    /// The standard test harness's bench lines: `test NAME ... bench: N ns/iter (+/- R)`.
    Libtest,
}

/// The records of the complete run at `path` (a `results.jsonl` file or a run folder)
/// in `format`: pretty-printed JSON ending in a newline, or criterion's lines.
pub fn export_file(path: &Path, format: ExportFormat) -> Result<String, ReportError> {
    let (results, _) = read_run_to_export(path)?;
    Ok(export(&results, format))
}

/// The records of the run at `path` for `export`, and a note when whether it is whole
/// cannot be checked. Refused as [`read_complete_run`] refuses a run: in a run folder,
/// that includes lines that prove one missing ([`abbench_results::missing_search`]).
/// Without a `machine.json` nothing says whether the sweep finished: the note says so.
pub fn read_run_to_export(path: &Path) -> Result<(Results, Option<String>), ReportError> {
    let (file, results) = read_complete_run(path, "export")?;
    let folder = file.parent().unwrap_or(Path::new("."));
    let in_run_folder = folder.join(abbench_results::MACHINE_FILE).is_file();
    let note = (!in_run_folder).then(|| {
        format!(
            "{}: no {} beside it, so whether its run finished cannot be checked; its {} \
             lines are exported as they are",
            file.display(),
            abbench_results::MACHINE_FILE,
            results.records.len() + results.unfinished.len()
        )
    });
    Ok((results, note))
}

/// `results`' records in `format` (searches without a result have no numbers and are
/// left out).
pub fn export(results: &Results, format: ExportFormat) -> String {
    let records = &results.records;
    let entries: Vec<CustomEntry> = match format {
        ExportFormat::Criterion => return criterion(records),
        ExportFormat::Libtest => return libtest(records),
        ExportFormat::Bencher => return pretty(&bencher(records)),
        ExportFormat::CustomSmallerIsBetter => records.iter().map(wall_time_entry).collect(),
        ExportFormat::CustomBiggerIsBetter => records.iter().flat_map(bigger_entries).collect(),
    };
    pretty(&entries)
}

/// `value` as indented JSON, its objects' keys in alphabetical order (as the formats
/// were first written) and a newline at the end.
fn pretty(value: &impl Serialize) -> String {
    let value = serde_json::to_value(value).expect("an export serialises");
    let mut text = serde_json::to_string_pretty(&value).expect("JSON values serialise");
    text.push('\n');
    text
}

/// A number of a dashboard's entry: a count, or a real.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(untagged)]
enum Figure {
    Count(u64),
    Real(f64),
}

/// One entry of github-action-benchmark's custom arrays.
#[derive(Clone, Debug, PartialEq, Serialize)]
struct CustomEntry {
    name: String,
    unit: &'static str,
    value: Figure,
    #[serde(skip_serializing_if = "Option::is_none")]
    range: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    extra: Option<String>,
}

/// A record's median wall time (`customSmallerIsBetter`).
fn wall_time_entry(r: &Record) -> CustomEntry {
    CustomEntry {
        name: format!("{} wall time", key_label(r)),
        unit: "ns",
        value: Figure::Count(r.wall_ns.median),
        range: Some(spread(
            r.wall_ns.median as f64,
            r.wall_ns.min as f64,
            r.wall_ns.max as f64,
        )),
        extra: Some(format!(
            "median of {} runs; fastest {} ns, slowest {} ns",
            r.wall_ns.samples.len().max(1),
            r.wall_ns.min,
            r.wall_ns.max
        )),
    }
}

/// A record's positions per second and a parallel search's speedups
/// (`customBiggerIsBetter`).
fn bigger_entries(r: &Record) -> impl Iterator<Item = CustomEntry> {
    let [slowest, fastest] = nps_bounds(r);
    let nps = CustomEntry {
        name: format!("{} nps", key_label(r)),
        unit: "positions/s",
        value: per_second(r.nps),
        range: Some(spread(r.nps, slowest, fastest)),
        extra: None,
    };
    let speedup = r.parallel.as_ref().map(|p| CustomEntry {
        name: format!("{} speedup", key_label(r)),
        unit: "x over f2-iter",
        value: ratio(p.speedup),
        range: None,
        extra: None,
    });
    let against_fastest = r.parallel.as_ref().and_then(|p| {
        let (speedup, fastest) = (p.speedup_vs_fastest?, p.fastest_serial?);
        Some(CustomEntry {
            name: format!("{} speedup vs fastest serial", key_label(r)),
            unit: "x over the fastest serial search",
            value: ratio(speedup),
            range: None,
            extra: Some(format!("fastest serial search: {fastest}")),
        })
    });
    std::iter::once(nps).chain(speedup).chain(against_fastest)
}

/// One measure of a BMF benchmark, with its bounds where it has them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
struct BmfMeasure {
    value: Figure,
    #[serde(skip_serializing_if = "Option::is_none")]
    lower_value: Option<Figure>,
    #[serde(skip_serializing_if = "Option::is_none")]
    upper_value: Option<Figure>,
}

impl BmfMeasure {
    fn of(value: Figure) -> BmfMeasure {
        BmfMeasure {
            value,
            lower_value: None,
            upper_value: None,
        }
    }
}

/// BMF: one benchmark per record, its measures by name.
type Bmf = BTreeMap<String, BTreeMap<&'static str, BmfMeasure>>;

/// BMF: one benchmark per record, its measures as the module says.
fn bencher(records: &[Record]) -> Bmf {
    let mut benchmarks = Bmf::new();
    for r in records {
        let mut measures = BTreeMap::new();
        let latency = BmfMeasure {
            value: Figure::Count(r.wall_ns.median),
            lower_value: Some(Figure::Count(r.wall_ns.min)),
            upper_value: Some(Figure::Count(r.wall_ns.max)),
        };
        measures.insert("latency", latency);
        let [slowest, fastest] = nps_bounds(r);
        let throughput = BmfMeasure {
            value: per_second(r.nps),
            lower_value: Some(per_second(slowest)),
            upper_value: Some(per_second(fastest)),
        };
        measures.insert("throughput", throughput);
        measures.insert("positions", BmfMeasure::of(Figure::Count(r.nodes)));
        if let Some(p) = &r.parallel {
            measures.insert("speedup", BmfMeasure::of(ratio(p.speedup)));
            if let Some(speedup) = p.speedup_vs_fastest {
                let measure = BmfMeasure::of(ratio(speedup));
                measures.insert("speedup_vs_fastest_serial", measure);
            }
        }
        benchmarks.insert(key_label(r), measures);
    }
    benchmarks
}

/// A rate, positions per second, to the whole position: its figures past the point are
/// noise of the clock, and print as float artefacts (`187123744.94304582`).
fn per_second(x: f64) -> Figure {
    if (0.0..1.8e19).contains(&x) {
        Figure::Count(x.round() as u64)
    } else {
        Figure::Real(x)
    }
}

/// A speedup to four significant digits, printed as the decimal it is.
fn ratio(x: f64) -> Figure {
    Figure::Real(format_significant(x, 4))
}

/// Positions per second of the slowest and of the fastest run.
fn nps_bounds(r: &Record) -> [f64; 2] {
    let seconds = |ns: u64| ns.max(1) as f64 * 1e-9;
    [
        r.nodes as f64 / seconds(r.wall_ns.max),
        r.nodes as f64 / seconds(r.wall_ns.min),
    ]
}

/// The spread of `low ..= high` about `value` as the custom formats' `range`: `-A +B`.
fn spread(value: f64, low: f64, high: f64) -> String {
    let below = (value - low).max(0.0);
    let above = (high - value).max(0.0);
    format!("-{} +{}", round_figure(below), round_figure(above))
}

/// A figure of the custom formats' `range`: an integer when it is one, else three
/// significant digits.
fn round_figure(x: f64) -> String {
    if x.fract() == 0.0 && x < 1e15 {
        format!("{x:.0}")
    } else {
        format_significant(x, 3).to_string()
    }
}

/// `x` to `digits` significant digits, without trailing zeros. The rounding is done in
/// decimal (scientific notation, parsed back), so the result is the double nearest the
/// rounded decimal and prints as it: multiplying by a power of ten below one, which no
/// double holds exactly, printed 46500000 as `46499999.99999999`.
fn format_significant(x: f64, digits: usize) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    format!("{:.*e}", digits.saturating_sub(1), x)
        .parse()
        .unwrap_or(x)
}

/// The standard test harness's bench report for every record, as the module says.
fn libtest(records: &[Record]) -> String {
    let count = records.len();
    let mut text = format!(
        "running {count} test{}\n",
        if count == 1 { "" } else { "s" }
    );
    for r in records {
        let median = r.wall_ns.median;
        let half_width = median
            .saturating_sub(r.wall_ns.min)
            .max(r.wall_ns.max.saturating_sub(median));
        text.push_str(&format!(
            "test {} ... bench: {:>11} ns/iter (+/- {})\n",
            libtest_name(r),
            thousands(median),
            thousands(half_width)
        ));
    }
    text.push_str(&format!(
        "\ntest result: ok. 0 passed; 0 failed; 0 ignored; {count} measured; 0 filtered out\n"
    ));
    text
}

/// A search's name as a libtest export writes it: its label with spaces as `_`.
pub fn libtest_name(r: &Record) -> String {
    key_label(r)
        .chars()
        .map(|c| if c.is_whitespace() { '_' } else { c })
        .collect()
}

/// `n` with a comma every three digits, as the test harness writes it: `1,234,567`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// criterion's report lines for every record (`measurement_complete` in criterion 0.8's
/// `report.rs`): a name longer than 23 characters on a line of its own, the numbers
/// from column 25.
fn criterion(records: &[Record]) -> String {
    let mut text = String::new();
    for r in records {
        let [low, high] = r
            .wall_ns
            .median_ci
            .unwrap_or([r.wall_ns.min, r.wall_ns.max]);
        let [low, median, high] = [low, r.wall_ns.median, high].map(|ns| ns.max(1) as f64);
        let name = key_label(r);
        let pad = if name.len() > 23 {
            text.push_str(&name);
            text.push('\n');
            24
        } else {
            text.push_str(&name);
            24 - name.len()
        };
        text.push_str(&" ".repeat(pad));
        text.push_str(&format!(
            "time:   [{} {} {}]\n",
            criterion_time(low),
            criterion_time(median),
            criterion_time(high)
        ));
        let per_second = |ns: f64| r.nodes as f64 * 1e9 / ns;
        text.push_str(&format!(
            "{}thrpt:  [{} {} {}]\n",
            " ".repeat(24),
            criterion_elements(per_second(high)),
            criterion_elements(per_second(median)),
            criterion_elements(per_second(low))
        ));
    }
    text
}

/// A time in nanoseconds as criterion writes it: `1.2346 ms`, `123.46 µs`.
fn criterion_time(ns: f64) -> String {
    let (factor, unit) = if ns < 1.0 {
        (1e3, "ps")
    } else if ns < 1e3 {
        (1.0, "ns")
    } else if ns < 1e6 {
        (1e-3, "µs")
    } else if ns < 1e9 {
        (1e-6, "ms")
    } else {
        (1e-9, "s")
    };
    format!("{:>6} {unit}", criterion_short(ns * factor))
}

/// Elements (here positions) per second as criterion writes them: `148.62 Melem/s`.
fn criterion_elements(per_second: f64) -> String {
    let (denominator, unit) = if per_second < 1e3 {
        (1.0, " elem/s")
    } else if per_second < 1e6 {
        (1e3, "Kelem/s")
    } else if per_second < 1e9 {
        (1e6, "Melem/s")
    } else {
        (1e9, "Gelem/s")
    };
    format!("{:>6} {unit}", criterion_short(per_second / denominator))
}

/// Five significant digits at most, as criterion's `format::short`.
fn criterion_short(n: f64) -> String {
    if n < 10.0 {
        format!("{n:.4}")
    } else if n < 100.0 {
        format!("{n:.3}")
    } else if n < 1000.0 {
        format!("{n:.2}")
    } else if n < 10000.0 {
        format!("{n:.1}")
    } else {
        format!("{n:.0}")
    }
}

#[cfg(test)]
mod test;
