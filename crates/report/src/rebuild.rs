//! The tree a record names, built again: the inverse of [`TreeInfo::of`], so that a
//! report can search the very trees a run measured (the SIMULATED scaling section).
//!
//! A record keeps only the parameters its model uses; every other parameter of the
//! [`ModelSpec`] is left at its default, which no model reads, so the rebuilt
//! specification names the identical tree and `TreeInfo::of` of it is the record's
//! `TreeInfo` again (tested for every model).

use abbench_results::TreeInfo;
use abbench_tree::{Model, ModelSpec, TreeSpec};

/// Why the tree a record names cannot be built again.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum RebuildError {
    /// The record names neither a model nor a file.
    #[error("the record names neither a model nor a file")]
    NoTree,
    /// A parameter the model needs is not in the record.
    #[error("the record of a {model} tree has no {parameter}")]
    Missing {
        /// The model's name.
        model: String,
        /// The parameter, in words.
        parameter: &'static str,
    },
}

/// The specification of the tree `info` names, or why there is none (a parameter the
/// model needs is missing). A file is named by its recorded path,
/// which is not checked here.
pub(crate) fn tree_spec(info: &TreeInfo) -> Result<TreeSpec, RebuildError> {
    if let Some(file) = &info.file {
        return Ok(TreeSpec::file(file));
    }
    let model = info.model.ok_or(RebuildError::NoTree)?;
    let name = model.name();
    let layout = info.layout;
    if model.is_game() {
        let moves = needed(info.position.clone(), name, "position")?;
        let seed = info.seed.unwrap_or(1);
        let spec = ModelSpec {
            path_keys: info.path_keys == Some(true),
            weak: info.weak == Some(true),
            ..if model == Model::Othello {
                ModelSpec::othello(&moves, info.score, seed)
            } else {
                ModelSpec::connect4(&moves, info.score, seed)
            }
        };
        return Ok(TreeSpec::model(spec, layout));
    }
    let mut spec = ModelSpec::new(
        model,
        needed(info.degree, name, "degree")?,
        needed(info.height, name, "height")?,
        needed(info.seed, name, "seed")?,
    );
    match model {
        Model::Connect4 | Model::Othello => {}
        Model::Random => spec.values = needed(info.values, name, "values")?,
        Model::Ordered => {
            spec.ordering = needed(info.ordering, name, "ordering")?;
            spec.spread = needed(info.spread, name, "spread")?;
            // `TreeInfo::of` writes all three only for variable branching.
            if let (Some(least), Some(most), Some(terminal)) =
                (info.degree_min, info.degree_max, info.terminal_prob)
            {
                spec.degree_min = Some(least);
                spec.degree_max = Some(most);
                spec.terminal_prob = terminal;
            }
        }
        Model::BranchSum => {
            spec.edge_range = needed(info.edge_range, name, "edge range")?;
            spec.order = info.order.ok_or_else(|| missing(name, "order"))?;
        }
        Model::Dependent | Model::Worst => {}
    }
    Ok(TreeSpec::model(spec, layout))
}

/// A parameter the record of a `model` tree must have.
fn needed<T>(value: Option<T>, model: &str, parameter: &'static str) -> Result<T, RebuildError> {
    value.ok_or_else(|| missing(model, parameter))
}

/// The error for a parameter a `model` tree's record lacks.
fn missing(model: &str, parameter: &'static str) -> RebuildError {
    RebuildError::Missing {
        model: model.to_string(),
        parameter,
    }
}
