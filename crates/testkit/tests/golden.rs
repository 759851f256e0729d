//! The golden figures of `data/golden.txt` recomputed: every line must match what the
//! kernels find now, every algorithm must agree on each workload's value, `f2` and
//! `f2-iter` must count the same positions, and F0 — the oracle — must confirm the value
//! wherever it is affordable. The window techniques (f2-soft, pvs, aspiration, mtdf) and
//! the kernel with a narrow root window around the value must find the same value.
//!
//! Every value is also confirmed apart from the kernels: by a textbook alpha-beta written
//! here on all ten workloads, and by plain negamax (F0, every position; this crate's
//! `negamax.rs`) on the five of at most [`NEGAMAX_POSITIONS`] positions. The other five
//! hold 286 million to 4.6 billion positions, a minute in release mode on a quiet
//! machine, more than CI can spare: negamax confirms them in
//! `examples/golden_negamax.rs`, run on demand by `ci/golden-negamax.sh`, whose record
//! (`benches/data/golden-negamax.txt`) the last test here holds golden.txt to. Positions and leaves are the kernels' own counts,
//! snapshots: no other search examines the same positions (but F0, whose count is the
//! whole tree's).
//!
//! When a change is meant to alter the figures (a new workload; never a kernel's
//! counting), regenerate the file with
//! `ABBENCH_BLESS_GOLDEN=1 cargo test --release -p abbench-testkit --test testkit golden`
//! and review the diff.

use abbench_benches::{NARROW, golden, variant, workload};
use abbench_search::SerialRun;
use abbench_search::{Basic, SerialAlgorithm, SerialSearch};
use abbench_testkit::negamax;
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY, TreeVisitor, Value, full_tree_nodes};

const WINDOWED: [&str; 5] = ["f2-soft", "pvs", "aspiration", "mtdf", NARROW];

/// The (workload, algorithms) lines of the data file, in order.
const LINES: &[(&str, &[&str])] = &[
    ("random-d8-h10", &["f1", "f2", "f2-iter"]),
    ("random-d16-h7", &["f1", "f2", "f2-iter"]),
    (
        "random-d8-h6",
        &[
            "f0",
            "f1",
            "f2",
            "f2-iter",
            WINDOWED[0],
            WINDOWED[1],
            WINDOWED[2],
            WINDOWED[3],
            WINDOWED[4],
        ],
    ),
    (
        "ordered-d16-h8-q0.7",
        &[
            "f2",
            "f2-iter",
            WINDOWED[0],
            WINDOWED[1],
            WINDOWED[2],
            WINDOWED[3],
            WINDOWED[4],
        ],
    ),
    ("branch-sum-static-d8-h8", &["f2", "f2-iter"]),
    ("random-d8-h5", &["f0", "f2-iter"]),
    (
        "random-d8-h8",
        &[
            "f2",
            "f2-iter",
            WINDOWED[0],
            WINDOWED[1],
            WINDOWED[2],
            WINDOWED[3],
            WINDOWED[4],
        ],
    ),
    ("peer-d8-h8", &["f2-iter"]),
    ("peer-d8-h10", &["f2-iter"]),
    ("peer-d16-h7", &["f2-iter"]),
];

/// Runs the named searches; the narrow window is set around the kernel's value.
struct Run(&'static [&'static str]);

impl TreeVisitor for Run {
    type Output = Vec<abbench_search::SearchResult>;
    fn visit<T: GameTree>(self, tree: &T) -> Self::Output {
        let value = SerialAlgorithm::F2Iter.search::<T, Basic>(tree).value;
        self.0
            .iter()
            .map(|name| {
                let (algo, options) = variant(name, value);
                SerialSearch::new(algo, options, tree)
                    .expect("bench variants are valid")
                    .search::<Basic>(tree)
            })
            .collect()
    }
}

#[test]
fn golden_figures_are_what_the_kernels_find() {
    let mut blessed = String::from(
        "# Golden figures of the benchmark workloads (benches/src/workloads.rs):\n\
         # workload algorithm value nodes leaves. Checked by crates/testkit/tests/golden.rs.\n\
         # Values: every one confirmed there by a test-local alpha-beta, and by negamax on\n\
         # the trees of at most 20 million positions; on every tree by negamax in release\n\
         # mode, recorded in golden-negamax.txt (bash ci/golden-negamax.sh). Nodes and\n\
         # leaves: the kernels' own counts, snapshots (F0's alone are the whole tree's).\n",
    );
    for (name, algos) in LINES {
        let w = workload(name);
        let results = w.spec.visit_implicit(Run(algos)).unwrap();
        let value = results[0].value;
        for (algo, r) in algos.iter().zip(&results) {
            assert_eq!(r.value, value, "{name}: {algo} disagrees with {}", algos[0]);
            blessed.push_str(&format!(
                "{name} {algo} {} {} {}\n",
                r.value, r.stats.nodes, r.stats.leaves
            ));
        }
        let by = |a: &str| algos.iter().position(|x| *x == a).map(|i| &results[i]);
        if let (Some(f2), Some(iter)) = (by("f2"), by("f2-iter")) {
            assert_eq!(f2, iter, "{name}: f2-iter must examine what f2 does");
        }
        if let (Some(iter), Some(narrow)) = (by("f2-iter"), by(NARROW)) {
            // Knuth & Moore §4: a narrower window never examines more.
            assert!(
                narrow.stats.leaves <= iter.stats.leaves,
                "{name}: the narrow window examined more leaves than the full one"
            );
        }
        if let Some(f0) = by("f0") {
            let all = full_tree_nodes(u64::from(w.spec.degree), w.spec.height).unwrap();
            assert_eq!(f0.stats.nodes, all, "{name}: F0 examines every position");
        }
    }
    if std::env::var_os("ABBENCH_BLESS_GOLDEN").is_some() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../benches/data/golden.txt");
        std::fs::write(path, &blessed).unwrap();
        return;
    }
    for line in blessed.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let g = golden(f[0], f[1]);
        let found = (
            f[2].parse().unwrap(),
            f[3].parse().unwrap(),
            f[4].parse().unwrap(),
        );
        assert_eq!((g.value, g.nodes, g.leaves), found, "{} {}", f[0], f[1]);
    }
}

/// What every bench does with a search it times, on a search one position off: the
/// golden check panics, and with it the bench in `ci/benches.sh`'s test mode.
#[test]
#[should_panic(expected = "random-d8-h6 f2-iter: nodes")]
fn a_wrong_count_fails_the_benches_golden_check() {
    let what = "random-d8-h6 f2-iter";
    let mut result = workload("random-d8-h6")
        .spec
        .visit_implicit(Run(&["f2-iter"]))
        .unwrap()
        .remove(0);
    golden("random-d8-h6", "f2-iter").check(what, &result);
    result.stats.nodes += 1;
    golden("random-d8-h6", "f2-iter").check(what, &result);
}

/// Trees of at most this many positions are also searched by plain negamax.
const NEGAMAX_POSITIONS: u64 = 20_000_000;

/// Fail-hard alpha-beta, written here apart from the kernels: `F` when
/// `alpha < F < beta`, else the bound it crossed.
fn alpha_beta<T: GameTree>(tree: &T, node: T::Node, alpha: Value, beta: Value) -> Value {
    let degree = tree.degree(node);
    if degree == 0 {
        return tree.value(node).clamp(alpha, beta);
    }
    let children = tree.children(node);
    let mut alpha = alpha;
    for i in 0..degree {
        let t = -alpha_beta(tree, tree.child(node, &children, i), -beta, -alpha);
        if t >= beta {
            return beta;
        }
        alpha = alpha.max(t);
    }
    alpha
}

/// The value of the tree by the searches above: alpha-beta always, negamax too on
/// trees small enough.
struct Oracles;

impl TreeVisitor for Oracles {
    type Output = (Value, Option<Value>);
    fn visit<T: GameTree>(self, tree: &T) -> Self::Output {
        let root = tree.root();
        let full = full_tree_nodes(tree.max_degree() as u64, tree.height()).unwrap();
        let all = (full <= NEGAMAX_POSITIONS).then(|| negamax(tree, root));
        (alpha_beta(tree, root, NEG_INFINITY, INFINITY), all)
    }
}

#[test]
fn every_golden_value_is_the_value_searches_written_here_find() {
    let mut by_negamax = 0;
    for (name, algos) in LINES {
        let (by_alpha_beta, by_all) = workload(name).spec.visit_implicit(Oracles).unwrap();
        let golden = golden(name, algos[0]).value;
        assert_eq!(golden, by_alpha_beta, "{name}: the test's alpha-beta");
        if let Some(value) = by_all {
            assert_eq!(golden, value, "{name}: negamax");
            by_negamax += 1;
        }
    }
    assert_eq!(by_negamax, 5, "negamax confirms the five smaller trees");
}

/// What `ci/golden-negamax.sh` recorded: negamax over every position of each workload,
/// in release mode (`examples/golden_negamax.rs`), with the machine and the times.
const NEGAMAX_RECORD: &str = include_str!("../../../benches/data/golden-negamax.txt");

#[test]
fn every_golden_value_is_the_value_the_recorded_negamax_found() {
    let recorded: Vec<Vec<&str>> = NEGAMAX_RECORD
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(recorded.len(), LINES.len(), "one record line a workload");
    for (name, algos) in LINES {
        let line = recorded
            .iter()
            .find(|f| f[0] == *name)
            .unwrap_or_else(|| panic!("{name}: no negamax record; run ci/golden-negamax.sh"));
        let spec = workload(name).spec;
        let positions = full_tree_nodes(u64::from(spec.degree), spec.height).unwrap();
        assert_eq!(
            (
                line[1].parse::<Value>().unwrap(),
                line[2].parse::<u64>().unwrap()
            ),
            (golden(name, algos[0]).value, positions),
            "{name}: golden.txt and the negamax record (value, positions) disagree; \
             run ci/golden-negamax.sh"
        );
    }
}
