//! What the events of a parallel search cost in virtual time, in units of one examined
//! position.

use abbench_search::{POLL_INTERVAL, SerialAlgorithm};
use serde::{Deserialize, Serialize};

/// What one position of each exact serial search costs against one of f2-iter's, in
/// thousandths: the weights the fastest serial search of a simulated tree is chosen by
/// (`fastest.rs`). MTD(f)'s applies to the positions of its passes, which search with its
/// table; the positions of its first guess, a plain search, cost 1000 as the parallel
/// first guess's do.
///
/// `abbench calibrate` measures them on each tree model (`serial_position_cost` of a
/// profile); [`SerialPermille::REFERENCE`] holds the reference machine's figures on
/// random trees, and free costs weigh every position alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, rename_all = "snake_case")]
pub struct SerialPermille {
    /// Fail-soft alpha-beta (`f2-soft`).
    pub f2_soft: u64,
    /// Principal variation search.
    pub pvs: u64,
    /// Aspiration search.
    pub aspiration: u64,
    /// MTD(f)'s passes.
    pub mtdf: u64,
}

impl SerialPermille {
    /// Every position costs one of f2-iter's.
    pub const EVEN: SerialPermille = SerialPermille {
        f2_soft: 1000,
        pvs: 1000,
        aspiration: 1000,
        mtdf: 1000,
    };

    /// The medians of `reports/serial/2026-11-25-vm/` (random d16 h8, seeds 9301–9306,
    /// three runs, 2-core AMD EPYC under KVM), rounded to whole hundredths: f2-soft and
    /// aspiration run f2-iter's kernel (aspiration 0.998), pvs its null-window tests in
    /// the fail-soft kernel (0.987), mtdf its table's probes and stores above the last two
    /// plies (1.202).
    pub const REFERENCE: SerialPermille = SerialPermille {
        f2_soft: 1000,
        pvs: 1000,
        aspiration: 1000,
        mtdf: 1000 + TABLE_KERNEL_PERMILLE,
    };

    /// The weight of `algo`'s positions (f2-iter's and any other's: 1000).
    pub fn of(&self, algo: SerialAlgorithm) -> u64 {
        match algo {
            SerialAlgorithm::F2Soft => self.f2_soft,
            SerialAlgorithm::Pvs => self.pvs,
            SerialAlgorithm::Aspiration => self.aspiration,
            SerialAlgorithm::Mtdf => self.mtdf,
            _ => 1000,
        }
    }

    /// Sets `algo`'s weight (f2-iter's is 1000 by definition and is not set).
    pub fn set(&mut self, algo: SerialAlgorithm, permille: u64) {
        match algo {
            SerialAlgorithm::F2Soft => self.f2_soft = permille,
            SerialAlgorithm::Pvs => self.pvs = permille,
            SerialAlgorithm::Aspiration => self.aspiration = permille,
            SerialAlgorithm::Mtdf => self.mtdf = permille,
            _ => {}
        }
    }
}

impl Default for SerialPermille {
    fn default() -> Self {
        SerialPermille::REFERENCE
    }
}

/// The virtual-time cost of each event of a simulated parallel search, in positions
/// (one examined position costs 1).
///
/// The defaults come from measurements in nanoseconds on the machine the project's
/// reports come from (2 cores of a shared AMD EPYC under KVM; `abbench calibrate`
/// measures them on any machine, as a `CostProfile`), converted at the serial kernel's
/// time per position. That time depends on the tree: 2.8 ns on random trees
/// ([`SimCosts::CALIBRATED`], the default), 4.6 ns on ordered ones, whose children cost
/// more to generate — so on an ordered tree the same events are worth fewer positions:
/// use [`SimCosts::for_position_nanos`] with the tree's own figure. How each cost was
/// measured is in the simulator's `README.md`:
///
/// | event | ns |
/// | --- | ---: |
/// | split point | 170 |
/// | serial search | 200 |
/// | offer | 80 |
/// | steal | 5000 |
/// | bound update | 220 |
/// | abort | 220 |
/// | table probe | 95 |
/// | table store | 95 |
///
/// The table's costs come from serial MTD(f), not from `abbench calibrate`: its positions
/// cost 1.202 of f2-iter's (`reports/serial/2026-11-25-vm/`, 2.8 ns each, so 0.57 ns more
/// per position), and it reads or writes its table 0.0054–0.0062 times per position
/// (random d16 h8, seeds 9301–9304): 90–104 ns per access, of which the median, 95 ns,
/// is taken for a read of an entry's four words and for a write alike, for the accesses
/// the parallel searches make above their split height. The null-window search's kernel
/// below it is charged per position instead ([`SimCosts::table_kernel_permille`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, rename_all = "snake_case")]
pub struct SimCosts {
    /// Every split point, charged to the worker that opens it, at any processor count:
    /// its record, its statistics, the reads of its live window, its result.
    #[serde(alias = "split-point")]
    pub split_point: u64,
    /// Every serial search started below a split point (and every root move of root
    /// splitting): taking the brother, setting up the kernel on the worker's slot,
    /// recording the result at the split point.
    #[serde(alias = "serial-search")]
    pub serial_search: u64,
    /// Offering a split point's younger brothers to helpers, charged to its owner:
    /// creating the join scope, queueing one task per helper slot, and joining them.
    pub offer: u64,
    /// Taking a helper slot of an open split point, charged to the helper: from the
    /// offer being made (or the helper becoming idle) until it runs the brother loop.
    pub steal: u64,
    /// A serial search below a split point receiving a narrower window at a poll: the
    /// cache line another worker wrote, and pushing the window down the kernel's stack.
    #[serde(alias = "bound-update")]
    pub bound_update: u64,
    /// A serial search stopped at a poll because its result no longer matters: the
    /// closed window read from another worker's cache line, and unwinding to the brother
    /// loop.
    pub abort: u64,
    /// Reading a node's entry in the shared node table (ABDADA, Lazy SMP).
    pub table_probe: u64,
    /// Writing a node's entry in the shared node table.
    pub table_store: u64,
    /// What a position examined by the table kernel (the null-window search's: MTD(f)'s,
    /// its table at every position down to two plies above the leaves) costs beyond a
    /// position of F2's kernel, in thousandths of a position: by default 200, and always
    /// the weight of serial MTD(f)'s positions against f2-iter's less 1000
    /// ([`SimCosts::serial`]; a profile's `serial_position_cost` of the tree's model sets
    /// both), so that one simulated processor running the null-window search costs what
    /// serial MTD(f) is charged. A cost per position, not
    /// per access: measured, MTD(f)'s table accesses cost 90–104 ns each on random d16
    /// h8 trees (a table larger than the caches) but about 22 ns on ordered d8 h12
    /// (0.073 accesses per position, 1.08 of f2-iter's time per position), while its
    /// time per position stays within 1.08–1.2 of f2-iter's on both.
    pub table_kernel_permille: u64,
    /// Positions the serial kernel examines between two polls of its split point. The
    /// threaded search's interval by default, so bounds and aborts reach a running
    /// search as late (in positions) as on threads.
    #[serde(alias = "poll-interval")]
    pub poll_interval: u32,
    /// The weights of the exact serial searches' positions, by which the fastest serial
    /// search a simulated record is set against is chosen. Consistent with
    /// [`SimCosts::table_kernel_permille`]: a profile derives both from MTD(f)'s measured
    /// cost, so one simulated processor running the null-window search is charged what
    /// serial MTD(f) is.
    pub serial: SerialPermille,
}

/// Nanoseconds of each event on the reference machine (see [`SimCosts`]); the default
/// profile (`super::profile`) holds the same figures.
pub(super) const SPLIT_POINT_NS: f64 = 170.0;
pub(super) const SERIAL_SEARCH_NS: f64 = 200.0;
pub(super) const OFFER_NS: f64 = 80.0;
pub(super) const STEAL_NS: f64 = 5000.0;
pub(super) const BOUND_UPDATE_NS: f64 = 220.0;
pub(super) const ABORT_NS: f64 = 220.0;
pub(super) const TABLE_PROBE_NS: f64 = 95.0;
pub(super) const TABLE_STORE_NS: f64 = 95.0;
/// See [`SimCosts::table_kernel_permille`].
pub(super) const TABLE_KERNEL_PERMILLE: u64 = 200;

/// `nanos` in positions of `position_nanos` each, rounded.
pub(super) const fn positions(nanos: f64, position_nanos: f64) -> u64 {
    (nanos / position_nanos + 0.5) as u64
}

impl SimCosts {
    /// Every event free: virtual time is positions examined and idle time only, for the
    /// serial searches as for the parallel ones.
    pub const FREE: SimCosts = SimCosts {
        split_point: 0,
        serial_search: 0,
        offer: 0,
        steal: 0,
        bound_update: 0,
        abort: 0,
        table_probe: 0,
        table_store: 0,
        table_kernel_permille: 0,
        poll_interval: POLL_INTERVAL,
        serial: SerialPermille::EVEN,
    };

    /// The most positions one event may cost, 2³²: about 12 s at the reference
    /// machine's 2.8 ns per position, far beyond any cost measured, and small enough
    /// that no sum of such costs over a search can pass what virtual time holds.
    pub const MAX_EVENT_COST: u64 = 1 << 32;

    /// The first event (by its name in a profile) whose cost is more than
    /// [`SimCosts::MAX_EVENT_COST`] positions, with that cost: costs a simulation
    /// refuses before it starts. `None` when every cost is within it.
    pub fn out_of_range(&self) -> Option<(&'static str, u64)> {
        [
            ("split_point", self.split_point),
            ("serial_search", self.serial_search),
            ("offer", self.offer),
            ("steal", self.steal),
            ("bound_update", self.bound_update),
            ("abort", self.abort),
            ("table_probe", self.table_probe),
            ("table_store", self.table_store),
            ("table_kernel_permille", self.table_kernel_permille),
        ]
        .into_iter()
        .find(|&(_, cost)| cost > Self::MAX_EVENT_COST)
    }

    /// The serial kernel's time per position on random trees of the reference machine.
    pub const RANDOM_POSITION_NANOS: f64 = 2.8;

    /// The serial kernel's time per position on ordered trees of the reference machine.
    pub const ORDERED_POSITION_NANOS: f64 = 4.6;

    /// The reference machine's costs for random trees: the default.
    pub const CALIBRATED: SimCosts = SimCosts::for_position_nanos(Self::RANDOM_POSITION_NANOS);

    /// The reference machine's costs in units of a position that takes `position_nanos`
    /// (free events if it is not a positive number).
    pub const fn for_position_nanos(position_nanos: f64) -> SimCosts {
        if position_nanos.is_nan() || position_nanos <= 0.0 {
            return SimCosts::FREE;
        }
        SimCosts {
            split_point: positions(SPLIT_POINT_NS, position_nanos),
            serial_search: positions(SERIAL_SEARCH_NS, position_nanos),
            offer: positions(OFFER_NS, position_nanos),
            steal: positions(STEAL_NS, position_nanos),
            bound_update: positions(BOUND_UPDATE_NS, position_nanos),
            abort: positions(ABORT_NS, position_nanos),
            table_probe: positions(TABLE_PROBE_NS, position_nanos),
            table_store: positions(TABLE_STORE_NS, position_nanos),
            table_kernel_permille: TABLE_KERNEL_PERMILLE,
            poll_interval: POLL_INTERVAL,
            serial: SerialPermille::REFERENCE,
        }
    }
}

impl Default for SimCosts {
    fn default() -> Self {
        SimCosts::CALIBRATED
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn costs_are_written_in_snake_case_and_read_in_either_case() {
        let costs = SimCosts {
            split_point: 1,
            serial_search: 2,
            offer: 3,
            steal: 4,
            bound_update: 5,
            abort: 6,
            table_probe: 8,
            table_store: 9,
            table_kernel_permille: 10,
            poll_interval: 7,
            serial: SerialPermille::REFERENCE,
        };
        let json = serde_json::to_string(&costs).unwrap();
        assert_eq!(
            json,
            r#"{"split_point":1,"serial_search":2,"offer":3,"steal":4,"bound_update":5,"abort":6,"table_probe":8,"table_store":9,"table_kernel_permille":10,"poll_interval":7,"serial":{"f2_soft":1000,"pvs":1000,"aspiration":1000,"mtdf":1200}}"#
        );
        // Costs written before the serial weights read with the reference's.
        let kebab = r#"{"split-point":1,"serial-search":2,"offer":3,"steal":4,"bound-update":5,"abort":6,"table_probe":8,"table_store":9,"table_kernel_permille":10,"poll-interval":7}"#;
        assert_eq!(serde_json::from_str::<SimCosts>(kebab).unwrap(), costs);
        assert_eq!(serde_json::from_str::<SimCosts>(&json).unwrap(), costs);
    }

    #[test]
    fn costs_past_what_virtual_time_holds_are_named() {
        assert_eq!(SimCosts::CALIBRATED.out_of_range(), None);
        // 170 ns at 1e-30 ns per position: past u64 itself, saturated.
        let tiny = SimCosts::for_position_nanos(1e-30);
        assert_eq!(tiny.out_of_range(), Some(("split_point", u64::MAX)));
        let steal = SimCosts {
            steal: SimCosts::MAX_EVENT_COST + 1,
            ..SimCosts::CALIBRATED
        };
        assert_eq!(
            steal.out_of_range(),
            Some(("steal", SimCosts::MAX_EVENT_COST + 1))
        );
    }
}
