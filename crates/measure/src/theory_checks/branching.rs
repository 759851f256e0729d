//! Random branching with the best move first (Corollary 2, eq. (14)): on the `ordered`
//! model with `ordering = 1` and a random number of children per position
//! (`--degree-min`, `--degree-max`, `--terminal-prob`), the mean number of positions F2
//! examines on each level, over many seeds, against the expectation (14).

use super::check::{Check, Sample};
use super::search::{levels, search_model};
use crate::MeasureError;
use abbench_search::SerialAlgorithm;
use abbench_theory::OrderedBranching;
use abbench_tree::{Model, ModelSpec};

/// A branching law and a height.
struct Workload {
    degree_min: u32,
    degree_max: u32,
    terminal_prob: f64,
    height: u32,
}

/// The laws checked: one with early terminals and single children, one wider.
const WORKLOADS: [Workload; 2] = [
    Workload {
        degree_min: 1,
        degree_max: 4,
        terminal_prob: 0.2,
        height: 8,
    },
    Workload {
        degree_min: 2,
        degree_max: 6,
        terminal_prob: 0.1,
        height: 7,
    },
];

/// One row per workload and level, over `trees` seeds from `seed`.
pub fn checks(trees: u64, seed: u64) -> Result<Vec<Check>, MeasureError> {
    let mut checks = Vec::new();
    for w in &WORKLOADS {
        let law = OrderedBranching::new(w.degree_min, w.degree_max, w.terminal_prob)?;
        let expected = law.expected_examined(w.height).examined;
        let mut per_level: Vec<Vec<f64>> = vec![Vec::new(); w.height as usize + 1];
        for s in seed..seed + trees {
            let spec = ModelSpec {
                degree_min: Some(w.degree_min),
                degree_max: Some(w.degree_max),
                terminal_prob: w.terminal_prob,
                ..ModelSpec::new(Model::Ordered, w.degree_max, w.height, s)
            };
            let result = search_model(&spec, SerialAlgorithm::F2)?;
            for (level, &count) in levels(&result, w.height).iter().enumerate() {
                per_level[level].push(count as f64);
            }
        }
        for (level, samples) in per_level.into_iter().enumerate() {
            checks.push(Check::statistical(
                "corollary2",
                vec![
                    ("algo", "f2".into()),
                    ("degree_min", w.degree_min.into()),
                    ("degree_max", w.degree_max.into()),
                    ("terminal_prob", w.terminal_prob.into()),
                    ("height", w.height.into()),
                    ("level", (level as u32).into()),
                    ("trees", trees.into()),
                ],
                expected[level],
                &Sample::of(samples),
            ));
        }
    }
    Ok(checks)
}
