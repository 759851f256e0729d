//! A tree that fails: a random tree one of whose leaves panics when evaluated, so that a
//! test can check that a panic inside a search becomes an error — never a hang, never a
//! value.

use abbench_tree::models::{KeyNode, RandomTree};
use abbench_tree::{GameTree, Value};

/// A random tree whose leaf `poisoned_key` panics when evaluated — on every thread, or
/// only on threads whose name starts with a given prefix (so that a serial reference
/// search on the test's own thread succeeds while the workers fail).
pub struct FaultyTree {
    inner: RandomTree,
    poisoned_key: u64,
    only_threads_named: Option<&'static str>,
}

impl FaultyTree {
    /// `inner` with its poisoned leaf the first leaf below the root's last move, which
    /// every algorithm examines: the root's window never closes, so its last move is
    /// always searched, and the eldest child of every node is always examined.
    pub fn new(inner: RandomTree) -> FaultyTree {
        let root = inner.root();
        let mut node = inner.child(root, &(), inner.degree(root) - 1);
        while inner.degree(node) > 0 {
            node = inner.child(node, &(), 0);
        }
        FaultyTree {
            poisoned_key: node.key,
            inner,
            only_threads_named: None,
        }
    }

    /// The same tree, whose leaf panics only on threads whose name starts with `prefix`.
    pub fn only_on_threads_named(self, prefix: &'static str) -> FaultyTree {
        FaultyTree {
            only_threads_named: Some(prefix),
            ..self
        }
    }
}

impl GameTree for FaultyTree {
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
        let here = self.only_threads_named.is_none_or(|prefix| {
            std::thread::current()
                .name()
                .is_some_and(|n| n.starts_with(prefix))
        });
        assert!(
            !(here && node.key == self.poisoned_key),
            "evaluating the poisoned leaf"
        );
        self.inner.value(node)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_poisoned_leaf_panics_and_no_other() {
        let tree = FaultyTree::new(RandomTree::new(3, 3, 1, 100));
        let leaf = |i: usize| {
            let mut node = tree.root();
            node = tree.child(node, &(), i);
            while tree.degree(node) > 0 {
                node = tree.child(node, &(), 0);
            }
            node
        };
        let _ = tree.value(leaf(0));
        let last = leaf(tree.degree(tree.root()) - 1);
        assert!(std::panic::catch_unwind(|| tree.value(last)).is_err());
        let elsewhere =
            FaultyTree::new(RandomTree::new(3, 3, 1, 100)).only_on_threads_named("no-such-thread");
        let _ = elsewhere.value(last);
    }
}
