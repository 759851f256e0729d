//! The `minimax` crate beside abbench on the same implicit `random` trees, same depth,
//! same process: its `Negamax` against `f2-iter`, its `ParallelSearch` at 2 threads
//! against `ybwc` at 2 threads. Every search's root value is checked against the golden
//! value and its best move against the root moves' own values; the peer's own node
//! counts differ (its `Negamax` shuffles the root moves; its
//! `ParallelSearch` deepens iteratively with a transposition table).

use abbench_benches::peer::{PeerState, RandomEval};
use abbench_benches::{RootMoves, golden, workload};
use abbench_parallel::{ParallelAlgorithm, ParallelSearcher, SearchOptions};
use abbench_search::{Basic, F2Iter};
use abbench_tree::models::RandomTree;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use minimax::{IterativeOptions, Negamax, ParallelOptions, ParallelSearch, Strategy};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn peer(c: &mut Criterion) {
    let ybwc = ParallelSearcher::new(2).expect("thread pool");
    for name in ["peer-d8-h8", "peer-d8-h10", "peer-d16-h7"] {
        let spec = workload(name).spec;
        let expected = golden(name, "f2-iter");
        let tree = RandomTree::new(spec.degree, spec.height, spec.seed, spec.values);
        let root = PeerState::root(&spec);
        let depth = u8::try_from(spec.height).expect("small height");
        let moves = RootMoves::of(&tree);

        let mut group = c.benchmark_group(format!("peer/{name}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(5));
        group.throughput(Throughput::Elements(expected.nodes));

        let mut kernel = F2Iter::new(&tree);
        group.bench_function("abbench-f2-iter", |b| {
            b.iter(|| {
                let r = kernel.search::<Basic>(black_box(&tree));
                expected.check("f2-iter", &r);
                r.value
            })
        });
        let mut negamax = Negamax::new(RandomEval, depth);
        group.bench_function("minimax-negamax", |b| {
            b.iter(|| {
                let m = negamax.choose_move(black_box(&root));
                assert_eq!(
                    i64::from(negamax.root_value()),
                    expected.value,
                    "peer Negamax"
                );
                moves.check("peer Negamax", expected.value, m.map(usize::from));
                m
            })
        });
        group.bench_function("abbench-ybwc-2", |b| {
            b.iter(|| {
                let r = ybwc
                    .search(
                        black_box(&tree),
                        ParallelAlgorithm::Ybwc,
                        SearchOptions::default(),
                    )
                    .expect("no time limit");
                assert_eq!(r.value, expected.value, "ybwc");
                moves.check("ybwc", r.value, r.best_move);
                r.value
            })
        });
        group.bench_function("minimax-parallel-2", |b| {
            b.iter_custom(|iterations| {
                let mut total = Duration::ZERO;
                for _ in 0..iterations {
                    // A fresh searcher each time, built untimed: its transposition table
                    // must not carry answers from the previous iteration.
                    let mut search = ParallelSearch::new(
                        RandomEval,
                        IterativeOptions::new(),
                        ParallelOptions::new().with_num_threads(2),
                    );
                    search.set_max_depth(depth);
                    let started = Instant::now();
                    let m = search.choose_move(black_box(&root));
                    total += started.elapsed();
                    assert_eq!(
                        i64::from(search.root_value()),
                        expected.value,
                        "peer ParallelSearch"
                    );
                    moves.check("peer ParallelSearch", expected.value, m.map(usize::from));
                }
                total
            })
        });
        group.finish();
    }
}

criterion_group!(benches, peer);
criterion_main!(benches);
