//! The serial kernels — f0, f1, f2 and f2-iter — on fixed workloads, implicit and arena
//! layouts, with `Throughput::Elements(nodes)` so criterion reports positions per second.
//! Every timed search is checked against the golden figures.

use abbench_benches::{golden, workload};
use abbench_search::{Basic, F2Iter, SerialAlgorithm};
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
            let algo: SerialAlgorithm = name.parse().expect("bench names are algorithms");
            let expected = golden(self.workload, name);
            let what = format!("{name} on {} ({})", self.workload, self.layout);
            self.group.throughput(Throughput::Elements(expected.nodes));
            let id = BenchmarkId::new(name, self.layout);
            if algo == SerialAlgorithm::F2Iter {
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
        &["f0", "f1", "f2", "f2-iter"],
        &[Layout::Implicit, Layout::Arena],
    ),
    (
        "ordered-d16-h8-q0.7",
        &["f2", "f2-iter"],
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
        &["f2-iter"],
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
