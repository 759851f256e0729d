//! Every parallel search (`ParallelAlgorithm::ALL`) at 1 … the machine's threads. Pools are built
//! outside the timed region (`iter_custom`); every search's value is checked against the
//! golden serial value and its best move against the root moves' own values.

use abbench_benches::{RootMoves, golden, workload};
use abbench_parallel::{ParallelAlgorithm, ParallelSearcher, SearchOptions};
use abbench_tree::{GameTree, TreeVisitor};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::{Duration, Instant};

struct BenchParallel<'c> {
    c: &'c mut Criterion,
    name: &'static str,
    searchers: &'c [ParallelSearcher],
}

impl TreeVisitor for BenchParallel<'_> {
    type Output = ();
    fn visit<T: GameTree>(self, tree: &T) {
        let expected = golden(self.name, "f2-iter");
        // The ordered tree's value is 0 by construction: its best move is what tells a
        // right answer from a lucky one.
        let moves = RootMoves::of(tree);
        let mut group = self.c.benchmark_group(format!("parallel/{}", self.name));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(3));
        // Throughput in the serial kernel's positions: time per unit of useful work.
        group.throughput(Throughput::Elements(expected.nodes));
        for searcher in self.searchers {
            for algorithm in ParallelAlgorithm::ALL {
                let id = BenchmarkId::new(algorithm.name(), searcher.threads());
                group.bench_function(id, |b| {
                    b.iter_custom(|iterations| {
                        let mut total = Duration::ZERO;
                        for _ in 0..iterations {
                            let started = Instant::now();
                            let r = searcher
                                .search(black_box(tree), algorithm, SearchOptions::default())
                                .expect("no time limit, no panic");
                            total += started.elapsed();
                            let what = format!(
                                "{algorithm} at {} threads on {}",
                                searcher.threads(),
                                self.name
                            );
                            assert_eq!(r.value, expected.value, "{what}");
                            moves.check(&what, r.value, r.best_move);
                        }
                        total
                    })
                });
            }
        }
        group.finish();
    }
}

fn parallel(c: &mut Criterion) {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let searchers: Vec<ParallelSearcher> = (1..=cores)
        .map(|t| ParallelSearcher::new(t).expect("thread pool"))
        .collect();
    for name in ["random-d16-h7", "ordered-d16-h8-q0.7", "random-d8-h10"] {
        workload(name)
            .spec
            .visit_implicit(BenchParallel {
                c,
                name,
                searchers: &searchers,
            })
            .expect("valid workload");
    }
}

criterion_group!(benches, parallel);
criterion_main!(benches);
