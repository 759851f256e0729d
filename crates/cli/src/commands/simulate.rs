//! `abbench simulate`: the parallel searches on `p` SIMULATED virtual processors. The
//! study itself — every algorithm at every processor count on every tree, each tree's
//! work/span view and root splitting's ceiling, the JSON lines, the shard's part — is
//! `abbench_measure::SimulationStudy`; this command parses the options, resolves the
//! costs they name, and prints: a table of virtual time, speedup over serial f2-iter and
//! over the fastest serial search, efficiency, search overhead, idle fraction, splits,
//! aborts and aborted positions, the critical path C, the work W per processor and which
//! of the two is the larger (the one that limits the search), with a note per tree
//! (work/span, the ceiling, each algorithm with a split height that never split), or
//! with `--json` the study's JSON lines; `--svg` draws the curves.

use crate::failure::Failure;
use crate::list::AlgorithmList;
use crate::setting_args::{SettingArgs, Simulated};
use crate::table::{Align, Table};
use crate::tree_args::{ModelArg, TreeArgs};
use abbench_measure::{
    LONG_RUN_SECONDS, SIMULATED_POSITIONS_PER_SECOND, SimulationStudy, StudyCosts, TreeSimulation,
    simulation_positions,
};
use abbench_parallel::ParallelAlgorithm;
use abbench_parallel::sim::{
    CostProfile, MAX_PROCS, RootSplitCeiling, SimCosts, SimResult, WorkSpan,
};
use abbench_report::SimulationPlot;
use abbench_report::read_profile;
use abbench_results::{Algorithm, TreeInfo, UnknownAlgorithm, write_atomically};
use abbench_tree::TreeSpec;
use clap::{Args, ValueEnum};
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

    // The algorithms; the help names them (`help.rs`).
    #[arg(long, help = crate::help::parallel_algo(), value_name = "LIST", default_value = "root-split,ybwc",
          value_parser = crate::help::AlgorithmNames::parallel(parse_algorithms),
          hide_possible_values = true, help_heading = "Simulation")]
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

    /// The settings that mean something on virtual processors, each read by the
    /// algorithms that read it; the first guess and the table's size also by serial
    /// aspiration and mtdf among the fastest serial search's candidates (as `run` gives
    /// them).
    #[command(flatten)]
    pub settings: SettingArgs<Simulated>,

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

/// A parsed `--procs` list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProcList(pub Vec<usize>);

fn parse_algorithms(text: &str) -> Result<AlgorithmList<ParallelAlgorithm>, UnknownAlgorithm> {
    let words = crate::list::comma_list(text, |word| match word {
        abbench_results::EVERY_PARALLEL => Ok(ParallelAlgorithm::ALL.to_vec()),
        name => name.parse::<ParallelAlgorithm>().map(|a| vec![a]),
    })?;
    let mut out: Vec<ParallelAlgorithm> = Vec::new();
    for algorithm in words.into_iter().flatten() {
        if !out.contains(&algorithm) {
            out.push(algorithm);
        }
    }
    Ok(AlgorithmList(out))
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

impl SimulateCommand {
    /// The notes for the settings given that no search of the simulation reads: each
    /// parallel search is set against the fastest serial search's candidates.
    fn setting_notes(&self) -> Vec<String> {
        let asked: Vec<Algorithm> = self
            .algo
            .0
            .iter()
            .map(|&a| Algorithm::Parallel(a))
            .collect();
        let mut searched = asked.clone();
        searched.extend(abbench_search::SerialAlgorithm::EXACT.map(Algorithm::Serial));
        crate::setting_args::notes(&self.settings.settings, &asked, &searched, &self.procs.0)
    }

    /// The profile and position time these options name.
    fn profiled_costs(&self) -> Result<StudyCosts, Failure> {
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
            return Ok(StudyCosts {
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
        // As a sweep and calibrate warn: a busy machine's costs are inflated.
        if let Some(why) = measured.machine.under_load() {
            crate::progress::note(&format!("the cost profile {} was {why}", path.display()));
        }
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
        Ok(StudyCosts {
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
        let positions = simulation_positions(specs, &self.algo.0, &self.procs.0);
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
    fn refuse_unbounded_costs(&self, costs: &StudyCosts) -> Result<(), Failure> {
        let Some((procs, event, cost)) = costs.out_of_range(&self.procs.0) else {
            return Ok(());
        };
        let cause = match (self.position_ns, &self.calibration) {
            (Some(ns), _) => format!("--position-ns {ns:e}"),
            (None, Some(path)) => format!("the profile {}", path.display()),
            (None, None) => "the default costs".into(),
        };
        Err(Failure::bad_input(format!(
            "{cause} makes a {event} event cost {cost} positions at p = {procs}, more than \
             the simulator's virtual time holds (at most {} per event): give costs in \
             nanoseconds that a position's time divides into fewer",
            SimCosts::MAX_EVENT_COST
        )))
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
            .chain(self.setting_notes())
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
        let mut table = result_table();
        let mut notes: Vec<String> = Vec::new();
        let mut plot = SimulationPlot::default();
        let study = SimulationStudy {
            algos: &self.algo.0,
            procs: &self.procs.0,
            costs: &costs,
            options: self.settings.settings,
            shard: self.shard,
        };
        study.run::<Failure>(&specs, self.tree.memory_budget(), |tree| {
            if let Some(ws) = &tree.work_span {
                plot.add(
                    &self.algo.0,
                    &tree.info,
                    &tree.results,
                    ws,
                    tree.ceiling.as_ref(),
                );
            }
            if self.json {
                return tree.write_json_lines(out).map_err(Failure::stdout);
            }
            push_rows(&mut table, &tree.info, &tree.results);
            notes.extend(never_split_notes(&tree));
            if let Some(ws) = &tree.work_span {
                notes.extend(tree_notes(&tree.info, ws, tree.ceiling.as_ref()));
            }
            Ok(())
        })?;
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
    fn write_heading(&self, out: &mut impl Write, costs: &StudyCosts) -> Result<(), Failure> {
        let one = costs.at(1);
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
        let serial = one.serial;
        let defaulted = match &self.calibration {
            Some(_) => {
                let missing = costs.profile.defaulted();
                if missing.is_empty() {
                    String::new()
                } else {
                    format!(
                        "; not in the profile, so the reference machine's: {}",
                        missing.join(", ")
                    )
                }
            }
            None => String::new(),
        };
        writeln!(
            out,
            "SIMULATED: the fastest serial search is chosen with each one's time per position against f2-iter's: f2-soft {:.2}, pvs {:.2}, aspiration {:.2}, mtdf {:.2}{defaulted}",
            serial.f2_soft as f64 / 1000.0,
            serial.pvs as f64 / 1000.0,
            serial.aspiration as f64 / 1000.0,
            serial.mtdf as f64 / 1000.0,
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
        let svg = plot
            .draw(&title)
            .map_err(|e| Failure::failed(e.to_string()))?;
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
        ("critical path C", Align::Right),
        ("work W / procs", Align::Right),
        ("limited by", Align::Left),
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
            r.critical_path.map_or("-".to_string(), |c| c.to_string()),
            r.work
                .map_or("-".to_string(), |w| (w / r.procs as u64).to_string()),
            r.limited_by().unwrap_or("-").to_string(),
        ]);
    }
}

/// A note for each algorithm with a split height that never split on a tree at two
/// processors or more (as the sweep's report warns for ybwc): those rows are a serial
/// search, and say nothing of scaling.
fn never_split_notes(tree: &TreeSimulation) -> Vec<String> {
    tree.never_split()
        .into_iter()
        .map(|(algorithm, procs)| {
            let procs: Vec<String> = procs.iter().map(usize::to_string).collect();
            format!(
                "NOTE: {algorithm} never split on {} seed {} at {} processors: the tree is \
                 too small for its split height, so those rows are a serial search; a \
                 larger --height or a smaller --split-height gives it split points",
                tree.info.label(),
                tree.info.seed.map_or("-".to_string(), |s| s.to_string()),
                procs.join(", ")
            )
        })
        .collect()
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
