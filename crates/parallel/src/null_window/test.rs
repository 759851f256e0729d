//! The null-window search's cut chain under loom's model checker
//! (`RUSTFLAGS="--cfg loom" cargo test -p abbench-parallel --lib --release loom`).

use super::overlap::{Next, Schedule};
use super::overlapping_tests;
use abbench_tree::Value;

#[test]
fn one_test_at_a_time_up_to_four_workers_two_up_to_sixteen_four_at_sixty_four() {
    let tests: Vec<usize> = [1, 2, 4, 5, 8, 16, 17, 64, 65]
        .map(overlapping_tests)
        .to_vec();
    assert_eq!(tests, [1, 1, 1, 2, 2, 2, 3, 4, 5]);
}

/// Runs the schedule against a root of value `value` whose tests finish in the order
/// `pick` chooses among those under way, each returning the weakest true fail-soft
/// bound (`beta` on a fail-high, `beta - 1` on a fail-low; the window search: the
/// value). Returns the value found and the tests started.
fn settle(value: Value, guess: Value, tests: usize, pick: impl Fn(usize) -> usize) -> (Value, usize) {
    let mut schedule = Schedule::new(guess, tests, abbench_search::FINAL_WIDTH);
    let mut under_way: Vec<(usize, (Value, Value))> = Vec::new();
    let mut started = 0;
    for round in 0..10_000 {
        while let Next::Test { slot, window } = schedule.next() {
            assert!(under_way.iter().all(|&(s, _)| s != slot), "slot {slot} given twice");
            under_way.push((slot, window));
            started += 1;
        }
        if schedule.done {
            return (schedule.lower, started);
        }
        assert!(!under_way.is_empty(), "nothing under way and not done");
        let (slot, (alpha, beta)) = under_way.remove(pick(round) % under_way.len());
        let g = if beta - alpha > 1 {
            value
        } else if value >= beta {
            beta
        } else {
            beta - 1
        };
        for cancelled in schedule.record(slot, g, Some(3)) {
            under_way.retain(|&(s, _)| s != cancelled);
            schedule.cancelled(cancelled);
        }
    }
    panic!("no value after 10000 results");
}

#[test]
fn overlapping_tests_find_the_value_in_any_order_of_results() {
    for &(value, guess) in &[(0, 0), (1000, 0), (-77_777, 5), (123_456_789, -3), (5, 4)] {
        for tests in [1, 2, 3, 4, 8] {
            for order in [0usize, 1, 7] {
                let (found, started) = settle(value, guess, tests, |round| round * order);
                assert_eq!(found, value, "value {value} guess {guess} tests {tests}");
                assert!(started <= 80 * tests, "{started} tests for {value} from {guess}");
            }
        }
    }
}

#[test]
fn the_move_kept_is_the_one_that_gave_the_lower_bound() {
    let mut schedule = Schedule::new(10, 2, abbench_search::FINAL_WIDTH);
    let Next::Test { slot: a, window: wa } = schedule.next() else {
        panic!("a first test");
    };
    let Next::Test { slot: b, .. } = schedule.next() else {
        panic!("a second test");
    };
    assert_eq!(wa, (9, 10));
    // The first test fails high at 12 with move 4; the second, answered by the root's
    // entry, names none at the same bound: the move stays.
    assert!(schedule.record(a, 12, Some(4)).contains(&b));
    schedule.cancelled(b);
    assert_eq!((schedule.lower, schedule.lower_move), (12, Some(4)));
}

#[cfg(loom)]
mod loom_models {
    use super::super::Cut;
    use loom::sync::Arc;
    use loom::thread;

    /// Broken: a search that looks only at its own node, not the chain above it.
    fn closed_here_only(cut: &Cut<'_>) -> bool {
        cut.cut_here()
    }

    /// A worker two parallel nodes below a node that another worker cuts off: it may see
    /// the chain open or closed while the cut races its reads, but once it has seen it
    /// closed it never sees it open again, and after the cut it is closed.
    fn a_cut_reaches_below(closed: fn(&Cut<'_>) -> bool) {
        loom::model(move || {
            let top = Arc::new(Cut::below(None));
            let cutter = {
                let top = Arc::clone(&top);
                thread::spawn(move || top.cut_off())
            };
            let middle = Cut::below(Some(&*top));
            let bottom = Cut::below(Some(&middle));
            let first = closed(&bottom);
            let second = closed(&bottom);
            assert!(!(first && !second), "a cut seen stays seen");
            cutter.join().unwrap();
            assert!(closed(&bottom), "the cut above reaches the search below");
        });
    }

    #[test]
    fn loom_a_cut_two_nodes_up_stops_the_search_below() {
        a_cut_reaches_below(|cut| cut.closed());
    }

    #[test]
    #[should_panic(expected = "the cut above reaches the search below")]
    fn loom_the_cut_model_catches_a_search_that_looks_only_at_its_own_node() {
        a_cut_reaches_below(closed_here_only);
    }
}

#[test]
fn a_given_first_guess_is_the_first_test() {
    use crate::{ParallelAlgorithm, ParallelSearcher, SearchOptions};
    use abbench_search::{Basic, F2Iter};
    use abbench_tree::models::RandomTree;
    let tree = RandomTree::new(4, 6, 21, 1 << 32);
    let value = F2Iter::new(&tree).search::<Basic>(&tree).value;
    let searcher = ParallelSearcher::new(1).unwrap();
    let tests = |guess: Option<Value>| {
        let options = SearchOptions {
            split_height: Some(3),
            guess,
            ..SearchOptions::default()
        };
        let result = searcher
            .search(&tree, ParallelAlgorithm::NullWindow, options)
            .unwrap();
        assert_eq!(result.value, value, "guess {guess:?}");
        result.stats.tests
    };
    // Right, it takes two tests ("at least the value?", then "above it?"); far off, more.
    assert_eq!(tests(Some(value)), 2);
    assert!(tests(Some(value + (1 << 30))) > 2);
}

#[test]
fn a_games_split_height_follows_its_positions_per_ply_and_falls_with_workers() {
    use super::{GAME_GRAIN_POSITIONS, game_split_height};
    // 1.5 per ply: 1.5^19 = 2217 is the first power at least 2048; 1.5^18 = 1478.
    assert_eq!(GAME_GRAIN_POSITIONS, 2048.0);
    let heights = [1, 2, 4, 8, 16, 64].map(|w| game_split_height(1.5, w));
    assert_eq!(heights, [19, 19, 18, 16, 14, 11]);
    // A grain of one position or less: every internal node is parallel.
    assert_eq!(game_split_height(1.5, 1 << 20), 1);
    // More positions per ply, fewer plies to the grain: 4^6 = 4096 >= 2048 > 4^5.
    assert_eq!(game_split_height(4.0, 2), 6);
}

#[test]
fn only_the_null_window_search_on_a_game_takes_the_games_split_height() {
    use crate::{ParallelAlgorithm, SearchOptions, auto_split_height};
    use abbench_tree::models::connect4::position::parse_moves;
    use abbench_tree::models::{Connect4Tree, RandomTree};
    use abbench_tree::{GameTree, PathKeyed};
    let game = Connect4Tree::new(parse_moves("4453").unwrap());
    assert_eq!(game.branching_per_ply(), Some(1.5));
    let random = RandomTree::new(16, 8, 1, 1 << 32);
    assert_eq!(random.branching_per_ply(), None);
    let automatic = SearchOptions::default();
    let given = SearchOptions {
        split_height: Some(9),
        ..SearchOptions::default()
    };
    let nw = ParallelAlgorithm::NullWindow;
    assert_eq!(crate::split_height(nw, &game, &automatic, 2), 19);
    assert_eq!(crate::split_height(nw, &game, &automatic, 16), 14);
    // Path keys search the same game at the same height.
    let path_keyed = PathKeyed(Connect4Tree::new(parse_moves("4453").unwrap()));
    assert_eq!(crate::split_height(nw, &path_keyed, &automatic, 16), 14);
    assert_eq!(crate::split_height(nw, &game, &given, 2), 9);
    assert_eq!(crate::split_height(nw, &random, &automatic, 16), auto_split_height(16));
    // The best-first search tests units one ply larger than the null-window search's.
    let bf = ParallelAlgorithm::BestFirst;
    assert_eq!(crate::split_height(bf, &game, &automatic, 2), 20);
    assert_eq!(crate::split_height(bf, &random, &automatic, 16), auto_split_height(16) + 1);
    assert_eq!(crate::split_height(bf, &game, &given, 2), 9);
    // Othello measures its height in empty squares, at about 2.1 positions each.
    let othello = abbench_tree::models::OthelloTree::new(abbench_tree::models::othello::position::Position::START);
    assert_eq!(othello.branching_per_ply(), Some(2.1));
    assert_eq!(othello.remaining_height(othello.root()), 60);
    assert_eq!(crate::split_height(nw, &othello, &automatic, 2), 11);
    assert_eq!(crate::split_height(nw, &othello, &automatic, 16), 8);
    for other in ParallelAlgorithm::ALL.into_iter().filter(|&a| a != nw && a != bf) {
        assert_eq!(crate::split_height(other, &game, &automatic, 2), auto_split_height(7), "{other}");
        assert_eq!(crate::split_height(other, &game, &given, 2), 9, "{other}");
    }
}

#[test]
fn one_worker_makes_serial_mtdfs_passes_position_for_position() {
    use crate::{ParallelAlgorithm, ParallelSearcher, SearchOptions};
    use abbench_search::{Basic, SerialAlgorithm, SerialOptions, SerialSearch};
    use abbench_tree::models::RandomTree;
    // With automatic options one worker is serial MTD(f) on the shared table: the same
    // root searches, each with the same window, result and positions.
    let tree = RandomTree::new(8, 7, 11, 1 << 32);
    let serial = SerialSearch::new(SerialAlgorithm::Mtdf, SerialOptions::default(), &tree)
        .unwrap()
        .search::<Basic>(&tree);
    let serial_passes = serial.passes.expect("MTD(f) records its passes");
    assert!(serial_passes.runs.len() > 2, "a tree that takes several passes");
    let result = ParallelSearcher::new(1)
        .unwrap()
        .search(&tree, ParallelAlgorithm::NullWindow, SearchOptions::default())
        .unwrap();
    assert_eq!(result.passes, serial_passes.runs);
    let in_passes: u64 = result.passes.iter().map(|p| p.nodes).sum();
    assert_eq!(result.stats.nodes - in_passes, serial_passes.guess_nodes);
}

#[test]
fn passes_one_at_a_time_are_recorded_and_bound_the_value_and_overlapping_ones_are_not() {
    use crate::{ParallelAlgorithm, ParallelSearcher, SearchOptions};
    use abbench_search::{Basic, F2Iter};
    use abbench_tree::models::RandomTree;
    let tree = RandomTree::new(8, 7, 5, 1 << 32);
    let value = F2Iter::new(&tree).search::<Basic>(&tree).value;
    let options = SearchOptions {
        split_height: Some(3),
        ..SearchOptions::default()
    };
    for threads in [2, 4] {
        let result = ParallelSearcher::new(threads)
            .unwrap()
            .search(&tree, ParallelAlgorithm::NullWindow, options)
            .unwrap();
        assert_eq!(result.value, value, "{threads} threads");
        assert!(!result.passes.is_empty(), "{threads} threads");
        for pass in &result.passes {
            assert!(pass.nodes > 0, "{threads} threads: {pass:?}");
            // Fail-soft: a result above the window is a lower bound on the value, one
            // below it an upper bound, one inside it the value.
            if pass.value >= pass.beta {
                assert!(value >= pass.value, "{threads} threads: {pass:?}");
            } else if pass.value <= pass.alpha {
                assert!(value <= pass.value, "{threads} threads: {pass:?}");
            } else {
                assert_eq!(value, pass.value, "{threads} threads: {pass:?}");
            }
        }
        // The first guess's positions come before the first pass.
        let in_passes: u64 = result.passes.iter().map(|p| p.nodes).sum();
        assert!(in_passes < result.stats.nodes, "{threads} threads");
    }
    // Five workers run two tests at once: no pass is the search's alone.
    let result = ParallelSearcher::new(5)
        .unwrap()
        .search(&tree, ParallelAlgorithm::NullWindow, options)
        .unwrap();
    assert_eq!(result.value, value);
    assert!(result.passes.is_empty());
}
