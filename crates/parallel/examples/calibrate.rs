//! Measures, on this machine, what the simulator's event costs are worth in positions
//! (`SimCosts`), and compares the simulated speedup at two processors with the threaded
//! one. `cargo run --release -p abbench-parallel --example calibrate [repeats]`.
//!
//! Every figure is the minimum over `repeats` interleaved runs: on a shared machine the
//! minimum is the run least disturbed by other processes. The method is described in
//! `crates/parallel/src/sim/README.md`.

use abbench_parallel::sim::{SimCosts, simulate};
use abbench_parallel::{ParallelAlgorithm, ParallelSearcher, SearchOptions};
use abbench_search::{Basic, F2Iter};
use abbench_tree::{GameTree, Model, ModelSpec, TreeVisitor};
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

fn min_of(repeats: usize, mut run: impl FnMut() -> Duration) -> f64 {
    (0..repeats)
        .map(|_| run().as_secs_f64() * 1e9)
        .fold(f64::INFINITY, f64::min)
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// f2-iter's time per position, and ybwc's extra time at one thread against the numbers
/// of split points and serial searches it opened, for several split heights.
struct Overheads<'a> {
    one: &'a ParallelSearcher,
    repeats: usize,
    split_heights: &'a [u32],
}

/// One measurement: (ns per position, [(split points entered, serial searches, extra
/// ns)]); the extra time is ybwc's at one thread over f2-iter's, both the minimum of
/// interleaved runs.
type Sample = (f64, Vec<(f64, f64, f64)>);

impl TreeVisitor for Overheads<'_> {
    type Output = Sample;
    fn visit<T: GameTree>(self, tree: &T) -> Sample {
        let mut kernel = F2Iter::new(tree);
        let positions = kernel.search::<Basic>(tree).stats.nodes;
        let mut rows = Vec::new();
        let mut serial_best = f64::INFINITY;
        for &split_height in self.split_heights {
            let options = SearchOptions {
                split_height: Some(split_height),
                eldest_grain: None,
                cut_wait: None,
                time_limit: None,
            };
            let counts = simulate(tree, ParallelAlgorithm::Ybwc, 1, &SimCosts::FREE, &options)
                .expect("simulation");
            let (mut serial, mut ybwc) = (f64::INFINITY, f64::INFINITY);
            for _ in 0..self.repeats {
                serial = serial.min(min_of(1, || {
                    let t = Instant::now();
                    black_box(kernel.search::<Basic>(black_box(tree)));
                    t.elapsed()
                }));
                ybwc = ybwc.min(min_of(1, || {
                    let t = Instant::now();
                    black_box(
                        self.one
                            .search(tree, ParallelAlgorithm::Ybwc, options)
                            .unwrap(),
                    );
                    t.elapsed()
                }));
            }
            serial_best = serial_best.min(serial);
            rows.push((
                counts.split_points as f64,
                counts.serial_searches as f64,
                ybwc - serial,
            ));
        }
        (serial_best / positions as f64, rows)
    }
}

/// Least squares for `y = a*x1 + b*x2` in relative error: each row weighs by `1/y`, so
/// small trees count as much as large ones. In nanoseconds, not positions: the cost of
/// the bookkeeping does not depend on how expensive the tree's positions are.
fn fit(rows: &[(f64, f64, f64)]) -> (f64, f64) {
    let (mut s11, mut s12, mut s22, mut s1, mut s2) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for &(x1, x2, y) in rows {
        let (u, v) = (x1 / y, x2 / y);
        s11 += u * u;
        s12 += u * v;
        s22 += v * v;
        s1 += u;
        s2 += v;
    }
    let det = s11 * s22 - s12 * s12;
    ((s1 * s22 - s2 * s12) / det, (s11 * s2 - s12 * s1) / det)
}

/// Busy work the optimiser cannot remove, about `n` nanoseconds' worth.
fn spin(n: u64) {
    let t = Instant::now();
    while (t.elapsed().as_nanos() as u64) < n {
        std::hint::spin_loop();
    }
}

/// The owner's cost of a split point offered to one helper that is busy elsewhere (the
/// common case at two threads): a scope, one spawn, popping it back, the join.
fn offer_cost(repeats: usize) -> f64 {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let stop = AtomicBool::new(false);
    let rounds = 20_000;
    pool.install(|| {
        let mut best = f64::INFINITY;
        rayon::scope(|outer| {
            // Keep the other worker busy so that it never steals the offered task.
            outer.spawn(|_| {
                while !stop.load(Ordering::Relaxed) {
                    std::hint::spin_loop();
                }
            });
            std::thread::sleep(Duration::from_millis(5));
            for _ in 0..repeats {
                let offered = min_of(1, || {
                    let t = Instant::now();
                    for i in 0..rounds {
                        rayon::scope(|s| {
                            s.spawn(|_| {
                                black_box(i);
                            });
                            black_box(i);
                        });
                    }
                    t.elapsed()
                });
                best = best.min(offered / rounds as f64);
            }
            stop.store(true, Ordering::Relaxed);
        });
        best
    })
}

/// From an offer until an idle worker starts the offered task, when that worker has been
/// idle for `idle` (so it spins, or has gone to sleep): the median over the offers it
/// took, and the share of offers it took before the owner, busy for 200 us, popped the
/// task back itself.
fn steal_latency(idle: Duration, samples: usize) -> (f64, f64) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let epoch = Instant::now();
    let started = AtomicU64::new(0);
    let thief = AtomicU64::new(0);
    let mut latencies = Vec::with_capacity(samples);
    pool.install(|| {
        let me = rayon::current_thread_index().unwrap_or(0) as u64;
        for _ in 0..samples {
            spin(idle.as_nanos() as u64);
            let offered = epoch.elapsed().as_nanos() as u64;
            rayon::scope(|s| {
                s.spawn(|_| {
                    started.store(epoch.elapsed().as_nanos() as u64, Ordering::Relaxed);
                    thief.store(
                        rayon::current_thread_index().unwrap_or(0) as u64,
                        Ordering::Relaxed,
                    );
                });
                spin(200_000);
            });
            if thief.load(Ordering::Relaxed) != me {
                latencies.push((started.load(Ordering::Relaxed) - offered) as f64);
            }
        }
    });
    let taken = latencies.len() as f64 / samples as f64;
    if latencies.is_empty() {
        (f64::NAN, 0.0)
    } else {
        (median(latencies), taken)
    }
}

/// One-way latency of a cache line moving between the two cores: half a ping-pong, the
/// fastest of many short trials (a trial during which another process held a core
/// measures the scheduler, not the cache).
fn line_transfer(trials: usize) -> f64 {
    let rounds = 1000u64;
    let mut best = f64::INFINITY;
    for _ in 0..trials {
        let flag = AtomicU64::new(0);
        let one_way = std::thread::scope(|s| {
            s.spawn(|| {
                for i in 0..rounds {
                    while flag.load(Ordering::Acquire) != 2 * i + 1 {
                        std::hint::spin_loop();
                    }
                    flag.store(2 * i + 2, Ordering::Release);
                }
            });
            // Let the other thread start spinning before timing.
            while flag.load(Ordering::Acquire) == 0 {
                flag.store(1, Ordering::Release);
            }
            while flag.load(Ordering::Acquire) != 2 {
                std::hint::spin_loop();
            }
            let t = Instant::now();
            for i in 1..rounds {
                flag.store(2 * i + 1, Ordering::Release);
                while flag.load(Ordering::Acquire) != 2 * i + 2 {
                    std::hint::spin_loop();
                }
            }
            t.elapsed().as_nanos() as f64 / (2 * (rounds - 1)) as f64
        });
        best = best.min(one_way);
    }
    best
}

/// A whole search's fixed cost on one thread: handing the search to the pool and back,
/// the workers' slots and histograms. Measured on a tree of three positions.
fn search_cost(one: &ParallelSearcher, repeats: usize) -> f64 {
    let tree = abbench_tree::models::RandomTree::new(2, 1, 1, 1 << 32);
    let mut times: Vec<f64> = (0..repeats * 20)
        .map(|_| {
            let t = Instant::now();
            black_box(
                one.search(&tree, ParallelAlgorithm::Ybwc, SearchOptions::default())
                    .unwrap(),
            );
            t.elapsed().as_secs_f64() * 1e9
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 10]
}

/// Threaded speedup at two threads (minimum times) against the simulated one.
struct Compare<'a> {
    searchers: &'a [ParallelSearcher],
    repeats: usize,
    costs: SimCosts,
    name: String,
}

impl TreeVisitor for Compare<'_> {
    type Output = ();
    fn visit<T: GameTree>(self, tree: &T) {
        let mut kernel = F2Iter::new(tree);
        let serial_nodes = kernel.search::<Basic>(tree).stats.nodes;
        for algorithm in ParallelAlgorithm::ALL {
            let mut times = [f64::INFINITY; 3];
            let mut nodes = [Vec::new(), Vec::new()];
            for _ in 0..self.repeats {
                times[0] = times[0].min(min_of(1, || {
                    let t = Instant::now();
                    black_box(kernel.search::<Basic>(black_box(tree)));
                    t.elapsed()
                }));
                for (k, searcher) in self.searchers.iter().enumerate() {
                    let t = Instant::now();
                    let r = searcher
                        .search(tree, algorithm, SearchOptions::default())
                        .unwrap();
                    times[k + 1] = times[k + 1].min(t.elapsed().as_secs_f64() * 1e9);
                    nodes[k].push(r.stats.nodes as f64);
                }
            }
            let options = SearchOptions::default();
            let sim1 = simulate(tree, algorithm, 1, &self.costs, &options).unwrap();
            let sim2 = simulate(tree, algorithm, 2, &self.costs, &options).unwrap();
            let measured1 = times[0] / times[1];
            let measured2 = times[0] / times[2];
            let overhead2 = median(nodes[1].clone()) / serial_nodes as f64 - 1.0;
            println!(
                "{:30} {:10}  p=1 measured {:5.3} simulated {:5.3}  p=2 measured {:5.3} simulated {:5.3} ({:+5.1}%)  overhead measured {:+.3} simulated {:+.3}  idle simulated {:.3}",
                self.name,
                algorithm.name(),
                measured1,
                sim1.speedup,
                measured2,
                sim2.speedup,
                (sim2.speedup / measured2 - 1.0) * 100.0,
                overhead2,
                sim2.search_overhead,
                sim2.idle_fraction,
            );
        }
    }
}

fn main() {
    let repeats: usize = std::env::args()
        .nth(1)
        .map_or(15, |s| s.parse().expect("repeats"));
    let one = ParallelSearcher::new(1).unwrap();

    println!("# Per-position time and the bookkeeping of split points and serial searches");
    let fixed = search_cost(&one, repeats);
    let mut rows = Vec::new();
    let mut reference = f64::NAN;
    for (spec, split_heights) in [
        (ModelSpec::new(Model::Random, 16, 8, 1), [3, 4, 5]),
        (
            ModelSpec {
                ordering: 0.7,
                ..ModelSpec::new(Model::Ordered, 16, 8, 1)
            },
            [3, 4, 5],
        ),
        (ModelSpec::new(Model::Random, 8, 10, 1), [5, 6, 7]),
    ] {
        let (ns, r) = spec
            .visit_implicit(Overheads {
                one: &one,
                repeats,
                split_heights: &split_heights,
            })
            .unwrap();
        println!(
            "{} d={} h={}: {ns:.2} ns/position; at split heights {split_heights:?} (split points, serial searches, extra us) {:?}",
            spec.model,
            spec.degree,
            spec.height,
            r.iter()
                .map(|&(a, b, c)| (a as u64, b as u64, ((c - fixed) / 1e3) as i64))
                .collect::<Vec<_>>()
        );
        if reference.is_nan() {
            reference = ns;
        }
        rows.extend(r.into_iter().map(|(a, b, c)| (a, b, c - fixed)));
    }
    let ns = reference;
    let (per_split, per_serial) = fit(&rows);
    println!(
        "fit: {per_split:.0} ns per split point, {per_serial:.0} ns per serial search = {:.0} and {:.0} positions at {ns:.2} ns/position (random d=16 h=8)",
        per_split / ns,
        per_serial / ns
    );
    for &(a, b, y) in &rows {
        println!(
            "  split points {a:8} serial searches {b:9}: extra {:8.0} us, fitted {:8.0} us",
            y / 1e3,
            (per_split * a + per_serial * b) / 1e3
        );
    }

    println!("# Offers, steals and cache lines");
    println!(
        "a whole search on one thread, fixed part: {fixed:.0} ns = {:.0} positions",
        fixed / ns
    );
    let offer = offer_cost(repeats);
    println!(
        "offer to a busy helper: {offer:.0} ns = {:.1} positions",
        offer / ns
    );
    for idle_us in [1, 20, 200, 2000] {
        let (latency, taken) = steal_latency(Duration::from_micros(idle_us), 200);
        println!(
            "steal after {idle_us} us idle: {latency:.0} ns = {:.0} positions (taken by the idle worker before the owner: {:.0}%)",
            latency / ns,
            taken * 100.0
        );
    }
    let line = line_transfer(200);
    println!(
        "cache line between cores: {line:.0} ns = {:.0} positions",
        line / ns
    );

    println!(
        "# Simulated against threaded speedup (default costs: random trees at {} ns/position, ordered at {})",
        SimCosts::RANDOM_POSITION_NANOS,
        SimCosts::ORDERED_POSITION_NANOS
    );
    // As the harness measures: pinned workers, warmed up once.
    let searchers: Vec<_> = [1, 2]
        .iter()
        .map(|&t| {
            let searcher = ParallelSearcher::pinned(t).unwrap();
            searcher.warm_up(Duration::from_millis(200));
            searcher
        })
        .collect();
    for seed in 1..=3 {
        for (name, spec, costs) in [
            (
                format!("random d16 h8 seed {seed}"),
                ModelSpec::new(Model::Random, 16, 8, seed),
                SimCosts::CALIBRATED,
            ),
            (
                format!("ordered q0.7 d16 h8 seed {seed}"),
                ModelSpec {
                    ordering: 0.7,
                    ..ModelSpec::new(Model::Ordered, 16, 8, seed)
                },
                SimCosts::for_position_nanos(SimCosts::ORDERED_POSITION_NANOS),
            ),
        ] {
            spec.visit_implicit(Compare {
                searchers: &searchers,
                repeats,
                costs,
                name,
            })
            .unwrap();
        }
    }
}
