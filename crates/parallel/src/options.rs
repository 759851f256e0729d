//! The parallel algorithms by name, and what a search may be told.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A shared-memory parallel search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ParallelAlgorithm {
    /// The root's moves handed out to the workers.
    RootSplit,
    /// Young brothers wait at every node above the split height.
    Ybwc,
    /// Parallel principal variation search (Kuszmaul): young brothers wait whose younger
    /// brothers are null-window tests, searched again only when they fail high.
    Jamboree,
    /// Every worker searches from the root; a younger brother another worker is
    /// searching is put off and revisited (Weill), through the shared node table.
    Abdada,
    /// Every worker searches from the root in its own move order, sharing only the node
    /// table: the engines' control.
    LazySmp,
    /// The root value by null-window tests (MTD(f)'s schedule), each test searched by
    /// every worker through the shared node table: inside a test no bound can go stale.
    NullWindow,
}

impl ParallelAlgorithm {
    /// Every parallel algorithm.
    pub const ALL: [ParallelAlgorithm; 6] = [
        ParallelAlgorithm::RootSplit,
        ParallelAlgorithm::Ybwc,
        ParallelAlgorithm::Jamboree,
        ParallelAlgorithm::Abdada,
        ParallelAlgorithm::LazySmp,
        ParallelAlgorithm::NullWindow,
    ];

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            ParallelAlgorithm::RootSplit => "root-split",
            ParallelAlgorithm::Ybwc => "ybwc",
            ParallelAlgorithm::Jamboree => "jamboree",
            ParallelAlgorithm::Abdada => "abdada",
            ParallelAlgorithm::LazySmp => "lazy-smp",
            ParallelAlgorithm::NullWindow => "null-window",
        }
    }

    /// Whether the algorithm shares a node table among its workers.
    pub fn uses_table(self) -> bool {
        matches!(
            self,
            ParallelAlgorithm::Abdada | ParallelAlgorithm::LazySmp | ParallelAlgorithm::NullWindow
        )
    }

    /// Whether the algorithm has a split height (every one but root splitting).
    pub fn has_split_height(self) -> bool {
        self != ParallelAlgorithm::RootSplit
    }
}

impl fmt::Display for ParallelAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ParallelAlgorithm {
    type Err = abbench_search::UnknownAlgorithm;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ParallelAlgorithm::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| {
                abbench_search::UnknownAlgorithm::new(
                    s,
                    "root-split, ybwc, jamboree, abdada, lazy-smp or null-window",
                )
            })
    }
}

/// Positions the serial kernel should examine, at the least, between two split points:
/// enough that a split point's fixed cost (a scope, a few atomics, a clock read, the walk
/// up the chain of live windows) is lost in the noise of the work it distributes.
///
/// Chosen by measurement on random trees of degree 16 and height 8 (5 seeds, 2 cores):
/// a grain of 4096 (split height 4) ran ybwc at 0.84x of f2-iter on one thread and 1.61x
/// on two; 16384 (split height 5) at 0.95x and 1.80x, with the same search overhead.
pub const SERIAL_GRAIN_POSITIONS: f64 = 16384.0;

/// Positions below which a split point's eldest brother marks the node as too small to
/// share, at two workers, when the split height is chosen automatically
/// ([`SearchOptions::eldest_grain_for`]): the owner then finishes the node alone, in one
/// serial search from the second brother on, instead of offering the younger brothers to
/// helpers. With `p` workers the grain is `2 / p` of this: the more workers there are,
/// the more of them would otherwise wait, and the smaller a share worth handing out.
///
/// The automatic split height assumes random-tree branching (`d^(3/4)` per level); on
/// well-ordered trees F2's subtrees are far smaller at the same height (`d^(1/2)` per
/// level at best), and a split point there costs more than it distributes — the more so
/// as each younger brother is then a separate short serial search. The eldest's size is
/// the measurement at hand: young brothers wait has just searched it.
///
/// Chosen by measurement, `abbench run --degree 16 --height 8 --trees 5 --algo ybwc
/// --threads 1,2 --eldest-grain G` (median speedup over `f2-iter`, pinned workers, 2 cores):
///
/// | grain | random, 1 / 2 threads | ordered 0.7, 1 / 2 threads |
/// | ---: | --- | --- |
/// | 0 (always share) | 0.94 / 1.78 | 0.86 / 1.68 |
/// | 1024 | 0.94 / 1.79 | 0.92 / 1.76 |
/// | 4096 | 0.95 / 1.81 | 0.93 / 1.76 |
/// | 16384 | 0.96 / 1.84 | 0.95 / 1.71 |
///
/// Unscaled, the same grain would cost scaling on many processors: simulated on the
/// ordered trees above, ybwc at 1024 processors reached 7.0x with a grain of 4096 and
/// 13.9x sharing every split point.
pub const ELDEST_GRAIN_POSITIONS: u64 = 4096;

/// Brothers, the eldest included, that the owner of an expected cut node searches alone
/// before it offers the rest to helpers, when the split options are automatic
/// ([`SearchOptions::cut_wait_for`]).
///
/// A node's expected kind follows Knuth & Moore's types: the root is pv; the eldest
/// child of a pv node is pv and its younger ones cut; the children of a cut node are all;
/// the children of an all node are cut. At a pv or all node every child is searched, so
/// sharing after the eldest wastes nothing but stale bounds; at a cut node one good reply
/// ends the search, and every brother searched in parallel beyond it is wasted. Waiting
/// for a second brother there is the young brothers wait concept strengthened where its
/// speculation costs most (DTS splits only at nodes whose first moves failed to cut).
///
/// Chosen in the simulator (default costs and options, 16 processors, median over seeds;
/// `abbench simulate --algo ybwc --procs 16 --cut-wait K`):
///
/// | cut wait | ordered q0.7 d8 h15 (seeds 1–3) | random d16 h8 (1–4) | random d16 h9 (1–4) |
/// | ---: | --- | --- | --- |
/// | 1 (classic) | 9.54x, +50.1% positions | 10.61x, +43.8% | 10.66x, +45.6% |
/// | 2 | 11.27x, +16.2% | 10.44x, +45.5% | 10.29x, +51.1% |
/// | 3 | 10.99x, +14.3% | 11.21x, +36.0% | 10.80x, +43.5% |
///
/// On random trees 70–87% of the nodes at the split levels end as cut nodes, with the
/// cutting child spread almost geometrically over the brothers (a 12–15% chance per
/// child), so no prediction of the kind helps there and every wait is within the spread
/// between seeds; on ordered trees the prediction holds and 2 is the fastest.
pub const CUT_WAIT_BROTHERS: u32 = 2;

/// The split height chosen when none is given, for a tree of this degree: the least
/// remaining height `r` whose subtrees F2 searches in about [`SERIAL_GRAIN_POSITIONS`]
/// positions, taking F2's effective branching factor on random trees as `d^(3/4)`
/// (Knuth & Moore §7: between `d^(1/2)`, the best case, and `d`; Table 1). For degree 16
/// that is 5, for degree 8 it is 7.
pub fn auto_split_height(max_degree: usize) -> u32 {
    if max_degree <= 1 {
        return u32::MAX;
    }
    let per_level = 0.75 * (max_degree as f64).ln();
    (SERIAL_GRAIN_POSITIONS.ln() / per_level).ceil().max(1.0) as u32
}

/// What a parallel search may be told.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchOptions {
    /// `ybwc`: a node splits only if at least this far above the deepest leaves
    /// (at least 1); `None` chooses [`auto_split_height`].
    pub split_height: Option<u32>,
    /// `ybwc`: a split point offers its younger brothers to helpers only if its eldest
    /// brother's subtree examined at least this many positions; otherwise its owner
    /// finishes it in one serial search. `None` chooses [`ELDEST_GRAIN_POSITIONS`] scaled
    /// to the number of workers when the split height is automatic, and 0 (every split
    /// point shares) when it is given ([`SearchOptions::eldest_grain_for`]).
    #[serde(default)]
    pub eldest_grain: Option<u64>,
    /// `ybwc`: at a node expected to cut off, the owner searches this many brothers (the
    /// eldest included) alone before it offers the rest, so a cutoff among them wastes
    /// nothing; 1 is classic young brothers wait. `None` chooses [`CUT_WAIT_BROTHERS`]
    /// when the split height is automatic and 1 when it is given
    /// ([`SearchOptions::cut_wait_for`]).
    #[serde(default)]
    pub cut_wait: Option<u32>,
    /// Stop and report a timeout after this long.
    pub time_limit: Option<Duration>,
}

impl SearchOptions {
    /// The split height used on a tree of this largest degree.
    pub fn split_height_for(&self, max_degree: usize) -> u32 {
        self.split_height
            .unwrap_or_else(|| auto_split_height(max_degree))
            .max(1)
    }

    /// The eldest grain used with `workers` workers ([`SearchOptions::eldest_grain`]):
    /// the one given; else, with an automatic split height,
    /// `ELDEST_GRAIN_POSITIONS * 2 / workers` (the full grain at one or two workers, 0 for
    /// an unlimited number); else 0.
    pub fn eldest_grain_for(&self, workers: usize) -> u64 {
        self.eldest_grain.unwrap_or(match self.split_height {
            None => ELDEST_GRAIN_POSITIONS * 2 / workers.max(2) as u64,
            Some(_) => 0,
        })
    }

    /// The cut wait used ([`SearchOptions::cut_wait`]): the one given (at least 1); else
    /// [`CUT_WAIT_BROTHERS`] with an automatic split height; else 1.
    pub fn cut_wait_for(&self) -> u32 {
        self.cut_wait
            .unwrap_or(match self.split_height {
                None => CUT_WAIT_BROTHERS,
                Some(_) => 1,
            })
            .max(1)
    }

    /// Whether the split height, the eldest grain and the cut wait are all chosen
    /// automatically.
    pub fn is_automatic(&self) -> bool {
        self.split_height.is_none() && self.eldest_grain.is_none() && self.cut_wait.is_none()
    }
}
