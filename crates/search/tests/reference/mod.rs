//! A straightforward second implementation of the window techniques, for the tests: the
//! tree is first copied into nested vectors, then searched by plain recursion that counts
//! for itself. It shares no code with the crate's searches.

#![allow(dead_code)]

use abbench_tree::{GameTree, Value};

/// A node of a copied tree: a leaf value or children in search order.
pub enum Node {
    Leaf(Value),
    Inner(Vec<Node>),
}

/// Copies the whole tree (search order).
pub fn copy<T: GameTree>(tree: &T) -> Node {
    fn go<T: GameTree>(tree: &T, node: T::Node) -> Node {
        let d = tree.degree(node);
        if d == 0 {
            return Node::Leaf(tree.value(node));
        }
        let children = tree.children(node);
        Node::Inner(
            (0..d)
                .map(|i| go(tree, tree.child(node, &children, i)))
                .collect(),
        )
    }
    go(tree, tree.root())
}

/// Negamax value.
pub fn value(node: &Node) -> Value {
    match node {
        Node::Leaf(v) => *v,
        Node::Inner(c) => c.iter().map(|c| -value(c)).max().unwrap(),
    }
}

/// Height of the copied tree (deepest leaf).
pub fn height(node: &Node) -> usize {
    match node {
        Node::Leaf(_) => 0,
        Node::Inner(c) => 1 + c.iter().map(height).max().unwrap(),
    }
}

/// What the reference counted.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Count {
    pub nodes: u64,
    pub leaves: u64,
    /// Per depth: [pv, cut, all] by outcome.
    pub actual: Vec<[u64; 3]>,
    /// Per depth: [pv, cut, all] by prediction.
    pub predicted: Vec<[u64; 3]>,
    /// Per depth: predictions that held.
    pub held: Vec<u64>,
    /// Nodes left before their last child.
    pub cutoffs: u64,
}

const PV: usize = 0;
const CUT: usize = 1;
const ALL: usize = 2;

impl Count {
    fn at(v: &mut Vec<[u64; 3]>, depth: usize) -> &mut [u64; 3] {
        if v.len() <= depth {
            v.resize(depth + 1, [0; 3]);
        }
        &mut v[depth]
    }
    fn kind(&mut self, depth: usize, predicted: usize, actual: usize) {
        Count::at(&mut self.actual, depth)[actual] += 1;
        Count::at(&mut self.predicted, depth)[predicted] += 1;
        if self.held.len() <= depth {
            self.held.resize(depth + 1, 0);
        }
        self.held[depth] += u64::from(predicted == actual);
    }
}

/// Alpha-beta, fail-hard (`soft == false`: the best starts at alpha) or fail-soft (the
/// best starts at -inf and children get `(-beta, -max(best, alpha))`), cutting when the
/// best reaches beta (`gt == false`) or exceeds it.
#[allow(clippy::too_many_arguments)]
pub fn alphabeta(
    node: &Node,
    depth: usize,
    alpha: Value,
    beta: Value,
    soft: bool,
    gt: bool,
    predicted: usize,
    count: &mut Count,
) -> (Value, Option<usize>) {
    count.nodes += 1;
    let children = match node {
        Node::Leaf(v) => {
            count.leaves += 1;
            return (*v, None);
        }
        Node::Inner(c) => c,
    };
    let mut best = if soft { i64::MIN + 1 } else { alpha };
    let mut best_index = None;
    for (i, child) in children.iter().enumerate() {
        let lower = if soft { best.max(alpha) } else { best };
        let child_predicted = match predicted {
            PV if i == 0 => PV,
            PV | ALL => CUT,
            _ => ALL,
        };
        let t = -alphabeta(
            child,
            depth + 1,
            -beta,
            -lower,
            soft,
            gt,
            child_predicted,
            count,
        )
        .0;
        if t > best {
            best = t;
            best_index = Some(i);
        }
        let stop = if gt { best > beta } else { best >= beta };
        if stop {
            count.cutoffs += u64::from(i + 1 < children.len());
            break;
        }
    }
    let actual = if best >= beta {
        CUT
    } else if best <= alpha {
        ALL
    } else {
        PV
    };
    count.kind(depth, predicted, actual);
    (best, best_index)
}

/// F1, branch-and-bound (§2): the best of the children so far is each child's bound,
/// and the search of a node stops once its best reaches `bound`. Counts positions,
/// leaves and cutoffs (nothing of node kinds).
pub fn f1(node: &Node, bound: Value, count: &mut Count) -> Value {
    count.nodes += 1;
    let children = match node {
        Node::Leaf(v) => {
            count.leaves += 1;
            return *v;
        }
        Node::Inner(c) => c,
    };
    let mut best = i64::MIN + 1;
    for (i, child) in children.iter().enumerate() {
        best = best.max(-f1(child, -best, count));
        if best >= bound {
            count.cutoffs += u64::from(i + 1 < children.len());
            break;
        }
    }
    best
}

/// The same search from the root, predicted pv.
pub fn root_search(
    root: &Node,
    alpha: Value,
    beta: Value,
    soft: bool,
    gt: bool,
) -> (Value, Option<usize>, Count) {
    let mut count = Count::default();
    let (v, best) = alphabeta(root, 0, alpha, beta, soft, gt, PV, &mut count);
    (v, best, count)
}

/// Knuth & Moore's type (1, 2 or 3) of the critical position `a_1 … a_l` (moves
/// numbered from 1), or `None` for a position that is not critical (Theorem 1: critical
/// iff `a_j = 1` for all even j or for all odd j).
pub fn km_type(path: &[usize]) -> Option<u8> {
    let odd_ones = path.iter().step_by(2).all(|&a| a == 1);
    let even_ones = path.iter().skip(1).step_by(2).all(|&a| a == 1);
    if !(odd_ones || even_ones) {
        return None;
    }
    match path.iter().position(|&a| a > 1) {
        None => Some(1),
        Some(j) => Some(if (path.len() - 1 - j).is_multiple_of(2) {
            2
        } else {
            3
        }),
    }
}

/// Per level `0 .. h`, the number of critical positions of each type 1, 2, 3 in a uniform
/// tree of degree `d`, by enumerating every position of the level.
pub fn km_types_per_level(d: usize, h: usize) -> Vec<[u64; 3]> {
    let mut out = vec![[0u64; 3]; h];
    for (level, row) in out.iter_mut().enumerate() {
        for index in 0..d.pow(level as u32) {
            // The moves a_1 … a_l of the `index`-th position, numbered from 1.
            let mut rest = index;
            let mut path = vec![0; level];
            for a in path.iter_mut().rev() {
                *a = rest % d + 1;
                rest /= d;
            }
            if let Some(t) = km_type(&path) {
                row[usize::from(t) - 1] += 1;
            }
        }
    }
    out
}
