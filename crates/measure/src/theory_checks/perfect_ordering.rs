//! Perfectly ordered uniform trees (the `ordered` model with `ordering = 1`, Theorem 1):
//! F2 examines exactly `d^ceil(l/2) + d^floor(l/2) - 1` positions on level `l`
//! (Corollary 1, eq. (13)), and F1 exactly the count of the recurrence (50) (§8).
//!
//! Every level of every height is compared; a row covers one procedure and one degree
//! over its heights, showing the total positions and naming the first level that differs.

use super::check::{Check, Param, Quantity};
use super::heights;
use super::search::{levels, search_model};
use crate::MeasureError;
use abbench_search::SerialAlgorithm;
use abbench_theory::{
    TheoryError, corollary1_levels, corollary1_total, f1_best_case_levels, f1_best_case_total,
};
use abbench_tree::{Model, ModelSpec};

/// Positions one search may examine when the heights are chosen by default.
pub const BUDGET: u128 = 20_000_000;

/// The Corollary 1 rows (F2 as the paper writes it, and `f2-iter`) and the eq. (50) row
/// (F1) for one degree.
pub fn checks(
    degree: u32,
    given: Option<&[u32]>,
    seed: u64,
    notes: &mut Vec<String>,
) -> Result<Vec<Check>, MeasureError> {
    let d = u64::from(degree);
    let mut checks = Vec::new();
    let f2_heights = heights::choose(
        given,
        BUDGET,
        &format!("corollary1 degree {degree}"),
        notes,
        |h| corollary1_total(d, h).ok(),
    );
    for algo in [SerialAlgorithm::F2, SerialAlgorithm::F2Iter] {
        checks.extend(level_check(
            "corollary1",
            algo,
            degree,
            &f2_heights,
            seed,
            |h| corollary1_levels(d, h),
        )?);
    }
    let f1_heights = heights::choose(
        given,
        BUDGET,
        &format!("f1-best-case degree {degree}"),
        notes,
        |h| f1_best_case_total(d, h).ok(),
    );
    checks.extend(level_check(
        "f1-best-case",
        SerialAlgorithm::F1,
        degree,
        &f1_heights,
        seed,
        |h| f1_best_case_levels(d, h),
    )?);
    Ok(checks)
}

/// `algo`'s positions per level on the perfectly ordered tree of each height against
/// `predict`; `None` when there is no height to check.
fn level_check(
    check: &'static str,
    algo: SerialAlgorithm,
    degree: u32,
    heights: &[u32],
    seed: u64,
    predict: impl Fn(u32) -> Result<Vec<u128>, TheoryError>,
) -> Result<Option<Check>, MeasureError> {
    if heights.is_empty() {
        return Ok(None);
    }
    let (mut predicted_total, mut measured_total) = (0u128, 0u128);
    let mut detail = None;
    for &h in heights {
        let predicted = predict(h)?;
        let spec = ModelSpec::new(Model::Ordered, degree, h, seed);
        let measured = levels(&search_model(&spec, algo)?, h);
        predicted_total += predicted.iter().sum::<u128>();
        measured_total += measured.iter().map(|&n| u128::from(n)).sum::<u128>();
        let differs = predicted
            .iter()
            .zip(&measured)
            .position(|(&p, &m)| p != u128::from(m));
        if let (None, Some(level)) = (&detail, differs) {
            detail = Some(format!(
                "height {h}, level {level}: predicted {}, measured {}",
                predicted[level], measured[level]
            ));
        }
    }
    Ok(Some(Check::exact(
        check,
        vec![
            ("algo", algo.name().into()),
            ("degree", degree.into()),
            ("heights", Param::Ints(heights.to_vec())),
        ],
        Quantity::Integer(predicted_total as i128),
        Quantity::Integer(measured_total as i128),
        detail,
    )))
}
