//! `abbench calibrate`: this machine's cost profile (`abbench_parallel::sim::CostProfile`)
//! measured — the serial kernel's time per position on each tree model, each exact
//! serial search's time per position against it on each model, how much longer a
//! position takes in a parallel search and with every core busy, what a split point and
//! a serial search cost, and the offer, steal, bound-update, abort and shared-table
//! probe and store costs at each thread count up to the cores present, fitted as `c(p) =
//! c1 · (1 + g · (p − 1))`.
//!
//! A *quick* calibration, the one a sweep keeps in its run folder, leaves out the
//! per-model position times (the sweep's own `f2-iter` timings give them) and the
//! bookkeeping fit (the default split-point and serial-search costs stand); it measures
//! the serial searches and the table as the full one does.

mod bookkeeping;
mod events;
mod positions;
mod serial;

use crate::MeasureError;
use crate::contention::{CpuSample, other_share};
use abbench_parallel::sim::{CostProfile, EventCost, Growth, PROFILE_SCHEMA, ProfileMachine};
use abbench_parallel::{ParallelAlgorithm, ParallelSearcher, SearchOptions};
use abbench_results::{MachineInfo, UtcTime};
use abbench_tree::{BranchOrder, Model, ModelSpec, TreeVisitor};
use bookkeeping::Overheads;
use positions::PositionTime;
use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// What a calibration measures.
#[derive(Clone, Debug, PartialEq)]
pub struct CalibrateOptions {
    /// The thread counts the growth with `p` is measured at (each at most the cores
    /// present; 1 is always measured).
    pub threads: Vec<usize>,
    /// Also the per-model position times and the bookkeeping fit.
    pub full: bool,
    /// Timed runs per figure (the minimum is kept).
    pub repeats: usize,
}

impl CalibrateOptions {
    /// The full calibration at 1, 2, 4, … up to `cores`.
    pub fn full(cores: usize) -> CalibrateOptions {
        CalibrateOptions {
            threads: crate::thread_counts_up_to(cores),
            full: true,
            repeats: 7,
        }
    }

    /// The quick one at these thread counts.
    pub fn quick(threads: &[usize]) -> CalibrateOptions {
        CalibrateOptions {
            threads: threads.to_vec(),
            full: false,
            repeats: 3,
        }
    }
}

/// A calibration: the profile, and one line per measurement behind it.
#[derive(Clone, Debug, PartialEq)]
pub struct Calibration {
    /// The profile.
    pub profile: CostProfile,
    /// What was measured, one line each, for a log.
    pub notes: Vec<String>,
}

/// The most time the cache-line ping-pong may take at one thread count. Unhindered it
/// takes milliseconds; when other processes hold the cores each round trip waits for the
/// scheduler, and the measurement is abandoned rather than left to run for minutes.
const LINE_BUDGET: Duration = Duration::from_millis(500);

/// The trees whose positions are timed, one per model: about 5–50 ms of f2-iter each.
fn model_trees() -> Vec<ModelSpec> {
    vec![
        ModelSpec::new(Model::Random, 16, 7, 1),
        ModelSpec {
            ordering: 0.7,
            ..ModelSpec::new(Model::Ordered, 16, 8, 1)
        },
        ModelSpec {
            order: BranchOrder::Static,
            ..ModelSpec::new(Model::BranchSum, 8, 10, 1)
        },
        ModelSpec::new(Model::Dependent, 3, 16, 1),
    ]
}

/// Measures this machine's profile; `machine` stamps it.
pub fn calibrate(
    options: &CalibrateOptions,
    machine: &MachineInfo,
) -> Result<Calibration, MeasureError> {
    let repeats = options.repeats.max(1);
    let cores = abbench_results::available_threads();
    let mut threads: Vec<usize> = options
        .threads
        .iter()
        .copied()
        .filter(|&t| (2..=cores).contains(&t))
        .collect();
    threads.sort_unstable();
    threads.dedup();
    let mut notes = Vec::new();
    let mut profile = CostProfile::reference();
    profile.schema = PROFILE_SCHEMA;
    profile.growth = Growth::Linear;
    profile.machine = ProfileMachine {
        cpu_model: machine.cpu_model.clone(),
        cores,
        commit: machine.git_commit.clone(),
        date: UtcTime::now().rfc3339(),
        source: format!(
            "abbench calibrate ({}, threads 1{})",
            if options.full { "full" } else { "quick" },
            threads.iter().map(|t| format!(", {t}")).collect::<String>()
        ),
        // The load when calibrating began, as the machine's description read it.
        load_average: machine.load_average.map(|[one, ..]| one),
        other_cpu_share: None,
    };
    let start = CpuSample::now();
    let alone = position_costs(options, &threads, &mut profile, &mut notes)?;
    let one = ParallelSearcher::new(1)?;
    kernel_cost(&one, repeats, alone, &mut profile, &mut notes)?;
    if options.full {
        bookkeeping_costs(&one, repeats, &mut profile, &mut notes)?;
    }
    event_costs(&threads, repeats, &mut profile, &mut notes);
    serial_costs(repeats, &mut profile, &mut notes)?;
    table_costs(&threads, repeats, &mut profile, &mut notes);
    profile.machine.other_cpu_share = start
        .zip(CpuSample::now())
        .and_then(|(start, end)| other_share(start, end));
    profile
        .validate()
        .map_err(|e| MeasureError::Simulation(format!("the calibration is unusable: {e}")))?;
    if let Some(why) = profile.machine.under_load() {
        notes.push(format!("this profile was {why}"));
    }
    Ok(Calibration { profile, notes })
}

/// Nanoseconds per position, per model (all of them only in a full calibration), and
/// their slowdown and spread with every core of `threads` busy; f2-iter's nanoseconds per
/// position on the random tree alone, which the other costs are set against.
fn position_costs(
    options: &CalibrateOptions,
    threads: &[usize],
    profile: &mut CostProfile,
    notes: &mut Vec<String>,
) -> Result<f64, MeasureError> {
    let repeats = options.repeats.max(1);
    // Positions: per model, and with every core busy.
    let random = model_trees()[0].clone();
    let alone = random
        .visit_implicit(PositionTime { repeats, busy: 1 })?
        .mean();
    let mut position_nanos = BTreeMap::from([("random".to_string(), alone)]);
    if options.full {
        for spec in model_trees().into_iter().skip(1) {
            let ns = spec
                .visit_implicit(PositionTime { repeats, busy: 1 })?
                .mean();
            notes.push(format!("{}: {ns:.2} ns per position", spec.model));
            position_nanos.insert(spec.model.name().to_string(), ns);
        }
    }
    notes.push(format!(
        "random d=16 h=7: {alone:.2} ns per position, one core busy"
    ));
    let mut ratios = Vec::new();
    let mut spreads = Vec::new();
    for &p in threads {
        let busy = random.visit_implicit(PositionTime { repeats, busy: p })?;
        let ns = busy.mean();
        let spread = busy.spread().unwrap_or(0.0);
        notes.push(format!(
            "random d=16 h=7: {ns:.2} ns per position, {p} cores busy ({:.3}×), spread across them {:.1}%",
            ns / alone,
            100.0 * spread
        ));
        ratios.push((p, ns / alone));
        spreads.push(spread);
    }
    profile.position_nanos = position_nanos;
    profile.position_slowdown = growth_through_origin(&ratios, profile.growth);
    // One spread for every processor count: the median of those measured.
    profile.speed_spread = median(spreads)
        .unwrap_or(0.0)
        .clamp(0.0, abbench_parallel::sim::MAX_SPEED_SPREAD);

    Ok(alone)
}

/// The parallel kernel's overhead at one thread over f2-iter's `alone` nanoseconds per
/// position.
fn kernel_cost(
    one: &ParallelSearcher,
    repeats: usize,
    alone: f64,
    profile: &mut CostProfile,
    notes: &mut Vec<String>,
) -> Result<(), MeasureError> {
    // The parallel kernel at one thread: root splitting runs f2-iter once per root
    // move, polling; its extra time over f2-iter is the kernel's overhead.
    let root_split = model_trees()[0]
        .clone()
        .visit_implicit(KernelOverhead { one, repeats })?;
    profile.kernel_overhead = (root_split / alone - 1.0).max(0.0);
    notes.push(format!(
        "the parallel kernel at one thread: {root_split:.2} ns per position, overhead {:.3}",
        profile.kernel_overhead
    ));

    Ok(())
}

/// What a split point, a serial search and an offer cost (a full calibration only).
fn bookkeeping_costs(
    one: &ParallelSearcher,
    repeats: usize,
    profile: &mut CostProfile,
    notes: &mut Vec<String>,
) -> Result<(), MeasureError> {
    let fixed = bookkeeping::search_cost(one, repeats);
    let mut rows = Vec::new();
    for (spec, split_heights) in [
        (ModelSpec::new(Model::Random, 16, 7, 1), [3u32, 4, 5]),
        (
            ModelSpec {
                ordering: 0.7,
                ..ModelSpec::new(Model::Ordered, 16, 8, 1)
            },
            [3, 4, 5],
        ),
        (ModelSpec::new(Model::Random, 8, 9, 1), [5, 6, 7]),
    ] {
        let (ns, positions, r) = spec.visit_implicit(Overheads {
            one,
            repeats,
            split_heights: &split_heights,
        })?;
        // What the kernel's own overhead explains is not bookkeeping.
        let kernel = profile.kernel_overhead * ns * positions as f64;
        rows.extend(r.into_iter().map(|(a, b, y)| (a, b, y - fixed - kernel)));
    }
    match bookkeeping::fit(&rows) {
        Some((split_point, serial_search)) => {
            profile.events.split_point = EventCost::flat(split_point);
            profile.events.serial_search = EventCost::flat(serial_search);
            notes.push(format!(
                "bookkeeping: {split_point:.0} ns per split point, {serial_search:.0} ns per serial search"
            ));
        }
        None => notes.push(
            "bookkeeping: the fit did not separate split points from serial searches; the default costs stand"
                .to_string(),
        ),
    }
    let offer = events::offer_cost(repeats);
    profile.events.offer = EventCost::flat(offer);
    notes.push(format!("offer to a busy helper: {offer:.0} ns"));
    Ok(())
}

/// Steals and cache-line transfers at each thread count of `threads`, and how they grow.
fn event_costs(
    threads: &[usize],
    repeats: usize,
    profile: &mut CostProfile,
    notes: &mut Vec<String>,
) {
    // Steals and cache lines at each thread count.
    let mut steals = Vec::new();
    let mut lines = Vec::new();
    for &p in threads {
        let (steal, taken) = events::steal_latency(p, Duration::from_micros(1), 100);
        let line = events::line_transfer(20 * repeats, p - 2, LINE_BUDGET);
        notes.push(format!(
            "{p} threads: steal {steal:.0} ns (taken before the owner {:.0}%), cache line {}",
            100.0 * taken,
            if line.is_finite() {
                format!("{line:.0} ns")
            } else {
                format!(
                    "not measured (no ping-pong finished within {} ms: other work holds the cores)",
                    LINE_BUDGET.as_millis()
                )
            }
        ));
        if steal.is_finite() {
            steals.push((p, steal));
        }
        if line.is_finite() {
            lines.push((p, line));
        }
    }
    if let Some(steal) = fit_growth(&steals, profile.growth) {
        profile.events.steal = steal;
    }
    if let Some(line) = fit_growth(&lines, profile.growth) {
        profile.events.bound_update = line;
        profile.events.abort = line;
    }
}

/// Each exact serial search's time per position against f2-iter's on each model's tree.
fn serial_costs(
    repeats: usize,
    profile: &mut CostProfile,
    notes: &mut Vec<String>,
) -> Result<(), MeasureError> {
    for spec in model_trees() {
        let Some(costs) = spec.visit_implicit(serial::SerialTime { repeats })? else {
            notes.push(format!(
                "{}: the serial searches could not be set up; the reference weights stand",
                spec.model
            ));
            continue;
        };
        let figures: Vec<String> = costs
            .named()
            .iter()
            .map(|(algo, ratio)| format!("{algo} {ratio:.3}"))
            .collect();
        notes.push(format!(
            "{}: time per position against f2-iter's: {}",
            spec.model,
            figures.join(", ")
        ));
        profile
            .serial_position_cost
            .insert(spec.model.name().to_string(), costs);
    }
    Ok(())
}

/// The shared node table's probe and store at one thread and each of `threads`, and how
/// they grow.
fn table_costs(
    threads: &[usize],
    repeats: usize,
    profile: &mut CostProfile,
    notes: &mut Vec<String>,
) {
    const ACCESSES: usize = 100_000;
    let (mut probes, mut stores) = (Vec::new(), Vec::new());
    for p in std::iter::once(1).chain(threads.iter().copied()) {
        let mut best = abbench_parallel::TableTiming {
            probe_ns: f64::INFINITY,
            store_ns: f64::INFINITY,
        };
        for _ in 0..repeats.clamp(1, 3) {
            let t = abbench_parallel::time_table_accesses(p, ACCESSES);
            best.probe_ns = best.probe_ns.min(t.probe_ns);
            best.store_ns = best.store_ns.min(t.store_ns);
        }
        notes.push(format!(
            "{p} thread{}: table probe {:.0} ns, store {:.0} ns",
            if p == 1 { "" } else { "s" },
            best.probe_ns,
            best.store_ns
        ));
        if best.probe_ns.is_finite() && best.store_ns.is_finite() {
            probes.push((p, best.probe_ns));
            stores.push((p, best.store_ns));
        }
    }
    profile.table_probe = fit_growth(&probes, profile.growth);
    profile.table_store = fit_growth(&stores, profile.growth);
}

/// Measures this machine's quick profile at `threads` (a few seconds) and keeps it in
/// the run folder `dir` as [`abbench_results::CALIBRATION_FILE`]: what a sweep does before it
/// measures, so that its report's SIMULATED scaling converts with this machine's costs.
pub fn calibrate_run_folder(
    dir: &std::path::Path,
    threads: &[usize],
    machine: &MachineInfo,
) -> Result<Calibration, MeasureError> {
    let calibration = calibrate(&CalibrateOptions::quick(threads), machine)?;
    abbench_results::write_atomically(
        &dir.join(abbench_results::CALIBRATION_FILE),
        calibration.profile.to_json().as_bytes(),
    )?;
    Ok(calibration)
}

/// Root splitting's nanoseconds per position at one thread, the minimum of `repeats`.
struct KernelOverhead<'a> {
    one: &'a ParallelSearcher,
    repeats: usize,
}

impl TreeVisitor for KernelOverhead<'_> {
    type Output = f64;
    fn visit<T: abbench_tree::GameTree>(self, tree: &T) -> f64 {
        let mut best = f64::INFINITY;
        let mut positions = 1;
        for _ in 0..self.repeats {
            let t = Instant::now();
            let result =
                self.one
                    .search(tree, ParallelAlgorithm::RootSplit, SearchOptions::default());
            best = best.min(t.elapsed().as_nanos() as f64);
            if let Ok(r) = black_box(result) {
                positions = r.stats.nodes.max(1);
            }
        }
        best / positions as f64
    }
}

/// `g` of `ratio(p) = 1 + g · x(p)`, least squares through the origin, at least 0 (0
/// with no points).
fn growth_through_origin(ratios: &[(usize, f64)], growth: Growth) -> f64 {
    let (mut sxy, mut sxx) = (0.0, 0.0);
    for &(p, r) in ratios {
        let x = growth.scale(p);
        sxy += x * (r - 1.0);
        sxx += x * x;
    }
    if sxx > 0.0 { (sxy / sxx).max(0.0) } else { 0.0 }
}

/// `c(p) = c1 · (1 + g · x(p))` by least squares on `(p, c)`: with one point, or points
/// that fall with `p`, a flat cost; `None` with no points.
fn fit_growth(points: &[(usize, f64)], growth: Growth) -> Option<EventCost> {
    let n = points.len() as f64;
    let first = points.first()?;
    let mean_x = points.iter().map(|&(p, _)| growth.scale(p)).sum::<f64>() / n;
    let mean_c = points.iter().map(|&(_, c)| c).sum::<f64>() / n;
    let (mut sxy, mut sxx) = (0.0, 0.0);
    for &(p, c) in points {
        let dx = growth.scale(p) - mean_x;
        sxy += dx * (c - mean_c);
        sxx += dx * dx;
    }
    if points.len() < 2 || sxx == 0.0 {
        // One thread count: the cost there, extrapolated flat to x = 0.
        return Some(EventCost::flat(first.1));
    }
    let slope = sxy / sxx;
    let at_zero = mean_c - slope * mean_x;
    if slope <= 0.0 || at_zero <= 0.0 {
        return Some(EventCost::flat(mean_c));
    }
    Some(EventCost {
        nanos: at_zero,
        growth: slope / at_zero,
    })
}

/// The least of `repeats` runs of `run`, in nanoseconds.
fn min_of(repeats: usize, mut run: impl FnMut() -> Duration) -> f64 {
    (0..repeats)
        .map(|_| run().as_secs_f64() * 1e9)
        .fold(f64::INFINITY, f64::min)
}

/// The median, `None` if there is none.
fn median(xs: Vec<f64>) -> Option<f64> {
    abbench_results::median(&xs)
}

/// Busy work the optimiser cannot remove, about `n` nanoseconds' worth.
fn spin(n: u64) {
    let t = Instant::now();
    while (t.elapsed().as_nanos() as u64) < n {
        std::hint::spin_loop();
    }
}

#[cfg(test)]
mod test;
