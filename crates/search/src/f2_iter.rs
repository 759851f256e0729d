//! F2 without recursion: §2's `alphabeta` procedure with an explicit stack of frames.
//!
//! Each frame holds what one activation of F2 holds (the node, its prepared children,
//! `beta`, the running maximum `m` — which starts at `alpha`, so alpha needs no slot of its
//! own — and the next child to try). The stack is allocated once, one frame per level, and
//! reused across searches: nothing allocates while searching.
//!
//! What makes it fast, each measured against the paper-form [`crate::f2()`]: the frame
//! being worked on lives in locals, so only a push or a pop touches memory; leaves are
//! evaluated where their parent stands rather than pushed; and a node just above the
//! tree's height bound — whose children must all be leaves — gets no frame at all: its
//! parent runs through its leaves in one tight, branch-light loop. None of it changes what is examined:
//! the positions, their order, and every count are exactly those of [`crate::f2()`].
//!
//! [`F2Iter::search_window`] starts the root with any window (§4) and either cutoff
//! criterion; the criterion is a const parameter of the loop, so the paper's `>=` —
//! every other entry point — compiles to the loop it always was.
//!
//! A search below a parallel split point must hear from its siblings; a [`Probe`] is
//! polled about every [`Probe::interval`] positions and can abort the search or
//! narrow the window at its root. A narrower root window is pushed down the whole stack
//! at once (every frame's `alpha` is the negated `beta` of its parent, every frame's
//! `beta` the negated `m` of its parent), so the bound prunes immediately at every level.

use crate::probe::{Aborted, Poll, Probe};
use crate::{Basic, Bound, Counters, Cutoff, NoProbe, SearchResult, Window};
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY, Value};

/// One activation of F2.
#[derive(Clone, Copy)]
struct Frame<N: Copy, C: Copy> {
    node: N,
    children: C,
    beta: Value,
    /// The running maximum; starts at `alpha`.
    m: Value,
    /// Index (search order) of the next child to examine.
    next: u32,
    degree: u32,
    /// Index of the child that last raised `m`, or `u32::MAX`.
    best: u32,
}

/// What a windowed search of one node returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WindowResult {
    /// `F2(node, alpha, beta)` for the (possibly narrowed) window.
    pub value: Value,
    /// Search-order index of the child that produced `value`, if one did.
    pub best_index: Option<usize>,
}

impl WindowResult {
    /// `value`, produced by the child of search-order index `best` (`u32::MAX`: none).
    #[inline(always)]
    pub(crate) fn at(value: Value, best: u32) -> WindowResult {
        let best_index = (best != u32::MAX).then_some(best as usize);
        WindowResult { value, best_index }
    }
}

/// Where [`F2Iter::resume_node`] takes up a node's search: the next child to examine
/// and what the children before it gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resume {
    /// Index (search order) of the next child to examine.
    pub next: u32,
    /// The largest value the earlier children gave, from the node's viewpoint.
    pub m: Value,
    /// Index of the child that gave `m` (`u32::MAX`: none).
    pub best: u32,
}

impl Resume {
    /// The running maximum and its child for a search of window floor `alpha`: what the
    /// earlier children gave if it beats `alpha`, else `alpha` and no child.
    #[inline(always)]
    fn running(self, alpha: Value) -> (Value, u32) {
        if self.m > alpha {
            (self.m, self.best)
        } else {
            (alpha, u32::MAX)
        }
    }

    /// Nothing searched yet.
    pub const START: Resume = Resume {
        next: 0,
        m: NEG_INFINITY,
        best: u32::MAX,
    };
}

/// The non-recursive F2 kernel with its reusable stack.
pub struct F2Iter<T: GameTree> {
    stack: Vec<Frame<T::Node, T::Children>>,
}

impl<T: GameTree> F2Iter<T> {
    /// A kernel whose stack fits every node of `tree`.
    pub fn new(tree: &T) -> Self {
        F2Iter {
            stack: Vec::with_capacity(tree.height() as usize + 1),
        }
    }

    /// `F2(root, -inf, +inf)`.
    pub fn search<C: Counters>(&mut self, tree: &T) -> SearchResult {
        self.search_with(tree, C::for_height(tree.height()))
    }

    /// `F2(root, -inf, +inf)`, counting into `counters`.
    pub fn search_with<C: Counters>(&mut self, tree: &T, mut counters: C) -> SearchResult {
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
        let best_move = result.best_index.map(|i| {
            let children = tree.children(root);
            tree.move_number(root, &children, i)
        });
        SearchResult::exact(result.value, best_move, counters.stats())
    }

    /// `F2(root, alpha, beta)` for `window = (alpha, beta)` under `cutoff`, counting into
    /// `counters`; the result carries its [`Bound`]. With the full window and `>=` this
    /// is [`F2Iter::search_with`], position for position.
    pub fn search_window<C: Counters>(
        &mut self,
        tree: &T,
        window: Window,
        cutoff: Cutoff,
        mut counters: C,
    ) -> SearchResult {
        let root = tree.root();
        let result = self.search_root_window(tree, window, cutoff, &mut counters);
        let best_move = result.best_index.map(|i| {
            let children = tree.children(root);
            tree.move_number(root, &children, i)
        });
        SearchResult {
            bound: Some(Bound::of(result.value, window)),
            ..SearchResult::exact(result.value, best_move, counters.stats())
        }
    }

    /// `F2(root, alpha, beta)` for `window = (alpha, beta)` under `cutoff`, adding to
    /// `counters`: one root search of a sequence (aspiration search).
    pub fn search_root_window<C: Counters>(
        &mut self,
        tree: &T,
        window: Window,
        cutoff: Cutoff,
        counters: &mut C,
    ) -> WindowResult {
        let root = tree.root();
        let (alpha, beta) = (window.alpha, window.beta);
        match cutoff {
            Cutoff::Ge => self.search_node_as::<C, NoProbe, false>(
                tree,
                root,
                alpha,
                beta,
                counters,
                &mut NoProbe,
            ),
            Cutoff::Gt => self.search_node_as::<C, NoProbe, true>(
                tree,
                root,
                alpha,
                beta,
                counters,
                &mut NoProbe,
            ),
        }
        .unwrap_or_else(|Aborted| unreachable!("NoProbe never aborts"))
    }

    /// The value to the root's side of root move number `move_number`:
    /// `-F2(child, -inf, +inf)`, or `None` if no root move has that number. What the
    /// checks of a search's best move compare with the root's value.
    pub fn root_move_value(&mut self, tree: &T, move_number: usize) -> Option<Value> {
        let root = tree.root();
        let children = tree.children(root);
        let i = (0..tree.degree(root))
            .find(|&i| tree.move_number(root, &children, i) == move_number)?;
        let child = tree.child(root, &children, i);
        let found = self
            .search_node(
                tree,
                child,
                NEG_INFINITY,
                INFINITY,
                &mut Basic::default(),
                &mut NoProbe,
            )
            .unwrap_or_else(|Aborted| unreachable!("NoProbe never aborts"));
        Some(-found.value)
    }

    /// `F2(node, alpha, beta)`, counting into `counters`, polling `probe`.
    ///
    /// `node` is examined (counted) by this call. On [`Aborted`], `counters` still hold
    /// everything examined before the abort.
    #[inline(never)]
    pub fn search_node<C: Counters, P: Probe>(
        &mut self,
        tree: &T,
        node: T::Node,
        alpha: Value,
        beta: Value,
        counters: &mut C,
        probe: &mut P,
    ) -> Result<WindowResult, Aborted> {
        self.search_node_as::<C, P, false>(tree, node, alpha, beta, counters, probe)
    }

    /// [`F2Iter::search_node`] under the cutoff criterion `GT` names: `m > beta` if
    /// set, else the paper's `m >= beta`.
    #[inline(always)]
    fn search_node_as<C: Counters, P: Probe, const GT: bool>(
        &mut self,
        tree: &T,
        node: T::Node,
        alpha: Value,
        beta: Value,
        counters: &mut C,
        probe: &mut P,
    ) -> Result<WindowResult, Aborted> {
        let base_depth = tree.depth(node);
        counters.position(base_depth);
        let degree = tree.degree(node);
        if degree == 0 {
            counters.leaf();
            return Ok(WindowResult {
                value: tree.value(node),
                best_index: None,
            });
        }
        self.search_children::<C, P, GT>(tree, node, alpha, beta, Resume::START, counters, probe)
    }

    /// Finishes `F2(node, alpha, beta)`, `window = (alpha, beta)`, for an internal node
    /// whose first `resume.next` children (in search order) were searched elsewhere: the
    /// running maximum starts at `max(alpha, resume.m)` and the best child at
    /// `resume.best`, exactly as F2 stands after those children. `node` itself is not
    /// counted again.
    ///
    /// With `resume.next == 0` and `resume.m == alpha` this is [`F2Iter::search_node`]
    /// without counting `node`. The positions examined are exactly those F2 examines
    /// from that point on.
    #[inline(never)]
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
        let (alpha, beta) = window;
        self.search_children::<C, P, false>(tree, node, alpha, beta, resume, counters, probe)
    }

    /// The children of an internal node from `resume` on; see [`F2Iter::resume_node`].
    /// `GT` chooses the cutoff criterion ([`F2Iter::search_node_as`]).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn search_children<C: Counters, P: Probe, const GT: bool>(
        &mut self,
        tree: &T,
        node: T::Node,
        alpha: Value,
        beta: Value,
        resume: Resume,
        counters: &mut C,
        probe: &mut P,
    ) -> Result<WindowResult, Aborted> {
        let base_depth = tree.depth(node);
        let degree = tree.degree(node);
        let (alpha, first_best) = resume.running(alpha);
        let leaf_depth = tree.height();
        if base_depth + 1 == leaf_depth {
            let (value, best) = Self::leaf_parent::<C, GT>(
                tree,
                node,
                resume.next,
                degree as u32,
                (alpha, first_best),
                beta,
                leaf_depth,
                counters,
            );
            return Ok(WindowResult::at(value, best));
        }
        // The frame being worked on lives in locals (registers); the frames of its
        // ancestors wait in `stack`. Only a push or a pop touches memory.
        let stack = &mut self.stack;
        stack.clear();
        let mut current = Frame {
            node,
            children: tree.children(node),
            beta,
            m: alpha,
            next: resume.next,
            degree: degree as u32,
            best: first_best,
        };
        let mut child_depth = base_depth + 1;
        let mut next_poll = counters.nodes() + u64::from(probe.interval());
        loop {
            if open::<GT>(current.m, current.beta) && current.next < current.degree {
                let may_poll = Self::visit_next::<C, GT>(
                    tree,
                    stack,
                    &mut current,
                    &mut child_depth,
                    leaf_depth,
                    counters,
                );
                // After a descent or a run of leaves only: one leaf stays free of it.
                if may_poll && P::ENABLED && counters.nodes() >= next_poll {
                    next_poll = counters.nodes() + u64::from(probe.interval());
                    // Out of line: the rare path stays out of the hot loop's registers.
                    if Self::poll(stack, &mut current, counters.nodes(), probe) {
                        return Err(Aborted);
                    }
                    child_depth = base_depth + stack.len() as u32 + 1;
                }
            } else {
                if current.next < current.degree {
                    counters.cutoff();
                }
                let value = current.m;
                let Some(parent) = stack.pop() else {
                    return Ok(WindowResult::at(value, current.best));
                };
                current = parent;
                child_depth -= 1;
                let t = -value;
                if t > current.m {
                    current.m = t;
                    current.best = current.next - 1;
                }
            }
        }
    }

    /// Visits the next child of `current`, at `child_depth`: a leaf is scored, a parent
    /// of leaves searched in one tight loop ([`Self::leaf_parent`]), any other child
    /// pushed as the new current frame. Returns whether the probe may be due: after a
    /// descent or a run of leaves, never after one leaf. Inlined, so that the frame stays
    /// in the registers of [`Self::search_children`]'s loop.
    #[inline(always)]
    fn visit_next<C: Counters, const GT: bool>(
        tree: &T,
        stack: &mut Vec<Frame<T::Node, T::Children>>,
        current: &mut Frame<T::Node, T::Children>,
        child_depth: &mut u32,
        leaf_depth: u32,
        counters: &mut C,
    ) -> bool {
        let i = current.next;
        current.next += 1;
        let child = tree.child(current.node, &current.children, i as usize);
        counters.position(*child_depth);
        let child_degree = tree.degree(child);
        if child_degree == 0 {
            counters.leaf();
            let t = -tree.value(child);
            if t > current.m {
                current.m = t;
                current.best = i;
            }
            false
        } else if *child_depth + 1 == leaf_depth {
            // The child's children are all leaves: no frame for it.
            let value = Self::leaf_parent::<C, GT>(
                tree,
                child,
                0,
                child_degree as u32,
                (-current.beta, u32::MAX),
                -current.m,
                *child_depth + 1,
                counters,
            )
            .0;
            let t = -value;
            if t > current.m {
                current.m = t;
                current.best = i;
            }
            true
        } else {
            let pushed = Frame {
                node: child,
                children: tree.children(child),
                beta: -current.m,
                m: -current.beta,
                next: 0,
                degree: child_degree as u32,
                best: u32::MAX,
            };
            stack.push(std::mem::replace(current, pushed));
            *child_depth += 1;
            true
        }
    }

    /// `F2(node, alpha, beta)` for a node whose children are all leaves (they stand at
    /// the tree's height bound, `leaf_depth`): one tight loop over the leaves in order until
    /// a cutoff. Returns the value and the index of the leaf that produced it.
    ///
    /// The leaves are taken from index `first` on, with the running maximum and its leaf
    /// starting at `start` (`(alpha, u32::MAX)` for a whole search).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn leaf_parent<C: Counters, const GT: bool>(
        tree: &T,
        node: T::Node,
        first: u32,
        degree: u32,
        start: (Value, u32),
        beta: Value,
        leaf_depth: u32,
        counters: &mut C,
    ) -> (Value, u32) {
        let children = tree.children(node);
        let (mut m, mut best) = start;
        let mut i = first;
        while i < degree {
            let t = -tree.value(tree.child(node, &children, i as usize));
            // Branch-free update: which leaf raises `m` is unpredictable.
            let raises = t > m;
            m = if raises { t } else { m };
            best = if raises { i } else { best };
            i += 1;
            if !open::<GT>(m, beta) {
                break;
            }
        }
        counters.leaves_at(leaf_depth, u64::from(i - first));
        if i < degree {
            counters.cutoff();
        }
        (m, best)
    }

    /// Polls `probe`; on a narrower window pushes it down the stack (`current` is the
    /// frame being worked on, above `stack`). Returns whether the search must abort.
    #[cold]
    #[inline(never)]
    fn poll<P: Probe>(
        stack: &mut Vec<Frame<T::Node, T::Children>>,
        current: &mut Frame<T::Node, T::Children>,
        examined: u64,
        probe: &mut P,
    ) -> bool {
        match probe.poll(examined) {
            Poll::Continue => false,
            Poll::Abort => true,
            Poll::Narrow { alpha, beta } => {
                stack.push(*current);
                Self::narrow(stack, alpha, beta);
                *current = stack.pop().expect("narrowing keeps the root frame");
                false
            }
        }
    }

    /// Pushes a narrower root window down the stack. Afterwards each frame's window is
    /// what F2 would have given it had the root been called with the new window, and a
    /// frame whose `m` now reaches its `beta` is finished by the main loop (frames above
    /// it are dropped, their results no longer matter).
    #[cold]
    fn narrow(stack: &mut Vec<Frame<T::Node, T::Children>>, alpha: Value, beta: Value) {
        let root = &mut stack[0];
        root.m = root.m.max(alpha);
        root.beta = root.beta.min(beta);
        if root.m >= root.beta {
            stack.truncate(1);
            return;
        }
        for k in 1..stack.len() {
            let (parent_beta, parent_m) = (stack[k - 1].beta, stack[k - 1].m);
            let frame = &mut stack[k];
            frame.m = frame.m.max(-parent_beta);
            frame.beta = -parent_m;
            if frame.m >= frame.beta {
                stack.truncate(k + 1);
                return;
            }
        }
    }
}

/// Whether a node whose running maximum is `m` goes on to its next child: `m < beta`,
/// or under the `>` criterion (`GT`) `m <= beta`.
#[inline(always)]
fn open<const GT: bool>(m: Value, beta: Value) -> bool {
    if GT { m <= beta } else { m < beta }
}

/// `F2(root, -inf, +inf)` with a fresh kernel.
pub fn f2_iter<T: GameTree, C: Counters>(tree: &T) -> SearchResult {
    F2Iter::new(tree).search::<C>(tree)
}

#[cfg(test)]
mod tests {
    use super::*;
    use abbench_tree::models::RandomTree;

    type Stack = Vec<Frame<<RandomTree as GameTree>::Node, <RandomTree as GameTree>::Children>>;

    /// The root's value is the largest of its moves' values, the best move's among them;
    /// a number that names no root move has none.
    #[test]
    fn root_move_values_give_the_root_value_through_the_best_move() {
        for seed in 0..8 {
            let tree = RandomTree::new(5, 5, seed, 100);
            let whole = F2Iter::new(&tree).search::<Basic>(&tree);
            let mut kernel = F2Iter::new(&tree);
            let values: Vec<Value> = (0..5)
                .map(|number| kernel.root_move_value(&tree, number).unwrap())
                .collect();
            assert_eq!(values.iter().max(), Some(&whole.value), "seed {seed}");
            let best = whole.best_move.unwrap();
            assert_eq!(values[best], whole.value, "seed {seed}");
            assert_eq!(kernel.root_move_value(&tree, 5), None);
        }
    }

    /// Frames with these `(m, beta)`, root first (their nodes do not matter to `narrow`).
    fn stack(tree: &RandomTree, windows: &[(Value, Value)]) -> Stack {
        let root = tree.root();
        windows
            .iter()
            .map(|&(m, beta)| Frame {
                node: root,
                children: tree.children(root),
                beta,
                m,
                next: 1,
                degree: 2,
                best: u32::MAX,
            })
            .collect()
    }

    fn windows(stack: &Stack) -> Vec<(Value, Value)> {
        stack.iter().map(|f| (f.m, f.beta)).collect()
    }

    /// A narrower root window goes down the stack as F2 passes windows to a child,
    /// `(-beta, -m)` of its parent, each frame keeping the larger of its maximum and its
    /// new lower end; the first frame it decides (`m >= beta`) is kept for the main loop
    /// to finish and the frames above it are dropped. Worked by hand.
    #[test]
    fn narrowing_pushes_the_root_window_down_as_f2_passes_windows() {
        let tree = RandomTree::new(2, 3, 1, 100);
        let narrow = |frames: &[(Value, Value)], alpha, beta| {
            let mut s = stack(&tree, frames);
            F2Iter::<RandomTree>::narrow(&mut s, alpha, beta);
            windows(&s)
        };
        // Root (-5, 10) narrowed by (0, 8): (0, 8); its child (-20, 5): (-8, 0); the
        // grandchild (-3, 30): (0, 8).
        assert_eq!(
            narrow(&[(-5, 10), (-20, 5), (-3, 30)], 0, 8),
            [(0, 8), (-8, 0), (0, 8)]
        );
        // The child's maximum 3 reaches its new beta 0: it is kept, the grandchildren go.
        assert_eq!(
            narrow(&[(-5, 10), (3, 5), (-3, 30), (1, 2)], 0, 8),
            [(0, 8), (3, 0)]
        );
        // The root's own maximum reaches the new beta: the root alone is left.
        assert_eq!(narrow(&[(6, 10), (-20, 5)], 0, 5), [(6, 5)]);
        // A window wider than the root's leaves the root as it was; its child's maximum
        // rises to the lower end F2 gives it, -10.
        assert_eq!(
            narrow(&[(-5, 10), (-20, 5)], NEG_INFINITY, INFINITY),
            [(-5, 10), (-10, 5)]
        );
    }
}
