//! The null-window search: MTD(f) with every pass searched in parallel. The root value
//! is found by null-window tests ("is the value at least `beta`?"), their thresholds
//! chosen as the serial MTD(f) chooses them ([`abbench_search::Bracket`]: a first guess
//! given, or on a game the middle of its root's range, or else from a search two plies
//! shallower; steps that double away from it, bisection of the bracket, one narrow
//! window at the end); each test is one memory-enhanced fail-soft
//! alpha-beta search of the whole tree, shared by all workers:
//!
//! ```text
//! pass(p, alpha, beta):                       (fail-soft, memory-enhanced)
//!   if p is below the split height: MTD(f)'s kernel on the shared table
//!   narrow (alpha, beta) by p's entry, or return the bound it proves
//!   g := -inf
//!   for the eldest (at an expected cut node: the first `cut_wait`), by this worker:
//!     g := max(g, -pass(p_i, -beta, -max(alpha, g)));  if g >= beta: store, return g
//!   in parallel, the younger brothers, one at a time to this worker and idle helpers:
//!     t := -pass(p_i, -beta, -max(alpha, g));  g := max(g, t)
//!     if t >= beta: the others stop (a cutoff)
//!   store p's bounds; return g
//! ```
//!
//! Inside a null-window pass the window of every node is fixed: `max(alpha, g)` cannot
//! rise while `g < beta` (`beta = alpha + 1`), so no worker ever searches with a bound
//! that a brother's result would have tightened — the stale bound of young brothers wait
//! does not exist here. What is left is speculation: younger brothers searched while an
//! older one is about to cut off. Every worker shares one node table
//! ([`crate::table::NodeTable`]) at every position down to two plies above the leaves,
//! as serial MTD(f)'s table; what one pass learnt makes the next cheap, whichever worker
//! learnt it. With more than four workers several tests are under way at once
//! (`overlap.rs`), so that no pass ends in a join where the processors idle; the first
//! guess is searched by young brothers wait on the guess's own tree ([`guess_node`]).
//! The protocol, the memory ordering of what the workers share, and the
//! measurements behind the rules are in `README.md` beside this file.

use crate::SearchOptions;
use crate::algorithm::{Found, Search};
use crate::context::Context;
use crate::executor::Executor;
use crate::handout::Handout;
use crate::split_point::Kind;
use crate::table::Bounds;
use abbench_search::{
    Aborted, Basic, Bracket, Counters, GUESS_PLIES, GuessSource, Pass, Poll, Probe,
    SerialOptions, UNTABLED_PLIES, child_key, clamp_guess, final_width, guess_below, guess_rule, mtdf_guess, root_key,
    rules_middle,
};
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY, Value};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};

mod kernel;
mod overlap;
#[cfg(test)]
mod test;

use kernel::Kernels;

/// Positions per null-window pass below a parallel node of a game, at two workers: with
/// `w` workers the grain is `GAME_GRAIN_POSITIONS * 2 / w` ([`game_split_height`]).
///
/// Measured on Connect Four's mid-game sample (`crates/tree/data/connect4/sample-mid-hard20.txt`,
/// 16-core Xeon, `reports/parallel/2026-11-27-xeon16/`): at split heights 13, 16, 19,
/// 22 and 25 the search at two workers ran 1.26, 1.24, 1.40, 1.11 and 0.97 times as fast
/// as serial MTD(f) (summed time over the 20 positions), at 16 workers 2.66, 2.62, 2.40,
/// 1.61 and 1.15 times; the random-tree rule's height 7 gave 0.80 at two. With 1.5
/// positions per ply, 2048 gives 19 at two workers, 18 at four, 16 at eight and 14 at
/// sixteen.
pub const GAME_GRAIN_POSITIONS: f64 = 2048.0;

/// The split height of the null-window search on a tree whose passes examine `per_ply`
/// positions per ply ([`GameTree::branching_per_ply`], above 1) with `workers` workers: the
/// least remaining height `r` with `per_ply^r` at least the grain,
/// `GAME_GRAIN_POSITIONS * 2 / workers` (the full grain at one or two workers). A
/// position of a game costs many times a random tree's (a move generation, a table
/// probe), so its grain in positions is smaller than [`crate::SERIAL_GRAIN_POSITIONS`];
/// more workers need more parallel nodes to keep busy, hence the scaling, as young
/// brothers wait's eldest grain scales.
pub fn game_split_height(per_ply: f64, workers: usize) -> u32 {
    let grain = (GAME_GRAIN_POSITIONS * 2.0 / workers.max(2) as f64).max(1.0);
    (grain.ln() / per_ply.ln()).ceil().max(1.0) as u32
}

/// The null-window search ([`crate::ParallelAlgorithm::NullWindow`]).
pub(crate) struct NullWindow;

impl Search for NullWindow {

    type Settings = Settings;

    fn settings(options: &SearchOptions, workers: usize) -> Settings {
        Settings {
            cut_wait: crate::ybwc::cut_wait_for(options) as usize,
            tests: overlapping_tests(workers),
            guess: options.guess,
        }
    }

    /// The one given; else, on a tree that gives its positions per ply (a game),
    /// [`game_split_height`]; else the random-tree rule.
    fn split_height<T: GameTree>(tree: &T, options: &SearchOptions, workers: usize) -> u32 {
        match (options.split_height, tree.branching_per_ply()) {
            (None, Some(per_ply)) if per_ply > 1.0 => game_split_height(per_ply, workers),
            _ => crate::options::split_height_for(options, tree.max_degree()),
        }
    }

    fn choose<T: GameTree>(
        tree: &T,
        options: &SearchOptions,
        workers: usize,
        used: &mut SearchOptions,
    ) {
        used.split_height = Some(Self::split_height(tree, options, workers));
        used.cut_wait = Some(crate::ybwc::cut_wait_for(options));
    }

    fn search<T: GameTree, E: Executor>(
        ctx: &Context<'_, T, E>,
        settings: &Settings,
    ) -> Result<Found, Aborted> {
        let found = search(&Run::new(ctx, settings))?;
        Ok(Found {
            guess_source: settings.guess_source(),
            ..found
        })
    }
}

/// What the null-window search is told.
pub(crate) struct Settings {
    /// Brothers searched alone at an expected cut node
    /// ([`crate::ybwc::cut_wait_for`]).
    cut_wait: usize,
    /// Null-window tests under way at once ([`overlapping_tests`]).
    tests: usize,
    /// The first guess, if given ([`abbench_search::Settings::guess`]).
    guess: Option<Value>,
}

impl Settings {
    /// Where the first guess comes from, where the search names it: a guess given.
    pub(crate) fn guess_source(&self) -> Option<GuessSource> {
        self.guess.map(|_| GuessSource::Given)
    }
}

/// Null-window tests under way at once on `workers` workers: `ceil(sqrt(workers) / 2)`,
/// so one up to 4 workers, 2 up to 16, 4 at 64 (the measurements are in `README.md`).
pub(crate) fn overlapping_tests(workers: usize) -> usize {
    let mut tests = 1;
    while 4 * tests * tests < workers {
        tests += 1;
    }
    tests
}

/// One search: the shared context, the workers' table kernels, the cut wait, the tests
/// under way at once, the given first guess, and whether the tree has transpositions
/// (position keys). It dereferences to the context, which is what most of the search
/// reads.
pub(crate) struct Run<'a, 'c, T: GameTree, E: Executor> {
    ctx: &'a Context<'c, T, E>,
    kernels: Kernels<T>,
    cut_wait: usize,
    tests: usize,
    guess: Option<Value>,
    transpositions: bool,
}

impl<'a, 'c, T: GameTree, E: Executor> Run<'a, 'c, T, E> {
    /// A search on `ctx` told `settings`: its kernels made, nothing searched yet.
    pub(crate) fn new(ctx: &'a Context<'c, T, E>, settings: &Settings) -> Self {
        Run {
            ctx,
            kernels: Kernels::new(ctx),
            cut_wait: settings.cut_wait,
            tests: settings.tests,
            guess: settings.guess,
            transpositions: ctx.tree.position_key(ctx.tree.root()).is_some(),
        }
    }

    /// The first threshold, as serial MTD(f) chooses it ([`first_guess`]); the
    /// best-first search starts from it too.
    pub(crate) fn first_guess(&self) -> Result<Value, Aborted> {
        first_guess(self)
    }

    /// A test of `node` (table key `key`) with `window` by MTD(f)'s kernel on the
    /// shared table, on the calling worker, polling `probe`: the best-first search's
    /// unit of work.
    pub(crate) fn test<P: Probe>(
        &self,
        node: T::Node,
        key: u64,
        window: (Value, Value),
        probe: &mut P,
    ) -> Result<(Value, Option<usize>), Aborted> {
        self.kernels.search(self.ctx, node, key, window, probe)
    }
}

impl<'c, T: GameTree, E: Executor> std::ops::Deref for Run<'_, 'c, T, E> {
    type Target = Context<'c, T, E>;
    fn deref(&self) -> &Context<'c, T, E> {
        self.ctx
    }
}

/// Searches the whole tree: the root value, the search-order index of the root move that
/// produced it, and the passes it made one at a time.
fn search<T: GameTree, E: Executor>(ctx: &Run<'_, '_, T, E>) -> Result<Found, Aborted> {
    let tree = ctx.tree;
    let root = tree.root();
    let guess = first_guess(ctx)?;
    if ctx.tests > 1 && ctx.shares() && tree.degree(root) > 0 {
        return overlap::search(ctx, guess, ctx.tests).map(Found::from);
    }
    let mut bracket = Bracket::new(guess, final_width(tree));
    let mut best_move = None;
    let mut passes = Vec::new();
    // One pass at a time: every pass's positions are those counted between its start
    // and its end (every worker's searches have returned by then).
    let mut before = ctx.examined_so_far();
    loop {
        let window = bracket.window();
        if window.1 - window.0 == 1 {
            ctx.with_slot(|slot| slot.stats.tests += 1);
        }
        let (g, best) = pass(ctx, root, window)?;
        let after = ctx.examined_so_far();
        passes.push(Pass {
            alpha: window.0,
            beta: window.1,
            value: g,
            nodes: after.0 - before.0,
            leaves: after.1 - before.1,
        });
        before = after;
        if bracket.names_move(g, best.map_or(u32::MAX, |i| i as u32)) {
            best_move = best;
        }
        let (value, best) = match bracket.record(g) {
            _ if tree.degree(root) == 0 => (Some(g), None),
            value => (value, best_move),
        };
        if let Some(value) = value {
            return Ok(Found {
                value,
                best,
                passes,
                ..Found::default()
            });
        }
    }
}

/// MTD(f)'s first guess, the serial search's ([`mtdf_guess`]): given (`--guess`); on a
/// game, the middle of the range its rules give the root's value ([`rules_middle`]),
/// nothing searched; else the value of a search two plies shallower. That search costs
/// about a tenth of a serial MTD(f) on random d16 h8 (2.1M of 22.6M positions, seed
/// 8101): searched by one worker it would leave the others idle for that long. Young brothers wait on the guess's own tree ([`guess_node`]) gives the
/// same value (every result above its bound is exact): on random d16 h8 seed 8101 the
/// guess took 26% of the search's time at 64 simulated processors with the root's moves
/// alone in parallel, 10% split down to the guess tree's split height.
fn first_guess<T: GameTree, E: Executor>(ctx: &Run<'_, '_, T, E>) -> Result<Value, Aborted> {
    let tree = ctx.tree;
    let root = tree.root();
    let degree = tree.degree(root);
    if let Some(guess) = ctx.guess {
        return Ok(guess);
    }
    let rule = guess_rule(tree);
    match rule {
        GuessSource::Zero => return Ok(0),
        GuessSource::Middle => return Ok(rules_middle(tree).unwrap_or(0)),
        _ => {}
    }
    let counted = |counters: Basic| {
        let stats = counters.stats();
        ctx.examined_outside(stats.nodes, stats.leaves);
    };
    let below = |node: T::Node, floor: Value| {
        let mut counters = Basic::for_height(tree.height());
        let mut probe = CutProbe { ctx, above: None };
        let found = guess_below(
            tree,
            rule,
            node,
            (NEG_INFINITY, -floor),
            &mut counters,
            &mut probe,
        );
        counted(counters);
        found.map(|v| -v)
    };
    if degree == 0 || tree.depth(root) + GUESS_PLIES >= tree.height() {
        // The root is at the guess's horizon: the serial guess, a few positions.
        let mut counters = Basic::for_height(tree.height());
        let (guess, _) = mtdf_guess(tree, &SerialOptions::default(), &mut counters);
        counted(counters);
        return Ok(guess);
    }
    if !ctx.shares() || degree < 2 {
        // F2 over the root's moves, one after another.
        ctx.examined_outside(1, 0);
        let children = tree.children(root);
        let mut m = NEG_INFINITY;
        for i in 0..degree {
            m = m.max(below(tree.child(root, &children, i), m)?);
        }
        return Ok(clamp_guess(m));
    }
    Ok(clamp_guess(guess_node(
        ctx,
        rule,
        root,
        (NEG_INFINITY, INFINITY),
        None,
    )?))
}

/// The guess's value of `node` with `window` (fail-soft): where the guess's own tree
/// (the tree two plies shallower) is at least the split height tall below `node`, the
/// eldest child first and the younger ones in parallel, each with the best value so far
/// as its bound (young brothers wait); below, the serial guess.
fn guess_node<T: GameTree, E: Executor>(
    ctx: &Run<'_, '_, T, E>,
    rule: GuessSource,
    node: T::Node,
    (alpha, beta): (Value, Value),
    above: Option<&Cut<'_>>,
) -> Result<Value, Aborted> {
    let tree = ctx.tree;
    let degree = tree.degree(node);
    let below = tree.remaining_height(node).saturating_sub(GUESS_PLIES);
    if degree < 2 || below < ctx.split_height {
        let mut counters = Basic::for_height(tree.height());
        let mut probe = CutProbe { ctx, above };
        let found = guess_below(tree, rule, node, (alpha, beta), &mut counters, &mut probe);
        let stats = counters.stats();
        ctx.examined_outside(stats.nodes, stats.leaves);
        return found;
    }
    if stops(ctx, above) {
        return Err(Aborted);
    }
    ctx.examined_outside(1, 0);
    let children = tree.children(node);
    let eldest = tree.child(node, &children, 0);
    let g = -guess_node(ctx, rule, eldest, (-beta, -alpha), above)?;
    if g >= beta {
        return Ok(g);
    }
    // Memory ordering: `Relaxed`. `moves` hands out each child once (`handout.rs`);
    // `floor` only rises and carries no data (read late, it gives a wider window, whose
    // fail-soft result is as true); `best` and `incomplete` are read after the join.
    let here = Cut::below(above);
    let floor = AtomicI64::new(alpha.max(g));
    let best = AtomicI64::new(g);
    let incomplete = AtomicBool::new(false);
    let moves = Handout::new(1, degree);
    ctx.fork((ctx.threads() - 1).min(degree - 2), || {
        loop {
            if here.closed() || ctx.stopped() {
                return;
            }
            let Some(i) = moves.take() else {
                return;
            };
            ctx.strand();
            let child = tree.child(node, &children, i);
            let window = (-beta, -floor.load(Ordering::Relaxed));
            match guess_node(ctx, rule, child, window, Some(&here)) {
                Ok(v) => {
                    best.fetch_max(-v, Ordering::Relaxed);
                    floor.fetch_max(-v, Ordering::Relaxed);
                    if -v >= beta {
                        here.cut_off();
                    }
                }
                Err(Aborted) if here.cut_here() => {}
                Err(Aborted) => incomplete.store(true, Ordering::Relaxed),
            }
        }
    });
    let g = best.load(Ordering::Relaxed);
    if g >= beta {
        return Ok(g);
    }
    if incomplete.load(Ordering::Relaxed) || !moves.is_exhausted() {
        return Err(Aborted);
    }
    Ok(g)
}

/// One pass: the root searched with `window`, in parallel when the search shares work.
fn pass<T: GameTree, E: Executor>(
    ctx: &Run<'_, '_, T, E>,
    root: T::Node,
    window: (Value, Value),
) -> Result<(Value, Option<usize>), Aborted> {
    if !ctx.shares() {
        let mut probe = CutProbe { ctx, above: None };
        return ctx
            .kernels
            .search(ctx, root, root_key(ctx.tree), window, &mut probe);
    }
    node(ctx, root, root_key(ctx.tree), window, Kind::Pv, None)
}

/// A node searched in parallel: set when one of its children failed high, so that the
/// searches of its other children stop. Chained to the same of its ancestors: a search
/// stops when any node above it was cut.
///
/// Memory ordering of `cut`: `Relaxed` both ways. It carries no data: the results travel
/// through the node's mutex, read after the fork's join (which synchronises); a worker
/// that reads the flag late only examines a few more positions. The loom model in
/// `test.rs` checks that a cut two nodes up reaches a search below and stays seen.
struct Cut<'a> {
    cut: crate::sync::AtomicBool,
    above: Option<&'a Cut<'a>>,
}

impl<'a> Cut<'a> {
    /// A parallel node not cut yet, below `above`.
    fn below(above: Option<&'a Cut<'a>>) -> Self {
        Cut {
            cut: crate::sync::AtomicBool::new(false),
            above,
        }
    }

    /// A child failed high: the searches of the others stop.
    fn cut_off(&self) {
        self.cut.store(true, crate::sync::Ordering::Relaxed);
    }

    /// Not cut (a root flag reused for another test).
    fn reset(&self) {
        self.cut.store(false, crate::sync::Ordering::Relaxed);
    }

    /// Whether this node itself was cut.
    fn cut_here(&self) -> bool {
        self.cut.load(crate::sync::Ordering::Relaxed)
    }

    /// Whether this node or one above it was cut.
    fn closed(&self) -> bool {
        let mut at = Some(self);
        while let Some(node) = at {
            if node.cut_here() {
                return true;
            }
            at = node.above;
        }
        false
    }
}

/// Whether a node below `above` must stop: a node above was cut, or time ran out.
fn stops<T: GameTree, E: Executor>(ctx: &Context<'_, T, E>, above: Option<&Cut<'_>>) -> bool {
    ctx.stopped() || above.is_some_and(Cut::closed)
}

/// The probe of a kernel search below a parallel node: aborts when a node above it was
/// cut or time ran out. Its window never narrows.
struct CutProbe<'a, 'c, T: GameTree, E: Executor> {
    ctx: &'a Context<'c, T, E>,
    above: Option<&'a Cut<'a>>,
}

impl<T: GameTree, E: Executor> Probe for CutProbe<'_, '_, T, E> {
    const ENABLED: bool = true;

    fn poll(&mut self, _examined: u64) -> Poll {
        if stops(self.ctx, self.above) {
            Poll::Abort
        } else {
            Poll::Continue
        }
    }
}

/// Memory-enhanced fail-soft alpha-beta of `node` (table key `key`, expected `kind`)
/// with `window`, its younger children searched in parallel (the module docs); `above`
/// is the nearest parallel node above it. Returns the value bound and the search-order
/// index of the child that produced it.
fn node<T: GameTree, E: Executor>(
    ctx: &Run<'_, '_, T, E>,
    node: T::Node,
    key: u64,
    (alpha, beta): (Value, Value),
    kind: Kind,
    above: Option<&Cut<'_>>,
) -> Result<(Value, Option<usize>), Aborted> {
    if !ctx.splits(node) {
        let mut probe = CutProbe { ctx, above };
        return ctx
            .kernels
            .search(ctx, node, key, (alpha, beta), &mut probe);
    }
    if stops(ctx, above) {
        return Err(Aborted);
    }
    ctx.visit();
    if !tabled(ctx.tree, node) {
        // As close to the leaves as serial MTD(f) keeps nothing (a split height of 1 or
        // 2): neither looked up nor stored, as there.
        return children(ctx, node, key, (alpha, beta), kind, above, None);
    }
    let probed = match ctx.probe_window(node, key, (alpha, beta)) {
        Ok(probed) => probed,
        Err(bound) => return Ok((bound, None)),
    };
    let window = probed.window;
    let (g, best) = children(ctx, node, key, window, kind, above, probed.best)?;
    // Only a result above `alpha` names a child worth trying first: below it, `best` is
    // merely the child with the highest upper bound.
    ctx.table_store_move(
        key,
        ctx.tree.depth(node),
        Bounds::after_search(probed.stored, window, g),
        best.filter(|_| g > window.0),
    );
    Ok((g, best))
}

/// The children of `node` (table key `key`, expected `kind`) searched with the window
/// `(alpha, beta)` its entry left, `remembered` (the child that gave its bound in an
/// earlier pass) first: those the table does not answer, the eldest and at an expected
/// cut node the brothers up to the cut wait by this worker alone, the rest in parallel.
/// Returns the node's fail-soft value bound and the child that produced it.
fn children<T: GameTree, E: Executor>(
    ctx: &Run<'_, '_, T, E>,
    node: T::Node,
    key: u64,
    (alpha, beta): (Value, Value),
    kind: Kind,
    above: Option<&Cut<'_>>,
    remembered: Option<usize>,
) -> Result<(Value, Option<usize>), Aborted> {
    let tree = ctx.tree;
    let children = tree.children(node);
    let degree = tree.degree(node);
    let ((mut g, mut best), answered) =
        answered_by_table(ctx, (node, &children), key, (alpha, beta));
    // The child that gave the node's bound in an earlier pass goes first: what cut the
    // node at one threshold usually cuts it at the next.
    let order = Order {
        first: remembered.filter(|&i| i < degree && !answered.contains(i)),
    };
    // The eldest left, and at an expected cut node the brothers after it up to the cut
    // wait, by this worker alone: one of them usually cuts off.
    let alone = kind.searched_alone(ctx.cut_wait);
    let (mut position, mut searched) = (0, 0);
    while g < beta && searched < alone && position < degree {
        let i = order.child(position);
        position += 1;
        if answered.contains(i) {
            continue;
        }
        searched += 1;
        let child = tree.child(node, &children, i);
        let window = (-beta, -alpha.max(g));
        let key = child_key(tree, child, key, i);
        let t = -self::node(ctx, child, key, window, kind.child(i), above)?.0;
        if t > g {
            g = t;
            best = Some(i);
        }
    }
    if g < beta && position < degree {
        let rest = Rest {
            order,
            answered,
            from: position,
        };
        let at = (node, &children, key);
        (g, best) = younger(ctx, at, (alpha, beta), kind, above, rest, (g, best))?;
    }
    Ok((g, best))
}

/// The children's entries, read before any child is searched (enhanced transposition
/// cutoffs): one that proves a cutoff ends the node without a search, and one that proves
/// a fail-low needs none. Returns the fail-soft maximum and best child they give, and
/// the children answered; what is left is searched, and no helper is sent to a child the
/// table answers. A child its entry answers counts as a position examined, as serial
/// MTD(f) counts a child its table answers; children within [`UNTABLED_PLIES`] of the
/// leaves have no entries and are not looked up.
fn answered_by_table<T: GameTree, E: Executor>(
    ctx: &Run<'_, '_, T, E>,
    (node, children): (T::Node, &T::Children),
    key: u64,
    (alpha, beta): (Value, Value),
) -> ((Value, Option<usize>), Answered) {
    let tree = ctx.tree;
    let (mut g, mut best) = (NEG_INFINITY, None);
    let mut answered = Answered(0);
    if !ctx.transpositions
        || tree.degree(node) == 0
        || !tabled(tree, tree.child(node, children, 0))
    {
        // No transpositions (a child's entry is read when it is searched anyway), or
        // the children are not kept in the table: nothing to look up.
        return ((g, best), answered);
    }
    for i in 0..tree.degree(node) {
        let child = tree.child(node, children, i);
        match ctx.table_probe(child_key(tree, child, key, i)) {
            Some(b) if -b.upper >= beta => {
                ctx.visit();
                g = -b.upper;
                best = Some(i);
                break;
            }
            // Its bound on the node, `-b.lower`, joins the fail-soft maximum.
            Some(b) if -b.lower <= alpha && answered.insert(i) => {
                ctx.visit();
                (g, best) = if -b.lower > g {
                    (-b.lower, Some(i))
                } else {
                    (g, best)
                };
            }
            _ => {}
        }
    }
    ((g, best), answered)
}

/// Whether `node` is kept in the table: every position but those within
/// [`UNTABLED_PLIES`] of the leaves and those the game leaves out
/// ([`GameTree::untabled`]), as serial MTD(f)'s table keeps them.
fn tabled<T: GameTree>(tree: &T, node: T::Node) -> bool {
    tree.depth(node) + UNTABLED_PLIES < tree.height() && !tree.untabled(node)
}

/// The children of a node whose table entries proved a fail-low: no search needed. Only
/// the first 64 are kept (a search allocates nothing per node); a later one is searched.
#[derive(Clone, Copy)]
struct Answered(u64);

impl Answered {
    /// Adds child `i`; whether it could be kept.
    fn insert(&mut self, i: usize) -> bool {
        if i < 64 {
            self.0 |= 1 << i;
        }
        i < 64
    }

    fn contains(self, i: usize) -> bool {
        i < 64 && self.0 & (1 << i) != 0
    }
}

/// The order a node's children are searched in: search order, with `first` moved to the
/// front.
#[derive(Clone, Copy)]
struct Order {
    first: Option<usize>,
}

impl Order {
    /// The child searched at `position`.
    fn child(self, position: usize) -> usize {
        match self.first {
            Some(first) if position == 0 => first,
            Some(first) if position <= first => position - 1,
            _ => position,
        }
    }
}

/// The children a node hands out in parallel: those from `from` on in `order`, but for
/// the `answered` ones.
#[derive(Clone, Copy)]
struct Rest {
    order: Order,
    answered: Answered,
    from: usize,
}

/// Searches the children `rest` of `node` in parallel, handed out one at a time to the
/// calling worker and up to `p - 1` helpers, with `found` the running maximum and
/// best child so far; returns them once every child is searched or one failed high.
fn younger<T: GameTree, E: Executor>(
    ctx: &Run<'_, '_, T, E>,
    (node, children, key): (T::Node, &T::Children, u64),
    (alpha, beta): (Value, Value),
    kind: Kind,
    above: Option<&Cut<'_>>,
    rest: Rest,
    found: (Value, Option<usize>),
) -> Result<(Value, Option<usize>), Aborted> {
    let tree = ctx.tree;
    let degree = tree.degree(node);
    let here = Cut::below(above);
    // Memory ordering: `handout` gives each child once (`handout.rs`); `floor`, the
    // window's lower end for the next child, only rises and carries no data (read late,
    // it gives a wider window, whose fail-soft result is as true); `incomplete` is read
    // after the join. The best value and child travel through `best`'s mutex.
    let handout = Handout::new(rest.from, degree);
    let floor = AtomicI64::new(alpha.max(found.0));
    let incomplete = AtomicBool::new(false);
    let best = Mutex::new(found);
    let owner = ctx.worker();
    ctx.with_slot(|slot| slot.stats.splits += 1);
    ctx.fork((ctx.threads() - 1).min(degree - rest.from - 1), || {
        loop {
            if here.closed() || ctx.stopped() {
                return;
            }
            let Some(position) = handout.take() else {
                return;
            };
            ctx.strand();
            let i = rest.order.child(position);
            if rest.answered.contains(i) {
                continue;
            }
            if ctx.worker() != owner {
                ctx.with_slot(|slot| slot.stats.steals += 1);
            }
            let child = tree.child(node, children, i);
            let key = child_key(tree, child, key, i);
            let window = (-beta, -floor.load(Ordering::Relaxed));
            match self::node(ctx, child, key, window, kind.child(i), Some(&here)) {
                Ok((v, _)) => {
                    let t = -v;
                    let mut best = best.lock().unwrap_or_else(|p| p.into_inner());
                    if t > best.0 {
                        *best = (t, Some(i));
                    }
                    drop(best);
                    floor.fetch_max(t, Ordering::Relaxed);
                    if t >= beta {
                        here.cut_off();
                    }
                }
                // A child stopped by this node's own cutoff is not needed; any other
                // stop leaves the node without a result.
                Err(Aborted) => {
                    if !here.cut_here() {
                        incomplete.store(true, Ordering::Relaxed);
                    }
                }
            }
        }
    });
    let (g, best) = *best.lock().unwrap_or_else(|p| p.into_inner());
    if g >= beta {
        // A child failed high: a true lower bound, whatever the others did.
        return Ok((g, best));
    }
    // Below `beta` the result is the node's only if every child was searched.
    if incomplete.load(Ordering::Relaxed) || !handout.is_exhausted() {
        ctx.with_slot(|slot| slot.stats.aborts += 1);
        return Err(Aborted);
    }
    Ok((g, best))
}
