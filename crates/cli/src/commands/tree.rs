//! `abbench tree`: write a tree as a `.tree` file or print its statistics (SPEC.md,
//! "Tree files"; design: "Command line").
//!
//! `--write FILE` writes children in search order with leaf values from the root
//! player's viewpoint, so reading the file back gives the same tree; the header comments
//! name the model (or repeat a source file's own header, so that rewriting a file
//! reproduces it). `--stats` prints, per depth, the positions a full search examines and
//! the leaves among them, the range of leaf values and the estimated arena size.
//!
//! Before walking a tree, both estimate the work from the model (the positions of the
//! whole tree, at the rates measured for writing and counting below): past ten minutes
//! they ask for `--force`. A tree of more positions than a `.tree` file can be read back
//! with ([`MAX_RAGGED_NODES`], the reader's arena indices are 32-bit) is refused before
//! `--write` writes — up front when the model's size is exact, as soon as the count
//! passes the limit otherwise. SIGINT and SIGTERM stop `--write` within
//! [`CHECK_EVERY`](abbench_tree::file::CHECK_EVERY) positions: the temporary file is
//! removed, the target is left as it was, and the exit code is `128 + signal`; a second
//! signal exits at once, naming the temporary file it may leave.
//!
//! Rates measured in a release build (2-core machine): writing a random tree of degree 2
//! and height 24 (3.4×10⁷ positions, 223 MB) took 1.6 s, about 2×10⁷ positions a second;
//! counting one of height 26 (1.3×10⁸) took 1.4 s, about 10⁸ a second.

use crate::failure::Failure;
use crate::signals::{STOP_SIGNAL_NAMES, Signals};
use crate::tree_args::TreeArgs;
use abbench_measure::{LONG_RUN_SECONDS, estimate_positions};
use abbench_results::Algorithm;
use abbench_results::human_bytes;
use abbench_search::SerialAlgorithm;
use abbench_tree::file::{temporary_path, write_tree_file_with};
use abbench_tree::{
    GameTree, TreeError, TreeSource, TreeSpec, TreeStats, TreeVisitor, arena::MAX_RAGGED_NODES,
};
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

    /// Walk the tree even if that is estimated to take over ten minutes.
    #[arg(long)]
    pub force: bool,
}

/// Positions per second `--write` writes, about twice the rate measured in a release
/// build on random trees (so that the estimate errs towards running).
pub const WRITE_POSITIONS_PER_SECOND: f64 = 4.0e7;
/// Positions per second `--stats` counts, about twice the rate measured in a release
/// build on random trees.
pub const STATS_POSITIONS_PER_SECOND: f64 = 2.0e8;

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
            refuse_unreadable_file(spec)?;
            let inputs: Vec<&Path> = self.tree.tree_file.iter().map(PathBuf::as_path).collect();
            abbench_results::check_output_file(path, &inputs)?;
            self.check_work(&specs, WRITE_POSITIONS_PER_SECOND, "writing this tree")?;
            return write(spec, budget, path);
        }
        self.check_work(&specs, STATS_POSITIONS_PER_SECOND, "counting these trees")?;
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

impl TreeCommand {
    /// Asks for `--force` when walking `specs` (the whole trees, from their models) at
    /// `per_second` positions a second is estimated to take over ten minutes.
    fn check_work(&self, specs: &[TreeSpec], per_second: f64, what: &str) -> Result<(), Failure> {
        let positions: f64 = specs
            .iter()
            .filter_map(|spec| match &spec.source {
                TreeSource::Model(model) => Some(estimate_positions(
                    model,
                    Algorithm::Serial(SerialAlgorithm::F0),
                )),
                TreeSource::File(_) => None,
            })
            .sum();
        let seconds = positions / per_second;
        if self.force || seconds <= LONG_RUN_SECONDS {
            return Ok(());
        }
        Err(Failure::bad_input(format!(
            "{what} would take about {} (estimated from the model: about {positions:.1e} \
             positions at most {per_second:.0e} per second); pass --force to walk it anyway",
            abbench_results::human_duration(seconds)
        )))
    }
}

/// Refuses a model tree known to have more positions than a `.tree` file can be read
/// back with, before anything is written.
fn refuse_unreadable_file(spec: &TreeSpec) -> Result<(), Failure> {
    let TreeSource::Model(model) = &spec.source else {
        return Ok(());
    };
    // Exact for a uniform tree; an upper bound otherwise (counted while writing).
    let nodes = model.max_nodes();
    if model.is_uniform() && nodes.is_none_or(|n| n > MAX_RAGGED_NODES) {
        let count = nodes.map_or_else(|| "more than 2^64".into(), |n| n.to_string());
        return Err(Failure::bad_input(too_many_positions(&count)));
    }
    Ok(())
}

/// Why a tree of `count` positions is not written.
fn too_many_positions(count: &str) -> String {
    format!(
        "this tree has {count} positions; a .tree file is read back into an arena of at \
         most {MAX_RAGGED_NODES} (2^32 - 1), so it is not written"
    )
}

/// Writes the tree to `path`; nothing is created unless the tree could be built and was
/// written whole. SIGINT and SIGTERM stop the writing (see the module's notes).
fn write(spec: &TreeSpec, budget: u64, path: &Path) -> Result<(), Failure> {
    let header = spec.header_lines()?;
    let signals = Signals::install(&format!(
        "stopped at once by a second signal; {} was not written, and the temporary file {} \
         may be left beside it",
        path.display(),
        temporary_path(path).display()
    ))
    .map_err(|e| Failure::failed(format!("cannot handle {STOP_SIGNAL_NAMES}: {e}")))?;
    let written = spec.visit(
        budget,
        WriteFile {
            header,
            path,
            signals: &signals,
        },
    )?;
    match (written, signals.received()) {
        (Ok(()), _) => Ok(()),
        (Err(_), Some(signal)) => Err(Failure::signalled(
            format!(
                "stopped by {}: {} was not written (left as it was; no temporary file \
                 left)",
                Signals::name(signal),
                path.display()
            ),
            Signals::exit_code(signal),
        )),
        (Err(error), None) => Err(error.into()),
    }
}

struct WriteFile<'a> {
    header: Vec<String>,
    path: &'a Path,
    signals: &'a Signals,
}

impl TreeVisitor for WriteFile<'_> {
    type Output = Result<(), TreeError>;
    fn visit<T: GameTree>(self, tree: &T) -> Self::Output {
        write_tree_file_with(tree, &self.header, self.path, |positions| {
            if self.signals.received().is_some() {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::Interrupted,
                    "stopped by a signal",
                ));
            }
            if positions > MAX_RAGGED_NODES {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    too_many_positions(&format!("more than {MAX_RAGGED_NODES}")),
                ));
            }
            Ok(())
        })
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
