//! Suites written as TOML files.
//!
//! A suite file has a few settings at the top and one `[[workload]]` table per workload;
//! every key is optional unless marked *required*, and unknown keys are errors (so a
//! misspelt parameter is never silently ignored):
//!
//! ```toml
//! name = "my-suite"             # shown in reports; default: the file's stem
//! description = "what it is for"
//! repeat = 3                    # timed runs per (tree, algorithm, threads); default 3
//! warmup = 1                    # untimed runs before them (and to 50 ms); default 1
//! threads = [1, 2, 4]           # default: 1, 2, 4, … up to the hardware threads
//! split-height = 4              # ybwc's split height; default: chosen from the degree
//! algo = ["f2-iter", "ybwc"]   # default for workloads without their own (the CLI's
//!                               # --algo; `algorithms` is accepted too; "parallel"
//!                               # stands for every parallel algorithm);
//!                                    # default: f1, f2, f2-iter, root-split, ybwc
//!
//! [[workload]]
//! model = "random"              # random | ordered | dependent | branch-sum | worst
//! degree = 8                    # required with `model`
//! height = 6                    # required with `model`, or:
//! # heights = [4, 5, 6]         # one workload per height
//! seed = 1                      # the first seed; default 1
//! trees = 3                     # seeds seed .. seed+trees; default 1
//! layout = "implicit"           # implicit | arena; default implicit
//! algo = ["f0", "f2"]           # this workload's algorithms
//! values = 100                  # random
//! ordering = 0.7                # ordered
//! spread = 1000                 # ordered
//! degree-min = 2                # ordered, variable branching
//! degree-max = 8                # ordered, variable branching
//! terminal-prob = 0.1           # ordered, variable branching
//! edge-range = 1000             # branch-sum
//! order = "static"              # branch-sum: natural | static
//!
//! [[workload]]
//! model = "connect4"            # a game: no degree or height
//! positions = "late.txt"        # "moves score" lines, relative to the suite file; or
//! # position = "4453"           # one position
//! trees = 20                    # the first 20 positions of the file; default all
//!
//! [[workload]]
//! file = "trees/figure1.tree"   # a .tree file, relative to the suite file
//! ```
//!
//! Errors name the file, the line and the problem: TOML syntax and types from the
//! parser's span, parameters out of range from the `[[workload]]` they belong to.

use super::{Grid, Suite, Workload};
use crate::MeasureError;
use abbench_results::{Algorithm, FileError};
use abbench_search::{SerialAlgorithm, Settings};
use abbench_tree::{BranchOrder, Layout, Model, ModelSpec, Parameter, TreeSpec};
use abbench_vocab::AlgorithmList;
use abbench_vocab::Setting;
use serde::Deserialize;
use std::ops::Range;
use std::path::Path;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// Timed runs per (tree, algorithm, threads) when a suite file does not say.
const DEFAULT_REPEAT: usize = 3;

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct SuiteFile {
    name: Option<String>,
    description: Option<String>,
    repeat: Option<Spanned<usize>>,
    warmup: Option<Spanned<usize>>,
    threads: Option<Spanned<Vec<usize>>>,
    #[serde(rename = "algo", alias = "algorithms")]
    algorithms: Option<Spanned<AlgorithmList>>,
    #[serde(default)]
    workload: Vec<Spanned<WorkloadFile>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct WorkloadFile {
    model: Option<Model>,
    file: Option<String>,
    degree: Option<u32>,
    height: Option<u32>,
    heights: Option<Vec<u32>>,
    seed: Option<u64>,
    trees: Option<u64>,
    layout: Option<Layout>,
    #[serde(rename = "algo", alias = "algorithms")]
    algorithms: Option<AlgorithmList>,
    values: Option<u64>,
    ordering: Option<f64>,
    spread: Option<u64>,
    degree_min: Option<u32>,
    degree_max: Option<u32>,
    terminal_prob: Option<f64>,
    edge_range: Option<u64>,
    order: Option<BranchOrder>,
    position: Option<String>,
    positions: Option<String>,
}

/// The key of the tables that give one algorithm its own settings: `[per-algorithm.er]`.
const PER_ALGORITHM: &str = "per-algorithm";

/// The settings a suite file gives, as written: for every algorithm that reads them (a
/// key at the top, named as the setting's flag) or for one (`[per-algorithm.NAME]`),
/// each one value or a list, with where it was written.
#[derive(Default)]
struct FileSettings {
    given: Vec<Given>,
}

/// One setting's values as a suite file writes them.
struct Given {
    algorithm: Option<Algorithm>,
    setting: Setting,
    values: Vec<String>,
    span: Range<usize>,
}

impl FileSettings {
    /// The grid these make; an error names the line of the first bad one.
    fn grid(&self, source: &Source<'_>) -> Result<Grid, MeasureError> {
        let mut grid = Grid::default();
        for g in &self.given {
            grid.add(g.algorithm, g.setting, &g.values)
                .map_err(|why| source.error(Some(g.span.clone()), why.0))?;
        }
        Ok(grid)
    }

    /// `suite`, unless one of these settings, given for every algorithm, is read by none
    /// of the suite's algorithms: a study that would measure nothing.
    fn check_read(&self, suite: Suite, source: &Source<'_>) -> Result<Suite, MeasureError> {
        let mut algorithms: Vec<Algorithm> = Vec::new();
        for w in &suite.workloads {
            algorithms.extend(&w.algorithms);
        }
        match suite.grid.unread(&algorithms) {
            None => Ok(suite),
            Some(why) => {
                let span = self
                    .given
                    .iter()
                    .find(|g| why.0.starts_with(g.setting.flag()));
                Err(source.error(span.map(|g| g.span.clone()), why.0))
            }
        }
    }
}

/// Takes the settings out of a suite file's top table: the keys that are settings'
/// flags, and the `[per-algorithm.NAME]` tables.
fn take_settings(
    table: &mut DeTable<'_>,
    source: &Source<'_>,
) -> Result<FileSettings, MeasureError> {
    let mut settings = FileSettings::default();
    let keys: Vec<Spanned<std::borrow::Cow<'_, str>>> = table.keys().cloned().collect();
    for key in keys {
        let Some((key, value)) = table.remove_entry(&key) else {
            continue;
        };
        if let Some(setting) = Setting::from_flag(key.get_ref()) {
            settings.given.push(given(None, setting, value, source)?);
        } else if key.get_ref() == PER_ALGORITHM {
            take_per_algorithm(value, &mut settings, source)?;
        } else {
            table.insert(key, value);
        }
    }
    Ok(settings)
}

/// The `[per-algorithm]` table: a table of settings for each algorithm named.
fn take_per_algorithm(
    value: Spanned<DeValue<'_>>,
    settings: &mut FileSettings,
    source: &Source<'_>,
) -> Result<(), MeasureError> {
    let span = value.span();
    let DeValue::Table(algorithms) = value.into_inner() else {
        return Err(source.error(Some(span), "per-algorithm must be a table of algorithms"));
    };
    for (name, table) in algorithms {
        let algorithm: Algorithm =
            name.get_ref()
                .parse()
                .map_err(|e: abbench_results::UnknownAlgorithm| {
                    source.error(Some(name.span()), e.to_string())
                })?;
        let span = table.span();
        let DeValue::Table(keys) = table.into_inner() else {
            return Err(source.error(
                Some(span),
                format!("per-algorithm.{algorithm} must be a table of settings"),
            ));
        };
        for (key, value) in keys {
            let setting = Setting::from_flag(key.get_ref()).ok_or_else(|| {
                source.error(
                    Some(key.span()),
                    format!(
                        "unknown setting `{}`: expected {}",
                        key.get_ref(),
                        setting_flags()
                    ),
                )
            })?;
            settings
                .given
                .push(given(Some(algorithm), setting, value, source)?);
        }
    }
    Ok(())
}

/// A setting's value or list of values as text, as the command line would take them.
fn given(
    algorithm: Option<Algorithm>,
    setting: Setting,
    value: Spanned<DeValue<'_>>,
    source: &Source<'_>,
) -> Result<Given, MeasureError> {
    let span = value.span();
    let bad = || {
        source.error(
            Some(span.clone()),
            format!("{} takes a value or a list of values", setting.flag()),
        )
    };
    let values = match value.into_inner() {
        DeValue::Array(items) => items
            .into_iter()
            .map(|item| scalar_text(item.get_ref()).ok_or_else(bad))
            .collect::<Result<Vec<_>, _>>()?,
        scalar => vec![scalar_text(&scalar).ok_or_else(bad)?],
    };
    Ok(Given {
        algorithm,
        setting,
        values,
        span,
    })
}

/// A TOML scalar as the command line would write it; `None` for a table, an array or a
/// date.
fn scalar_text(value: &DeValue<'_>) -> Option<String> {
    match value {
        DeValue::String(s) => Some(s.to_string()),
        DeValue::Integer(i) => i64::from_str_radix(i.as_str(), i.radix())
            .ok()
            .map(|n| n.to_string()),
        DeValue::Float(f) => Some(f.as_str().to_string()),
        DeValue::Boolean(b) => Some(b.to_string()),
        DeValue::Datetime(_) | DeValue::Array(_) | DeValue::Table(_) => None,
    }
}

/// Every setting's flag, as an error lists them.
fn setting_flags() -> String {
    abbench_vocab::one_of(&Setting::ALL.map(Setting::flag))
}

/// Where an error is: the file and the text, to turn byte offsets into lines.
struct Source<'a> {
    path: &'a Path,
    text: &'a str,
}

impl Source<'_> {
    /// The 1-based line of byte `offset`.
    fn line_of(&self, offset: usize) -> usize {
        let end = offset.min(self.text.len());
        self.text.as_bytes()[..end]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1
    }

    fn error(&self, span: Option<Range<usize>>, message: impl Into<String>) -> MeasureError {
        MeasureError::from(FileError::BadInput {
            path: self.path.to_path_buf(),
            line: span.map_or(0, |s| self.line_of(s.start)),
            message: message.into(),
        })
    }
}

/// Parses and checks a suite file.
pub(super) fn parse(text: &str, path: &Path) -> Result<Suite, MeasureError> {
    let source = Source { path, text };
    let toml_error =
        |e: toml::de::Error| source.error(e.span(), e.message().trim_end().to_string());
    let mut table = DeTable::parse(text).map_err(toml_error)?;
    let settings = take_settings(table.get_mut(), &source)?;
    let file = SuiteFile::deserialize(toml::de::Deserializer::from(table)).map_err(toml_error)?;
    check_limits(&file, &source)?;
    if let Some(algos) = &file.algorithms
        && algos.get_ref().0.is_empty()
    {
        return Err(source.error(Some(algos.span()), "algo must not be empty"));
    }
    if file.workload.is_empty() {
        return Err(source.error(
            None,
            "a suite needs at least one [[workload]] table with `model` or `file`",
        ));
    }
    let default_algorithms: Vec<Algorithm> = match &file.algorithms {
        Some(a) => a.get_ref().0.clone(),
        None => Algorithm::STANDARD
            .into_iter()
            .filter(|&a| a != Algorithm::Serial(SerialAlgorithm::F0))
            .collect(),
    };
    let grid = settings.grid(&source)?;
    let base = path.parent().unwrap_or(Path::new(""));
    let mut workloads = Vec::new();
    for entry in &file.workload {
        let span = Some(entry.span());
        let w = entry.get_ref();
        let fail = |why: BadWorkload| source.error(span.clone(), why.0);
        workloads.extend(workloads_of(w, &default_algorithms, base).map_err(fail)?);
    }
    let name = file.name.unwrap_or_else(|| {
        path.file_stem()
            .map_or_else(|| "suite".into(), |s| s.to_string_lossy().into_owned())
    });
    Ok(Suite {
        name,
        description: file.description.unwrap_or_default(),
        workloads,
        threads: file.threads.map(Spanned::into_inner),
        repeat: file.repeat.map_or(DEFAULT_REPEAT, Spanned::into_inner),
        warmup: file.warmup.map_or(1, Spanned::into_inner),
        grid,
        settings: Settings::default(),
    })
    .and_then(|suite| settings.check_read(suite, &source))
}

/// The suite-wide settings within the command line's limits (`crate::limits`), with the
/// same ranges in the messages.
fn check_limits(file: &SuiteFile, source: &Source<'_>) -> Result<(), MeasureError> {
    if let Some(repeat) = &file.repeat
        && !(1..=crate::MAX_RUNS as usize).contains(repeat.get_ref())
    {
        return Err(source.error(
            Some(repeat.span()),
            format!("repeat must be 1 ..= {}", crate::MAX_RUNS),
        ));
    }
    if let Some(warmup) = &file.warmup
        && *warmup.get_ref() > crate::MAX_RUNS as usize
    {
        return Err(source.error(
            Some(warmup.span()),
            format!("warmup must be 0 ..= {}", crate::MAX_RUNS),
        ));
    }
    if let Some(threads) = &file.threads {
        let counts = threads.get_ref();
        if counts.is_empty() || counts.iter().any(|t| !(1..=crate::MAX_THREADS).contains(t)) {
            return Err(source.error(
                Some(threads.span()),
                format!(
                    "threads must list thread counts, each 1 ..= {}",
                    crate::MAX_THREADS
                ),
            ));
        }
    }
    Ok(())
}

/// The workloads one `[[workload]]` table describes (one per height), checked.
fn workloads_of(
    w: &WorkloadFile,
    default_algorithms: &[Algorithm],
    base: &Path,
) -> Result<Vec<Workload>, BadWorkload> {
    let algorithms = match &w.algorithms {
        Some(a) if a.0.is_empty() => return Err(BadWorkload("algo must not be empty".into())),
        Some(a) => a.0.clone(),
        None => default_algorithms.to_vec(),
    };
    let trees = w.trees.unwrap_or(1);
    abbench_tree::check_tree_count(w.seed.unwrap_or(1), trees)
        .map_err(|why| format!("trees = {trees}: {why}"))?;
    match (w.model, &w.file) {
        (Some(_), Some(_)) => Err(BadWorkload(
            "a workload has either `model` or `file`, not both".into(),
        )),
        (None, None) => Err(BadWorkload("a workload needs `model` or `file`".into())),
        (None, Some(file)) => file_workload(w, algorithms, &base.join(file)),
        (Some(game), None) if game.is_game() => {
            check_model_parameters(w, Some(game))?;
            game_workloads(game, w, algorithms, base)
        }
        (Some(model), None) => {
            check_model_parameters(w, Some(model))?;
            let degree = w.degree.ok_or("missing `degree`")?;
            let heights = match (w.height, &w.heights) {
                (Some(_), Some(_)) => {
                    return Err(BadWorkload("give `height` or `heights`, not both".into()));
                }
                (None, None) => return Err(BadWorkload("missing `height` (or `heights`)".into())),
                (Some(h), None) => vec![h],
                (None, Some(hs)) if hs.is_empty() => {
                    return Err(BadWorkload("heights must not be empty".into()));
                }
                (None, Some(hs)) => hs.clone(),
            };
            let defaults = ModelSpec::default();
            heights
                .into_iter()
                .map(|height| {
                    let spec = ModelSpec {
                        model,
                        degree,
                        height,
                        seed: w.seed.unwrap_or(1),
                        values: w.values.unwrap_or(defaults.values),
                        ordering: w.ordering.unwrap_or(defaults.ordering),
                        spread: w.spread.unwrap_or(defaults.spread),
                        degree_min: w.degree_min,
                        degree_max: w.degree_max,
                        terminal_prob: w.terminal_prob.unwrap_or(defaults.terminal_prob),
                        edge_range: w.edge_range.unwrap_or(defaults.edge_range),
                        order: w.order.unwrap_or(defaults.order),
                        ..ModelSpec::default()
                    };
                    spec.validate().map_err(|e| e.to_string())?;
                    Ok(Workload {
                        tree: TreeSpec::model(spec, w.layout.unwrap_or_default()),
                        trees,
                        algorithms: algorithms.clone(),
                    })
                })
                .collect()
        }
    }
}

/// The workload of a `.tree` file: one tree, no model parameters.
fn file_workload(
    w: &WorkloadFile,
    algorithms: Vec<Algorithm>,
    path: &Path,
) -> Result<Vec<Workload>, BadWorkload> {
    let model_keys = [
        ("degree", w.degree.is_some()),
        ("height", w.height.is_some()),
        ("heights", w.heights.is_some()),
        ("seed", w.seed.is_some()),
        ("trees", w.trees.is_some()),
        ("layout", w.layout.is_some()),
    ];
    if let Some((key, _)) = model_keys.iter().find(|(_, given)| *given) {
        return Err(BadWorkload(format!(
            "`{key}` does not apply to a .tree file, which is one tree held as an arena"
        )));
    }
    check_model_parameters(w, None)?;
    Ok(vec![Workload {
        tree: TreeSpec::file(path.to_path_buf()),
        trees: 1,
        algorithms,
    }])
}

/// The workloads of a game: one per position (one tree each), from `position` or the
/// first `trees` lines of `positions`.
fn game_workloads(
    game: Model,
    w: &WorkloadFile,
    algorithms: Vec<Algorithm>,
    base: &Path,
) -> Result<Vec<Workload>, BadWorkload> {
    let model_keys = [
        ("degree", w.degree.is_some()),
        ("height", w.height.is_some()),
        ("heights", w.heights.is_some()),
        ("seed", w.seed.is_some()),
    ];
    if let Some((key, _)) = model_keys.iter().find(|(_, given)| *given) {
        return Err(BadWorkload(format!(
            "`{key}` does not apply to {game}, whose trees are named by positions"
        )));
    }
    let specs = match (&w.position, &w.positions) {
        (Some(_), Some(_)) => {
            return Err(BadWorkload(
                "give `position` or `positions`, not both".into(),
            ));
        }
        (None, None) => {
            return Err(BadWorkload(format!(
                "{game} needs `position` or `positions`"
            )));
        }
        (Some(moves), None) => {
            let model = if game == Model::Othello {
                ModelSpec::othello(moves, None, 1)
            } else {
                ModelSpec::connect4(moves, None, 1)
            };
            let spec = TreeSpec::model(model, Layout::Implicit);
            spec.validate().map_err(|e| e.to_string())?;
            vec![spec]
        }
        (None, Some(file)) => {
            let mut specs =
                TreeSpec::game_positions(game, &base.join(file)).map_err(|e| e.to_string())?;
            specs.truncate(w.trees.unwrap_or(u64::MAX).try_into().unwrap_or(usize::MAX));
            specs
        }
    };
    let layout = w.layout.unwrap_or_default();
    Ok(specs
        .into_iter()
        .map(|tree| Workload {
            tree: TreeSpec { layout, ..tree },
            trees: 1,
            algorithms: algorithms.clone(),
        })
        .collect())
}

/// What is wrong with one `[[workload]]` table, in words; the suite's reader adds the
/// file and the table's line.
#[derive(Debug)]
struct BadWorkload(String);

impl From<String> for BadWorkload {
    fn from(message: String) -> Self {
        BadWorkload(message)
    }
}

impl From<&str> for BadWorkload {
    fn from(message: &str) -> Self {
        BadWorkload(message.to_string())
    }
}

/// Rejects a parameter given to a model that does not use it.
fn check_model_parameters(w: &WorkloadFile, model: Option<Model>) -> Result<(), BadWorkload> {
    use Parameter::{
        DegreeMax, DegreeMin, EdgeRange, Order, Ordering, Position, Positions, Spread,
        TerminalProb, Values,
    };
    let given = [
        (Position, w.position.is_some()),
        (Positions, w.positions.is_some()),
        (Values, w.values.is_some()),
        (Ordering, w.ordering.is_some()),
        (Spread, w.spread.is_some()),
        (DegreeMin, w.degree_min.is_some()),
        (DegreeMax, w.degree_max.is_some()),
        (TerminalProb, w.terminal_prob.is_some()),
        (EdgeRange, w.edge_range.is_some()),
        (Order, w.order.is_some()),
    ];
    for (parameter, given) in given {
        if given && !model.is_some_and(|m| m.reads(parameter)) {
            let what = model.map_or_else(|| "a .tree file".to_string(), |m| format!("model {m}"));
            let owners: Vec<&str> = parameter.models().iter().map(|m| m.name()).collect();
            return Err(BadWorkload(format!(
                "`{parameter}` is a parameter of model {}, not of {what}",
                abbench_vocab::one_of(&owners)
            )));
        }
    }
    Ok(())
}
