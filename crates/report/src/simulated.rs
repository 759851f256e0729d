//! The report's SIMULATED scaling: every parallel algorithm measured on a workload, run
//! again by the simulator (`abbench_parallel::sim`) on the same trees, at `p = 1, 2, 4,
//! …` virtual processors and at every thread count measured, and set against the
//! measured speedups where there are some.
//!
//! The simulated search is the threaded one's own code on another executor, so the
//! simulation is told what the threads were told: `ybwc` gets the split height and
//! eldest grain its records say it used, and so makes the same split decisions; where
//! both were automatic it runs with automatic options, so that the grain follows the
//! number of processors as it would on a machine with that many. Events
//! cost what the simulator's calibration measured in nanoseconds, converted into
//! positions at the nanoseconds one position cost `f2-iter` in this very run (the median
//! over the workload's seeds of its wall time over its positions). The gap, `SIMULATED /
//! measured − 1`, says how far the simulation is from the threads.
//!
//! Every figure is a pure function of the records: the simulation is deterministic, the
//! trees are rebuilt from the records (and checked: `f2-iter` must examine on them the
//! positions the records say), and the seeds are simulated on all cores, each result put
//! back in its place.

use crate::aggregate::WorkloadGroup;
use crate::metrics::median;
use crate::rebuild::tree_spec;
use crate::sim_job::{SimJob, SimJobError, run_all};
use abbench_parallel::sim::{CostProfile, MAX_PROCS, SimCosts, SimResult};
use abbench_parallel::{ParallelAlgorithm, SearchOptions};
use abbench_results::{Algorithm, ParallelMetrics, Record, TreeInfo};
use abbench_search::GuessSource;
use abbench_tree::TreeSource;

/// The processor counts are powers of two up to at least this many.
pub(crate) const SIMULATED_PROCS: usize = 64;

/// Positions the report simulates per workload at most, estimated as `f2-iter`'s positions
/// on a tree times the processor counts times the algorithms, per seed; seeds beyond it
/// are left out. The searches examine more than `f2-iter` as `p` grows (up to about twice
/// as many at 64 processors), and the simulator takes 5–15 ns of one core per position
/// examined, more where ybwc splits more often. Measured on the project's machine, both
/// algorithms at `p = 1 … 64`: one random `d = 16, h = 8` tree (36 million positions),
/// 4.7 s at the automatic split height and 9.9 s at split height 4; one ordered
/// `q = 0.7, d = 8, h = 13` tree (5.7 million), 2.4 s. At this budget the report of the
/// default suite's records in `crates/results/tests/data/runs/2026-11-22-vm` simulates one seed of the
/// first, four of the second and every seed of the others, in 29 s of one core (shared
/// among the cores there are).
pub(crate) const WORKLOAD_BUDGET_POSITIONS: u64 = 600_000_000;

/// A workload's SIMULATED scaling, or why it has none.
pub(crate) struct SimulatedWorkload {
    /// The workload's label, as its section in the report.
    pub label: String,
    /// Seeds measured (one for a tree file).
    pub seeds_measured: usize,
    /// The simulation, or a one-line reason it was not run.
    pub outcome: Result<SimulatedScaling, NotSimulated>,
}

/// Why a workload has no SIMULATED scaling: the report prints it as the workload's note.
#[derive(Debug, thiserror::Error)]
pub(crate) enum NotSimulated {
    /// The report was written without simulating, for this reason.
    #[error("{0}")]
    Skipped(String),
    /// The tree a record names cannot be built again.
    #[error("not simulated: {0}")]
    Rebuild(#[from] crate::rebuild::RebuildError),
    /// The tree file a record names cannot be opened now.
    #[error("not simulated: the tree file {} cannot be read any more ({error})", path.display())]
    TreeFileGone {
        /// The recorded path.
        path: std::path::PathBuf,
        /// Why it cannot be opened.
        error: std::io::Error,
    },
    /// Too large to simulate within [`WORKLOAD_BUDGET_POSITIONS`].
    #[error(
        "not simulated: f2-iter examines {} positions per tree, more than the report \
         simulates in a workload even at the thread counts measured; `abbench simulate` runs it",
        crate::format::count(*positions as f64)
    )]
    TooLarge {
        /// f2-iter's positions on the largest tree.
        positions: u64,
    },
    /// The rebuilt tree could not be searched.
    #[error("not simulated: {0}")]
    Tree(abbench_tree::TreeError),
    /// The simulator refused or failed.
    #[error("the simulation failed: {0}")]
    Failed(abbench_parallel::sim::SimError),
    /// The rebuilt tree is not the tree measured.
    #[error(
        "not simulated: this is not the tree measured — f2-iter examines {} positions on \
         the tree rebuilt from the records ({spec}), the records say {}",
        crate::format::count(*rebuilt as f64),
        crate::format::count(*recorded as f64)
    )]
    NotTheTreeMeasured {
        /// f2-iter's positions on the rebuilt tree.
        rebuilt: u64,
        /// The rebuilt tree's specification.
        spec: String,
        /// f2-iter's positions the records give.
        recorded: u64,
    },
}

/// One workload simulated.
pub(crate) struct SimulatedScaling {
    /// The seeds simulated, the first of those measured (`None`: a tree file).
    pub seeds: Vec<Option<u64>>,
    /// Why seeds or processor counts were left out, if they were: `processors only up to
    /// …, to keep the report quick: …`.
    pub limited: Option<String>,
    /// Nanoseconds per position of `f2-iter` in this run, the median over the seeds.
    pub position_nanos: f64,
    /// The event costs at one processor, in positions of `position_nanos`.
    pub costs: SimCosts,
    /// Whether the profile's costs or position time grow with the processor count.
    pub grows_with_procs: bool,
    /// The profile's figures for the workload's model that it did not measure, for which
    /// the reference machine's stood ([`CostProfile::defaulted`], less the time per
    /// position, which the run's own f2-iter gives).
    pub defaulted: Vec<String>,
    /// `ybwc`'s split height and eldest grain, if every seed used the same.
    pub ybwc_options: Option<SearchOptions>,
    /// One row per (algorithm, processors), algorithms in their canonical order.
    pub rows: Vec<SimulatedRow>,
}

/// One (algorithm, processor count) of a workload.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SimulatedRow {
    /// The algorithm.
    pub algorithm: ParallelAlgorithm,
    /// Virtual processors; threads, where measured.
    pub procs: usize,
    /// The median SIMULATED speedup over the seeds simulated.
    pub simulated: f64,
    /// The median SIMULATED speedup over the fastest serial search of each seed
    /// (f2-iter, pvs, aspiration or mtdf, simulated with their costs per position).
    pub simulated_vs_fastest: Option<f64>,
    /// The median measured speedup over the same seeds, if this thread count was measured.
    pub measured: Option<f64>,
    /// Measured with more threads than hardware threads.
    pub oversubscribed: bool,
}

impl SimulatedRow {
    /// `simulated / measured − 1`, where measured.
    pub fn gap(&self) -> Option<f64> {
        self.measured.map(|m| self.simulated / m - 1.0)
    }
}

/// The SIMULATED scaling of every workload with parallel records, in the groups' order,
/// with the event costs of `profile`.
/// Every parallel workload of `groups`, not simulated, with `why` as the reason (a
/// report that must be written at once).
pub(crate) fn not_simulated(groups: &[WorkloadGroup<'_>], why: &str) -> Vec<SimulatedWorkload> {
    groups
        .iter()
        .filter(|g| g.has_parallel())
        .map(|group| SimulatedWorkload {
            label: group.label(),
            seeds_measured: group.seeds().len(),
            outcome: Err(NotSimulated::Skipped(why.to_string())),
        })
        .collect()
}

#[cfg(test)]
pub(crate) fn simulate_workloads(
    groups: &[WorkloadGroup<'_>],
    profile: &CostProfile,
) -> Vec<SimulatedWorkload> {
    simulate_workloads_reporting(groups, profile, &|_, _| {}, &|| false)
        .expect("never asked to stop")
}

/// [`simulate_workloads`], telling `progress` (trees simulated, trees in all) as each
/// tree is done: a large run's simulation takes tens of seconds. `stop` is asked before
/// each tree; once it says so, no tree is started, and the answer is `None` if any was
/// left out.
pub(crate) fn simulate_workloads_reporting(
    groups: &[WorkloadGroup<'_>],
    profile: &CostProfile,
    progress: &(dyn Fn(usize, usize) + Sync),
    stop: &(dyn Fn() -> bool + Sync),
) -> Option<Vec<SimulatedWorkload>> {
    let plans: Vec<(&WorkloadGroup<'_>, Result<Plan, NotSimulated>)> = groups
        .iter()
        .filter(|g| g.has_parallel())
        .map(|g| (g, plan(g, profile)))
        .collect();
    let jobs: Vec<&Job> = plans
        .iter()
        .filter_map(|(_, p)| p.as_ref().ok())
        .flat_map(|p| &p.jobs)
        .collect();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let stopped = std::sync::atomic::AtomicBool::new(false);
    let mut outcomes = run_all(
        &jobs,
        |job| job.sim.serial_positions,
        |job| {
            if stop() {
                stopped.store(true, std::sync::atomic::Ordering::Relaxed);
                return Err(NotSimulated::Skipped(String::new()));
            }
            let outcome = run(job);
            let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            progress(finished, jobs.len());
            outcome
        },
    )
    .into_iter();
    if stopped.into_inner() {
        return None;
    }
    let simulated = plans
        .into_iter()
        .map(|(group, plan)| SimulatedWorkload {
            label: group.label(),
            seeds_measured: group.seeds().len(),
            outcome: plan.and_then(|plan| {
                let results: Vec<_> = outcomes.by_ref().take(plan.jobs.len()).collect();
                assemble(group, plan, results)
            }),
        })
        .collect();
    Some(simulated)
}

/// One tree to simulate: every algorithm measured on it at every processor count.
struct Job {
    /// Its seed (`None`: a tree file).
    seed: Option<u64>,
    sim: SimJob,
}

/// What a workload will simulate.
struct Plan {
    /// One per seed simulated, in the order measured.
    jobs: Vec<Job>,
    /// Every algorithm measured, in their canonical order.
    algorithms: Vec<ParallelAlgorithm>,
    procs: Vec<usize>,
    limited: Option<String>,
    position_nanos: f64,
    costs: SimCosts,
    grows_with_procs: bool,
    defaulted: Vec<String>,
}

/// Chooses the seeds, processor counts, options and costs of a workload, within
/// [`WORKLOAD_BUDGET_POSITIONS`].
fn plan(group: &WorkloadGroup<'_>, profile: &CostProfile) -> Result<Plan, NotSimulated> {
    let parallel: Vec<(&Record, &ParallelMetrics)> = group
        .records
        .iter()
        .filter_map(|r| r.parallel.as_ref().map(|p| (*r, p)))
        // The simulator's serial base is f2-iter's tree: a record set against another
        // serial search (`serial_algo`) is not simulated.
        .filter(|(_, p)| p.serial_algo.is_none())
        .collect();
    let mut algorithms: Vec<ParallelAlgorithm> = parallel
        .iter()
        .filter_map(|(r, _)| parallel_algorithm(r))
        .collect();
    algorithms.sort();
    algorithms.dedup();
    let mut measured: Vec<usize> = parallel.iter().map(|(r, _)| r.threads).collect();
    measured.sort_unstable();
    measured.dedup();
    // Per seed, in the order measured: its first parallel record.
    let seeds: Vec<(&Record, &ParallelMetrics)> = group
        .seeds()
        .into_iter()
        .filter_map(|seed| parallel.iter().copied().find(|(r, _)| r.tree.seed == seed))
        .collect();
    let per_position: Vec<f64> = seeds
        .iter()
        .map(|(_, p)| p.serial_wall_ns as f64 / p.serial_nodes as f64)
        .collect();
    let position_nanos = median(&per_position).unwrap_or(f64::NAN);
    let profile = &profile.for_model(group.info.model.map_or("file", |m| m.name()));
    let costs = profile.costs_at(position_nanos, 1);
    let grows_with_procs = profile.costs_at(position_nanos, MAX_PROCS) != costs
        || profile.slowdown(MAX_PROCS) != profile.slowdown(1)
        || profile.slowdown(1) != 1.0;
    let largest_tree = seeds.iter().map(|(_, p)| p.serial_nodes).max().unwrap_or(0);
    let budget = Budget::of(largest_tree, algorithms.len(), &measured, seeds.len())?;

    let jobs = seeds
        .iter()
        .take(budget.seeds)
        .map(|(record, metrics)| {
            let spec = rebuilt_tree(record)?;
            Ok(Job {
                seed: record.tree.seed,
                sim: SimJob {
                    spec,
                    serial_positions: metrics.serial_nodes,
                    algorithms: recorded_options(group, &record.tree),
                    procs: budget.procs.clone(),
                    profile: profile.clone(),
                    position_nanos,
                },
            })
        })
        .collect::<Result<Vec<Job>, NotSimulated>>()?;
    Ok(Plan {
        jobs,
        algorithms,
        procs: budget.procs,
        limited: budget.limited,
        position_nanos,
        costs,
        grows_with_procs,
        defaulted: profile
            .defaulted()
            .into_iter()
            .filter(|d| !d.starts_with("position_nanos"))
            .collect(),
    })
}

/// The tree `record` names, built again; a tree file must still be a regular file that
/// opens (opening a FIFO would wait for a writer).
fn rebuilt_tree(record: &Record) -> Result<abbench_tree::TreeSpec, NotSimulated> {
    let spec = tree_spec(&record.tree)?;
    if let TreeSource::File(path) = &spec.source
        && let Err(error) = std::fs::metadata(path).and_then(|meta| {
            if meta.is_file() {
                std::fs::File::open(path).map(drop)
            } else {
                Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    abbench_tree::file::file_kind(&meta),
                ))
            }
        })
    {
        return Err(NotSimulated::TreeFileGone {
            path: path.clone(),
            error,
        });
    }
    Ok(spec)
}

/// The parallel algorithm of a record, if it is one.
pub(crate) fn parallel_algorithm(record: &Record) -> Option<ParallelAlgorithm> {
    match record.algo {
        Algorithm::Parallel(a) => Some(a),
        Algorithm::Serial(_) => None,
    }
}

/// What a workload may simulate within [`WORKLOAD_BUDGET_POSITIONS`].
struct Budget {
    procs: Vec<usize>,
    seeds: usize,
    /// What was left out, and why.
    limited: Option<String>,
}

impl Budget {
    /// Every processor count on as many seeds as fit, at least one; if one seed does not
    /// fit, processors only up to the threads measured; if that does not fit either,
    /// nothing.
    fn of(
        largest_tree: u64,
        algorithms: usize,
        measured: &[usize],
        seeds: usize,
    ) -> Result<Budget, NotSimulated> {
        let most_measured = measured.last().copied().unwrap_or(1);
        let per_seed = |procs: &[usize]| {
            largest_tree
                .saturating_mul(procs.len() as u64)
                .saturating_mul(algorithms as u64)
        };
        let mut procs = processor_counts(measured, SIMULATED_PROCS.max(most_measured));
        let capped = per_seed(&procs) > WORKLOAD_BUDGET_POSITIONS;
        if capped {
            procs = processor_counts(measured, most_measured);
            if per_seed(&procs) > WORKLOAD_BUDGET_POSITIONS {
                return Err(NotSimulated::TooLarge {
                    positions: largest_tree,
                });
            }
        }
        let fit = (WORKLOAD_BUDGET_POSITIONS / per_seed(&procs).max(1)).max(1) as usize;
        let limited = (capped || fit < seeds).then(|| {
            format!(
                "{}to keep the report quick: f2-iter examines {} positions per tree",
                if capped {
                    format!("processors only up to the {most_measured} threads measured, ")
                } else {
                    String::new()
                },
                crate::format::count(largest_tree as f64)
            )
        });
        Ok(Budget {
            procs,
            seeds: fit.min(seeds),
            limited,
        })
    }
}

/// `1, 2, 4, …` up to `up_to`, and every count of `measured` up to it.
fn processor_counts(measured: &[usize], up_to: usize) -> Vec<usize> {
    let up_to = up_to.min(MAX_PROCS);
    let mut procs: Vec<usize> = std::iter::successors(Some(1usize), |p| p.checked_mul(2))
        .take_while(|&p| p <= up_to)
        .chain(
            measured
                .iter()
                .copied()
                .filter(|&t| (1..=up_to).contains(&t)),
        )
        .collect();
    procs.sort_unstable();
    procs.dedup();
    procs
}

/// Each parallel algorithm measured on `tree`, with the options its first record there
/// says it searched with ([`record_options`]).
fn recorded_options(
    group: &WorkloadGroup<'_>,
    tree: &TreeInfo,
) -> Vec<(ParallelAlgorithm, SearchOptions)> {
    let mut options: Vec<(ParallelAlgorithm, SearchOptions)> = Vec::new();
    for r in group.records.iter().filter(|r| r.tree == *tree) {
        let (Some(algorithm), Some(_)) = (parallel_algorithm(r), &r.parallel) else {
            continue;
        };
        if options.iter().all(|(a, _)| *a != algorithm) {
            options.push((algorithm, record_options(r)));
        }
    }
    options.sort_by_key(|(a, _)| *a);
    options
}

/// The options a parallel record says its search ran with, for simulating it again: the
/// one place that turns a record into [`SearchOptions`]. A record names the settings it
/// was given ([`Record::settings`]), and those are simulated again: automatic options
/// simulate as automatic, so the grain follows the number of processors, as it would
/// have on a machine with that many. A record written before it named them
/// ([`legacy_options`]) is read from what it says it searched with.
pub(crate) fn record_options(r: &Record) -> SearchOptions {
    r.settings.unwrap_or_else(|| legacy_options(r))
}

/// The options of a record written before records named the settings they were given,
/// from the settings it says it searched with. Records written before the eldest grain
/// existed have none; with a split height given, `None` means 0, every split point
/// shares, which is what that code did. The cut wait is the one recorded; a record
/// without one predates it and searched with 1 (classic young brothers wait), as the
/// 16-core reference measurements did. A table search simulates with the table its
/// record names (`table.bytes`, the `--tt-mb` it was measured with rounded down, which
/// gives the same table again); one without predates it and simulates with the default.
/// A first guess the record was given (the null-window search's) is given again, and so
/// is ER's memory bound.
fn legacy_options(r: &Record) -> SearchOptions {
    let used = &r.used;
    let automatic = r.parallel.as_ref().is_some_and(|m| m.automatic_split);
    SearchOptions {
        cut_wait: Some(used.cut_wait.unwrap_or(1)),
        guess: used
            .guess
            .filter(|_| r.guess_source == Some(GuessSource::Given)),
        tt_mb: r
            .table
            .as_ref()
            .and_then(|t| t.bytes)
            .map(|bytes| usize::try_from(bytes >> 20).unwrap_or(usize::MAX).max(1)),
        keep_limit: used.keep_limit,
        split_height: used.split_height.filter(|_| !automatic),
        eldest_grain: used.eldest_grain.filter(|_| !automatic),
        ..SearchOptions::default()
    }
}

/// Simulates one tree; the reason it could not, as the report words it.
fn run(job: &Job) -> Result<Vec<SimResult>, NotSimulated> {
    job.sim.run().map_err(|e| match e {
        SimJobError::Tree(e) => NotSimulated::Tree(e),
        SimJobError::Simulation(e) => NotSimulated::Failed(e),
        SimJobError::NotTheTreeMeasured { rebuilt } => NotSimulated::NotTheTreeMeasured {
            rebuilt,
            spec: job.sim.spec.to_string(),
            recorded: job.sim.serial_positions,
        },
    })
}

/// A workload's rows from its seeds' simulations: the first failure, if any, is the
/// workload's note.
fn assemble(
    group: &WorkloadGroup<'_>,
    plan: Plan,
    results: Vec<Result<Vec<SimResult>, NotSimulated>>,
) -> Result<SimulatedScaling, NotSimulated> {
    let results: Vec<Vec<SimResult>> = results.into_iter().collect::<Result<_, _>>()?;
    let seeds: Vec<Option<u64>> = plan.jobs.iter().map(|j| j.seed).collect();
    // The measured medians over the seeds simulated: the same trees on both sides.
    let same_seeds = WorkloadGroup {
        info: group.info.clone(),
        settings: group.settings,
        records: group
            .records
            .iter()
            .copied()
            .filter(|r| seeds.contains(&r.tree.seed))
            .collect(),
    };
    let measured = same_seeds.rows();
    let mut rows = Vec::new();
    for &algorithm in &plan.algorithms {
        for &procs in &plan.procs {
            let speedups: Vec<f64> = results
                .iter()
                .flatten()
                .filter(|r| r.algorithm == algorithm && r.procs == procs)
                .map(|r| r.speedup)
                .collect();
            // An algorithm measured only on seeds left out has no simulation.
            let Some(simulated) = median(&speedups) else {
                continue;
            };
            let against_fastest: Vec<f64> = results
                .iter()
                .flatten()
                .filter(|r| r.algorithm == algorithm && r.procs == procs)
                .filter_map(|r| r.speedup_vs_fastest)
                .collect();
            let row = measured
                .iter()
                .find(|r| r.algo == Algorithm::Parallel(algorithm) && r.threads == procs);
            rows.push(SimulatedRow {
                algorithm,
                procs,
                simulated,
                simulated_vs_fastest: median(&against_fastest),
                measured: row.and_then(|r| r.speedup),
                oversubscribed: row.is_some_and(|r| r.oversubscribed),
            });
        }
    }
    let ybwc: Vec<SearchOptions> = plan
        .jobs
        .iter()
        .flat_map(|j| &j.sim.algorithms)
        .filter(|(a, _)| *a == ParallelAlgorithm::Ybwc)
        .map(|(_, o)| *o)
        .collect();
    Ok(SimulatedScaling {
        seeds,
        limited: plan.limited,
        position_nanos: plan.position_nanos,
        costs: plan.costs,
        grows_with_procs: plan.grows_with_procs,
        defaulted: plan.defaulted,
        ybwc_options: ybwc
            .first()
            .copied()
            .filter(|o| ybwc.iter().all(|other| other == o)),
        rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::aggregate::group_by_workload;
    use abbench_measure::{MeasureConfig, Pools, measure};
    use abbench_tree::{Layout, Model, ModelSpec, TreeSpec};

    #[test]
    fn processors_are_powers_of_two_and_every_count_measured() {
        assert_eq!(
            processor_counts(&[1, 2, 3], 64),
            vec![1, 2, 3, 4, 8, 16, 32, 64]
        );
        assert_eq!(
            processor_counts(&[1, 2, 96], 96),
            vec![1, 2, 4, 8, 16, 32, 64, 96]
        );
        assert_eq!(processor_counts(&[1, 2], 2), vec![1, 2]);
        let most = processor_counts(&[MAX_PROCS + 1], MAX_PROCS + 1);
        assert_eq!(most.last(), Some(&MAX_PROCS));
    }

    /// Three seeds of a small tree at 1 and 2 threads, both algorithms, recorded as if
    /// f2-iter examined `serial_nodes` positions on each.
    fn records_claiming(serial_nodes: u64) -> Vec<Record> {
        let config = MeasureConfig {
            repeat: 1,
            warmup: 0,
            serial_candidates: false,
            ..MeasureConfig::default()
        };
        let algorithms = Algorithm::parse_list("root-split,ybwc").unwrap();
        let mut pools = Pools::default();
        let mut records = Vec::new();
        for seed in 1..=3 {
            let spec = TreeSpec::model(ModelSpec::new(Model::Random, 3, 3, seed), Layout::Implicit);
            records.extend(
                measure(&spec, &algorithms, &[1, 2], &config, &mut pools)
                    .unwrap()
                    .records,
            );
        }
        for r in &mut records {
            r.parallel.as_mut().unwrap().serial_nodes = serial_nodes;
        }
        records
    }

    /// The plan of the one workload of `records`.
    fn planned(records: &[Record]) -> Result<Plan, NotSimulated> {
        plan(&group_by_workload(records)[0], &CostProfile::reference())
    }

    /// The seeds a plan simulates.
    fn seeds(plan: &Plan) -> Vec<Option<u64>> {
        plan.jobs.iter().map(|j| j.seed).collect()
    }

    #[test]
    fn large_trees_are_simulated_on_fewer_seeds_or_processors_or_not_at_all() {
        let all_procs = vec![1, 2, 4, 8, 16, 32, 64];
        // Two algorithms at seven processor counts.
        let per_seed = |n: u64| n * 2 * 7;

        let small = planned(&records_claiming(1000)).unwrap();
        assert_eq!(seeds(&small), vec![Some(1), Some(2), Some(3)]);
        assert_eq!(small.procs, all_procs);
        assert_eq!(small.limited, None);

        let two_seeds = WORKLOAD_BUDGET_POSITIONS / per_seed(2);
        let large = planned(&records_claiming(two_seeds)).unwrap();
        assert_eq!(seeds(&large), vec![Some(1), Some(2)]);
        assert_eq!(large.procs, all_procs);
        let limited = large.limited.unwrap();
        assert!(limited.starts_with("to keep the report quick"), "{limited}");

        // Too large for one seed at seven counts, not at the two measured.
        let larger = planned(&records_claiming(WORKLOAD_BUDGET_POSITIONS / 10)).unwrap();
        assert_eq!(seeds(&larger), vec![Some(1), Some(2)]);
        assert_eq!(larger.procs, vec![1, 2]);
        let limited = larger.limited.unwrap();
        assert!(
            limited.starts_with("processors only up to the 2 threads measured, to keep"),
            "{limited}"
        );

        let Err(note) =
            planned(&records_claiming(WORKLOAD_BUDGET_POSITIONS)).map_err(|e| e.to_string())
        else {
            panic!("a tree this large is not simulated");
        };
        assert!(
            note.starts_with("not simulated: f2-iter examines"),
            "{note}"
        );
    }
}
