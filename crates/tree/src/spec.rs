//! Naming a tree: a model with its parameters (or a `.tree` file) and a layout, checked
//! against the specification's ranges, and turned into a concrete [`GameTree`] handed to
//! a generic [`TreeVisitor`] so that kernels monomorphise per model.

use crate::models::connect4::position::parse_moves;
use crate::models::othello::position::parse_position as othello_position;
use crate::models::{
    BranchSumStaticTree, BranchSumTree, Connect4Tree, DependentTree, MAX_PERMUTED_DEGREE,
    OrderedTree, OthelloTree, RandomTree, WorstTree,
};
use crate::{GameTree, MAX_LEAF_MAGNITUDE, TreeError, Value};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::PathBuf;

/// The largest degree any model accepts.
pub const MAX_DEGREE: u32 = 1 << 16;
/// The largest height (depth of the deepest leaf) any tree may have, models and files alike.
pub const MAX_HEIGHT: u32 = 1024;
/// The default number of distinct leaf values of the `random` model, `2^32`.
pub const DEFAULT_VALUES: u64 = 1 << 32;

/// The specification's models.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Model {
    /// Random uniform tree, §7.
    Random,
    /// Value-first tree with controlled move ordering.
    Ordered,
    /// Totally dependent tree, §9.
    Dependent,
    /// Incremental tree with edge values.
    BranchSum,
    /// No cutoffs at all.
    Worst,
    /// Connect Four from a position: a real game, with transpositions
    /// ([`crate::models::connect4`]).
    Connect4,
    /// An Othello endgame from a position: a real game, with transpositions and passes
    /// ([`crate::models::othello`]).
    Othello,
}

impl Model {
    /// The real games, searched from a position rather than generated from a seed.
    pub const GAMES: [Model; 2] = [Model::Connect4, Model::Othello];

    /// Every model of the specification, in its order (the synthetic trees; the games
    /// are [`Model::GAMES`]).
    pub const ALL: [Model; 5] = [
        Model::Random,
        Model::Ordered,
        Model::Dependent,
        Model::BranchSum,
        Model::Worst,
    ];

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Model::Random => "random",
            Model::Ordered => "ordered",
            Model::Dependent => "dependent",
            Model::BranchSum => "branch-sum",
            Model::Worst => "worst",
            Model::Connect4 => "connect4",
            Model::Othello => "othello",
        }
    }

    /// The model named `name` (as [`Model::name`] writes it), synthetic or game.
    pub fn from_name(name: &str) -> Option<Model> {
        Model::ALL
            .into_iter()
            .chain(Model::GAMES)
            .find(|m| m.name() == name)
    }

    /// Whether this is a real game ([`Model::GAMES`]): a position, not a seed, names the tree.
    pub fn is_game(self) -> bool {
        Model::GAMES.contains(&self)
    }

    /// What the model is, in one line (the command line's help).
    pub fn doc(self) -> &'static str {
        match self {
            Model::Random => "Random uniform tree (Knuth & Moore §7)",
            Model::Ordered => {
                "Value-first tree with controlled move ordering (Theorem 1, Corollary 2)"
            }
            Model::Dependent => "Totally dependent tree (§9)",
            Model::BranchSum => "Incremental tree with edge values",
            Model::Worst => "No cutoffs at all",
            Model::Connect4 => "Connect Four from a position (--position or --positions)",
            Model::Othello => "An Othello endgame from a position (--position or --positions)",
        }
    }
}

impl fmt::Display for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The search order of `branch-sum` children.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BranchOrder {
    /// Move 0 first.
    #[default]
    Natural,
    /// Increasing static value of the child, ties by move number.
    Static,
}

impl fmt::Display for BranchOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BranchOrder::Natural => "natural",
            BranchOrder::Static => "static",
        })
    }
}

/// A model and every parameter of it; parameters a model does not use are ignored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", default)]
pub struct ModelSpec {
    /// Which model.
    pub model: Model,
    /// `d`: children per internal node (uniform models).
    pub degree: u32,
    /// `h`: depth of the leaves.
    pub height: u32,
    /// The seed; the root key is `mix64(seed)`.
    pub seed: u64,
    /// `random`: leaf values are uniform on `0..values`.
    pub values: u64,
    /// `ordered`: probability that the first move is best.
    pub ordering: f64,
    /// `ordered`: non-best moves are worse by `1 ..= spread`.
    pub spread: u64,
    /// `ordered`: least number of children (variable branching); defaults to `degree`.
    pub degree_min: Option<u32>,
    /// `ordered`: largest number of children (variable branching); defaults to `degree`.
    pub degree_max: Option<u32>,
    /// `ordered`: probability that a node above the leaves is terminal.
    pub terminal_prob: f64,
    /// `branch-sum`: edge values are uniform on `-edge_range ..= edge_range`.
    pub edge_range: u64,
    /// `branch-sum`: search order.
    pub order: BranchOrder,
    /// `connect4`: the moves played from the empty board, columns 1–7 (`4453`); absent
    /// for the empty board. `othello`: the board and the side to move, as the FFO files
    /// write them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The game's position's published score (a test set's), which `verify` holds
    /// every search to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<Value>,
    /// `connect4`: search it with path keys instead of its position keys, as if it had
    /// no transpositions ([`crate::PathKeyed`]).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub path_keys: bool,
    /// `connect4`: solve it weakly, each value its sign (win, draw or loss), as
    /// Fhourstones does ([`Connect4Tree::weak`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub weak: bool,
}

impl Default for ModelSpec {
    fn default() -> Self {
        ModelSpec {
            model: Model::Random,
            degree: 4,
            height: 6,
            seed: 1,
            values: DEFAULT_VALUES,
            ordering: 1.0,
            spread: 1000,
            degree_min: None,
            degree_max: None,
            terminal_prob: 0.0,
            edge_range: 1000,
            order: BranchOrder::Natural,
            position: None,
            score: None,
            path_keys: false,
            weak: false,
        }
    }
}

/// `base^exp` if it does not exceed `limit`.
fn power_within(base: u64, exp: u32, limit: u64) -> Option<u64> {
    let mut acc: u64 = 1;
    for _ in 0..exp {
        acc = acc.checked_mul(base).filter(|&v| v <= limit)?;
    }
    Some(acc)
}

/// Nodes in a full tree of this degree and height, `sum d^l` for `l = 0..=h`, if it fits
/// in a `u64`.
pub fn full_tree_nodes(degree: u64, height: u32) -> Option<u64> {
    let mut level: u64 = 1;
    let mut total: u64 = 1;
    for _ in 0..height {
        level = level.checked_mul(degree)?;
        total = total.checked_add(level)?;
    }
    Some(total)
}

impl ModelSpec {
    /// A model with default parameters.
    pub fn new(model: Model, degree: u32, height: u32, seed: u64) -> Self {
        ModelSpec {
            model,
            degree,
            height,
            seed,
            ..ModelSpec::default()
        }
    }

    /// The same tree with another seed.
    pub fn with_seed(&self, seed: u64) -> Self {
        ModelSpec {
            seed,
            ..self.clone()
        }
    }

    /// The least number of children of an internal node.
    pub fn degree_min(&self) -> u32 {
        self.degree_min.unwrap_or(self.degree)
    }

    /// The largest number of children of any node.
    pub fn degree_max(&self) -> u32 {
        match self.model {
            Model::Ordered => self.degree_max.unwrap_or(self.degree),
            Model::Connect4 => crate::models::connect4::board::WIDTH,
            Model::Othello => self.othello_empties().max(1),
            _ => self.degree,
        }
    }

    /// A `connect4` tree: the position the moves `moves` reach, with its published score
    /// if known; `seed` numbers it among others (a positions file's line).
    pub fn connect4(moves: &str, score: Option<Value>, seed: u64) -> Self {
        ModelSpec {
            model: Model::Connect4,
            seed,
            position: Some(moves.to_string()),
            score,
            ..ModelSpec::default()
        }
    }

    /// An `othello` tree: the position `text` names (the FFO files' board and side to
    /// move), with its published score if known; `seed` numbers it among others (a
    /// positions file's line).
    pub fn othello(text: &str, score: Option<Value>, seed: u64) -> Self {
        ModelSpec {
            model: Model::Othello,
            seed,
            position: Some(text.to_string()),
            score,
            ..ModelSpec::default()
        }
    }

    /// The empty squares of an `othello` position (0 when it does not parse).
    fn othello_empties(&self) -> u32 {
        let text = self.position.as_deref().unwrap_or_default();
        othello_position(text).map_or(0, |(p, _)| p.empties())
    }

    /// Whether every internal node has `degree` children and every leaf is at `height`.
    pub fn is_uniform(&self) -> bool {
        match self.model {
            Model::Connect4 | Model::Othello => return false,
            Model::Ordered => {}
            _ => return true,
        }
        self.degree_min() == self.degree
            && self.degree_max() == self.degree
            && self.terminal_prob == 0.0
    }

    /// An upper bound on the number of positions in the tree, if it fits in a `u64`.
    pub fn max_nodes(&self) -> Option<u64> {
        if self.model == Model::Connect4 {
            let played = self.position.as_deref().map_or(0, str::len) as u32;
            let cells = crate::models::connect4::board::CELLS;
            return full_tree_nodes(u64::from(self.degree_max()), cells.saturating_sub(played));
        }
        if self.model == Model::Othello {
            // A pass lies before a move at most: no position is deeper than 2 × empties.
            let height = 2 * self.othello_empties();
            return full_tree_nodes(u64::from(self.degree_max()), height);
        }
        full_tree_nodes(u64::from(self.degree_max()), self.height)
    }

    /// Checks every parameter against the specification; the error names the parameter
    /// and the accepted range.
    pub fn validate(&self) -> Result<(), TreeError> {
        if self.model == Model::Connect4 {
            return self.connect4_root().map(drop);
        }
        if self.model == Model::Othello {
            return self.othello_root().map(drop);
        }
        let d = self.degree;
        let h = self.height;
        let min_degree = if self.model == Model::Dependent { 2 } else { 1 };
        let max_degree = match (self.model, self.order) {
            (Model::Dependent, _) | (Model::BranchSum, BranchOrder::Static) => {
                MAX_PERMUTED_DEGREE as u32
            }
            _ => MAX_DEGREE,
        };
        if d < min_degree || d > max_degree {
            let what = match self.model {
                Model::BranchSum if self.order == BranchOrder::Static => {
                    " for branch-sum with static order"
                }
                Model::Dependent => " for dependent",
                _ => "",
            };
            return Err(TreeError::invalid(
                "degree",
                d,
                format!("must be between {min_degree} and {max_degree}{what}"),
            ));
        }
        if h > MAX_HEIGHT {
            return Err(TreeError::invalid(
                "height",
                h,
                format!("must be at most {MAX_HEIGHT}"),
            ));
        }
        match self.model {
            Model::Random => {
                if self.values == 0 || self.values > DEFAULT_VALUES {
                    return Err(TreeError::invalid(
                        "values",
                        self.values,
                        "must be between 1 and 4294967296 (2^32)",
                    ));
                }
            }
            Model::Ordered => self.validate_ordered()?,
            Model::Connect4 | Model::Othello => {}
            Model::Dependent | Model::Worst => {
                if power_within(u64::from(d), h, 1 << 62).is_none() {
                    return Err(TreeError::TooLarge {
                        what: format!(
                            "a {} tree needs degree^height <= 2^62, but {d}^{h} is larger",
                            self.model
                        ),
                    });
                }
            }
            Model::BranchSum => {
                let limit = (MAX_LEAF_MAGNITUDE as u64 - 1) / u64::from(h.max(1));
                if self.edge_range > limit.min(1 << 40) {
                    return Err(TreeError::invalid(
                        "edge-range",
                        self.edge_range,
                        format!("must be at most {} at height {h}", limit.min(1 << 40)),
                    ));
                }
            }
        }
        if self.max_nodes().is_none() {
            return Err(TreeError::TooLarge {
                what: format!(
                    "a tree of degree {} and height {h} has more than 2^64 positions, which the node counters cannot count",
                    self.degree_max()
                ),
            });
        }
        Ok(())
    }

    /// The root of a `connect4` tree, or why its position (or its published score) is
    /// none.
    fn connect4_root(&self) -> Result<Connect4Tree, TreeError> {
        let moves = self.position.as_deref().unwrap_or_default();
        let board =
            parse_moves(moves).map_err(|e| TreeError::invalid("position", moves, e.to_string()))?;
        if let Some(score) = self.score {
            crate::models::connect4::positions_file::check_score(moves, score)
                .map_err(|why| TreeError::invalid("score", score, why.to_string()))?;
        }
        let tree = Connect4Tree::new(board);
        Ok(if self.weak { tree.weak() } else { tree })
    }

    /// The root of an `othello` tree, or why its position (or its published score) is
    /// none.
    fn othello_root(&self) -> Result<OthelloTree, TreeError> {
        let text = self.position.as_deref().unwrap_or_default();
        let (position, rest) = othello_position(text)
            .map_err(|e| TreeError::invalid("position", text, e.to_string()))?;
        if !rest.trim().is_empty() {
            return Err(TreeError::invalid(
                "position",
                text,
                "is a board of 64 squares and the side to move, and nothing after them",
            ));
        }
        if let Some(score) = self.score {
            crate::models::othello::positions_file::check_score(score)
                .map_err(|why| TreeError::invalid("score", score, why.to_string()))?;
        }
        Ok(OthelloTree::new(position))
    }

    fn validate_ordered(&self) -> Result<(), TreeError> {
        if !(0.0..=1.0).contains(&self.ordering) {
            return Err(TreeError::invalid(
                "ordering",
                self.ordering,
                "must be between 0 and 1",
            ));
        }
        let h = u64::from(self.height.max(1));
        let spread_limit = ((MAX_LEAF_MAGNITUDE as u64 - 1) / h - 1).min(1 << 40);
        if self.spread == 0 || self.spread > spread_limit {
            return Err(TreeError::invalid(
                "spread",
                self.spread,
                format!(
                    "must be between 1 and {spread_limit} at height {}",
                    self.height
                ),
            ));
        }
        if !(0.0..1.0).contains(&self.terminal_prob) {
            return Err(TreeError::invalid(
                "terminal-prob",
                self.terminal_prob,
                "must be at least 0 and less than 1",
            ));
        }
        let (lo, hi) = (self.degree_min(), self.degree_max());
        if lo == 0 || lo > MAX_DEGREE {
            return Err(TreeError::invalid(
                "degree-min",
                lo,
                format!("must be between 1 and {MAX_DEGREE}"),
            ));
        }
        if hi < lo || hi > MAX_DEGREE {
            return Err(TreeError::invalid(
                "degree-max",
                hi,
                format!("must be between degree-min ({lo}) and {MAX_DEGREE}"),
            ));
        }
        Ok(())
    }

    /// Builds the model and hands it to `visitor`; the parameters are validated first.
    pub fn visit_implicit<V: TreeVisitor>(&self, visitor: V) -> Result<V::Output, TreeError> {
        self.validate()?;
        let (d, h, seed) = (self.degree, self.height, self.seed);
        Ok(match self.model {
            Model::Random => visitor.visit(&RandomTree::new(d, h, seed, self.values)),
            Model::Ordered => visitor.visit(&OrderedTree::new(
                d,
                h,
                seed,
                self.ordering,
                self.spread,
                self.degree_min(),
                self.degree_max(),
                self.terminal_prob,
            )),
            Model::Dependent => visitor.visit(&DependentTree::new(d, h, seed)),
            Model::BranchSum => match self.order {
                BranchOrder::Natural => {
                    visitor.visit(&BranchSumTree::new(d, h, seed, self.edge_range))
                }
                BranchOrder::Static => {
                    visitor.visit(&BranchSumStaticTree::new(d, h, seed, self.edge_range))
                }
            },
            Model::Worst => visitor.visit(&WorstTree::new(d, h, seed)),
            Model::Connect4 if self.path_keys => {
                visitor.visit(&crate::PathKeyed(self.connect4_root()?))
            }
            Model::Connect4 => visitor.visit(&self.connect4_root()?),
            Model::Othello if self.path_keys => {
                visitor.visit(&crate::PathKeyed(self.othello_root()?))
            }
            Model::Othello => visitor.visit(&self.othello_root()?),
        })
    }
}

/// Where a tree comes from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TreeSource {
    /// One of the specification's models.
    Model(ModelSpec),
    /// A `.tree` file.
    File(PathBuf),
}

/// How a tree is held in memory while it is searched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    /// Children computed on demand from the node's state.
    #[default]
    Implicit,
    /// Materialised once into flat arrays.
    Arena,
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Layout::Implicit => "implicit",
            Layout::Arena => "arena",
        })
    }
}

/// Something done with a concrete tree, generic over its type so that it monomorphises.
pub trait TreeVisitor {
    /// What the visit returns.
    type Output;
    /// Does the work on `tree`.
    fn visit<T: GameTree>(self, tree: &T) -> Self::Output;
}

impl fmt::Display for ModelSpec {
    /// The model and the parameters it uses, as `name key=value …` with the command
    /// line's parameter names: `random degree=2 height=3 seed=1 values=10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.model.is_game() {
            let moves = self.position.as_deref().unwrap_or_default();
            write!(f, "{} position={moves:?}", self.model)?;
            if let Some(score) = self.score {
                write!(f, " score={score}")?;
            }
            if self.path_keys {
                f.write_str(" path-keys")?;
            }
            if self.weak {
                f.write_str(" weak")?;
            }
            return Ok(());
        }
        write!(
            f,
            "{} degree={} height={} seed={}",
            self.model, self.degree, self.height, self.seed
        )?;
        match self.model {
            Model::Random => write!(f, " values={}", self.values),
            Model::Ordered => {
                write!(f, " ordering={} spread={}", self.ordering, self.spread)?;
                if !self.is_uniform() {
                    write!(
                        f,
                        " degree-min={} degree-max={} terminal-prob={}",
                        self.degree_min(),
                        self.degree_max(),
                        self.terminal_prob
                    )?;
                }
                Ok(())
            }
            Model::Dependent | Model::Worst | Model::Connect4 | Model::Othello => Ok(()),
            Model::BranchSum => write!(f, " edge-range={} order={}", self.edge_range, self.order),
        }
    }
}
