//! The signature: a deterministic fingerprint of the serial searches, like a chess
//! engine's `bench` node count. A fixed set of trees of every model is searched by F0,
//! F1, F2 and f2-iter, and by the window techniques with their default options (f2-soft,
//! pvs, aspiration, mtdf); each case's value, nodes and leaves, and the total of nodes, are
//! written one per line. Two small trees are also searched by root splitting and young
//! brothers wait on 4 and 64 SIMULATED virtual processors (`abbench_parallel::sim`,
//! default costs, split height [`SIM_SPLIT_HEIGHT`]), whose positions, unlike a threaded
//! search's, do not vary from run to run: cases `tree/sim-ALGO-pP`. Any change to a kernel or a tree model that changes what is
//! examined changes the signature, whatever the machine; CI compares it with the committed
//! `ci/baselines/signature.txt`.
//!
//! Format: `#` comment lines, then one `name value nodes leaves` line per case, then
//! `total N`.

use crate::MeasureError;
use abbench_parallel::sim::{SimCosts, simulate_scaling};
use abbench_parallel::{ParallelAlgorithm, SearchOptions};
use abbench_results::FileError;
use abbench_search::SerialRun;
use abbench_search::{Basic, SerialAlgorithm};
use abbench_tree::{
    BranchOrder, GameTree, Layout, Model, ModelSpec, TreeSource, TreeSpec, TreeVisitor, Value,
};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

/// One search of the signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignatureCase {
    /// `tree/algorithm`, e.g. `random-d8-h6-s1/f2`.
    pub name: String,
    /// The root value.
    pub value: Value,
    /// Positions examined.
    pub nodes: u64,
    /// Terminal positions examined.
    pub leaves: u64,
}

/// Every case of the signature, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Signature {
    /// The cases.
    pub cases: Vec<SignatureCase>,
}

/// The fixed trees: every model, uniform and variable branching, few and many distinct
/// values, both branch-sum orders and both layouts.
fn signature_trees() -> Vec<TreeSpec> {
    let implicit = |spec| TreeSpec::model(spec, Layout::Implicit);
    let ordered = |degree, height, seed, ordering| ModelSpec {
        ordering,
        ..ModelSpec::new(Model::Ordered, degree, height, seed)
    };
    let branch_sum = |order| ModelSpec {
        order,
        ..ModelSpec::new(Model::BranchSum, 5, 7, 1)
    };
    vec![
        implicit(ModelSpec::new(Model::Random, 8, 6, 1)),
        implicit(ModelSpec::new(Model::Random, 8, 6, 2)),
        TreeSpec::model(ModelSpec::new(Model::Random, 8, 6, 1), Layout::Arena),
        implicit(ModelSpec {
            values: 10,
            ..ModelSpec::new(Model::Random, 4, 9, 1)
        }),
        implicit(ordered(6, 7, 1, 1.0)),
        implicit(ordered(6, 7, 1, 0.7)),
        implicit(ordered(6, 7, 2, 0.7)),
        implicit(ModelSpec {
            degree_min: Some(2),
            degree_max: Some(8),
            terminal_prob: 0.1,
            // Seed 1's root is terminal; seed 2's tree is not trivial.
            ..ordered(5, 8, 2, 0.9)
        }),
        implicit(ModelSpec::new(Model::Dependent, 3, 10, 1)),
        implicit(ModelSpec::new(Model::Dependent, 4, 7, 2)),
        implicit(branch_sum(BranchOrder::Natural)),
        implicit(branch_sum(BranchOrder::Static)),
        implicit(ModelSpec::new(Model::Worst, 3, 8, 1)),
    ]
}

/// The virtual processor counts of the simulated cases.
pub const SIM_PROCS: [usize; 2] = [4, 64];

/// ybwc's split height in the simulated cases: low enough that these small trees split.
pub const SIM_SPLIT_HEIGHT: u32 = 2;

/// ybwc's eldest grain in the grained simulated cases (`sim-ybwc-g64-p…`): on these
/// trees the split points of the lowest levels are finished serially and the higher
/// ones shared, so a change to either path, or to the choice between them, shows.
pub const SIM_ELDEST_GRAIN: u64 = 64;

/// The trees searched in simulation: one random, one imperfectly ordered (seed 2, where
/// both algorithms search extra positions).
fn simulated_trees() -> Vec<TreeSpec> {
    vec![
        TreeSpec::model(ModelSpec::new(Model::Random, 8, 6, 1), Layout::Implicit),
        TreeSpec::model(
            ModelSpec {
                ordering: 0.7,
                ..ModelSpec::new(Model::Ordered, 6, 7, 2)
            },
            Layout::Implicit,
        ),
    ]
}

/// A case's tree name, e.g. `random-d8-h6-s1`, `ordered-d2..8-h8-q0.9-p0.1-s1`,
/// `branch-sum-static-d5-h7-s1`, `random-d8-h6-s1-arena`.
fn tree_name(tree: &TreeSpec) -> String {
    let TreeSource::Model(m) = &tree.source else {
        return tree.to_string();
    };
    let mut name = m.model.name().to_string();
    if m.model == Model::BranchSum {
        let _ = write!(name, "-{}", m.order);
    }
    if m.is_uniform() {
        let _ = write!(name, "-d{}", m.degree);
    } else {
        let _ = write!(name, "-d{}..{}", m.degree_min(), m.degree_max());
    }
    let _ = write!(name, "-h{}", m.height);
    if m.model == Model::Random && m.values != abbench_tree::DEFAULT_VALUES {
        let _ = write!(name, "-v{}", m.values);
    }
    if m.model == Model::Ordered {
        let _ = write!(name, "-q{}", m.ordering);
        if !m.is_uniform() {
            let _ = write!(name, "-p{}", m.terminal_prob);
        }
    }
    let _ = write!(name, "-s{}", m.seed);
    if tree.layout == Layout::Arena {
        name.push_str("-arena");
    }
    name
}

/// Runs every serial algorithm on one tree.
struct SerialSearches;

impl TreeVisitor for SerialSearches {
    type Output = Vec<(SerialAlgorithm, Value, u64, u64)>;
    fn visit<T: GameTree>(self, tree: &T) -> Self::Output {
        SerialAlgorithm::ALL
            .into_iter()
            .map(|algo| {
                let r = algo.search::<T, Basic>(tree);
                (algo, r.value, r.stats.nodes, r.stats.leaves)
            })
            .collect()
    }
}

/// Simulates both parallel algorithms at [`SIM_PROCS`] on one tree.
struct SimulatedSearches;

impl TreeVisitor for SimulatedSearches {
    type Output = Result<Vec<(String, Value, u64, u64)>, String>;
    fn visit<T: GameTree>(self, tree: &T) -> Self::Output {
        let options = SearchOptions {
            split_height: Some(SIM_SPLIT_HEIGHT),
            ..SearchOptions::default()
        };
        let grained = SearchOptions {
            eldest_grain: Some(SIM_ELDEST_GRAIN),
            ..options
        };
        let runs = [
            (ParallelAlgorithm::RootSplit, options, String::new()),
            (ParallelAlgorithm::Ybwc, options, String::new()),
            (
                ParallelAlgorithm::Ybwc,
                grained,
                format!("-g{SIM_ELDEST_GRAIN}"),
            ),
        ];
        let mut cases = Vec::new();
        for (algo, options, tag) in runs {
            let results = simulate_scaling(tree, algo, &SIM_PROCS, &SimCosts::CALIBRATED, &options)
                .map_err(|e| e.to_string())?;
            for r in results {
                cases.push((
                    format!("sim-{algo}{tag}-p{}", r.procs),
                    r.value,
                    r.nodes,
                    r.leaves,
                ));
            }
        }
        Ok(cases)
    }
}

/// Computes the signature on this machine (about a second in a release build).
pub fn signature() -> Result<Signature, MeasureError> {
    let mut cases = Vec::new();
    for tree in signature_trees() {
        let name = tree_name(&tree);
        let results = tree.visit(abbench_tree::arena::default_memory_budget(), SerialSearches)?;
        for (algo, value, nodes, leaves) in results {
            cases.push(SignatureCase {
                name: format!("{name}/{algo}"),
                value,
                nodes,
                leaves,
            });
        }
    }
    for tree in simulated_trees() {
        let name = tree_name(&tree);
        let results = tree
            .visit(
                abbench_tree::arena::default_memory_budget(),
                SimulatedSearches,
            )?
            .map_err(MeasureError::Simulation)?;
        for (case, value, nodes, leaves) in results {
            cases.push(SignatureCase {
                name: format!("{name}/{case}"),
                value,
                nodes,
                leaves,
            });
        }
    }
    Ok(Signature { cases })
}

impl Signature {
    /// The sum of every case's nodes.
    pub fn total_nodes(&self) -> u64 {
        self.cases.iter().map(|c| c.nodes).sum()
    }

    /// The text form: comments, one line per case, `total N`.
    pub fn to_text(&self) -> String {
        let mut text = String::from(
            "# abbench signature: serial searches (f0, f1, f2, f2-iter, f2-soft, pvs, aspiration,\n\
             # mtdf) of fixed trees, and\n\
             # root-split and ybwc SIMULATED on 4 and 64 virtual processors (sim-*).\n\
             # One line per case: name value nodes leaves; then the total of nodes.\n",
        );
        for c in &self.cases {
            let _ = writeln!(text, "{} {} {} {}", c.name, c.value, c.nodes, c.leaves);
        }
        let _ = writeln!(text, "total {}", self.total_nodes());
        text
    }

    /// Parses the text form; `path` names the file in errors. The `total` line must be
    /// present and equal the sum of the cases.
    pub fn parse(text: &str, path: &Path) -> Result<Signature, MeasureError> {
        let bad = |line: usize, message: String| {
            MeasureError::from(FileError::BadInput {
                path: path.to_path_buf(),
                line,
                message,
            })
        };
        let mut cases = Vec::new();
        let mut total = None;
        for (i, line) in text.lines().enumerate() {
            let number = i + 1;
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if total.is_some() {
                return Err(bad(number, "nothing may follow the `total` line".into()));
            }
            let fields: Vec<&str> = line.split_whitespace().collect();
            match fields.as_slice() {
                ["total", n] => {
                    total = Some(
                        n.parse::<u64>()
                            .map_err(|_| bad(number, format!("total '{n}' is not a count")))?,
                    );
                }
                [name, value, nodes, leaves] => {
                    let number_of = |what: &str, s: &str| {
                        s.parse::<u64>()
                            .map_err(|_| bad(number, format!("{what} '{s}' is not a count")))
                    };
                    cases.push(SignatureCase {
                        name: (*name).to_string(),
                        value: value
                            .parse::<Value>()
                            .map_err(|_| bad(number, format!("value '{value}' is not a value")))?,
                        nodes: number_of("nodes", nodes)?,
                        leaves: number_of("leaves", leaves)?,
                    });
                }
                _ => {
                    return Err(bad(
                        number,
                        format!("expected `name value nodes leaves` or `total N`, found '{line}'"),
                    ));
                }
            }
        }
        let signature = Signature { cases };
        match total {
            None => Err(bad(0, "no `total` line: the file is incomplete".into())),
            Some(t) if t != signature.total_nodes() => Err(bad(
                0,
                format!(
                    "the total {t} is not the sum of the cases' nodes, {}",
                    signature.total_nodes()
                ),
            )),
            Some(_) => Ok(signature),
        }
    }

    /// Compares this (expected) signature with `actual`.
    pub fn check(&self, actual: &Signature) -> SignatureCheck {
        let by_name = |s: &Signature| -> BTreeMap<String, SignatureCase> {
            s.cases
                .iter()
                .map(|c| (c.name.clone(), c.clone()))
                .collect()
        };
        let (expected_cases, actual_cases) = (by_name(self), by_name(actual));
        let changed = self
            .cases
            .iter()
            .filter_map(|e| {
                let a = actual_cases.get(&e.name)?;
                (a != e).then(|| (e.clone(), a.clone()))
            })
            .collect();
        SignatureCheck {
            changed,
            missing: self
                .cases
                .iter()
                .filter(|c| !actual_cases.contains_key(&c.name))
                .map(|c| c.name.clone())
                .collect(),
            extra: actual
                .cases
                .iter()
                .filter(|c| !expected_cases.contains_key(&c.name))
                .map(|c| c.name.clone())
                .collect(),
            expected_total: self.total_nodes(),
            actual_total: actual.total_nodes(),
        }
    }
}

/// What `signature --check` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignatureCheck {
    /// Cases whose value or counts differ: (expected, actual).
    pub changed: Vec<(SignatureCase, SignatureCase)>,
    /// Expected cases not computed.
    pub missing: Vec<String>,
    /// Computed cases not expected.
    pub extra: Vec<String>,
    /// The expected total of nodes.
    pub expected_total: u64,
    /// The computed total.
    pub actual_total: u64,
}

impl SignatureCheck {
    /// Whether the signatures agree in every case.
    pub fn passed(&self) -> bool {
        self.changed.is_empty() && self.missing.is_empty() && self.extra.is_empty()
    }

    /// 0 when the signatures agree, 1 otherwise.
    pub fn exit_code(&self) -> u8 {
        u8::from(!self.passed())
    }

    /// A line per difference, then the verdict with both totals.
    pub fn report(&self) -> String {
        let mut text = String::new();
        for (e, a) in &self.changed {
            let _ = writeln!(
                text,
                "changed {}: expected value {} nodes {} leaves {}, got value {} nodes {} leaves {}",
                e.name, e.value, e.nodes, e.leaves, a.value, a.nodes, a.leaves
            );
        }
        for name in &self.missing {
            let _ = writeln!(text, "missing {name}: expected but not computed");
        }
        for name in &self.extra {
            let _ = writeln!(
                text,
                "extra {name}: computed but not in the expected signature"
            );
        }
        let _ = writeln!(
            text,
            "signature {}: total {} (expected {}); {} changed, {} missing, {} extra",
            if self.passed() { "ok" } else { "MISMATCH" },
            self.actual_total,
            self.expected_total,
            self.changed.len(),
            self.missing.len(),
            self.extra.len()
        );
        text
    }
}

/// `signature --check FILE`: reads the expected signature and compares this machine's
/// with it. An error (unusable input) if the file cannot be read or parsed.
pub fn check_signature_file(path: &Path) -> Result<SignatureCheck, MeasureError> {
    let text = abbench_results::read_text(path, abbench_results::MAX_SMALL_FILE_BYTES)?;
    let expected = Signature::parse(&text, path)?;
    Ok(expected.check(&signature()?))
}
