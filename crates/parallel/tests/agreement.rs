//! Both parallel algorithms against serial F2 (and F0's verdict on the best move) on
//! seeded trees of every model at 1, 2, 3, 4 and 8 threads, more threads than cores
//! included, with every split point shared and with small ones finished serially (eldest
//! grain). A mismatch names the tree, algorithm, threads and split configuration.

use abbench_parallel::{ParallelAlgorithm, ParallelSearcher, SearchOptions};
use abbench_search::{Basic, F2Iter, SerialAlgorithm, f0};
use abbench_tree::{BranchOrder, GameTree, Model, ModelSpec, TreeVisitor};
use std::sync::OnceLock;

const THREADS: [usize; 5] = [1, 2, 3, 4, 8];

/// The longest any one search here may take: each takes milliseconds.
const WATCHDOG: std::time::Duration = std::time::Duration::from_secs(120);

fn searchers() -> &'static Vec<ParallelSearcher> {
    static POOLS: OnceLock<Vec<ParallelSearcher>> = OnceLock::new();
    POOLS.get_or_init(|| {
        THREADS
            .iter()
            .map(|&t| ParallelSearcher::new(t).unwrap())
            .collect()
    })
}

/// Searches one tree with every algorithm, thread count and the given (split height,
/// eldest grain) pairs, checking each result; returns the number of searches checked.
struct CheckAll<'a> {
    name: &'a str,
    splits: &'a [(u32, Option<u64>, Option<u32>)],
}

/// `-F(child)` of the root move with this move number, by F0.
fn value_through<T: GameTree>(tree: &T, move_number: usize) -> i64 {
    fn negamax<T: GameTree>(tree: &T, node: T::Node) -> i64 {
        let d = tree.degree(node);
        if d == 0 {
            return tree.value(node);
        }
        let children = tree.children(node);
        (0..d)
            .map(|i| -negamax(tree, tree.child(node, &children, i)))
            .max()
            .unwrap()
    }
    let root = tree.root();
    let children = tree.children(root);
    let i = (0..tree.degree(root))
        .find(|&i| tree.move_number(root, &children, i) == move_number)
        .expect("best move is a root move");
    -negamax(tree, tree.child(root, &children, i))
}

impl TreeVisitor for CheckAll<'_> {
    type Output = usize;
    fn visit<T: GameTree>(self, tree: &T) -> usize {
        let serial = F2Iter::new(tree).search::<Basic>(tree);
        let small = tree.height() <= 6;
        if small {
            assert_eq!(
                f0::<T, Basic>(tree).value,
                serial.value,
                "F0 vs F2 on {}",
                self.name
            );
        }
        let mut checked = 0;
        for (searcher, threads) in searchers().iter().zip(THREADS) {
            for algorithm in ParallelAlgorithm::ALL {
                for &(split_height, eldest_grain, cut_wait) in self.splits {
                    let options = SearchOptions {
                        split_height: Some(split_height),
                        eldest_grain,
                        cut_wait,
                        // A watchdog, far above any of these searches' time: a search
                        // that stops making progress fails the test by name instead of
                        // hanging the run.
                        time_limit: Some(abbench_search::Seconds(WATCHDOG)),
                        ..SearchOptions::default()
                    };
                    let ctx = format!(
                        "{algorithm} threads={threads} split-height={split_height} \
                         eldest-grain={eldest_grain:?} cut-wait={cut_wait:?} on {}",
                        self.name
                    );
                    let r = searcher
                        .search(tree, algorithm, options)
                        .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                    assert_eq!(r.value, serial.value, "value, {ctx}");
                    assert_eq!(r.best_move.is_some(), serial.best_move.is_some(), "{ctx}");
                    if let Some(m) = r.best_move {
                        assert_eq!(value_through(tree, m), serial.value, "best move {m}, {ctx}");
                    }
                    // One worker searches exactly what serial F2 searches, where F2's
                    // kernel is the algorithm's serial form (Jamboree's is PVS, the
                    // null-window search's MTD(f)).
                    let serial_form_is_f2 = algorithm.serial_form() == SerialAlgorithm::F2Iter;
                    if threads == 1 && serial_form_is_f2 {
                        assert_eq!(r.stats.nodes, serial.stats.nodes, "nodes, {ctx}");
                        assert_eq!(r.stats.leaves, serial.stats.leaves, "leaves, {ctx}");
                    }
                    checked += 1;
                }
            }
        }
        checked
    }
}

fn specs() -> Vec<ModelSpec> {
    let mut specs = Vec::new();
    let mut add = |spec: ModelSpec| specs.push(spec);
    for seed in 0..100u64 {
        let d = 2 + (seed % 4) as u32;
        let h = 2 + (seed % 5) as u32;
        add(ModelSpec::new(Model::Random, d, h, seed));
        add(ModelSpec {
            values: 3,
            ..ModelSpec::new(Model::Random, d + 1, h, seed)
        });
        for ordering in [1.0, 0.7, 0.0] {
            add(ModelSpec {
                ordering,
                ..ModelSpec::new(Model::Ordered, d, h, seed)
            });
        }
        add(ModelSpec {
            degree_min: Some(1),
            degree_max: Some(d + 2),
            terminal_prob: 0.15,
            ordering: 0.7,
            ..ModelSpec::new(Model::Ordered, d, h + 1, seed)
        });
        add(ModelSpec::new(Model::Dependent, d, h, seed));
        for order in [BranchOrder::Natural, BranchOrder::Static] {
            add(ModelSpec {
                order,
                edge_range: 3,
                ..ModelSpec::new(Model::BranchSum, d, h, seed)
            });
        }
        add(ModelSpec::new(Model::Worst, d, h.min(5), seed));
    }
    specs
}

#[test]
fn parallel_searches_agree_with_serial_f2_on_every_model() {
    let specs = specs();
    assert!(specs.len() >= 1000);
    let mut searches = 0;
    for spec in &specs {
        let name = format!("{spec:?}");
        searches += spec
            .visit_implicit(CheckAll {
                name: &name,
                // Every split point shares at heights 1 and 2; with a grain of 8 small
                // split points are finished serially by their owners; with a cut wait of
                // 2 expected cut nodes search two brothers before they share.
                splits: &[
                    (1, None, None),
                    (2, None, None),
                    (1, Some(8), None),
                    (1, None, Some(2)),
                ],
            })
            .unwrap();
    }
    // Every tree at five thread counts, every algorithm, four split configurations.
    assert_eq!(searches, specs.len() * 5 * ParallelAlgorithm::ALL.len() * 4);
}

#[test]
fn larger_trees_split_at_several_levels() {
    for seed in 0..6 {
        for spec in [
            ModelSpec::new(Model::Random, 6, 7, seed),
            ModelSpec {
                ordering: 0.7,
                ..ModelSpec::new(Model::Ordered, 8, 6, seed)
            },
            ModelSpec {
                order: BranchOrder::Static,
                ..ModelSpec::new(Model::BranchSum, 5, 7, seed)
            },
            ModelSpec {
                values: 3,
                ..ModelSpec::new(Model::Random, 5, 7, seed)
            },
        ] {
            let name = format!("{spec:?}");
            spec.visit_implicit(CheckAll {
                name: &name,
                splits: &[
                    (1, None, None),
                    (3, None, None),
                    (2, Some(64), None),
                    (2, Some(1024), None),
                    (2, None, Some(3)),
                ],
            })
            .unwrap();
        }
    }
}
