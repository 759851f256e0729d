//! `abbench tree`: write a tree as a `.tree` file or print its statistics (SPEC.md,
//! "Tree files"; design: "Command line").
//!
//! `--write FILE` writes children in search order with leaf values from the root
//! player's viewpoint, so reading the file back gives the same tree; the header comments
//! name the model (or repeat a source file's own header, so that rewriting a file
//! reproduces it). `--stats` prints, per depth, the positions a full search examines and
//! the leaves among them, the range of leaf values and the estimated arena size.

use crate::failure::Failure;
use crate::tree_args::TreeArgs;
use abbench_results::human_bytes;
use abbench_tree::file::write_tree_file;
use abbench_tree::{GameTree, TreeError, TreeSpec, TreeStats, TreeVisitor};
use clap::{ArgGroup, Args};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Options of `abbench tree`.
#[derive(Debug, Args)]
#[command(group(ArgGroup::new("action").required(true).args(["write", "stats"])))]
pub struct TreeCommand {
    /// The tree.
    #[command(flatten)]
    pub tree: TreeArgs,

    /// Write the tree as a .tree file (children in search order, leaf values from the
    /// root player's viewpoint).
    #[arg(long, value_name = "FILE")]
    pub write: Option<PathBuf>,

    /// Print the tree's statistics: positions and leaves per depth, leaf value range,
    /// estimated arena size.
    #[arg(long)]
    pub stats: bool,
}

impl TreeCommand {
    /// Runs the subcommand; results go to `out`.
    pub fn run(&self, out: &mut impl Write) -> Result<(), Failure> {
        for note in self.tree.ignored_options() {
            crate::progress::note(&note);
        }
        let specs = self.tree.specs()?;
        let budget = self.tree.memory_budget();
        if let Some(path) = &self.write {
            let [spec] = specs.as_slice() else {
                return Err(Failure::bad_input(
                    "--write writes one tree: leave out --trees or give --trees 1",
                ));
            };
            return write(spec, budget, path).map_err(Failure::from);
        }
        for (i, spec) in specs.iter().enumerate() {
            let stats = spec.visit(budget, Stats)?;
            if i > 0 {
                writeln!(out).map_err(Failure::stdout)?;
            }
            print_stats(out, spec, &stats, budget).map_err(Failure::stdout)?;
        }
        Ok(())
    }
}

/// Writes the tree to `path`; nothing is created unless the tree could be built.
fn write(spec: &TreeSpec, budget: u64, path: &Path) -> Result<(), TreeError> {
    let header = spec.header_lines()?;
    spec.visit(budget, WriteFile { header, path })?
}

struct WriteFile<'a> {
    header: Vec<String>,
    path: &'a Path,
}

impl TreeVisitor for WriteFile<'_> {
    type Output = Result<(), TreeError>;
    fn visit<T: GameTree>(self, tree: &T) -> Self::Output {
        write_tree_file(tree, &self.header, self.path)
    }
}

struct Stats;

impl TreeVisitor for Stats {
    type Output = TreeStats;
    fn visit<T: GameTree>(self, tree: &T) -> TreeStats {
        TreeStats::of(tree)
    }
}

fn print_stats(
    out: &mut impl Write,
    spec: &TreeSpec,
    stats: &TreeStats,
    budget: u64,
) -> std::io::Result<()> {
    writeln!(out, "tree: {spec}")?;
    let width = stats.nodes().to_string().len().max(6);
    writeln!(
        out,
        "{:>5}  {:>width$}  {:>width$}",
        "depth", "nodes", "leaves"
    )?;
    for (depth, level) in stats.levels.iter().enumerate() {
        writeln!(
            out,
            "{depth:>5}  {:>width$}  {:>width$}",
            level.nodes, level.leaves
        )?;
    }
    writeln!(
        out,
        "{:>5}  {:>width$}  {:>width$}",
        "total",
        stats.nodes(),
        stats.leaves()
    )?;
    let (lo, hi) = stats.leaf_range;
    writeln!(
        out,
        "leaf values, player to move at the leaf (negamax): {lo} .. {hi}"
    )?;
    let (lo, hi) = stats.root_view_range;
    writeln!(
        out,
        "leaf values, root player's viewpoint (.tree files): {lo} .. {hi}"
    )?;
    match stats.degree_range {
        Some((lo, hi)) if lo == hi => writeln!(out, "children per internal position: {lo}")?,
        Some((lo, hi)) => writeln!(out, "children per internal position: {lo} .. {hi}")?,
        None => writeln!(
            out,
            "children per internal position: none (the root is a leaf)"
        )?,
    }
    writeln!(
        out,
        "search order: {}",
        if stats.natural_order {
            "natural (move 0 first)"
        } else {
            "reordered (move numbers kept by an arena)"
        }
    )?;
    let layout = if stats.is_uniform() {
        "uniform"
    } else {
        "ragged"
    };
    match stats.arena_bytes() {
        Some(bytes) => writeln!(
            out,
            "arena: {layout} layout, estimated {}; memory budget {}",
            human_bytes(bytes),
            human_bytes(budget)
        ),
        None => writeln!(out, "arena: {layout} layout, more than 2^64 bytes"),
    }
}
