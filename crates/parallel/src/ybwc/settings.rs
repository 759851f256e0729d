//! Young brothers wait's settings, and Jamboree's (the same split points): the eldest
//! grain and the cut wait, with the measurements behind their defaults.

use crate::SearchOptions;
use crate::split_point::Kind;

/// Positions below which a split point's eldest brother marks the node as too small to
/// share, at two workers, when the split height is chosen automatically
/// ([`eldest_grain_for`]): the owner then finishes the node alone, in one
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
/// ([`cut_wait_for`]).
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

/// The eldest grain used with `workers` workers ([`abbench_search::Settings::eldest_grain`]):
/// the one given; else, with an automatic split height,
/// `ELDEST_GRAIN_POSITIONS * 2 / workers` (the full grain at one or two workers, 0 for an
/// unlimited number); else 0.
pub(crate) fn eldest_grain_for(options: &SearchOptions, workers: usize) -> u64 {
    options.eldest_grain.unwrap_or(match options.split_height {
        None => ELDEST_GRAIN_POSITIONS * 2 / workers.max(2) as u64,
        Some(_) => 0,
    })
}

/// The cut wait used ([`abbench_search::Settings::cut_wait`]): the one given (at least
/// 1); else [`CUT_WAIT_BROTHERS`] with an automatic split height; else 1.
pub(crate) fn cut_wait_for(options: &SearchOptions) -> u32 {
    options
        .cut_wait
        .unwrap_or(match options.split_height {
            None => CUT_WAIT_BROTHERS,
            Some(_) => 1,
        })
        .max(1)
}

/// Sets in `used` the eldest grain and the cut wait a search on young brothers wait's
/// split points chose, where `options` gives none: what its record names.
pub(crate) fn choose(options: &SearchOptions, workers: usize, used: &mut SearchOptions) {
    used.eldest_grain = Some(eldest_grain_for(options, workers));
    used.cut_wait = Some(cut_wait_for(options));
}

/// What a search on young brothers wait's split points (young brothers wait, Jamboree,
/// ER) is told, for one search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Settings {
    /// Share a split point's younger brothers only if its eldest examined at least this
    /// many positions ([`eldest_grain_for`]).
    pub(crate) eldest_grain: u64,
    /// Brothers searched by the owner alone at an expected cut node ([`cut_wait_for`]).
    pub(crate) cut_wait: usize,
    /// The most positions kept at once beyond the split points, where the algorithm
    /// keeps any ([`super::Younger::keep_limit`]; `u64::MAX`: no bound).
    pub(crate) keep_limit: u64,
}

impl Settings {
    /// The settings `options` give a search with `workers` workers, of which `Y` keeps
    /// at most `keep_limit` positions beyond its split points.
    pub(crate) fn new(options: &SearchOptions, workers: usize, keep_limit: u64) -> Settings {
        Settings {
            eldest_grain: eldest_grain_for(options, workers),
            cut_wait: cut_wait_for(options) as usize,
            keep_limit,
        }
    }

    /// How many brothers (the eldest included) the owner of a split point of this kind
    /// searches alone before it offers the rest.
    pub(crate) fn wait_for(&self, kind: Kind) -> usize {
        kind.searched_alone(self.cut_wait)
    }
}
