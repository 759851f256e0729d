//! What a simulated search reports, and why it may report nothing.

use super::costs::SimCosts;
use super::fastest::FastestSerial;
use super::scheduler::Spent;
use crate::ParallelAlgorithm;
use crate::stats::ParallelStats;
use abbench_tree::Value;
use abbench_vocab::OwnStats;
use serde::{Deserialize, Serialize};

/// Why a simulation gave no result.
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    /// Zero processors asked for.
    #[error("invalid procs 0: must be at least 1")]
    NoProcessors,
    /// More processors than the simulator runs.
    #[error("invalid procs {procs}: must be at most {max}")]
    TooManyProcessors {
        /// Processors asked for.
        procs: usize,
        /// The most allowed.
        max: usize,
    },
    /// A processor's thread could not be started.
    #[error("cannot start the threads of {procs} virtual processors: {reason}")]
    Spawn {
        /// Processors asked for.
        procs: usize,
        /// What the system said.
        reason: String,
    },
    /// The simulated search returned another value than serial F2.
    #[error("{algorithm} on {procs} virtual processors returned {simulated}, serial F2 {serial}")]
    ValueMismatch {
        /// The algorithm simulated.
        algorithm: ParallelAlgorithm,
        /// Its processors.
        procs: usize,
        /// What it returned.
        simulated: Value,
        /// What serial F2 returned.
        serial: Value,
    },
    /// A processor panicked, or the schedule could not go on.
    #[error("the simulation failed: {0}")]
    Panicked(String),
    /// The table searches' node table could not be allocated.
    #[error(transparent)]
    TableAllocation(#[from] crate::table::TableAllocation),
    /// A setting the algorithm cannot search the tree with.
    #[error(transparent)]
    Setting(#[from] crate::SettingRefused),
}

/// Processor-time, in positions, summed over all processors: what each processor's
/// clock was made of. The parts add up to `procs * virtual_time`.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
pub struct ProcessorTime {
    /// Examining positions (the search's nodes).
    pub positions: u64,
    /// Opening split points.
    pub split_point: u64,
    /// Starting serial searches.
    pub serial_search: u64,
    /// Offering split points to helpers.
    pub offer: u64,
    /// Taking helper slots.
    pub steal: u64,
    /// Receiving narrower windows.
    pub bound_update: u64,
    /// Stopping aborted serial searches.
    pub abort: u64,
    /// Probing and storing the shared node table (left out of the JSON when 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub table: u64,
    /// Waiting with nothing to do (no open split point, or a join whose helpers still run).
    pub idle: u64,
    /// Examining positions on processors slower than the fastest, beyond the fastest
    /// one's time (the profile's `speed_spread`; left out of the JSON when 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub uneven: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl ProcessorTime {
    pub(super) fn from_spent(spent: &Spent) -> Self {
        ProcessorTime {
            positions: spent.positions,
            split_point: spent.split_point,
            serial_search: spent.serial_search,
            offer: spent.offer,
            steal: spent.steal,
            bound_update: spent.bound_update,
            abort: spent.abort,
            table: spent.table,
            idle: spent.idle,
            uneven: spent.uneven,
        }
    }

    /// All processor-time.
    pub fn total(&self) -> u64 {
        self.positions
            + self.split_point
            + self.serial_search
            + self.offer
            + self.steal
            + self.bound_update
            + self.abort
            + self.table
            + self.idle
            + self.uneven
    }
}

/// One simulated search: its answer, its virtual time, and what the processors did.
///
/// Every figure is a pure function of the tree, the algorithm, the processor count, the
/// costs and the options: the same on every run and every machine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SimResult {
    /// The algorithm simulated (`algo` in JSON, as in every record).
    #[serde(rename = "algo", alias = "algorithm")]
    #[schemars(with = "String", extend("enum" = ParallelAlgorithm::ALL.map(ParallelAlgorithm::name)))]
    pub algorithm: ParallelAlgorithm,
    /// Virtual processors (`threads` in JSON, as in every record: the simulator's
    /// processors stand for the threads).
    #[serde(rename = "threads", alias = "procs")]
    #[schemars(range(min = 1))]
    pub procs: usize,
    /// The settings the search used, under their keys: those given that it reads, its
    /// split height, and the values its rules chose for the others it reads
    /// ([`crate::settings_used`]); and the first guess and table size given, which the
    /// serial searches it is set against read. With the costs, what reproduces the
    /// simulation.
    #[serde(flatten)]
    pub settings: crate::SearchOptions,
    /// What the algorithm reports of its own ([`OwnStats`]).
    #[serde(default, flatten, skip_serializing_if = "Option::is_none")]
    pub own: Option<OwnStats>,
    /// The event costs used.
    pub costs: SimCosts,
    /// `F(root)`, equal to serial F2's (checked).
    pub value: Value,
    /// The move number of the root move that produced `value`.
    pub best_move: Option<usize>,
    /// When the last processor finished, in positions.
    pub virtual_time: u64,
    /// C, the critical path: the virtual time of the longest chain of the search's work
    /// that had to run in order, through its forks and joins (`scheduler.rs`). No
    /// number of processors runs the search faster; absent in records written before
    /// it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub critical_path: Option<u64>,
    /// W, the work: all processor-time but idle time, in positions. `work / procs` is the
    /// least time these processors could take for it; absent in records written before
    /// it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub work: Option<u64>,
    /// The serial kernel's virtual time: the positions f2-iter examines.
    pub serial_time: u64,
    /// How much longer a position takes at `procs` processors than at one, in the
    /// profile simulated with (`CostProfile::slowdown`); 1 with fixed costs, and then
    /// left out of the JSON.
    #[serde(default = "no_slowdown", skip_serializing_if = "is_no_slowdown")]
    pub position_slowdown: f64,
    /// `serial_time / (virtual_time · position_slowdown)`: the serial kernel at one
    /// thread against the simulated search.
    #[schemars(range(min = 0.0))]
    pub speedup: f64,
    /// The fastest serial search of the tree (f2-iter, pvs, aspiration or mtdf), its positions
    /// and its time in positions of f2-iter (`fastest.rs`); absent in records written
    /// before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fastest_serial: Option<FastestSerial>,
    /// `fastest_serial.time / (virtual_time · position_slowdown)`: the speedup over the
    /// fastest serial search, which a parallel search must beat to gain from its
    /// processors rather than from searching fewer positions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0.0))]
    pub speedup_vs_fastest: Option<f64>,
    /// `nodes / fastest_serial.nodes - 1`: the search overhead against the fastest serial
    /// search's positions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overhead_vs_fastest: Option<f64>,
    /// `speedup / procs`.
    #[schemars(range(min = 0.0))]
    pub efficiency: f64,
    /// `nodes / serial_time - 1`.
    pub search_overhead: f64,
    /// Idle processor-time over all processor-time, `idle / (procs * virtual_time)`.
    #[schemars(range(min = 0.0, max = 1.0))]
    pub idle_fraction: f64,
    /// Positions examined by all processors.
    pub nodes: u64,
    /// Terminal positions examined by all processors.
    pub leaves: u64,
    /// Split points entered (each charged [`SimCosts::split_point`]).
    pub split_points: u64,
    /// Split points whose younger brothers were handed out, with or without helpers
    /// (the threaded search's `splits`: entered, and not cut off by the eldest).
    pub splits: u64,
    /// Serial searches started (below split points, or root moves).
    pub serial_searches: u64,
    /// Split points whose younger brothers were offered to at least one helper.
    pub offers: u64,
    /// Helper slots taken (each charged [`SimCosts::steal`]).
    pub helper_runs: u64,
    /// Younger brothers searched by a processor other than their split point's owner.
    pub steals: u64,
    /// Searches stopped because their result could no longer matter (serial searches
    /// and split points).
    pub aborts: u64,
    /// Positions examined in serial searches that were then aborted.
    pub aborted_nodes: u64,
    /// Narrower windows received by running serial searches.
    pub bound_updates: u64,
    /// Null-window tests started (Jamboree, the null-window search; left out when 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub tests: u64,
    /// Brothers searched again after their test failed high.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub re_searches: u64,
    /// Probes of the shared node table (ABDADA, Lazy SMP).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub table_probes: u64,
    /// Probes that found the node's entry.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub table_hits: u64,
    /// Entries stored into the shared node table.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub table_stores: u64,
    /// Brothers put off because another worker was searching them (ABDADA).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub deferrals: u64,
    /// What the processors' time was made of.
    pub processor_time: ProcessorTime,
}

fn no_slowdown() -> f64 {
    1.0
}

fn is_no_slowdown(slowdown: &f64) -> bool {
    *slowdown == 1.0
}

impl SimResult {
    /// The most positions the search kept at once beyond its split points, for a search
    /// that keeps them ([`OwnStats::Kept`]).
    pub fn kept_positions(&self) -> Option<u64> {
        self.own.and_then(|o| o.kept()).map(|k| k.kept_positions)
    }

    /// The bytes those positions took.
    pub fn kept_bytes(&self) -> Option<u64> {
        self.own.and_then(|o| o.kept()).map(|k| k.kept_bytes)
    }

    /// Which of the two bounds on the virtual time is the larger, and so limits the
    /// search: `"C"` when the critical path is longer than the work spread over the
    /// processors (`work / procs`), else `"W"`. `None` without the two figures.
    pub fn limited_by(&self) -> Option<&'static str> {
        let (c, w) = (self.critical_path?, self.work?);
        Some(if c as f64 > w as f64 / self.procs as f64 {
            "C"
        } else {
            "W"
        })
    }

    /// This result with each position taking `slowdown` times as long as the serial
    /// kernel's at one thread: the speedup and efficiency divided by it.
    pub fn slowed(self, slowdown: f64) -> SimResult {
        let speedup = self.serial_time as f64 / (self.virtual_time as f64 * slowdown);
        let speedup_vs_fastest = self
            .fastest_serial
            .as_ref()
            .map(|f| f.time as f64 / (self.virtual_time as f64 * slowdown));
        SimResult {
            position_slowdown: slowdown,
            speedup_vs_fastest,
            speedup,
            efficiency: speedup / self.procs as f64,
            ..self
        }
    }

    /// This result set against `fastest`, the fastest serial search of its tree: its
    /// speedup and search overhead against it.
    pub(super) fn against(self, fastest: &FastestSerial) -> SimResult {
        SimResult {
            speedup_vs_fastest: Some(
                fastest.time as f64 / (self.virtual_time as f64 * self.position_slowdown),
            ),
            overhead_vs_fastest: Some(self.nodes as f64 / fastest.nodes as f64 - 1.0),
            fastest_serial: Some(fastest.clone()),
            ..self
        }
    }

    /// The same, with the settings it searched with on `tree` ([`crate::settings_used`])
    /// and the serial searches' settings given: what reproduces the simulation.
    pub(super) fn with_options<T: abbench_tree::GameTree>(
        self,
        tree: &T,
        options: &crate::SearchOptions,
    ) -> Self {
        let mut settings = crate::settings_used(self.algorithm, tree, options, self.procs);
        for exact in abbench_search::SerialAlgorithm::EXACT {
            let read = options.read_by(abbench_vocab::Algorithm::Serial(exact));
            for setting in read.given().into_iter().filter(|s| s.simulated()) {
                settings.copy_from(&read, setting);
            }
        }
        SimResult { settings, ..self }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        algorithm: ParallelAlgorithm,
        procs: usize,
        own: Option<OwnStats>,
        costs: SimCosts,
        value: Value,
        best_move: Option<usize>,
        (virtual_time, critical_path): (u64, u64),
        serial_time: u64,
        stats: &ParallelStats,
        spent: &Spent,
        processor_time: ProcessorTime,
    ) -> Self {
        let speedup = serial_time as f64 / virtual_time as f64;
        SimResult {
            algorithm,
            procs,
            settings: crate::SearchOptions::default(),
            own,
            costs,
            value,
            best_move,
            virtual_time,
            critical_path: Some(critical_path),
            work: Some(processor_time.total() - processor_time.idle),
            serial_time,
            position_slowdown: 1.0,
            speedup,
            speedup_vs_fastest: None,
            overhead_vs_fastest: None,
            fastest_serial: None,
            efficiency: speedup / procs as f64,
            search_overhead: stats.nodes as f64 / serial_time as f64 - 1.0,
            idle_fraction: processor_time.idle as f64 / (procs as f64 * virtual_time as f64),
            nodes: stats.nodes,
            leaves: stats.leaves,
            split_points: spent.split_points,
            splits: stats.splits,
            serial_searches: spent.serial_searches,
            offers: spent.offers,
            helper_runs: spent.helper_runs,
            steals: stats.steals,
            aborts: stats.aborts,
            aborted_nodes: stats.aborted_nodes,
            bound_updates: spent.bound_updates,
            tests: stats.tests,
            re_searches: stats.re_searches,
            table_probes: stats.table_probes,
            table_hits: stats.table_hits,
            table_stores: stats.table_stores,
            deferrals: stats.deferrals,
            processor_time,
        }
    }
}
