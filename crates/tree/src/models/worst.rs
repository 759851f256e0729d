//! `worst`: trees on which neither F1 nor F2 ever cuts off (Knuth & Moore §7).
//!
//! # The rule
//!
//! Write a leaf's path as moves `m_1 … m_h` (`m_l` is the move made at depth `l - 1`).
//! Its value from the **root player's** viewpoint (Max/Min convention, eq. (3)–(4)) is
//!
//! ```text
//! V = offset + sum over l = 1..h of  s_l * m_l * d^(h-l),    s_l = +1 if l is odd, -1 if even
//! ```
//!
//! with `offset = mix64(seed) >> 44`; its negamax value is `V` when `h` is even (the root
//! player moves at the leaf) and `-V` when `h` is odd. Moves made by the root player
//! (from even depths) raise `V`, moves by the opponent lower it, each move's weight
//! exceeding everything later moves can add: `d^(h-l) > (d-1)(d^(h-l-1) + … + 1)`.
//! Requires `d^h <= 2^62`, so that `|V| < 2^62`.
//!
//! # Why nothing is ever cut off
//!
//! Call `S(p)` the set of values (root viewpoint) of the leaves below `p`. For siblings
//! `p_i`, `p_j` with `i < j` the weights make every value of `S(p_j)` larger than every
//! value of `S(p_i)` when their parent is a Max node (even depth), and smaller when it is a
//! Min node, since the two paths first differ in that move. A node's minimax value is a
//! member of its `S`, so in negamax terms the children of every node satisfy
//! `F(p_1) > F(p_2) > … > F(p_d)`: each child searched is strictly better for the mover
//! than all before it.
//!
//! Now take any call `F2(p, alpha, beta)` and show `-beta < F(q) < -alpha` for every child
//! `q` of `p` (so `-alpha > F(p_1) > … > F(p_d) > -beta`, the condition of §7). Every finite
//! bound in a window is the value of an earlier-searched node: a bound `m` that an
//! ancestor `a` obtained from a child `a_i` it has finished (for F2 an exact value, since
//! by induction nothing below was cut off). The node `p` lies below a later sibling
//! `a_j`, `j > i`, so all of `S(p)` lies strictly beyond `F(a_i)` on the side `a`'s mover
//! prefers, hence every child of `p` returns a value strictly inside the window, no child
//! raises `m` to `beta`, and `p` examines all its `d` children. By induction from the
//! root (window `(-inf, +inf)`), F2 examines all `d^h` leaves. F1 uses only the parent's
//! bound, a subset of F2's, so F1 examines all of them too. The search crate's tests
//! check both counts.

use super::uniform::{Uniform, UniformShape, uniform_shape_methods};
use crate::hash::mix64;
use crate::{GameTree, Value};

/// A node of the `worst` model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorstNode {
    /// Depth; the root has depth 0.
    pub depth: u32,
    /// `V` of the path so far (root viewpoint), without the offset.
    pub partial: Value,
}

/// The `worst` model; requires `d^h <= 2^62`.
#[derive(Clone, Debug)]
pub struct WorstTree {
    degree: u32,
    height: u32,
    offset: Value,
    /// `weights[l] = d^(h-l-1)`: the weight of a move made at depth `l`.
    weights: Vec<Value>,
}

impl WorstTree {
    /// A worst-case tree; parameters are checked by [`crate::TreeSpec::validate`].
    pub fn new(degree: u32, height: u32, seed: u64) -> Self {
        let d = Value::from(degree);
        let mut weights = vec![1 as Value; height as usize];
        for l in (0..height.saturating_sub(1) as usize).rev() {
            weights[l] = weights[l + 1] * d;
        }
        WorstTree {
            degree,
            height,
            offset: (mix64(seed) >> 44) as Value,
            weights,
        }
    }
}

impl UniformShape for WorstTree {
    #[inline(always)]
    fn shape(&self) -> Uniform {
        Uniform {
            degree: self.degree,
            height: self.height,
        }
    }
}

impl GameTree for WorstTree {
    type Node = WorstNode;
    type Children = ();

    uniform_shape_methods!(WorstNode);

    #[inline(always)]
    fn root(&self) -> WorstNode {
        WorstNode {
            depth: 0,
            partial: 0,
        }
    }

    #[inline(always)]
    fn children(&self, _node: WorstNode) {}

    #[inline(always)]
    fn child(&self, node: WorstNode, _children: &(), i: usize) -> WorstNode {
        let step = i as Value * self.weights[node.depth as usize];
        let partial = if node.depth.is_multiple_of(2) {
            node.partial + step
        } else {
            node.partial - step
        };
        WorstNode {
            depth: node.depth + 1,
            partial,
        }
    }

    #[inline(always)]
    fn move_number(&self, _node: WorstNode, _children: &(), i: usize) -> usize {
        i
    }

    #[inline(always)]
    fn value(&self, node: WorstNode) -> Value {
        let root_view = self.offset + node.partial;
        if node.depth.is_multiple_of(2) {
            root_view
        } else {
            -root_view
        }
    }
}
