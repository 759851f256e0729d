//! The implicit models of the tree specification (`SPEC.md`), one file each, and the
//! real games beside them (`connect4`, `othello`).
//!
//! Every model computes a node's children from the node alone, so any thread can expand
//! any subtree and searching allocates nothing.

mod branch_sum;
pub mod connect4;
mod dependent;
mod ordered;
pub mod othello;
mod permutation;
mod random;
mod uniform;
mod worst;

pub use branch_sum::{BranchSumNode, BranchSumStaticTree, BranchSumTree};
pub use connect4::{Connect4Node, Connect4Tree};
pub use dependent::{DependentNode, DependentTree};
pub use ordered::{OrderedNode, OrderedTree};
pub use othello::{OthelloNode, OthelloTree};
pub use permutation::{MAX_PERMUTED_DEGREE, Permutation};
pub use random::{KeyNode, RandomTree};
pub use worst::{WorstNode, WorstTree};
