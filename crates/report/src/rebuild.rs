//! The tree a record names, built again: the inverse of [`TreeInfo::of`], so that a
//! report can search the very trees a run measured (the SIMULATED scaling section).
//!
//! A record keeps only the parameters its model uses; every other parameter of the
//! [`ModelSpec`] is left at its default, which no model reads, so the rebuilt
//! specification names the identical tree and `TreeInfo::of` of it is the record's
//! `TreeInfo` again (tested for every model).

use abbench_results::TreeInfo;
use abbench_tree::{BranchOrder, Layout, Model, ModelSpec, TreeSpec};

/// The specification of the tree `info` names, or why there is none (a parameter the
/// model needs is missing, or a name is unknown). A file is named by its recorded path,
/// which is not checked here.
pub(crate) fn tree_spec(info: &TreeInfo) -> Result<TreeSpec, String> {
    if let Some(file) = &info.file {
        return Ok(TreeSpec::file(file));
    }
    let name = info
        .model
        .as_deref()
        .ok_or("the record names neither a model nor a file")?;
    let model = Model::from_name(name).ok_or_else(|| format!("unknown model '{name}'"))?;
    let layout = match info.layout.as_str() {
        "implicit" => Layout::Implicit,
        "arena" => Layout::Arena,
        other => return Err(format!("unknown layout '{other}'")),
    };
    if model == Model::Connect4 {
        let moves = needed(info.position.clone(), name, "position")?;
        let spec = ModelSpec {
            path_keys: info.path_keys == Some(true),
            ..ModelSpec::connect4(&moves, info.score, info.seed.unwrap_or(1))
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
        Model::Connect4 => {}
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
            spec.order = match info.order.as_deref() {
                Some("natural") => BranchOrder::Natural,
                Some("static") => BranchOrder::Static,
                Some(other) => return Err(format!("unknown branch-sum order '{other}'")),
                None => return Err(format!("the record of a {name} tree has no order")),
            };
        }
        Model::Dependent | Model::Worst => {}
    }
    Ok(TreeSpec::model(spec, layout))
}

/// A parameter the record of a `model` tree must have.
fn needed<T>(value: Option<T>, model: &str, parameter: &str) -> Result<T, String> {
    value.ok_or_else(|| format!("the record of a {model} tree has no {parameter}"))
}
