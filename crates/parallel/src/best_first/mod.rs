//! The best-first search: MTD(f)'s null-window tests, each searched over an explicit
//! tree of the nodes above the split height, where every worker takes the open node
//! most likely to be needed.
//!
//! The explicit tree holds, for every node opened so far, bounds `lo <= v <= hi` on its
//! negamax value. A test asks whether the root is worth at least `gamma`; a node at an
//! even depth is asked the same of `gamma`, one at an odd depth of `1 - gamma`. A node
//! whose bounds answer its question is *resolved*; the others are *open*.
//!
//! ```text
//! worker:
//!   loop until the root's bounds meet:
//!     descend from the root: at each open node, to the open child of least rank
//!       rank(child) = k * WEIGHT + rank below it
//!       (k: open brothers before it, taken by their upper bound, lowest first)
//!     at a node below the split height, not under test: claim it, test it with MTD(f)'s
//!       kernel on the shared table, window (g - 1, g); set lo or hi from the result
//!     back the bounds up the path (negamax); refresh the ranks on the path
//!     root resolved: the next threshold (MTD(f)'s steps), and every running test ends
//! ```
//!
//! A child is needed only if no open brother before it refutes the node, so each open
//! brother before it multiplies the chance that it is needed by about the same factor:
//! the rank adds [`WEIGHT`] per such brother, a logarithm of that chance. One worker
//! takes the eldest open child at every level and searches what serial MTD(f) searches.
//! Brothers are taken in the order of their upper bounds, so the child that refuted a
//! node in the last test is tried first in the next, as MTD(f)'s table orders it.
//!
//! Every bound in the tree is true whoever wrote it and whenever: a kernel result is a
//! fail-soft bound, and a backed-up bound is the negamax of true bounds. So the value
//! cannot depend on a race; only the positions examined can. The protocol, its memory
//! orderings and the measurements behind its rules are in `README.md` beside this file.

use crate::SearchOptions;
use crate::algorithm::{Found, Search};
use crate::options::SettingRefused;
use crate::context::Context;
use crate::executor::{Event, Executor};
use crate::kept::Budget;
use crate::null_window::{self, NullWindow};
use crate::sync::{AtomicBool, AtomicI64, AtomicU64, Ordering, fence};
use abbench_search::{Aborted, Poll, Probe, child_key, root_key};
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY, Value};
use std::sync::OnceLock;
use abbench_vocab::{Kept, OwnStats, ParallelAlgorithm};
use threshold::Thresholds;

#[cfg(test)]
mod test;
#[cfg(all(test, loom))]
mod loom_models;
mod threshold;

/// The rank one open brother before a child of a node at depth `d` adds:
/// `100 * -ln(1 - q)`, where `q` is the share of the children of nodes at depth `d`
/// that refuted their parent when resolved so far in this search (one refuted in two
/// assumed before any is resolved). `README.md` gives the measurements behind it.
fn weight(refuted: u64, resolved: u64) -> u64 {
    let q = (refuted as f64 + 1.0) / (resolved as f64 + 2.0);
    (-(1.0 - q).ln() * 100.0).round().max(1.0) as u64
}

/// A rank meaning "nothing to take below".
const UNAVAILABLE: u64 = (1 << 48) - 1;

/// The best-first search ([`crate::ParallelAlgorithm::BestFirst`]).
pub(crate) struct BestFirst;

/// What the best-first search is told.
pub(crate) struct Settings {
    /// The null-window search's, whose first guess and kernel it shares.
    tests: null_window::Settings,
    /// The most positions the explicit tree may hold ([`crate::kept::keep_limit`]).
    keep_limit: u64,
}

impl Search for BestFirst {
    type Settings = Settings;

    fn settings(options: &SearchOptions, workers: usize) -> Settings {
        Settings {
            tests: NullWindow::settings(options, workers),
            keep_limit: crate::kept::keep_limit(options),
        }
    }

    /// The one given; else one above the null-window search's. Every unit pays a walk
    /// from the root and back, about ten table probes, so it is made a ply larger than
    /// the null-window search's parallel grain (random d16 h9, seed 10401, SIMULATED:
    /// 9.62x at 16 processors and 26.33x at 64 with the null-window search's height,
    /// 10.52x and 27.23x one above it).
    fn split_height<T: GameTree>(tree: &T, options: &SearchOptions, workers: usize) -> u32 {
        match options.split_height {
            Some(given) => given.max(1),
            None => NullWindow::split_height(tree, options, workers).saturating_add(1),
        }
    }

    fn choose<T: GameTree>(
        tree: &T,
        options: &SearchOptions,
        workers: usize,
        used: &mut SearchOptions,
    ) {
        used.split_height = Some(Self::split_height(tree, options, workers));
    }

    fn check<T: GameTree>(tree: &T, options: &SearchOptions) -> Result<(), SettingRefused> {
        crate::kept::check_keep_limit(ParallelAlgorithm::BestFirst, tree, options)
    }

    fn search<T: GameTree, E: Executor>(
        ctx: &Context<'_, T, E>,
        settings: &Settings,
    ) -> Result<Found, Aborted> {
        let tree = ctx.tree;
        let nothing_kept = OwnStats::Kept(Kept::default());
        if !ctx.shares() || tree.degree(tree.root()) == 0 {
            // Nothing to share: serial MTD(f), as the null-window search runs it.
            let found = NullWindow::search(ctx, &settings.tests)?;
            return Ok(Found {
                own: Some(nothing_kept),
                ..found
            });
        }
        let tests = null_window::Run::new(ctx, &settings.tests);
        let guess = tests.first_guess()?;
        let run = Explicit::new(ctx, guess, settings.keep_limit);
        let result = search(&run, &tests)?;
        let peak = run.kept.peak();
        let kept = Kept {
            kept_positions: peak,
            kept_bytes: peak.saturating_mul(std::mem::size_of::<XNode<T::Node>>() as u64),
        };
        Ok(Found {
            own: Some(OwnStats::Kept(kept)),
            guess_source: settings.tests.guess_source(),
            ..Found::from(result)
        })
    }
}

/// A node of the explicit tree.
struct XNode<N> {
    node: N,
    /// Its table key.
    key: u64,
    /// Plies below the root: which question it is asked.
    depth: u32,
    /// Tested whole by the kernel, never opened: below the split height, a leaf, or a
    /// node the memory bound left no room to open.
    frontier: AtomicBool,
    /// Bounds on its value. Memory ordering: `SeqCst` and a fence between a worker's
    /// write and its reads of the brothers ([`set_and_back_up`]).
    lo: AtomicI64,
    hi: AtomicI64,
    /// A test of this node is under way (claimed by compare-and-swap).
    running: AtomicBool,
    /// The least rank below, and the test it was computed in (`pack`). A heuristic:
    /// `Relaxed`, a stale rank only sends a worker to a worse unit.
    rank: AtomicU64,
    /// Its children, once opened (empty where the memory bound refused them).
    children: OnceLock<Box<[XNode<N>]>>,
}

impl<N> XNode<N> {
    fn new(node: N, key: u64, depth: u32, frontier: bool) -> Self {
        XNode {
            node,
            key,
            depth,
            frontier: AtomicBool::new(frontier),
            lo: AtomicI64::new(NEG_INFINITY),
            hi: AtomicI64::new(INFINITY),
            running: AtomicBool::new(false),
            rank: AtomicU64::new(0),
            children: OnceLock::new(),
        }
    }
}

/// Where a node stands against its question in the current test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Open,
    /// Worth at least its threshold.
    Proven,
    /// Worth less.
    Disproven,
}

/// A rank with the test it belongs to.
fn pack(test: u64, rank: u64) -> u64 {
    (test << 48) | rank.min(UNAVAILABLE)
}

/// The explicit tree and the test under way.
struct Explicit<'a, 'c, T: GameTree, E: Executor> {
    ctx: &'a Context<'c, T, E>,
    root: XNode<T::Node>,
    /// The root's threshold, the test under way, and whether the search has ended.
    thresholds: Thresholds,
    /// The positions the explicit tree holds, within the memory bound.
    kept: Budget,
    /// Per depth: children of nodes at that depth resolved so far, and those of them
    /// that refuted their parent. Memory ordering: `Relaxed`, counts for a heuristic.
    resolved: Vec<(AtomicU64, AtomicU64)>,
}

/// A claimed test: the path from the root to its node, its threshold, its test, and
/// the statuses on the path before its result. Each worker reuses one.
struct Unit<'x, N> {
    path: Vec<&'x XNode<N>>,
    g: Value,
    test: u64,
    before: Vec<Status>,
}

thread_local! {
    /// The open children of the node a descent is at, with their upper bounds
    /// ([`Explicit::least_rank`]): one buffer per thread, so a descent allocates nothing.
    static OPEN: std::cell::RefCell<Vec<(Value, usize)>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl<'a, 'c, T: GameTree, E: Executor> Explicit<'a, 'c, T, E> {
    fn new(ctx: &'a Context<'c, T, E>, guess: Value, keep_limit: u64) -> Self {
        let tree = ctx.tree;
        Explicit {
            ctx,
            root: XNode::new(tree.root(), root_key(tree), 0, false),
            thresholds: Thresholds::new(guess),
            kept: Budget::new(keep_limit),
            resolved: (0..=tree.height())
                .map(|_| (AtomicU64::new(0), AtomicU64::new(0)))
                .collect(),
        }
    }

    /// The rank an open brother before a child of a node at `depth` adds ([`weight`]).
    fn weight_at(&self, depth: u32) -> u64 {
        self.resolved.get(depth as usize).map_or(1, |(all, refuted)| {
            weight(refuted.load(Ordering::Relaxed), all.load(Ordering::Relaxed))
        })
    }

    /// The threshold a node at `depth` is asked about when the root's is `gamma`.
    fn threshold(gamma: Value, depth: u32) -> Value {
        if depth.is_multiple_of(2) { gamma } else { 1 - gamma }
    }

    fn status(x: &XNode<T::Node>, gamma: Value) -> Status {
        let g = Self::threshold(gamma, x.depth);
        if x.lo.load(Ordering::SeqCst) >= g {
            Status::Proven
        } else if x.hi.load(Ordering::SeqCst) < g {
            Status::Disproven
        } else {
            Status::Open
        }
    }

    /// `x`'s rank as a parent reads it in test `test`: its stored one if computed in
    /// this test, else what can be seen without looking below it.
    fn rank_of(x: &XNode<T::Node>, test: u64, gamma: Value) -> u64 {
        let stored = x.rank.load(Ordering::Relaxed);
        if stored >> 48 == test {
            return stored & UNAVAILABLE;
        }
        if Self::status(x, gamma) != Status::Open
            || (x.frontier.load(Ordering::Relaxed) && x.running.load(Ordering::Relaxed))
        {
            UNAVAILABLE
        } else {
            0
        }
    }

    /// The least rank among the open children of an opened node, `w` per open brother
    /// before a child, and that child's index. The open children are taken by their
    /// upper bound, lowest first, ties in search order; the list is kept in a buffer of
    /// the worker's, so a descent allocates nothing.
    fn least_rank(
        children: &[XNode<T::Node>],
        gamma: Value,
        test: u64,
        w: u64,
    ) -> Option<(u64, usize)> {
        OPEN.with_borrow_mut(|open| {
            open.clear();
            open.extend(
                children
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| Self::status(c, gamma) == Status::Open)
                    .map(|(i, c)| (c.hi.load(Ordering::SeqCst), i)),
            );
            open.sort_unstable();
            open.iter()
                .enumerate()
                .map(|(k, &(_, i))| {
                    let rank = (k as u64 * w).saturating_add(Self::rank_of(&children[i], test, gamma));
                    (rank, i)
                })
                .filter(|&(rank, _)| rank < UNAVAILABLE)
                .min_by_key(|&(rank, _)| rank)
        })
    }

    /// The least rank below `x` in test `test`, from its children's.
    fn compute_rank(&self, x: &XNode<T::Node>, test: u64, gamma: Value) -> u64 {
        if Self::status(x, gamma) != Status::Open {
            return UNAVAILABLE;
        }
        let children = match x.children.get() {
            Some(children) if !children.is_empty() => children,
            _ if x.frontier.load(Ordering::Relaxed) && x.running.load(Ordering::Relaxed) => {
                return UNAVAILABLE;
            }
            _ => return 0,
        };
        Self::least_rank(children, gamma, test, self.weight_at(x.depth))
            .map_or(UNAVAILABLE, |(rank, _)| rank)
    }

    /// Recomputes the ranks along `path`, deepest first.
    fn refresh(&self, path: &[&XNode<T::Node>]) {
        let test = self.thresholds.test();
        let gamma = self.thresholds.gamma();
        for x in path.iter().rev() {
            x.rank
                .store(pack(test, self.compute_rank(x, test, gamma)), Ordering::Relaxed);
        }
    }

    /// Opens `x`: its children, within the memory bound (else `x` becomes a frontier
    /// node). Returns whether it has children to descend to, and counts a position for
    /// the worker that opened it.
    fn open(&self, x: &XNode<T::Node>) -> bool {
        let tree = self.ctx.tree;
        let mut opened = false;
        let children = x.children.get_or_init(|| {
            opened = true;
            let degree = tree.degree(x.node);
            if !self.kept.keep(degree as u64) {
                x.frontier.store(true, Ordering::Relaxed);
                return Box::new([]);
            }
            let moves = tree.children(x.node);
            (0..degree)
                .map(|i| {
                    let child = tree.child(x.node, &moves, i);
                    let frontier = !self.ctx.splits(child) || tree.degree(child) == 0;
                    XNode::new(child, child_key(tree, child, x.key, i), x.depth + 1, frontier)
                })
                .collect()
        });
        if opened {
            // An opened node is this search's split point: it allocates its children.
            self.ctx.with_slot(|slot| slot.stats.splits += 1);
            self.ctx.examined_outside(1, 0);
            self.ctx.executor.event(Event::SplitPoint);
        }
        !children.is_empty()
    }

    /// Descends from the root to the open unit of least rank and claims it, into
    /// `unit`; `false` if none could be claimed this time (the ranks on the path are
    /// refreshed).
    fn select<'x>(&'x self, unit: &mut Unit<'x, T::Node>) -> bool {
        let test = self.thresholds.test();
        let gamma = self.thresholds.gamma();
        let path = &mut unit.path;
        path.clear();
        path.push(&self.root);
        loop {
            let x = *path.last().expect("the path starts at the root");
            self.ctx.executor.event(Event::TableProbe);
            if Self::status(x, gamma) != Status::Open {
                break;
            }
            if x.frontier.load(Ordering::Relaxed) || !self.open(x) {
                // Memory ordering: `Acquire` on success, so the test sees the bounds
                // the last test of this node set; `Release` when it is given back.
                if x
                    .running
                    .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
                    .is_ok()
                {
                    self.refresh(path);
                    unit.g = Self::threshold(gamma, x.depth);
                    unit.test = test;
                    return true;
                }
                break;
            }
            let children = x.children.get().expect("opened above");
            let best = Self::least_rank(children, gamma, test, self.weight_at(x.depth));
            let Some((_, i)) = best else { break };
            path.push(&children[i]);
        }
        self.refresh(path);
        false
    }

    /// Takes a test's result (`None`: it ended without one): the bound, backed up the
    /// path, the ranks refreshed, the next threshold if the root is resolved.
    fn complete(&self, unit: &mut Unit<'_, T::Node>, result: Option<Value>) {
        let x = *unit.path.last().expect("a unit has a node");
        let gamma = self.thresholds.gamma();
        unit.before.clear();
        unit.before
            .extend(unit.path.iter().map(|x| Self::status(x, gamma)));
        if let Some(v) = result {
            set_and_back_up(&unit.path, unit.g, v);
            for _ in 1..unit.path.len() {
                self.ctx.executor.event(Event::TableStore);
            }
        }
        // The children resolved by this result, counted by their parent's depth.
        for (k, child) in unit.path.iter().enumerate().skip(1) {
            let now = Self::status(child, gamma);
            if unit.before[k] == Status::Open && now != Status::Open {
                let (all, refuted) = &self.resolved[unit.path[k - 1].depth as usize];
                all.fetch_add(1, Ordering::Relaxed);
                if now == Status::Disproven {
                    refuted.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        x.running.store(false, Ordering::Release);
        self.refresh(&unit.path);
        self.advance_if_resolved();
    }

    /// While the root answers the current test: the next threshold, or the end
    /// ([`Thresholds::advance`]).
    fn advance_if_resolved(&self) {
        let set = self.thresholds.advance(&self.root.lo, &self.root.hi);
        if set > 0 {
            self.ctx.with_slot(|slot| slot.stats.tests += set);
        }
    }

    /// Whether a running unit's result is still wanted.
    fn wanted(&self, unit: &Unit<'_, T::Node>) -> bool {
        if self.thresholds.done() || self.thresholds.test() != unit.test {
            return false;
        }
        let gamma = self.thresholds.gamma();
        unit.path.iter().all(|x| Self::status(x, gamma) == Status::Open)
    }
}

/// Sets the bound that a test of the last node of `path` with threshold `g` gave (its
/// fail-soft result `v`), then backs the bounds up the path: each parent's from every
/// child's, read after the write below it. Two workers backing up brothers at once
/// each write, pass a `SeqCst` fence, then read, so at least one of them reads both
/// writes. The loom model in `loom_models.rs` checks it, and catches the reads taken
/// before the write. (`SeqCst` accesses alone would do too, but loom models them as
/// acquire-release; it models the fence in full.)
fn set_and_back_up<N>(path: &[&XNode<N>], g: Value, v: Value) {
    let x = path.last().expect("a path has a node");
    if v >= g {
        x.lo.fetch_max(v, Ordering::SeqCst);
    } else {
        x.hi.fetch_min(v, Ordering::SeqCst);
    }
    for parent in path.iter().rev().skip(1) {
        fence(Ordering::SeqCst);
        let (lo, hi) = negamax(parent);
        parent.lo.fetch_max(lo, Ordering::SeqCst);
        parent.hi.fetch_min(hi, Ordering::SeqCst);
    }
}

/// The bounds an opened node's children give it: the negamax of theirs.
fn negamax<N>(parent: &XNode<N>) -> (Value, Value) {
    let children = parent.children.get().expect("a parent on a path is opened");
    let (mut lo, mut hi) = (NEG_INFINITY, NEG_INFINITY);
    for c in children.iter() {
        lo = lo.max(c.hi.load(Ordering::SeqCst).saturating_neg());
        hi = hi.max(c.lo.load(Ordering::SeqCst).saturating_neg());
    }
    (lo, hi)
}

/// Broken, for the loom model to catch: [`set_and_back_up`] on a path of two nodes with
/// the brothers read before the child is written, so two workers can each miss the
/// other's bound.
#[cfg(all(test, loom))]
fn back_up_read_first<N>(path: &[&XNode<N>], g: Value, v: Value) {
    let (parent, x) = (path[0], path[1]);
    let children = parent.children.get().expect("a parent on a path is opened");
    let brothers: Vec<(Value, Value)> = children
        .iter()
        .filter(|c| !std::ptr::eq(*c, x))
        .map(|c| (c.lo.load(Ordering::SeqCst), c.hi.load(Ordering::SeqCst)))
        .collect();
    if v >= g {
        x.lo.fetch_max(v, Ordering::SeqCst);
    } else {
        x.hi.fetch_min(v, Ordering::SeqCst);
    }
    let mut lo = x.hi.load(Ordering::SeqCst).saturating_neg();
    let mut hi = x.lo.load(Ordering::SeqCst).saturating_neg();
    for (brother_lo, brother_hi) in brothers {
        lo = lo.max(brother_hi.saturating_neg());
        hi = hi.max(brother_lo.saturating_neg());
    }
    parent.lo.fetch_max(lo, Ordering::SeqCst);
    parent.hi.fetch_min(hi, Ordering::SeqCst);
}

/// The probe of a test: it ends when its result is no longer wanted.
struct UnitProbe<'u, 'x, 'a, 'c, T: GameTree, E: Executor> {
    run: &'u Explicit<'a, 'c, T, E>,
    unit: &'u Unit<'x, T::Node>,
}

impl<T: GameTree, E: Executor> Probe for UnitProbe<'_, '_, '_, '_, T, E> {
    const ENABLED: bool = true;

    fn poll(&mut self, _examined: u64) -> Poll {
        if self.run.ctx.stopped() || !self.run.wanted(self.unit) {
            Poll::Abort
        } else {
            Poll::Continue
        }
    }
}

/// Every worker takes units until the root's bounds meet; returns the root value and
/// the search-order index of a root move worth it.
fn search<T: GameTree, E: Executor>(
    run: &Explicit<'_, '_, T, E>,
    tests: &null_window::Run<'_, '_, T, E>,
) -> Result<(Value, Option<usize>), Aborted> {
    let ctx = run.ctx;
    let work = || {
        let depth = ctx.tree.height() as usize + 1;
        let mut unit = Unit {
            path: Vec::with_capacity(depth),
            g: 0,
            test: 0,
            before: Vec::with_capacity(depth),
        };
        // A worker that panics ends the search for the others, which would otherwise
        // wait for its unit for ever; the fork passes the panic on as an error.
        let _end = EndOnPanic(&run.thresholds);
        while !run.thresholds.done() && !ctx.stopped() {
            if !run.select(&mut unit) {
                // Nothing to claim now: the root may answer the test (see
                // `threshold.rs`); else look again after a table probe's time.
                run.advance_if_resolved();
                ctx.executor.event(Event::Wait);
                std::hint::spin_loop();
                continue;
            }
            let x = *unit.path.last().expect("a unit has a node");
            let mut probe = UnitProbe { run, unit: &unit };
            let result = tests.test(x.node, x.key, (unit.g - 1, unit.g), &mut probe);
            if result.is_err() {
                ctx.with_slot(|slot| slot.stats.aborts += 1);
            }
            run.complete(&mut unit, result.ok().map(|(v, _)| v));
        }
    };
    ctx.fork(ctx.threads() - 1, work);
    if !run.thresholds.done() {
        return Err(Aborted);
    }
    let value = run.root.lo.load(Ordering::SeqCst);
    let children = run.root.children.get().map_or(&[][..], |c| &c[..]);
    let best = children
        .iter()
        .position(|c| c.hi.load(Ordering::SeqCst).saturating_neg() == value);
    Ok((value, best))
}

/// Ends the search when dropped while its worker panics.
struct EndOnPanic<'a>(&'a Thresholds);

impl Drop for EndOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.end();
        }
    }
}
