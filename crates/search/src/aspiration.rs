//! Aspiration search (lecture notes 001, "Aspiration Search"; Knuth & Moore §4): F2 with
//! the root window `(g - delta, g + delta)` around a guess `g`. If the value lies inside,
//! that one search found it, having pruned more than a full-window search would. If it
//! failed high (`r >= g + delta`) the value is at least `g + delta`, and a second search
//! with the failed side opened, `(g + delta - 1, +inf)`, finds it; if it failed low, the
//! second search is `(-inf, g - delta + 1)`. (Knuth & Moore's second search after a low
//! result `v` is `F2(p, -inf, v)`; widening by one makes its result exact in every case.)
//!
//! The searches are the fast kernel's ([`crate::F2Iter`]), fail-hard as the paper's F2.

use crate::guess::first_guess;
use crate::{Bound, Counters, Cutoff, F2Iter, Pass, Passes, SearchResult, SerialOptions, Window};
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY};

/// Aspiration search of the whole tree with `kernel`, counting into `counters` (every
/// search, the guessing one included).
pub(crate) fn aspiration_with<T: GameTree, C: Counters>(
    tree: &T,
    kernel: &mut F2Iter<T>,
    options: &SerialOptions,
    mut counters: C,
) -> SearchResult {
    let (guess, guess_source) = first_guess(tree, options, &mut counters);
    let guess_nodes = counters.nodes();
    let delta = options.aspiration_delta;
    let mut window = Window {
        alpha: guess - delta,
        beta: guess + delta,
    };
    let mut runs = Vec::with_capacity(2);
    let result = loop {
        let (nodes_before, leaves_before) = (counters.nodes(), counters.stats().leaves);
        let result = kernel.search_root_window(tree, window, Cutoff::Ge, &mut counters);
        runs.push(Pass {
            alpha: window.alpha,
            beta: window.beta,
            value: result.value,
            nodes: counters.nodes() - nodes_before,
            leaves: counters.stats().leaves - leaves_before,
        });
        window = match Bound::of(result.value, window) {
            Bound::Exact => break result,
            Bound::Lower => Window {
                alpha: window.beta - 1,
                beta: INFINITY,
            },
            Bound::Upper => Window {
                alpha: NEG_INFINITY,
                beta: window.alpha + 1,
            },
        };
    };
    let root = tree.root();
    let best_move = result
        .best_index
        .map(|i| tree.move_number(root, &tree.children(root), i));
    SearchResult {
        passes: Some(Passes {
            guess,
            guess_source,
            guess_nodes,
            runs,
        }),
        ..SearchResult::exact(result.value, best_move, counters.stats())
    }
}
