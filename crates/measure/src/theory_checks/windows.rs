//! The window techniques against the paper (Knuth & Moore §4, §6):
//!
//! * `pvs-minimal`: on perfectly ordered trees PVS examines exactly the minimal tree,
//!   Corollary 1's `d^ceil(h/2) + d^floor(h/2) - 1` leaves;
//! * `node-kinds`: on the same trees the kinds F2 finds are Knuth & Moore's types 1, 2
//!   and 3 level by level, and every kind predicted before a node is searched holds;
//! * `window-width`: F2 with root windows `(v - w/2, v + w/2)` around the value `v`,
//!   narrower and narrower, on a random tree: each result is true of `v` (the value, or
//!   a bound when the window excludes it) and no narrower window examines more leaves;
//! * `guess-error`: aspiration search and MTD(f) from guesses ever farther from `v` find
//!   `v`, with the leaves and root searches each took;
//! * `vs-f2`: PVS and MTD(f) against F2 on each model — same value, leaves side by side.

use super::check::{Check, Param, Quantity};
use crate::MeasureError;
use abbench_search::{Basic, SearchResult, SerialAlgorithm, SerialOptions, SerialSearch, Window};
use abbench_tree::{GameTree, Model, ModelSpec, TreeVisitor, Value};

/// Degree and heights of the perfectly ordered trees.
const ORDERED: (u32, [u32; 3]) = (3, [4, 5, 6]);
/// The random tree of the window and guess rows: degree, height.
const RANDOM: (u32, u32) = (6, 6);
/// Root window widths, widest first (the full window before them).
const WIDTHS: [Value; 6] = [1 << 30, 1 << 24, 1 << 18, 1 << 12, 1 << 6, 2];
/// Distances of the first guess from the value.
const ERRORS: [Value; 4] = [0, 1 << 10, 1 << 20, 1 << 28];

struct Run(SerialAlgorithm, SerialOptions);

impl TreeVisitor for Run {
    type Output = SearchResult;
    fn visit<T: GameTree>(self, tree: &T) -> SearchResult {
        SerialSearch::new(self.0, self.1, tree)
            .expect("the theory's options are valid")
            .search::<Basic>(tree)
    }
}

fn search(
    spec: &ModelSpec,
    algo: SerialAlgorithm,
    options: SerialOptions,
) -> Result<SearchResult, MeasureError> {
    Ok(spec.visit_implicit(Run(algo, options))?)
}

fn plain(spec: &ModelSpec, algo: SerialAlgorithm) -> Result<SearchResult, MeasureError> {
    search(spec, algo, SerialOptions::default())
}

/// Internal nodes of Knuth & Moore's types 1, 2, 3 at each depth below `height` of a
/// perfectly ordered uniform tree of degree `d` (§6): the first child of a type 1 node
/// is type 1, its others type 2; a type 2 node's first child is type 3; every child of a
/// type 3 node is type 2.
pub fn knuth_moore_types(d: u64, height: u32) -> Vec<[u64; 3]> {
    let mut levels = vec![[1, 0, 0]];
    for _ in 1..height {
        let [t1, t2, t3] = *levels.last().expect("the root's level");
        levels.push([t1, (d - 1) * t1 + d * t3, t2]);
    }
    levels.truncate(height as usize);
    levels
}

/// Every row of the windows checks.
pub fn checks(seed: u64) -> Result<Vec<Check>, MeasureError> {
    let mut checks = perfectly_ordered(seed)?;
    checks.extend(window_width(seed)?);
    checks.extend(guess_error(seed)?);
    checks.extend(against_f2(seed)?);
    Ok(checks)
}

fn perfectly_ordered(seed: u64) -> Result<Vec<Check>, MeasureError> {
    let (degree, heights) = ORDERED;
    let d = u64::from(degree);
    let mut checks = Vec::new();
    for h in heights {
        let spec = ModelSpec {
            ordering: 1.0,
            ..ModelSpec::new(Model::Ordered, degree, h, seed)
        };
        let params = || vec![("degree", Param::from(degree)), ("height", Param::from(h))];
        let minimal = abbench_theory::corollary1_leaves(d, h).map_err(MeasureError::Theory)?;
        let pvs = plain(&spec, SerialAlgorithm::Pvs)?;
        checks.push(Check::exact(
            "pvs-minimal",
            params(),
            Quantity::Integer(minimal as i128),
            Quantity::Integer(i128::from(pvs.stats.leaves)),
            None,
        ));
        let kinds = SerialOptions {
            kinds: true,
            ..SerialOptions::default()
        };
        let found = search(&spec, SerialAlgorithm::F2, kinds)?
            .kinds
            .expect("kinds were asked for");
        let types = knuth_moore_types(d, h);
        let internal: u64 = types.iter().flatten().sum();
        let held: u64 = found.held.iter().sum();
        let detail = types.iter().enumerate().find_map(|(depth, t)| {
            let got = [
                found.actual.pv[depth],
                found.actual.cut[depth],
                found.actual.all[depth],
            ];
            (got != *t).then(|| format!("depth {depth}: pv/cut/all {got:?}, types 1/2/3 {t:?}"))
        });
        let mut params = params();
        params.push((
            "accuracy",
            format!("{:.1}%", 100.0 * held as f64 / internal.max(1) as f64).into(),
        ));
        checks.push(Check::exact(
            "node-kinds",
            params,
            Quantity::Integer(i128::from(internal)),
            Quantity::Integer(i128::from(held)),
            detail,
        ));
    }
    Ok(checks)
}

fn random(seed: u64) -> ModelSpec {
    ModelSpec::new(Model::Random, RANDOM.0, RANDOM.1, seed)
}

fn window_width(seed: u64) -> Result<Vec<Check>, MeasureError> {
    let spec = random(seed);
    let full = plain(&spec, SerialAlgorithm::F2)?;
    let v = full.value;
    let mut wider = full.stats.leaves;
    let mut checks = Vec::new();
    for width in WIDTHS {
        let window = Window::new(v - width / 2, v - width / 2 + width)?;
        let options = SerialOptions {
            window,
            ..SerialOptions::default()
        };
        let r = search(&spec, SerialAlgorithm::F2, options)?;
        let bound = r.bound.unwrap_or(abbench_search::Bound::Exact);
        let detail = if !bound.admits(r.value, v) {
            Some(format!("{bound} {} is not true of the value {v}", r.value))
        } else if r.stats.leaves > wider {
            Some(format!(
                "{} leaves, more than the {wider} of the wider window",
                r.stats.leaves
            ))
        } else {
            None
        };
        checks.push(Check::exact(
            "window-width",
            vec![
                ("degree", RANDOM.0.into()),
                ("height", RANDOM.1.into()),
                ("width", Param::Int(width)),
                ("leaves", r.stats.leaves.into()),
                ("full_window", full.stats.leaves.into()),
            ],
            Quantity::Integer(i128::from(v)),
            Quantity::Integer(i128::from(r.value)),
            detail,
        ));
        wider = r.stats.leaves;
    }
    Ok(checks)
}

fn guess_error(seed: u64) -> Result<Vec<Check>, MeasureError> {
    let spec = random(seed);
    let v = plain(&spec, SerialAlgorithm::F2)?.value;
    let mut checks = Vec::new();
    for algo in [SerialAlgorithm::Aspiration, SerialAlgorithm::Mtdf] {
        for error in ERRORS {
            let options = SerialOptions {
                guess: Some(v + error),
                ..SerialOptions::default()
            };
            let r = search(&spec, algo, options)?;
            let searches = r.passes.as_ref().map_or(0, |p| p.runs.len() as u64);
            checks.push(Check::exact(
                "guess-error",
                vec![
                    ("algo", algo.name().into()),
                    ("error", Param::Int(error)),
                    ("searches", searches.into()),
                    ("leaves", r.stats.leaves.into()),
                ],
                Quantity::Integer(i128::from(v)),
                Quantity::Integer(i128::from(r.value)),
                None,
            ));
        }
    }
    Ok(checks)
}

fn against_f2(seed: u64) -> Result<Vec<Check>, MeasureError> {
    let models = [
        ModelSpec::new(Model::Random, 6, 6, seed),
        ModelSpec {
            ordering: 0.7,
            ..ModelSpec::new(Model::Ordered, 6, 6, seed)
        },
        ModelSpec::new(Model::BranchSum, 6, 6, seed),
        ModelSpec::new(Model::Dependent, 3, 8, seed),
    ];
    let mut checks = Vec::new();
    for spec in &models {
        let f2 = plain(spec, SerialAlgorithm::F2)?;
        for algo in [SerialAlgorithm::Pvs, SerialAlgorithm::Mtdf] {
            let r = plain(spec, algo)?;
            checks.push(Check::exact(
                "vs-f2",
                vec![
                    ("model", spec.model.name().into()),
                    ("algo", algo.name().into()),
                    ("leaves", r.stats.leaves.into()),
                    ("f2_leaves", f2.stats.leaves.into()),
                    (
                        "ratio",
                        format!(
                            "{:.3}",
                            r.stats.leaves as f64 / f2.stats.leaves.max(1) as f64
                        )
                        .into(),
                    ),
                ],
                Quantity::Integer(i128::from(f2.value)),
                Quantity::Integer(i128::from(r.value)),
                None,
            ));
        }
    }
    Ok(checks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knuth_moore_types_count_the_minimal_tree() {
        // d = 3, h = 3: 1 + 3 + 9 internal positions of the minimal tree's shape.
        assert_eq!(
            knuth_moore_types(3, 3),
            vec![[1, 0, 0], [1, 2, 0], [1, 2, 2]]
        );
    }

    #[test]
    fn every_windows_check_holds_and_shows_what_it_measured() {
        let checks = checks(1).unwrap();
        for c in &checks {
            assert!(
                c.ok,
                "{} {}: {:?} vs {:?} {:?}",
                c.check,
                c.params_text(),
                c.predicted,
                c.measured,
                c.detail
            );
        }
        for name in [
            "pvs-minimal",
            "node-kinds",
            "window-width",
            "guess-error",
            "vs-f2",
        ] {
            assert!(checks.iter().any(|c| c.check == name), "{name}");
        }
        // PVS on d = 3, h = 4: Corollary 1's 3^2 + 3^2 - 1 leaves.
        let pvs = checks.iter().find(|c| c.check == "pvs-minimal").unwrap();
        assert_eq!(pvs.measured, Quantity::Integer(17));
        let kinds = checks.iter().find(|c| c.check == "node-kinds").unwrap();
        assert!(kinds.params_text().contains("accuracy=100.0%"));
        // The narrowest window examines fewer leaves than the full one.
        let narrowest = checks.iter().rfind(|c| c.check == "window-width").unwrap();
        let leaves = |c: &Check, key: &str| match c.params.iter().find(|p| p.0 == key) {
            Some((_, Param::Int(n))) => *n,
            _ => panic!("{key}"),
        };
        assert!(leaves(narrowest, "leaves") < leaves(narrowest, "full_window"));
    }
}
