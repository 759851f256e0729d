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
//!
//! Every replay is checked against what the trace itself saw: the positions F2 examined
//! and the sum of their leaf values, one `GameTree::value` at a time (for the limit, with
//! the leaves past a cutoff up to the end of their batch). Every materialised arena is
//! checked against its implicit model: positions and the sum of all leaf values.

use abbench_benches::{golden, workload};
use abbench_search::{Basic, F2Iter};
use abbench_tree::arena::{Arena, default_memory_budget};
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY, TreeVisitor, Value};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The batch width of f2-iter's batched leaf parents.
const BATCH: usize = 4;

/// The leaf values a replay must sum, found by the trace one leaf at a time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct LeafSums {
    /// Of the leaves F2 examined: what the floor sums.
    floor: i64,
    /// Of the leaves F2 examined and, at a leaf parent, the rest of their last batch:
    /// what the independent-hash limit sums.
    batched: i64,
}

/// For every internal node F2 examines, in preorder, how many children it examined; the
/// sums of the leaf values the replays generate go to `sums`.
fn trace<T: GameTree>(
    tree: &T,
    node: T::Node,
    (alpha, beta): (Value, Value),
    out: &mut Vec<u32>,
    sums: &mut LeafSums,
) -> Value {
    let degree = tree.degree(node);
    if degree == 0 {
        return tree.value(node);
    }
    // The limit generates a leaf parent's leaves in batches, unless it is the root.
    let in_batches = tree.depth(node) > 0 && tree.depth(node) + 1 == tree.height();
    let slot = out.len();
    out.push(0);
    let children = tree.children(node);
    let mut m = alpha;
    let mut examined = 0;
    for i in 0..degree {
        examined += 1;
        let child = tree.child(node, &children, i);
        let t = -trace(tree, child, (-beta, -m), out, sums);
        if tree.degree(child) == 0 {
            let leaf = tree.value(child);
            sums.floor = sums.floor.wrapping_add(leaf);
            if !in_batches {
                sums.batched = sums.batched.wrapping_add(leaf);
            }
        }
        m = m.max(t);
        if m >= beta {
            break;
        }
    }
    if in_batches {
        let generated = (examined as usize).div_ceil(BATCH) * BATCH;
        for i in 0..generated.min(degree) {
            let leaf = tree.value(tree.child(node, &children, i));
            sums.batched = sums.batched.wrapping_add(leaf);
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
        let mut sums = LeafSums::default();
        let window = (NEG_INFINITY, INFINITY);
        let value = trace(tree, tree.root(), window, &mut steps, &mut sums);
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
                assert_eq!(sum, sums.floor, "the floor sums F2's leaves");
                sum
            })
        });
        group.bench_function("independent-hash-limit", |b| {
            b.iter(|| {
                let tree = black_box(tree);
                let (nodes, sum) = replay_batched::<T, BATCH>(tree, &steps, &mut stack);
                assert_eq!(nodes, expected.nodes, "the limit generates F2's positions");
                assert_eq!(sum, sums.batched, "the limit sums f2-iter's batches");
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
        let model = spec.visit_implicit(Walk).expect("valid workload");
        assert_eq!(model.positions, positions, "{name}: the model's positions");
        group.throughput(Throughput::Elements(positions));
        group.bench_function(BenchmarkId::new("arena", name), |b| {
            b.iter_custom(|iterations| {
                let mut total = Duration::ZERO;
                for _ in 0..iterations {
                    let started = Instant::now();
                    let arena =
                        Arena::from_model(black_box(&spec), default_memory_budget()).expect("fits");
                    total += started.elapsed();
                    // Checked outside the timed region: the walk costs as much again.
                    assert_eq!(arena.visit(Walk), model, "{name}: the arena is its model");
                }
                total
            })
        });
    }
    group.finish();
}

/// Every position of a tree, and the sum of its leaf values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Whole {
    positions: u64,
    leaf_sum: i64,
}

/// Walks a whole tree, depth first.
struct Walk;

impl TreeVisitor for Walk {
    type Output = Whole;
    fn visit<T: GameTree>(self, tree: &T) -> Whole {
        let mut whole = Whole {
            positions: 0,
            leaf_sum: 0,
        };
        let mut stack = vec![tree.root()];
        while let Some(node) = stack.pop() {
            whole.positions += 1;
            let degree = tree.degree(node);
            if degree == 0 {
                whole.leaf_sum = whole.leaf_sum.wrapping_add(tree.value(node));
                continue;
            }
            let children = tree.children(node);
            stack.extend((0..degree).map(|i| tree.child(node, &children, i)));
        }
        whole
    }
}

criterion_group!(benches, trees);
criterion_main!(benches);
