//! Every serial procedure against the oracle F0 on seeded trees of every model: same
//! value, a best move F0 accepts, leaves F2 <= F1 <= F0, and f2-iter examining exactly
//! the positions F2 examines. A failure names the tree that reproduces it.

use abbench_search::{
    Basic, Counters, Detailed, F2Iter, NoProbe, Resume, SearchResult, SerialAlgorithm, f0, f1, f2,
};
use abbench_testkit::negamax;
use abbench_tree::{
    BranchOrder, GameTree, INFINITY, Model, ModelSpec, NEG_INFINITY, TreeVisitor, Value,
};
use proptest::prelude::*;

use crate::reference;
use abbench_search::SerialRun;

/// All four procedures on one tree, plus F0 of each root move's subtree.
struct AllFour;

struct Outcome {
    f0: SearchResult,
    f1: SearchResult,
    f2: SearchResult,
    f2_iter: SearchResult,
    /// `F(root)` recomputed through the reported best move: `-F(best child)`.
    value_through_best_move: Option<i64>,
}

impl TreeVisitor for AllFour {
    type Output = Outcome;
    fn visit<T: GameTree>(self, tree: &T) -> Outcome {
        let f0 = f0::<T, Detailed>(tree);
        let value_through_best_move = f0.best_move.map(|m| {
            let root = tree.root();
            let children = tree.children(root);
            let i = (0..tree.degree(root))
                .find(|&i| tree.move_number(root, &children, i) == m)
                .expect("best move is a move of the root");
            -negamax(tree, tree.child(root, &children, i))
        });
        Outcome {
            f1: f1::<T, Detailed>(tree),
            f2: f2::<T, Detailed>(tree),
            f2_iter: F2Iter::new(tree).search::<Detailed>(tree),
            f0,
            value_through_best_move,
        }
    }
}

fn check(spec: &ModelSpec) {
    let out = spec
        .visit_implicit(AllFour)
        .unwrap_or_else(|e| panic!("{spec:?}: {e}"));
    let ctx = format!("tree {spec:?}");
    assert_eq!(out.f1.value, out.f0.value, "F1 value, {ctx}");
    assert_eq!(out.f2.value, out.f0.value, "F2 value, {ctx}");
    assert_eq!(
        out.f2_iter, out.f2,
        "f2-iter must examine exactly what F2 does, {ctx}"
    );
    assert!(
        out.f2.stats.leaves <= out.f1.stats.leaves,
        "F2 <= F1 leaves, {ctx}"
    );
    assert!(
        out.f1.stats.leaves <= out.f0.stats.leaves,
        "F1 <= F0 leaves, {ctx}"
    );
    assert_eq!(
        out.f0.stats.nodes,
        out.f0.stats.levels.iter().sum::<u64>(),
        "{ctx}"
    );
    // Positions, leaves and cutoffs against the second implementation (the recursive
    // procedures as the paper writes them, on a copy of the tree); F0 never cuts.
    let copy = spec.visit_implicit(CopyTree).unwrap();
    let mut f1_count = reference::Count::default();
    let f1_value = reference::f1(&copy, INFINITY, &mut f1_count);
    let mut f2_count = reference::Count::default();
    let (f2_value, _) = reference::alphabeta(
        &copy,
        0,
        NEG_INFINITY,
        INFINITY,
        false,
        false,
        0,
        &mut f2_count,
    );
    for (name, result, value, count) in [
        ("F1", &out.f1, f1_value, &f1_count),
        ("F2", &out.f2, f2_value, &f2_count),
    ] {
        assert_eq!(
            (
                result.value,
                result.stats.nodes,
                result.stats.leaves,
                result.stats.cutoffs
            ),
            (value, count.nodes, count.leaves, Some(count.cutoffs)),
            "{name} against the reference, {ctx}"
        );
    }
    assert_eq!(out.f0.stats.cutoffs, Some(0), "F0 never cuts, {ctx}");
    if let Some(v) = out.value_through_best_move {
        assert_eq!(v, out.f0.value, "F0's best move, {ctx}");
    }
    for result in [&out.f1, &out.f2] {
        if let Some(m) = result.best_move {
            // The move that produced the value: F0 must accept it.
            let accepted = spec.visit_implicit(MoveValue(m)).unwrap();
            assert_eq!(
                accepted, out.f0.value,
                "best move {m} not accepted by F0, {ctx}"
            );
        }
    }
}

/// The tree copied for the reference searches.
struct CopyTree;

impl TreeVisitor for CopyTree {
    type Output = reference::Node;
    fn visit<T: GameTree>(self, tree: &T) -> reference::Node {
        reference::copy(tree)
    }
}

/// `-F(child)` for the root move with this move number.
struct MoveValue(usize);

impl TreeVisitor for MoveValue {
    type Output = i64;
    fn visit<T: GameTree>(self, tree: &T) -> i64 {
        let root = tree.root();
        let children = tree.children(root);
        let i = (0..tree.degree(root))
            .find(|&i| tree.move_number(root, &children, i) == self.0)
            .unwrap();
        -negamax(tree, tree.child(root, &children, i))
    }
}

fn model_spec() -> impl Strategy<Value = ModelSpec> {
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
        0u32..=5,
        any::<u64>(),
        prop_oneof![Just(3u64), Just(10), Just(1 << 32)],
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn every_procedure_agrees_with_negamax(spec in model_spec()) {
        check(&spec);
    }
}

/// Ragged trees, whose leaves lie at several depths, with ties among a node's leaf
/// children: F2 keeps the first child that reaches its value, and f2-iter, which handles a
/// leaf child inside its loop rather than in its leaf-parent run, must name the same one
/// (a `>=` there named the last of the tied children: the root's best move below is
/// move 1, not move 2). Leaf values are the root player's, as in a `.tree` file.
#[test]
fn ragged_trees_keep_the_first_of_tied_children() {
    let trees = [
        ("(3 4) 7 7", 7, Some(1)),
        ("7 (8 9) 7 (7 2)", 8, Some(1)),
        ("((1 2) 5) 5 (5 (6 5))", 5, Some(1)),
        ("(5 5) ((4 4) 4) 4", 5, Some(0)),
    ];
    for (body, value, best_move) in trees {
        let text = format!("({body})");
        let tree = abbench_tree::file::parse_tree(text.as_bytes(), "ragged", 1 << 20)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let out = AllFour.visit(&tree);
        let ctx = format!("tree {text}");
        assert_eq!(out.f0.value, value, "F0, {ctx}");
        assert_eq!(out.f2.value, value, "F2, {ctx}");
        assert_eq!(out.f2.best_move, best_move, "F2's best move, {ctx}");
        assert_eq!(out.f2_iter, out.f2, "f2-iter against F2, {ctx}");
        assert_eq!(out.f1.value, value, "F1, {ctx}");
        // The fail-soft kernel and PVS also handle a leaf child inside their loops, and
        // keep the first of tied children too.
        for algorithm in [SerialAlgorithm::F2Soft, SerialAlgorithm::Pvs] {
            let r = algorithm.search::<_, Basic>(&tree);
            assert_eq!(
                (r.value, r.best_move),
                (value, best_move),
                "{algorithm}, {ctx}"
            );
        }
    }
}

#[test]
fn larger_trees_of_every_model() {
    for model in Model::ALL {
        for seed in 0..4 {
            let mut spec = ModelSpec::new(model, 4, 6, seed);
            spec.ordering = 0.7;
            check(&spec);
            spec.order = BranchOrder::Static;
            check(&spec);
        }
    }
}

/// F2 of the root with window `(alpha, beta)`, once whole and once as its first `k`
/// children searched one by one followed by [`F2Iter::resume_node`] from child `k`: the
/// same value, best child and positions.
struct ResumeAt {
    k: usize,
    alpha: Value,
    beta: Value,
}

impl TreeVisitor for ResumeAt {
    type Output = ();
    fn visit<T: GameTree>(self, tree: &T) {
        let root = tree.root();
        let degree = tree.degree(root);
        if degree == 0 {
            return;
        }
        let k = self.k % degree;
        let mut kernel = F2Iter::new(tree);
        let mut whole = Basic::for_height(tree.height());
        let expected = kernel
            .search_node(tree, root, self.alpha, self.beta, &mut whole, &mut NoProbe)
            .unwrap();
        // The first k children as F2 searches them, then the rest in one call.
        let mut parts = Basic::for_height(tree.height());
        parts.position(0);
        let children = tree.children(root);
        let mut resume = Resume {
            next: 0,
            m: self.alpha,
            best: u32::MAX,
        };
        while (resume.next as usize) < k && resume.m < self.beta {
            let child = tree.child(root, &children, resume.next as usize);
            let r = kernel
                .search_node(tree, child, -self.beta, -resume.m, &mut parts, &mut NoProbe)
                .unwrap();
            if -r.value > resume.m {
                resume.m = -r.value;
                resume.best = resume.next;
            }
            resume.next += 1;
        }
        if resume.m < self.beta {
            let r = kernel
                .resume_node(
                    tree,
                    root,
                    (self.alpha, self.beta),
                    resume,
                    &mut parts,
                    &mut NoProbe,
                )
                .unwrap();
            assert_eq!(r, expected, "k = {k}");
        } else {
            assert_eq!(resume.m, expected.value, "k = {k}");
        }
        assert_eq!(parts.nodes(), whole.nodes(), "positions, k = {k}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn resuming_a_node_examines_what_f2_examines(
        spec in model_spec(),
        k in 0usize..8,
        window in prop_oneof![
            Just((abbench_tree::NEG_INFINITY, abbench_tree::INFINITY)),
            (-20i64..20, 0i64..20).prop_map(|(a, w)| (a, a + w + 1)),
        ],
    ) {
        spec.visit_implicit(ResumeAt { k, alpha: window.0, beta: window.1 }).unwrap();
    }
}
