//! The best-first search's protocols under loom: two workers back up the bounds of two
//! brothers at once; a worker backs up a root bound while another sets the next
//! threshold.

use super::threshold::Thresholds;
use super::{XNode, back_up_read_first, set_and_back_up};
use crate::sync::{AtomicI64, Ordering};
use abbench_tree::{INFINITY, Value};
use loom::sync::Arc;
use loom::thread;

type BackUp = fn(&[&XNode<u32>], Value, Value);

/// A root with two frontier children; each worker's test proves its child worth at least
/// its threshold (4 and 7), so the root is worth at most `max(-4, -7) = -4` once both
/// are backed up, whichever order the writes and reads interleave in.
fn brothers_backed_up_at_once(back_up: BackUp) {
    loom::model(move || {
        let root = Arc::new(XNode::new(0u32, 0, 0, false));
        let children: Box<[XNode<u32>]> =
            vec![XNode::new(1, 1, 1, true), XNode::new(2, 2, 1, true)].into_boxed_slice();
        assert!(root.children.set(children).is_ok());
        let other = {
            let root = Arc::clone(&root);
            thread::spawn(move || {
                let child = &root.children.get().unwrap()[1];
                back_up(&[&root, child], 7, 7);
            })
        };
        let child = &root.children.get().unwrap()[0];
        back_up(&[&root, child], 4, 4);
        other.join().unwrap();
        let hi = root.hi.load(crate::sync::Ordering::SeqCst);
        assert_eq!(hi, -4, "bound lost: the root's upper bound is {hi}, not -4");
    });
}

#[test]
fn loom_brothers_backed_up_at_once_reach_their_parent() {
    brothers_backed_up_at_once(set_and_back_up);
}

#[test]
#[should_panic(expected = "bound lost")]
fn loom_the_back_up_model_catches_reads_before_the_write() {
    brothers_backed_up_at_once(back_up_read_first);
}

type Advance = fn(&Thresholds, &AtomicI64, &AtomicI64) -> u64;

/// The root is proven worth at least 0, the first threshold. One worker finds it so
/// and sets the next threshold (1) while the other backs up a lower bound of 5, which
/// answers 1 too, and then calls `advance` itself. Whatever the interleaving, once both
/// return the root must be open under the threshold set last, or the search ended:
/// otherwise every worker would wait for a test that nobody starts.
fn a_bound_backed_up_while_the_threshold_moves(advance: Advance) {
    loom::model(move || {
        let state = Arc::new((
            Thresholds::new(0),
            AtomicI64::new(0),
            AtomicI64::new(INFINITY),
        ));
        let other = {
            let state = Arc::clone(&state);
            thread::spawn(move || {
                let (thresholds, lo, hi) = &*state;
                lo.fetch_max(5, Ordering::SeqCst);
                advance(thresholds, lo, hi);
            })
        };
        let (thresholds, lo, hi) = &*state;
        advance(thresholds, lo, hi);
        other.join().unwrap();
        let gamma = thresholds.gamma();
        let open = lo.load(Ordering::SeqCst) < gamma && gamma <= hi.load(Ordering::SeqCst);
        assert!(
            thresholds.done() || open,
            "test lost: the root answers threshold {gamma} and nobody moves it"
        );
    });
}

#[test]
fn loom_a_bound_backed_up_while_the_threshold_moves_is_seen() {
    a_bound_backed_up_while_the_threshold_moves(Thresholds::advance);
}

#[test]
#[should_panic(expected = "test lost")]
fn loom_the_threshold_model_catches_a_worker_that_does_not_look_again() {
    a_bound_backed_up_while_the_threshold_moves(Thresholds::advance_once);
}
