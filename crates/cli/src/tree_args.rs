//! The options that name a tree, defined once and flattened into every subcommand that
//! searches or writes trees (`tree`, and later `run`, `verify`, `theory`, `sweep`,
//! `simulate`), so that a tree is named the same way everywhere.
//!
//! They map one to one onto the tree specification's parameters (crates/tree/SPEC.md):
//! a model with its parameters, or a `.tree` file; the layout (implicit or arena); the
//! memory budget for materialising; and `--trees N`, the seeds `seed .. seed+N-1`.

use abbench_tree::arena::default_memory_budget;
use abbench_tree::{
    BranchOrder, DEFAULT_VALUES, Layout, Model, ModelSpec, Parameter, TreeError, TreeSource,
    TreeSpec,
};
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// A model, as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ModelArg {
    /// Random uniform tree (Knuth & Moore §7).
    Random,
    /// Value-first tree with controlled move ordering (Theorem 1, Corollary 2).
    Ordered,
    /// Totally dependent tree (§9).
    Dependent,
    /// Incremental tree with edge values.
    BranchSum,
    /// No cutoffs at all.
    Worst,
    /// Connect Four from a position (--position or --positions).
    Connect4,
    /// An Othello endgame from a position (--position or --positions).
    Othello,
}

impl From<ModelArg> for Model {
    fn from(model: ModelArg) -> Model {
        match model {
            ModelArg::Random => Model::Random,
            ModelArg::Ordered => Model::Ordered,
            ModelArg::Dependent => Model::Dependent,
            ModelArg::BranchSum => Model::BranchSum,
            ModelArg::Worst => Model::Worst,
            ModelArg::Connect4 => Model::Connect4,
            ModelArg::Othello => Model::Othello,
        }
    }
}

/// The search order of `branch-sum` children.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum OrderArg {
    /// Move 0 first.
    #[default]
    Natural,
    /// Increasing static value of the child, ties by move number.
    Static,
}

/// How the tree is held in memory while it is searched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum LayoutArg {
    /// Children computed on demand from the node's state.
    #[default]
    Implicit,
    /// Materialised once into flat arrays (within --memory-budget).
    Arena,
}

/// The options that name one tree or a run of seeds.
#[derive(Clone, Debug, Args)]
pub struct TreeArgs {
    /// The tree model [default: random].
    #[arg(long, value_enum, conflicts_with = "tree_file", help_heading = "Tree")]
    pub model: Option<ModelArg>,

    #[arg(help = Parameter::Degree.help(), long, value_name = "D", default_value_t = ModelSpec::default().degree, help_heading = "Tree")]
    pub degree: u32,

    #[arg(help = Parameter::Height.help(), long, value_name = "H", default_value_t = ModelSpec::default().height, help_heading = "Tree")]
    pub height: u32,

    #[arg(help = Parameter::Seed.help(), long, value_name = "S", default_value_t = ModelSpec::default().seed, help_heading = "Tree")]
    pub seed: u64,

    /// Number of trees: seeds seed, seed+1, …, seed+N-1.
    #[arg(long, value_name = "N", default_value_t = 1, help_heading = "Tree")]
    pub trees: u64,

    /// A .tree file instead of a model.
    #[arg(long, value_name = "PATH", help_heading = "Tree")]
    pub tree_file: Option<PathBuf>,

    /// How the tree is held in memory.
    #[arg(long, value_enum, default_value_t, help_heading = "Tree")]
    pub layout: LayoutArg,

    /// Most bytes an arena may take, with an optional K, M, G or T suffix (powers of 1024)
    /// [default: half the physical memory].
    #[arg(long, value_name = "BYTES", value_parser = parse_bytes, help_heading = "Tree")]
    pub memory_budget: Option<u64>,

    #[arg(help = Parameter::Values.help(), long, value_name = "R", default_value_t = DEFAULT_VALUES, help_heading = "Model parameters")]
    pub values: u64,

    #[arg(
        help = Parameter::Ordering.help(),
        long,
        value_name = "Q",
        default_value_t = 1.0,
        allow_negative_numbers = true,
        help_heading = "Model parameters"
    )]
    pub ordering: f64,

    #[arg(help = Parameter::Spread.help(), long, value_name = "W", default_value_t = ModelSpec::default().spread, help_heading = "Model parameters")]
    pub spread: u64,

    #[arg(help = Parameter::DegreeMin.help(), long, value_name = "A", help_heading = "Model parameters")]
    pub degree_min: Option<u32>,

    #[arg(help = Parameter::DegreeMax.help(), long, value_name = "B", help_heading = "Model parameters")]
    pub degree_max: Option<u32>,

    #[arg(
        help = Parameter::TerminalProb.help(),
        long,
        value_name = "P",
        default_value_t = 0.0,
        allow_negative_numbers = true,
        help_heading = "Model parameters"
    )]
    pub terminal_prob: f64,

    #[arg(help = Parameter::EdgeRange.help(), long, value_name = "E", default_value_t = ModelSpec::default().edge_range, help_heading = "Model parameters")]
    pub edge_range: u64,

    #[arg(help = Parameter::Order.help(), long, value_enum, default_value_t, help_heading = "Model parameters")]
    pub order: OrderArg,

    #[arg(
        help = Parameter::Position.help(),
        long,
        value_name = "MOVES|BOARD",
        // An Othello board starts with `-` where A1 is empty.
        allow_hyphen_values = true,
        conflicts_with = "positions",
        help_heading = "Model parameters"
    )]
    pub position: Option<String>,

    #[arg(
        help = Parameter::Score.help(),
        long,
        value_name = "SCORE",
        allow_negative_numbers = true,
        requires = "position",
        conflicts_with = "positions",
        help_heading = "Model parameters"
    )]
    pub score: Option<i64>,

    #[arg(help = Parameter::PathKeys.help(), long, help_heading = "Model parameters")]
    pub path_keys: bool,

    #[arg(help = Parameter::Weak.help(), long, help_heading = "Model parameters")]
    pub weak: bool,

    #[arg(help = Parameter::Positions.help(), long, value_name = "FILE", help_heading = "Model parameters")]
    pub positions: Option<PathBuf>,
}

impl TreeArgs {
    /// The model these options name: `--model`, random when it is not given, or `None`
    /// for a tree file.
    pub fn chosen_model(&self) -> Option<Model> {
        match (&self.tree_file, self.model) {
            (Some(_), _) => None,
            (None, model) => Some(Model::from(model.unwrap_or(ModelArg::Random))),
        }
    }

    /// Notes for model parameters given that the chosen model does not read
    /// ([`Model::reads`]), or any, with a tree file: a value that differs from its
    /// default and would be silently ignored.
    pub fn ignored_options(&self) -> Vec<String> {
        let mut notes = self.ignored_model_options();
        // A positions file gives one tree per line; --trees counts seeds.
        if self.positions.is_some()
            && self.chosen_model().is_some_and(Model::is_game)
            && self.trees > 1
        {
            notes.push(format!(
                "--trees {} applies only to the seeded models; --positions gives one tree per \
                 line of its file",
                self.trees
            ));
        }
        notes
    }

    /// The model parameters given that the chosen model (or a tree file) does not read.
    fn ignored_model_options(&self) -> Vec<String> {
        let defaults = ModelSpec::default();
        let model = self.chosen_model();
        use Parameter::*;
        let given = [
            (Degree, self.degree != defaults.degree),
            (Height, self.height != defaults.height),
            (Seed, self.seed != defaults.seed),
            (Values, self.values != DEFAULT_VALUES),
            (Ordering, self.ordering != defaults.ordering),
            (Spread, self.spread != defaults.spread),
            (DegreeMin, self.degree_min.is_some()),
            (DegreeMax, self.degree_max.is_some()),
            (TerminalProb, self.terminal_prob != defaults.terminal_prob),
            (EdgeRange, self.edge_range != defaults.edge_range),
            (Order, self.order != OrderArg::default()),
            (Position, self.position.is_some()),
            (Score, self.score.is_some()),
            (Positions, self.positions.is_some()),
            (PathKeys, self.path_keys),
            (Weak, self.weak),
        ];
        given
            .into_iter()
            .filter(|&(parameter, set)| set && !model.is_some_and(|m| m.reads(parameter)))
            // A tree file has no seeds but --trees' count reads none either: said once.
            .filter(|&(parameter, _)| !(model.is_none() && parameter == Seed))
            .map(|(parameter, _)| {
                let applies = parameter.readers();
                match model {
                    Some(model) => format!(
                        "--{parameter} applies only to {applies}; the {} model ignores it",
                        model.name()
                    ),
                    None => {
                        format!("--{parameter} applies only to {applies}; a tree file ignores it")
                    }
                }
            })
            .collect()
    }

    /// The model these options name, for the first seed.
    fn model_spec(&self, model: ModelArg) -> ModelSpec {
        ModelSpec {
            model: model.into(),
            degree: self.degree,
            height: self.height,
            seed: self.seed,
            values: self.values,
            ordering: self.ordering,
            spread: self.spread,
            degree_min: self.degree_min,
            degree_max: self.degree_max,
            terminal_prob: self.terminal_prob,
            edge_range: self.edge_range,
            order: match self.order {
                OrderArg::Natural => BranchOrder::Natural,
                OrderArg::Static => BranchOrder::Static,
            },
            position: self.position.clone(),
            score: self.score,
            path_keys: self.path_keys,
            weak: self.weak,
        }
    }

    /// The layout the options ask for.
    fn layout(&self) -> Layout {
        match self.layout {
            LayoutArg::Implicit => Layout::Implicit,
            LayoutArg::Arena => Layout::Arena,
        }
    }

    /// The (first) tree, with a model's parameters checked against the specification.
    pub fn spec(&self) -> Result<TreeSpec, TreeError> {
        let layout = self.layout();
        let spec = match &self.tree_file {
            Some(path) => TreeSpec {
                source: TreeSource::File(path.clone()),
                layout,
            },
            None => TreeSpec::model(
                self.model_spec(self.model.unwrap_or(ModelArg::Random)),
                layout,
            ),
        };
        spec.validate()?;
        Ok(spec)
    }

    /// Every tree `--trees` asks for: seeds `seed ..= seed + trees - 1`.
    pub fn specs(&self) -> Result<Vec<TreeSpec>, TreeError> {
        let game = self.chosen_model().filter(|m| m.is_game());
        if let (Some(path), Some(game)) = (&self.positions, game) {
            let specs = TreeSpec::game_positions(game, path)?;
            if let Some(note) = unscored_note(path, &specs) {
                crate::progress::note(&note);
            }
            finished_games_note(&specs);
            let layout = self.layout();
            let (path_keys, weak) = (self.path_keys, self.weak);
            return Ok(specs
                .into_iter()
                .map(|mut spec| {
                    if let TreeSource::Model(model) = &mut spec.source {
                        model.path_keys = path_keys;
                        model.weak = weak;
                    }
                    TreeSpec { layout, ..spec }
                })
                .collect());
        }
        let first = self.spec()?;
        let invalid = |expected: String| TreeError::InvalidParameter {
            parameter: "trees",
            value: self.trees.to_string(),
            expected,
        };
        abbench_tree::check_tree_count(self.seed, self.trees)
            .map_err(|e| invalid(e.to_string()))?;
        if self.tree_file.is_some() && self.trees > 1 {
            return Err(invalid(
                "a tree file is one tree; --trees needs a model".into(),
            ));
        }
        if let Some(game) = game.filter(|_| self.trees > 1) {
            return Err(invalid(format!(
                "a {game} position is one tree; --positions FILE gives many"
            )));
        }
        finished_games_note(std::slice::from_ref(&first));
        Ok((0..self.trees)
            .map(|i| first.with_seed(self.seed + i))
            .collect())
    }

    /// The memory budget for materialising trees, in bytes.
    pub fn memory_budget(&self) -> u64 {
        self.memory_budget.unwrap_or_else(default_memory_budget)
    }

    /// The options that name the one tree of these options with seed `seed`, as a
    /// command line would give them (`--trees 1` included): the inverse of parsing, for
    /// printing a command that reproduces one tree's result. Model parameters appear only
    /// when the model uses them and they differ from the specification's defaults.
    #[cfg(test)]
    pub fn command_line(&self, seed: u64) -> Vec<String> {
        self.command_line_of(None, seed)
    }

    /// [`TreeArgs::command_line`] for the tree `spec` (a position of `--positions` is
    /// named by its own moves).
    pub fn command_line_of(&self, spec: Option<&TreeSpec>, seed: u64) -> Vec<String> {
        let game = spec.and_then(|spec| match &spec.source {
            TreeSource::Model(model) if model.model.is_game() => Some(model.clone()),
            _ => None,
        });
        let mut flags = match (&self.tree_file, game) {
            (Some(path), _) => vec!["--tree-file".to_string(), path.display().to_string()],
            (None, Some(game)) => model_command_line(&game),
            (None, None) => model_command_line(&ModelSpec {
                seed,
                ..self.model_spec(self.model.unwrap_or(ModelArg::Random))
            }),
        };
        let mut flag = |name: &str, value: String| {
            flags.push(format!("--{name}"));
            flags.push(value);
        };
        if self.layout != LayoutArg::default() {
            flag("layout", name(&self.layout));
        }
        if let Some(budget) = self.memory_budget {
            flag("memory-budget", budget.to_string());
        }
        flags
    }
}

/// A note naming the Othello positions of `specs` whose game is over (no empty square, or
/// no move for either side): each is decided at the root, a search of one position.
fn finished_games_note(specs: &[TreeSpec]) {
    use abbench_tree::models::othello::position::parse_position;
    let finished: Vec<String> = specs
        .iter()
        .filter_map(|spec| match &spec.source {
            TreeSource::Model(m) if m.model == Model::Othello => {
                let text = m.position.as_deref().unwrap_or_default();
                let (position, _) = parse_position(text).ok()?;
                position.is_finished().then(|| {
                    if specs.len() == 1 {
                        "the position".to_string()
                    } else {
                        format!("line {}", m.seed)
                    }
                })
            }
            _ => None,
        })
        .collect();
    if !finished.is_empty() {
        crate::progress::note(&format!(
            "{}: the game is over (neither side can move), so it is decided at the root",
            finished.join(", ")
        ));
    }
}

/// The options that name the model tree `spec` (`--trees 1` included): model parameters
/// appear only when the model uses them and they differ from the specification's
/// defaults.
pub fn model_command_line(spec: &ModelSpec) -> Vec<String> {
    let mut flags: Vec<String> = Vec::new();
    let mut flag = |name: &str, value: String| {
        flags.push(format!("--{name}"));
        flags.push(value);
    };
    let defaults = ModelSpec::default();
    flag("model", spec.model.name().to_string());
    if spec.model.is_game() {
        flag("position", spec.position.clone().unwrap_or_default());
        if let Some(score) = spec.score {
            flag("score", score.to_string());
        }
        if spec.path_keys {
            flags.push("--path-keys".to_string());
        }
        if spec.weak {
            flags.push("--weak".to_string());
        }
        return flags;
    }
    flag("degree", spec.degree.to_string());
    flag("height", spec.height.to_string());
    match spec.model {
        Model::Random if spec.values != DEFAULT_VALUES => {
            flag("values", spec.values.to_string());
        }
        Model::Ordered => {
            if spec.ordering != defaults.ordering {
                flag("ordering", spec.ordering.to_string());
            }
            if spec.spread != defaults.spread {
                flag("spread", spec.spread.to_string());
            }
            if let Some(lo) = spec.degree_min {
                flag("degree-min", lo.to_string());
            }
            if let Some(hi) = spec.degree_max {
                flag("degree-max", hi.to_string());
            }
            if spec.terminal_prob != defaults.terminal_prob {
                flag("terminal-prob", spec.terminal_prob.to_string());
            }
        }
        Model::BranchSum => {
            if spec.edge_range != defaults.edge_range {
                flag("edge-range", spec.edge_range.to_string());
            }
            if spec.order != BranchOrder::default() {
                flag("order", spec.order.to_string());
            }
        }
        _ => {}
    }
    flag("seed", spec.seed.to_string());
    flag("trees", "1".to_string());
    flags
}

/// The name the command line gives a value of an option.
fn name<V: ValueEnum>(value: &V) -> String {
    value
        .to_possible_value()
        .map(|v| v.get_name().to_string())
        .unwrap_or_default()
}

/// Parses a byte count: digits with an optional `K`, `M`, `G` or `T` suffix (powers of
/// 1024, an optional trailing `B` or `iB` allowed).
fn parse_bytes(text: &str) -> Result<u64, String> {
    let upper = text.trim().to_ascii_uppercase();
    let without_b = upper
        .strip_suffix("IB")
        .or_else(|| upper.strip_suffix('B'))
        .unwrap_or(&upper);
    let (digits, shift) = match without_b.char_indices().last() {
        Some((i, 'K')) => (&without_b[..i], 10),
        Some((i, 'M')) => (&without_b[..i], 20),
        Some((i, 'G')) => (&without_b[..i], 30),
        Some((i, 'T')) => (&without_b[..i], 40),
        _ => (without_b, 0),
    };
    let expected = "expected a number of bytes such as 1000000, 512M or 4G";
    let amount: u64 = digits.trim().parse().map_err(|_| expected.to_string())?;
    amount
        .checked_mul(1 << shift)
        .ok_or_else(|| format!("{text} bytes does not fit in 64 bits"))
}

/// A note where lines of the positions file `path` give no score: the format is `moves
/// score`, and a position without one is checked against serial F2 alone.
fn unscored_note(path: &std::path::Path, specs: &[TreeSpec]) -> Option<String> {
    let unscored = specs
        .iter()
        .filter(|spec| matches!(&spec.source, TreeSource::Model(model) if model.score.is_none()))
        .count();
    (unscored > 0).then(|| {
        format!(
            "{unscored} of the {} positions of {} give no score (a line is `moves score`): \
             their values are checked against serial F2 alone",
            specs.len(),
            path.display()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_counts_take_binary_suffixes() {
        assert_eq!(parse_bytes("1000"), Ok(1000));
        assert_eq!(parse_bytes("4K"), Ok(4096));
        assert_eq!(parse_bytes("512M"), Ok(512 << 20));
        assert_eq!(parse_bytes("4GiB"), Ok(4 << 30));
        assert_eq!(parse_bytes("2gb"), Ok(2 << 30));
        assert_eq!(parse_bytes("1T"), Ok(1 << 40));
        assert!(parse_bytes("lots").is_err());
        assert!(parse_bytes("").is_err());
        assert!(parse_bytes("-5").is_err());
        assert!(parse_bytes("99999999999T").is_err());
    }

    #[derive(Debug, clap::Parser)]
    struct Parsed {
        #[command(flatten)]
        tree: TreeArgs,
    }

    fn parse(args: &[&str]) -> TreeArgs {
        use clap::Parser;
        Parsed::try_parse_from(std::iter::once("t").chain(args.iter().copied()))
            .unwrap()
            .tree
    }

    #[test]
    fn the_command_line_of_one_seed_names_the_same_tree() {
        let cases: [&[&str]; 6] = [
            &[],
            &["--model", "random", "--values", "10", "--trees", "5"],
            &[
                "--model",
                "ordered",
                "--degree",
                "3",
                "--degree-min",
                "1",
                "--degree-max",
                "4",
                "--terminal-prob",
                "0.25",
                "--ordering",
                "0.5",
                "--spread",
                "7",
            ],
            &[
                "--model",
                "branch-sum",
                "--order",
                "static",
                "--edge-range",
                "3",
                "--layout",
                "arena",
                "--memory-budget",
                "1M",
            ],
            &["--model", "dependent", "--degree", "3", "--height", "5"],
            &["--model", "worst", "--seed", "9", "--trees", "3"],
        ];
        for args in cases {
            let original = parse(args);
            let seed = original.seed + original.trees - 1;
            let line = original.command_line(seed);
            let words: Vec<&str> = line.iter().map(String::as_str).collect();
            let again = parse(&words);
            assert_eq!(again.trees, 1, "{line:?}");
            assert_eq!(
                again.spec().unwrap(),
                original.spec().unwrap().with_seed(seed),
                "{args:?} -> {line:?}"
            );
            assert_eq!(again.memory_budget(), original.memory_budget());
        }
        let file = parse(&["--tree-file", "a b.tree"]);
        assert_eq!(file.command_line(1), ["--tree-file", "a b.tree"]);
    }
}
