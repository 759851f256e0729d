//! The fixed trees the benchmarks search, by name.

use abbench_tree::{Model, ModelSpec};

/// A named tree of the benchmarks.
#[derive(Clone, Debug)]
pub struct Workload {
    /// The name used in bench ids and in `data/golden.txt`.
    pub name: &'static str,
    /// The tree.
    pub spec: ModelSpec,
}

/// Every workload: the two target trees, a small one F0 can afford, an imperfectly
/// ordered one, a static-order branch-sum one, and trees sized for the cache comparison
/// and the peer (values that fit the peer's `i16`).
pub fn workloads() -> Vec<Workload> {
    let random = |d, h| ModelSpec::new(Model::Random, d, h, 1);
    vec![
        Workload {
            name: "random-d8-h10",
            spec: random(8, 10),
        },
        Workload {
            name: "random-d16-h7",
            spec: random(16, 7),
        },
        Workload {
            name: "random-d8-h6",
            spec: random(8, 6),
        },
        Workload {
            name: "ordered-d16-h8-q0.7",
            spec: ModelSpec {
                ordering: 0.7,
                ..ModelSpec::new(Model::Ordered, 16, 8, 1)
            },
        },
        Workload {
            name: "branch-sum-static-d8-h8",
            spec: ModelSpec {
                order: abbench_tree::BranchOrder::Static,
                ..ModelSpec::new(Model::BranchSum, 8, 8, 1)
            },
        },
        // 8^5 leaves = 256 KiB of leaf values: fits in the cache.
        Workload {
            name: "random-d8-h5",
            spec: random(8, 5),
        },
        // 8^8 leaves = 128 MiB of leaf values: does not.
        Workload {
            name: "random-d8-h8",
            spec: random(8, 8),
        },
        Workload {
            name: "peer-d8-h8",
            spec: ModelSpec {
                values: 30_000,
                ..random(8, 8)
            },
        },
        Workload {
            name: "peer-d8-h10",
            spec: ModelSpec {
                values: 30_000,
                ..random(8, 10)
            },
        },
        Workload {
            name: "peer-d16-h7",
            spec: ModelSpec {
                values: 30_000,
                ..random(16, 7)
            },
        },
    ]
}

/// The workload with this name.
///
/// # Panics
/// If there is none: bench code names workloads literally.
pub fn workload(name: &str) -> Workload {
    workloads()
        .into_iter()
        .find(|w| w.name == name)
        .unwrap_or_else(|| panic!("no workload named {name}"))
}
