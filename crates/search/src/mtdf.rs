//! MTD(f) (Plaat, Schaeffer, Pijls & de Bruin 1996): the value as the limit of null-window
//! searches. Each pass asks "is the value at least beta?" with the window
//! `(beta - 1, beta)` — a fail-soft alpha-beta search that keeps bounds on every node it
//! finishes in a [`TranspositionTable`], so a later pass re-examines little. A pass that
//! returns `g < beta` lowers the upper bound to `g`; one that returns `g >= beta` raises
//! the lower bound to `g`; the next `beta` is the last `g` (or `g + 1` when `g` is the
//! lower bound). When the bounds meet, they are the value.
//!
//! ```text
//! g := first guess; lower := -inf; upper := +inf
//! while lower < upper:
//!   beta := g + 1 if g = lower else g
//!   g := memory-alpha-beta(root, beta - 1, beta)
//!   if g < beta then upper := g else lower := g
//! ```
//!
//! Every position a pass examines is counted, those answered from the table included.
//! The root's best move is the one that raised the lower bound in the last pass that did:
//! its value is the root's.

use crate::guess::first_guess;
use crate::transposition::{Bounds, TranspositionTable, child_path_key, root_path_key};
use crate::{Counters, Pass, Passes, SearchResult, SerialOptions};
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY, Value};

/// MTD(f) of the whole tree with `table`, counting into `counters`.
pub(crate) fn mtdf_with<T: GameTree, C: Counters>(
    tree: &T,
    table: &mut TranspositionTable,
    options: &SerialOptions,
    mut counters: C,
) -> SearchResult {
    table.new_search();
    let (guess, guess_source) = first_guess(tree, options, &mut counters);
    let guess_nodes = counters.nodes();
    let (mut lower, mut upper) = (NEG_INFINITY, INFINITY);
    let mut g = guess;
    let mut best_move = None;
    let mut runs = Vec::new();
    let root = tree.root();
    while lower < upper {
        let beta = if g == lower { g + 1 } else { g };
        let (nodes_before, leaves_before) = (counters.nodes(), counters.stats().leaves);
        let (value, best) = memory_search(
            tree,
            table,
            root,
            root_path_key(),
            beta - 1,
            beta,
            &mut counters,
        );
        g = value;
        runs.push(Pass {
            alpha: beta - 1,
            beta,
            value: g,
            nodes: counters.nodes() - nodes_before,
            leaves: counters.stats().leaves - leaves_before,
        });
        if g < beta {
            upper = g;
        } else {
            lower = g;
            best_move = best.map(|i| tree.move_number(root, &tree.children(root), i));
        }
        if tree.degree(root) == 0 {
            // A terminal root's value is known after one look.
            break;
        }
    }
    SearchResult {
        passes: Some(Passes {
            guess,
            guess_source,
            guess_nodes,
            runs,
        }),
        ..SearchResult::exact(g, best_move, counters.stats())
    }
}

/// Fail-soft alpha-beta with memory: the node's stored bounds answer or narrow the
/// window, and what the search learns is stored. Returns the value bound and the
/// search-order index of the child that produced it.
fn memory_search<T: GameTree, C: Counters>(
    tree: &T,
    table: &mut TranspositionTable,
    node: T::Node,
    key: u64,
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
    let stored = table.probe(key);
    let (mut alpha, mut beta) = (alpha, beta);
    if let Some(b) = stored {
        if b.lower >= beta {
            return (b.lower, None);
        }
        if b.upper <= alpha {
            return (b.upper, None);
        }
        alpha = alpha.max(b.lower);
        beta = beta.min(b.upper);
    }
    let children = tree.children(node);
    let mut g = NEG_INFINITY;
    let mut best = None;
    let mut a = alpha;
    for i in 0..degree {
        if g >= beta {
            counters.cutoff();
            break;
        }
        let child = tree.child(node, &children, i);
        let t = -memory_search(
            tree,
            table,
            child,
            child_path_key(key, i),
            -beta,
            -a,
            counters,
        )
        .0;
        if t > g {
            g = t;
            best = Some(i);
        }
        a = a.max(g);
    }
    let mut bounds = stored.unwrap_or(Bounds::UNKNOWN);
    if g <= alpha {
        bounds.upper = g;
    } else if g < beta {
        bounds = Bounds { lower: g, upper: g };
    } else {
        bounds.lower = g;
    }
    table.store(key, bounds);
    (g, best)
}
