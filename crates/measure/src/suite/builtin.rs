//! The built-in suites, `quick` and `default`.
//!
//! F0 examines every position of a tree, so the built-in suites run it only on trees of
//! at most [`F0_MAX_NODES`] positions; every other algorithm runs on every tree.

use super::{Grid, Suite, Workload};
use abbench_results::Algorithm;
use abbench_search::{SerialAlgorithm, Settings};
use abbench_tree::{BranchOrder, Layout, Model, ModelSpec, TreeSpec};

/// The names [`Suite::builtin`] knows.
pub const BUILTIN_SUITES: [&str; 2] = ["quick", "default"];

/// The largest tree (in positions) the built-in suites search with F0.
pub const F0_MAX_NODES: u64 = 1_000_000;

/// The suite called `name`, if it is built in.
pub(super) fn suite(name: &str) -> Option<Suite> {
    match name {
        "quick" => Some(quick()),
        "default" => Some(default()),
        _ => None,
    }
}

/// Every algorithm that suits the tree: F0 only on small trees.
fn algorithms_for(spec: &ModelSpec) -> Vec<Algorithm> {
    let small = spec.max_nodes().is_some_and(|n| n <= F0_MAX_NODES);
    Algorithm::STANDARD
        .into_iter()
        .filter(|&a| small || a != Algorithm::Serial(SerialAlgorithm::F0))
        .collect()
}

fn workload(spec: ModelSpec, trees: u64) -> Workload {
    Workload {
        algorithms: algorithms_for(&spec),
        tree: TreeSpec::model(spec, Layout::Implicit),
        trees,
    }
}

fn ordered(degree: u32, height: u32, ordering: f64) -> ModelSpec {
    ModelSpec {
        ordering,
        ..ModelSpec::new(Model::Ordered, degree, height, 1)
    }
}

/// The workload without its parallel algorithms: for trees that are there to be set
/// against the theory, some too small to split.
fn serial_only(mut w: Workload) -> Workload {
    w.algorithms.retain(|a| !a.is_parallel());
    w
}

/// Perfectly ordered trees of one degree at several heights, searched by the serial
/// algorithms only: the points of the leaves-against-height plot, against Corollary 1
/// (F2) and §8 (F1).
fn theory_workloads(degree: u32, heights: std::ops::RangeInclusive<u32>) -> Vec<Workload> {
    heights
        .map(|h| serial_only(workload(ordered(degree, h, 1.0), 1)))
        .collect()
}

/// Small trees of every model, every algorithm at 1 and 2 threads: a smoke test of the
/// whole pipeline, seconds in a release build.
fn quick() -> Suite {
    let mut workloads = vec![
        workload(ModelSpec::new(Model::Random, 8, 8, 1), 2),
        workload(ordered(8, 10, 1.0), 1),
        workload(ordered(8, 9, 0.7), 2),
        workload(
            ModelSpec {
                degree_min: Some(2),
                degree_max: Some(8),
                terminal_prob: 0.1,
                // Seed 1's root is terminal: start where the trees are not trivial.
                ..ordered(5, 14, 1.0).with_seed(2)
            },
            1,
        ),
        workload(ModelSpec::new(Model::Dependent, 3, 14, 1), 2),
        workload(
            ModelSpec {
                order: BranchOrder::Static,
                ..ModelSpec::new(Model::BranchSum, 8, 8, 1)
            },
            2,
        ),
        workload(ModelSpec::new(Model::Worst, 4, 9, 1), 1),
    ];
    let mut arena = workload(ModelSpec::new(Model::Random, 8, 6, 1), 1);
    arena.tree.layout = Layout::Arena;
    workloads.push(arena);
    workloads.extend(theory_workloads(4, 2..=10));
    Suite {
        name: "quick".into(),
        description: "small trees of every model, serial and parallel at 1 and 2 threads: \
                      a smoke test for CI"
            .into(),
        workloads,
        threads: Some(vec![1, 2]),
        // Five runs give spreads wide enough that `compare` does not mistake one quiet
        // and one busy moment of a shared machine for a regression.
        repeat: 5,
        warmup: 1,
        grid: Grid::default(),
        settings: Settings::default(),
    }
}

/// The trees of a scaling report: large random trees, ordered trees with perfect and
/// imperfect move ordering, a tall totally dependent tree, a branch-sum tree searched in
/// static order, and a perfectly ordered family for the theory plot.
///
/// About six minutes of a release build on two cores (5 min 59 s measured, with every
/// exact serial search measured beside the parallel ones), most of it on the two
/// scaling workloads (random d=16 h=8 and ordered q=0.7 d=8 h=13, up to 16 s per tree):
/// their speedup and search overhead vary from tree to tree by more than from run to
/// run, so they get the most seeds.
fn default() -> Suite {
    let mut workloads = vec![
        workload(ModelSpec::new(Model::Random, 16, 8, 1), 12),
        workload(ModelSpec::new(Model::Random, 8, 6, 1), 3),
        workload(ordered(8, 14, 1.0), 2),
        // Imperfect ordering at d=8 rather than d=16: the trees must be deep enough to
        // take tens of milliseconds, or there is nothing to split.
        workload(ordered(8, 13, 0.7), 12),
        workload(ModelSpec::new(Model::Dependent, 3, 16, 1), 3),
        // Expectations (Theorem 6, Corollary 2) need many trees to be seen: these are
        // cheap, so serial only and many seeds.
        serial_only(workload(ModelSpec::new(Model::Dependent, 3, 12, 1), 40)),
        serial_only(workload(
            ModelSpec {
                degree_min: Some(2),
                degree_max: Some(8),
                terminal_prob: 0.1,
                ..ordered(5, 12, 1.0)
            },
            100,
        )),
        workload(
            ModelSpec {
                order: BranchOrder::Static,
                ..ModelSpec::new(Model::BranchSum, 8, 10, 1)
            },
            3,
        ),
    ];
    workloads.extend(theory_workloads(8, 2..=10));
    Suite {
        name: "default".into(),
        description: "random, ordered, dependent and branch-sum trees at every thread \
                      count, and perfectly ordered trees against Corollary 1"
            .into(),
        workloads,
        threads: None,
        repeat: 5,
        warmup: 1,
        grid: Grid::default(),
        settings: Settings::default(),
    }
}
