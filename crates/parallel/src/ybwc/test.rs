//! The split point's protocol, checked two ways: plainly, and under loom's model checker
//! (`RUSTFLAGS="--cfg loom" cargo test -p abbench-parallel --lib --release loom`), which
//! runs each scenario in every interleaving of its threads' atomic operations.

use crate::executor::Clock;
use crate::split_point::{Kind, SplitPoint};
use abbench_tree::{INFINITY, NEG_INFINITY};

/// A clock that stands still: the models check the protocol, not its latencies.
struct Still;

impl Clock for Still {
    fn now(&self) -> u64 {
        0
    }
}

#[test]
fn a_child_window_follows_the_parent_live() {
    let root = SplitPoint::root(NEG_INFINITY, 50, 4, 1, 0, &Still);
    let child = SplitPoint::child(&root, Kind::Cut, 3, 0);
    // Root (-inf, 50), m = -inf: the child is searched with (-50, +inf).
    assert_eq!(child.window().for_child(), (NEG_INFINITY, 50));
    root.offer(10, 0);
    // Root m = 10: the child's beta is now -10, its alpha -50.
    let w = child.window();
    assert_eq!((w.alpha, w.beta), (-50, -10));
    assert!(!w.is_closed());
    child.offer(-20, 0);
    assert!(!child.genuinely_cut());
    child.offer(-5, 1);
    assert!(child.genuinely_cut(), "m = -5 reaches beta = -10");
    // A cutoff at the root closes the child's window though the child found nothing.
    let other = SplitPoint::child(&root, Kind::Cut, 3, 0);
    root.offer(60, 1);
    assert!(other.window().is_closed());
    assert!(!other.genuinely_cut());
}

#[test]
fn brothers_are_handed_out_once_each_then_none() {
    let sp = SplitPoint::root(NEG_INFINITY, INFINITY, 3, 1, 0, &Still);
    assert_eq!(sp.next_brother(), Some(1));
    assert_eq!(sp.next_brother(), Some(2));
    assert_eq!(sp.next_brother(), None);
    assert_eq!(sp.next_brother(), None);
    assert!(sp.latencies().1.is_some(), "exhaustion is timed");
}

/// A clock set by hand: the split point's timestamps, checked to the nanosecond.
#[derive(Default)]
struct Manual(std::sync::atomic::AtomicU64);

impl Manual {
    fn set(&self, now: u64) {
        self.0.store(now, std::sync::atomic::Ordering::Relaxed);
    }
}

impl Clock for Manual {
    fn now(&self) -> u64 {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }
}

#[test]
fn node_kinds_follow_knuth_and_moores_types() {
    // Type 1: the eldest child is type 1, the younger ones type 2; type 2: every child
    // type 3; type 3: every child type 2.
    assert_eq!(Kind::Pv.child(0), Kind::Pv);
    for i in 1..4 {
        assert_eq!(Kind::Pv.child(i), Kind::Cut, "child {i} of a pv node");
    }
    for i in 0..4 {
        assert_eq!(Kind::Cut.child(i), Kind::All, "child {i} of a cut node");
        assert_eq!(Kind::All.child(i), Kind::Cut, "child {i} of an all node");
    }
    // The owner of an expected cut node searches `cut_wait` brothers alone before it
    // shares the rest; of any other node, the eldest.
    for cut_wait in [1, 2, 5] {
        assert_eq!(Kind::Cut.searched_alone(cut_wait), cut_wait);
        assert_eq!(Kind::Pv.searched_alone(cut_wait), 1);
        assert_eq!(Kind::All.searched_alone(cut_wait), 1);
    }
}

#[test]
fn a_null_window_test_closes_once_its_parent_passes_its_threshold_or_closes() {
    let root = SplitPoint::root(NEG_INFINITY, 20, 4, 1, 0, &Still);
    // Whether the child's value is at least -10, from its own view: worth knowing to
    // the parent while the parent's best is at most 10.
    let test = SplitPoint::test(&root, -11, -10, Kind::Cut, 3, 0);
    let w = test.window();
    assert_eq!((w.alpha, w.beta, w.m), (-11, -10, -11));
    assert!(!w.is_closed());
    root.offer(10, 0);
    assert!(!test.window().is_closed(), "the parent's best at the threshold");
    assert_eq!(test.window().beta, -10, "the test's window is fixed");
    root.offer(11, 1);
    assert!(test.window().is_closed(), "stale: the parent's best passed 10");
    assert!(!test.genuinely_cut());
    // A cutoff at the parent closes a test whose threshold it never passed.
    let root = SplitPoint::root(NEG_INFINITY, 20, 4, 1, 0, &Still);
    let test = SplitPoint::test(&root, -31, -30, Kind::Cut, 3, 0);
    root.offer(25, 0);
    assert!(test.window().is_closed(), "the parent was cut");
}

#[test]
fn offers_report_cutoffs_and_the_split_point_times_them() {
    let clock = Manual::default();
    clock.set(100);
    let sp = SplitPoint::root(0, 10, 3, 1, 0, &clock);
    assert_eq!(sp.latencies(), (None, None));
    assert!(!sp.offer(5, 0), "5 is below beta = 10");
    clock.set(150);
    assert_eq!(sp.next_brother(), Some(1));
    assert_eq!(sp.next_brother(), Some(2));
    assert_eq!(sp.next_brother(), None, "the hand-out ends at 150");
    clock.set(200);
    assert_eq!(sp.latencies(), (None, Some(50)));
    assert!(sp.offer(10, 2), "10 reaches beta: a cutoff at 200");
    clock.set(260);
    assert_eq!(sp.latencies(), (Some(60), Some(110)));
    assert!(sp.offer(12, 1), "still cut");
    assert!(sp.offer(3, 0), "a split point once cut stays cut");
    clock.set(300);
    assert_eq!(sp.latencies(), (Some(100), Some(150)), "the first cutoff's time");
    assert_eq!(sp.result(), (12, Some(1)));
}

#[test]
fn positions_and_the_next_brother_are_counted() {
    let sp = SplitPoint::root(NEG_INFINITY, INFINITY, 3, 1, 0, &Still);
    assert_eq!(sp.examined(), 0);
    sp.add_examined(1);
    sp.add_examined(40);
    assert_eq!(sp.examined(), 41);
    assert_eq!(sp.next_index(), 1, "the eldest is the owner's");
    assert_eq!(sp.next_brother(), Some(1));
    assert_eq!(sp.next_index(), 2);
    assert_eq!(sp.next_brother(), Some(2));
    assert_eq!(sp.next_brother(), None);
    assert_eq!(sp.next_index(), 3, "past the last: the degree");
    let child = SplitPoint::child(&sp, Kind::Cut, 5, 0);
    assert_eq!(child.next_index(), 1);
    assert_eq!(child.examined(), 0);
}

#[cfg(loom)]
mod loom_models {
    use super::*;
    use abbench_tree::Value;
    use loom::sync::Arc;
    use loom::thread;

    /// Two workers share the brothers of one split point and offer their results: every
    /// brother is searched exactly once, and the final result is the largest offer
    /// together with the brother that made it. `next` hands out the brothers: the split
    /// point's own, or a broken variant the model must catch.
    fn workers_share_brothers(next: fn(&SplitPoint<'_>) -> Option<usize>) {
        loom::model(move || {
            let sp = Arc::new(SplitPoint::root(NEG_INFINITY, INFINITY, 3, 0, 0, &Still));
            let value_of = |i: usize| [7, 9, 3][i];
            let workers: Vec<_> = (0..2)
                .map(|_| {
                    let sp = Arc::clone(&sp);
                    thread::spawn(move || {
                        let mut taken = Vec::new();
                        while let Some(i) = next(&sp) {
                            sp.offer(value_of(i), i);
                            taken.push(i);
                        }
                        taken
                    })
                })
                .collect();
            let mut taken: Vec<usize> = workers
                .into_iter()
                .flat_map(|w| w.join().unwrap())
                .collect();
            taken.sort_unstable();
            assert_eq!(
                taken,
                vec![0, 1, 2],
                "every brother is searched exactly once"
            );
            assert_eq!(sp.result(), (9, Some(1)));
        });
    }

    #[test]
    fn loom_workers_share_brothers_and_the_best_result_wins() {
        workers_share_brothers(|sp| sp.next_brother());
    }

    #[test]
    #[should_panic(expected = "every brother is searched exactly once")]
    fn loom_the_brothers_model_catches_a_hand_out_in_two_steps() {
        workers_share_brothers(|sp| sp.next_brother_in_two_steps());
    }

    /// How a model's workers open a child split point: the split point's own way, or a
    /// broken variant (in `split_point.rs`) the model must catch.
    type OpenChild = for<'p> fn(&'p SplitPoint<'p>, Kind, usize, usize) -> SplitPoint<'p>;

    /// How a model's workers offer a result, likewise.
    type Offer = fn(&SplitPoint<'_>, Value, usize) -> bool;

    const STAYS: &str = "a window closed by a cutoff stays closed";
    const REACHES: &str = "the parent's cutoff reaches the child";

    /// A helper's cutoff at a parent races the owner, which offers a smaller result
    /// there and then reads a child's window: the child may see the window open or
    /// closed, but once it has seen it closed it never sees it open again, and after the
    /// race it is closed. (The owner's offer on the model's own thread, not a third one,
    /// keeps the interleavings few enough for CI.)
    fn a_parent_cutoff_reaches_the_child(open_child: OpenChild, offer: Offer) {
        loom::model(move || {
            let root = Arc::new(SplitPoint::root(NEG_INFINITY, 5, 2, 1, 0, &Still));
            let cutter = {
                let root = Arc::clone(&root);
                thread::spawn(move || offer(&root, 7, 1))
            };
            offer(&root, 3, 0);
            let child = open_child(&root, Kind::Cut, 2, 1);
            let first = child.window();
            let second = child.window();
            assert!(
                !(first.is_closed() && !second.is_closed()),
                "{STAYS}: {first:?} then {second:?}"
            );
            let reported = cutter.join().unwrap();
            // The parent's window first: a child left open under a closed parent is a
            // cutoff that did not reach it, one under a reopened parent a cutoff undone.
            assert!(root.window().is_closed(), "{STAYS}: the parent's reopened");
            assert!(child.window().is_closed(), "{REACHES}");
            assert!(reported, "the offer reports the cutoff");
            assert!(root.genuinely_cut());
            assert_eq!(root.result(), (7, Some(1)));
        });
    }

    #[test]
    fn loom_a_parent_cutoff_reaches_the_child_and_stays() {
        a_parent_cutoff_reaches_the_child(
            |p, k, d, o| SplitPoint::child(p, k, d, o),
            |sp, t, i| sp.offer(t, i),
        );
    }

    #[test]
    #[should_panic(expected = "the parent's cutoff reaches the child")]
    fn loom_the_cutoff_model_catches_a_child_that_copies_its_window() {
        a_parent_cutoff_reaches_the_child(
            |p, k, d, o| SplitPoint::child_with_a_copied_window(p, k, d, o),
            |sp, t, i| sp.offer(t, i),
        );
    }

    #[test]
    #[should_panic(expected = "a window closed by a cutoff stays closed")]
    fn loom_the_cutoff_model_catches_a_maximum_published_after_the_lock() {
        a_parent_cutoff_reaches_the_child(
            |p, k, d, o| SplitPoint::child(p, k, d, o),
            |sp, t, i| sp.offer_publishing_after_the_lock(t, i),
        );
    }

    const TOGETHER: &str = "the move goes with the value";

    /// Two offers race: the published `m` and the (value, move) pair agree afterwards,
    /// whichever order the lock and the atomic saw them in.
    fn racing_offers(offer: Offer) {
        loom::model(move || {
            let sp = Arc::new(SplitPoint::root(NEG_INFINITY, INFINITY, 3, 1, 0, &Still));
            let offering = |t: Value, index: usize| {
                let sp = Arc::clone(&sp);
                thread::spawn(move || offer(&sp, t, index))
            };
            let (a, b) = (offering(4, 1), offering(6, 2));
            a.join().unwrap();
            b.join().unwrap();
            assert_eq!(sp.result(), (6, Some(2)), "{TOGETHER}");
            assert_eq!(sp.window().m, 6, "the published maximum is the best offer");
        });
    }

    #[test]
    fn loom_racing_offers_keep_value_and_move_together() {
        racing_offers(|sp, t, i| sp.offer(t, i));
    }

    #[test]
    #[should_panic(expected = "the move goes with the value")]
    fn loom_the_offer_model_catches_value_and_move_written_apart() {
        racing_offers(|sp, t, i| sp.offer_value_and_move_apart(t, i));
    }
}
