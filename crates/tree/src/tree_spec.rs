//! The one entry point from a tree's name to a concrete tree: a [`TreeSource`] (model or
//! `.tree` file) and a [`Layout`], visited by a generic [`TreeVisitor`].
//!
//! The visitor is monomorphised for the implicit models, [`UniformArena`] and
//! [`RaggedArena`] and nothing else, which keeps the number of kernel instantiations (and
//! compile time) small: implicit models are visited as they are, an arena layout is
//! materialised first (within a memory budget), and a file is always read into a ragged
//! arena.
//!
//! [`UniformArena`]: crate::arena::UniformArena
//! [`RaggedArena`]: crate::arena::RaggedArena

use crate::arena::Arena;
use crate::file;
use crate::{Layout, ModelSpec, TreeError, TreeSource, TreeVisitor};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most trees one workload may ask for (`--trees`, a suite's `trees`): a million seeds
/// is far beyond any measurement, and a count near 2^64 would not fit in memory.
pub const MAX_TREES: u64 = 1_000_000;

/// Checks a request for `trees` trees with seeds `seed ..= seed + trees − 1`: at least
/// one, at most [`MAX_TREES`], and the last seed within 64 bits. The message says what is
/// accepted.
pub fn check_tree_count(seed: u64, trees: u64) -> Result<(), TreeCountError> {
    if trees == 0 {
        return Err(TreeCountError::None);
    }
    if trees > MAX_TREES {
        return Err(TreeCountError::TooMany);
    }
    if seed.checked_add(trees - 1).is_none() {
        return Err(TreeCountError::SeedsOverflow { seed });
    }
    Ok(())
}

/// Why [`check_tree_count`] refuses a count; the message says what is accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TreeCountError {
    /// No tree at all.
    #[error("must be at least 1")]
    None,
    /// More than [`MAX_TREES`].
    #[error("must be at most {MAX_TREES}")]
    TooMany,
    /// The last seed would not fit in 64 bits.
    #[error("seed {seed} + trees - 1 must fit in 64 bits")]
    SeedsOverflow {
        /// The first seed.
        seed: u64,
    },
}

/// The tree specification's version, named in written files and reports.
pub const SPEC_VERSION: u32 = 1;

/// A tree and how to hold it while searching.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct TreeSpec {
    /// Which tree.
    pub source: TreeSource,
    /// How it is held in memory (ignored for files, which are always arenas).
    pub layout: Layout,
}

impl TreeSpec {
    /// A model's tree in the given layout.
    pub fn model(spec: ModelSpec, layout: Layout) -> Self {
        TreeSpec {
            source: TreeSource::Model(spec),
            layout,
        }
    }

    /// The trees of a game's positions file, one per position: `connect4`'s
    /// ([`TreeSpec::connect4_positions`]) or `othello`'s ([`TreeSpec::othello_positions`]).
    pub fn game_positions(
        model: crate::Model,
        path: &std::path::Path,
    ) -> Result<Vec<TreeSpec>, TreeError> {
        if model == crate::Model::Othello {
            TreeSpec::othello_positions(path)
        } else {
            TreeSpec::connect4_positions(path)
        }
    }

    /// The `othello` trees of an FFO file ([`crate::models::othello::positions_file`]),
    /// one per position, each numbered by its line (its seed) and carrying its published
    /// score, the best of its moves'.
    pub fn othello_positions(path: &std::path::Path) -> Result<Vec<TreeSpec>, TreeError> {
        let positions = crate::models::othello::positions_file::read_positions(path)?;
        Ok(positions
            .into_iter()
            .map(|p| {
                let text = p.position.text();
                let spec = ModelSpec::othello(&text, p.score(), p.line as u64);
                TreeSpec::model(spec, Layout::Implicit)
            })
            .collect())
    }

    /// The `connect4` trees of a positions file ([`crate::models::connect4::positions_file`]),
    /// one per position, each numbered by its line (its seed) and carrying its published
    /// score.
    pub fn connect4_positions(path: &std::path::Path) -> Result<Vec<TreeSpec>, TreeError> {
        let positions = crate::models::connect4::positions_file::read_positions(path)?;
        Ok(positions
            .into_iter()
            .map(|p| {
                let spec = ModelSpec::connect4(&p.moves, p.score, p.line as u64);
                TreeSpec::model(spec, Layout::Implicit)
            })
            .collect())
    }

    /// The tree of a `.tree` file.
    pub fn file(path: impl Into<std::path::PathBuf>) -> Self {
        TreeSpec {
            source: TreeSource::File(path.into()),
            layout: Layout::Arena,
        }
    }

    /// Checks a model's parameters (a file is checked when it is read).
    pub fn validate(&self) -> Result<(), TreeError> {
        match &self.source {
            TreeSource::Model(spec) => spec.validate(),
            TreeSource::File(_) => Ok(()),
        }
    }

    /// The same tree with another seed (a file stays the same file).
    pub fn with_seed(&self, seed: u64) -> Self {
        match &self.source {
            TreeSource::Model(spec) => TreeSpec::model(spec.with_seed(seed), self.layout),
            TreeSource::File(_) => self.clone(),
        }
    }

    /// Builds the concrete tree and hands it to `visitor`: a model is validated and
    /// visited implicitly or materialised within `budget_bytes`; a file is read into a
    /// ragged arena within `budget_bytes`.
    pub fn visit<V: TreeVisitor>(
        &self,
        budget_bytes: u64,
        visitor: V,
    ) -> Result<V::Output, TreeError> {
        match (&self.source, self.layout) {
            (TreeSource::Model(spec), Layout::Implicit) => spec.visit_implicit(visitor),
            (TreeSource::Model(spec), Layout::Arena) => {
                Ok(Arena::from_model(spec, budget_bytes)?.visit(visitor))
            }
            (TreeSource::File(path), _) => {
                Ok(visitor.visit(&file::read_tree_file(path, budget_bytes)?))
            }
        }
    }

    /// The comment lines to write at the top of this tree's `.tree` file: for a model its
    /// parameters, for a file the file's own leading comments (so that rewriting a file
    /// reproduces it).
    pub fn header_lines(&self) -> Result<Vec<String>, TreeError> {
        match &self.source {
            TreeSource::Model(spec) => Ok(vec![
                format!("{spec}"),
                format!(
                    "tree specification version {SPEC_VERSION}; leaf values from the root player's viewpoint; children in search order"
                ),
            ]),
            TreeSource::File(path) => file::read_header_comments(path),
        }
    }
}

impl fmt::Display for TreeSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.source {
            TreeSource::Model(spec) => write!(f, "{spec} layout={}", self.layout),
            TreeSource::File(path) => write!(f, "file {}", path.display()),
        }
    }
}
