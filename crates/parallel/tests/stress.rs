//! Racy configurations repeated: the smallest split height, more threads than cores, trees
//! full of ties. Every result must equal serial F2's; the abort must really stop work.

use abbench_parallel::{ParallelAlgorithm, ParallelSearcher, SearchOptions};
use abbench_search::{Basic, F2Iter};
use abbench_tree::models::RandomTree;
use abbench_tree::{GameTree, Model, ModelSpec, TreeVisitor, full_tree_nodes};
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Duration;

struct Repeat<'a> {
    searchers: &'a [ParallelSearcher],
    repeats: usize,
    name: String,
}

impl TreeVisitor for Repeat<'_> {
    type Output = usize;
    fn visit<T: GameTree>(self, tree: &T) -> usize {
        let serial = F2Iter::new(tree).search::<Basic>(tree);
        let mut searches = 0;
        for searcher in self.searchers {
            for algorithm in ParallelAlgorithm::ALL {
                for repeat in 0..self.repeats {
                    // Classic young brothers wait and the cut wait, in turn.
                    let options = SearchOptions {
                        split_height: Some(1),
                        eldest_grain: None,
                        cut_wait: Some(1 + (repeat % 2) as u32),
                        // A watchdog: a search that stops making progress fails the
                        // test by name instead of hanging the run.
                        time_limit: Some(abbench_search::Seconds(Duration::from_secs(120))),
                        ..SearchOptions::default()
                    };
                    let threads = searcher.threads();
                    let r = searcher
                        .search(tree, algorithm, options)
                        .unwrap_or_else(|e| {
                            panic!("{algorithm} threads={threads} on {}: {e}", self.name)
                        });
                    assert_eq!(
                        r.value,
                        serial.value,
                        "{algorithm} threads={} split-height=1 on {}",
                        searcher.threads(),
                        self.name
                    );
                    searches += 1;
                }
            }
        }
        searches
    }
}

#[test]
fn racy_configurations_never_disagree() {
    let searchers: Vec<_> = [2, 5, 16]
        .into_iter()
        .map(|t| ParallelSearcher::new(t).unwrap())
        .collect();
    // Seeds from a xoshiro stream, so the stress covers new trees without new code.
    let mut seeds = Xoshiro256PlusPlus::seed_from_u64(0xAB_BE7C);
    let mut searches = 0;
    for round in 0..30 {
        let seed = seeds.next_u64();
        let spec = match round % 3 {
            0 => ModelSpec {
                values: 3,
                ..ModelSpec::new(Model::Random, 4, 6, seed)
            },
            1 => ModelSpec {
                ordering: 0.7,
                ..ModelSpec::new(Model::Ordered, 5, 5, seed)
            },
            _ => ModelSpec {
                values: 2,
                ..ModelSpec::new(Model::Random, 3, 7, seed)
            },
        };
        let name = format!("{spec:?}");
        searches += spec
            .visit_implicit(Repeat {
                searchers: &searchers,
                repeats: 4,
                name,
            })
            .unwrap();
    }
    assert_eq!(searches, 30 * 3 * ParallelAlgorithm::ALL.len() * 4);
}

#[test]
fn aborts_stop_work_far_below_negamax() {
    let searcher = ParallelSearcher::new(4).unwrap();
    let (mut aborts, mut aborted_nodes) = (0, 0);
    // Whether a sibling is still running when a cutoff lands is a matter of timing, so
    // keep searching trees until aborts have been seen (a handful suffice on an idle
    // machine; 64 covers a busy one) rather than expecting them from any one tree.
    for seed in 0..64 {
        // Serial subtrees of height 4 run long enough to poll their probe.
        let tree = RandomTree::new(8, 9, seed, 1 << 32);
        let serial = F2Iter::new(&tree).search::<Basic>(&tree);
        let all = full_tree_nodes(8, 9).unwrap();
        let options = SearchOptions {
            split_height: Some(5),
            eldest_grain: None,
            cut_wait: None,
            time_limit: None,
            ..SearchOptions::default()
        };
        let r = searcher
            .search(&tree, ParallelAlgorithm::Ybwc, options)
            .unwrap();
        assert_eq!(r.value, serial.value);
        // Far below F0 and within a small factor of serial F2.
        assert!(
            r.stats.nodes * 10 < all,
            "seed {seed}: {} of {all}",
            r.stats.nodes
        );
        assert!(r.stats.nodes < serial.stats.nodes * 3, "seed {seed}");
        aborts += r.stats.aborts;
        aborted_nodes += r.stats.aborted_nodes;
        if seed >= 7 && aborts > 0 && aborted_nodes > 0 {
            break;
        }
    }
    assert!(
        aborts > 0 && aborted_nodes > 0,
        "aborts {aborts}, aborted nodes {aborted_nodes}"
    );
}

#[test]
fn a_time_limit_stops_every_worker() {
    use std::sync::Arc;
    let searcher = Arc::new(ParallelSearcher::new(3).unwrap());
    // About 10^12 positions for F2: far beyond the limit.
    let tree = Arc::new(RandomTree::new(30, 14, 1, 1 << 32));
    for algorithm in ParallelAlgorithm::ALL {
        let options = SearchOptions {
            split_height: None,
            eldest_grain: None,
            cut_wait: None,
            time_limit: Some(abbench_search::Seconds(Duration::from_millis(50))),
            ..SearchOptions::default()
        };
        // The search runs on a thread of its own, so that a worker that never stops fails
        // this test after the wait below instead of hanging it.
        let (sent, outcome) = std::sync::mpsc::channel();
        let (searcher, tree) = (Arc::clone(&searcher), Arc::clone(&tree));
        std::thread::spawn(move || {
            // Nobody receives after a timeout: the send's error is nothing to report.
            let _ = sent.send(searcher.search(&*tree, algorithm, options));
        });
        let err = outcome
            .recv_timeout(Duration::from_secs(10))
            .unwrap_or_else(|_| panic!("{algorithm}: still searching 10 s after a 50 ms limit"))
            .unwrap_err();
        assert!(
            matches!(err, abbench_parallel::ParallelError::TimedOut { .. }),
            "{err}"
        );
    }
}
