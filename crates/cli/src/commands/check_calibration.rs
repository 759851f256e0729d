//! `abbench check-calibration RESULTS.jsonl|RUN_DIR… [--calibration FILE|RUN_DIR]`: how well a
//! cost profile makes the simulator reproduce measured runs — every parallel record
//! simulated again on its tree with its recorded options (the table searches with the
//! table their records name), a gap table per (workload, algorithm, threads), the median
//! |gap| and the worst row, and serial MTD(f)'s measured time against what the profile's
//! serial costs predict, a row per workload (thin over
//! `abbench_report::check_calibration`).

use crate::failure::Failure;
use crate::search_args::{ThreadCounts, parse_thread_counts};
use abbench_parallel::sim::CostProfile;
use abbench_report::read_profile;
use abbench_report::{
    CheckOptions, CheckedRecord, ReportError, check_calibration, refuse_duplicates,
    refuse_repeated_runs, why_incomplete,
};
use abbench_results::{Record, read_results, results_file};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

/// Options of `abbench check-calibration`.
#[derive(Debug, Args)]
pub struct CheckCalibrationCommand {
    /// The records: results.jsonl files written by `abbench sweep` or `abbench run
    /// --json`, or run folders holding one. Each record counts once: a run given twice,
    /// a copy of one, or a file that holds a search twice is refused.
    #[arg(value_name = "RESULTS.jsonl|RUN_DIR", required = true)]
    pub results: Vec<PathBuf>,

    /// The cost profile: a file written by `abbench calibrate`, or a run folder that
    /// holds one [default: the simulator's default costs]. One whose costs the simulator
    /// cannot hold is refused, as `simulate` refuses it.
    #[arg(long, value_name = "FILE|RUN_DIR")]
    pub calibration: Option<PathBuf>,

    /// Thread counts compared, comma-separated.
    #[arg(long, value_name = "LIST", default_value = "4,8,16", value_parser = parse_thread_counts)]
    pub threads: ThreadCounts,

    /// Leave out workloads whose median f2-iter time is below this many milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 5.0, value_parser = parse_min_serial_ms)]
    pub min_serial_ms: f64,

    /// Simulate at most this many seeds per workload, the first measured.
    #[arg(long, value_name = "N", value_parser = parse_seeds)]
    pub seeds: Option<u64>,

    /// Print every record simulated as one JSON object per line, `"kind":
    /// "calibration_check"` (its measured speedup, the gap, and the whole simulation:
    /// event counts and what the processors' time was made of), instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// check-calibration --json: a workload's serial table search (mtdf), its measured
/// speedup over f2-iter against the one its positions weighed by the profile's serial
/// costs predict (medians over its records), and the gap of those medians.
///
/// Written by `abbench check-calibration` alone, so the type lives here.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub(crate) struct SerialLine<'a> {
    /// [`abbench_results::SCHEMA`].
    #[schemars(with = "abbench_results::schema::SchemaVersion")]
    schema: u32,
    /// `calibration_check_serial`.
    #[schemars(extend("const" = "calibration_check_serial"))]
    kind: &'static str,
    /// The workload's figures.
    #[serde(flatten)]
    row: &'a abbench_report::SerialGapRow,
}

/// check-calibration --json: one measured parallel record SIMULATED again at a profile's
/// costs, its measured and simulated speedups and the gap.
///
/// Written by `abbench check-calibration` alone, so the type lives here.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub(crate) struct CheckLine<'a> {
    /// [`abbench_results::SCHEMA`].
    #[schemars(with = "abbench_results::schema::SchemaVersion")]
    schema: u32,
    /// `calibration_check`.
    #[schemars(extend("const" = "calibration_check"))]
    kind: &'static str,
    /// The record and its simulation.
    #[serde(flatten)]
    record: &'a CheckedRecord,
    /// `SIMULATED / measured − 1`.
    gap: f64,
}

/// A count of seeds: 1 or more.
fn parse_seeds(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("0 seeds is out of range: expected 1 or more".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!(
            "'{text}' is not a count of seeds: expected 1 or more"
        )),
    }
}

fn parse_min_serial_ms(text: &str) -> Result<f64, String> {
    let ms: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of milliseconds"))?;
    if !(ms.is_finite() && ms >= 0.0) {
        return Err(format!(
            "{text} milliseconds is out of range: expected 0 or more"
        ));
    }
    Ok(ms)
}

impl CheckCalibrationCommand {
    /// Runs the subcommand; the table (or JSON lines) goes to `out`.
    pub fn run(&self, out: &mut impl Write) -> Result<(), Failure> {
        let profile = match &self.calibration {
            Some(path) => read_profile(path)?,
            None => CostProfile::reference(),
        };
        let mut runs = Vec::new();
        for path in &self.results {
            let path = results_file(path);
            let results = read_results(&path)?;
            refuse_duplicates(&path, &results, "check-calibration")?;
            abbench_results::check_lines_beside(&path, &results, "check-calibration")?;
            runs.push((path, results));
        }
        let files: Vec<_> = runs.iter().map(|(p, r)| (p.clone(), r)).collect();
        refuse_repeated_runs(&files)?;
        let mut records: Vec<Record> = Vec::new();
        for (path, results) in runs {
            let path = &path;
            // A run still being written, or one that stopped early, is checked as far as
            // it got, and said to be.
            let why = why_incomplete(path)?
                .into_iter()
                .chain(results.torn_note())
                .collect::<Vec<_>>();
            if !why.is_empty() {
                crate::progress::note(&format!(
                    "INCOMPLETE RUN {}: {}; only its records so far are checked",
                    path.display(),
                    why.join("; ")
                ));
            }
            records.extend(results.records);
        }
        let options = CheckOptions {
            threads: self.threads.0.clone(),
            min_serial_ms: self.min_serial_ms,
            max_seeds: self.seeds.map(|n| n as usize),
        };
        let check = check_calibration(&records, &profile, &options).map_err(|e| match e {
            // The profile's own check, as `simulate` makes it, naming the profile.
            ReportError::Profile(e) => Failure::bad_input(match &self.calibration {
                Some(path) => format!("{}: {e}", path.display()),
                None => format!("the default costs: {e}"),
            }),
            other => other.into(),
        })?;
        if self.json {
            for record in &check.records {
                let line = CheckLine {
                    schema: abbench_results::SCHEMA,
                    kind: "calibration_check",
                    gap: record.gap(),
                    record,
                };
                serde_json::to_writer(&mut *out, &line)
                    .map_err(|e| Failure::stdout(std::io::Error::from(e)))?;
                writeln!(out).map_err(Failure::stdout)?;
            }
            for row in &check.serial {
                let line = SerialLine {
                    schema: abbench_results::SCHEMA,
                    kind: "calibration_check_serial",
                    row,
                };
                serde_json::to_writer(&mut *out, &line)
                    .map_err(|e| Failure::stdout(std::io::Error::from(e)))?;
                writeln!(out).map_err(Failure::stdout)?;
            }
        } else {
            write!(out, "{}", check.to_markdown()).map_err(Failure::stdout)?;
        }
        out.flush().map_err(Failure::stdout)
    }
}
