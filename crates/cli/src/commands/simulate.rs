//! `abbench simulate`: root splitting and young brothers wait on `p` SIMULATED virtual
//! processors (`abbench_parallel::sim`), thin over `simulate_scaling`.
//!
//! For every tree of the tree options and every algorithm, the search is simulated at
//! every processor count: virtual time in positions, speedup over serial f2-iter,
//! efficiency, search overhead, idle fraction, splits, aborts and aborted positions. Each
//! tree also gets young brothers wait's work/span line (work, span, parallelism and
//! burdened parallelism), and a perfectly ordered uniform tree (`--model ordered
//! --ordering 1`, fixed degree, no early terminals) root splitting's closed-form
//! ceiling. Every figure is a pure function of the tree, the algorithm, the processor
//! count, the costs and the options: the output holds no wall-clock time and is the same
//! on every run and every machine.
//!
//! `--json` prints one object per (tree, algorithm, processors), `"kind": "simulation"`,
//! and one per tree, `"kind": "work_span"`; every object has `"simulated": true`.
//! `--shard K/N` prints only part K of those objects (`abbench_measure::simulation_shard`):
//! each is whole in itself, so the N parts' lines, sorted, are the whole run's, sorted.

use crate::failure::Failure;
use crate::list::AlgorithmList;
use crate::search_args::SplitArgs;
use crate::table::{Align, Table};
use crate::tree_args::{ModelArg, TreeArgs};
use abbench_measure::{LONG_RUN_SECONDS, estimate_positions};
use abbench_parallel::sim::{
    CostProfile, MAX_PROCS, RootSplitCeiling, SimCosts, SimError, SimResult, WorkSpan,
    root_split_ceiling, simulate_profiled, work_span,
};
use abbench_parallel::{ParallelAlgorithm, SearchOptions};
use abbench_report::SimulationPlot;
use abbench_results::{TreeInfo, UnknownAlgorithm, read_profile, write_atomically};
use abbench_tree::{GameTree, TreeSource, TreeSpec, TreeVisitor};
use clap::{Args, ValueEnum};
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The processor counts simulated when none are given: 1, 2, 4, …, 1024.
pub const DEFAULT_PROCS: &str = "1,2,4,8,16,32,64,128,256,512,1024";

/// What events other than examining a position cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum CostsArg {
    /// The reference machine's measured costs, in positions of `--position-ns`.
    #[default]
    Calibrated,
    /// Every event free: only positions take time.
    Free,
}

/// Options of `abbench simulate`.
#[derive(Debug, Args)]
pub struct SimulateCommand {
    /// The trees.
    #[command(flatten)]
    pub tree: TreeArgs,

    /// Parallel algorithms, comma-separated: root-split, ybwc, jamboree, abdada, lazy-smp,
    /// null-window.
    #[arg(long, value_name = "LIST", default_value = "root-split,ybwc",
          value_parser = parse_algorithms, help_heading = "Simulation")]
    pub algo: AlgorithmList<ParallelAlgorithm>,

    /// Virtual processor counts, comma-separated, each 1 ..= 4096.
    #[arg(long, value_name = "LIST", default_value = DEFAULT_PROCS,
          allow_negative_numbers = true, value_parser = parse_procs,
          help_heading = "Simulation")]
    pub procs: ProcList,

    /// The event costs.
    #[arg(long, value_enum, default_value_t, help_heading = "Simulation")]
    pub costs: CostsArg,

    /// calibrated costs: the serial kernel's nanoseconds per position, more than 0
    /// [default: 4.6 for ordered trees, 2.8 otherwise].
    #[arg(long, value_name = "NS", allow_negative_numbers = true,
          value_parser = parse_position_ns, help_heading = "Simulation")]
    pub position_ns: Option<f64>,

    /// ybwc's split options.
    #[command(flatten, next_help_heading = "Simulation")]
    pub split: SplitArgs,

    /// The cost profile: a file written by `abbench calibrate`, or a run folder that
    /// holds one. Its event costs and position time grow with the processor count as it
    /// says; the position time of the tree's model comes from the profile unless
    /// --position-ns gives it [default: the simulator's default costs, flat in p].
    #[arg(long, value_name = "FILE|RUN_DIR", help_heading = "Simulation")]
    pub calibration: Option<PathBuf>,

    /// Print one JSON object per line instead of a table.
    #[arg(long)]
    pub json: bool,

    /// Also draw the SIMULATED speedup against processors as an SVG plot in this file:
    /// one line per algorithm and tree, the ideal line, and ybwc's work/span
    /// parallelism (and root splitting's ceiling, where known) as horizontal lines.
    #[arg(long, value_name = "PATH")]
    pub svg: Option<PathBuf>,

    /// Simulate only part K of N of the (tree, algorithm, processors) simulations and
    /// work/span lines (K counted from 1), the same part on every machine: the lines of
    /// the N parts' --json output, sorted, are the whole run's, sorted.
    #[arg(long, value_name = "K/N", value_parser = crate::shard_arg::parse_shard,
          conflicts_with = "svg", help_heading = "Simulation")]
    pub shard: Option<abbench_results::Shard>,

    /// Simulate even if that is estimated to take over ten minutes.
    #[arg(long)]
    pub force: bool,
}

/// Positions a second the simulator is assumed to examine, on one core: about six
/// times what a debug build reaches (8×10⁶ on random d=8 h=8), so that the estimate
/// errs towards running.
const SIMULATED_POSITIONS_PER_SECOND: f64 = 5.0e7;

/// A parsed `--procs` list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProcList(pub Vec<usize>);

fn parse_algorithms(text: &str) -> Result<AlgorithmList<ParallelAlgorithm>, UnknownAlgorithm> {
    crate::list::comma_list(text, str::parse::<ParallelAlgorithm>).map(AlgorithmList)
}

fn parse_procs(text: &str) -> Result<ProcList, String> {
    crate::list::comma_list(text, |word| {
        let p: usize = word.parse().map_err(|_| {
            format!(
                "'{word}' is not a processor count: expected numbers 1 ..= {MAX_PROCS} separated by commas"
            )
        })?;
        if !(1..=MAX_PROCS).contains(&p) {
            return Err(format!(
                "{p} processors is out of range: each count must be 1 ..= {MAX_PROCS}"
            ));
        }
        Ok(p)
    })
    .map(ProcList)
}

fn parse_position_ns(text: &str) -> Result<f64, String> {
    let ns: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of nanoseconds"))?;
    if !(ns.is_finite() && ns > 0.0) {
        return Err(format!(
            "{text} nanoseconds per position is out of range: expected a number more than 0"
        ));
    }
    Ok(ns)
}

/// One simulated search, as a JSON line.
#[derive(Serialize)]
struct SimulationLine<'a> {
    schema: u32,
    kind: &'static str,
    simulated: bool,
    tree: &'a TreeInfo,
    #[serde(flatten)]
    result: &'a SimResult,
}

/// One tree's work/span view, as a JSON line.
#[derive(Serialize)]
struct WorkSpanLine<'a> {
    schema: u32,
    kind: &'static str,
    simulated: bool,
    tree: &'a TreeInfo,
    #[serde(flatten)]
    work_span: &'a WorkSpan,
    #[serde(skip_serializing_if = "Option::is_none")]
    root_split_ceiling: Option<&'a RootSplitCeiling>,
}

/// Simulates every algorithm at every processor count on one tree, and computes its
/// work/span view.
struct Simulate<'a> {
    algos: &'a [ParallelAlgorithm],
    /// This tree's part of the run (`--shard`): processor counts per algorithm.
    part: &'a abbench_measure::SimulationPart,
    costs: &'a Costs,
    options: SearchOptions,
}

/// The costs of a simulation: a profile, and the nanoseconds per position of the trees
/// in it (fixed costs are a profile whose costs do not grow with p).
struct Costs {
    profile: CostProfile,
    position_nanos: f64,
}

impl TreeVisitor for Simulate<'_> {
    type Output = Result<(Vec<SimResult>, Option<WorkSpan>), SimError>;
    fn visit<T: GameTree>(self, tree: &T) -> Self::Output {
        let mut results = Vec::new();
        for (&algo, procs) in self.algos.iter().zip(&self.part.procs) {
            if procs.is_empty() {
                continue;
            }
            results.extend(simulate_profiled(
                tree,
                algo,
                procs,
                &self.costs.profile,
                self.costs.position_nanos,
                &self.options,
            )?);
        }
        // The work/span view has no processor count: the costs at one processor.
        let one = self.costs.profile.costs_at(self.costs.position_nanos, 1);
        let ws = self
            .part
            .work_span
            .then(|| work_span(tree, &one, &self.options));
        Ok((results, ws))
    }
}

impl SimulateCommand {
    /// The profile and position time these options name.
    fn profiled_costs(&self) -> Result<Costs, Failure> {
        let Some(path) = &self.calibration else {
            // The default profile in positions of `sim_costs`' nanoseconds gives exactly
            // those costs; free costs are the default profile at no time per position.
            let position_nanos = match (self.costs, self.position_ns) {
                (CostsArg::Free, Some(_)) => {
                    return Err(Failure::bad_input(
                        "--position-ns applies to calibrated costs, not to --costs free",
                    ));
                }
                (CostsArg::Free, None) => 0.0,
                (CostsArg::Calibrated, Some(ns)) => ns,
                (CostsArg::Calibrated, None) => self.default_position_nanos(),
            };
            return Ok(Costs {
                profile: CostProfile::reference(),
                position_nanos,
            });
        };
        if self.costs == CostsArg::Free {
            return Err(Failure::bad_input(
                "--calibration gives the costs; it does not combine with --costs free",
            ));
        }
        let measured = read_profile(path)?;
        // No --model is the default model, random: only a tree file has no model.
        let model = self.tree.chosen_model().map_or("file", |m| m.name());
        let profile = measured.for_model(model);
        let position_nanos = match self.position_ns {
            Some(ns) => ns,
            None => profile.position_nanos_for(model).ok_or_else(|| {
                Failure::bad_input(format!(
                    "the profile {} has no position time for {model} trees; give it with --position-ns",
                    path.display()
                ))
            })?,
        };
        Ok(Costs {
            profile,
            position_nanos,
        })
    }

    /// Asks for `--force` when the simulations are estimated from the trees' models to
    /// take over ten minutes, as `run`, `verify` and `sweep` do: each algorithm at each
    /// processor count searches the tree, after its serial searches.
    fn check_work(&self, specs: &[TreeSpec]) -> Result<(), Failure> {
        if self.force {
            return Ok(());
        }
        let serial: abbench_results::Algorithm = "f2-iter".parse().expect("f2-iter");
        let positions: f64 = specs
            .iter()
            .filter_map(|spec| match &spec.source {
                TreeSource::Model(model) => Some(model),
                TreeSource::File(_) => None,
            })
            .map(|model| {
                // The serial reference and the fastest serial searches: four, about.
                let serial = 4.0 * estimate_positions(model, serial);
                let parallel: f64 = self
                    .algo
                    .0
                    .iter()
                    .map(|&a| {
                        let each =
                            estimate_positions(model, abbench_results::Algorithm::Parallel(a));
                        each * self.procs.0.len() as f64
                    })
                    .sum();
                serial + parallel
            })
            .sum();
        let seconds = positions / SIMULATED_POSITIONS_PER_SECOND;
        if seconds <= LONG_RUN_SECONDS {
            return Ok(());
        }
        Err(Failure::bad_input(format!(
            "simulating this would take about {} (estimated from the model: about \
             {positions:.1e} positions at most {SIMULATED_POSITIONS_PER_SECOND:.0e} per \
             second); pass --force to simulate it anyway, or a smaller tree",
            abbench_results::human_duration(seconds)
        )))
    }

    /// An error when an event would cost more positions than virtual time holds
    /// (`SimCosts::MAX_EVENT_COST`) at one of the processor counts: a tiny
    /// `--position-ns`, or a profile's cost of `1e30` nanoseconds.
    fn refuse_unbounded_costs(&self, costs: &Costs) -> Result<(), Failure> {
        for &procs in std::iter::once(&1).chain(&self.procs.0) {
            let at = costs.profile.costs_at(costs.position_nanos, procs);
            if let Some((event, cost)) = at.out_of_range() {
                let cause = match (self.position_ns, &self.calibration) {
                    (Some(ns), _) => format!("--position-ns {ns:e}"),
                    (None, Some(path)) => format!("the profile {}", path.display()),
                    (None, None) => "the default costs".into(),
                };
                return Err(Failure::bad_input(format!(
                    "{cause} makes a {event} event cost {cost} positions at p = {procs}, \
                     more than the simulator's virtual time holds (at most {} \
                     per event): give costs in nanoseconds that a position's time divides \
                     into fewer",
                    SimCosts::MAX_EVENT_COST
                )));
            }
        }
        Ok(())
    }

    /// The default profile's position time for the tree's model.
    fn default_position_nanos(&self) -> f64 {
        if self.tree.model == Some(ModelArg::Ordered) {
            SimCosts::ORDERED_POSITION_NANOS
        } else {
            SimCosts::RANDOM_POSITION_NANOS
        }
    }

    /// Runs the subcommand; results go to `out`.
    pub fn run(&self, out: &mut impl Write) -> Result<(), Failure> {
        for note in self
            .tree
            .ignored_options()
            .into_iter()
            .chain(self.split.ignored_by(
                self.algo.0.iter().any(|a| a.has_split_height()),
                &self.procs.0,
            ))
        {
            crate::progress::note(&note);
        }
        let specs = self.tree.specs()?;
        if let Some(path) = &self.svg {
            // Before simulating: a plot that could not be written is refused first.
            let inputs: Vec<&Path> = self
                .tree
                .tree_file
                .iter()
                .chain(&self.calibration)
                .map(PathBuf::as_path)
                .collect();
            abbench_results::check_output_file(path, &inputs)?;
        }
        self.check_work(&specs)?;
        let costs = self.profiled_costs()?;
        self.refuse_unbounded_costs(&costs)?;
        let options = self.split.options();
        let mut table = result_table();
        let mut notes: Vec<String> = Vec::new();
        let mut plot = SimulationPlot::default();
        let algos: Vec<abbench_results::Algorithm> = self
            .algo
            .0
            .iter()
            .map(|&a| abbench_results::Algorithm::Parallel(a))
            .collect();
        let parts = abbench_measure::simulation_shard(&specs, &algos, &self.procs.0, self.shard);
        for (spec, part) in specs.iter().zip(&parts) {
            let visitor = Simulate {
                algos: &self.algo.0,
                part,
                costs: &costs,
                options,
            };
            let (results, ws) = spec
                .visit(self.tree.memory_budget(), visitor)?
                .map_err(sim_failure)?;
            let info = TreeInfo::of(spec);
            let ceiling = perfect_ceiling(spec);
            if let Some(ws) = &ws {
                plot.add(&self.algo.0, &info, &results, ws, ceiling.as_ref());
            }
            if self.json {
                write_json_lines(out, &info, &results, ws.as_ref(), ceiling.as_ref())?;
                continue;
            }
            push_rows(&mut table, &info, &results);
            notes.extend(never_split_note(&info, &results));
            if let Some(ws) = &ws {
                notes.extend(tree_notes(&info, ws, ceiling.as_ref()));
            }
        }
        if !self.json {
            self.write_heading(out, &costs)?;
            if let Some(shard) = self.shard {
                writeln!(out, "shard {shard}: this part's simulations only")
                    .map_err(Failure::stdout)?;
            }
            table.write(out).map_err(Failure::stdout)?;
            for note in &notes {
                writeln!(out, "{note}").map_err(Failure::stdout)?;
            }
        }
        out.flush().map_err(Failure::stdout)?;
        if let Some(path) = &self.svg {
            self.write_plot(path, &specs, &plot)?;
        }
        Ok(())
    }

    /// The line above the table: which algorithms, and what the events cost.
    fn write_heading(&self, out: &mut impl Write, costs: &Costs) -> Result<(), Failure> {
        let one = costs.profile.costs_at(costs.position_nanos, 1);
        let costs_named = match (&self.calibration, self.costs) {
            (Some(path), _) => format!(
                "the profile {} ({}, {} cores) at {} ns per position; at one processor",
                path.display(),
                costs.profile.machine.cpu_model,
                costs.profile.machine.cores,
                costs.position_nanos
            ),
            (None, CostsArg::Free) => "free".to_string(),
            (None, CostsArg::Calibrated) => "calibrated".to_string(),
        };
        writeln!(
            out,
            "SIMULATED: {} on virtual processors, {} costs (split point {}, serial search {}, offer {}, steal {}, bound update {}, abort {}, table probe {}, table store {} positions, a table kernel's position {}/1000 more; poll every {})",
            self.algo
                .0
                .iter()
                .map(|a| a.name())
                .collect::<Vec<_>>()
                .join(", "),
            costs_named,
            one.split_point,
            one.serial_search,
            one.offer,
            one.steal,
            one.bound_update,
            one.abort,
            one.table_probe,
            one.table_store,
            one.table_kernel_permille,
            one.poll_interval
        )
        .map_err(Failure::stdout)?;
        Ok(())
    }

    /// The SVG plot of every tree's curves, into `path`.
    fn write_plot(
        &self,
        path: &Path,
        specs: &[TreeSpec],
        plot: &SimulationPlot,
    ) -> Result<(), Failure> {
        let title = format!(
            "SIMULATED speedup: {}",
            specs.first().map_or(String::new(), |s| {
                let label = TreeInfo::of(s).label();
                if specs.len() > 1 {
                    format!("{label}, {} seeds", specs.len())
                } else {
                    label
                }
            })
        );
        let svg = plot.draw(&title).map_err(Failure::failed)?;
        write_atomically(path, svg.as_bytes())?;
        Ok(())
    }
}

/// The table of results, one row per tree, algorithm and processor count.
fn result_table() -> Table {
    Table::new(&[
        ("tree", Align::Left),
        ("seed", Align::Right),
        ("algo", Align::Left),
        ("procs", Align::Right),
        ("virtual time", Align::Right),
        ("speedup", Align::Right),
        ("efficiency", Align::Right),
        ("overhead", Align::Right),
        ("fastest serial", Align::Left),
        ("vs fastest", Align::Right),
        ("overhead vs fastest", Align::Right),
        ("idle", Align::Right),
        ("splits", Align::Right),
        ("aborts", Align::Right),
        ("aborted nodes", Align::Right),
    ])
}

/// One tree's rows.
fn push_rows(table: &mut Table, info: &TreeInfo, results: &[SimResult]) {
    let seed = info.seed.map_or("-".to_string(), |s| s.to_string());
    for r in results {
        table.push(vec![
            info.label(),
            seed.clone(),
            r.algorithm.to_string(),
            r.procs.to_string(),
            r.virtual_time.to_string(),
            format!("{:.2}", r.speedup),
            format!("{:.1}%", 100.0 * r.efficiency),
            format!("{:+.1}%", 100.0 * r.search_overhead),
            r.fastest_serial
                .as_ref()
                .map_or("-".to_string(), |f| f.algo.clone()),
            r.speedup_vs_fastest
                .map_or("-".to_string(), |s| format!("{s:.2}")),
            r.overhead_vs_fastest
                .map_or("-".to_string(), |o| format!("{:+.1}%", 100.0 * o)),
            format!("{:.1}%", 100.0 * r.idle_fraction),
            r.splits.to_string(),
            r.aborts.to_string(),
            r.aborted_nodes.to_string(),
        ]);
    }
}

/// A note when ybwc never split on a tree at two processors or more (as the sweep's
/// report warns): those rows are a serial search, and say nothing of scaling.
fn never_split_note(info: &TreeInfo, results: &[SimResult]) -> Option<String> {
    let procs: Vec<String> = results
        .iter()
        .filter(|r| r.algorithm == ParallelAlgorithm::Ybwc && r.procs >= 2 && r.splits == 0)
        .map(|r| r.procs.to_string())
        .collect();
    (!procs.is_empty()).then(|| {
        format!(
            "NOTE: ybwc never split on {} seed {} at {} processors: the tree is too small \
             for its split height, so those rows are a serial search; a larger --height or a \
             smaller --split-height gives it split points",
            info.label(),
            info.seed.map_or("-".to_string(), |s| s.to_string()),
            procs.join(", ")
        )
    })
}

/// One tree's work/span line, and its root-split ceiling where known.
fn tree_notes(info: &TreeInfo, ws: &WorkSpan, ceiling: Option<&RootSplitCeiling>) -> Vec<String> {
    let seed = info.seed.map_or("-".to_string(), |s| s.to_string());
    let mut notes = Vec::new();
    notes.push(format!(
        "work/span {} seed {seed}: work {}, span {}, parallelism {:.2}, burdened parallelism {:.2} (classic ybwc, without the cut wait; split height {})",
        info.label(),
        ws.work,
        ws.span,
        ws.parallelism,
        ws.burdened_parallelism,
        ws.split_height
    ));
    if let Some(c) = ceiling {
        notes.push(format!(
            "root-split ceiling {} seed {seed}: {:.3} = N(h) {} / (1 + N(h-1)) {} (perfectly ordered, d={} h={})",
            info.label(),
            c.speedup,
            c.serial_positions,
            c.critical_positions,
            c.degree,
            c.height
        ));
    }
    notes
}

/// One tree's JSON lines: a line per simulation, then its work and span (unless another
/// part of a sharded run computes it).
fn write_json_lines(
    out: &mut impl Write,
    info: &TreeInfo,
    results: &[SimResult],
    ws: Option<&WorkSpan>,
    ceiling: Option<&RootSplitCeiling>,
) -> Result<(), Failure> {
    for result in results {
        write_json(
            out,
            &SimulationLine {
                schema: abbench_results::SCHEMA,
                kind: "simulation",
                simulated: true,
                tree: info,
                result,
            },
        )?;
    }
    let Some(ws) = ws else {
        return Ok(());
    };
    write_json(
        out,
        &WorkSpanLine {
            schema: abbench_results::SCHEMA,
            kind: "work_span",
            simulated: true,
            tree: info,
            work_span: ws,
            root_split_ceiling: ceiling,
        },
    )
}

/// Root splitting's ceiling, for a perfectly ordered uniform tree only.
fn perfect_ceiling(spec: &TreeSpec) -> Option<RootSplitCeiling> {
    let TreeSource::Model(m) = &spec.source else {
        return None;
    };
    let perfect = m.model == abbench_tree::Model::Ordered
        && m.ordering == 1.0
        && m.is_uniform()
        && m.terminal_prob == 0.0;
    perfect
        .then(|| root_split_ceiling(u64::from(m.degree), m.height))
        .flatten()
}

/// A simulation's error: the processor bounds are bad input, anything else a failure.
fn sim_failure(error: SimError) -> Failure {
    match error {
        SimError::NoProcessors | SimError::TooManyProcessors { .. } => {
            Failure::bad_input(error.to_string())
        }
        other => Failure::failed(other.to_string()),
    }
}

fn write_json(out: &mut impl Write, line: &impl Serialize) -> Result<(), Failure> {
    serde_json::to_writer(&mut *out, line).map_err(|e| Failure::stdout(std::io::Error::from(e)))?;
    writeln!(out).map_err(Failure::stdout)
}
