//! Fig. 1 of Knuth & Moore: the ternary tree of height 4 whose leaves are the first 81
//! digits of pi. Its value is 2; F0 examines all 81 leaves, F1 36 and F2 31 (§2–§3).
//!
//! The tree is the tree crate's data file, compiled into the binary so that the check
//! runs from any directory.

use super::check::{Check, Param, Quantity};
use crate::MeasureError;
use abbench_search::SerialRun;
use abbench_search::{Basic, SerialAlgorithm};
use abbench_tree::arena::default_memory_budget;
use abbench_tree::file::parse_tree;

/// The figure as a `.tree` file.
const FIG1_TREE: &str = include_str!("../../../tree/data/knuth-fig1.tree");

/// The figure's value and each procedure's leaf count, as the paper gives them.
const VALUE: i128 = 2;
const LEAVES: [(SerialAlgorithm, i128); 3] = [
    (SerialAlgorithm::F0, 81),
    (SerialAlgorithm::F1, 36),
    (SerialAlgorithm::F2, 31),
];

/// The value row and one leaf-count row per procedure.
pub fn checks() -> Result<Vec<Check>, MeasureError> {
    let tree = parse_tree(
        FIG1_TREE.as_bytes(),
        "knuth-fig1.tree",
        default_memory_budget(),
    )?;
    let results: Vec<_> = LEAVES
        .iter()
        .map(|&(algo, _)| (algo, algo.search::<_, Basic>(&tree)))
        .collect();
    let wrong_value = results
        .iter()
        .find(|(_, r)| i128::from(r.value) != VALUE)
        .map(|(algo, r)| format!("{algo} found {}", r.value));
    let f2_value = results
        .iter()
        .find(|(algo, _)| *algo == SerialAlgorithm::F2)
        .map_or(0, |(_, r)| r.value);
    let mut checks = vec![Check::exact(
        "fig1",
        vec![
            ("quantity", "value".into()),
            (
                "algos",
                Param::Texts(["f0", "f1", "f2"].map(String::from).to_vec()),
            ),
        ],
        Quantity::Integer(VALUE),
        Quantity::Integer(i128::from(f2_value)),
        wrong_value,
    )];
    for ((algo, result), (_, leaves)) in results.iter().zip(LEAVES) {
        checks.push(Check::exact(
            "fig1",
            vec![("quantity", "leaves".into()), ("algo", algo.name().into())],
            Quantity::Integer(leaves),
            Quantity::Integer(i128::from(result.stats.leaves)),
            None,
        ));
    }
    Ok(checks)
}
