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

use super::{Suite, Workload};
use crate::MeasureError;
use abbench_results::{Algorithm, FileError};
use abbench_search::SerialAlgorithm;
use abbench_tree::{BranchOrder, Layout, Model, ModelSpec, TreeSpec};
use abbench_vocab::AlgorithmList;
use serde::Deserialize;
use std::ops::Range;
use std::path::Path;
use toml::Spanned;

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
    split_height: Option<Spanned<u32>>,
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
    let file: SuiteFile = toml::from_str(text)
        .map_err(|e| source.error(e.span(), e.message().trim_end().to_string()))?;
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
        split_height: file.split_height.map(Spanned::into_inner),
        time_limit: None,
    })
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
    if let Some(split) = &file.split_height
        && !(1..=crate::MAX_SPLIT_HEIGHT).contains(split.get_ref())
    {
        return Err(source.error(
            Some(split.span()),
            format!("split-height must be 1 ..= {}", crate::MAX_SPLIT_HEIGHT),
        ));
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
        (Some(Model::Connect4), None) => {
            check_model_parameters(w, Some(Model::Connect4))?;
            game_workloads(w, algorithms, base)
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
            "`{key}` does not apply to connect4, whose trees are named by positions"
        )));
    }
    let specs = match (&w.position, &w.positions) {
        (Some(_), Some(_)) => {
            return Err(BadWorkload(
                "give `position` or `positions`, not both".into(),
            ));
        }
        (None, None) => {
            return Err(BadWorkload(
                "connect4 needs `position` or `positions`".into(),
            ));
        }
        (Some(moves), None) => {
            let spec = TreeSpec::model(ModelSpec::connect4(moves, None, 1), Layout::Implicit);
            spec.validate().map_err(|e| e.to_string())?;
            vec![spec]
        }
        (None, Some(file)) => {
            let mut specs =
                TreeSpec::connect4_positions(&base.join(file)).map_err(|e| e.to_string())?;
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
    use Model::{BranchSum, Connect4, Ordered, Random};
    let parameters: [(&str, bool, Model); 10] = [
        ("position", w.position.is_some(), Connect4),
        ("positions", w.positions.is_some(), Connect4),
        ("values", w.values.is_some(), Random),
        ("ordering", w.ordering.is_some(), Ordered),
        ("spread", w.spread.is_some(), Ordered),
        ("degree-min", w.degree_min.is_some(), Ordered),
        ("degree-max", w.degree_max.is_some(), Ordered),
        ("terminal-prob", w.terminal_prob.is_some(), Ordered),
        ("edge-range", w.edge_range.is_some(), BranchSum),
        ("order", w.order.is_some(), BranchSum),
    ];
    for (key, given, owner) in parameters {
        if given && model != Some(owner) {
            let what = model.map_or_else(|| "a .tree file".to_string(), |m| format!("model {m}"));
            return Err(BadWorkload(format!(
                "`{key}` is a parameter of model {owner}, not of {what}"
            )));
        }
    }
    Ok(())
}
