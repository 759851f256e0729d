//! Game trees for abbench.
//!
//! The trees of the specification (`SPEC.md` in this crate, version 1): a [`GameTree`]
//! trait that every search kernel is generic over, the implicit models generated from a
//! hash (Knuth & Moore §7 random trees, perfectly and imperfectly ordered trees,
//! §9 totally dependent trees, branch-sum trees, and worst-case trees), the [`Value`]
//! type with infinities that negate to each other, arena trees materialised into flat
//! arrays, and `.tree` files.
//!
//! The entry point for the rest of the project is [`TreeSpec::visit`]: a tree's source
//! (model or file) and layout (implicit or arena), turned into a concrete tree and handed
//! to a [`TreeVisitor`].

mod compare;
mod error;
mod game_tree;
mod parameter;
mod path_keyed;
mod preorder;
mod spec;
mod stats;
mod subtree;
mod tree_spec;
mod value;

pub mod arena;
pub mod file;
pub mod hash;
pub mod leaf_batch;
pub mod models;

pub use compare::{MoveNumbers, first_difference};
pub use error::{MAX_ECHOED, TreeError, echoed};
pub use game_tree::{GameTree, Tally};
pub use parameter::Parameter;
pub use path_keyed::PathKeyed;
pub use preorder::{Step, walk_preorder};
pub use spec::{
    BranchOrder, DEFAULT_VALUES, Layout, MAX_DEGREE, MAX_HEIGHT, Model, ModelSpec, TreeSource,
    TreeVisitor, full_tree_nodes,
};
pub use stats::{LevelStats, TreeStats};
pub use subtree::Subtree;
pub use tree_spec::{MAX_TREES, SPEC_VERSION, TreeCountError, TreeSpec, check_tree_count};
pub use value::{INFINITY, MAX_LEAF_MAGNITUDE, NEG_INFINITY, Value};
