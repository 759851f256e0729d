//! The first guess of aspiration search and MTD(f): given, or the value of a search two
//! plies shallower whose frontier is scored by the tree's interior values (Knuth & Moore
//! §4: a guess at the value lets the root window be narrow; the lecture notes' aspiration
//! search takes it from the previous, shallower iteration).

use crate::{Counters, GuessSource, SerialOptions};
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY, Value};

/// How many plies shallower the guessing search stops.
pub const GUESS_PLIES: u32 = 2;

/// The first guess and where it came from; a shallower search counts into `counters`.
pub(crate) fn first_guess<T: GameTree, C: Counters>(
    tree: &T,
    options: &SerialOptions,
    counters: &mut C,
) -> (Value, GuessSource) {
    if let Some(g) = options.guess {
        return (g, GuessSource::Given);
    }
    let root = tree.root();
    let horizon = tree.height().saturating_sub(GUESS_PLIES);
    if tree.height() >= GUESS_PLIES && tree.estimate(root).is_some() {
        let g = shallow(tree, root, horizon, NEG_INFINITY, INFINITY, counters);
        // The guess only centres a window: keep it where a window around it is valid.
        let limit = INFINITY / 4;
        return (g.clamp(-limit, limit), GuessSource::Shallow);
    }
    (0, GuessSource::Zero)
}

/// MTD(f)'s first guess: given; or the value of a search two plies shallower, its
/// frontier scored by the tree's interior values where it has them ([`first_guess`]),
/// else by one leaf below each frontier position, its eldest descendant. On a random
/// tree that leaf is a sample of the leaf values, and the shallower tree's value
/// concentrates on the same quantile of them as the whole tree's (the heights differ by
/// two, so the minimax recurrence takes them to the same fixed point): on random d16 h8
/// trees with 2^32 leaf values the guess lands within about 2^24 of the value, where 0
/// lies about 2^29 away — fewer passes, at the price of about a 256th of the tree's
/// positions.
pub(crate) fn mtdf_guess<T: GameTree, C: Counters>(
    tree: &T,
    options: &SerialOptions,
    counters: &mut C,
) -> (Value, GuessSource) {
    let (guess, source) = first_guess(tree, options, counters);
    if source != GuessSource::Zero || tree.height() < GUESS_PLIES {
        return (guess, source);
    }
    let root = tree.root();
    let horizon = tree.height() - GUESS_PLIES;
    let g = sampled(tree, root, horizon, NEG_INFINITY, INFINITY, counters);
    let limit = INFINITY / 4;
    (g.clamp(-limit, limit), GuessSource::Sampled)
}

/// F2 that treats the positions at depth `horizon` as terminal, each scored by the value
/// of its eldest descendant leaf (negated once per ply down); every position on the way
/// is counted, the leaf as an evaluation.
fn sampled<T: GameTree, C: Counters>(
    tree: &T,
    node: T::Node,
    horizon: u32,
    alpha: Value,
    beta: Value,
    counters: &mut C,
) -> Value {
    let depth = tree.depth(node);
    counters.position(depth);
    let degree = tree.degree(node);
    if degree == 0 {
        counters.leaf();
        return tree.value(node);
    }
    if depth >= horizon {
        let child = tree.child(node, &tree.children(node), 0);
        return -sampled(tree, child, horizon, NEG_INFINITY, INFINITY, counters);
    }
    let children = tree.children(node);
    let mut m = alpha;
    for i in 0..degree {
        let t = -sampled(
            tree,
            tree.child(node, &children, i),
            horizon,
            -beta,
            -m,
            counters,
        );
        if t > m {
            m = t;
        }
        if m >= beta {
            break;
        }
    }
    m
}

/// F2 that treats the positions at depth `horizon` as terminal, scored by
/// [`GameTree::estimate`]; each such position is counted as an evaluation.
fn shallow<T: GameTree, C: Counters>(
    tree: &T,
    node: T::Node,
    horizon: u32,
    alpha: Value,
    beta: Value,
    counters: &mut C,
) -> Value {
    let depth = tree.depth(node);
    counters.position(depth);
    let degree = tree.degree(node);
    if degree == 0 || depth >= horizon {
        counters.leaf();
        return match tree.estimate(node) {
            Some(v) => v,
            None if degree == 0 => tree.value(node),
            None => 0,
        };
    }
    let children = tree.children(node);
    let mut m = alpha;
    for i in 0..degree {
        let t = -shallow(
            tree,
            tree.child(node, &children, i),
            horizon,
            -beta,
            -m,
            counters,
        );
        if t > m {
            m = t;
        }
        if m >= beta {
            break;
        }
    }
    m
}
