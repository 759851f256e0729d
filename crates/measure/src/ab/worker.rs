//! The worker side of `abbench ab` (`abbench ab-worker`): it builds a suite's searches
//! when asked and times one search at a time, in its own process, so that the build under
//! test does the timing with its own code (see [`protocol`](super::protocol)).
//!
//! A sample is timed as `run` times a search: the tree built, the search's stack or table
//! allocated and the thread pool built, pinned and warmed up before the clock starts; one
//! untimed search warms the caches, then `iters` searches run back to back inside one
//! timed region, so that a sample lasts at least [`MIN_SAMPLE`](crate::MIN_SAMPLE).

use super::protocol::{Hello, PROTOCOL, PlanItem, Reply, Request, Sample};
use crate::searches::Pools;
use crate::{MeasureError, Suite};
use abbench_parallel::{ParallelAlgorithm, SearchOptions};
use abbench_results::{Algorithm, SCHEMA, TreeInfo};
use abbench_search::{Basic, F2Iter, SerialSearch};
use abbench_tree::{GameTree, TreeSpec, TreeVisitor, Value};
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

/// Positions hashed into a tree's fingerprint, depth-first from the root.
pub const FINGERPRINT_POSITIONS: usize = 4096;

/// One search the worker can time.
#[derive(Clone, Debug)]
pub(super) struct Planned {
    tree: TreeSpec,
    algo: Algorithm,
    threads: usize,
    /// The settings of its own a suite's grid gives it.
    settings: abbench_search::Settings,
}

/// What a search gave.
#[derive(Clone, Copy, Debug)]
struct Outcome {
    value: Value,
    nodes: u64,
    leaves: u64,
}

/// Serves requests from `input` until it closes, writing the hello first and one reply
/// line per request to `output`. `build` names the build in the hello.
pub fn serve(
    input: impl BufRead,
    mut output: impl Write,
    version: &str,
    build: &str,
) -> std::io::Result<()> {
    let hello = Hello {
        schema: SCHEMA,
        kind: "ab_hello".into(),
        protocol: PROTOCOL,
        version: version.into(),
        build: build.into(),
    };
    write_line(&mut output, &serde_json::to_string(&hello)?)?;
    pin_serial_thread();
    let mut state = Worker {
        plan: Vec::new(),
        pools: Pools::new(true),
        options: SearchOptions::default(),
    };
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let reply = match serde_json::from_str::<Request>(&line) {
            Ok(request) => state.serve(request),
            Err(e) => Err(MeasureError::InvalidOption {
                parameter: "request",
                value: format!("'{}'", line.chars().take(80).collect::<String>()),
                expected: format!("not an ab request: {e}"),
            }),
        };
        let reply = reply.unwrap_or_else(|e| Reply::AbError {
            schema: SCHEMA,
            message: e.to_string(),
        });
        write_line(&mut output, &serde_json::to_string(&reply)?)?;
    }
    Ok(())
}

/// Pins the thread that runs serial searches to the machine's last CPU, in both
/// workers: two processes left to the scheduler settle on different CPUs, and a CPU of a
/// shared machine can be steadily slower than another (ABBA blocks of one binary against
/// itself measured 8–12% apart on 50 µs searches until both ran on one CPU). Best
/// effort: where pinning is refused the thread stays where it is.
fn pin_serial_thread() {
    if let Some(core) = core_affinity::get_core_ids().and_then(|cores| cores.last().copied()) {
        core_affinity::set_for_current(core);
    }
}

fn write_line(output: &mut impl Write, line: &str) -> std::io::Result<()> {
    writeln!(output, "{line}")?;
    output.flush()
}

struct Worker {
    plan: Vec<Planned>,
    pools: Pools,
    options: SearchOptions,
}

impl Worker {
    fn serve(&mut self, request: Request) -> Result<Reply, MeasureError> {
        match request {
            Request::Plan {
                suite,
                algos,
                threads,
                again,
            } => self.plan(&suite, algos.as_deref(), threads.as_deref(), !again),
            Request::Time { item, iters, reps } => {
                let planned = self.plan.get(item).ok_or(MeasureError::InvalidOption {
                    parameter: "item",
                    value: item.to_string(),
                    expected: format!("must be below {}, the plan's searches", self.plan.len()),
                })?;
                if iters == 0 || iters > crate::MAX_BATCH {
                    return Err(MeasureError::InvalidOption {
                        parameter: "iters",
                        value: iters.to_string(),
                        expected: format!("must be between 1 and {}", crate::MAX_BATCH),
                    });
                }
                if reps == 0 || reps > 1000 {
                    return Err(MeasureError::InvalidOption {
                        parameter: "reps",
                        value: reps.to_string(),
                        expected: "must be between 1 and 1000".into(),
                    });
                }
                let (batches, outcome) = planned.tree.visit(
                    abbench_tree::arena::default_memory_budget(),
                    Timed {
                        planned,
                        pools: &self.pools,
                        options: self.options,
                        iters,
                        reps,
                    },
                )??;
                let batches: Vec<u64> = batches
                    .iter()
                    .map(|d| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX))
                    .collect();
                Ok(Reply::AbSample(Sample {
                    schema: SCHEMA,
                    item,
                    iters,
                    ns: batches.iter().copied().min().unwrap_or(0),
                    batches,
                    value: outcome.value,
                    nodes: outcome.nodes,
                }))
            }
        }
    }

    fn plan(
        &mut self,
        suite_name: &str,
        algos: Option<&[String]>,
        threads: Option<&[usize]>,
        timed: bool,
    ) -> Result<Reply, MeasureError> {
        let (suite, plan, thread_counts) = plan_searches(suite_name, algos, threads)?;
        self.options = suite.settings;
        if plan.iter().any(|p| p.algo.is_parallel()) {
            self.pools.ensure(&thread_counts)?;
        }
        let mut items = Vec::with_capacity(plan.len());
        let mut start = 0;
        while start < plan.len() {
            // The searches of one tree are consecutive: build it once for them all.
            let end = start
                + plan[start..]
                    .iter()
                    .take_while(|p| p.tree == plan[start].tree)
                    .count();
            let described = plan[start].tree.visit(
                abbench_tree::arena::default_memory_budget(),
                Describe {
                    plan: &plan[start..end],
                    pools: &self.pools,
                    options: self.options,
                    timed,
                },
            )??;
            items.extend(described);
            start = end;
        }
        self.plan = plan;
        Ok(Reply::AbPlan {
            schema: SCHEMA,
            suite: suite.name,
            items,
        })
    }
}

/// The suite a plan request names, its searches that the request asks for, and their
/// thread counts; an error if the suite cannot be read or has no search with the
/// algorithms asked for. The one reading of a plan request: each worker's, and the
/// coordinator's before any worker starts (a bad suite is the user's input, not a
/// build's).
pub(super) fn plan_searches(
    suite_name: &str,
    algos: Option<&[String]>,
    threads: Option<&[usize]>,
) -> Result<(Suite, Vec<Planned>, Vec<usize>), MeasureError> {
    let suite = Suite::load(suite_name)?;
    let keep = algos.map(parse_algorithms).transpose()?;
    let thread_counts = suite.thread_counts(threads);
    let plan = searches_of(&suite, keep.as_deref(), &thread_counts);
    if plan.is_empty() {
        return Err(MeasureError::InvalidOption {
            parameter: "algo",
            value: keep
                .unwrap_or_default()
                .iter()
                .map(|a| a.name())
                .collect::<Vec<_>>()
                .join(","),
            expected: format!(
                "the suite {} has no search with these algorithms",
                suite.name
            ),
        });
    }
    Ok((suite, plan, thread_counts))
}

/// The algorithms named, or the first name that is none.
fn parse_algorithms(names: &[String]) -> Result<Vec<Algorithm>, MeasureError> {
    names
        .iter()
        .map(|n| {
            n.parse::<Algorithm>()
                .map_err(|e| MeasureError::InvalidOption {
                    parameter: "algo",
                    value: format!("'{n}'"),
                    expected: e.to_string(),
                })
        })
        .collect()
}

/// The suite's searches in its order — each tree with its algorithms (those of `keep`
/// only, if given), the parallel ones at every thread count.
fn searches_of(suite: &Suite, keep: Option<&[Algorithm]>, thread_counts: &[usize]) -> Vec<Planned> {
    let mut plan = Vec::new();
    for workload in &suite.workloads {
        for tree in workload.tree_specs() {
            for series in suite.series(workload) {
                let algo = series.algo;
                if keep.is_some_and(|k| !k.contains(&algo)) {
                    continue;
                }
                let counts: &[usize] = if algo.is_parallel() {
                    thread_counts
                } else {
                    &[1]
                };
                for &threads in counts {
                    plan.push(Planned {
                        tree: tree.clone(),
                        algo,
                        threads,
                        settings: series.settings,
                    });
                }
            }
        }
    }
    plan
}

/// A search of `planned` on `tree`, set up once and run many times.
enum Searcher<'a, T: GameTree> {
    Serial(Box<SerialSearch<T>>),
    Parallel(
        &'a abbench_parallel::ParallelSearcher,
        ParallelAlgorithm,
        SearchOptions,
    ),
}

impl<'a, T: GameTree> Searcher<'a, T> {
    fn new(
        tree: &T,
        planned: &Planned,
        pools: &'a Pools,
        options: SearchOptions,
    ) -> Result<Self, MeasureError> {
        let options = options.overlaid(&planned.settings);
        Ok(match planned.algo {
            Algorithm::Serial(serial) => {
                Searcher::Serial(Box::new(SerialSearch::new(serial, options.serial(), tree)?))
            }
            Algorithm::Parallel(parallel) => {
                Searcher::Parallel(pools.searcher(planned.threads)?, parallel, options)
            }
        })
    }

    fn search(&mut self, tree: &T) -> Result<Outcome, MeasureError> {
        Ok(match self {
            Searcher::Serial(search) => {
                let r = search.search::<Basic>(tree);
                Outcome {
                    value: r.value,
                    nodes: r.stats.nodes,
                    leaves: r.stats.leaves,
                }
            }
            Searcher::Parallel(pool, algo, options) => {
                let r = pool.search(tree, *algo, *options)?;
                Outcome {
                    value: r.value,
                    nodes: r.stats.nodes,
                    leaves: r.stats.leaves,
                }
            }
        })
    }
}

/// Builds a tree's plan items: fingerprint, F2's value, each search's value, counts and
/// the time of one search.
struct Describe<'a> {
    plan: &'a [Planned],
    pools: &'a Pools,
    options: SearchOptions,
    /// Whether each search is searched and timed (three times after the first, the
    /// least kept); a restarted worker's plan only names them.
    timed: bool,
}

impl TreeVisitor for Describe<'_> {
    type Output = Result<Vec<PlanItem>, MeasureError>;

    fn visit<T: GameTree>(self, tree: &T) -> Self::Output {
        let fingerprint = format!("{:016x}", fingerprint(tree));
        if !self.timed {
            // A restarted worker: the trees and their searches named, nothing searched
            // (each timed sample's value and counts are checked against the first plan).
            return Ok(self
                .plan
                .iter()
                .map(|planned| plan_item(planned, &fingerprint, None))
                .collect());
        }
        let reference = F2Iter::new(tree).search::<Basic>(tree).value;
        let mut items = Vec::with_capacity(self.plan.len());
        for planned in self.plan {
            let mut searcher = Searcher::new(tree, planned, self.pools, self.options)?;
            let outcome = searcher.search(tree)?;
            let mut one = Duration::MAX;
            for _ in 0..3 {
                let started = Instant::now();
                searcher.search(tree)?;
                one = one.min(started.elapsed());
            }
            items.push(plan_item(
                planned,
                &fingerprint,
                Some((&outcome, reference, one)),
            ));
        }
        Ok(items)
    }
}

/// A plan's line for `planned`: with its search's outcome, serial F2's value and the time
/// of one search when it was searched; value, counts and time 0 when not (a restarted
/// worker's plan).
fn plan_item(
    planned: &Planned,
    fingerprint: &str,
    searched: Option<(&Outcome, i64, Duration)>,
) -> PlanItem {
    let info = TreeInfo::of(&planned.tree);
    let (value, nodes, leaves, agrees, one_ns) = match searched {
        Some((outcome, reference, one)) => (
            outcome.value,
            outcome.nodes,
            outcome.leaves,
            outcome.value == reference,
            u64::try_from(one.as_nanos()).unwrap_or(u64::MAX).max(1),
        ),
        None => (0, 0, 0, true, 0),
    };
    PlanItem {
        tree: tree_label(&info),
        workload: info.workload().label(),
        algo: planned.algo.name().to_string(),
        threads: planned.threads,
        deterministic: !planned.algo.is_parallel(),
        fingerprint: fingerprint.to_string(),
        value,
        nodes,
        leaves,
        agrees,
        one_ns,
    }
}

/// A tree's label with its seed, e.g. `random d=8 h=8 seed 2`.
pub fn tree_label(info: &TreeInfo) -> String {
    match info.seed {
        Some(seed) => format!("{} seed {seed}", info.label()),
        None => info.label(),
    }
}

/// One timed batch of a planned search.
struct Timed<'a> {
    planned: &'a Planned,
    pools: &'a Pools,
    options: SearchOptions,
    iters: u64,
    reps: u32,
}

impl TreeVisitor for Timed<'_> {
    type Output = Result<(Vec<Duration>, Outcome), MeasureError>;

    fn visit<T: GameTree>(self, tree: &T) -> Self::Output {
        let mut searcher = Searcher::new(tree, self.planned, self.pools, self.options)?;
        let mut outcome = searcher.search(tree)?;
        let mut batches = Vec::with_capacity(self.reps as usize);
        for _ in 0..self.reps {
            let started = Instant::now();
            for _ in 0..self.iters {
                outcome = searcher.search(tree)?;
            }
            batches.push(started.elapsed());
        }
        Ok((batches, outcome))
    }
}

/// A hash of the first [`FINGERPRINT_POSITIONS`] positions of `tree` in depth-first
/// order: each position's depth and number of children, and each leaf's value. Two
/// builds whose trees hash alike search the same positions' values; it reads the tree
/// through [`GameTree`] alone, so no search's code enters it.
pub fn fingerprint<T: GameTree>(tree: &T) -> u64 {
    let mut hash: u64 = 0x6a09_e667_f3bc_c908;
    let mut mix = |x: u64| {
        // SplitMix64's finaliser over the running hash and the next word.
        let mut z = (hash ^ x).wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        hash = z ^ (z >> 31);
    };
    let mut stack = vec![tree.root()];
    let mut seen = 0;
    while let Some(node) = stack.pop() {
        if seen == FINGERPRINT_POSITIONS {
            break;
        }
        seen += 1;
        let degree = tree.degree(node);
        mix(u64::from(tree.depth(node)) << 32 | degree as u64);
        if degree == 0 {
            mix(tree.value(node) as u64);
            continue;
        }
        let children = tree.children(node);
        for i in (0..degree).rev() {
            stack.push(tree.child(node, &children, i));
        }
    }
    hash
}

#[cfg(test)]
mod test {
    use super::*;
    use abbench_tree::{Layout, Model, ModelSpec};

    fn exchange(requests: &[&str]) -> Vec<serde_json::Value> {
        let input = requests.join("\n");
        let mut output = Vec::new();
        serve(input.as_bytes(), &mut output, "0.1.0", "test").unwrap();
        String::from_utf8(output)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    #[test]
    fn a_worker_says_hello_plans_and_times() {
        let replies = exchange(&[
            r#"{"op":"plan","suite":"quick","algos":["f2-iter","ybwc"],"threads":[2]}"#,
            r#"{"op":"time","item":0,"iters":3}"#,
            r#"{"op":"time","item":99999,"iters":3}"#,
            r#"{"op":"nonsense"}"#,
        ]);
        assert_eq!(replies[0]["kind"], "ab_hello");
        assert_eq!(replies[0]["protocol"], PROTOCOL);
        assert_eq!(replies[1]["kind"], "ab_plan");
        let items = replies[1]["items"].as_array().unwrap();
        assert!(items.iter().all(|i| i["agrees"] == true));
        assert!(
            items
                .iter()
                .any(|i| i["algo"] == "ybwc" && i["threads"] == 2)
        );
        assert!(items.iter().all(|i| i["algo"] != "f1"));
        assert_eq!(replies[2]["kind"], "ab_sample");
        assert_eq!(replies[2]["iters"], 3);
        assert_eq!(replies[2]["value"], items[0]["value"]);
        assert_eq!(replies[2]["nodes"], items[0]["nodes"]);
        assert_eq!(replies[3]["kind"], "ab_error");
        assert!(replies[3]["message"].as_str().unwrap().contains("below"));
        assert_eq!(replies[4]["kind"], "ab_error");
        assert_eq!(replies.len(), 5);
    }

    #[test]
    fn an_unknown_suite_or_algorithm_is_an_error_reply() {
        let replies = exchange(&[
            r#"{"op":"plan","suite":"nonesuch","algos":null,"threads":null}"#,
            r#"{"op":"plan","suite":"quick","algos":["f9"],"threads":null}"#,
        ]);
        assert_eq!(replies[1]["kind"], "ab_error");
        assert_eq!(replies[2]["kind"], "ab_error");
        assert!(replies[2]["message"].as_str().unwrap().contains("f9"));
    }

    #[test]
    fn fingerprints_tell_trees_apart_and_ignore_the_layout() {
        let spec = ModelSpec::new(Model::Random, 4, 5, 1);
        let print =
            |spec: ModelSpec, layout| TreeSpec::model(spec, layout).visit(1 << 30, Print).unwrap();
        struct Print;
        impl TreeVisitor for Print {
            type Output = u64;
            fn visit<T: GameTree>(self, tree: &T) -> u64 {
                fingerprint(tree)
            }
        }
        let a = print(spec.clone(), Layout::Implicit);
        assert_eq!(a, print(spec.clone(), Layout::Arena));
        assert_ne!(a, print(spec.clone().with_seed(2), Layout::Implicit));
        assert_ne!(
            a,
            print(ModelSpec::new(Model::Random, 4, 6, 1), Layout::Implicit)
        );
    }
}
