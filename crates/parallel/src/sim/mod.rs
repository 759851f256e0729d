//! A deterministic discrete-event simulation of every parallel algorithm on `p` virtual
//! processors, and the work/span view of a search.
//!
//! # Why simulate, and why this way
//!
//! Real threads tell the truth only up to the cores present, and their node counts vary
//! from run to run. The simulator runs the *same* searches — `root_split::search` and
//! `ybwc::search` with their split rule, eldest-first wait, brother hand-out, bound and
//! abort propagation through `ybwc`'s split points, and the serial kernel
//! `F2Iter` below the split height — on another executor (`Executor`): the one step of both
//! algorithms that depends on the scheduler, "offer the younger brothers to helpers and
//! wait for them" (`Executor::fork`), plus the worker's identity and its accounting of
//! positions examined. Nothing of the algorithms is copied, so the simulation cannot
//! drift from the threaded code: a change to the split rule changes both.
//!
//! The alternative, a separate event-driven model of the algorithms (a priority queue of
//! "processor `i` finishes subtree `s` at time `t`"), would have to re-implement F2's
//! windows, the split points' live bounds and the abort rule in event form, and then be
//! kept equal to the threaded code by hand. Running the real code needs only that the
//! real code can be paused where it touches shared state — which it already does, at
//! its probe polls and split-point operations.
//!
//! Each virtual processor runs on its own OS thread, but exactly one runs at a time (a
//! baton handed over through a mutex and condition variables), always the one with the
//! smallest virtual clock, ties to the lowest index. A clock advances by one per position
//! examined and by [`SimCosts`] per event; processors hand over only at sync points,
//! where their clock has just advanced, so every read and write of shared state happens
//! in virtual-time order and the run is a pure function of the tree, the algorithm, `p`,
//! the costs and the options. The protocol is written down in `README.md` beside this
//! file.
//!
//! # The work/span view
//!
//! [`work_span`] is the Cilk-style ceiling of young brothers wait on one tree: the work
//! (positions serial F2 examines) over the span (the longest chain through the
//! eldest-first dependencies). [`root_split_ceiling`] is the closed form of root
//! splitting's ceiling on perfectly ordered trees, from Corollary 1.

mod ceiling;
mod costs;
mod fastest;
mod profile;
mod result;
mod scheduler;
mod speeds;

#[cfg(test)]
mod test;

pub use crate::ybwc::{WorkSpan, work_span};
pub use ceiling::{RootSplitCeiling, root_split_ceiling};
pub use costs::{SerialPermille, SimCosts};
pub use fastest::{FastestSerial, SERIAL_CANDIDATES};
pub use profile::{
    BUSY_LOAD_SHARE, BUSY_OTHER_SHARE, CostProfile, EventCost, EventCosts, Growth, PROFILE_SCHEMA,
    ProfileError, ProfileKind, ProfileMachine, SerialCosts,
};
pub use result::{ProcessorTime, SimError, SimResult};
pub use speeds::MAX_SPEED_SPREAD;

use crate::registry::Dispatch;
use crate::stats::ParallelStats;
use crate::table::NodeTable;
use crate::{ParallelAlgorithm, SearchOptions};
use abbench_search::{Basic, F2Iter, SearchResult, SerialOptions};
use abbench_tree::GameTree;
use abbench_tree::hash::mix64;
use fastest::fastest_serial;
use scheduler::{Scheduler, Simulated, Unwound, enter_processor, panic_message};
use speeds::Speeds;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// The most virtual processors a simulation may have (one OS thread each).
pub const MAX_PROCS: usize = 4096;

/// Stack of each virtual processor's thread. The serial kernel keeps its stack on the
/// heap; what nests here is one frame group per split level, plus the helper runs a
/// waiting owner takes on.
const PROCESSOR_STACK_BYTES: usize = 1 << 20;

/// Simulates `algorithm` on `procs` virtual processors searching `tree`, and checks its
/// value against serial F2.
///
/// A time limit among `options` is ignored: wall time has no meaning in virtual time.
pub fn simulate<T: GameTree>(
    tree: &T,
    algorithm: ParallelAlgorithm,
    procs: usize,
    costs: &SimCosts,
    options: &SearchOptions,
) -> Result<SimResult, SimError> {
    let serial = F2Iter::new(tree).search::<Basic>(tree);
    let speeds = Speeds::uniform(procs);
    let result = simulate_against(tree, &serial, algorithm, procs, costs, &speeds, options)?;
    Ok(result.against(&fastest_serial(
        tree,
        &serial,
        &costs.serial,
        &options.serial(),
    )))
}

/// [`simulate`] at each processor count of `procs`, sharing one serial search.
pub fn simulate_scaling<T: GameTree>(
    tree: &T,
    algorithm: ParallelAlgorithm,
    procs: &[usize],
    costs: &SimCosts,
    options: &SearchOptions,
) -> Result<Vec<SimResult>, SimError> {
    let serial = F2Iter::new(tree).search::<Basic>(tree);
    let results = procs
        .iter()
        .map(|&p| {
            let speeds = Speeds::uniform(p);
            simulate_against(tree, &serial, algorithm, p, costs, &speeds, options)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(against_fastest(
        tree,
        &serial,
        &costs.serial,
        &options.serial(),
        results,
    ))
}

/// [`simulate`] at each processor count of `procs`, sharing one serial search, with the
/// costs `profile` gives at each count for a tree whose position takes `position_nanos`
/// at one thread ([`CostProfile::costs_at`]), and the speedup divided by the profile's
/// slowdown of a position at that count ([`SimResult::slowed`]). With a
/// [`CostProfile::speed_spread`], the processors run at unequal speeds (`speeds.rs`),
/// arranged by a salt drawn from the tree: its serial search's value and counts.
pub fn simulate_profiled<T: GameTree>(
    tree: &T,
    algorithm: ParallelAlgorithm,
    procs: &[usize],
    profile: &CostProfile,
    position_nanos: f64,
    options: &SearchOptions,
) -> Result<Vec<SimResult>, SimError> {
    let serial = F2Iter::new(tree).search::<Basic>(tree);
    let salt = mix64(serial.stats.nodes ^ mix64(serial.stats.leaves ^ mix64(serial.value as u64)));
    let results = procs
        .iter()
        .map(|&p| {
            let speeds = Speeds::spread(p, profile.speed_spread, salt);
            // Time is counted in positions of the fastest processor.
            let fastest = speeds.fastest();
            let costs = profile.costs_at(position_nanos * fastest, p);
            simulate_against(tree, &serial, algorithm, p, &costs, &speeds, options)
                .map(|r| r.slowed(profile.slowdown(p) * fastest))
        })
        .collect::<Result<Vec<_>, _>>()?;
    // The serial searches' weights are those of the costs simulated with: the profile's,
    // or all alike with free costs (no time per position), as the records' costs say.
    let weights = profile.costs_at(position_nanos, 1).serial;
    Ok(against_fastest(
        tree,
        &serial,
        &weights,
        &options.serial(),
        results,
    ))
}

/// `results` set against the fastest serial search of `tree` (f2-iter's result is
/// `serial`), the serial searches told `options`, searched once the simulations have
/// succeeded.
fn against_fastest<T: GameTree>(
    tree: &T,
    serial: &SearchResult,
    weights: &SerialPermille,
    options: &SerialOptions,
    results: Vec<SimResult>,
) -> Vec<SimResult> {
    let fastest = fastest_serial(tree, serial, weights, options);
    results.into_iter().map(|r| r.against(&fastest)).collect()
}

/// One simulation, measured against the serial kernel's result `serial`.
fn simulate_against<T: GameTree>(
    tree: &T,
    serial: &SearchResult,
    algorithm: ParallelAlgorithm,
    procs: usize,
    costs: &SimCosts,
    speeds: &Speeds,
    options: &SearchOptions,
) -> Result<SimResult, SimError> {
    check_procs(procs)?;
    crate::check_settings(algorithm, tree, options)?;
    let options = SearchOptions {
        time_limit: None,
        ..*options
    };
    let scheduler = Scheduler::new(procs, *costs, speeds.clone());
    let executor = Simulated {
        scheduler: &scheduler,
        procs,
    };
    let table = shared_table(algorithm, &options)?;
    let ctx = crate::registry::context(algorithm, tree, &options, executor, table.as_ref());
    let (outcome, spawn_error) =
        run_processors(&scheduler, procs, || algorithm.search(&ctx, &options));
    if let Some(reason) = spawn_error {
        return Err(SimError::Spawn { procs, reason });
    }
    let failure = scheduler.failure();
    let (Some((outcome, (end, critical_path))), None) = (outcome, &failure) else {
        return Err(SimError::Panicked(
            failure.unwrap_or_else(|| "unknown failure".to_string()),
        ));
    };
    let found = outcome.map_err(|_| {
        SimError::Panicked("the simulated search was aborted without a time limit".to_string())
    })?;
    let (value, best_index) = (found.value, found.best);
    if value != serial.value {
        return Err(SimError::ValueMismatch {
            algorithm,
            procs,
            simulated: value,
            serial: serial.value,
        });
    }
    let best_move = best_index.map(|i| {
        let root = tree.root();
        tree.move_number(root, &tree.children(root), i)
    });
    let stats = ParallelStats::sum(&ctx.into_worker_stats());
    let (spent, clocks) = scheduler.spent();
    let time = ProcessorTime::from_spent(&spent);
    // Every processor's clock ends at the search's end, and is made of what it spent.
    assert!(
        clocks.iter().all(|&c| c == end),
        "clocks {clocks:?} end {end}"
    );
    assert_eq!(time.total(), end * procs as u64, "{time:?}");
    assert_eq!(time.positions, stats.nodes, "positions accounted");
    // The critical path is a chain of the search's own work: no longer than the search,
    // nor than the work done.
    assert!(
        critical_path <= end && critical_path <= time.total() - time.idle,
        "critical path {critical_path}, end {end}, {time:?}"
    );
    Ok(SimResult::new(
        algorithm,
        procs,
        found.own,
        *costs,
        value,
        best_move,
        (end, critical_path),
        serial.stats.nodes,
        &stats,
        &spent,
        time,
    )
    .with_options(tree, &options))
}

/// The table a threaded search of these options shares, allocated as the
/// pool allocates it: before the search; `None` for an algorithm without one.
fn shared_table(
    algorithm: ParallelAlgorithm,
    options: &SearchOptions,
) -> Result<Option<NodeTable>, SimError> {
    if !algorithm.uses_table() {
        return Ok(None);
    }
    Ok(Some(NodeTable::for_options(options)?))
}

/// Refuses no processors and more than [`MAX_PROCS`].
fn check_procs(procs: usize) -> Result<(), SimError> {
    if procs == 0 {
        return Err(SimError::NoProcessors);
    }
    if procs > MAX_PROCS {
        return Err(SimError::TooManyProcessors {
            procs,
            max: MAX_PROCS,
        });
    }
    Ok(())
}

/// Runs `search` on virtual processor 0 of `scheduler` while processors `1..procs`
/// serve it, each on an OS thread of its own; returns the search's outcome, the virtual
/// time it ended at and its critical path (none if the schedule failed), and why a
/// processor's thread could not be started, if one could not.
#[allow(clippy::type_complexity)]
fn run_processors<R: Send>(
    scheduler: &Scheduler,
    procs: usize,
    search: impl FnOnce() -> R + Send,
) -> (Option<(R, (u64, u64))>, Option<String>) {
    std::thread::scope(|scope| {
        let spawn = |q: usize| {
            std::thread::Builder::new()
                .name(format!("abbench-sim-{q}"))
                .stack_size(PROCESSOR_STACK_BYTES)
        };
        for q in 1..procs {
            let carrier = spawn(q).spawn_scoped(scope, move || {
                enter_processor(q);
                scheduler.serve(q);
            });
            if let Err(e) = carrier {
                scheduler.fail_with(String::new());
                return (None, Some(e.to_string()));
            }
        }
        let root = spawn(0).spawn_scoped(scope, move || {
            enter_processor(0);
            match catch_unwind(AssertUnwindSafe(search)) {
                Ok(result) => {
                    let (end, critical_path) = scheduler.finish();
                    Some((result, (end, critical_path)))
                }
                Err(payload) => {
                    if !payload.is::<Unwound>() {
                        scheduler.fail_with(panic_message(&payload));
                    }
                    None
                }
            }
        });
        match root {
            Ok(handle) => (handle.join().ok().flatten(), None),
            Err(e) => {
                scheduler.fail_with(String::new());
                (None, Some(e.to_string()))
            }
        }
    })
}
