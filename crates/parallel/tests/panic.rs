//! A panic inside a worker — here, a tree whose evaluation fails deep below a split point —
//! becomes an error result: never a hang, never a value.

use abbench_parallel::{ParallelAlgorithm, ParallelError, ParallelSearcher, SearchOptions};
use abbench_testkit::FaultyTree;
use abbench_tree::models::RandomTree;

#[test]
fn a_worker_panic_is_an_error_not_a_hang() {
    let tree = FaultyTree::new(RandomTree::new(6, 6, 4, 1 << 32));
    for threads in [1, 2, 4] {
        let searcher = ParallelSearcher::new(threads).unwrap();
        // With a first guess given, the searches that guess (the null-window and
        // best-first searches) start their parallel part at once, so the panic
        // happens in a worker's unit rather than in the owner's guess.
        for (algorithm, guess) in ParallelAlgorithm::ALL
            .into_iter()
            .flat_map(|a| [(a, None), (a, Some(0))])
        {
            let options = SearchOptions {
                split_height: Some(2),
                eldest_grain: None,
                cut_wait: Some(2),
                time_limit: None,
                guess,
                ..SearchOptions::default()
            };
            match searcher.search(&tree, algorithm, options) {
                Err(ParallelError::WorkerPanicked(message)) => {
                    assert!(message.contains("poisoned"), "{message}");
                }
                other => panic!("{algorithm} at {threads} threads: {other:?}"),
            }
            // The pool survives the panic and searches again.
            let healthy = RandomTree::new(4, 4, 1, 1 << 32);
            assert!(searcher.search(&healthy, algorithm, options).is_ok());
        }
    }
}
