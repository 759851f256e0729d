//! The best-first search's backing up of bounds under loom: two workers set the bounds
//! of two brothers at once and back them up to their parent.

use super::{XNode, back_up_read_first, set_and_back_up};
use abbench_tree::Value;
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
