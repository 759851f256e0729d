//! Totally dependent trees (§9), with `d = 3`: the root's value is known exactly,
//! `+(2020…20)_3` for even heights and `-(0202…20)_3` for odd ones (SPEC.md §3.3), and
//! the mean number of leaves F2 examines over random trees is Theorem 6's (52), F1's the
//! recurrence (54).

use super::check::{Check, Quantity, Sample};
use super::heights;
use super::search::search_model;
use crate::MeasureError;
use abbench_search::SerialAlgorithm;
use abbench_theory::{dependent_f1_expected_leaves, dependent_f2_expected_leaves};
use abbench_tree::{Model, ModelSpec, Value};

/// The degree whose root value is known.
pub const DEGREE: u32 = 3;

/// The heights checked by default.
const DEFAULT_HEIGHTS: [u32; 8] = [1, 2, 3, 4, 5, 6, 7, 8];

/// The greatest height with `3^h <= 2^62`, the model's limit.
const MAX_HEIGHT: u32 = 39;

/// The root value of every dependent tree of degree 3 and height `h`: the digits
/// `…2020` in base 3, `h` of them, the lowest one 0; negative for odd `h`.
pub fn known_value(height: u32) -> Value {
    let magnitude: Value = (1..height).step_by(2).map(|j| 2 * 3i64.pow(j)).sum();
    if height.is_multiple_of(2) {
        magnitude
    } else {
        -magnitude
    }
}

/// For each height: the value row, Theorem 6's row (F2) and eq. (54)'s row (F1), over
/// `trees` seeds from `seed`.
pub fn checks(
    given: Option<&[u32]>,
    trees: u64,
    seed: u64,
    notes: &mut Vec<String>,
) -> Result<Vec<Check>, MeasureError> {
    let d = u64::from(DEGREE);
    let heights: Vec<u32> = match given {
        None => DEFAULT_HEIGHTS.to_vec(),
        Some(given) => {
            let feasible: Vec<u32> = given.iter().copied().filter(|&h| h <= MAX_HEIGHT).collect();
            if feasible.len() < given.len() {
                notes.push(format!(
                    "skipped the dependent trees above height {MAX_HEIGHT}: 3^h must be at most 2^62"
                ));
            }
            heights::choose(Some(&feasible), 0, "the dependent trees", notes, |h| {
                let per_tree = dependent_f1_expected_leaves(d, h).ok()? * f64::from(h + 1);
                Some((per_tree * trees as f64) as u128)
            })
        }
    };
    let mut checks = Vec::new();
    for h in heights {
        let mut wrong_value = None;
        let mut f2_leaves = Vec::with_capacity(trees as usize);
        let mut f1_leaves = Vec::with_capacity(trees as usize);
        for s in seed..seed + trees {
            let spec = ModelSpec::new(Model::Dependent, DEGREE, h, s);
            let f2 = search_model(&spec, SerialAlgorithm::F2)?;
            let f1 = search_model(&spec, SerialAlgorithm::F1)?;
            if wrong_value.is_none() && (f2.value != known_value(h) || f1.value != f2.value) {
                wrong_value = Some((s, f2.value, f1.value));
            }
            f2_leaves.push(f2.stats.leaves as f64);
            f1_leaves.push(f1.stats.leaves as f64);
        }
        let params = || {
            vec![
                ("degree", DEGREE.into()),
                ("height", h.into()),
                ("trees", trees.into()),
            ]
        };
        let measured = wrong_value.map_or(known_value(h), |(_, f2, _)| f2);
        checks.push(Check::exact(
            "dependent-value",
            params(),
            Quantity::Integer(i128::from(known_value(h))),
            Quantity::Integer(i128::from(measured)),
            wrong_value.map(|(s, f2, f1)| format!("seed {s}: F2 found {f2}, F1 {f1}")),
        ));
        let with_algo = |name: &str| {
            let mut p = params();
            p.insert(0, ("algo", name.into()));
            p
        };
        checks.push(Check::statistical(
            "theorem6",
            with_algo("f2"),
            dependent_f2_expected_leaves(d, h)?,
            &Sample::of(f2_leaves),
        ));
        checks.push(Check::statistical(
            "eq54",
            with_algo("f1"),
            dependent_f1_expected_leaves(d, h)?,
            &Sample::of(f1_leaves),
        ));
    }
    Ok(checks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values_are_the_specifications() {
        let values: Vec<Value> = (1..=6).map(known_value).collect();
        assert_eq!(values, [0, 6, -6, 60, -60, 546]);
    }
}
