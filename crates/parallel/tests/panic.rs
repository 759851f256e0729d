//! A panic inside a worker — here, a tree whose evaluation fails deep below a split point —
//! becomes an error result: never a hang, never a value.

use abbench_parallel::{ParallelAlgorithm, ParallelError, ParallelSearcher, SearchOptions};
use abbench_tree::models::{KeyNode, RandomTree};
use abbench_tree::{GameTree, Value};

/// A random tree one of whose leaves panics when evaluated.
struct Faulty {
    inner: RandomTree,
    poisoned_key: u64,
}

impl GameTree for Faulty {
    type Node = KeyNode;
    type Children = ();
    fn root(&self) -> KeyNode {
        self.inner.root()
    }
    fn height(&self) -> u32 {
        self.inner.height()
    }
    fn max_degree(&self) -> usize {
        self.inner.max_degree()
    }
    fn depth(&self, node: KeyNode) -> u32 {
        node.depth
    }
    fn degree(&self, node: KeyNode) -> usize {
        self.inner.degree(node)
    }
    fn children(&self, node: KeyNode) {
        self.inner.children(node)
    }
    fn child(&self, node: KeyNode, children: &(), i: usize) -> KeyNode {
        self.inner.child(node, children, i)
    }
    fn move_number(&self, node: KeyNode, children: &(), i: usize) -> usize {
        self.inner.move_number(node, children, i)
    }
    fn value(&self, node: KeyNode) -> Value {
        assert_ne!(node.key, self.poisoned_key, "evaluating the poisoned leaf");
        self.inner.value(node)
    }
}

/// The key of a leaf every algorithm examines: the first leaf below the root's last move.
/// The root's window never closes, so its last move is always searched, and the eldest
/// child of every node is always examined.
fn always_examined_leaf(tree: &RandomTree) -> u64 {
    let root = tree.root();
    let mut node = tree.child(root, &(), tree.degree(root) - 1);
    while tree.degree(node) > 0 {
        node = tree.child(node, &(), 0);
    }
    node.key
}

#[test]
fn a_worker_panic_is_an_error_not_a_hang() {
    let inner = RandomTree::new(6, 6, 4, 1 << 32);
    let tree = Faulty {
        poisoned_key: always_examined_leaf(&inner),
        inner,
    };
    for threads in [1, 2, 4] {
        let searcher = ParallelSearcher::new(threads).unwrap();
        for algorithm in ParallelAlgorithm::ALL {
            let options = SearchOptions {
                split_height: Some(2),
                eldest_grain: None,
                cut_wait: Some(2),
                time_limit: None,
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
