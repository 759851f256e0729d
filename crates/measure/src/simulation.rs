//! The simulation study `abbench simulate` runs: every parallel algorithm at every virtual
//! processor count on every tree (`abbench_parallel::sim`), each tree's work/span view and,
//! for a perfectly ordered uniform tree, root splitting's closed-form ceiling. Every figure
//! is a pure function of the tree, the algorithm, the processor count, the costs and the
//! options: no wall-clock time, the same on every run and every machine.
//!
//! [`SimulationStudy::run`] hands each tree's [`TreeSimulation`] to the caller as soon as
//! it is done, in the trees' order; [`TreeSimulation::write_json_lines`] writes the
//! study's JSON lines (`"kind": "simulation"` per algorithm and processor count,
//! `"kind": "work_span"` per tree, every object `"simulated": true`). With a shard
//! (`--shard K/N`) a tree carries only its part of the items
//! ([`simulation_shard`](crate::simulation_shard)): each is whole in itself, so the N
//! parts' lines, sorted, are the whole study's, sorted.

use crate::{MeasureError, estimate_positions, simulation_shard};
use abbench_parallel::sim::{
    CostProfile, ProfileError, RootSplitCeiling, SimCosts, SimError, SimResult, WorkSpan,
    root_split_ceiling, simulate_profiled, work_span,
};
use abbench_parallel::{ParallelAlgorithm, SearchOptions};
use abbench_results::{Algorithm, SCHEMA, Shard, TreeInfo};
use abbench_tree::{GameTree, TreeSource, TreeSpec, TreeVisitor};
use schemars::JsonSchema;
use serde::Serialize;
use std::io::Write;

/// Positions a second the simulator is assumed to examine, on one core: about six
/// times what a debug build reaches (8×10⁶ on random d=8 h=8), so that an estimate of
/// a study's time errs towards running it.
pub const SIMULATED_POSITIONS_PER_SECOND: f64 = 5.0e7;

/// What a simulation's events cost: a cost profile, and the nanoseconds one position
/// takes on the trees simulated (fixed costs are a profile whose costs do not grow with
/// `p`; free costs, the default profile at no time per position).
#[derive(Clone, Debug)]
pub struct StudyCosts {
    /// The profile: event costs in nanoseconds and how they grow with `p`.
    pub profile: CostProfile,
    /// Nanoseconds per examined position, the unit the events' costs are converted into.
    pub position_nanos: f64,
}

impl StudyCosts {
    /// The event costs at `procs` processors, in positions.
    pub fn at(&self, procs: usize) -> SimCosts {
        self.profile.costs_at(self.position_nanos, procs)
    }

    /// The first processor count of `1` and `procs` at which an event would cost more
    /// positions than virtual time holds ([`SimCosts::MAX_EVENT_COST`]): the count, the
    /// event and its cost. `None` when every cost fits.
    pub fn out_of_range(&self, procs: &[usize]) -> Option<(usize, &'static str, u64)> {
        match self.profile.check_costs_at(self.position_nanos, procs) {
            Err(ProfileError::Unbounded {
                event, cost, procs, ..
            }) => Some((procs, event, cost)),
            _ => None,
        }
    }
}

/// Positions the study would examine, estimated from the trees' models (a tree file
/// counts nothing): each tree's serial searches (f2-iter and the fastest serial
/// candidates, four about) and each algorithm at each processor count.
pub fn simulation_positions(
    specs: &[TreeSpec],
    algos: &[ParallelAlgorithm],
    procs: &[usize],
) -> f64 {
    let serial: Algorithm = "f2-iter".parse().expect("f2-iter is a serial algorithm");
    specs
        .iter()
        .filter_map(|spec| match &spec.source {
            TreeSource::Model(model) => Some(model),
            TreeSource::File(_) => None,
        })
        .map(|model| {
            let parallel: f64 = algos
                .iter()
                .map(|&a| estimate_positions(model, Algorithm::Parallel(a)) * procs.len() as f64)
                .sum();
            4.0 * estimate_positions(model, serial) + parallel
        })
        .sum()
}

/// One simulation study: which algorithms at which processor counts, with which costs
/// and split options, and which part of it (`shard`).
#[derive(Clone, Copy, Debug)]
pub struct SimulationStudy<'a> {
    /// The parallel algorithms, in the order their lines are written.
    pub algos: &'a [ParallelAlgorithm],
    /// The virtual processor counts, each `1 ..= MAX_PROCS`.
    pub procs: &'a [usize],
    /// The event costs.
    pub costs: &'a StudyCosts,
    /// ybwc's split options.
    pub options: SearchOptions,
    /// Only this part of the (tree, algorithm, processors) items and work/span lines.
    pub shard: Option<Shard>,
}

/// One tree's part of a study.
#[derive(Clone, Debug)]
pub struct TreeSimulation {
    /// The tree.
    pub info: TreeInfo,
    /// One result per (algorithm, processor count) of this tree's part, algorithms in
    /// the study's order.
    pub results: Vec<SimResult>,
    /// Young brothers wait's work/span view, unless another part computes it.
    pub work_span: Option<WorkSpan>,
    /// Root splitting's ceiling, for a perfectly ordered uniform tree only.
    pub ceiling: Option<RootSplitCeiling>,
}

impl SimulationStudy<'_> {
    /// Simulates every tree of `specs` (each built within `budget_bytes`), handing each
    /// tree's simulation to `each` as soon as it is done. Stops at the first error: a
    /// tree that cannot be built, a simulation that fails, or `each`'s own.
    pub fn run<E: From<MeasureError>>(
        &self,
        specs: &[TreeSpec],
        budget_bytes: u64,
        mut each: impl FnMut(TreeSimulation) -> Result<(), E>,
    ) -> Result<(), E> {
        let algos: Vec<Algorithm> = self.algos.iter().map(|&a| Algorithm::Parallel(a)).collect();
        let parts = simulation_shard(specs, &algos, self.procs, self.shard);
        for (spec, part) in specs.iter().zip(&parts) {
            let visitor = OneTree {
                algos: self.algos,
                part,
                costs: self.costs,
                options: self.options,
            };
            let (results, work_span) = spec
                .visit(budget_bytes, visitor)
                .map_err(MeasureError::from)?
                .map_err(|e| simulation_error(e, self.procs))?;
            each(TreeSimulation {
                info: TreeInfo::of(spec),
                results,
                work_span,
                ceiling: perfect_ceiling(spec),
            })?;
        }
        Ok(())
    }
}

impl TreeSimulation {
    /// The tree's JSON lines: one per simulation, then its work and span (unless another
    /// part of a sharded study computes it).
    pub fn write_json_lines(&self, out: &mut impl Write) -> std::io::Result<()> {
        for result in &self.results {
            write_line(
                out,
                &SimulationLine {
                    schema: SCHEMA,
                    kind: "simulation",
                    simulated: true,
                    tree: &self.info,
                    result,
                },
            )?;
        }
        let Some(work_span) = &self.work_span else {
            return Ok(());
        };
        write_line(
            out,
            &WorkSpanLine {
                schema: SCHEMA,
                kind: "work_span",
                simulated: true,
                tree: &self.info,
                work_span,
                root_split_ceiling: self.ceiling.as_ref(),
            },
        )
    }

    /// Each algorithm with a split height that never split on this tree, with the
    /// processor counts of two or more at which it did not: those results are a serial
    /// search and say nothing of scaling. In the order simulated.
    pub fn never_split(&self) -> Vec<(ParallelAlgorithm, Vec<usize>)> {
        let mut never: Vec<(ParallelAlgorithm, Vec<usize>)> = Vec::new();
        for r in self
            .results
            .iter()
            .filter(|r| r.algorithm.has_split_height() && r.procs >= 2 && r.splits == 0)
        {
            match never.iter_mut().find(|(a, _)| *a == r.algorithm) {
                Some((_, procs)) => procs.push(r.procs),
                None => never.push((r.algorithm, vec![r.procs])),
            }
        }
        never
    }
}

/// One SIMULATED search on virtual processors (`threads`): a line of `simulate --json`.
///
/// Written by `abbench simulate` alone, through this crate, so the type lives here.
#[derive(Serialize, JsonSchema)]
pub struct SimulationLine<'a> {
    /// [`SCHEMA`].
    #[schemars(with = "abbench_results::schema::SchemaVersion")]
    pub schema: u32,
    /// `simulation`.
    #[schemars(extend("const" = "simulation"))]
    pub kind: &'static str,
    /// Always true: no search ran on real threads.
    #[schemars(extend("const" = true))]
    pub simulated: bool,
    /// The tree.
    pub tree: &'a TreeInfo,
    /// The search's answer, virtual time and what its processors did.
    #[serde(flatten)]
    pub result: &'a SimResult,
}

/// Work, span and parallelism of young brothers wait on one tree: a line of `simulate
/// --json`.
///
/// Written by `abbench simulate` alone, through this crate, so the type lives here.
#[derive(Serialize, JsonSchema)]
pub struct WorkSpanLine<'a> {
    /// [`SCHEMA`].
    #[schemars(with = "abbench_results::schema::SchemaVersion")]
    pub schema: u32,
    /// `work_span`.
    #[schemars(extend("const" = "work_span"))]
    pub kind: &'static str,
    /// Always true.
    #[schemars(extend("const" = true))]
    pub simulated: bool,
    /// The tree.
    pub tree: &'a TreeInfo,
    /// Its work, span and parallelism.
    #[serde(flatten)]
    pub work_span: &'a WorkSpan,
    /// Root splitting's ceiling, on a perfectly ordered uniform tree.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub root_split_ceiling: Option<&'a RootSplitCeiling>,
}

fn write_line(out: &mut impl Write, line: &impl Serialize) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, line).map_err(std::io::Error::from)?;
    writeln!(out)
}

/// Simulates every algorithm of a tree's part at its processor counts, and computes the
/// tree's work/span view where the part has it.
struct OneTree<'a> {
    algos: &'a [ParallelAlgorithm],
    part: &'a crate::SimulationPart,
    costs: &'a StudyCosts,
    options: SearchOptions,
}

impl TreeVisitor for OneTree<'_> {
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
        let one = self.costs.at(1);
        let ws = self
            .part
            .work_span
            .then(|| work_span(tree, &one, &self.options));
        Ok((results, ws))
    }
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

/// A simulation's error: processor counts out of bounds are an option out of range,
/// anything else a failed simulation.
fn simulation_error(error: SimError, procs: &[usize]) -> MeasureError {
    match error {
        SimError::TableAllocation(refused) => MeasureError::Parallel(refused.into()),
        SimError::Setting(refused) => MeasureError::Parallel(refused.into()),
        SimError::NoProcessors | SimError::TooManyProcessors { .. } => {
            MeasureError::InvalidOption {
                parameter: "--procs",
                value: procs
                    .iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(","),
                expected: error.to_string(),
            }
        }
        other => MeasureError::Simulation(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abbench_tree::{Layout, Model, ModelSpec};

    fn study_of(costs: &StudyCosts, shard: Option<Shard>) -> Vec<TreeSimulation> {
        let model = ModelSpec {
            ordering: 1.0,
            ..ModelSpec::new(Model::Ordered, 4, 6, 1)
        };
        let spec = TreeSpec::model(model, Layout::Implicit);
        let study = SimulationStudy {
            algos: &[ParallelAlgorithm::RootSplit, ParallelAlgorithm::Ybwc],
            procs: &[1, 4],
            costs,
            options: SearchOptions::default(),
            shard,
        };
        let mut trees = Vec::new();
        study
            .run::<MeasureError>(&[spec], 1 << 30, |t| {
                trees.push(t);
                Ok(())
            })
            .unwrap();
        trees
    }

    #[test]
    fn a_study_gives_each_tree_its_results_work_span_and_ceiling() {
        let costs = StudyCosts {
            profile: CostProfile::reference(),
            position_nanos: SimCosts::ORDERED_POSITION_NANOS,
        };
        let trees = study_of(&costs, None);
        assert_eq!(trees.len(), 1);
        let tree = &trees[0];
        let cells: Vec<(ParallelAlgorithm, usize)> = tree
            .results
            .iter()
            .map(|r| (r.algorithm, r.procs))
            .collect();
        assert_eq!(
            cells,
            [
                (ParallelAlgorithm::RootSplit, 1),
                (ParallelAlgorithm::RootSplit, 4),
                (ParallelAlgorithm::Ybwc, 1),
                (ParallelAlgorithm::Ybwc, 4),
            ]
        );
        assert!(tree.work_span.is_some());
        // Perfectly ordered, degree 4, height 6: root splitting's closed form.
        let ceiling = tree.ceiling.as_ref().expect("a perfect tree has a ceiling");
        assert_eq!((ceiling.degree, ceiling.height), (4, 6));
        let mut text = Vec::new();
        tree.write_json_lines(&mut text).unwrap();
        let lines: Vec<serde_json::Value> = String::from_utf8(text)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 5);
        assert!(lines.iter().all(|l| l["simulated"] == true));
        assert_eq!(lines[4]["kind"], "work_span");
        assert!(lines[4]["root_split_ceiling"].is_object());
        // The same study again gives the same lines: no clock enters them.
        let mut again = Vec::new();
        study_of(&costs, None)[0]
            .write_json_lines(&mut again)
            .unwrap();
        let mut first = Vec::new();
        tree.write_json_lines(&mut first).unwrap();
        assert_eq!(first, again);
    }

    #[test]
    fn the_parts_of_a_sharded_study_hold_every_item_once() {
        let costs = StudyCosts {
            profile: CostProfile::reference(),
            position_nanos: 0.0,
        };
        let whole = study_of(&costs, None).remove(0);
        let mut results = Vec::new();
        let mut work_spans = 0;
        for k in 1..=3 {
            let shard = Shard { index: k, count: 3 };
            for tree in study_of(&costs, Some(shard)) {
                results.extend(tree.results);
                work_spans += usize::from(tree.work_span.is_some());
            }
        }
        results.sort_by_key(|r| (r.algorithm, r.procs));
        assert_eq!(results, whole.results);
        assert_eq!(work_spans, 1);
    }

    #[test]
    fn costs_past_what_virtual_time_holds_are_named_with_their_processor_count() {
        let fine = StudyCosts {
            profile: CostProfile::reference(),
            position_nanos: SimCosts::RANDOM_POSITION_NANOS,
        };
        assert_eq!(fine.out_of_range(&[1, 2, 1024]), None);
        let tiny = StudyCosts {
            profile: CostProfile::reference(),
            position_nanos: 1e-12,
        };
        let (procs, _event, cost) = tiny.out_of_range(&[4]).expect("out of range");
        assert_eq!(procs, 1);
        assert!(cost > SimCosts::MAX_EVENT_COST);
    }
}
