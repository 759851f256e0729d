//! Small measured records shared by the integration tests.

use abbench_measure::{MeasureConfig, Pools, measure};
use abbench_results::{Algorithm, Record};
use abbench_tree::{Layout, Model, ModelSpec, TreeSpec};

/// Two random trees and one ordered tree, every algorithm, 1 and 2 threads, five timed
/// runs each (so that wall-time spreads are real).
pub fn small_records() -> Vec<Record> {
    let config = MeasureConfig {
        repeat: 5,
        warmup: 0,
        ..MeasureConfig::default()
    };
    let mut pools = Pools::default();
    let trees = [
        ModelSpec::new(Model::Random, 4, 5, 1),
        ModelSpec::new(Model::Random, 4, 5, 2),
        ModelSpec {
            ordering: 0.7,
            ..ModelSpec::new(Model::Ordered, 4, 5, 1)
        },
    ];
    trees
        .into_iter()
        .flat_map(|spec| {
            let tree = TreeSpec::model(spec, Layout::Implicit);
            measure(&tree, &Algorithm::ALL, &[1, 2], &config, &mut pools)
                .unwrap()
                .records
        })
        .collect()
}
