//! Principal variation search (NegaScout; Marsland & Campbell 1982, Reinefeld 1983): the
//! eldest child of every node is searched with the node's window, each younger child
//! first with the null window `(a, a + 1)` — enough to show it is no better than the best
//! so far — and searched again with the window `(a, beta)` only when it fails high inside
//! the node's window.
//!
//! ```text
//! pvs(p, alpha, beta):                      (fail-soft)
//!   m := -pvs(p_1, -beta, -alpha)
//!   for i := 2 .. d while m < beta:
//!     a := max(alpha, m)
//!     t := -pvs(p_i, -a - 1, -a)
//!     if a < t < beta then t := -pvs(p_i, -beta, -a)
//!     m := max(m, t)
//!   return m
//! ```
//!
//! Values are integers, so `(a, a + 1)` contains none: a null-window search only says
//! whether the value is above `a`. On a perfectly ordered tree no younger child fails
//! high and the search examines exactly the minimal tree of Knuth & Moore's Theorem 1.
//! A position searched again is counted again: it is examined twice.
//!
//! [`PvsIter`] runs the procedure without recursion, in the style of [`crate::F2Iter`]:
//! one stack of frames allocated once, the frame being worked on in locals, leaves
//! evaluated where their parent stands, and a node whose children are all leaves run
//! through in one tight loop (its re-searches of a leaf are counted, never repeated: a
//! leaf's value does not depend on the window). A re-search is the same frame descending
//! again into the same child with the opened window.
//!
//! In a null window `(a, a + 1)` no child can fail high inside the window, so `pvs` there
//! is fail-soft F2, position for position (every younger child's test window is the
//! one F2 gives it). The null-window tests — nearly every position of the search — run
//! in the fail-soft kernel ([`crate::f2_soft_iter`]); this loop keeps only the nodes
//! searched with an open window, the principal variation and the re-searches. The
//! positions, their order and every count are exactly those of the recursive procedure
//! (tested against it): measured on random d16 h8 trees the time per position is that of
//! f2-iter or less (`examples/serial_ratios.rs`); the first form, with the tests in this
//! loop too, took 1.2–1.5× f2-iter's time per position.

use crate::f2_soft_iter::SoftIter;
use crate::probe::{Aborted, NoProbe, Polling, Probe};
use crate::{Counters, Resume, SearchResult, WindowResult};
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY, Value};

/// What a frame is waiting for from the child it last descended into.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pending {
    /// The eldest child's search, or a younger child's re-search: its value is final.
    Final,
    /// A younger child's null-window test: it may have to be searched again.
    Test,
    /// The younger child just tested failed high inside the window: search it again.
    Research,
}

/// One activation of `pvs`.
#[derive(Clone, Copy)]
struct Frame<N: Copy, C: Copy> {
    node: N,
    children: C,
    alpha: Value,
    beta: Value,
    /// The running maximum (fail-soft: starts at `-inf`).
    m: Value,
    /// Index (search order) of the next child to examine.
    next: u32,
    degree: u32,
    /// Index of the child that last raised `m`, or `u32::MAX`.
    best: u32,
    pending: Pending,
}

impl<N: Copy, C: Copy> Frame<N, C> {
    /// The frame of `node`, of `degree` children and window `(alpha, beta)`, its search
    /// taken up where `resume` says.
    #[inline(always)]
    fn resumed<T: GameTree<Node = N, Children = C>>(
        tree: &T,
        node: N,
        degree: u32,
        (alpha, beta): (Value, Value),
        resume: Resume,
    ) -> Self {
        Frame {
            node,
            children: tree.children(node),
            alpha,
            beta,
            m: resume.m,
            next: resume.next,
            degree,
            best: resume.best,
            pending: Pending::Final,
        }
    }
}

/// Principal variation search without recursion, with its reusable stack.
///
/// Beside the serial search, a parallel search runs it below its split points
/// (`abbench-parallel`'s Jamboree, parallel PVS): [`PvsIter::search_node`] and
/// [`PvsIter::resume_node`] poll a [`Probe`] as [`crate::F2Iter`]'s entries do, the
/// null-window tests on the same schedule, and a narrower window the probe gives is
/// pushed down the frames searched with an open window.
pub struct PvsIter<T: GameTree> {
    /// Frames of the nodes searched with an open window (the principal variation and
    /// the re-searches): few, near the root.
    stack: Vec<Frame<T::Node, T::Children>>,
    /// The null-window tests: nearly every position.
    tests: SoftIter<T>,
}

impl<T: GameTree> PvsIter<T> {
    /// A kernel whose stack fits every node of `tree`.
    pub fn new(tree: &T) -> Self {
        PvsIter {
            stack: Vec::with_capacity(tree.height() as usize + 1),
            tests: SoftIter::new(tree),
        }
    }

    /// `pvs(root, -inf, +inf)`, which equals `F(root)`, counting into `counters`.
    pub(crate) fn search_with<C: Counters>(&mut self, tree: &T, mut counters: C) -> SearchResult {
        let root = tree.root();
        let result = self
            .search_node(
                tree,
                root,
                NEG_INFINITY,
                INFINITY,
                &mut counters,
                &mut NoProbe,
            )
            .unwrap_or_else(|Aborted| unreachable!("NoProbe never aborts"));
        let best_move = result
            .best_index
            .map(|i| tree.move_number(root, &tree.children(root), i));
        SearchResult::exact(result.value, best_move, counters.stats())
    }

    /// `pvs(node, alpha, beta)` (fail-soft), counting into `counters`, polling `probe`
    /// about every [`Probe::interval`] positions. `node` is counted by this call.
    #[inline(always)]
    pub fn search_node<C: Counters, P: Probe>(
        &mut self,
        tree: &T,
        node: T::Node,
        alpha: Value,
        beta: Value,
        counters: &mut C,
        probe: &mut P,
    ) -> Result<WindowResult, Aborted> {
        counters.position(tree.depth(node));
        if tree.degree(node) == 0 {
            counters.leaf();
            return Ok(WindowResult {
                value: tree.value(node),
                best_index: None,
            });
        }
        self.search_children(tree, node, (alpha, beta), Resume::START, counters, probe)
    }

    /// Finishes `pvs(node, alpha, beta)` for an internal node whose first `resume.next`
    /// children (in search order) were searched elsewhere, their largest value
    /// `resume.m` (fail-soft: it may lie below `alpha`) from child `resume.best`: every
    /// child from `resume.next` on is a younger one, tested against `max(alpha, m)`.
    /// `node` itself is not counted again. With [`Resume::START`] this is
    /// [`PvsIter::search_node`] less the count of `node`.
    pub fn resume_node<C: Counters, P: Probe>(
        &mut self,
        tree: &T,
        node: T::Node,
        window: (Value, Value),
        resume: Resume,
        counters: &mut C,
        probe: &mut P,
    ) -> Result<WindowResult, Aborted> {
        debug_assert!(tree.degree(node) > 0, "resume_node needs an internal node");
        self.search_children(tree, node, window, resume, counters, probe)
    }

    /// The children of internal `node` from `resume` on: see [`PvsIter::resume_node`].
    #[inline(never)]
    fn search_children<C: Counters, P: Probe>(
        &mut self,
        tree: &T,
        node: T::Node,
        (alpha, beta): (Value, Value),
        resume: Resume,
        counters: &mut C,
        probe: &mut P,
    ) -> Result<WindowResult, Aborted> {
        let base_depth = tree.depth(node);
        let degree = tree.degree(node);
        let leaf_depth = tree.height();
        if base_depth + 1 == leaf_depth {
            return Ok(Self::leaves_only(
                tree,
                node,
                resume,
                (alpha, beta),
                counters,
            ));
        }
        let mut poll = Polling::new(probe, counters.nodes());
        self.stack.clear();
        let mut current = Frame::resumed(tree, node, degree as u32, (alpha, beta), resume);
        let mut child_depth = base_depth + 1;
        loop {
            // Which child to search next, and with which window.
            let (i, child_alpha, child_beta) = if current.pending == Pending::Research {
                current.pending = Pending::Final;
                let a = current.alpha.max(current.m);
                (current.next - 1, -current.beta, -a)
            } else if current.m < current.beta && current.next < current.degree {
                let i = current.next;
                current.next += 1;
                if i == 0 {
                    current.pending = Pending::Final;
                    (i, -current.beta, -current.alpha)
                } else {
                    current.pending = Pending::Test;
                    self.test_child(tree, &mut current, i, counters, &mut poll)?;
                    // Polled after a test too (a leaf parent's test polls nowhere else);
                    // a narrower window heard inside the test is this search's root's.
                    if poll.due(counters.nodes()) {
                        Self::poll(&mut self.stack, &mut current, &mut poll, counters.nodes())?;
                        child_depth = base_depth + self.stack.len() as u32 + 1;
                    } else if let Some(window) = poll.take_narrowed() {
                        Self::narrow(&mut self.stack, &mut current, window)?;
                        child_depth = base_depth + self.stack.len() as u32 + 1;
                    }
                    continue;
                }
            } else {
                if current.next < current.degree {
                    counters.cutoff();
                }
                let value = current.m;
                let Some(parent) = self.stack.pop() else {
                    return Ok(WindowResult::at(value, current.best));
                };
                current = parent;
                child_depth -= 1;
                Self::child_returned(&mut current, -value);
                continue;
            };
            let may_poll = Self::visit(
                tree,
                &mut self.stack,
                &mut current,
                &mut child_depth,
                (i, child_alpha, child_beta),
                leaf_depth,
                counters,
            );
            // Polled after a descent and after a run of leaves only, as F2's kernel.
            if may_poll && poll.due(counters.nodes()) {
                Self::poll(&mut self.stack, &mut current, &mut poll, counters.nodes())?;
                child_depth = base_depth + self.stack.len() as u32 + 1;
            }
        }
    }

    /// The search of `node`, whose children are all leaves, with `window`, taken up
    /// where `resume` says: one loop over the leaves ([`Self::leaf_parent`]).
    #[inline(always)]
    fn leaves_only<C: Counters>(
        tree: &T,
        node: T::Node,
        resume: Resume,
        window: (Value, Value),
        counters: &mut C,
    ) -> WindowResult {
        let (degree, height) = (tree.degree(node) as u32, tree.height());
        let (value, best) = Self::leaf_parent(tree, node, degree, resume, window, height, counters);
        WindowResult::at(value, best)
    }

    /// Tests child `i` of `current` with a null window at the node's floor and takes its
    /// value. A null-window `pvs` is fail-soft F2, position for position: the test runs
    /// in that kernel, whatever the child is.
    #[inline(always)]
    fn test_child<C: Counters, P: Probe>(
        &mut self,
        tree: &T,
        current: &mut Frame<T::Node, T::Children>,
        i: u32,
        counters: &mut C,
        poll: &mut Polling<'_, P>,
    ) -> Result<(), Aborted> {
        // `a < beta <= +inf`, so `a + 1` does not overflow.
        let a = current.alpha.max(current.m);
        let child = tree.child(current.node, &current.children, i as usize);
        let value = self
            .tests
            .search_node::<C, P, false>(tree, child, -a - 1, -a, counters, poll)?
            .0;
        Self::child_returned(current, -value);
        Ok(())
    }

    /// Searches child `i` of `current`, at `child_depth`, with the window `(child_alpha,
    /// child_beta)`: a leaf is scored, a parent of leaves searched in one loop
    /// ([`Self::leaf_parent`]), any other child pushed as the new current frame. Returns
    /// whether the probe may be due: after a descent or a run of leaves, never after one
    /// leaf. Inlined, so that the frame stays in the registers of the search's loop.
    #[inline(always)]
    fn visit<C: Counters>(
        tree: &T,
        stack: &mut Vec<Frame<T::Node, T::Children>>,
        current: &mut Frame<T::Node, T::Children>,
        child_depth: &mut u32,
        (i, child_alpha, child_beta): (u32, Value, Value),
        leaf_depth: u32,
        counters: &mut C,
    ) -> bool {
        let child = tree.child(current.node, &current.children, i as usize);
        counters.position(*child_depth);
        let child_degree = tree.degree(child);
        if child_degree == 0 {
            counters.leaf();
            Self::child_returned(current, -tree.value(child));
            false
        } else if *child_depth + 1 == leaf_depth {
            // The child's children are all leaves: no frame for it.
            let value = Self::leaf_parent(
                tree,
                child,
                child_degree as u32,
                Resume::START,
                (child_alpha, child_beta),
                leaf_depth,
                counters,
            )
            .0;
            Self::child_returned(current, -value);
            true
        } else {
            let pushed = Frame {
                node: child,
                children: tree.children(child),
                alpha: child_alpha,
                beta: child_beta,
                m: NEG_INFINITY,
                next: 0,
                degree: child_degree as u32,
                best: u32::MAX,
                pending: Pending::Final,
            };
            stack.push(std::mem::replace(current, pushed));
            *child_depth += 1;
            true
        }
    }

    /// Polls; a narrower root window is pushed down the frames ([`PvsIter::narrow`]).
    #[cold]
    #[inline(never)]
    fn poll<P: Probe>(
        stack: &mut Vec<Frame<T::Node, T::Children>>,
        current: &mut Frame<T::Node, T::Children>,
        poll: &mut Polling<'_, P>,
        examined: u64,
    ) -> Result<(), Aborted> {
        if poll.poll(examined) {
            return Err(Aborted);
        }
        match poll.take_narrowed() {
            Some(window) => Self::narrow(stack, current, window),
            None => Ok(()),
        }
    }

    /// Narrows the root frame's window to `(alpha, beta)` and pushes it down the frames
    /// searched with an open window (`current` is the one being worked on, above
    /// `stack`): afterwards each frame's window is the one its parent gives it now,
    /// `(-beta, -max(alpha, m))` of the parent, as for the eldest child and for a
    /// re-search. A frame whose `m` reaches its `beta` is finished by the main loop (the
    /// frames above it are dropped: their results no longer matter). A root window closed
    /// above `m` leaves no result to return: `Err`, which the probes never cause (they
    /// abort instead).
    #[cold]
    fn narrow(
        stack: &mut Vec<Frame<T::Node, T::Children>>,
        current: &mut Frame<T::Node, T::Children>,
        (alpha, beta): (Value, Value),
    ) -> Result<(), Aborted> {
        stack.push(*current);
        let root = &mut stack[0];
        root.alpha = root.alpha.max(alpha);
        root.beta = root.beta.min(beta);
        if root.alpha >= root.beta && root.m < root.beta {
            return Err(Aborted);
        }
        let mut keep = stack.len();
        for k in 0..stack.len() {
            if k > 0 {
                let parent = stack[k - 1];
                let frame = &mut stack[k];
                frame.alpha = frame.alpha.max(-parent.beta);
                frame.beta = frame.beta.min(-parent.alpha.max(parent.m));
            }
            if stack[k].m >= stack[k].beta {
                keep = k + 1;
                break;
            }
        }
        stack.truncate(keep);
        *current = stack.pop().expect("narrowing keeps the root frame");
        Ok(())
    }

    /// The child `frame.next - 1` returned `t` (from the frame's viewpoint): a failed-high
    /// test inside the window asks for a re-search, anything else counts.
    #[inline(always)]
    fn child_returned(frame: &mut Frame<T::Node, T::Children>, t: Value) {
        if frame.pending == Pending::Test {
            let a = frame.alpha.max(frame.m);
            if a < t && t < frame.beta {
                frame.pending = Pending::Research;
                return;
            }
        }
        if t > frame.m {
            frame.m = t;
            frame.best = frame.next - 1;
        }
    }

    /// `pvs(node, alpha, beta)` for a node whose children are all leaves (at depth
    /// `leaf_depth`): the eldest leaf, then each younger one tested — and, when the test
    /// fails high inside the window, examined again — until `m >= beta`. Returns the
    /// value and the index of the leaf that produced it (`u32::MAX`: none). From
    /// `resume` on ([`PvsIter::resume_node`]); every search of a whole node starts at
    /// [`Resume::START`].
    #[inline(always)]
    fn leaf_parent<C: Counters>(
        tree: &T,
        node: T::Node,
        degree: u32,
        resume: Resume,
        (alpha, beta): (Value, Value),
        leaf_depth: u32,
        counters: &mut C,
    ) -> (Value, u32) {
        let children = tree.children(node);
        let (mut m, mut best, mut i, mut examined) = if resume.next == 0 {
            (-tree.value(tree.child(node, &children, 0)), 0, 1, 1u64)
        } else {
            (resume.m, resume.best, resume.next, 0)
        };
        while m < beta && i < degree {
            let t = -tree.value(tree.child(node, &children, i as usize));
            let a = alpha.max(m);
            // A test that fails high inside the window is a second examination.
            examined += 1 + u64::from(a < t && t < beta);
            let raises = t > m;
            m = if raises { t } else { m };
            best = if raises { i } else { best };
            i += 1;
        }
        counters.leaves_at(leaf_depth, examined);
        if i < degree {
            counters.cutoff();
        }
        (m, best)
    }
}

/// `pvs(root, -inf, +inf)` as the recursive procedure: the oracle of [`PvsIter`].
#[cfg(test)]
pub(crate) fn pvs_recursive<T: GameTree, C: Counters>(tree: &T, mut counters: C) -> SearchResult {
    let root = tree.root();
    let (value, best) = pvs_node(tree, root, NEG_INFINITY, INFINITY, &mut counters);
    let best_move = best.map(|i| tree.move_number(root, &tree.children(root), i));
    SearchResult::exact(value, best_move, counters.stats())
}

/// `pvs(node, alpha, beta)`: the value and the search-order index of the child that
/// produced it.
#[cfg(test)]
fn pvs_node<T: GameTree, C: Counters>(
    tree: &T,
    node: T::Node,
    alpha: Value,
    beta: Value,
    counters: &mut C,
) -> (Value, Option<usize>) {
    counters.position(tree.depth(node));
    let degree = tree.degree(node);
    if degree == 0 {
        counters.leaf();
        return (tree.value(node), None);
    }
    let children = tree.children(node);
    let mut m = -pvs_node(
        tree,
        tree.child(node, &children, 0),
        -beta,
        -alpha,
        counters,
    )
    .0;
    let mut best = 0;
    for i in 1..degree {
        if m >= beta {
            counters.cutoff();
            break;
        }
        let a = m.max(alpha);
        let child = tree.child(node, &children, i);
        let mut t = -pvs_node(tree, child, -a - 1, -a, counters).0;
        if a < t && t < beta {
            t = -pvs_node(tree, child, -beta, -a, counters).0;
        }
        if t > m {
            m = t;
            best = i;
        }
    }
    (m, Some(best))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_trees::model_spec;
    use crate::{Basic, Detailed};
    use abbench_tree::{Layout, ModelSpec, TreeSpec, TreeVisitor};
    use proptest::prelude::*;

    /// The iterative and the recursive procedure on one tree, both counters.
    struct BothForms;

    impl TreeVisitor for BothForms {
        type Output = ();
        fn visit<T: GameTree>(self, tree: &T) {
            let mut kernel = PvsIter::new(tree);
            let oracle = pvs_recursive(tree, Detailed::for_height(tree.height()));
            let iterative = kernel.search_with(tree, Detailed::for_height(tree.height()));
            assert_eq!(iterative, oracle);
            // Twice with the same stack, and with the timed counters.
            let again = kernel.search_with(tree, Basic::for_height(tree.height()));
            assert_eq!(
                (
                    again.value,
                    again.best_move,
                    again.stats.nodes,
                    again.stats.leaves
                ),
                (
                    oracle.value,
                    oracle.best_move,
                    oracle.stats.nodes,
                    oracle.stats.leaves
                )
            );
        }
    }

    fn check(spec: &ModelSpec, layout: Layout) {
        TreeSpec::model(spec.clone(), layout)
            .visit(1 << 30, BothForms)
            .unwrap_or_else(|e| panic!("{spec:?}: {e}"));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(600))]
        #[test]
        fn the_kernel_examines_exactly_what_the_procedure_does(
            spec in model_spec(),
            arena in any::<bool>(),
        ) {
            let layout = if arena { Layout::Arena } else { Layout::Implicit };
            check(&spec, layout);
        }
    }

    #[test]
    fn larger_trees_agree() {
        use abbench_tree::Model;
        for (model, degree, height) in [
            (Model::Random, 8, 6),
            (Model::Ordered, 16, 4),
            (Model::Dependent, 4, 8),
            (Model::BranchSum, 6, 6),
            (Model::Worst, 5, 5),
        ] {
            for seed in 1..4 {
                check(
                    &ModelSpec::new(model, degree, height, seed),
                    Layout::Implicit,
                );
            }
        }
    }

    type Stack = Vec<
        Frame<
            <abbench_tree::models::RandomTree as GameTree>::Node,
            <abbench_tree::models::RandomTree as GameTree>::Children,
        >,
    >;

    /// Frames with these `(alpha, beta, m)`, root first, the last one the current frame;
    /// narrowed by `window`: the frames' windows after it, or `Err`.
    fn narrowed(
        frames: &[(Value, Value, Value)],
        window: (Value, Value),
    ) -> Result<Vec<(Value, Value, Value)>, Aborted> {
        use abbench_tree::models::RandomTree;
        let tree = RandomTree::new(2, 3, 1, 100);
        let root = tree.root();
        let mut stack: Stack = frames
            .iter()
            .map(|&(alpha, beta, m)| Frame {
                node: root,
                children: tree.children(root),
                alpha,
                beta,
                m,
                next: 1,
                degree: 2,
                best: 0,
                pending: Pending::Final,
            })
            .collect();
        let mut current = stack.pop().unwrap();
        PvsIter::<RandomTree>::narrow(&mut stack, &mut current, window)?;
        stack.push(current);
        Ok(stack.iter().map(|f| (f.alpha, f.beta, f.m)).collect())
    }

    /// A narrower root window goes down the open-window frames as PVS passes windows,
    /// `(-beta, -max(alpha, m))` of the parent; the first frame it decides is kept for
    /// the main loop and those above it dropped; a root window closed above the root's
    /// maximum leaves nothing to return. Worked by hand.
    #[test]
    fn narrowing_pushes_the_root_window_down_the_open_frames() {
        // Root (-5, 10) with m -3, narrowed by (0, 8): (0, 8); its child (-10, 3):
        // (max(-10, -8), min(3, -max(0, -3))) = (-8, 0); the grandchild (-3, 10):
        // (max(-3, 0), min(10, -max(-8, -20))) = (0, 8).
        assert_eq!(
            narrowed(&[(-5, 10, -3), (-10, 3, -20), (-3, 10, 0)], (0, 8)),
            Ok(vec![(0, 8, -3), (-8, 0, -20), (0, 8, 0)])
        );
        // The child's maximum 2 reaches its new beta 0: it is kept, its child dropped.
        assert_eq!(
            narrowed(&[(-5, 10, -3), (-10, 3, 2), (-3, 10, 0)], (0, 8)),
            Ok(vec![(0, 8, -3), (-8, 0, 2)])
        );
        // A window closed at the root's maximum: the root is decided, not lost.
        assert_eq!(
            narrowed(&[(-5, 10, 7), (-10, 5, -20)], (7, 7)),
            Ok(vec![(7, 7, 7)])
        );
        // Closed above the root's maximum 3: nothing the root has reaches it, and it has
        // no result to return.
        assert_eq!(
            narrowed(&[(-5, 10, 3), (-10, 5, -20)], (6, 6)),
            Err(Aborted)
        );
    }
}
