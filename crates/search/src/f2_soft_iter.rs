//! Fail-soft F2 without recursion: the procedure of [`crate::window_search`]'s soft form
//! (`m` starts at `-inf`, each child's window is `(-beta, -max(m, alpha))`) run with an
//! explicit stack in the style of [`crate::F2Iter`] — one stack allocated once, the frame
//! being worked on in locals, leaves evaluated where their parent stands, and a node whose
//! children are all leaves run through in one tight loop.
//!
//! It examines exactly the positions fail-hard F2 examines with the same window (the
//! hard running maximum is `max(alpha, m)`, so every window and every cutoff is the
//! same); only the value it returns can lie beyond the window. That is what principal
//! variation search needs of its null-window tests ([`crate::pvs`]: a null-window
//! `pvs` is fail-soft F2, position for position) and what `f2-soft` is.
//!
//! A separate kernel rather than a parameter of [`crate::F2Iter`]: the soft form needs
//! one more word per frame, and the hard kernel, the speedup baseline, keeps its frame
//! and its instructions.

use crate::probe::{Aborted, NoProbe, Polling, Probe};
use crate::{Bound, Counters, Cutoff, SearchResult, Window};
use abbench_tree::{GameTree, NEG_INFINITY, Value};

/// One activation of fail-soft F2.
#[derive(Clone, Copy)]
struct Frame<N: Copy, C: Copy> {
    node: N,
    children: C,
    alpha: Value,
    beta: Value,
    /// The running maximum (starts at `-inf`).
    m: Value,
    /// Index (search order) of the next child to examine.
    next: u32,
    degree: u32,
    /// Index of the child that last raised `m`, or `u32::MAX`.
    best: u32,
}

/// The non-recursive fail-soft F2 kernel with its reusable stack.
pub(crate) struct SoftIter<T: GameTree> {
    stack: Vec<Frame<T::Node, T::Children>>,
}

impl<T: GameTree> SoftIter<T> {
    /// A kernel whose stack fits every node of `tree`.
    pub(crate) fn new(tree: &T) -> Self {
        SoftIter {
            stack: Vec::with_capacity(tree.height() as usize + 1),
        }
    }

    /// Fail-soft `F2(root, alpha, beta)` for `window = (alpha, beta)` under `cutoff`,
    /// counting into `counters`; the result carries its [`Bound`].
    pub(crate) fn search_window<C: Counters>(
        &mut self,
        tree: &T,
        window: Window,
        cutoff: Cutoff,
        mut counters: C,
    ) -> SearchResult {
        let root = tree.root();
        let mut probe = NoProbe;
        let mut poll = Polling::new(&mut probe, 0);
        let (alpha, beta) = (window.alpha, window.beta);
        let (value, best) = match cutoff {
            Cutoff::Ge => self.search_node::<C, NoProbe, false>(
                tree,
                root,
                alpha,
                beta,
                &mut counters,
                &mut poll,
            ),
            Cutoff::Gt => self.search_node::<C, NoProbe, true>(
                tree,
                root,
                alpha,
                beta,
                &mut counters,
                &mut poll,
            ),
        }
        .unwrap_or_else(|Aborted| unreachable!("NoProbe never aborts"));
        let best_move =
            (best != u32::MAX).then(|| tree.move_number(root, &tree.children(root), best as usize));
        SearchResult {
            bound: Some(Bound::of(value, window)),
            ..SearchResult::exact(value, best_move, counters.stats())
        }
    }

    /// Fail-soft `F2(node, alpha, beta)` under the cutoff criterion `GT` names (`m > beta`
    /// if set, else `m >= beta`): the value and the search-order index of the child that
    /// produced it (`u32::MAX`: none). `node` is counted by this call. `poll` is polled
    /// on its schedule after a descent and after a run of leaves; a narrower window it
    /// hears is left in it for the caller, whose root it concerns.
    #[inline(always)]
    pub(crate) fn search_node<C: Counters, P: Probe, const GT: bool>(
        &mut self,
        tree: &T,
        node: T::Node,
        alpha: Value,
        beta: Value,
        counters: &mut C,
        poll: &mut Polling<'_, P>,
    ) -> Result<(Value, u32), Aborted> {
        let base_depth = tree.depth(node);
        counters.position(base_depth);
        let degree = tree.degree(node);
        if degree == 0 {
            counters.leaf();
            return Ok((tree.value(node), u32::MAX));
        }
        let leaf_depth = tree.height();
        if base_depth + 1 == leaf_depth {
            return Ok(Self::leaf_parent::<C, GT>(
                tree,
                node,
                degree as u32,
                beta,
                leaf_depth,
                counters,
            ));
        }
        self.search_children::<C, P, GT>(tree, node, degree as u32, alpha, beta, counters, poll)
    }

    /// The loop over the frames below an internal node that is not a leaf parent.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn search_children<C: Counters, P: Probe, const GT: bool>(
        &mut self,
        tree: &T,
        node: T::Node,
        degree: u32,
        alpha: Value,
        beta: Value,
        counters: &mut C,
        poll: &mut Polling<'_, P>,
    ) -> Result<(Value, u32), Aborted> {
        let leaf_depth = tree.height();
        let stack = &mut self.stack;
        stack.clear();
        let mut current = Frame {
            node,
            children: tree.children(node),
            alpha,
            beta,
            m: NEG_INFINITY,
            next: 0,
            degree,
            best: u32::MAX,
        };
        let mut child_depth = tree.depth(node) + 1;
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
                // Polled after a run of leaves and after a descent only, as F2's kernel
                // polls; out of line, and compiled away without a probe.
                if may_poll && poll.due(counters.nodes()) && poll.poll(counters.nodes()) {
                    return Err(Aborted);
                }
            } else {
                if current.next < current.degree {
                    counters.cutoff();
                }
                let value = current.m;
                let Some(parent) = stack.pop() else {
                    return Ok((value, current.best));
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
    /// of leaves searched in one loop ([`Self::leaf_parent`]), any other child pushed as
    /// the new current frame. Returns whether the probe may be due: after a descent or a
    /// run of leaves, never after one leaf. Inlined, so that the frame stays in the
    /// registers of [`Self::search_children`]'s loop.
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
        let floor = current.m.max(current.alpha);
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
                child_degree as u32,
                -floor,
                leaf_depth,
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
                alpha: -current.beta,
                beta: -floor,
                m: NEG_INFINITY,
                next: 0,
                degree: child_degree as u32,
                best: u32::MAX,
            };
            stack.push(std::mem::replace(current, pushed));
            *child_depth += 1;
            true
        }
    }

    /// Fail-soft `F2(node, alpha, beta)` for a node whose children are all leaves (at
    /// depth `leaf_depth`): the leaves in order until a cutoff. Only `beta` matters to a
    /// run of leaves. Returns the value and the index of the leaf that produced it.
    #[inline(always)]
    pub(crate) fn leaf_parent<C: Counters, const GT: bool>(
        tree: &T,
        node: T::Node,
        degree: u32,
        beta: Value,
        leaf_depth: u32,
        counters: &mut C,
    ) -> (Value, u32) {
        let children = tree.children(node);
        let mut m = NEG_INFINITY;
        let mut best = u32::MAX;
        let mut i = 0;
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
        counters.leaves_at(leaf_depth, u64::from(i));
        if i < degree {
            counters.cutoff();
        }
        (m, best)
    }
}

/// Whether a node whose running maximum is `m` goes on to its next child: `m < beta`,
/// or under the `>` criterion (`GT`) `m <= beta`.
#[inline(always)]
fn open<const GT: bool>(m: Value, beta: Value) -> bool {
    if GT { m <= beta } else { m < beta }
}
