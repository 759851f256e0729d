//! The cost of the trees themselves — generating the positions a search examines, with no
//! search — and arena materialisation.
//!
//! Two references for f2-iter, both replaying a trace of which children F2 examined at
//! each node (recorded once, outside the timed region) and summing the leaf values so
//! nothing is optimised away:
//!
//! * the **one-position-at-a-time floor** generates exactly F2's positions, one after
//!   another, each through `GameTree::child` and `GameTree::value`;
//! * the **independent-hash limit** generates the interior positions the same way, but a
//!   leaf parent's leaves as f2-iter does, in batches through `GameTree::leaf_values`
//!   (its independent hashes side by side) — every batch f2-iter computes, the leaves
//!   past a cutoff included — and makes no comparison at all.
//!
//! f2-iter's positions per second over each reference's is the share of the kernel's time
//! that is search rather than generation.

use abbench_benches::{golden, workload};
use abbench_search::{Basic, F2Iter};
use abbench_tree::arena::{Arena, default_memory_budget};
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY, TreeVisitor, Value};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

/// For every internal node F2 examines, in preorder, how many children it examined.
fn trace<T: GameTree>(
    tree: &T,
    node: T::Node,
    alpha: Value,
    beta: Value,
    out: &mut Vec<u32>,
) -> Value {
    let degree = tree.degree(node);
    if degree == 0 {
        return tree.value(node);
    }
    let slot = out.len();
    out.push(0);
    let children = tree.children(node);
    let mut m = alpha;
    let mut examined = 0;
    for i in 0..degree {
        examined += 1;
        let t = -trace(tree, tree.child(node, &children, i), -beta, -m, out);
        m = m.max(t);
        if m >= beta {
            break;
        }
    }
    out[slot] = examined;
    m
}

/// Generates the traced positions in preorder with an explicit stack; returns the number
/// of positions and the sum of the leaf values.
fn replay<T: GameTree>(
    tree: &T,
    trace: &[u32],
    stack: &mut Vec<(T::Node, T::Children, u32, u32)>,
) -> (u64, i64) {
    let mut nodes = 1u64;
    let mut sum = 0i64;
    let mut cursor = 0;
    let root = tree.root();
    if tree.degree(root) == 0 {
        return (1, tree.value(root));
    }
    stack.clear();
    stack.push((root, tree.children(root), 0, trace[0]));
    cursor += 1;
    while let Some(top) = stack.last_mut() {
        if top.2 == top.3 {
            stack.pop();
            continue;
        }
        let child = tree.child(top.0, &top.1, top.2 as usize);
        top.2 += 1;
        nodes += 1;
        if tree.degree(child) == 0 {
            sum = sum.wrapping_add(tree.value(child));
        } else {
            stack.push((child, tree.children(child), 0, trace[cursor]));
            cursor += 1;
        }
    }
    (nodes, sum)
}

/// The independent-hash limit: [`replay`] with each leaf parent's leaves generated in
/// the batches of `N` that f2-iter generates for the leaves F2 examined there.
fn replay_batched<T: GameTree, const N: usize>(
    tree: &T,
    trace: &[u32],
    stack: &mut Vec<(T::Node, T::Children, u32, u32)>,
) -> (u64, i64) {
    let mut nodes = 1u64;
    let mut sum = 0i64;
    let mut cursor = 0;
    let leaf_parents = tree.height().saturating_sub(1);
    let root = tree.root();
    if tree.degree(root) == 0 || tree.depth(root) == leaf_parents {
        return replay(tree, trace, stack);
    }
    stack.clear();
    stack.push((root, tree.children(root), 0, trace[0]));
    cursor += 1;
    while let Some(top) = stack.last_mut() {
        if top.2 == top.3 {
            stack.pop();
            continue;
        }
        let child = tree.child(top.0, &top.1, top.2 as usize);
        top.2 += 1;
        nodes += 1;
        let degree = tree.degree(child);
        if degree == 0 {
            sum = sum.wrapping_add(tree.value(child));
        } else if tree.depth(child) == leaf_parents {
            let examined = trace[cursor] as usize;
            cursor += 1;
            nodes += examined as u64;
            let mut first = 0;
            while first < examined {
                let batch: [Value; N] = tree.leaf_values(child, first);
                let generated = (degree - first).min(N);
                sum = batch[..generated]
                    .iter()
                    .fold(sum, |sum, &v| sum.wrapping_add(v));
                first += N;
            }
        } else {
            stack.push((child, tree.children(child), 0, trace[cursor]));
            cursor += 1;
        }
    }
    (nodes, sum)
}

struct Floor<'c> {
    c: &'c mut Criterion,
    name: &'static str,
}

impl TreeVisitor for Floor<'_> {
    type Output = ();
    fn visit<T: GameTree>(self, tree: &T) {
        let expected = golden(self.name, "f2-iter");
        let mut steps = Vec::new();
        let value = trace(tree, tree.root(), NEG_INFINITY, INFINITY, &mut steps);
        assert_eq!(value, expected.value, "the trace is F2's");
        let mut group = self.c.benchmark_group(format!("trees/{}", self.name));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500));
        group.throughput(Throughput::Elements(expected.nodes));
        let mut stack = Vec::with_capacity(tree.height() as usize + 1);
        group.bench_function("generation-floor", |b| {
            b.iter(|| {
                let (nodes, sum) = replay(black_box(tree), &steps, &mut stack);
                assert_eq!(nodes, expected.nodes, "the floor generates F2's positions");
                sum
            })
        });
        group.bench_function("independent-hash-limit", |b| {
            b.iter(|| {
                let tree = black_box(tree);
                // The batch width of f2-iter's batched leaf parents.
                let (nodes, sum) = replay_batched::<T, 4>(tree, &steps, &mut stack);
                assert_eq!(nodes, expected.nodes, "the limit generates F2's positions");
                sum
            })
        });
        let mut kernel = F2Iter::new(tree);
        group.bench_function("f2-iter", |b| {
            b.iter(|| {
                let r = kernel.search::<Basic>(black_box(tree));
                expected.check("f2-iter", &r);
                r
            })
        });
        group.finish();
    }
}

fn trees(c: &mut Criterion) {
    for name in [
        "random-d8-h10",
        "random-d16-h7",
        "ordered-d16-h8-q0.7",
        "branch-sum-static-d8-h8",
    ] {
        workload(name)
            .spec
            .visit_implicit(Floor { c, name })
            .expect("valid workload");
    }
    let mut group = c.benchmark_group("trees/materialise");
    group.sample_size(10);
    for name in ["random-d8-h6", "random-d8-h8", "branch-sum-static-d8-h8"] {
        let spec = workload(name).spec;
        let positions = spec.max_nodes().expect("bench trees are countable");
        group.throughput(Throughput::Elements(positions));
        group.bench_function(BenchmarkId::new("arena", name), |b| {
            b.iter(|| Arena::from_model(black_box(&spec), default_memory_budget()).expect("fits"))
        });
    }
    group.finish();
}

criterion_group!(benches, trees);
criterion_main!(benches);
