//! The first guess of aspiration search and MTD(f): given; on a game, the middle of the
//! range its rules give the root's value; or the value of a search two plies shallower
//! whose frontier is scored by the tree's interior values (Knuth & Moore §4: a guess at
//! the value lets the root window be narrow; the lecture notes' aspiration search takes
//! it from the previous, shallower iteration).
//!
//! A game's range is narrow (Connect Four's at most 41 values) and its solvers start
//! their null-window tests in its middle: a search for a guess there costs more than
//! it saves. On Connect Four's `scored-mid.txt` the sampled guess two plies shallower
//! examined about 134,000 positions per position, every pass after it together about
//! 3,100.

use crate::{Aborted, Counters, GuessSource, NoProbe, Poll, Probe, SerialOptions};
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
    if let Some(g) = rules_middle(tree) {
        return (g, GuessSource::Middle);
    }
    let root = tree.root();
    let horizon = tree.height().saturating_sub(GUESS_PLIES);
    if tree.height() >= GUESS_PLIES && tree.estimate(root).is_some() {
        let g = shallow(
            tree,
            root,
            horizon,
            (NEG_INFINITY, INFINITY),
            counters,
            &mut NoProbe,
        )
        .unwrap_or_else(|Aborted| unreachable!("a search without a probe is never aborted"));
        // The guess only centres a window: keep it where a window around it is valid.
        let limit = INFINITY / 4;
        return (g.clamp(-limit, limit), GuessSource::Shallow);
    }
    (0, GuessSource::Zero)
}

/// The middle of the range the tree's rules give the root's value
/// ([`GameTree::value_bounds`]), rounded down: `None` on a tree without such bounds (every
/// synthetic tree).
pub fn rules_middle<T: GameTree>(tree: &T) -> Option<Value> {
    let (lower, upper) = tree.value_bounds(tree.root())?;
    Some(clamp_guess(lower + (upper - lower).div_euclid(2)))
}

/// MTD(f)'s first guess: given; on a game, the middle of its root's range
/// ([`rules_middle`]); or the value of a search two plies shallower, its
/// frontier scored by the tree's interior values where it has them (`first_guess`),
/// else by one leaf below each frontier position, its eldest descendant. On a random
/// tree that leaf is a sample of the leaf values, and the shallower tree's value
/// concentrates on the same quantile of them as the whole tree's (the heights differ by
/// two, so the minimax recurrence takes them to the same fixed point): on random d16 h8
/// trees with 2^32 leaf values the guess lands within about 2^24 of the value, where 0
/// lies about 2^29 away — fewer passes, at the price of about a 256th of the tree's
/// positions.
pub fn mtdf_guess<T: GameTree, C: Counters>(
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
    let g = sampled(
        tree,
        root,
        horizon,
        (NEG_INFINITY, INFINITY),
        counters,
        &mut NoProbe,
    )
    .unwrap_or_else(|Aborted| unreachable!("a search without a probe is never aborted"));
    let limit = INFINITY / 4;
    (g.clamp(-limit, limit), GuessSource::Sampled)
}

/// How MTD(f)'s first guess is found on `tree` when none is given: the middle of the
/// rules' range ([`GuessSource::Middle`], [`rules_middle`]), searched with the tree's
/// interior values ([`GuessSource::Shallow`]) or with one leaf below each frontier
/// position ([`GuessSource::Sampled`]), or not at all ([`GuessSource::Zero`]) — the rule
/// of [`mtdf_guess`], for a caller that searches the root's moves itself (the parallel
/// null-window search of `abbench-parallel`, with [`guess_below`]).
pub fn guess_rule<T: GameTree>(tree: &T) -> GuessSource {
    if rules_middle(tree).is_some() {
        GuessSource::Middle
    } else if tree.height() < GUESS_PLIES {
        GuessSource::Zero
    } else if tree.estimate(tree.root()).is_some() {
        GuessSource::Shallow
    } else {
        GuessSource::Sampled
    }
}

/// The guess's search of `node` (a proper descendant of the root, above the guess's
/// horizon) with `window`, by `rule` ([`guess_rule`]: `Shallow` or `Sampled`), counting
/// into `counters` and polling `probe` (which may only abort it): F2 of the shallower
/// tree, from `node`'s viewpoint. The guess is the root's F2 over these values of its
/// children, clamped by [`clamp_guess`].
pub fn guess_below<T: GameTree, C: Counters, P: Probe>(
    tree: &T,
    rule: GuessSource,
    node: T::Node,
    window: (Value, Value),
    counters: &mut C,
    probe: &mut P,
) -> Result<Value, Aborted> {
    let horizon = tree.height().saturating_sub(GUESS_PLIES);
    match rule {
        GuessSource::Shallow => shallow(tree, node, horizon, window, counters, probe),
        _ => sampled(tree, node, horizon, window, counters, probe),
    }
}

/// Polls `probe` once every [`Probe::interval`] positions: whether to stop. The guess's
/// searches are recursive procedures, not kernels: a count is all they need.
#[inline(always)]
fn poll<C: Counters, P: Probe>(counters: &C, probe: &mut P) -> Result<(), Aborted> {
    if P::ENABLED
        && counters
            .nodes()
            .is_multiple_of(u64::from(probe.interval().max(1)))
        && probe.poll(counters.nodes()) == Poll::Abort
    {
        return Err(Aborted);
    }
    Ok(())
}

/// A guess where a window around it is valid: it only centres a window.
pub fn clamp_guess(g: Value) -> Value {
    let limit = INFINITY / 4;
    g.clamp(-limit, limit)
}

/// F2 that treats the positions at depth `horizon` as terminal, each scored by the value
/// of its eldest descendant leaf (negated once per ply down); every position on the way
/// is counted, the leaf as an evaluation.
fn sampled<T: GameTree, C: Counters, P: Probe>(
    tree: &T,
    node: T::Node,
    horizon: u32,
    (alpha, beta): (Value, Value),
    counters: &mut C,
    probe: &mut P,
) -> Result<Value, Aborted> {
    let depth = tree.depth(node);
    counters.position(depth);
    poll(counters, probe)?;
    let degree = tree.degree(node);
    if degree == 0 {
        counters.leaf();
        return Ok(tree.value(node));
    }
    if depth >= horizon {
        let child = tree.child(node, &tree.children(node), 0);
        return Ok(-sampled(
            tree,
            child,
            horizon,
            (NEG_INFINITY, INFINITY),
            counters,
            probe,
        )?);
    }
    let children = tree.children(node);
    let mut m = alpha;
    for i in 0..degree {
        let t = -sampled(
            tree,
            tree.child(node, &children, i),
            horizon,
            (-beta, -m),
            counters,
            probe,
        )?;
        if t > m {
            m = t;
        }
        if m >= beta {
            break;
        }
    }
    Ok(m)
}

/// F2 that treats the positions at depth `horizon` as terminal, scored by
/// [`GameTree::estimate`]; each such position is counted as an evaluation.
fn shallow<T: GameTree, C: Counters, P: Probe>(
    tree: &T,
    node: T::Node,
    horizon: u32,
    (alpha, beta): (Value, Value),
    counters: &mut C,
    probe: &mut P,
) -> Result<Value, Aborted> {
    let depth = tree.depth(node);
    counters.position(depth);
    poll(counters, probe)?;
    let degree = tree.degree(node);
    if degree == 0 || depth >= horizon {
        counters.leaf();
        return Ok(match tree.estimate(node) {
            Some(v) => v,
            None if degree == 0 => tree.value(node),
            None => 0,
        });
    }
    let children = tree.children(node);
    let mut m = alpha;
    for i in 0..degree {
        let t = -shallow(
            tree,
            tree.child(node, &children, i),
            horizon,
            (-beta, -m),
            counters,
            probe,
        )?;
        if t > m {
            m = t;
        }
        if m >= beta {
            break;
        }
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Basic;
    use abbench_tree::models::connect4::position::parse_moves;
    use abbench_tree::models::{BranchSumTree, Connect4Tree, RandomTree};

    /// Positions of `scored-mid.txt` and an opening.
    const POSITIONS: [&str; 4] = [
        "62214535531121757155",
        "455512761654322413",
        "4116427214747462235",
        "4",
    ];

    #[test]
    fn a_games_guess_is_the_middle_of_its_roots_range_and_costs_nothing() {
        for moves in POSITIONS {
            let tree = Connect4Tree::new(parse_moves(moves).unwrap());
            let (lower, upper) = tree.value_bounds(tree.root()).unwrap();
            let mut counters = Basic::for_height(tree.height());
            let (guess, source) = mtdf_guess(&tree, &SerialOptions::default(), &mut counters);
            assert_eq!(source, GuessSource::Middle, "{moves}");
            assert_eq!(guess, lower + (upper - lower).div_euclid(2), "{moves}");
            assert!(lower <= guess && guess <= upper, "{moves}");
            assert_eq!(counters.nodes(), 0, "{moves}: nothing searched");
            assert_eq!(guess_rule(&tree), GuessSource::Middle, "{moves}");
            let mut counters = Basic::for_height(tree.height());
            let first = first_guess(&tree, &SerialOptions::default(), &mut counters);
            assert_eq!(first, (guess, GuessSource::Middle), "{moves}: aspiration's");
        }
    }

    #[test]
    fn a_given_guess_wins_over_the_middle() {
        let tree = Connect4Tree::new(parse_moves(POSITIONS[0]).unwrap());
        let options = SerialOptions {
            guess: Some(7),
            ..SerialOptions::default()
        };
        let mut counters = Basic::for_height(tree.height());
        assert_eq!(
            mtdf_guess(&tree, &options, &mut counters),
            (7, GuessSource::Given)
        );
    }

    #[test]
    fn a_synthetic_trees_guess_is_searched_as_before() {
        let random = RandomTree::new(4, 5, 11, 1 << 32);
        assert_eq!(rules_middle(&random), None);
        assert_eq!(guess_rule(&random), GuessSource::Sampled);
        let mut counters = Basic::for_height(random.height());
        let (guess, source) = mtdf_guess(&random, &SerialOptions::default(), &mut counters);
        let mut again = Basic::for_height(random.height());
        let sampled = sampled(
            &random,
            random.root(),
            random.height() - GUESS_PLIES,
            (NEG_INFINITY, INFINITY),
            &mut again,
            &mut NoProbe,
        )
        .unwrap();
        assert_eq!(
            (guess, source),
            (clamp_guess(sampled), GuessSource::Sampled)
        );
        assert_eq!(counters.nodes(), again.nodes());
        let mut counters = Basic::for_height(random.height());
        assert_eq!(
            first_guess(&random, &SerialOptions::default(), &mut counters),
            (0, GuessSource::Zero),
            "aspiration's"
        );
        let branch_sum = BranchSumTree::new(4, 5, 11, 100);
        assert_eq!(guess_rule(&branch_sum), GuessSource::Shallow);
    }

    /// The shallower tree's value by negamax, written apart from the guess's alpha-beta:
    /// a position at the horizon is scored by its eldest descendant leaf (`sampled`) or
    /// by its estimate (`shallow`).
    fn oracle<T: GameTree>(tree: &T, node: T::Node, horizon: u32, sampled: bool) -> Value {
        let degree = tree.degree(node);
        let at_horizon = tree.depth(node) >= horizon;
        if !sampled && (degree == 0 || at_horizon) {
            return tree
                .estimate(node)
                .unwrap_or(if degree == 0 { tree.value(node) } else { 0 });
        }
        if degree == 0 {
            return tree.value(node);
        }
        let children = tree.children(node);
        let below = |i| -oracle(tree, tree.child(node, &children, i), horizon, sampled);
        if at_horizon {
            below(0)
        } else {
            (0..degree).map(below).max().unwrap()
        }
    }

    /// The guesses against the oracle, and the root's F2 over `guess_below` of its
    /// children (how the parallel null-window search finds it) against both.
    #[test]
    fn guesses_are_the_value_of_the_shallower_tree() {
        for seed in 0..12 {
            for height in 2..=5 {
                let random = RandomTree::new(3, height, seed, 1000);
                let branch_sum = BranchSumTree::new(3, height, seed, 100);
                let horizon = height - GUESS_PLIES;
                let mut counters = Basic::for_height(height);
                let (guess, source) = mtdf_guess(&random, &SerialOptions::default(), &mut counters);
                let expected = oracle(&random, random.root(), horizon, true);
                assert_eq!(
                    (guess, source),
                    (expected, GuessSource::Sampled),
                    "seed {seed} height {height}"
                );
                let (guess, source) =
                    first_guess(&branch_sum, &SerialOptions::default(), &mut counters);
                let expected_shallow = oracle(&branch_sum, branch_sum.root(), horizon, false);
                assert_eq!(
                    (guess, source),
                    (expected_shallow, GuessSource::Shallow),
                    "seed {seed} height {height}"
                );
                // The root's children must lie above the horizon or on it.
                if horizon >= 1 {
                    let sampled = root_over_children(&random, GuessSource::Sampled);
                    assert_eq!(sampled, expected, "sampled, seed {seed} height {height}");
                    let shallow = root_over_children(&branch_sum, GuessSource::Shallow);
                    assert_eq!(
                        shallow, expected_shallow,
                        "shallow, seed {seed} height {height}"
                    );
                }
            }
        }
    }

    /// On a ragged tree a frontier position's eldest leaf may lie an odd number of plies
    /// below it, and its value is negated once per ply.
    #[test]
    fn a_sampled_guess_negates_once_per_ply_on_ragged_trees() {
        for text in [
            "((5 (1 2)) ((3 4) 6))",
            "(((7 1) 2) (3 (4 (5 6))) 8)",
            "((1 (2 (3 4))) (((5 6) 7) 8))",
        ] {
            let tree = abbench_tree::file::parse_tree(text.as_bytes(), "ragged", 1 << 20).unwrap();
            let horizon = tree.height() - GUESS_PLIES;
            let mut counters = Basic::for_height(tree.height());
            let (guess, source) = mtdf_guess(&tree, &SerialOptions::default(), &mut counters);
            assert_eq!(source, GuessSource::Sampled, "{text}");
            assert_eq!(guess, oracle(&tree, tree.root(), horizon, true), "{text}");
        }
    }

    /// `max` over the root's children of `-guess_below(child)` with the full window.
    fn root_over_children<T: GameTree>(tree: &T, rule: GuessSource) -> Value {
        let root = tree.root();
        let children = tree.children(root);
        (0..tree.degree(root))
            .map(|i| {
                let child = tree.child(root, &children, i);
                let mut counters = Basic::for_height(tree.height());
                let window = (NEG_INFINITY, INFINITY);
                -guess_below(tree, rule, child, window, &mut counters, &mut NoProbe).unwrap()
            })
            .max()
            .unwrap()
    }

    /// The rule names what the guess does, at every height: nothing to search below two
    /// plies.
    #[test]
    fn the_rule_is_what_the_guess_does() {
        for height in 0..=4 {
            let random = RandomTree::new(3, height, 5, 1000);
            let mut counters = Basic::for_height(height);
            let (_, source) = mtdf_guess(&random, &SerialOptions::default(), &mut counters);
            let expected = if height < GUESS_PLIES {
                GuessSource::Zero
            } else {
                GuessSource::Sampled
            };
            assert_eq!(
                (guess_rule(&random), source),
                (expected, expected),
                "height {height}"
            );
            let branch_sum = BranchSumTree::new(3, height, 5, 100);
            let (_, source) = first_guess(&branch_sum, &SerialOptions::default(), &mut counters);
            let expected = if height < GUESS_PLIES {
                GuessSource::Zero
            } else {
                GuessSource::Shallow
            };
            assert_eq!(
                (guess_rule(&branch_sum), source),
                (expected, expected),
                "height {height}"
            );
        }
    }

    /// Counts its polls, polled every `interval` positions; aborts at poll `abort_at`.
    struct Polls {
        interval: u32,
        seen: Vec<u64>,
        abort_at: Option<usize>,
    }

    impl Probe for Polls {
        const ENABLED: bool = true;
        fn interval(&self) -> u32 {
            self.interval
        }
        fn poll(&mut self, examined: u64) -> Poll {
            self.seen.push(examined);
            if Some(self.seen.len()) == self.abort_at {
                Poll::Abort
            } else {
                Poll::Continue
            }
        }
    }

    /// The guess's searches poll once every interval positions, go on when told to, and
    /// stop when told to.
    #[test]
    fn the_guess_polls_at_its_interval_and_stops_when_told() {
        let tree = RandomTree::new(4, 6, 3, 1000);
        let root = tree.root();
        let window = (NEG_INFINITY, INFINITY);
        for rule in [GuessSource::Sampled, GuessSource::Shallow] {
            let mut counters = Basic::for_height(tree.height());
            let quiet = guess_below(&tree, rule, root, window, &mut counters, &mut NoProbe);
            let mut probe = Polls {
                interval: 7,
                seen: Vec::new(),
                abort_at: None,
            };
            let mut polled = Basic::for_height(tree.height());
            let heard = guess_below(&tree, rule, root, window, &mut polled, &mut probe);
            assert_eq!(
                (heard, polled.nodes()),
                (quiet, counters.nodes()),
                "{rule:?}"
            );
            let expected: Vec<u64> = (1..=counters.nodes() / 7).map(|k| 7 * k).collect();
            assert_eq!(probe.seen, expected, "{rule:?}");
            let mut probe = Polls {
                interval: 7,
                seen: Vec::new(),
                abort_at: Some(3),
            };
            let mut stopped = Basic::for_height(tree.height());
            let r = guess_below(&tree, rule, root, window, &mut stopped, &mut probe);
            assert_eq!((r, stopped.nodes()), (Err(Aborted), 21), "{rule:?}");
        }
    }
}
