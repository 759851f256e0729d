//! Serial searches under a time limit: a search that fits finishes with exactly the
//! untimed result; one that does not stops soon after the limit, for every procedure,
//! with what it examined so far.

use abbench_search::SerialRun;
use abbench_search::{
    Basic, DEADLINE_CHECK_INTERVAL, Deadline, Detailed, SerialAlgorithm, search_within,
};
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
        // The paper's procedures count one position at a time, so they stop at a reading
        // of the clock: a whole number of intervals in.
        if SerialAlgorithm::PAPER[..3].contains(&algorithm) {
            assert_eq!(
                stopped.stats.nodes % DEADLINE_CHECK_INTERVAL,
                0,
                "{algorithm}"
            );
        }
        // Never before its limit.
        assert!(
            took >= Duration::from_millis(100),
            "{algorithm} stopped after {took:?}"
        );
        // Generous: the clock is read every 65536 positions, and the machine is shared.
        assert!(took < Duration::from_secs(5), "{algorithm} took {took:?}");
    }
}

/// A search that examines many times the clock's interval, well within its limit,
/// finishes: the clock is read, and a deadline not yet reached lets it go on.
#[test]
fn a_search_read_by_the_clock_many_times_finishes_within_its_limit() {
    for (algorithm, height) in [(SerialAlgorithm::F0, 7), (SerialAlgorithm::F2Iter, 9)] {
        let tree = RandomTree::new(8, height, 5, 1 << 32);
        let timed = search_within::<_, Basic>(algorithm, &tree, Duration::from_secs(120)).unwrap();
        assert!(
            timed.stats.nodes > 10 * DEADLINE_CHECK_INTERVAL,
            "{algorithm}: {} positions",
            timed.stats.nodes
        );
        assert_eq!(timed, algorithm.search::<_, Basic>(&tree), "{algorithm}");
    }
}

/// The clock is read once every `DEADLINE_CHECK_INTERVAL` positions, and no more often
/// than every 4,096 (a reading costs about ten positions: under 1% of the search's time):
/// a limit already passed stops the search at the first reading, that many positions in (the kernel counts a leaf parent's run of
/// leaves at once, so it may pass the reading by a run).
#[test]
fn the_clock_is_read_every_interval_of_positions() {
    let tree = RandomTree::new(24, 10, 1, 1 << 32);
    for algorithm in SerialAlgorithm::ALL {
        let stopped = search_within::<_, Basic>(algorithm, &tree, Duration::ZERO)
            .expect_err("the tree is far too large to finish");
        let run = 24;
        assert!(
            stopped.stats.nodes >= 4096,
            "{algorithm}: {}",
            stopped.stats.nodes
        );
        assert!(
            (DEADLINE_CHECK_INTERVAL..=DEADLINE_CHECK_INTERVAL + run)
                .contains(&stopped.stats.nodes),
            "{algorithm}: stopped after {} positions",
            stopped.stats.nodes
        );
    }
}

/// Counters a search makes for itself (`Counters::for_height`) carry a deadline a century
/// away: they read the clock and never stop the search.
#[test]
fn deadline_counters_made_without_a_deadline_never_stop_a_search() {
    let tree = RandomTree::new(8, 7, 5, 1 << 32);
    let timed = SerialAlgorithm::F0.search::<_, Deadline<Basic>>(&tree);
    assert!(timed.stats.nodes > 10 * DEADLINE_CHECK_INTERVAL);
    assert_eq!(timed, SerialAlgorithm::F0.search::<_, Basic>(&tree));
}
