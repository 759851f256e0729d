//! Game trees for abbench.
//!
//! The trees of the specification (`SPEC.md` in this crate, version 1): a [`GameTree`]
//! trait that every search kernel is generic over, the implicit models generated from a
//! hash (Knuth & Moore §7 random trees, perfectly and imperfectly ordered trees,
//! §9 totally dependent trees, branch-sum trees, and worst-case trees), and the
//! [`Value`] type with infinities that negate to each other.

mod error;
mod game_tree;
pub mod hash;
pub mod models;
mod spec;
mod value;

pub use error::TreeError;
pub use game_tree::GameTree;
pub use spec::{
    BranchOrder, DEFAULT_VALUES, Layout, MAX_DEGREE, MAX_HEIGHT, Model, ModelSpec, TreeSource,
    TreeVisitor, full_tree_nodes,
};
pub use value::{INFINITY, MAX_LEAF_MAGNITUDE, NEG_INFINITY, Value};
