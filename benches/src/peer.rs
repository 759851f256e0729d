//! The `minimax` crate (0.6) searching abbench's `random` trees: a `Game` whose state is
//! the specification's key, so the peer walks exactly the tree our kernels walk, and an
//! `Evaluator` giving the same leaf values (negamax viewpoint, as both sides use).
//!
//! The peer's values are `i16`; trees for it use `values <= 30000`.

use abbench_tree::hash::{child_key, root_key};
use abbench_tree::{Model, ModelSpec};
use minimax::{Evaluation, Evaluator, Game, Winner};

/// A position of a `random` tree as the peer sees it. The tree's parameters travel with
/// each state because the peer's `Game` functions are static.
#[derive(Clone, Copy, Debug)]
pub struct PeerState {
    key: u64,
    depth: u8,
    degree: u8,
    height: u8,
    values: u64,
}

impl PeerState {
    /// The root of the `random` tree `spec`.
    ///
    /// # Panics
    /// If `spec` is not a `random` tree the peer can represent (degree and height below
    /// 256, values at most 30000).
    pub fn root(spec: &ModelSpec) -> Self {
        assert_eq!(
            spec.model,
            Model::Random,
            "the peer adapter walks random trees"
        );
        assert!(spec.values <= 30_000, "the peer's values are i16");
        PeerState {
            key: root_key(spec.seed),
            depth: 0,
            degree: u8::try_from(spec.degree).expect("degree below 256"),
            height: u8::try_from(spec.height).expect("height below 256"),
            values: spec.values,
        }
    }
}

/// The `random` model as a `minimax::Game`.
pub struct RandomGame;

impl Game for RandomGame {
    type S = PeerState;
    type M = u8;

    fn generate_moves(state: &PeerState, moves: &mut Vec<u8>) -> Option<Winner> {
        if state.depth >= state.height {
            return Some(Winner::Draw);
        }
        moves.extend(0..state.degree);
        None
    }

    fn apply(state: &mut PeerState, m: u8) -> Option<PeerState> {
        Some(PeerState {
            key: child_key(state.key, u64::from(m)),
            depth: state.depth + 1,
            ..*state
        })
    }

    fn get_winner(_state: &PeerState) -> Option<Winner> {
        // Leaves are scored by the evaluator at the search's depth limit, the height.
        None
    }

    fn zobrist_hash(state: &PeerState) -> u64 {
        state.key
    }
}

/// The `random` model's leaf values for the peer.
#[derive(Clone, Copy, Default)]
pub struct RandomEval;

impl Evaluator for RandomEval {
    type G = RandomGame;

    fn evaluate(&self, state: &PeerState) -> Evaluation {
        (((state.key >> 32) * state.values) >> 32) as Evaluation
    }
}
