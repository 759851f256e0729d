//! The kernel under a probe: a window narrowed mid-search still honours F2's contract
//! (eq. (6)–(8)) for the narrowed window, and an abort stops the search with its counts.

use abbench_search::{Aborted, Basic, Counters, Detailed, F2Iter, Poll, Probe, f0};
use abbench_tree::models::RandomTree;
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY, Value};
use proptest::prelude::*;

/// Narrows the root window to `window` at the `at`-th poll.
struct NarrowAt {
    at: u32,
    polls: u32,
    window: (Value, Value),
}

impl Probe for NarrowAt {
    const ENABLED: bool = true;
    fn poll(&mut self, _examined: u64) -> Poll {
        self.polls += 1;
        if self.polls == self.at {
            Poll::Narrow {
                alpha: self.window.0,
                beta: self.window.1,
            }
        } else {
            Poll::Continue
        }
    }
}

struct AbortAt(u32);

impl Probe for AbortAt {
    const ENABLED: bool = true;
    fn poll(&mut self, _examined: u64) -> Poll {
        self.0 -= 1;
        if self.0 == 0 {
            Poll::Abort
        } else {
            Poll::Continue
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_narrowed_window_keeps_the_f2_contract(
        seed in any::<u64>(),
        values in prop_oneof![Just(5u64), Just(30), Just(1000)],
        at in 1u32..6,
        lo in 0i64..1000,
        width in 1i64..1000,
    ) {
        let tree = RandomTree::new(5, 8, seed, values);
        let exact = f0::<_, Basic>(&tree).value;
        let (alpha, beta) = (lo.min(values as i64) - 1, (lo + width).min(values as i64 + 1));
        prop_assume!(alpha < beta);
        let mut probe = NarrowAt { at, polls: 0, window: (alpha, beta) };
        let mut counters = Basic::for_height(tree.height());
        let r = F2Iter::new(&tree)
            .search_node(&tree, tree.root(), NEG_INFINITY, INFINITY, &mut counters, &mut probe)
            .unwrap();
        prop_assume!(probe.polls >= at);
        if exact <= alpha {
            prop_assert!(r.value <= alpha, "F={exact} window ({alpha},{beta}) got {}", r.value);
        } else if exact >= beta {
            prop_assert!(r.value >= beta, "F={exact} window ({alpha},{beta}) got {}", r.value);
        } else {
            prop_assert_eq!(r.value, exact, "window ({}, {})", alpha, beta);
        }
    }
}

#[test]
fn an_abort_stops_the_search_and_keeps_its_counts() {
    let tree = RandomTree::new(8, 8, 3, 1 << 32);
    let full = F2Iter::new(&tree).search::<Basic>(&tree).stats.nodes;
    let mut counters = Basic::for_height(tree.height());
    let r = F2Iter::new(&tree).search_node(
        &tree,
        tree.root(),
        NEG_INFINITY,
        INFINITY,
        &mut counters,
        &mut AbortAt(3),
    );
    assert_eq!(r, Err(Aborted));
    assert!(
        counters.nodes() > 2000 && counters.nodes() < full,
        "{} of {full}",
        counters.nodes()
    );
}

/// Records every poll's count of examined positions, polled every `interval` positions.
struct Record {
    interval: u32,
    seen: Vec<u64>,
}

impl Probe for Record {
    const ENABLED: bool = true;
    fn interval(&self) -> u32 {
        self.interval
    }
    fn poll(&mut self, examined: u64) -> Poll {
        self.seen.push(examined);
        Poll::Continue
    }
}

#[test]
fn polls_come_at_the_probes_interval_and_report_the_positions_examined() {
    let (degree, height) = (6, 7);
    let tree = RandomTree::new(degree, height, 11, 1 << 32);
    let serial = F2Iter::new(&tree).search::<Detailed>(&tree);
    for interval in [1, 7, 1024] {
        let mut probe = Record {
            interval,
            seen: Vec::new(),
        };
        let mut counters = Detailed::for_height(tree.height());
        let r = F2Iter::new(&tree)
            .search_node(
                &tree,
                tree.root(),
                NEG_INFINITY,
                INFINITY,
                &mut counters,
                &mut probe,
            )
            .unwrap();
        // Polling changes nothing the search examines, level by level (a poll makes the
        // kernel work out its depth again: one off, and the levels shift).
        assert_eq!(r.value, serial.value);
        assert_eq!(counters.stats(), serial.stats, "interval {interval}");
        // Each poll comes at least `interval` positions after the previous one, and at
        // most one child and its run of leaves later than that.
        let mut last = 1;
        for &examined in &probe.seen {
            assert!(
                examined >= last + u64::from(interval),
                "interval {interval}"
            );
            assert!(
                examined <= last + u64::from(interval) + u64::from(degree),
                "interval {interval}: {last} then {examined}"
            );
            last = examined;
        }
        assert!(last <= serial.stats.nodes);
        let expected_polls = serial.stats.nodes / u64::from(interval);
        assert!(probe.seen.len() as u64 <= expected_polls);
        if interval == 1 {
            assert!(probe.seen.len() as u64 > serial.stats.nodes / (u64::from(degree) + 1));
        }
    }
}
