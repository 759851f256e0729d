//! The `worst` model, on which no search ever cuts off (SPEC.md §3.5): F1 and F2 both
//! examine all `d^h` leaves.

use super::check::{Check, Param, Quantity};
use super::heights;
use super::search::search_model;
use crate::MeasureError;
use abbench_search::SerialAlgorithm;
use abbench_tree::{Model, ModelSpec, full_tree_nodes};

/// Positions of the full tree when the heights are chosen by default.
pub const BUDGET: u128 = 5_000_000;

/// One row per procedure (F1, F2) for one degree.
pub fn checks(
    degree: u32,
    given: Option<&[u32]>,
    seed: u64,
    notes: &mut Vec<String>,
) -> Result<Vec<Check>, MeasureError> {
    let d = u64::from(degree);
    let heights = heights::choose(
        given,
        BUDGET,
        &format!("worst degree {degree}"),
        notes,
        |h| full_tree_nodes(d, h).map(u128::from),
    );
    if heights.is_empty() {
        return Ok(Vec::new());
    }
    let mut checks = Vec::new();
    for algo in [SerialAlgorithm::F1, SerialAlgorithm::F2] {
        let (mut predicted, mut measured) = (0u128, 0u128);
        let mut detail = None;
        for &h in &heights {
            let all_leaves = u128::from(d).pow(h);
            let spec = ModelSpec::new(Model::Worst, degree, h, seed);
            let leaves = u128::from(search_model(&spec, algo)?.stats.leaves);
            predicted += all_leaves;
            measured += leaves;
            if detail.is_none() && leaves != all_leaves {
                detail = Some(format!(
                    "height {h}: {leaves} of the {all_leaves} leaves examined"
                ));
            }
        }
        checks.push(Check::exact(
            "worst",
            vec![
                ("algo", algo.name().into()),
                ("degree", degree.into()),
                ("heights", Param::Ints(heights.clone())),
            ],
            Quantity::Integer(predicted as i128),
            Quantity::Integer(measured as i128),
            detail,
        ));
    }
    Ok(checks)
}
