//! Materialising a model: the uniform layout when the model is uniform, the ragged one
//! otherwise, with the size estimated from the model's parameters first.

use super::budget::{ragged_arena_bytes, uniform_arena_bytes};
use super::{RaggedArena, UniformArena};
use crate::{BranchOrder, GameTree, Model, ModelSpec, TreeError, TreeVisitor};

/// A materialised tree in whichever layout fits its shape.
#[derive(Clone, Debug)]
pub enum Arena {
    /// Every internal node has `d` children and every leaf is at depth `h`.
    Uniform(UniformArena),
    /// Any other shape.
    Ragged(RaggedArena),
}

/// The estimated bytes of the arena of `spec`: exact for uniform models, an upper bound
/// (every node with `degree-max` children) for variable branching; `None` if it does not
/// fit in a `u64`.
pub fn model_arena_bytes(spec: &ModelSpec) -> Option<u64> {
    let static_order = spec.model == Model::BranchSum && spec.order == BranchOrder::Static;
    if spec.is_uniform() {
        uniform_arena_bytes(u64::from(spec.degree), spec.height, static_order)
    } else {
        ragged_arena_bytes(spec.max_nodes()?, false)
    }
}

/// Builds the arena of whatever tree it visits.
struct Materialise {
    uniform: bool,
    budget_bytes: u64,
}

impl TreeVisitor for Materialise {
    type Output = Result<Arena, TreeError>;

    fn visit<T: GameTree>(self, tree: &T) -> Self::Output {
        Ok(if self.uniform {
            Arena::Uniform(UniformArena::build(tree, self.budget_bytes)?)
        } else {
            Arena::Ragged(RaggedArena::build(tree, self.budget_bytes)?)
        })
    }
}

impl Arena {
    /// Validates `spec` and materialises its tree, refusing one whose estimated size
    /// exceeds `budget_bytes`.
    pub fn from_model(spec: &ModelSpec, budget_bytes: u64) -> Result<Arena, TreeError> {
        spec.validate()?;
        spec.visit_implicit(Materialise {
            uniform: spec.is_uniform(),
            budget_bytes,
        })?
    }

    /// Hands the arena, as its concrete type, to `visitor`.
    pub fn visit<V: TreeVisitor>(&self, visitor: V) -> V::Output {
        match self {
            Arena::Uniform(arena) => visitor.visit(arena),
            Arena::Ragged(arena) => visitor.visit(arena),
        }
    }

    /// Bytes held by the arena's arrays.
    pub fn heap_bytes(&self) -> u64 {
        match self {
            Arena::Uniform(arena) => arena.heap_bytes(),
            Arena::Ragged(arena) => arena.heap_bytes(),
        }
    }
}
