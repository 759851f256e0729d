//! Simulating a tree rebuilt from records: every algorithm recorded on it, at the
//! processor counts asked for, with a cost profile — checked to be the tree measured
//! (f2-iter must examine on it the positions the records say) — and many such
//! simulations on every core, each outcome put back in its place. Both the report's
//! SIMULATED scaling (`simulated.rs`) and the calibration check
//! (`calibration_check.rs`) simulate this way.

use abbench_parallel::sim::{CostProfile, SimError, SimResult, simulate_profiled};
use abbench_parallel::{ParallelAlgorithm, SearchOptions};
use abbench_tree::{GameTree, Layout, TreeError, TreeSource, TreeSpec, TreeVisitor};
use rayon::prelude::*;

/// One tree to simulate.
pub(crate) struct SimJob {
    /// The tree, as the records name it.
    pub spec: TreeSpec,
    /// The positions `f2-iter` examined on it, as recorded.
    pub serial_positions: u64,
    /// Each algorithm, with the options its records say it used.
    pub algorithms: Vec<(ParallelAlgorithm, SearchOptions)>,
    /// The processor counts.
    pub procs: Vec<usize>,
    /// The costs of events.
    pub profile: CostProfile,
    /// What one position cost f2-iter, nanoseconds: the unit the profile converts into.
    pub position_nanos: f64,
}

/// Why a job gave no simulation.
#[derive(Debug)]
pub(crate) enum SimJobError {
    /// The tree could not be rebuilt.
    Tree(TreeError),
    /// The simulator refused or failed.
    Simulation(SimError),
    /// The tree rebuilt is not the one measured: f2-iter examines `rebuilt` positions on
    /// it.
    NotTheTreeMeasured {
        /// f2-iter's positions on the rebuilt tree.
        rebuilt: u64,
    },
}

impl SimJob {
    /// Simulates every algorithm at every processor count, in that order. A model's
    /// positions, and so its simulation, do not depend on how the tree is held: the
    /// implicit tree needs no memory for an arena.
    pub(crate) fn run(&self) -> Result<Vec<SimResult>, SimJobError> {
        let spec = match &self.spec.source {
            TreeSource::Model(_) => TreeSpec {
                layout: Layout::Implicit,
                ..self.spec.clone()
            },
            TreeSource::File(_) => self.spec.clone(),
        };
        let results = spec
            .visit(
                abbench_tree::arena::default_memory_budget(),
                Simulate { job: self },
            )
            .map_err(SimJobError::Tree)?
            .map_err(SimJobError::Simulation)?;
        match results
            .iter()
            .find(|r| r.serial_time != self.serial_positions)
        {
            Some(r) => Err(SimJobError::NotTheTreeMeasured {
                rebuilt: r.serial_time,
            }),
            None => Ok(results),
        }
    }
}

struct Simulate<'a> {
    job: &'a SimJob,
}

impl TreeVisitor for Simulate<'_> {
    type Output = Result<Vec<SimResult>, SimError>;
    fn visit<T: GameTree>(self, tree: &T) -> Self::Output {
        let mut results = Vec::new();
        for (algorithm, options) in &self.job.algorithms {
            results.extend(simulate_profiled(
                tree,
                *algorithm,
                &self.job.procs,
                &self.job.profile,
                self.job.position_nanos,
                options,
            )?);
        }
        Ok(results)
    }
}

/// Runs `run` on every job on rayon's pool, largest first by `size` (each job on its
/// own, so that a large one does not wait behind a chunk of small ones), and returns the
/// outcomes in `jobs`' order. Each simulation is deterministic, so the order they run in
/// changes nothing.
pub(crate) fn run_all<J: Sync, R: Send>(
    jobs: &[J],
    size: impl Fn(&J) -> u64 + Sync,
    run: impl Fn(&J) -> R + Sync,
) -> Vec<R> {
    let mut order: Vec<usize> = (0..jobs.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(size(&jobs[i])));
    let mut done: Vec<(usize, R)> = order
        .into_par_iter()
        .with_max_len(1)
        .map(|i| (i, run(&jobs[i])))
        .collect();
    done.sort_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, outcome)| outcome).collect()
}

#[cfg(test)]
mod tests {
    use super::run_all;

    #[test]
    fn outcomes_come_back_in_the_jobs_order() {
        let jobs: Vec<u64> = (0..100).map(|i| (i * 37) % 101).collect();
        let outcomes = run_all(&jobs, |&j| j, |&j| j * 2);
        assert_eq!(outcomes, jobs.iter().map(|j| j * 2).collect::<Vec<_>>());
        assert!(run_all(&[] as &[u64], |&j| j, |&j| j).is_empty());
    }
}
