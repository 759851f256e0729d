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
//! parallel ones through [`SearchOptions::time_limit`]. A search that reaches the limit,
//! or whose worker thread panics, gives an [`Unfinished`] line instead of a record. If
//! the serial reference `f2-iter` itself reaches the limit, nothing on that tree can be
//! verified, and every other requested search is recorded as not run.
//!
//! Before every search the configuration's [`Interrupt`] is checked: once raised,
//! measuring stops with [`MeasureError::Interrupted`].

use crate::searches::{Pools, configured_search, parallel_halt, serial_search};
use crate::verify::{Answer, MoveValues, Verdict, judge_result};
use crate::{Interrupt, MeasureError};
use abbench_parallel::{ParallelAlgorithm, SearchOptions};
use abbench_results::{Algorithm, Results, WallTimes, available_threads};
use abbench_results::{ParallelMetrics, Record, SCHEMA, TreeInfo, WindowFields};
use abbench_results::{StopReason, Unfinished};
use abbench_search::{
    Basic, Detailed, F2Iter, SearchResult, SerialAlgorithm, SerialOptions, SerialSearch,
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
    /// `ybwc`'s split height; `None` chooses it from the tree's degree.
    pub split_height: Option<u32>,
    /// `ybwc`'s eldest grain ([`SearchOptions::eldest_grain`]); `None` for the default.
    pub eldest_grain: Option<u64>,
    /// `ybwc`'s cut wait ([`SearchOptions::cut_wait`]); `None` for the default.
    pub cut_wait: Option<u32>,
    /// Bound on each search, serial or parallel; `None` for none.
    pub time_limit: Option<Duration>,
    /// Largest arena, in bytes.
    pub memory_budget: u64,
    /// Checked before every search: once raised, measuring stops.
    pub interrupt: Interrupt,
    /// Pin each worker of a parallel search to its own CPU
    /// ([`ParallelSearcher::pinned`]); what the pools the caller builds with
    /// [`Pools::new`] should be given.
    pub pin_threads: bool,
    /// The serial searches' window, cutoff criterion, node kinds, guess and table size;
    /// the `f2-iter` reference is always the paper's full-window search.
    pub serial: SerialOptions,
}

impl Default for MeasureConfig {
    fn default() -> Self {
        MeasureConfig {
            repeat: 5,
            warmup: 1,
            split_height: None,
            eldest_grain: None,
            cut_wait: None,
            time_limit: None,
            memory_budget: abbench_tree::arena::default_memory_budget(),
            interrupt: Interrupt::new(),
            pin_threads: true,
            serial: SerialOptions::default(),
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
    check_config(config)?;
    config.serial.validate()?;
    if algos.iter().any(|a| a.is_parallel()) {
        pools.ensure(threads)?;
    }
    let info = TreeInfo::of(tree);
    tree.visit(
        config.memory_budget,
        Measure {
            info,
            algos,
            threads,
            config,
            pools,
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
    Measure {
        info,
        algos,
        threads,
        config,
        pools,
    }
    .visit(tree)
}

fn check_config(config: &MeasureConfig) -> Result<(), MeasureError> {
    if config.repeat == 0 {
        return Err(MeasureError::InvalidOption {
            parameter: "repeat",
            value: "0".into(),
            expected: "must be at least 1".into(),
        });
    }
    if config.time_limit == Some(Duration::ZERO) {
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
    algos: &'a [Algorithm],
    threads: &'a [usize],
    config: &'a MeasureConfig,
    pools: &'a Pools,
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

/// Runs `search` `warmup` times untimed, then `repeat` times timed.
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
    for _ in 0..config.warmup {
        checked()?;
        search()?;
    }
    let mut results = Vec::with_capacity(config.repeat);
    let mut times = Vec::with_capacity(config.repeat);
    for _ in 0..config.repeat {
        checked()?;
        let started = Instant::now();
        let r = search()?;
        times.push(started.elapsed());
        results.push(r);
    }
    let wall = WallTimes::of(&times).expect("repeat is at least 1");
    Ok((results, wall))
}

impl TreeVisitor for Measure<'_> {
    type Output = Result<Results, MeasureError>;

    fn visit<T: GameTree>(self, tree: &T) -> Self::Output {
        let config = self.config;
        let limit = config.time_limit;
        let mut results = Results::default();
        let unfinished = |algo: Algorithm, threads: usize, reason: StopReason| {
            Unfinished::new(self.info.clone(), algo, threads, reason)
        };
        // The baseline: f2-iter, always measured, since every parallel metric and every
        // verification refers to it.
        let f2_iter = Algorithm::Serial(SerialAlgorithm::F2Iter);
        let mut kernel = F2Iter::new(tree);
        let baseline = (|| {
            if config.interrupt.is_requested() {
                return Err(Halt::Error(MeasureError::Interrupted));
            }
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
            Ok((detailed, runs, wall))
        })();
        let (detailed, runs, baseline_wall) = match baseline {
            Ok(baseline) => baseline,
            Err(Halt::Error(error)) => return Err(error),
            Err(Halt::Stopped(reason)) => {
                // Nothing on this tree can be verified: record every search asked for.
                for &algo in self.algos {
                    let counts: &[usize] = if algo.is_parallel() {
                        self.threads
                    } else {
                        &[1]
                    };
                    for &threads in counts {
                        let line = unfinished(algo, threads, reason.clone());
                        results.unfinished.push(if algo == f2_iter {
                            line
                        } else {
                            line.with_note(
                                "not run: the serial reference f2-iter gave no result first",
                            )
                        });
                    }
                }
                return Ok(results);
            }
        };
        let reference = detailed.value;
        let mut moves = MoveValues::new(tree);

        for &algo in self.algos {
            let Algorithm::Serial(serial) = algo else {
                continue;
            };
            let measured = if serial == SerialAlgorithm::F2Iter && config.serial.is_plain_f2() {
                Ok((detailed.clone(), runs.clone(), baseline_wall.clone()))
            } else {
                (|| {
                    if config.interrupt.is_requested() {
                        return Err(Halt::Error(MeasureError::Interrupted));
                    }
                    // Set up (stack, transposition table) before anything is timed.
                    let mut searcher = SerialSearch::new(serial, config.serial, tree)
                        .map_err(|e| Halt::Error(e.into()))?;
                    let detailed = configured_search::<T, Detailed>(&mut searcher, tree, limit)
                        .map_err(Halt::Stopped)?;
                    // The timed runs do not count kinds: the counting run above did.
                    let mut timed_searcher = if config.serial.kinds {
                        let plain = SerialOptions {
                            kinds: false,
                            ..config.serial
                        };
                        SerialSearch::new(serial, plain, tree).map_err(|e| Halt::Error(e.into()))?
                    } else {
                        searcher
                    };
                    let (runs, wall) = timed(config, || {
                        configured_search::<T, Basic>(&mut timed_searcher, tree, limit)
                            .map_err(Halt::Stopped)
                    })?;
                    Ok((detailed, runs, wall))
                })()
            };
            let (detailed, runs, wall) = match measured {
                Ok(measured) => measured,
                Err(Halt::Error(error)) => return Err(error),
                Err(Halt::Stopped(reason)) => {
                    results.unfinished.push(unfinished(algo, 1, reason));
                    continue;
                }
            };
            let verified = runs.iter().all(|r| same_search(r, &detailed))
                && judge_result(&mut moves, &detailed, reference) == Verdict::Agrees;
            let windowed = serial.takes_window();
            let fields = WindowFields::of(
                &detailed,
                windowed.then_some(config.serial.window),
                windowed.then_some(config.serial.cutoff),
            );
            results.records.push(
                Record {
                    schema: SCHEMA,
                    tree: self.info.clone(),
                    algo,
                    threads: 1,
                    value: detailed.value,
                    best_move: detailed.best_move,
                    nodes: detailed.stats.nodes,
                    leaves: detailed.stats.leaves,
                    nps: wall.per_second(detailed.stats.nodes),
                    levels: detailed.stats.levels.clone(),
                    cutoffs: detailed.stats.cutoffs,
                    wall_ns: wall,
                    verified,
                    parallel: None,
                    window: None,
                    cutoff: None,
                    bound: None,
                    kinds: None,
                    guess: None,
                    guess_source: None,
                    searches: None,
                    passes: Vec::new(),
                }
                .with_windows(fields),
            );
        }

        let serial_nodes = detailed.stats.nodes;
        for &algo in self.algos {
            let Algorithm::Parallel(parallel) = algo else {
                continue;
            };
            for &threads in self.threads {
                match self.parallel_record(
                    tree,
                    parallel,
                    threads,
                    &mut moves,
                    reference,
                    serial_nodes,
                    &baseline_wall,
                ) {
                    Ok(record) => results.records.push(record),
                    Err(Halt::Error(error)) => return Err(error),
                    Err(Halt::Stopped(reason)) => {
                        results.unfinished.push(unfinished(algo, threads, reason));
                    }
                }
            }
        }
        Ok(results)
    }
}

impl Measure<'_> {
    #[allow(clippy::too_many_arguments)]
    fn parallel_record<T: GameTree>(
        &self,
        tree: &T,
        algorithm: ParallelAlgorithm,
        threads: usize,
        moves: &mut MoveValues<'_, T>,
        reference: Value,
        serial_nodes: u64,
        baseline_wall: &WallTimes,
    ) -> Result<Record, Halt> {
        let searcher = self.pools.searcher(threads)?;
        let options = SearchOptions {
            split_height: self.config.split_height,
            eldest_grain: self.config.eldest_grain,
            cut_wait: self.config.cut_wait,
            time_limit: self.config.time_limit,
        };
        let (runs, wall) = timed(self.config, || {
            searcher.search(tree, algorithm, options).map_err(|e| {
                match parallel_halt(e, options.time_limit) {
                    Ok(reason) => Halt::Stopped(reason),
                    Err(error) => Halt::Error(error.into()),
                }
            })
        })?;
        let verified = runs.iter().all(|r| {
            let answer = Answer {
                value: r.value,
                best_move: r.best_move,
            };
            agrees(moves, answer, reference)
        });
        // Counters of the run whose time is the median (the first such run).
        let median_run = wall
            .samples
            .iter()
            .enumerate()
            .min_by_key(|&(_, &t)| t.abs_diff(wall.median))
            .map_or(0, |(i, _)| i);
        let shown = &runs[median_run];
        let mut nodes: Vec<u64> = runs.iter().map(|r| r.stats.nodes).collect();
        nodes.sort_unstable();
        let median_nodes = nodes[nodes.len() / 2];
        let mut leaves: Vec<u64> = runs.iter().map(|r| r.stats.leaves).collect();
        leaves.sort_unstable();
        let speedup = baseline_wall.median as f64 / wall.median as f64;
        let nps = wall.per_second(median_nodes);
        let metrics = ParallelMetrics {
            split_height: match algorithm {
                ParallelAlgorithm::Ybwc => Some(options.split_height_for(tree.max_degree())),
                ParallelAlgorithm::RootSplit => None,
            },
            eldest_grain: match algorithm {
                ParallelAlgorithm::Ybwc => Some(options.eldest_grain_for(threads)),
                ParallelAlgorithm::RootSplit => None,
            },
            cut_wait: match algorithm {
                ParallelAlgorithm::Ybwc => Some(options.cut_wait_for()),
                ParallelAlgorithm::RootSplit => None,
            },
            serial_nodes,
            serial_wall_ns: baseline_wall.median,
            speedup,
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
            pinned: searcher.is_pinned(),
            automatic_split: options.is_automatic(),
        };
        Ok(Record {
            schema: SCHEMA,
            tree: self.info.clone(),
            algo: Algorithm::Parallel(algorithm),
            threads,
            value: shown.value,
            best_move: shown.best_move,
            nodes: median_nodes,
            leaves: leaves[leaves.len() / 2],
            levels: Vec::new(),
            cutoffs: None,
            nps,
            wall_ns: wall,
            verified,
            parallel: Some(metrics),
            window: None,
            cutoff: None,
            bound: None,
            kinds: None,
            guess: None,
            guess_source: None,
            searches: None,
            passes: Vec::new(),
        })
    }
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
