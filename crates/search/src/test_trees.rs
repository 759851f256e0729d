//! Seeded trees of every model for the tests that hold an iterative kernel to its
//! recursive oracle: small enough to search many times, shaped to reach every path of
//! the kernels (terminal roots, leaf parents at the root, ragged trees, ties).

use abbench_tree::{BranchOrder, Model, ModelSpec};
use proptest::prelude::*;

/// A tree of any model, degree 2–5, height 0–6, narrow or 2^32-wide values.
pub(crate) fn model_spec() -> impl Strategy<Value = ModelSpec> {
    let model = prop_oneof![
        Just(Model::Random),
        Just(Model::Ordered),
        Just(Model::Dependent),
        Just(Model::BranchSum),
        Just(Model::Worst),
    ];
    (
        model,
        2u32..=5,
        0u32..=6,
        any::<u64>(),
        prop_oneof![Just(2u64), Just(10), Just(1 << 32)],
        prop_oneof![Just(1.0f64), Just(0.7), Just(0.0)],
        prop_oneof![Just(BranchOrder::Natural), Just(BranchOrder::Static)],
        any::<bool>(),
    )
        .prop_map(
            |(model, degree, height, seed, values, ordering, order, ragged)| {
                let mut spec = ModelSpec::new(model, degree, height, seed);
                spec.values = values;
                spec.ordering = ordering;
                spec.order = order;
                spec.edge_range = 5;
                if ragged && model == Model::Ordered {
                    spec.degree_min = Some(1);
                    spec.degree_max = Some(degree + 1);
                    spec.terminal_prob = 0.2;
                }
                spec
            },
        )
}
