//! Measuring one tree: every requested algorithm and thread count, timed after a warm-up,
//! each result verified against serial F2, parallel results put against `f2-iter`
//! measured on the same tree and layout in the same process.
//!
//! Only the search call is inside the timed region: trees are materialised, thread
//! pools built and kernels' stacks allocated before, and verification searches run after.
//!
//! With a time limit every search — warm-up, timed, and the untimed one that counts per
//! depth — is bounded by it: serial ones through `abbench_search::search_within` (which
//! builds an `f2-iter` kernel per run, a few hundred bytes, inside the timed region),
//! parallel ones through their settings' time limit. A search that reaches the limit,
//! or whose worker thread panics, gives an [`Unfinished`] line instead of a record. If
//! the serial reference `f2-iter` itself reaches the limit, nothing on that tree can be
//! verified, and every other requested search is recorded as not run.
//!
//! Before every search the configuration's [`Interrupt`] is checked: once raised,
//! measuring stops with [`MeasureError::Interrupted`].

use crate::searches::{Pools, configured_search, is_table_search, parallel_halt, serial_search};
use crate::verify::{Answer, MoveValues, Verdict, judge_result};
use crate::{Interrupt, MeasureError};
use abbench_parallel::{ParallelAlgorithm, ParallelResult, SearchOptions};
use abbench_results::{Algorithm, Results, Series, WallTimes, available_threads};
use abbench_results::{CheckedBy, FastestSerial, StopReason, Unfinished};
use abbench_results::{ParallelMetrics, Record, SCHEMA, TableRecord, TreeInfo, WindowFields};
use abbench_search::{
    Basic, Detailed, F2Iter, SearchResult, SerialAlgorithm, SerialOptions, SerialSearch, Settings,
};
use abbench_tree::{GameTree, TreeSpec, TreeVisitor, Value};
use std::time::{Duration, Instant};

/// How to measure.
#[derive(Clone, Debug, PartialEq)]
pub struct MeasureConfig {
    /// Timed runs per (algorithm, threads).
    pub repeat: usize,
    /// Untimed runs before them.
    pub warmup: usize,
    /// Largest arena, in bytes.
    pub memory_budget: u64,
    /// Checked before every search: once raised, measuring stops.
    pub interrupt: Interrupt,
    /// Pin each worker of a parallel search to its own CPU
    /// ([`ParallelSearcher::pinned`]); what the pools the caller builds with
    /// [`Pools::new`] should be given.
    pub pin_threads: bool,
    /// The settings given for every search (each reads what it reads of them): a
    /// parallel search's split options, the serial searches' window, cutoff criterion,
    /// node kinds, guess and table size, and every search's time limit. The `f2-iter`
    /// reference is always the paper's full-window search, without a time limit of its
    /// own beyond this one.
    pub settings: Settings,
    /// Time the machine's yardstick ([`time_reference`](crate::time_reference))
    /// just before each record's timed runs and record it (`machine_ns`), for `compare`
    /// to see the machine's drift: sweeps and `run` do; tests need not.
    pub time_reference: bool,
    /// With a parallel algorithm among those measured, measure every exact serial
    /// candidate ([`EXACT_SERIAL`]) on the same tree as well, so that each parallel
    /// record's `speedup_vs_fastest` is against the fastest serial search, not the
    /// fastest of those that happened to be asked for. Without it, only the ones asked
    /// for are measured and, unless they are every candidate, no record names a fastest
    /// serial search: speedups are against f2-iter only.
    pub serial_candidates: bool,
    /// The least time a candidate not asked for runs before it may be stopped as slower
    /// than the fastest serial search so far ([`CANDIDATE_FLOOR`] by default).
    pub candidate_floor: Duration,
}

impl Default for MeasureConfig {
    fn default() -> Self {
        MeasureConfig {
            repeat: 5,
            warmup: 1,
            memory_budget: abbench_tree::arena::default_memory_budget(),
            interrupt: Interrupt::new(),
            pin_threads: true,
            settings: Settings::default(),
            time_reference: false,
            serial_candidates: true,
            candidate_floor: CANDIDATE_FLOOR,
        }
    }
}

/// Measures `tree` with every algorithm of `algos` (parallel ones at every count of
/// `threads`): one record per (algorithm, threads), serial algorithms first, or an
/// [`Unfinished`] line for a search that timed out or failed.
pub fn measure(
    tree: &TreeSpec,
    algos: &[Algorithm],
    threads: &[usize],
    config: &MeasureConfig,
    pools: &mut Pools,
) -> Result<Results, MeasureError> {
    measure_series(tree, &plain_series(algos), threads, config, pools)
}

/// [`measure()`] of algorithms each with settings of its own over the configuration's
/// (a suite's grid): one record per (algorithm, settings, threads).
pub fn measure_series(
    tree: &TreeSpec,
    series: &[Series],
    threads: &[usize],
    config: &MeasureConfig,
    pools: &mut Pools,
) -> Result<Results, MeasureError> {
    check_config(config)?;
    for s in series {
        config.settings.overlaid(&s.settings).serial().validate()?;
    }
    if series.iter().any(|s| s.algo.is_parallel()) {
        pools.ensure(threads)?;
    }
    let info = TreeInfo::of(tree);
    let asked = series;
    let asked_algos: Vec<Algorithm> = asked.iter().map(|s| s.algo).collect();
    let without_f2 = crate::checked_by_score_alone(tree, &asked_algos);
    let mut series = with_serial_candidates_of(asked, config.serial_candidates);
    if without_f2 {
        series = without_f2_iter(series, asked);
    }
    tree.visit(
        config.memory_budget,
        Measure {
            info,
            series: &series,
            asked,
            threads,
            config,
            pools,
            without_f2,
        },
    )?
}

/// [`measure()`] on a tree already built, named `info` in its records: for trees that no
/// [`TreeSpec`] describes, such as a test's.
pub fn measure_tree<T: GameTree>(
    tree: &T,
    info: TreeInfo,
    algos: &[Algorithm],
    threads: &[usize],
    config: &MeasureConfig,
    pools: &mut Pools,
) -> Result<Results, MeasureError> {
    check_config(config)?;
    if algos.iter().any(|a| a.is_parallel()) {
        pools.ensure(threads)?;
    }
    let asked = plain_series(algos);
    let series = with_serial_candidates_of(&asked, config.serial_candidates);
    Measure {
        info,
        series: &series,
        asked: &asked,
        threads,
        config,
        pools,
        without_f2: false,
    }
    .visit(tree)
}

/// `series` for a tree checked by its published score alone: f2-iter, not asked for, is
/// no candidate; and with a parallel search among them, plain MTD(f), the fastest serial
/// search on a game, is measured, so that the parallel records have a serial search to
/// be set against.
fn without_f2_iter(series: Vec<Series>, asked: &[Series]) -> Vec<Series> {
    let f2_iter = Algorithm::Serial(SerialAlgorithm::F2Iter);
    let mtdf = Series {
        algo: Algorithm::Serial(SerialAlgorithm::Mtdf),
        settings: Settings::default(),
    };
    let mut out: Vec<Series> = series
        .into_iter()
        .filter(|s| s.algo != f2_iter || asked.contains(s))
        .collect();
    if out.iter().any(|s| s.algo.is_parallel()) && !out.contains(&mtdf) {
        let first_parallel = out.iter().position(|s| s.algo.is_parallel());
        out.insert(first_parallel.unwrap_or(out.len()), mtdf);
    }
    out
}

/// Each of `algos` with no settings of its own.
fn plain_series(algos: &[Algorithm]) -> Vec<Series> {
    algos
        .iter()
        .map(|&algo| Series {
            algo,
            settings: Settings::default(),
        })
        .collect()
}

/// `algos`, and — when one of them is parallel and `candidates` (as
/// [`MeasureConfig::serial_candidates`]) — every exact serial candidate not among them, after the serial algorithms
/// asked for and before the parallel ones: what a parallel record's fastest serial search
/// is chosen from.
pub fn with_serial_candidates(algos: &[Algorithm], candidates: bool) -> Vec<Algorithm> {
    with_serial_candidates_of(&plain_series(algos), candidates)
        .into_iter()
        .map(|s| s.algo)
        .collect()
}

/// [`with_serial_candidates`] of algorithms with settings of their own: a candidate is
/// one with none, so a serial algorithm asked for only with settings of its own is
/// measured once more without them.
pub fn with_serial_candidates_of(series: &[Series], candidates: bool) -> Vec<Series> {
    let mut out: Vec<Series> = series
        .iter()
        .copied()
        .filter(|s| !s.algo.is_parallel())
        .collect();
    if candidates && series.iter().any(|s| s.algo.is_parallel()) {
        for algo in CANDIDATE_ORDER.map(Algorithm::Serial) {
            let candidate = Series {
                algo,
                settings: Settings::default(),
            };
            if !out.contains(&candidate) {
                out.push(candidate);
            }
        }
    }
    out.extend(series.iter().copied().filter(|s| s.algo.is_parallel()));
    out
}

fn check_config(config: &MeasureConfig) -> Result<(), MeasureError> {
    if config.repeat == 0 {
        return Err(MeasureError::InvalidOption {
            parameter: "repeat",
            value: "0".into(),
            expected: "must be at least 1".into(),
        });
    }
    if config.settings.time_limit() == Some(Duration::ZERO) {
        return Err(MeasureError::InvalidOption {
            parameter: "time-limit",
            value: "0".into(),
            expected: "must be more than 0 seconds".into(),
        });
    }
    Ok(())
}

struct Measure<'a> {
    info: TreeInfo,
    series: &'a [Series],
    /// The algorithms asked for: those of `series` not among them are candidates for the
    /// fastest serial search only, stopped once they cannot be it ([`CANDIDATE_STOP`]).
    asked: &'a [Series],
    threads: &'a [usize],
    config: &'a MeasureConfig,
    pools: &'a Pools,
    /// The tree's searches are held to its published score and f2-iter does not run
    /// ([`crate::check_of`]).
    without_f2: bool,
}

/// Why a search, or a series of runs, ended without a result.
enum Halt {
    /// The search timed out or failed: recorded as [`Unfinished`].
    Stopped(StopReason),
    /// Measuring cannot go on.
    Error(MeasureError),
}

impl From<MeasureError> for Halt {
    fn from(error: MeasureError) -> Self {
        Halt::Error(error)
    }
}

/// The least time one timed sample should hold: a search shorter than this is run back
/// to back in a batch that lasts about this long, and the sample is the batch's time
/// over its number of searches. The clock reads cost tens of nanoseconds and have a
/// resolution of about as much; a sample of a millisecond keeps both below 0.01%.
pub const MIN_SAMPLE: Duration = Duration::from_millis(1);

/// The most searches in one batch: a millisecond of searches timed at the clock's
/// nanosecond (a search timed at 0 counts as 1 ns).
pub const MAX_BATCH: u64 = 1_000_000;

/// Searches per timed sample for a search that took `one` (the last warm-up run): 1
/// from [`MIN_SAMPLE`] up, else enough to last about that long, at most [`MAX_BATCH`].
pub fn batch_size(one: Duration) -> u64 {
    if one >= MIN_SAMPLE {
        return 1;
    }
    let one = one.as_nanos().max(1);
    let batch = MIN_SAMPLE.as_nanos().div_ceil(one);
    u64::try_from(batch).unwrap_or(MAX_BATCH).min(MAX_BATCH)
}

/// The least time the warm-up runs of one measurement last, when it has any: with
/// `warmup` W above 0, a search is run untimed at least W times and until this long has
/// passed since its first warm-up run began.
///
/// A search of a few milliseconds is otherwise timed before the machine has settled on
/// it. On 2-vCPU virtual machines (Xeon, family 6 model 207), the null-window search at
/// one thread on Connect Four's mid-game sample (`crates/tree/data/connect4/sample-mid-hard20.txt`,
/// 1–7 ms a position) was timed at 0.83× and 0.92× serial MTD(f) with one warm-up run,
/// though it examines the same positions with the same kernel; its samples fell run after
/// run (15.6, 14.6, 10.0, 8.4 and 6.6 ms on one position, serial MTD(f) 4.8 ms): its
/// pool's CPU had idled while the serial searches ran, and the first milliseconds after
/// an idle spell run slower ([`crate::POOL_WARM_UP`]). Timed after 50 ms of warm-up it was
/// 0.96× and 1.03×, after 100 ms 0.95× and 1.07×; at two threads the ratio went from
/// 1.17× and 1.27× to 1.37× and 1.58× (50 ms) and 1.39× and 1.55× (100 ms). Both sides
/// of every ratio get the same warm-up. A search that lasts this long is warmed up by
/// its `warmup` runs alone, as before.
pub const WARM_UP_TIME: Duration = Duration::from_millis(50);

/// Runs `search` untimed at least `warmup` times and, when `warmup` is above 0, for at
/// least [`WARM_UP_TIME`]; then `repeat` timed samples. A search whose
/// last warm-up run took under [`MIN_SAMPLE`] is run in batches ([`batch_size`], sized
/// on untimed runs back to back, doubled until they last that long), and each sample is
/// its batch's time per search (recorded as `runs_per_sample`). Without a warm-up run,
/// each sample is one search. Each sample keeps the result of its last search.
fn timed<R>(
    config: &MeasureConfig,
    mut search: impl FnMut() -> Result<R, Halt>,
) -> Result<(Vec<R>, WallTimes), Halt> {
    let checked = || {
        if config.interrupt.is_requested() {
            return Err(Halt::Error(MeasureError::Interrupted));
        }
        Ok(())
    };
    let mut last = None;
    let warming = Instant::now();
    let mut warm_ups = 0;
    while warm_ups < config.warmup || (config.warmup > 0 && warming.elapsed() < WARM_UP_TIME) {
        checked()?;
        let started = Instant::now();
        search()?;
        last = Some(started.elapsed());
        warm_ups += 1;
    }
    let mut batch = 1;
    if last.is_some_and(|t| t < MIN_SAMPLE) {
        // A warm-up run is slowed by cold caches: size the batch on runs back to back,
        // doubling them until they last MIN_SAMPLE (at most about twice that, untimed).
        let mut runs: u32 = 2;
        loop {
            checked()?;
            let started = Instant::now();
            for _ in 0..runs {
                search()?;
            }
            let elapsed = started.elapsed();
            if elapsed >= MIN_SAMPLE || u64::from(runs) >= MAX_BATCH {
                batch = batch_size(elapsed / runs);
                break;
            }
            runs = runs.saturating_mul(2);
        }
    }
    let mut results = Vec::with_capacity(config.repeat);
    let mut times = Vec::with_capacity(config.repeat);
    for _ in 0..config.repeat {
        checked()?;
        let started = Instant::now();
        let mut r = search()?;
        for _ in 1..batch {
            r = search()?;
        }
        times.push(started.elapsed().div_f64(batch as f64));
        results.push(r);
    }
    let wall = WallTimes::of_batches(&times, batch).expect("repeat is at least 1");
    Ok((results, wall))
}

/// The serial reference on a tree: f2-iter's counting run, its timed runs and their
/// times.
struct Baseline {
    detailed: SearchResult,
    runs: Vec<SearchResult>,
    wall: WallTimes,
}

impl TreeVisitor for Measure<'_> {
    type Output = Result<Results, MeasureError>;

    fn visit<T: GameTree>(self, tree: &T) -> Self::Output {
        self.check_settings(tree)?;
        let mut results = Results::default();
        // The baseline: f2-iter, measured unless the tree's published score checks its
        // searches and f2-iter costs more than they do ([`crate::check_of`]). Every
        // parallel metric refers to it where it runs.
        // The machine's yardstick, timed just before each record's timed runs
        // (f2-iter's are the baseline's).
        let baseline_reference = self.reference();
        let baseline = if self.without_f2 {
            None
        } else {
            match self.baseline(tree) {
                Ok(baseline) => Some(baseline),
                Err(Halt::Error(error)) => return Err(error),
                Err(Halt::Stopped(reason)) => {
                    results.unfinished = self.none_verified(&reason);
                    return Ok(results);
                }
            }
        };
        // Every result is held to the tree's published value where it has one (a
        // positions file's score), as `verify` holds it; else to f2-iter's.
        let published = self.info.published_value();
        let checked_by = if published.is_some() {
            CheckedBy::Score
        } else {
            CheckedBy::F2Iter
        };
        let reference = match (published, &baseline) {
            (Some(score), _) => score,
            (None, Some(baseline)) => baseline.detailed.value,
            (None, None) => unreachable!("f2-iter runs on a tree without a published score"),
        };
        // Without f2-iter, a best move is valued by MTD(f) with the run's table size.
        let mut moves = if self.without_f2 {
            MoveValues::by_table(tree, self.config.settings.serial())
        } else {
            MoveValues::new(tree)
        };
        self.serial_records(
            tree,
            (baseline.as_ref(), reference),
            baseline_reference,
            &mut moves,
            &mut results,
        )?;
        let outpaced: Vec<Algorithm> = results
            .unfinished
            .iter()
            .filter(|u| u.is_outpaced())
            .map(|u| u.algo)
            .collect();
        let fastest = fastest_serial(baseline.as_ref(), &results.records, &outpaced);
        // Every serial record of the tree names it too.
        for record in &mut results.records {
            record.fastest = fastest;
            record.checked_by = Some(checked_by);
        }
        let base = match &baseline {
            Some(baseline) => Some(SerialBase {
                algo: None,
                nodes: baseline.detailed.stats.nodes,
                wall: baseline.wall.clone(),
            }),
            None => serial_base(&results.records, fastest.as_ref()),
        };
        let check = (&mut moves, reference, checked_by);
        self.parallel_records(tree, check, base.as_ref(), fastest.as_ref(), &mut results)?;
        Ok(results)
    }
}

/// What a parallel record's speedup, efficiency and search overhead are against:
/// f2-iter (`algo` `None`), or the serial search that stood in for it.
struct SerialBase {
    algo: Option<Algorithm>,
    nodes: u64,
    wall: WallTimes,
}

/// Where f2-iter did not run: the fastest serial search, else the first exact serial
/// search measured (the plain MTD(f) that such a run always adds).
fn serial_base(records: &[Record], fastest: Option<&FastestSerial>) -> Option<SerialBase> {
    let record = match fastest {
        Some(f) => records.iter().find(|r| r.algo == f.algo && is_exact(r)),
        None => records.iter().find(|r| is_exact(r)),
    }?;
    Some(SerialBase {
        algo: Some(record.algo),
        nodes: record.nodes,
        wall: record.wall_ns.clone(),
    })
}

impl Measure<'_> {
    /// Once the tree fits its budget, and before any search: the table searches'
    /// tables (one size each), and the settings each parallel search must refuse.
    fn check_settings<T: GameTree>(&self, tree: &T) -> Result<(), MeasureError> {
        for series in self.series {
            let settings = self.settings_of(series);
            if is_table_search(&series.algo) {
                settings
                    .serial()
                    .check_table_memory(self.config.memory_budget)?;
            }
            if let Algorithm::Parallel(parallel) = series.algo {
                abbench_parallel::check_settings(parallel, tree, &settings)
                    .map_err(abbench_parallel::ParallelError::from)?;
            }
        }
        Ok(())
    }

    /// Every parallel series' record at every thread count (or its unfinished line),
    /// held to `reference` and set against `base` and the `fastest` serial search.
    fn parallel_records<T: GameTree>(
        &self,
        tree: &T,
        (moves, reference, checked_by): (&mut MoveValues<'_, T>, Value, CheckedBy),
        base: Option<&SerialBase>,
        fastest: Option<&FastestSerial>,
        results: &mut Results,
    ) -> Result<(), MeasureError> {
        // Without a serial search to set them against, the parallel ones stop as it did.
        let serial_stop = results.unfinished.iter().find_map(|u| u.reason());
        for series in self.series {
            let Algorithm::Parallel(parallel) = series.algo else {
                continue;
            };
            for &threads in self.threads {
                let Some(base) = base else {
                    let reason = serial_stop
                        .clone()
                        .unwrap_or_else(|| StopReason::Failed("no serial search ran".into()));
                    let line = self
                        .unfinished(series, threads, reason)
                        .with_note("not run: no serial search gave a result to measure it against");
                    results.unfinished.push(line);
                    continue;
                };
                let machine = self.reference();
                match self.parallel_record(
                    tree,
                    (parallel, &self.settings_of(series), threads),
                    moves,
                    reference,
                    base,
                    fastest,
                ) {
                    Ok(record) => results.records.push(Record {
                        machine_ns: machine,
                        checked_by: Some(checked_by),
                        ..record
                    }),
                    Err(Halt::Error(error)) => return Err(error),
                    Err(Halt::Stopped(reason)) => {
                        let line = self.unfinished(series, threads, reason);
                        results.unfinished.push(line);
                    }
                }
            }
        }
        Ok(())
    }
}

impl Measure<'_> {
    /// What `series` is told: the configuration's settings with its own over them.
    fn settings_of(&self, series: &Series) -> Settings {
        self.config.settings.overlaid(&series.settings)
    }

    /// The settings given to `series` that its algorithm reads and a record carries:
    /// its record's `settings`.
    fn given(&self, series: &Series) -> Settings {
        self.settings_of(series).read_by(series.algo).recorded()
    }

    /// The line of a search that gave no result.
    fn unfinished(&self, series: &Series, threads: usize, reason: StopReason) -> Unfinished {
        Unfinished::new(self.info.clone(), series.algo, threads, reason)
            .with_settings(self.given(series))
    }

    /// Every serial algorithm's record (or unfinished line) into `results`, each with the
    /// machine's reference timed just before it (f2-iter's is the baseline's).
    /// `baseline` is f2-iter's runs and the value every result is held to.
    fn serial_records<T: GameTree>(
        &self,
        tree: &T,
        (baseline, reference): (Option<&Baseline>, Value),
        baseline_reference: Option<f64>,
        moves: &mut MoveValues<'_, T>,
        results: &mut Results,
    ) -> Result<(), MeasureError> {
        for series in self.series {
            let Algorithm::Serial(serial) = series.algo else {
                continue;
            };
            let settings = self.settings_of(series);
            let machine = if is_baseline(serial, &settings) {
                baseline_reference
            } else {
                self.reference()
            };
            let stop = self.candidate_stop(series, baseline, &results.records);
            let limit = stop.map_or(settings.time_limit(), |(limit, _)| Some(limit));
            let searched = (serial, &settings, limit);
            match self.serial_record(tree, searched, baseline, moves, reference) {
                Ok(record) => results.records.push(Record {
                    machine_ns: machine,
                    settings: Some(self.given(series)),
                    ..record
                }),
                Err(Halt::Error(error)) => return Err(error),
                // Stopped at the candidate's own limit: outpaced, not timed out.
                Err(Halt::Stopped(StopReason::TimedOut(at)))
                    if stop.is_some_and(|(l, _)| l == at) =>
                {
                    let by = stop.map(|(_, by)| by).unwrap_or(series.algo);
                    let reason = StopReason::Outpaced { limit: at, by };
                    results.unfinished.push(self.unfinished(series, 1, reason));
                }
                Err(Halt::Stopped(reason)) => {
                    results.unfinished.push(self.unfinished(series, 1, reason));
                }
            }
        }
        Ok(())
    }

    /// The limit of `series`'s runs when it is a candidate for the fastest serial search
    /// that was not asked for, and the fastest serial search so far (f2-iter's baseline
    /// or one of the exact `records`): [`CANDIDATE_STOP`] times its median, at least
    /// [`CANDIDATE_FLOOR`]. `None` for a search asked for, or where the run's own time
    /// limit comes first.
    fn candidate_stop(
        &self,
        series: &Series,
        baseline: Option<&Baseline>,
        records: &[Record],
    ) -> Option<(Duration, Algorithm)> {
        if self.asked.contains(series) {
            return None;
        }
        let f2_iter = baseline.map(|b| (Algorithm::Serial(SerialAlgorithm::F2Iter), b.wall.median));
        let (by, median) = records
            .iter()
            .filter(|r| is_exact(r))
            .map(|r| (r.algo, r.wall_ns.median))
            .chain(f2_iter)
            .min_by_key(|&(_, median)| median)?;
        let limit = Duration::from_nanos(median)
            .saturating_mul(CANDIDATE_STOP)
            .max(self.config.candidate_floor);
        match self.config.settings.time_limit() {
            Some(own) if own <= limit => None,
            _ => Some((limit, by)),
        }
    }

    /// The machine's yardstick, timed now, if the configuration asks for it.
    fn reference(&self) -> Option<f64> {
        self.config.time_reference.then(crate::time_reference)
    }

    /// f2-iter on `tree`: the counting run, then the timed ones.
    fn baseline<T: GameTree>(&self, tree: &T) -> Result<Baseline, Halt> {
        let config = self.config;
        let limit = config.settings.time_limit();
        if config.interrupt.is_requested() {
            return Err(Halt::Error(MeasureError::Interrupted));
        }
        let mut kernel = F2Iter::new(tree);
        let detailed = match limit {
            None => kernel.search::<Detailed>(tree),
            Some(_) => serial_search::<T, Detailed>(SerialAlgorithm::F2Iter, tree, limit)
                .map_err(Halt::Stopped)?,
        };
        let (runs, wall) = timed(config, || match limit {
            None => Ok(kernel.search::<Basic>(tree)),
            Some(_) => serial_search::<T, Basic>(SerialAlgorithm::F2Iter, tree, limit)
                .map_err(Halt::Stopped),
        })?;
        Ok(Baseline {
            detailed,
            runs,
            wall,
        })
    }

    /// When the reference gave no result nothing on the tree can be verified: a line for
    /// every search asked for.
    fn none_verified(&self, reason: &StopReason) -> Vec<Unfinished> {
        let f2_iter = Algorithm::Serial(SerialAlgorithm::F2Iter);
        let mut lines = Vec::new();
        for series in self.series {
            let counts: &[usize] = if series.algo.is_parallel() {
                self.threads
            } else {
                &[1]
            };
            for &threads in counts {
                let line = self.unfinished(series, threads, reason.clone());
                lines.push(if series.algo == f2_iter {
                    line
                } else {
                    line.with_note("not run: the serial reference f2-iter gave no result first")
                });
            }
        }
        lines
    }

    /// A serial algorithm's counting run, then its timed runs (the baseline's, for the
    /// paper's full-window f2-iter), told `settings`, each stopped at `limit`.
    fn serial_runs<T: GameTree>(
        &self,
        tree: &T,
        (serial, settings, limit): (SerialAlgorithm, &Settings, Option<Duration>),
        baseline: Option<&Baseline>,
    ) -> Result<(SearchResult, Vec<SearchResult>, WallTimes), Halt> {
        let config = self.config;
        if let Some(baseline) = baseline.filter(|_| is_baseline(serial, settings)) {
            return Ok((
                baseline.detailed.clone(),
                baseline.runs.clone(),
                baseline.wall.clone(),
            ));
        }
        if config.interrupt.is_requested() {
            return Err(Halt::Error(MeasureError::Interrupted));
        }
        let options = settings.serial();
        // Set up (stack, transposition table) before anything is timed.
        let mut searcher =
            SerialSearch::new(serial, options, tree).map_err(|e| Halt::Error(e.into()))?;
        let detailed =
            configured_search::<T, Detailed>(&mut searcher, tree, limit).map_err(Halt::Stopped)?;
        // The timed runs do not count kinds: the counting run above did.
        let mut timed_searcher = if options.kinds {
            let plain = SerialOptions {
                kinds: false,
                ..options
            };
            SerialSearch::new(serial, plain, tree).map_err(|e| Halt::Error(e.into()))?
        } else {
            searcher
        };
        let (runs, wall) = timed(config, || {
            configured_search::<T, Basic>(&mut timed_searcher, tree, limit).map_err(Halt::Stopped)
        })?;
        Ok((detailed, runs, wall))
    }

    /// A serial algorithm's record, told `settings` and stopped at `limit`, verified
    /// against `reference`: the published value, else the baseline's.
    fn serial_record<T: GameTree>(
        &self,
        tree: &T,
        searched: (SerialAlgorithm, &Settings, Option<Duration>),
        baseline: Option<&Baseline>,
        moves: &mut MoveValues<'_, T>,
        reference: Value,
    ) -> Result<Record, Halt> {
        let (serial, settings, _) = searched;
        let (detailed, runs, wall) = self.serial_runs(tree, searched, baseline)?;
        let verified = runs.iter().all(|r| same_search(r, &detailed))
            && judge_result(moves, &detailed, reference) == Verdict::Agrees;
        let fields = WindowFields::of(&detailed, &settings.read_by(Algorithm::Serial(serial)));
        Ok(Record {
            schema: SCHEMA,
            kind: abbench_results::SearchKind::Search,
            tree: self.info.clone(),
            algo: Algorithm::Serial(serial),
            threads: 1,
            value: detailed.value,
            best_move: detailed
                .best_move
                .or_else(|| tree.decided_move(tree.root())),
            nodes: detailed.stats.nodes,
            leaves: detailed.stats.leaves,
            nps: wall.per_second(detailed.stats.nodes),
            levels: detailed.stats.levels.clone(),
            cutoffs: detailed.stats.cutoffs,
            wall_ns: wall,
            verified,
            checked_by: None,
            parallel: None,
            used: Settings::default(),
            bound: None,
            kinds: None,
            guess_source: None,
            searches: None,
            passes: Vec::new(),
            table: None,
            fastest: None,
            machine_ns: None,
            settings: None,
            own: None,
        }
        .with_windows(fields))
    }
}

impl Measure<'_> {
    /// `algorithm`'s record at `threads` threads, told `options`: verified against
    /// `reference`, set against f2-iter (`serial_nodes` positions in `baseline_wall`) and
    /// the fastest serial search.
    fn parallel_record<T: GameTree>(
        &self,
        tree: &T,
        (algorithm, options, threads): (ParallelAlgorithm, &SearchOptions, usize),
        moves: &mut MoveValues<'_, T>,
        reference: Value,
        base: &SerialBase,
        fastest: Option<&FastestSerial>,
    ) -> Result<Record, Halt> {
        let searcher = self.pools.searcher(threads)?;
        // The table searches' node table, allocated before any search is timed.
        searcher
            .prepare(algorithm, options)
            .map_err(|e| Halt::Error(e.into()))?;
        let (runs, wall) = timed(self.config, || {
            searcher.search(tree, algorithm, *options).map_err(|e| {
                match parallel_halt(e, options.time_limit()) {
                    Ok(reason) => Halt::Stopped(reason),
                    Err(error) => Halt::Error(error.into()),
                }
            })
        })?;
        let verified = runs
            .iter()
            .all(|r| agrees(moves, Answer::of_parallel(r), reference));
        // Counters of the run whose time is the median (the first such run).
        let shown = &runs[median_run(&wall)];
        let nodes = sorted(runs.iter().map(|r| r.stats.nodes));
        let median_nodes = nodes[nodes.len() / 2];
        let leaves = sorted(runs.iter().map(|r| r.stats.leaves));
        let nps = wall.per_second(median_nodes);
        let metrics = parallel_metrics(
            (algorithm, threads, options, searcher.is_pinned()),
            (shown, &nodes, &wall),
            base,
            fastest,
        );
        let given = options.read_by(Algorithm::Parallel(algorithm)).recorded();
        // What the algorithm reads of the settings is recorded, with the values its
        // rules chose, so that a simulation of the record searches as the measurement
        // did; what it does not read is left out.
        let used = abbench_parallel::settings_used(algorithm, tree, options, threads);
        Ok(Record {
            schema: SCHEMA,
            kind: abbench_results::SearchKind::Search,
            tree: self.info.clone(),
            algo: Algorithm::Parallel(algorithm),
            threads,
            value: shown.value,
            best_move: shown.best_move.or_else(|| tree.decided_move(tree.root())),
            nodes: median_nodes,
            leaves: leaves[leaves.len() / 2],
            levels: Vec::new(),
            cutoffs: None,
            nps,
            wall_ns: wall,
            verified,
            checked_by: None,
            parallel: Some(metrics),
            used: used.recorded(),
            bound: None,
            kinds: None,
            guess_source: shown.guess_source,
            // The root searches made one at a time (those of the run shown, as the
            // other counters).
            searches: (!shown.passes.is_empty()).then_some(shown.passes.len()),
            passes: shown.passes.clone(),
            table: table_record(shown),
            fastest: None,
            machine_ns: None,
            settings: Some(given),
            own: shown.own,
        })
    }
}

/// A parallel record's metrics: against serial F2 (`serial_nodes` positions in
/// `baseline_wall`) and the fastest serial search, from the run `shown` (the median
/// one), the runs' sorted positions `nodes` and their times `wall`.
fn parallel_metrics(
    (algorithm, threads, options, pinned): (ParallelAlgorithm, usize, &SearchOptions, bool),
    (shown, nodes, wall): (&ParallelResult, &[u64], &WallTimes),
    base: &SerialBase,
    fastest: Option<&FastestSerial>,
) -> ParallelMetrics {
    let (serial_nodes, baseline_wall) = (base.nodes, &base.wall);
    let median_nodes = nodes[nodes.len() / 2];
    let speedup = baseline_wall.median as f64 / wall.median as f64;
    let nps = wall.per_second(median_nodes);
    // No setting only parallel searches read was given: the search's own rules chose
    // its split height and the rest.
    let automatic_split = options
        .read_by(Algorithm::Parallel(algorithm))
        .given()
        .iter()
        .all(|s| !s.only_parallel());
    ParallelMetrics {
        serial_algo: base.algo,
        serial_nodes,
        serial_wall_ns: baseline_wall.median,
        speedup,
        fastest_serial: fastest.map(|f| f.algo),
        fastest_serial_ns: fastest.map(|f| f.wall_ns),
        fastest_serial_nodes: fastest.map(|f| f.nodes),
        speedup_vs_fastest: fastest.map(|f| f.wall_ns as f64 / wall.median as f64),
        overhead_vs_fastest: fastest.map(|f| median_nodes as f64 / f.nodes as f64 - 1.0),
        efficiency: speedup / threads as f64,
        search_overhead: median_nodes as f64 / serial_nodes as f64 - 1.0,
        nps_scaling: nps / baseline_wall.per_second(serial_nodes),
        nodes_min: nodes[0],
        nodes_max: nodes[nodes.len() - 1],
        splits: shown.stats.splits,
        steals: shown.stats.steals,
        aborts: shown.stats.aborts,
        aborted_nodes: shown.stats.aborted_nodes,
        busy_ns: shown.stats.busy_ns.clone(),
        worker_nodes: shown.stats.worker_nodes.clone(),
        abort_latency_ns: shown.stats.abort_latency_ns,
        split_wait_ns: shown.stats.split_wait_ns,
        oversubscribed: threads > available_threads(),
        pinned,
        automatic_split,
    }
}

/// Whether `serial` told `settings` is the baseline: the paper's full-window f2-iter.
fn is_baseline(serial: SerialAlgorithm, settings: &Settings) -> bool {
    serial == SerialAlgorithm::F2Iter && settings.serial().is_plain_f2()
}

/// The shared node table of a table search (`ParallelAlgorithm::uses_table`) in the run `shown`, with
/// its size even where the search never reached it (a tree below the split height);
/// `None` for an algorithm without one.
fn table_record(shown: &ParallelResult) -> Option<TableRecord> {
    shown.table_bytes.map(|bytes| TableRecord {
        probes: shown.stats.table_probes,
        hits: shown.stats.table_hits,
        stores: shown.stats.table_stores,
        hit_rate: shown.stats.table_hits as f64 / shown.stats.table_probes.max(1) as f64,
        bytes: Some(bytes),
    })
}

/// The serial searches that may be a parallel record's fastest serial search: those that
/// compute the exact value of every tree with the full window. A run names a fastest
/// serial search only when it measured every one of them on the tree (f2-iter always is).
pub const EXACT_SERIAL: [SerialAlgorithm; 5] = [
    SerialAlgorithm::F2Iter,
    SerialAlgorithm::F2Soft,
    SerialAlgorithm::Pvs,
    SerialAlgorithm::Aspiration,
    SerialAlgorithm::Mtdf,
];

/// The order the candidates not asked for are measured in: MTD(f) first, the fastest of
/// them in the project's studies, so that the slower ones meet a short limit
/// ([`CANDIDATE_STOP`]).
const CANDIDATE_ORDER: [SerialAlgorithm; 5] = [
    SerialAlgorithm::F2Iter,
    SerialAlgorithm::Mtdf,
    SerialAlgorithm::Pvs,
    SerialAlgorithm::Aspiration,
    SerialAlgorithm::F2Soft,
];

/// A candidate for the fastest serial search that was not asked for is stopped once one
/// of its runs has lasted this many times the fastest so far's median time
/// ([`StopReason::Outpaced`]), and never before [`CANDIDATE_FLOOR`]. Its counting run
/// is slower than a timed one; twice leaves room for that and for a noisy machine. On
/// Connect Four positions of 10–14 stones, f2-iter, f2-soft, pvs and aspiration took
/// about 11 s a position beside MTD(f)'s 85 ms: each now stops at 170 ms.
pub const CANDIDATE_STOP: u32 = 2;

/// The least time a candidate runs before it may be stopped: below it, a search is too
/// short for the stop to save anything, and too short to be timed against another's
/// median without noise deciding.
pub const CANDIDATE_FLOOR: Duration = Duration::from_millis(100);

/// The fastest of f2-iter (the baseline, always measured) and the exact serial searches
/// among `records` (those the run measured on this tree), by median wall time; `None`
/// unless every candidate of [`EXACT_SERIAL`] was measured with the full window, since
/// one left out may be the fastest.
fn fastest_serial(
    baseline: Option<&Baseline>,
    records: &[Record],
    outpaced: &[Algorithm],
) -> Option<FastestSerial> {
    // A candidate stopped because it was slower than another is measured enough;
    // f2-iter, where it did not run, was estimated slower than the published score's
    // check allows (`crate::check_of`).
    let every = EXACT_SERIAL.iter().all(|&candidate| {
        candidate == SerialAlgorithm::F2Iter
            || outpaced.contains(&Algorithm::Serial(candidate))
            || records
                .iter()
                .any(|r| is_exact(r) && r.algo == Algorithm::Serial(candidate))
    });
    if !every {
        return None;
    }
    let mut fastest: Option<FastestSerial> = baseline.map(|baseline| FastestSerial {
        algo: Algorithm::Serial(SerialAlgorithm::F2Iter),
        wall_ns: baseline.wall.median,
        nodes: baseline.detailed.stats.nodes,
    });
    for record in records {
        if is_exact(record) && fastest.is_none_or(|f| record.wall_ns.median < f.wall_ns) {
            fastest = Some(FastestSerial {
                algo: record.algo,
                wall_ns: record.wall_ns.median,
                nodes: record.nodes,
            });
        }
    }
    fastest
}

/// Whether `record` is of an exact serial search with the full window: one that may be
/// the fastest serial search.
fn is_exact(record: &Record) -> bool {
    matches!(record.algo, Algorithm::Serial(s) if EXACT_SERIAL.contains(&s))
        && record.used.window.is_none()
}

/// The first of the timed runs whose time is the median.
fn median_run(wall: &WallTimes) -> usize {
    wall.samples
        .iter()
        .enumerate()
        .min_by_key(|&(_, &t)| t.abs_diff(wall.median))
        .map_or(0, |(i, _)| i)
}

/// `counts` in increasing order.
fn sorted(counts: impl Iterator<Item = u64>) -> Vec<u64> {
    let mut counts: Vec<u64> = counts.collect();
    counts.sort_unstable();
    counts
}

/// Whether `answer` is the root value `reference` with a best move whose own value it is.
fn agrees<T: GameTree>(moves: &mut MoveValues<'_, T>, answer: Answer, reference: Value) -> bool {
    moves.judge(answer, reference) == Verdict::Agrees
}

/// Whether two runs of a deterministic serial search examined the same positions.
fn same_search(a: &SearchResult, b: &SearchResult) -> bool {
    a.value == b.value
        && a.best_move == b.best_move
        && a.stats.nodes == b.stats.nodes
        && a.stats.leaves == b.stats.leaves
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The warm-up lasts at least [`WARM_UP_TIME`] and its given number of runs, and is
    /// none at `warmup` 0; the timed samples follow it.
    #[test]
    fn the_warm_up_lasts_its_time_and_its_runs_and_none_means_none() {
        // Each search sleeps 2 ms (over MIN_SAMPLE: one search per sample) and notes
        // when it began.
        let timings = |warmup: usize, repeat: usize| {
            let config = MeasureConfig {
                warmup,
                repeat,
                ..MeasureConfig::default()
            };
            let mut began = Vec::new();
            let (results, wall) = timed(&config, || {
                began.push(Instant::now());
                std::thread::sleep(Duration::from_millis(2));
                Ok(began.len())
            })
            .unwrap_or_else(|_| panic!("the searches do not fail"));
            assert_eq!(results.len(), repeat);
            assert_eq!(wall.runs_per_sample, None);
            began
        };
        let began = timings(1, 3);
        let warm_ups = began.len() - 3;
        // Runs of 2 ms: one would do for `warmup` 1; the time asks for more.
        assert!(warm_ups > 1, "{warm_ups} warm-up runs");
        assert!(
            began[warm_ups] - began[0] >= WARM_UP_TIME,
            "the first timed run began {:?} after the warm-up",
            began[warm_ups] - began[0]
        );
        // The last warm-up run began before the time was up: no run more than needed.
        assert!(began[warm_ups - 1] - began[0] < WARM_UP_TIME);
        // More runs than the time holds: all of them.
        let many = (WARM_UP_TIME.as_millis() as usize) + 5;
        assert_eq!(timings(many, 2).len(), many + 2);
        // No warm-up: only the timed runs.
        assert_eq!(timings(0, 3).len(), 3);
    }

    #[test]
    fn searches_under_a_millisecond_are_timed_in_batches_of_about_one() {
        assert_eq!(batch_size(Duration::from_millis(1)), 1);
        assert_eq!(batch_size(Duration::from_secs(3)), 1);
        assert_eq!(batch_size(Duration::from_micros(100)), 10);
        assert_eq!(batch_size(Duration::from_micros(300)), 4);
        assert_eq!(batch_size(Duration::from_nanos(120)), 8334);
        assert_eq!(batch_size(Duration::from_nanos(1)), MAX_BATCH);
        assert_eq!(MAX_BATCH, 1_000_000);
        assert_eq!(batch_size(Duration::ZERO), MAX_BATCH);
        // Every batch lasts at least MIN_SAMPLE, and not two searches more.
        for ns in [1u64, 37, 120, 999, 5_000, 333_333, 999_999] {
            let one = Duration::from_nanos(ns);
            let total = one * batch_size(one) as u32;
            if batch_size(one) < MAX_BATCH {
                assert!(
                    total >= MIN_SAMPLE && total < MIN_SAMPLE + 2 * one,
                    "{ns} ns"
                );
            }
        }
    }
}
