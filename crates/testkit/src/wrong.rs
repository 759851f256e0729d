//! A tree that answers wrongly: every leaf one more than it is, on threads whose name
//! starts with a given prefix. A serial search on the test's own thread sees the true
//! tree and a parallel search, whose workers are named, sees another: so a test can
//! watch a checker meet a wrong answer (the fault is injected here, never in a shipped
//! binary).

use abbench_tree::{GameTree, TreeVisitor, Value};

/// `inner` with every leaf one more than it is on threads named `prefix…`.
///
/// On those threads every leaf moves by one, so the root's value moves by one too
/// (up or down, by the parity of the leaves' depth): a search that runs there is wrong
/// whatever it examines.
pub struct WrongTree<'t, T> {
    inner: &'t T,
    prefix: &'static str,
}

impl<'t, T: GameTree> WrongTree<'t, T> {
    /// `inner`, wrong on threads whose name starts with `prefix`.
    pub fn new(inner: &'t T, prefix: &'static str) -> Self {
        WrongTree { inner, prefix }
    }

    fn wrong_here(&self) -> bool {
        std::thread::current()
            .name()
            .is_some_and(|name| name.starts_with(self.prefix))
    }
}

impl<T: GameTree> GameTree for WrongTree<'_, T> {
    type Node = T::Node;
    type Children = T::Children;
    fn root(&self) -> T::Node {
        self.inner.root()
    }
    fn height(&self) -> u32 {
        self.inner.height()
    }
    fn max_degree(&self) -> usize {
        self.inner.max_degree()
    }
    fn depth(&self, node: T::Node) -> u32 {
        self.inner.depth(node)
    }
    fn degree(&self, node: T::Node) -> usize {
        self.inner.degree(node)
    }
    fn children(&self, node: T::Node) -> T::Children {
        self.inner.children(node)
    }
    fn child(&self, node: T::Node, children: &T::Children, i: usize) -> T::Node {
        self.inner.child(node, children, i)
    }
    fn move_number(&self, node: T::Node, children: &T::Children, i: usize) -> usize {
        self.inner.move_number(node, children, i)
    }
    fn value(&self, node: T::Node) -> Value {
        self.inner.value(node) + Value::from(self.wrong_here())
    }
    fn estimate(&self, node: T::Node) -> Option<Value> {
        self.inner.estimate(node)
    }
}

/// A visitor that visits the [`WrongTree`] of each tree it is given: for library
/// functions that build the tree themselves from a specification.
pub struct VisitWrong<V> {
    visitor: V,
    prefix: &'static str,
}

impl<V: TreeVisitor> VisitWrong<V> {
    /// `visitor`, handed each tree wrong on threads whose name starts with `prefix`.
    pub fn new(visitor: V, prefix: &'static str) -> Self {
        VisitWrong { visitor, prefix }
    }
}

impl<V: TreeVisitor> TreeVisitor for VisitWrong<V> {
    type Output = V::Output;
    fn visit<T: GameTree>(self, tree: &T) -> V::Output {
        self.visitor.visit(&WrongTree::new(tree, self.prefix))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abbench_tree::models::RandomTree;

    fn first_leaf<T: GameTree>(tree: &T) -> T::Node {
        let mut node = tree.root();
        while tree.degree(node) > 0 {
            node = tree.child(node, &tree.children(node), 0);
        }
        node
    }

    #[test]
    fn leaves_are_one_more_only_on_the_named_threads() {
        let inner = RandomTree::new(3, 3, 1, 100);
        let tree = WrongTree::new(&inner, "wrong-");
        let leaf = first_leaf(&tree);
        let truth = inner.value(leaf);
        assert_eq!(tree.value(leaf), truth, "this thread is not named wrong-");
        let on = |name: &str| {
            let tree = &tree;
            std::thread::scope(|s| {
                std::thread::Builder::new()
                    .name(name.into())
                    .spawn_scoped(s, move || tree.value(leaf))
                    .unwrap()
                    .join()
                    .unwrap()
            })
        };
        assert_eq!(on("wrong-1"), truth + 1);
        assert_eq!(on("right-1"), truth);
    }
}
