//! Arena trees: any [`GameTree`](crate::GameTree) materialised once into flat arrays
//! (design: "Tree representations").
//!
//! A uniform tree (every model for which [`ModelSpec::is_uniform`](crate::ModelSpec::is_uniform)
//! holds) goes into a [`UniformArena`] in heap order without pointers; anything else (the
//! `ordered` model with variable branching, `.tree` files) into a [`RaggedArena`] with
//! `u32` first-child indices. Both yield exactly the source tree: the same degrees,
//! children in the same search order, the same move numbers, depths and leaf values.
//! Building never recurses, and refuses before allocating a tree whose estimated size
//! exceeds a memory budget ([`default_memory_budget`] unless told otherwise).

mod budget;
mod materialise;
mod ragged;
mod uniform;

#[cfg(test)]
mod test;

pub use budget::{
    FALLBACK_MEMORY_BUDGET, MAX_RAGGED_NODES, default_memory_budget, ragged_arena_bytes,
    uniform_arena_bytes,
};
pub use materialise::{Arena, model_arena_bytes};
pub(crate) use ragged::RaggedBuilder;
pub use ragged::{RaggedArena, RaggedNode};
pub use uniform::{UniformArena, UniformNode};
