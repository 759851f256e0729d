//! The serial kernels — f0, f1, f2 and f2-iter — on fixed workloads, implicit and arena
//! layouts, with `Throughput::Elements(nodes)` so criterion reports positions per second;
//! beside them the window techniques — f2-soft, pvs, aspiration, mtdf, each in its
//! non-recursive kernel (mtdf with its table and its bounded passes) — and the kernel
//! with a narrow root window around the value (`f2-iter-narrow`, Knuth & Moore §4), each
//! set up once (the kernel's stack, MTD(f)'s table) outside the timed loop.
//! Every timed search is checked against the golden figures: value, positions, leaves.

use abbench_benches::{golden, variant, workload};
use abbench_search::SerialRun;
use abbench_search::{Basic, F2Iter, SerialAlgorithm, SerialOptions, SerialSearch};
use abbench_tree::arena::default_memory_budget;
use abbench_tree::{GameTree, Layout, TreeSpec, TreeVisitor};
use criterion::measurement::WallTime;
use criterion::{
    BenchmarkGroup, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main,
};
use std::hint::black_box;
use std::time::Duration;

struct BenchKernels<'g, 'c> {
    group: &'g mut BenchmarkGroup<'c, WallTime>,
    workload: &'static str,
    algos: &'static [&'static str],
    layout: Layout,
}

impl TreeVisitor for BenchKernels<'_, '_> {
    type Output = ();
    fn visit<T: GameTree>(self, tree: &T) {
        for &name in self.algos {
            let expected = golden(self.workload, name);
            let (algo, options) = variant(name, expected.value);
            let what = format!("{name} on {} ({})", self.workload, self.layout);
            self.group.throughput(Throughput::Elements(expected.nodes));
            let id = BenchmarkId::new(name, self.layout);
            if options != SerialOptions::default() || !SerialAlgorithm::PAPER.contains(&algo) {
                // Set up once: the table and stack are not part of the timed search.
                let mut search =
                    SerialSearch::new(algo, options, tree).expect("bench variants are valid");
                self.group.bench_function(id, |b| {
                    b.iter(|| {
                        let r = search.search::<Basic>(black_box(tree));
                        expected.check(&what, &r);
                        r
                    })
                });
            } else if algo == SerialAlgorithm::F2Iter {
                // The kernel's stack is allocated once, outside the timed region.
                let mut kernel = F2Iter::new(tree);
                self.group.bench_function(id, |b| {
                    b.iter(|| {
                        let r = kernel.search::<Basic>(black_box(tree));
                        expected.check(&what, &r);
                        r
                    })
                });
            } else {
                self.group.bench_function(id, |b| {
                    b.iter(|| {
                        let r = algo.search::<T, Basic>(black_box(tree));
                        expected.check(&what, &r);
                        r
                    })
                });
            }
        }
    }
}

/// (workload, algorithms, layouts). Trees too large to materialise run implicit only.
const CASES: &[(&str, &[&str], &[Layout])] = &[
    (
        "random-d8-h10",
        &["f1", "f2", "f2-iter"],
        &[Layout::Implicit],
    ),
    (
        "random-d16-h7",
        &["f1", "f2", "f2-iter"],
        &[Layout::Implicit],
    ),
    (
        "random-d8-h6",
        &[
            "f0",
            "f1",
            "f2",
            "f2-iter",
            "f2-soft",
            "pvs",
            "aspiration",
            "mtdf",
            "f2-iter-narrow",
        ],
        &[Layout::Implicit, Layout::Arena],
    ),
    (
        "ordered-d16-h8-q0.7",
        &[
            "f2",
            "f2-iter",
            "f2-soft",
            "pvs",
            "aspiration",
            "mtdf",
            "f2-iter-narrow",
        ],
        &[Layout::Implicit],
    ),
    (
        "branch-sum-static-d8-h8",
        &["f2", "f2-iter"],
        &[Layout::Implicit, Layout::Arena],
    ),
    (
        "random-d8-h5",
        &["f2-iter"],
        &[Layout::Implicit, Layout::Arena],
    ),
    (
        "random-d8-h8",
        &[
            "f2-iter",
            "f2-soft",
            "pvs",
            "aspiration",
            "mtdf",
            "f2-iter-narrow",
        ],
        &[Layout::Implicit, Layout::Arena],
    ),
];

fn kernels(c: &mut Criterion) {
    for &(name, algos, layouts) in CASES {
        let mut group = c.benchmark_group(format!("kernels/{name}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(3));
        for &layout in layouts {
            let spec = TreeSpec::model(workload(name).spec, layout);
            spec.visit(
                default_memory_budget(),
                BenchKernels {
                    group: &mut group,
                    workload: name,
                    algos,
                    layout,
                },
            )
            .expect("bench workloads are valid and fit in memory");
        }
        group.finish();
    }
}

criterion_group!(benches, kernels);
criterion_main!(benches);
