//! A machine's cost profile: what each event of a parallel search costs there in
//! nanoseconds, how that cost grows with the number of processors, and what one position
//! of the serial kernel costs — the model the simulator's [`SimCosts`] at `p` processors
//! are derived from.
//!
//! # The model
//!
//! With `x(p)` the profile's [`Growth`] scale (`p − 1`, or `log2 p`):
//!
//! * every event `e` costs `c_e(p) = nanos_e · (1 + growth_e · x(p))` nanoseconds — a
//!   steal, a bound update or an abort moves cache lines that more cores share as `p`
//!   grows;
//! * one position costs `ν(p) = ν · (1 + kernel_overhead) · (1 + position_slowdown ·
//!   x(p))` nanoseconds, `ν` the serial kernel's time per position on the tree's model
//!   at one thread: below a split point the kernel polls its split point and runs in
//!   pieces (`kernel_overhead`, already at one processor), and all cores busy run at a
//!   lower clock and share the last-level cache (`position_slowdown`);
//! * the simulation at `p` runs with the event costs in positions of that slower kind,
//!   `c_e(p) / ν(p)` ([`CostProfile::costs_at`]), and its speedup over the serial
//!   kernel at one thread is the simulated one divided by the slowdown
//!   `ν(p) / ν` ([`CostProfile::slowdown`]).
//!
//! With every growth and the slowdown 0 the model is the simulator's original one:
//! [`CostProfile::reference`] gives exactly [`SimCosts::for_position_nanos`] at any `p`.

use super::costs::{
    ABORT_NS, BOUND_UPDATE_NS, OFFER_NS, SERIAL_SEARCH_NS, SPLIT_POINT_NS, STEAL_NS, positions,
};
use super::{MAX_PROCS, SerialPermille, SimCosts};
use abbench_search::POLL_INTERVAL;
use abbench_search::SerialAlgorithm;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The profile format's version.
pub const PROFILE_SCHEMA: u32 = 1;

/// What a profile file is: the `kind` it carries, as every JSON object abbench writes
/// names its kind (`schema/abbench-output.schema.json`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
#[schemars(inline)]
pub enum ProfileKind {
    /// A machine's cost profile.
    #[default]
    CostProfile,
}

/// How a cost grows with the processor count `p`.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
#[schemars(inline)]
pub enum Growth {
    /// `x(p) = p − 1`: each further processor adds the same.
    #[default]
    Linear,
    /// `x(p) = log2 p`: each doubling adds the same.
    Log2,
}

impl Growth {
    /// `x(p)`, 0 at one processor.
    pub fn scale(self, procs: usize) -> f64 {
        let p = procs.max(1) as f64;
        match self {
            Growth::Linear => p - 1.0,
            Growth::Log2 => p.log2(),
        }
    }
}

/// One event's cost: `nanos · (1 + growth · x(p))` nanoseconds at `p` processors.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "event_cost")]
pub struct EventCost {
    /// Nanoseconds at one processor (`x(p) = 0`).
    #[schemars(range(min = 0.0))]
    pub nanos: f64,
    /// Relative growth per unit of `x(p)`.
    #[schemars(range(min = 0.0))]
    pub growth: f64,
}

impl EventCost {
    /// A cost that does not grow with `p`.
    pub const fn flat(nanos: f64) -> EventCost {
        EventCost { nanos, growth: 0.0 }
    }

    /// Nanoseconds at `x` = `x(p)`.
    pub fn nanos_at(&self, x: f64) -> f64 {
        self.nanos * (1.0 + self.growth * x)
    }
}

/// The cost of each kind of event, as [`SimCosts`] names them. Keys are snake_case;
/// the kebab-case spelling of profiles written before (`split-point`) still reads.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct EventCosts {
    /// Opening a split point ([`SimCosts::split_point`]).
    #[serde(alias = "split-point")]
    pub split_point: EventCost,
    /// Starting a serial search ([`SimCosts::serial_search`]).
    #[serde(alias = "serial-search")]
    pub serial_search: EventCost,
    /// Offering younger brothers ([`SimCosts::offer`]).
    pub offer: EventCost,
    /// Taking a helper slot ([`SimCosts::steal`]).
    pub steal: EventCost,
    /// A narrower window reaching a running search ([`SimCosts::bound_update`]).
    #[serde(alias = "bound-update")]
    pub bound_update: EventCost,
    /// Stopping a search whose result no longer matters ([`SimCosts::abort`]).
    pub abort: EventCost,
}

impl EventCosts {
    /// The events by their [`SimCosts`] names (the profile's keys), in that order.
    pub fn named(&self) -> [(&'static str, &EventCost); 6] {
        [
            ("split_point", &self.split_point),
            ("serial_search", &self.serial_search),
            ("offer", &self.offer),
            ("steal", &self.steal),
            ("bound_update", &self.bound_update),
            ("abort", &self.abort),
        ]
    }

    /// The events by their [`SimCosts`] names, mutable.
    pub fn named_mut(&mut self) -> [(&'static str, &mut EventCost); 6] {
        [
            ("split_point", &mut self.split_point),
            ("serial_search", &mut self.serial_search),
            ("offer", &mut self.offer),
            ("steal", &mut self.steal),
            ("bound_update", &mut self.bound_update),
            ("abort", &mut self.abort),
        ]
    }
}

/// What a profile was measured on.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, rename_all = "snake_case")]
#[schemars(deny_unknown_fields)]
pub struct ProfileMachine {
    /// The CPU's model name.
    #[serde(alias = "cpu-model")]
    pub cpu_model: String,
    /// Hardware threads available when it was measured (the most processors whose
    /// costs were measured rather than extrapolated).
    pub cores: usize,
    /// The commit of the code measured, if known.
    pub commit: Option<String>,
    /// When, UTC, RFC 3339.
    pub date: String,
    /// How the profile was made: measured by `abbench calibrate`, or fitted to recorded
    /// runs (and which).
    pub source: String,
    /// The 1-minute load average when it was measured (`/proc/loadavg`), where known:
    /// other work running meanwhile inflates the costs measured.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0.0))]
    pub load_average: Option<f64>,
    /// The share of all CPU time other processes used while it was measured (0 ..= 1,
    /// from `/proc/stat`), where known. It decides whether the profile was taken under
    /// load; the load average only where it is missing.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0.0, max = 1.0))]
    pub other_cpu_share: Option<f64>,
}

/// A machine is busy when its 1-minute load average exceeds this share of its hardware
/// threads: timings taken then are slowed by the other work (a steal measured at 72,568
/// ns under a load of 2.5 on 2 threads took 23,069 ns when the machine was quiet). Used
/// only where the CPU time other processes took was not measured: a load average counts
/// threads waiting on anything, and a 2-vCPU VM idling at a load of 1.5 showed other
/// processes using under 1% of the CPU.
pub const BUSY_LOAD_SHARE: f64 = 0.25;

/// A measurement is taken under load when other processes used at least this share of
/// all CPU time while it ran (`other_cpu_share`): on two threads, a fifth of one core.
pub const BUSY_OTHER_SHARE: f64 = 0.1;

impl ProfileMachine {
    /// Why the profile's costs may be inflated, when it was measured on a busy machine:
    /// other processes took [`BUSY_OTHER_SHARE`] of the CPU or more while it was measured,
    /// or, where that was not measured, the load average was above [`BUSY_LOAD_SHARE`]
    /// of the hardware threads. `None` when the machine was quiet or nothing is known.
    pub fn under_load(&self) -> Option<String> {
        if let Some(share) = self.other_cpu_share {
            return (share >= BUSY_OTHER_SHARE).then(|| {
                format!(
                    "taken under load (other processes used {:.0}% of the CPU time while \
                     it was measured): its costs may be inflated by the other work; \
                     calibrate again on a quiet machine",
                    100.0 * share
                )
            });
        }
        let load = self.load_average?;
        (self.cores > 0 && load > BUSY_LOAD_SHARE * self.cores as f64).then(|| {
            format!(
                "taken under load (load average {load:.2} on {} hardware threads): its \
                 costs may be inflated by the other work; calibrate again on a quiet machine",
                self.cores
            )
        })
    }
}

/// calibrate: a machine's cost profile (also calibration.json in every run folder), the
/// model in crates/parallel/src/sim/profile.rs. Tree model names are keys in snake_case
/// (branch_sum).
///
/// Written and read by the simulator's crate, so the type lives here.
///
/// Its JSON follows the conventions of every JSON abbench writes: `schema` and `kind`
/// first, snake_case keys — tree model names too (`branch_sum` for `branch-sum`), as
/// keys. Profiles written with kebab-case keys and without `kind` still read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct CostProfile {
    /// [`PROFILE_SCHEMA`].
    #[schemars(extend("const" = PROFILE_SCHEMA))]
    pub schema: u32,
    /// Always [`ProfileKind::CostProfile`].
    #[serde(default)]
    pub kind: ProfileKind,
    /// What it was measured on.
    pub machine: ProfileMachine,
    /// How costs and the position time grow with `p`.
    #[serde(default)]
    pub growth: Growth,
    /// The serial kernel's nanoseconds per position at one thread, by tree model name
    /// (`random`, `ordered`, `branch-sum`, `dependent`, …).
    #[serde(alias = "position-nanos", with = "model_keys")]
    #[schemars(with = "BTreeMap<String, f64>")]
    #[schemars(extend("additionalProperties" = { "type": "number", "minimum": 0 }))]
    pub position_nanos: BTreeMap<String, f64>,
    /// How much longer a position takes in a parallel search's kernel than in the
    /// serial kernel, at one processor (0 if not known).
    #[serde(default, alias = "kernel-overhead")]
    #[schemars(range(min = 0.0))]
    pub kernel_overhead: f64,
    /// The relative growth of a position's time per unit of `x(p)`, for trees of a
    /// model not in [`CostProfile::model_position_slowdown`].
    #[serde(alias = "position-slowdown")]
    #[schemars(range(min = 0.0))]
    pub position_slowdown: f64,
    /// The same by tree model name, where measured: how a position's time grows with
    /// busy cores depends on what the model's positions do (an ordered tree's children
    /// cost more to generate than a random tree's).
    #[serde(
        default,
        alias = "model-position-slowdown",
        with = "model_keys",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    #[schemars(with = "BTreeMap<String, f64>")]
    #[schemars(extend("additionalProperties" = { "type": "number", "minimum": 0 }))]
    pub model_position_slowdown: BTreeMap<String, f64>,
    /// The relative standard deviation of the time per position across the processors
    /// of one search (`speeds.rs` in the simulator: cores of one machine do not run at
    /// one speed); 0 for processors of one speed, at most [`MAX_SPEED_SPREAD`].
    ///
    /// [`MAX_SPEED_SPREAD`]: super::MAX_SPEED_SPREAD
    #[serde(default, alias = "speed-spread", skip_serializing_if = "is_zero")]
    #[schemars(range(min = 0.0, max = 0.5))]
    pub speed_spread: f64,
    /// Every event's cost.
    pub events: EventCosts,
    /// Reading a node's entry in the shared node table, measured by `abbench calibrate`
    /// at each thread count (`table/timing.rs` in the parallel crate); absent, the
    /// reference machine's 95 ns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table_probe: Option<EventCost>,
    /// Writing a node's entry; absent, the reference machine's 95 ns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table_store: Option<EventCost>,
    /// Each exact serial search's time per position against f2-iter's, by tree model
    /// name, where measured ([`SerialCosts`]): the weights the fastest serial search of a
    /// simulated tree is chosen by, and MTD(f)'s the null-window search's table kernel
    /// is charged.
    #[serde(
        default,
        with = "model_keys",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    #[schemars(with = "BTreeMap<String, SerialCosts>")]
    pub serial_position_cost: BTreeMap<String, SerialCosts>,
    /// [`SimCosts::poll_interval`].
    #[serde(default = "default_poll_interval", alias = "poll-interval")]
    #[schemars(range(min = 1))]
    pub poll_interval: u32,
    /// The tree model the profile is applied to ([`CostProfile::for_model`]); not written.
    #[serde(skip)]
    pub model: Option<String>,
}

/// Each exact serial search's time per position against f2-iter's on one tree model (1
/// is f2-iter's; MTD(f)'s over the positions of its passes, those of its first guess
/// counted at f2-iter's time).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct SerialCosts {
    /// Fail-soft alpha-beta.
    #[schemars(extend("exclusiveMinimum" = 0, "maximum" = 1000))]
    pub f2_soft: f64,
    /// Principal variation search.
    #[schemars(extend("exclusiveMinimum" = 0, "maximum" = 1000))]
    pub pvs: f64,
    /// Aspiration search.
    #[schemars(extend("exclusiveMinimum" = 0, "maximum" = 1000))]
    pub aspiration: f64,
    /// MTD(f).
    #[schemars(extend("exclusiveMinimum" = 0, "maximum" = 1000))]
    pub mtdf: f64,
}

impl SerialCosts {
    /// The searches with their figures.
    pub fn named(&self) -> [(SerialAlgorithm, f64); 4] {
        [
            (SerialAlgorithm::F2Soft, self.f2_soft),
            (SerialAlgorithm::Pvs, self.pvs),
            (SerialAlgorithm::Aspiration, self.aspiration),
            (SerialAlgorithm::Mtdf, self.mtdf),
        ]
    }

    /// In thousandths, as the simulator weighs positions.
    pub fn permille(&self) -> SerialPermille {
        let mut out = SerialPermille::EVEN;
        for (algo, ratio) in self.named() {
            out.set(algo, (ratio * 1000.0).round().max(0.0) as u64);
        }
        out
    }
}

/// Maps keyed by tree model name: written with snake_case keys (`branch_sum`), read in
/// either spelling, held by the model's own name (`branch-sum`, [`Model::name`]).
///
/// [`Model::name`]: abbench_tree::Model::name
mod model_keys {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use std::collections::BTreeMap;

    pub fn serialize<S: Serializer, V: Serialize>(
        map: &BTreeMap<String, V>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        let snake: BTreeMap<String, &V> =
            map.iter().map(|(k, v)| (k.replace('-', "_"), v)).collect();
        snake.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>, V: Deserialize<'de>>(
        d: D,
    ) -> Result<BTreeMap<String, V>, D::Error> {
        let map = BTreeMap::<String, V>::deserialize(d)?;
        Ok(map
            .into_iter()
            .map(|(k, v)| (k.replace('_', "-"), v))
            .collect())
    }
}

/// The most nanoseconds a profile may give one event, or one position: 1000 s.
pub const MAX_PROFILE_NANOS: f64 = 1e12;

/// The most a profile's growth, overhead or slowdown may be: a millionfold.
pub const MAX_PROFILE_SCALE: f64 = 1e6;

/// An error unless `value` is at most `max` (its other bounds checked before).
fn at_most(what: String, value: f64, max: f64) -> Result<(), ProfileError> {
    if value > max {
        let why = if max == MAX_PROFILE_NANOS {
            "must be at most 1e12 (1000 s)"
        } else {
            "must be at most 1e6"
        };
        return Err(ProfileError::Invalid { what, value, why });
    }
    Ok(())
}

/// An error unless `value` is a time in nanoseconds from 0 to [`MAX_PROFILE_NANOS`].
fn nanos(what: String, value: f64) -> Result<(), ProfileError> {
    if !(value.is_finite() && value >= 0.0) {
        return Err(ProfileError::Invalid {
            what,
            value,
            why: "must be at least 0",
        });
    }
    at_most(what, value, MAX_PROFILE_NANOS)
}

/// An error unless `value` is a factor from 0 to [`MAX_PROFILE_SCALE`].
fn scale(what: String, value: f64) -> Result<(), ProfileError> {
    if !(value.is_finite() && value >= 0.0) {
        return Err(ProfileError::Invalid {
            what,
            value,
            why: "must be at least 0",
        });
    }
    at_most(what, value, MAX_PROFILE_SCALE)
}

/// A profile's figure as a message writes it: `0.25`, and `1e300` rather than its 301
/// digits.
fn figure(value: f64) -> String {
    let magnitude = value.abs();
    if magnitude != 0.0 && !(1e-4..1e9).contains(&magnitude) {
        format!("{value:e}")
    } else {
        format!("{value}")
    }
}

fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

fn default_poll_interval() -> u32 {
    POLL_INTERVAL
}

/// Why a profile cannot be used.
#[derive(Debug, PartialEq, thiserror::Error)]
pub enum ProfileError {
    /// Another format version.
    #[error("unsupported profile schema {found}: this build reads schema {PROFILE_SCHEMA}")]
    Schema {
        /// The version found.
        found: u32,
    },
    /// A figure that makes some cost negative or not a number.
    #[error("invalid {what} {} in the profile: {why}", figure(*value))]
    Invalid {
        /// The figure, as the file names it.
        what: String,
        /// Its value.
        value: f64,
        /// What it must be.
        why: &'static str,
    },
    /// An event that would cost more positions than the simulator's virtual time holds.
    #[error(
        "the profile makes a {event} event cost {cost} positions of {position_nanos:.2} ns at p = {procs}, more than the simulator's virtual time holds (at most {} per event)",
        SimCosts::MAX_EVENT_COST
    )]
    Unbounded {
        /// The event, as the profile names it.
        event: &'static str,
        /// Its cost in positions.
        cost: u64,
        /// The processor count.
        procs: usize,
        /// The position time the costs were converted with.
        position_nanos: f64,
    },
}

impl CostProfile {
    /// The profile as pretty JSON, ending in a newline: what a profile file holds.
    pub fn to_json(&self) -> String {
        let mut json = serde_json::to_string_pretty(self).expect("a profile serialises");
        json.push('\n');
        json
    }

    /// The simulator's original costs: those of the 2-core reference machine, with
    /// nothing growing with `p` (the default, as [`SimCosts::for_position_nanos`]).
    pub fn reference() -> CostProfile {
        CostProfile {
            schema: PROFILE_SCHEMA,
            kind: ProfileKind::CostProfile,
            machine: ProfileMachine {
                cpu_model: "AMD EPYC (2 vCPUs under KVM)".to_string(),
                cores: 2,
                commit: None,
                date: String::new(),
                source: "the simulator's default costs (sim/README.md)".to_string(),
                load_average: None,
                other_cpu_share: None,
            },
            growth: Growth::Linear,
            position_nanos: BTreeMap::from([
                ("random".to_string(), SimCosts::RANDOM_POSITION_NANOS),
                ("ordered".to_string(), SimCosts::ORDERED_POSITION_NANOS),
            ]),
            kernel_overhead: 0.0,
            position_slowdown: 0.0,
            model_position_slowdown: BTreeMap::new(),
            speed_spread: 0.0,
            events: EventCosts {
                split_point: EventCost::flat(SPLIT_POINT_NS),
                serial_search: EventCost::flat(SERIAL_SEARCH_NS),
                offer: EventCost::flat(OFFER_NS),
                steal: EventCost::flat(STEAL_NS),
                bound_update: EventCost::flat(BOUND_UPDATE_NS),
                abort: EventCost::flat(ABORT_NS),
            },
            table_probe: None,
            table_store: None,
            serial_position_cost: BTreeMap::new(),
            poll_interval: POLL_INTERVAL,
            model: None,
        }
    }

    /// Checks that every cost is a finite number, at least 0 at every processor count,
    /// and none absurd: an event's or a position's time at most [`MAX_PROFILE_NANOS`], a
    /// growth, overhead or slowdown at most [`MAX_PROFILE_SCALE`].
    pub fn validate(&self) -> Result<(), ProfileError> {
        if self.schema != PROFILE_SCHEMA {
            return Err(ProfileError::Schema { found: self.schema });
        }
        for (model, &ns) in &self.position_nanos {
            if !(ns.is_finite() && ns > 0.0) {
                return Err(ProfileError::Invalid {
                    what: format!("position_nanos.{model}"),
                    value: ns,
                    why: "must be more than 0",
                });
            }
            at_most(format!("position_nanos.{model}"), ns, MAX_PROFILE_NANOS)?;
        }
        scale("kernel_overhead".to_string(), self.kernel_overhead)?;
        scale("position_slowdown".to_string(), self.position_slowdown)?;
        for (model, &slowdown) in &self.model_position_slowdown {
            scale(format!("model_position_slowdown.{model}"), slowdown)?;
        }
        if !(self.speed_spread.is_finite()
            && (0.0..=super::MAX_SPEED_SPREAD).contains(&self.speed_spread))
        {
            return Err(ProfileError::Invalid {
                what: "speed_spread".to_string(),
                value: self.speed_spread,
                why: "must be between 0 and 0.5",
            });
        }
        self.validate_serial_costs()?;
        let table = [
            ("table_probe", &self.table_probe),
            ("table_store", &self.table_store),
        ];
        let table = table
            .into_iter()
            .filter_map(|(name, cost)| cost.as_ref().map(|c| (name, c)));
        for (name, cost) in self.events.named().into_iter().chain(table) {
            nanos(format!("events.{name}.nanos"), cost.nanos)?;
            scale(format!("events.{name}.growth"), cost.growth)?;
        }
        if self.poll_interval == 0 {
            return Err(ProfileError::Invalid {
                what: "poll_interval".to_string(),
                value: 0.0,
                why: "must be at least 1",
            });
        }
        Ok(())
    }

    /// The first processor count of `procs` at which an event would cost more positions
    /// of a tree whose position takes `position_nanos` than the simulator's virtual time
    /// holds ([`SimCosts::MAX_EVENT_COST`]): a profile every figure of which is valid can
    /// still make a tiny position's events too long. The one check of a profile against
    /// the trees it is used on, for `simulate` and `check-calibration` alike.
    pub fn check_costs_at(&self, position_nanos: f64, procs: &[usize]) -> Result<(), ProfileError> {
        for &p in std::iter::once(&1).chain(procs) {
            if let Some((event, cost)) = self.costs_at(position_nanos, p).out_of_range() {
                return Err(ProfileError::Unbounded {
                    event,
                    cost,
                    procs: p,
                    position_nanos,
                });
            }
        }
        Ok(())
    }

    /// Checks that every serial search's time per position is a number in (0, 1000].
    fn validate_serial_costs(&self) -> Result<(), ProfileError> {
        for (model, costs) in &self.serial_position_cost {
            for (algo, ratio) in costs.named() {
                if !(ratio.is_finite() && ratio > 0.0 && ratio <= 1000.0) {
                    return Err(ProfileError::Invalid {
                        what: format!(
                            "serial_position_cost.{model}.{}",
                            algo.name().replace('-', "_")
                        ),
                        value: ratio,
                        why: "must be more than 0 and at most 1000",
                    });
                }
            }
        }
        Ok(())
    }

    /// This profile for trees of `model` (a model name, as [`Model::name`] gives it):
    /// [`CostProfile::position_slowdown`] is the model's own, where measured.
    ///
    /// [`Model::name`]: abbench_tree::Model::name
    pub fn for_model(&self, model: &str) -> CostProfile {
        CostProfile {
            position_slowdown: self
                .model_position_slowdown
                .get(model)
                .copied()
                .unwrap_or(self.position_slowdown),
            model: Some(model.to_string()),
            ..self.clone()
        }
    }

    /// The serial searches' weights for the model the profile is applied to
    /// ([`CostProfile::for_model`]), where measured; else the reference machine's
    /// ([`SerialPermille::REFERENCE`]).
    pub fn serial_permille(&self) -> SerialPermille {
        self.model
            .as_ref()
            .and_then(|m| self.serial_position_cost.get(m))
            .map_or(SerialPermille::REFERENCE, SerialCosts::permille)
    }

    /// The figures this profile does not hold for the model it is applied to, for which
    /// the reference machine's stand: `position_nanos`, `serial_position_cost` (each
    /// with the model), `table_probe`, `table_store`. Empty when it measured them all.
    pub fn defaulted(&self) -> Vec<String> {
        let model = self.model.as_deref().unwrap_or("file");
        let mut out = Vec::new();
        if !self.position_nanos.contains_key(model) {
            out.push(format!("position_nanos.{model}"));
        }
        if !self.serial_position_cost.contains_key(model) {
            out.push(format!("serial_position_cost.{model}"));
        }
        if self.table_probe.is_none() {
            out.push("table_probe".to_string());
        }
        if self.table_store.is_none() {
            out.push("table_store".to_string());
        }
        out
    }

    /// The serial kernel's nanoseconds per position on trees of `model`, if measured.
    pub fn position_nanos_for(&self, model: &str) -> Option<f64> {
        self.position_nanos.get(model).copied()
    }

    /// How much longer a position of a parallel search takes at `procs` processors than
    /// one of the serial kernel: `(1 + kernel_overhead) · (1 + position_slowdown · x(p))`.
    pub fn slowdown(&self, procs: usize) -> f64 {
        (1.0 + self.kernel_overhead) * (1.0 + self.position_slowdown * self.growth.scale(procs))
    }

    /// The event costs at `procs` processors, in positions of a tree whose position takes
    /// `position_nanos` at one thread (free events if that is not a positive number).
    pub fn costs_at(&self, position_nanos: f64, procs: usize) -> SimCosts {
        if position_nanos.is_nan() || position_nanos <= 0.0 {
            return SimCosts {
                poll_interval: self.poll_interval,
                ..SimCosts::FREE
            };
        }
        let x = self.growth.scale(procs.min(MAX_PROCS));
        let unit = position_nanos * self.slowdown(procs.min(MAX_PROCS));
        let serial = self.serial_permille();
        let at = |cost: &EventCost| positions(cost.nanos_at(x), unit);
        SimCosts {
            split_point: at(&self.events.split_point),
            serial_search: at(&self.events.serial_search),
            offer: at(&self.events.offer),
            steal: at(&self.events.steal),
            bound_update: at(&self.events.bound_update),
            abort: at(&self.events.abort),
            table_probe: at(&self
                .table_probe
                .unwrap_or(EventCost::flat(super::costs::TABLE_PROBE_NS))),
            table_store: at(&self
                .table_store
                .unwrap_or(EventCost::flat(super::costs::TABLE_STORE_NS))),
            // The null-window search's table kernel is charged what serial MTD(f)'s
            // positions cost beyond f2-iter's on the model.
            table_kernel_permille: serial.mtdf.saturating_sub(1000),
            poll_interval: self.poll_interval,
            serial,
        }
    }
}

impl Default for CostProfile {
    fn default() -> Self {
        CostProfile::reference()
    }
}

#[cfg(test)]
mod load_tests {
    use super::*;

    #[test]
    fn a_profile_measured_on_a_busy_machine_says_so() {
        let at = |load: Option<f64>| ProfileMachine {
            cores: 2,
            load_average: load,
            ..ProfileMachine::default()
        };
        let busy = at(Some(2.5)).under_load().unwrap();
        assert!(
            busy.starts_with("taken under load (load average 2.50 on 2 hardware threads)"),
            "{busy}"
        );
        assert_eq!(at(Some(0.3)).under_load(), None);
        assert_eq!(at(None).under_load(), None);
        // What other processes took while it was measured decides, where it is known: a
        // load average of 1.5 on an idle VM is not load.
        let measured = |load: f64, share: f64| ProfileMachine {
            other_cpu_share: Some(share),
            ..at(Some(load))
        };
        assert_eq!(measured(1.5, 0.009).under_load(), None);
        let busy = measured(0.1, 0.4).under_load().unwrap();
        assert!(
            busy.starts_with("taken under load (other processes used 40% of the CPU time"),
            "{busy}"
        );
        // Read and written with the profile; profiles without it still read.
        let mut profile = CostProfile::reference();
        profile.machine.load_average = Some(2.5);
        let text = serde_json::to_string(&profile).unwrap();
        assert!(text.contains("\"load_average\":2.5"), "{text}");
        let back: CostProfile = serde_json::from_str(&text).unwrap();
        assert_eq!(back, profile);
        let without = serde_json::to_string(&CostProfile::reference()).unwrap();
        assert!(!without.contains("load_average"), "{without}");
    }
}

#[cfg(test)]
mod bound_tests {
    use super::*;

    #[test]
    fn an_absurd_figure_is_refused_by_name() {
        let refused = |edit: fn(&mut CostProfile)| {
            let mut profile = CostProfile::reference();
            edit(&mut profile);
            profile.validate().unwrap_err().to_string()
        };
        assert_eq!(
            refused(|p| p.events.serial_search.nanos = 1e300),
            "invalid events.serial_search.nanos 1e300 in the profile: must be at most 1e12 (1000 s)"
        );
        assert!(
            refused(|p| p.events.split_point.nanos = 1e300).contains("events.split_point.nanos"),
        );
        assert!(refused(|p| p.events.steal.growth = 1e300).contains("events.steal.growth"));
        assert!(refused(|p| p.kernel_overhead = 1e9).contains("kernel_overhead"));
        assert!(
            refused(|p| {
                p.position_nanos.insert("random".into(), 1e300);
            })
            .contains("position_nanos.random")
        );
        assert!(refused(|p| p.events.abort.nanos = -1.0).contains("must be at least 0"));
        assert_eq!(CostProfile::reference().validate(), Ok(()));
    }

    #[test]
    fn costs_too_long_for_a_tiny_position_are_refused_at_their_processor_count() {
        let mut profile = CostProfile::reference();
        profile.events.steal = EventCost {
            nanos: 1e11,
            growth: 0.0,
        };
        assert_eq!(profile.validate(), Ok(()));
        let err = profile.check_costs_at(2.8, &[2, 4]).unwrap_err();
        assert!(
            matches!(
                err,
                ProfileError::Unbounded {
                    event: "steal",
                    procs: 1,
                    ..
                }
            ),
            "{err}"
        );
        // A slower position takes fewer of them.
        assert_eq!(profile.check_costs_at(1e3, &[2, 4]), Ok(()));
        // Growth that only reaches the limit at more processors is found there.
        profile.events.steal = EventCost {
            nanos: 1e9,
            growth: 100.0,
        };
        let err = profile.check_costs_at(2.8, &[2, 16]).unwrap_err();
        assert!(
            matches!(err, ProfileError::Unbounded { procs: 2, .. }),
            "{err}"
        );
    }
}
