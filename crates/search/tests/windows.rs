//! The window techniques against the reference implementation in `reference/`, on
//! seeded trees of every model and both layouts, ties and ragged trees included: F2 and
//! f2-iter with any root window and either cutoff criterion give the reference's value,
//! bound kind and positions; f2-soft likewise; node kinds per level are the reference's;
//! pvs, aspiration and MTD(f) give F0's value with a best move F0 accepts. On perfectly
//! ordered trees the node kinds are Knuth & Moore's types and pvs examines the minimal
//! tree. A failure names the tree, window and criterion that reproduce it.

use crate::reference;

use abbench_search::{
    Basic, Bound, Cutoff, Detailed, GuessSource, NodeKind, SearchResult, SerialAlgorithm,
    SerialOptions, SerialSearch, Window,
};
use abbench_tree::models::OrderedTree;
use abbench_tree::{
    BranchOrder, GameTree, INFINITY, Layout, Model, ModelSpec, NEG_INFINITY, TreeSpec, TreeVisitor,
    Value,
};
use proptest::prelude::*;

/// How a case chooses its window: around the true value (so it can fall inside, on an
/// end, or outside), or the full window.
#[derive(Clone, Copy, Debug)]
struct WindowChoice {
    /// Offsets of the ends from the true value; `None` for an infinite end.
    lo: Option<i64>,
    hi: Option<i64>,
}

impl WindowChoice {
    fn window(self, v: Value) -> Window {
        let alpha = self.lo.map_or(NEG_INFINITY, |o| v + o);
        let beta = self.hi.map_or(INFINITY, |o| v + o);
        if alpha < beta {
            Window::new(alpha, beta).unwrap()
        } else {
            Window::new(beta - 1, alpha + 1).unwrap()
        }
    }
}

struct Case {
    choice: WindowChoice,
    cutoff: Cutoff,
}

fn search<T: GameTree>(
    tree: &T,
    algorithm: SerialAlgorithm,
    options: SerialOptions,
) -> SearchResult {
    SerialSearch::new(algorithm, options, tree)
        .unwrap()
        .search::<Detailed>(tree)
}

fn move_value<T: GameTree>(tree: &T, root_copy: &reference::Node, m: usize) -> Value {
    let root = tree.root();
    let children = tree.children(root);
    let i = (0..tree.degree(root))
        .find(|&i| tree.move_number(root, &children, i) == m)
        .expect("a move of the root");
    let reference::Node::Inner(c) = root_copy else {
        panic!("a terminal root has no moves")
    };
    -reference::value(&c[i])
}

fn kinds_match(ctx: &str, result: &SearchResult, count: &reference::Count) {
    let kinds = result.kinds.as_ref().expect("kinds were asked for");
    for depth in 0..kinds.held.len() {
        let expect = |v: &Vec<[u64; 3]>, k: usize| v.get(depth).map_or(0, |row| row[k]);
        for (k, kind) in [NodeKind::Pv, NodeKind::Cut, NodeKind::All]
            .into_iter()
            .enumerate()
        {
            assert_eq!(
                kinds.actual.of(kind)[depth],
                expect(&count.actual, k),
                "{kind:?} at depth {depth}, {ctx}"
            );
            assert_eq!(
                kinds.predicted.of(kind)[depth],
                expect(&count.predicted, k),
                "predicted {kind:?} at depth {depth}, {ctx}"
            );
        }
        assert_eq!(
            kinds.held[depth],
            count.held.get(depth).copied().unwrap_or(0),
            "held at depth {depth}, {ctx}"
        );
    }
    assert!(
        count.actual.len() <= kinds.held.len(),
        "reference counted deeper internal nodes, {ctx}"
    );
}

impl TreeVisitor for Case {
    type Output = ();
    fn visit<T: GameTree>(self, tree: &T) {
        let copy = reference::copy(tree);
        let truth = reference::value(&copy);
        let window = self.choice.window(truth);
        let gt = self.cutoff == Cutoff::Gt;
        let ctx = format!("window {window}, cutoff {}", self.cutoff);
        let options = SerialOptions {
            window,
            cutoff: self.cutoff,
            ..SerialOptions::default()
        };
        let with_kinds = SerialOptions {
            kinds: true,
            ..options
        };
        for (soft, algorithms) in [
            (false, &[SerialAlgorithm::F2, SerialAlgorithm::F2Iter][..]),
            (true, &[SerialAlgorithm::F2Soft][..]),
        ] {
            let (value, best, count) =
                reference::root_search(&copy, window.alpha, window.beta, soft, gt);
            for &algorithm in algorithms {
                let ctx = format!("{algorithm}, {ctx}");
                for options in [options, with_kinds] {
                    let r = search(tree, algorithm, options);
                    assert_eq!(r.value, value, "value, {ctx}");
                    assert_eq!(r.stats.nodes, count.nodes, "positions, {ctx}");
                    assert_eq!(r.stats.leaves, count.leaves, "leaves, {ctx}");
                    assert_eq!(r.stats.cutoffs, Some(count.cutoffs), "cutoffs, {ctx}");
                    let bound = Bound::of(value, window);
                    if !window.is_full() || soft || options.kinds || gt {
                        assert_eq!(r.bound, Some(bound), "bound, {ctx}");
                    }
                    assert!(
                        bound.admits(r.value, truth),
                        "{bound} {} vs {truth}, {ctx}",
                        r.value
                    );
                    let expected_move = best.map(|i| {
                        let root = tree.root();
                        tree.move_number(root, &tree.children(root), i)
                    });
                    assert_eq!(r.best_move, expected_move, "best move, {ctx}");
                    if options.kinds {
                        kinds_match(&ctx, &r, &count);
                    }
                }
                // The timed counters see the same positions.
                let basic = SerialSearch::new(algorithm, options, tree)
                    .unwrap()
                    .search::<Basic>(tree);
                assert_eq!(
                    (basic.value, basic.stats.nodes),
                    (value, count.nodes),
                    "{ctx}"
                );
            }
        }
        // The searches that always find the value.
        let guesses = [None, Some(truth), Some(truth + 7), Some(truth - 1000)];
        for algorithm in [
            SerialAlgorithm::Pvs,
            SerialAlgorithm::Aspiration,
            SerialAlgorithm::Mtdf,
        ] {
            for (g, delta) in guesses.into_iter().zip([1, 3, 100, 5]) {
                let options = SerialOptions {
                    guess: g,
                    aspiration_delta: delta,
                    tt_mb: 1,
                    ..SerialOptions::default()
                };
                let ctx = format!("{algorithm}, guess {g:?}, delta {delta}");
                let mut searcher = SerialSearch::new(algorithm, options, tree).unwrap();
                let r = searcher.search::<Detailed>(tree);
                assert_eq!(r.value, truth, "value, {ctx}");
                if let Some(m) = r.best_move {
                    assert_eq!(move_value(tree, &copy, m), truth, "best move, {ctx}");
                }
                assert_eq!(r.best_move.is_some(), tree.degree(tree.root()) > 0, "{ctx}");
                // A second run of the same searcher examines the same positions.
                let again = searcher.search::<Detailed>(tree);
                assert_eq!(again, r, "repeat, {ctx}");
                // Aspiration and MTD(f) list their root searches; PVS makes one.
                assert_eq!(
                    r.passes.is_some(),
                    algorithm != SerialAlgorithm::Pvs,
                    "{ctx}"
                );
                if let Some(passes) = &r.passes {
                    let total: u64 = passes.runs.iter().map(|p| p.nodes).sum();
                    assert_eq!(total + passes.guess_nodes, r.stats.nodes, "{ctx}");
                    let last = passes.runs.last().unwrap();
                    assert_eq!(last.value, truth, "{ctx}");
                    if algorithm == SerialAlgorithm::Aspiration {
                        assert!((1..=2).contains(&passes.runs.len()), "{ctx}");
                        // The window around the guess, then the failed side opened.
                        let first = &passes.runs[0];
                        let around = (passes.guess - delta, passes.guess + delta);
                        assert_eq!((first.alpha, first.beta), around, "{ctx}");
                        if let Some(second) = passes.runs.get(1) {
                            let opened = if first.value >= first.beta {
                                (first.beta - 1, INFINITY)
                            } else {
                                assert!(first.value <= first.alpha, "{ctx}");
                                (NEG_INFINITY, first.alpha + 1)
                            };
                            assert_eq!((second.alpha, second.beta), opened, "{ctx}");
                        }
                    }
                    if g.is_some() {
                        assert_eq!(passes.guess_source, GuessSource::Given, "{ctx}");
                        // No guessing search: the passes' leaves are all the leaves.
                        let leaves: u64 = passes.runs.iter().map(|p| p.leaves).sum();
                        assert_eq!(leaves, r.stats.leaves, "{ctx}");
                    }
                }
            }
        }
    }
}

fn window_choice() -> impl Strategy<Value = WindowChoice> {
    let end = prop_oneof![
        1 => Just(None),
        4 => (-12i64..=12).prop_map(Some),
    ];
    (end.clone(), end).prop_map(|(lo, hi)| WindowChoice { lo, hi })
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
        2u32..=4,
        0u32..=5,
        any::<u64>(),
        prop_oneof![Just(2u64), Just(5), Just(1 << 32)],
        prop_oneof![Just(1.0f64), Just(0.7), Just(0.0)],
        prop_oneof![Just(BranchOrder::Natural), Just(BranchOrder::Static)],
        any::<bool>(),
        1u64..=6,
    )
        .prop_map(
            |(model, degree, height, seed, values, ordering, order, ragged, spread)| {
                let mut spec = ModelSpec::new(model, degree, height, seed);
                spec.values = values;
                spec.ordering = ordering;
                spec.order = order;
                spec.spread = spread;
                spec.edge_range = 4;
                if ragged && model == Model::Ordered {
                    spec.degree_min = Some(1);
                    spec.degree_max = Some(degree + 1);
                    spec.terminal_prob = 0.2;
                }
                spec
            },
        )
}

fn check(spec: &ModelSpec, layout: Layout, choice: WindowChoice, cutoff: Cutoff) {
    let tree = TreeSpec::model(spec.clone(), layout);
    let run = || {
        tree.visit(1 << 30, Case { choice, cutoff })
            .unwrap_or_else(|e| panic!("{spec:?}: {e}"))
    };
    if let Err(payload) = std::panic::catch_unwind(run) {
        eprintln!("failing tree: {spec:?}, {layout}, {choice:?}, cutoff {cutoff}");
        std::panic::resume_unwind(payload);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn windowed_searches_agree_with_the_reference(
        spec in model_spec(),
        arena in any::<bool>(),
        choice in window_choice(),
        gt in any::<bool>(),
    ) {
        let layout = if arena { Layout::Arena } else { Layout::Implicit };
        let cutoff = if gt { Cutoff::Gt } else { Cutoff::Ge };
        check(&spec, layout, choice, cutoff);
    }
}

#[test]
fn larger_trees_of_every_model() {
    for model in Model::ALL {
        for seed in 0..3 {
            let mut spec = ModelSpec::new(model, 4, 6, seed);
            spec.ordering = 0.7;
            spec.values = 6;
            let choice = WindowChoice {
                lo: Some(-3),
                hi: Some(2),
            };
            check(&spec, Layout::Implicit, choice, Cutoff::Ge);
            check(&spec, Layout::Implicit, choice, Cutoff::Gt);
        }
    }
}

/// Corollary 1: `d^ceil(l/2) + d^floor(l/2) - 1` positions on level `l`.
fn corollary1(d: u64, l: u32) -> u64 {
    d.pow(l.div_ceil(2)) + d.pow(l / 2) - 1
}

#[test]
fn perfectly_ordered_trees_have_knuth_and_moore_types_and_pvs_the_minimal_tree() {
    for (d, max_h) in [(2u32, 12u32), (3, 8), (4, 7), (5, 6), (8, 5)] {
        for h in 1..=max_h {
            let tree = OrderedTree::new(d, h, 5, 1.0, 1000, d, d, 0.0);
            let types = reference::km_types_per_level(d as usize, h as usize);
            for algorithm in [
                SerialAlgorithm::F2,
                SerialAlgorithm::F2Iter,
                SerialAlgorithm::F2Soft,
            ] {
                let options = SerialOptions {
                    kinds: true,
                    ..SerialOptions::default()
                };
                let r = search(&tree, algorithm, options);
                let kinds = r.kinds.unwrap();
                for (level, row) in types.iter().enumerate() {
                    let got = [
                        kinds.actual.pv[level],
                        kinds.actual.cut[level],
                        kinds.actual.all[level],
                    ];
                    assert_eq!(&got, row, "{algorithm} d={d} h={h} level {level}");
                    assert_eq!(
                        kinds.held[level],
                        row.iter().sum::<u64>(),
                        "every prediction holds, {algorithm} d={d} h={h} level {level}"
                    );
                }
            }
            let minimal = corollary1(u64::from(d), h);
            let pvs = search(&tree, SerialAlgorithm::Pvs, SerialOptions::default());
            assert_eq!(pvs.stats.leaves, minimal, "pvs d={d} h={h}");
            let expected: Vec<u64> = (0..=h).map(|l| corollary1(u64::from(d), l)).collect();
            assert_eq!(pvs.stats.levels, expected, "pvs d={d} h={h}");
            assert_eq!(pvs.value, 0);
        }
    }
}

#[test]
fn a_narrow_window_examines_no_more_than_the_full_one() {
    // Knuth & Moore §4: F2(p, a, b) with a < F(p) < b examines a subset of what
    // F2(p, -inf, +inf) examines.
    for seed in 0..20 {
        let spec = ModelSpec::new(Model::Random, 5, 6, seed);
        let full = spec.visit_implicit(Full(SerialOptions::default())).unwrap();
        let v = full.value;
        let narrow = spec
            .visit_implicit(Full(SerialOptions {
                window: Window::new(v - 1, v + 1).unwrap(),
                ..SerialOptions::default()
            }))
            .unwrap();
        assert_eq!(narrow.value, v);
        assert_eq!(narrow.bound, Some(Bound::Exact));
        assert!(narrow.stats.leaves <= full.stats.leaves, "seed {seed}");
    }
}

struct Full(SerialOptions);

impl TreeVisitor for Full {
    type Output = SearchResult;
    fn visit<T: GameTree>(self, tree: &T) -> SearchResult {
        search(tree, SerialAlgorithm::F2Iter, self.0)
    }
}

#[test]
fn the_greater_than_criterion_costs_positions_on_ties() {
    // Few distinct values make ties with beta common: `>` must examine at least as much.
    let mut more = 0;
    for seed in 0..20 {
        let mut spec = ModelSpec::new(Model::Random, 4, 6, seed);
        spec.values = 3;
        let ge = spec.visit_implicit(Full(SerialOptions::default())).unwrap();
        let gt = spec
            .visit_implicit(Full(SerialOptions {
                cutoff: Cutoff::Gt,
                ..SerialOptions::default()
            }))
            .unwrap();
        assert_eq!(
            gt.value, ge.value,
            "a full window finds the value either way"
        );
        assert!(gt.stats.leaves >= ge.stats.leaves, "seed {seed}");
        more += u32::from(gt.stats.leaves > ge.stats.leaves);
    }
    assert!(more > 0, "ties should cost the > criterion something");
}
