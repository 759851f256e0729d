//! How well a cost profile reproduces measured runs: every parallel record of a
//! `results.jsonl` simulated again on its own tree, with the options it recorded and the
//! event costs the profile gives at its thread count, and set against its measured
//! speedup.
//!
//! A row is a (workload, algorithm, threads): the medians over its records (one per tree
//! and run) of the SIMULATED and the measured speedup, and its gap, `SIMULATED /
//! measured − 1` of those two medians (as `docs/parallel.md` defines it). The summary is the
//! median of the rows' `|gap|` and the worst row. Events cost what the profile says, in
//! positions of the nanoseconds one position cost `f2-iter` in the records themselves
//! (the median over the workload's records), as in the report's SIMULATED scaling.
//!
//! The table searches are among them: the parallel ones (`ParallelAlgorithm::uses_table`)
//! simulated with the table size their records name, and serial MTD(f), whose time
//! against f2-iter's is set against what the profile's serial costs predict
//! (`calibration_serial.rs`, a row per workload beside the simulated ones).

use crate::ReportError;
use crate::aggregate::{WorkloadGroup, group_by_workload};
use crate::calibration_serial::{SerialGapRow, serial_rows};
use crate::metrics::median;
use crate::rebuild::tree_spec;
use crate::sim_job::{SimJob, SimJobError, run_all};
use crate::simulated::{parallel_algorithm, record_options};
use abbench_parallel::sim::{CostProfile, SimResult};
use abbench_parallel::{ParallelAlgorithm, SearchOptions};
use abbench_results::FileError;
use abbench_results::Record;
use abbench_tree::{Layout, TreeSource, TreeSpec};
use serde::Serialize;

/// Which records a check simulates.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckOptions {
    /// Thread counts checked.
    pub threads: Vec<usize>,
    /// Workloads whose median `f2-iter` time is below this many milliseconds are left
    /// out (their timings are mostly noise and fixed costs).
    pub min_serial_ms: f64,
    /// At most this many seeds per workload, the first measured (all if `None`).
    pub max_seeds: Option<usize>,
}

impl Default for CheckOptions {
    /// Threads 4, 8 and 16; workloads of at least 5 ms; every seed.
    fn default() -> Self {
        CheckOptions {
            threads: vec![4, 8, 16],
            min_serial_ms: 5.0,
            max_seeds: None,
        }
    }
}

/// One record simulated.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct CheckedRecord {
    /// The workload's label.
    pub workload: String,
    /// The tree's seed (`None`: a tree file).
    pub seed: Option<u64>,
    /// The algorithm (`algo` in JSON, as everywhere).
    #[serde(rename = "algo")]
    #[schemars(with = "abbench_results::schema::ParallelAlgoName")]
    pub algorithm: ParallelAlgorithm,
    /// Threads measured, processors simulated.
    #[schemars(with = "abbench_results::schema::Threads")]
    pub threads: usize,
    /// The measured speedup over `f2-iter`.
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub measured: f64,
    /// The nanoseconds per position the costs were converted at.
    #[schemars(extend("exclusiveMinimum" = 0))]
    pub position_nanos: f64,
    /// The simulation.
    pub simulation: SimResult,
}

impl CheckedRecord {
    /// `SIMULATED / measured − 1`.
    pub fn gap(&self) -> f64 {
        self.simulation.speedup / self.measured - 1.0
    }
}

/// One (workload, algorithm, threads).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GapRow {
    /// The workload's label.
    pub workload: String,
    /// The algorithm (`algo` in JSON, as everywhere).
    #[serde(rename = "algo")]
    pub algorithm: ParallelAlgorithm,
    /// Threads.
    pub threads: usize,
    /// Records (trees × runs) compared.
    pub records: usize,
    /// The workload's median `f2-iter` time, milliseconds.
    pub serial_ms: f64,
    /// Median measured speedup.
    pub measured: f64,
    /// Median SIMULATED speedup.
    pub simulated: f64,
    /// `simulated / measured − 1`: the gap of the two medians above.
    pub gap: f64,
}

/// A profile checked against records.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct CalibrationCheck {
    /// Every (workload, algorithm, threads), workloads in order of first appearance.
    pub rows: Vec<GapRow>,
    /// Every record simulated, in the same order.
    pub records: Vec<CheckedRecord>,
    /// The serial table search, MTD(f), per workload: measured against predicted.
    pub serial: Vec<SerialGapRow>,
    /// When no record was selected: why, naming the option that left them out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nothing_selected: Option<String>,
}

impl CalibrationCheck {
    /// The median of the rows' `|gap|`.
    pub fn median_abs_gap(&self) -> Option<f64> {
        let gaps: Vec<f64> = self.rows.iter().map(|r| r.gap.abs()).collect();
        median(&gaps)
    }

    /// The row with the largest `|gap|`.
    pub fn worst(&self) -> Option<&GapRow> {
        self.rows
            .iter()
            .max_by(|a, b| a.gap.abs().total_cmp(&b.gap.abs()))
    }

    /// One line: `median |gap| 9.1% over 42 rows; worst +21.0% (ordered …, ybwc, 16
    /// threads)`, then the serial rows' (`; serial mtdf: median |gap| 3.0% over 2
    /// workloads`).
    pub fn summary(&self) -> String {
        let serial: Vec<f64> = self.serial.iter().map(|r| r.gap.abs()).collect();
        let serial = median(&serial).map_or(String::new(), |m| {
            format!(
                "; serial mtdf: median |gap| {:.1}% over {} workloads",
                100.0 * m,
                self.serial.len()
            )
        });
        self.parallel_summary() + &serial
    }

    /// The summary of the simulated rows.
    fn parallel_summary(&self) -> String {
        match (self.median_abs_gap(), self.worst()) {
            (Some(median), Some(worst)) => format!(
                "median |gap| {:.1}% over {} rows; worst {:+.1}% ({}, {}, {} threads)",
                100.0 * median,
                self.rows.len(),
                100.0 * worst.gap,
                worst.workload,
                worst.algorithm,
                worst.threads
            ),
            _ => match &self.nothing_selected {
                Some(why) => format!("no rows to compare: {why}"),
                None => "no rows to compare".to_string(),
            },
        }
    }

    /// The rows as a Markdown table, then the summary line.
    pub fn to_markdown(&self) -> String {
        let mut md = String::from(
            "| workload | algorithm | threads | records | serial ms | measured | SIMULATED | gap |\n\
             | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n",
        );
        for r in &self.rows {
            md.push_str(&format!(
                "| {} | {} | {} | {} | {:.1} | {:.2} | {:.2} | {:+.1}% |\n",
                r.workload,
                r.algorithm,
                r.threads,
                r.records,
                r.serial_ms,
                r.measured,
                r.simulated,
                100.0 * r.gap
            ));
        }
        if !self.serial.is_empty() {
            md.push_str(
                "\n| workload | serial search | records | serial ms | weight | measured | predicted | gap |\n\
                 | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n",
            );
            for r in &self.serial {
                md.push_str(&format!(
                    "| {} | {} | {} | {:.1} | {}/1000 | {:.2} | {:.2} | {:+.1}% |\n",
                    r.workload,
                    r.algorithm,
                    r.records,
                    r.serial_ms,
                    r.permille,
                    r.measured,
                    r.predicted,
                    100.0 * r.gap
                ));
            }
        }
        md.push('\n');
        md.push_str(&self.summary());
        md.push('\n');
        md
    }
}

/// One tree to simulate: an algorithm with its recorded options, at every thread count
/// checked that its records have.
struct Job {
    workload: usize,
    sim: SimJob,
}

/// Simulates every parallel record of `records` that `options` selects with `profile`'s
/// costs, and compares. Fails if a tree cannot be rebuilt, if the profile makes an event
/// longer than the simulator's virtual time holds at a record's position time and thread
/// count ([`CostProfile::check_costs_at`]), or if a simulation fails.
pub fn check_calibration(
    records: &[Record],
    profile: &CostProfile,
    options: &CheckOptions,
) -> Result<CalibrationCheck, ReportError> {
    let groups = group_by_workload(records);
    let selected: Vec<Selected<'_>> = groups
        .iter()
        .filter(|g| g.has_parallel())
        .filter_map(|g| select(g, options))
        .collect();
    let jobs = plan_jobs(&selected, profile)?;
    // Refused before anything is simulated, by the check `simulate` makes.
    for job in &jobs {
        job.sim
            .profile
            .check_costs_at(job.sim.position_nanos, &job.sim.procs)?;
    }
    let outcomes = run_all(&jobs, |job| job.sim.serial_positions, run);
    let mut simulated: Vec<(&Job, Vec<SimResult>)> = Vec::new();
    for (job, outcome) in jobs.iter().zip(outcomes) {
        simulated.push((job, outcome?));
    }
    let mut check = CalibrationCheck::default();
    for (workload, chosen) in selected.iter().enumerate() {
        let mut checked: Vec<CheckedRecord> = Vec::new();
        for r in &chosen.records {
            let key = JobKey::of(workload, r)?;
            let (job, results) = simulated
                .iter()
                .find(|(j, _)| key.matches(j))
                .expect("every record has a job");
            let result = results
                .iter()
                .find(|s| s.procs == r.threads)
                .expect("every thread count simulated");
            checked.push(CheckedRecord {
                workload: chosen.label.clone(),
                seed: r.tree.seed,
                algorithm: key.algorithm,
                threads: r.threads,
                measured: r.parallel.as_ref().expect("parallel metrics").speedup,
                position_nanos: job.sim.position_nanos,
                simulation: result.clone(),
            });
        }
        checked.sort_by_key(|c| (c.algorithm, c.threads));
        check.rows.extend(gap_rows(chosen, &checked));
        check.records.extend(checked);
    }
    check.serial = serial_rows(&groups, profile, options.min_serial_ms, options.max_seeds);
    if check.rows.is_empty() {
        check.nothing_selected = Some(why_nothing_selected(&groups, options));
    }
    Ok(check)
}

/// Why `options` selected no record of `groups`, naming the option that left them out
/// and the value that would take them in.
fn why_nothing_selected(groups: &[WorkloadGroup<'_>], options: &CheckOptions) -> String {
    let parallel: Vec<&Record> = groups
        .iter()
        .flat_map(|g| g.records.iter().copied())
        .filter(|r| against_f2_iter(r) && parallel_algorithm(r).is_some())
        .collect();
    if parallel.is_empty() {
        return "the records hold no parallel search to simulate".to_string();
    }
    let list = |counts: &[usize]| {
        counts
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut measured: Vec<usize> = parallel.iter().map(|r| r.threads).collect();
    measured.sort_unstable();
    measured.dedup();
    if !measured.iter().any(|t| options.threads.contains(t)) {
        return format!(
            "no parallel record was measured at --threads {} (its parallel records are at \
             {}); pass --threads {}",
            list(&options.threads),
            list(&measured),
            list(&measured)
        );
    }
    // Every workload with records at those thread counts is under the serial time.
    let longest = groups
        .iter()
        .filter_map(|g| {
            let serial_ms: Vec<f64> = g
                .records
                .iter()
                .filter_map(|r| r.parallel.as_ref())
                .map(|p| p.serial_wall_ns as f64 / 1e6)
                .collect();
            median(&serial_ms)
        })
        .fold(0.0, f64::max);
    format!(
        "every workload's median f2-iter time is under --min-serial-ms {} (the longest is \
         {longest:.2} ms); pass --min-serial-ms 0 to take them in",
        options.min_serial_ms
    )
}

/// One workload's records that a check compares, with its median serial time and
/// f2-iter's median nanoseconds per position.
struct Selected<'a> {
    label: String,
    serial_ms: f64,
    position_nanos: f64,
    records: Vec<&'a Record>,
}

/// The records of `group` that `options` selects, or `None` if none is.
fn select<'a>(group: &WorkloadGroup<'a>, options: &CheckOptions) -> Option<Selected<'a>> {
    let parallel: Vec<&Record> = group
        .records
        .iter()
        .copied()
        .filter(|r| against_f2_iter(r) && parallel_algorithm(r).is_some())
        .collect();
    let serial_ms: Vec<f64> = parallel
        .iter()
        .filter_map(|r| r.parallel.as_ref())
        .map(|p| p.serial_wall_ns as f64 / 1e6)
        .collect();
    let per_position: Vec<f64> = parallel
        .iter()
        .filter_map(|r| r.parallel.as_ref())
        .map(|p| p.serial_wall_ns as f64 / p.serial_nodes.max(1) as f64)
        .collect();
    let (serial_ms, position_nanos) = (median(&serial_ms)?, median(&per_position)?);
    if serial_ms < options.min_serial_ms {
        return None;
    }
    let seeds: Vec<Option<u64>> = group
        .seeds()
        .into_iter()
        .take(options.max_seeds.unwrap_or(usize::MAX))
        .collect();
    let records: Vec<&Record> = parallel
        .into_iter()
        .filter(|r| seeds.contains(&r.tree.seed) && options.threads.contains(&r.threads))
        .collect();
    (!records.is_empty()).then(|| Selected {
        label: group.label(),
        serial_ms,
        position_nanos,
        records,
    })
}

/// What makes two records one simulation: the workload, tree, algorithm and options.
struct JobKey {
    workload: usize,
    spec: TreeSpec,
    algorithm: ParallelAlgorithm,
    options: SearchOptions,
}

impl JobKey {
    fn of(workload: usize, r: &Record) -> Result<JobKey, ReportError> {
        Ok(JobKey {
            workload,
            spec: spec_of(r)?,
            algorithm: parallel_algorithm(r).expect("parallel records only"),
            options: record_options(r),
        })
    }

    fn matches(&self, job: &Job) -> bool {
        job.workload == self.workload
            && job.sim.algorithms == [(self.algorithm, self.options)]
            && job.sim.spec == self.spec
    }
}

/// One simulation per (workload, tree, algorithm, options), at every thread count its
/// records were measured at.
fn plan_jobs(selected: &[Selected<'_>], profile: &CostProfile) -> Result<Vec<Job>, ReportError> {
    let mut jobs: Vec<Job> = Vec::new();
    for (workload, chosen) in selected.iter().enumerate() {
        for r in &chosen.records {
            let key = JobKey::of(workload, r)?;
            match jobs.iter_mut().find(|j| key.matches(j)) {
                Some(job) => {
                    if !job.sim.procs.contains(&r.threads) {
                        job.sim.procs.push(r.threads);
                    }
                }
                None => jobs.push(Job {
                    workload,
                    sim: SimJob {
                        spec: key.spec,
                        serial_positions: r
                            .parallel
                            .as_ref()
                            .expect("parallel metrics")
                            .serial_nodes,
                        algorithms: vec![(key.algorithm, key.options)],
                        procs: vec![r.threads],
                        position_nanos: chosen.position_nanos,
                        profile: profile.for_model(r.tree.model.map_or("file", |m| m.name())),
                    },
                }),
            }
        }
    }
    for job in &mut jobs {
        job.sim.procs.sort_unstable();
    }
    Ok(jobs)
}

/// A row per (algorithm, threads) of one workload's checked records: the medians over
/// its seeds, and their gap.
fn gap_rows(chosen: &Selected<'_>, checked: &[CheckedRecord]) -> Vec<GapRow> {
    let mut keys: Vec<(ParallelAlgorithm, usize)> =
        checked.iter().map(|c| (c.algorithm, c.threads)).collect();
    keys.dedup();
    keys.into_iter()
        .map(|(algorithm, threads)| {
            let of: Vec<&CheckedRecord> = checked
                .iter()
                .filter(|c| c.algorithm == algorithm && c.threads == threads)
                .collect();
            let pick = |f: fn(&CheckedRecord) -> f64| {
                median(&of.iter().map(|c| f(c)).collect::<Vec<_>>()).unwrap_or(f64::NAN)
            };
            let (measured, simulated) = (pick(|c| c.measured), pick(|c| c.simulation.speedup));
            GapRow {
                workload: chosen.label.clone(),
                algorithm,
                threads,
                records: of.len(),
                serial_ms: chosen.serial_ms,
                measured,
                simulated,
                // Of the medians the row shows, as the report's gap is.
                gap: simulated / measured - 1.0,
            }
        })
        .collect()
}

/// The tree a record names, held implicitly (a model's positions do not depend on how
/// the tree is held).
fn spec_of(record: &Record) -> Result<TreeSpec, ReportError> {
    let spec = tree_spec(&record.tree).map_err(|message| FileError::BadInput {
        path: std::path::PathBuf::from(RESULTS_LABEL),
        line: 0,
        message: format!("{}: {message}", record.tree.label()),
    })?;
    Ok(match &spec.source {
        TreeSource::Model(_) => TreeSpec {
            layout: Layout::Implicit,
            ..spec
        },
        TreeSource::File(_) => spec,
    })
}

/// How the records are named in an error about one of them.
const RESULTS_LABEL: &str = "results";

/// Simulates one job, and checks that its tree is the one measured.
fn run(job: &Job) -> Result<Vec<SimResult>, ReportError> {
    job.sim.run().map_err(|e| match e {
        SimJobError::Tree(e) => ReportError::Tree(e),
        SimJobError::Simulation(e) => ReportError::Simulation(e.to_string()),
        SimJobError::NotTheTreeMeasured { rebuilt } => ReportError::Simulation(format!(
            "this is not the tree measured: f2-iter examines {rebuilt} positions on the tree \
             rebuilt from the records ({}), the records say {}",
            job.sim.spec, job.sim.serial_positions
        )),
    })
}

/// Whether `record` is a parallel one set against f2-iter, as the simulator's are (not
/// against the serial search that stood in for it where f2-iter did not run).
fn against_f2_iter(record: &Record) -> bool {
    record
        .parallel
        .as_ref()
        .is_some_and(|p| p.serial_algo.is_none())
}

#[cfg(test)]
mod tests {
    use super::*;
    use abbench_measure::{MeasureConfig, Pools, measure};
    use abbench_results::Algorithm;
    use abbench_tree::{Model, ModelSpec};

    /// Two seeds of a small tree at 1 and 2 threads, both algorithms.
    fn records() -> Vec<Record> {
        let config = MeasureConfig {
            repeat: 1,
            warmup: 0,
            ..MeasureConfig::default()
        };
        measured("f2-iter,root-split,ybwc", &config)
    }

    /// `algorithms` measured with `config` on two seeds of random d4 h5, at 1 and 2
    /// threads.
    fn measured(algorithms: &str, config: &MeasureConfig) -> Vec<Record> {
        let algorithms = Algorithm::parse_list(algorithms).unwrap();
        let mut pools = Pools::default();
        let mut records = Vec::new();
        for seed in 1..=2 {
            let spec = TreeSpec::model(ModelSpec::new(Model::Random, 4, 5, seed), Layout::Implicit);
            records.extend(
                measure(&spec, &algorithms, &[1, 2], config, &mut pools)
                    .unwrap()
                    .records,
            );
        }
        records
    }

    fn everything() -> CheckOptions {
        CheckOptions {
            threads: vec![1, 2],
            min_serial_ms: 0.0,
            max_seeds: None,
        }
    }

    /// Sets each parallel record's measured speedup to its simulation in `first` times
    /// `factor` of the record.
    fn measure_as_simulated_times(
        records: &mut [Record],
        first: &CalibrationCheck,
        factor: impl Fn(&Record) -> f64,
    ) {
        for r in records {
            let factor = factor(r);
            let Some(metrics) = r.parallel.as_mut() else {
                continue;
            };
            let simulated = first
                .records
                .iter()
                .find(|c| {
                    c.seed == r.tree.seed
                        && Algorithm::Parallel(c.algorithm) == r.algo
                        && c.threads == r.threads
                })
                .unwrap();
            metrics.speedup = simulated.simulation.speedup * factor;
        }
    }

    #[test]
    fn every_record_is_simulated_and_a_known_gap_comes_out() {
        let mut records = records();
        let profile = CostProfile::reference();
        let first = check_calibration(&records, &profile, &everything()).unwrap();
        // Two algorithms at two thread counts, two seeds each.
        assert_eq!(first.rows.len(), 4);
        assert!(first.rows.iter().all(|r| r.records == 2));
        assert_eq!(first.records.len(), 8);
        // Say every measurement was 25% faster than its simulation: every gap is −20%.
        measure_as_simulated_times(&mut records, &first, |_| 1.25);
        let check = check_calibration(&records, &profile, &everything()).unwrap();
        for row in &check.rows {
            assert!((row.gap + 0.2).abs() < 1e-12, "{row:?}");
        }
        assert!((check.median_abs_gap().unwrap() - 0.2).abs() < 1e-12);
        assert!(
            check
                .summary()
                .starts_with("median |gap| 20.0% over 4 rows; worst -20.0%")
        );
        // The same records, the same check: the simulation is deterministic.
        assert_eq!(
            check,
            check_calibration(&records, &profile, &everything()).unwrap()
        );
    }

    #[test]
    fn a_rows_gap_is_of_the_medians_it_shows() {
        let mut records = records();
        let profile = CostProfile::reference();
        let first = check_calibration(&records, &profile, &everything()).unwrap();
        // Seeds measured unlike each other: the median of the records' gaps is not the
        // gap of the medians shown beside it.
        for (slow, fast) in [(1.0, 3.0), (0.5, 2.3), (4.0, 0.25)] {
            measure_as_simulated_times(&mut records, &first, |r| {
                if r.tree.seed == Some(1) { slow } else { fast }
            });
            let check = check_calibration(&records, &profile, &everything()).unwrap();
            for row in &check.rows {
                let shown = row.simulated / row.measured - 1.0;
                assert!((row.gap - shown).abs() < 1e-12, "{row:?}");
            }
        }
    }

    #[test]
    fn workloads_thread_counts_and_seeds_are_selected() {
        let records = records();
        let profile = CostProfile::reference();
        let none = CheckOptions {
            min_serial_ms: 1e9,
            ..everything()
        };
        assert!(
            check_calibration(&records, &profile, &none)
                .unwrap()
                .rows
                .is_empty()
        );
        let two_threads_one_seed = CheckOptions {
            threads: vec![2],
            max_seeds: Some(1),
            ..everything()
        };
        let check = check_calibration(&records, &profile, &two_threads_one_seed).unwrap();
        assert_eq!(check.rows.len(), 2);
        assert!(
            check
                .records
                .iter()
                .all(|c| c.threads == 2 && c.seed == Some(1))
        );
    }

    /// The table searches are checked too: the parallel ones simulated with the table
    /// their records name, serial MTD(f) set against what the profile's serial costs
    /// predict of its time.
    #[test]
    fn the_table_searches_are_checked() {
        let config = MeasureConfig {
            repeat: 1,
            warmup: 0,
            settings: abbench_search::Settings {
                tt_mb: Some(2),
                ..abbench_search::Settings::default()
            },
            ..MeasureConfig::default()
        };
        let tabled: Vec<ParallelAlgorithm> = ParallelAlgorithm::ALL
            .into_iter()
            .filter(|a| a.uses_table())
            .collect();
        let names: Vec<&str> = tabled.iter().map(|a| a.name()).collect();
        let mut records = measured(&format!("f2-iter,mtdf,{}", names.join(",")), &config);
        let profile = CostProfile::reference();
        let check = check_calibration(&records, &profile, &everything()).unwrap();
        let parallel: Vec<(ParallelAlgorithm, usize)> = check
            .rows
            .iter()
            .map(|r| (r.algorithm, r.threads))
            .collect();
        for &algorithm in &tabled {
            assert!(parallel.contains(&(algorithm, 1)) && parallel.contains(&(algorithm, 2)));
        }
        // Simulated with the table they measured with, --tt-mb 2.
        for r in records.iter().filter(|r| r.parallel.is_some()) {
            let options = record_options(r);
            assert_eq!(options.tt_mb, Some(2), "{}", r.algo);
        }
        // Serial MTD(f): one row, every tree's record in it.
        assert_eq!(check.serial.len(), 1, "{:?}", check.serial);
        let row = &check.serial[0];
        assert_eq!(
            row.algorithm,
            Algorithm::Serial(abbench_search::SerialAlgorithm::Mtdf)
        );
        assert_eq!(row.records, 2);
        assert_eq!(
            row.permille,
            profile.for_model("random").serial_permille().mtdf
        );
        // Say MTD(f) ran 25% faster than predicted on every tree: its gap is −20%.
        let f2_ns = 1_000_000_000;
        for r in &mut records {
            if r.algo == Algorithm::Serial(abbench_search::SerialAlgorithm::F2Iter) {
                r.wall_ns.median = f2_ns;
            }
        }
        let f2_nodes: Vec<(Option<u64>, u64)> = records
            .iter()
            .filter(|r| r.algo == Algorithm::Serial(abbench_search::SerialAlgorithm::F2Iter))
            .map(|r| (r.tree.seed, r.nodes))
            .collect();
        for r in &mut records {
            if r.algo == Algorithm::Serial(abbench_search::SerialAlgorithm::Mtdf) {
                let (_, f2) = f2_nodes.iter().find(|(s, _)| *s == r.tree.seed).unwrap();
                let predicted = *f2 as f64 / crate::calibration_serial::weighed(r, row.permille);
                r.wall_ns.median = (f2_ns as f64 / (predicted * 1.25)).round() as u64;
            }
        }
        let check = check_calibration(&records, &profile, &everything()).unwrap();
        assert!(
            (check.serial[0].gap + 0.2).abs() < 1e-6,
            "{:?}",
            check.serial
        );
        assert!(
            check
                .summary()
                .ends_with("; serial mtdf: median |gap| 20.0% over 1 workloads"),
            "{}",
            check.summary()
        );
        assert!(
            check.to_markdown().contains("| mtdf | 2 |"),
            "{}",
            check.to_markdown()
        );
        // Trees measured unlike each other: the gap is still that of the medians shown.
        for r in &mut records {
            if r.algo == Algorithm::Serial(abbench_search::SerialAlgorithm::Mtdf)
                && r.tree.seed == Some(1)
            {
                r.wall_ns.median /= 3;
            }
        }
        let check = check_calibration(&records, &profile, &everything()).unwrap();
        let row = &check.serial[0];
        assert!(
            (row.gap - (row.predicted / row.measured - 1.0)).abs() < 1e-12,
            "{row:?}"
        );
    }

    #[test]
    fn a_record_of_another_tree_is_refused() {
        let mut records = records();
        for r in &mut records {
            if let Some(metrics) = r.parallel.as_mut() {
                metrics.serial_nodes += 1;
            }
        }
        let err =
            check_calibration(&records, &CostProfile::reference(), &everything()).unwrap_err();
        assert!(err.to_string().contains("not the tree measured"), "{err}");
    }
}
