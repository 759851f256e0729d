//! Serial searches under a time limit: a search that fits finishes with exactly the
//! untimed result; one that does not stops soon after the limit, for every procedure,
//! with what it examined so far.

use abbench_search::{Basic, Detailed, SerialAlgorithm, search_within};
use abbench_tree::models::RandomTree;
use std::time::{Duration, Instant};

#[test]
fn a_search_within_its_limit_is_the_untimed_search() {
    let tree = RandomTree::new(6, 6, 3, 1 << 32);
    for algorithm in SerialAlgorithm::ALL {
        let timed =
            search_within::<_, Detailed>(algorithm, &tree, Duration::from_secs(60)).unwrap();
        assert_eq!(timed, algorithm.search::<_, Detailed>(&tree), "{algorithm}");
    }
}

#[test]
fn every_procedure_stops_at_its_limit() {
    // Some 10^14 positions for F0: no procedure finishes in 100 ms.
    let tree = RandomTree::new(24, 10, 1, 1 << 32);
    for algorithm in SerialAlgorithm::ALL {
        let started = Instant::now();
        let stopped = search_within::<_, Basic>(algorithm, &tree, Duration::from_millis(100))
            .expect_err("the tree is far too large to finish");
        let took = started.elapsed();
        assert!(stopped.stats.nodes > 0, "{algorithm}");
        // Generous: the clock is read every 65536 positions, and the machine is shared.
        assert!(took < Duration::from_secs(5), "{algorithm} took {took:?}");
    }
}
