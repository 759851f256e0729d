//! MTD(f) (Plaat, Schaeffer, Pijls & de Bruin 1996): the value as the limit of null-window
//! searches. Each pass asks "is the value at least beta?" with the window
//! `(beta - 1, beta)` — a fail-soft alpha-beta search that keeps bounds on every node it
//! finishes in a [`TranspositionTable`], so a later pass re-examines little. A pass that
//! returns `g < beta` lowers the upper bound to `g`; one that returns `g >= beta` raises
//! the lower bound to `g`. When the bounds meet, they are the value.
//!
//! # Choosing the next test
//!
//! The paper's rule tests next at the last result (`beta := g`, or `g + 1` when `g` is the
//! lower bound). Fail-soft results near the value move little, so on wide value ranges it
//! converges about one leaf value at a time: 8,600–8,860 passes per random d16 h8 tree
//! with 2^32 leaf values. Here the test moves in steps that double while the value stays
//! on one side of every test, and bisects the bracket once both bounds are known:
//!
//! ```text
//! lower := -inf; upper := +inf; beta := first guess; step := 1
//! while lower < upper:
//!   if both bounds are known and upper - lower <= final width,
//!      or NULL_PASSES null-window passes are done:
//!     one search with the window (lower - 1, upper + 1): its result is the value; stop
//!   g := memory-alpha-beta(root, beta - 1, beta)
//!   if g < beta then upper := g else lower := g
//!   beta := lower + step  (only lower known),  upper - step + 1  (only upper known),
//!           lower + ceil((upper - lower) / 2)  (both);  step := 2 step
//! ```
//!
//! A test far from the value is cheap (its proof is close to a minimal tree and what the
//! table holds of the previous pass mostly stands), so the passes spent reaching and
//! halving the bracket cost less than the many small moves near the value they replace.
//! The pass count is at most about twice the bits between guess and value, capped at
//! [`NULL_PASSES`]; the last, narrow window search replaces the bisection's last steps,
//! each as dear as a full null-window search near the value.
//!
//! The first guess is given (`--guess`); on a game, the middle of the range its rules
//! give the root's value ([`GameTree::value_bounds`]), nothing searched; or the value of
//! a search two plies shallower (with the tree's interior values where it has them, else
//! with one leaf below each frontier position: [`crate::guess`]).
//!
//! # The kernel and its table
//!
//! [`MtdfIter`] is memory-enhanced fail-soft alpha-beta without recursion, in the style of
//! [`crate::F2Iter`]: one stack of frames allocated once, the frame being worked on in
//! locals, leaves evaluated where their parent stands, and a node whose children are all
//! leaves run through in one tight loop without a frame. Every position a pass examines
//! is counted, those answered from the table included. The recursive procedure is kept
//! as the test oracle: the kernel examines exactly its positions, pass after pass, with
//! the same table.
//!
//! Positions within [`UNTABLED_PLIES`] (2) of the leaves are neither looked up nor
//! stored. They are nearly all of a search's internal positions (15 in 16 on a degree-16
//! tree), so keeping them overwrites the entries that matter — one pass near the value of
//! a random d16 h8 tree finishes about two million internal positions, and the default
//! 16 MiB table has 2^19 slots — and every lookup is a likely cache miss for a subtree of
//! a few dozen positions. Measured on random d16 h8 (seeds 9301–9303, 16 MiB): keeping
//! every internal position, 2.1–8.9× F2's positions and 9–43× f2-iter's time; all but
//! leaf parents, 0.64–0.82× and 1.04–1.31×; all but the last two plies, 0.64–0.81× and
//! 0.69–0.90×; all but three, 0.67–0.93× and 0.64–0.90×.
//!
//! Where the tree has its own search of a position near the end of its game
//! ([`GameTree::search_small`]: Othello's last six empty squares), the kernel hands it
//! the child instead of entering it. That search is the kernel's own below the table,
//! specialised (the same positions, counted the same way), so it changes the time and
//! nothing else; the procedure, which never calls it, stays the oracle.
//!
//! Where the tree knows bounds on a position's value from its rules alone
//! ([`GameTree::value_bounds`]: a game, never a synthetic tree), they join the table's
//! bounds wherever the table is looked up below the root, in the kernel and the
//! procedure alike: a test whose threshold lies outside them is answered without a
//! search, as in the peer solvers of that game. (At the root they would answer a pass
//! without naming a best move.) A position the table leaves undecided is then asked for
//! a dearer bound against its window ([`GameTree::settle`]: Othello's stable discs),
//! kernel and procedure alike. On FFO #40 it took MTD(f) from 37.5 M positions to 33.7 M.
//! The test far above the value became free: 11 positions, not 12.9 M.
//!
//! # The best child
//!
//! With its bounds the table keeps the child that gave them (its search-order index, in
//! the slot's checked fourth word, so a torn or foreign slot reads as a miss, move and
//! all): the child that cut the node off, or that is its value, when the search's result
//! was above its alpha; on a fail-low the child stored before is kept (below alpha the
//! best child is merely the one with the highest upper bound). A later pass that meets
//! the node searches that child first, then the others in search order: what cut the
//! node at one threshold usually cuts it at the next. The parallel null-window search's
//! nodes do the same, so that its one processor never examines fewer positions than
//! this search for it alone. Measured against the kernel without it (positions exact;
//! time interleaved with f2-iter in one process, best of the repeats, on two cores that
//! other builds shared, so a few percent either way is noise):
//!
//! | trees | positions before | after | time / f2-iter's before | after |
//! | --- | ---: | ---: | ---: | ---: |
//! | random d16 h8, seeds 9301–9303 | 64,557,768 | 63,911,523 (−1.0%) | 0.84–1.22 (5 runs) | 0.82–1.29 (5 runs) |
//! | ordered q0.7 d16 h8, seeds 1–10 | 4,726,451 | 4,708,244 (−0.39%) | 2.52, 1.89 | 1.90, 2.04 |
//! | dependent d16 h8, seeds 1–10 | 3,159,555 | 3,157,779 (−0.06%) | 0.95, 0.92 | 0.85, 1.00 |
//! | connect4, `scored-mid.txt` (300 positions) | 41,227,119 | 41,226,794 (−0.001%) | 1.30, 1.22 | 1.25, 1.13 |
//!
//! (`MODEL=… cargo run --release -p abbench-search --example serial_ratios -- 16 8 FIRST
//! TREES REPEATS`, the builds before and after alternating, two rounds each, five for
//! random; connect4 with `POSITIONS=FILE`.) The time moved by less than the machine's
//! noise, which was large (load 4–6 on two cores). The saving in positions is small:
//! a remembered child helps only where the search order's first child did not already
//! cut, and most of a pass's positions lie below the table's last ply.
//!
//! The root's best move is the one that produced the lower bound in the last pass that
//! raised it (or the final window search): its value is the root's.

use crate::f2_soft_iter::SoftIter;
use crate::guess::mtdf_guess;
use crate::transposition::{BoundTable, Bounds, NO_MOVE, TranspositionTable, child_key, root_key};
use crate::{Aborted, Counters, NoProbe, Pass, Passes, Poll, Probe, SearchResult, SerialOptions};
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY, Tally, Value};

/// Null-window passes after which the bracket is searched with one window: a tree on
/// which the passes make slow progress costs at most this many passes and one search
/// with a window no wider than the bracket, never thousands of passes.
pub const NULL_PASSES: usize = 32;

/// The widest bracket `upper - lower` searched with one window rather than halved further,
/// on a tree without bounds from rules ([`final_width`]).
pub const FINAL_WIDTH: Value = 64;

/// The widest bracket that MTD(f) on `tree` searches with one window: [`FINAL_WIDTH`], or
/// none on a game (a tree whose rules bound the root's value, [`GameTree::value_bounds`]).
/// A game's range is narrow, and a window search over its bracket is dearer than the few
/// null-window tests that halve it, as its solvers find. MTD(f) on Othello's FFO #40
/// (score +38) with stable discs: one window over the bracket (31, 63) examined 24.7 M
/// positions, the four null windows that halve it 19.7 M.
pub fn final_width<T: GameTree>(tree: &T) -> Value {
    if tree.value_bounds(tree.root()).is_some() {
        0
    } else {
        FINAL_WIDTH
    }
}

/// Plies above the leaves whose positions are not kept in the table: leaf parents and
/// their parents (see the module's notes).
pub const UNTABLED_PLIES: u32 = 2;

/// One activation of memory-enhanced alpha-beta.
#[derive(Clone, Copy)]
struct Frame<N: Copy, C: Copy> {
    node: N,
    children: C,
    key: u64,
    /// The window after the table narrowed it: what the result is classified against.
    alpha: Value,
    beta: Value,
    /// What the table held of the node when the search entered it.
    stored: Bounds,
    /// The child that gave the stored bounds (search order), searched first, or
    /// [`NO_MOVE`].
    first: u32,
    /// The running maximum (fail-soft: starts at `-inf`).
    g: Value,
    /// Index (search order) of the next child to examine.
    next: u32,
    degree: u32,
    /// Index of the child that last raised `g`, or `u32::MAX`.
    best: u32,
}

/// What the table gives a node the search enters: its window narrowed, the bounds it
/// held and the child to search first ([`NO_MOVE`]: none).
type Entered = (Value, Value, Bounds, u32);

impl<N: Copy, C: Copy> Frame<N, C> {
    /// The frame of `node`, of `degree` children and table key `key`, entered with the
    /// window and bounds the table gave (`entered`).
    #[inline(always)]
    fn entered<T: GameTree<Node = N, Children = C>>(
        tree: &T,
        node: N,
        key: u64,
        degree: u32,
        (alpha, beta, stored, first): Entered,
    ) -> Self {
        Frame {
            node,
            children: tree.children(node),
            key,
            alpha,
            beta,
            stored,
            first,
            g: NEG_INFINITY,
            next: 0,
            degree,
            best: NO_MOVE,
        }
    }
}

/// MTD(f)'s kernel with its reusable stack: memory-enhanced fail-soft alpha-beta of one
/// node, its bounds kept in any [`BoundTable`] (the serial search's own, or a table the
/// workers of a parallel search share).
pub struct MtdfIter<T: GameTree> {
    stack: Vec<Frame<T::Node, T::Children>>,
}

/// What the table says of a node of `degree` children searched with `(alpha, beta)`:
/// its value bound when the stored bounds answer the search, else the narrowed window,
/// the stored bounds and the stored child to search first ([`NO_MOVE`]: none, or one the
/// node does not have). The bounds the tree's rules give (`rules`,
/// [`GameTree::value_bounds`]) join the table's.
#[inline(always)]
fn look_up<B: BoundTable>(
    rules: Option<(Value, Value)>,
    table: &mut B,
    (key, degree): (u64, u32),
    alpha: Value,
    beta: Value,
) -> Result<Entered, Value> {
    let (stored, first) = match table.probe(key) {
        Some((bounds, first)) if first < degree => (Some(bounds), first),
        Some((bounds, _)) => (Some(bounds), NO_MOVE),
        None => (None, NO_MOVE),
    };
    let known = match (stored, rules) {
        (stored, None) => stored,
        (None, Some((lower, upper))) => Some(Bounds { lower, upper }),
        (Some(b), Some((lower, upper))) => Some(Bounds {
            lower: b.lower.max(lower),
            upper: b.upper.min(upper),
        }),
    };
    match known {
        None => Ok((alpha, beta, Bounds::UNKNOWN, first)),
        Some(b) if b.lower >= beta => Err(b.lower),
        Some(b) if b.upper <= alpha => Err(b.upper),
        Some(b) => Ok((alpha.max(b.lower), beta.min(b.upper), b, first)),
    }
}

/// A tabled node's window after its look-up, or the bound that the tree's rules prove
/// outside it ([`GameTree::settle`]); never at the root, where an answer would name no
/// best move.
#[inline(always)]
fn settled<T: GameTree>(
    tree: &T,
    node: T::Node,
    entered: Entered,
    depth: u32,
) -> Result<Entered, Value> {
    match (depth > 0).then(|| tree.settle(node, (entered.0, entered.1))) {
        Some(Some(bound)) => Err(bound),
        _ => Ok(entered),
    }
}

/// The child searched at `position` of a node whose remembered child is `first`: `first`,
/// then the others in search order ([`NO_MOVE`]: search order throughout).
#[inline(always)]
fn child_at(first: u32, position: u32) -> u32 {
    if first == NO_MOVE || position > first {
        position
    } else if position == 0 {
        first
    } else {
        position - 1
    }
}

/// Stores what a search of the node keyed `key` at `depth` with the (narrowed) window
/// `(alpha, beta)` that returned `g` shows, merged with the bounds the table held when
/// the search began, and the child to try first next time: `best`, the child that gave
/// `g`, when `g > alpha` (it cut the node off or is its value), else the one the table
/// held (`first`: below `alpha`, `best` is merely the child with the highest upper
/// bound).
#[inline(always)]
fn remember<B: BoundTable>(
    table: &mut B,
    key: u64,
    depth: u32,
    (stored, first): (Bounds, u32),
    (alpha, beta): (Value, Value),
    (g, best): (Value, u32),
) {
    let bounds = Bounds::after_search(stored, (alpha, beta), g);
    table.store(key, depth, bounds, if g > alpha { best } else { first });
}

impl Bounds {
    /// What a search of a node of which nothing was known, with the window
    /// `(alpha, beta)`, that returned `m` shows (fail-hard or fail-soft alike).
    pub fn from_search(alpha: Value, beta: Value, m: Value) -> Bounds {
        Bounds::after_search(Bounds::UNKNOWN, (alpha, beta), m)
    }

    /// What a fail-soft search with the window `(alpha, beta)` that returned `g` shows
    /// of a node of which `stored` was known: `F <= g` when `g <= alpha`, `F >= g` when
    /// `g >= beta`, else `F = g`.
    #[inline(always)]
    pub fn after_search(stored: Bounds, (alpha, beta): (Value, Value), g: Value) -> Bounds {
        let mut bounds = stored;
        if g <= alpha {
            bounds.upper = g;
        } else if g < beta {
            bounds = Bounds { lower: g, upper: g };
        } else {
            bounds.lower = g;
        }
        bounds
    }
}

impl<T: GameTree> MtdfIter<T> {
    /// A kernel whose stack fits every node of `tree`.
    pub fn new(tree: &T) -> Self {
        MtdfIter {
            stack: Vec::with_capacity(tree.height() as usize + 1),
        }
    }

    /// Memory-enhanced fail-soft alpha-beta of the root with `(alpha, beta)`: the value
    /// bound and the search-order index of the root move that produced it (`u32::MAX`:
    /// none — a terminal root, or bounds the table answered with).
    pub(crate) fn search<C: Counters>(
        &mut self,
        tree: &T,
        table: &mut TranspositionTable,
        alpha: Value,
        beta: Value,
        counters: &mut C,
    ) -> (Value, u32) {
        match self.search_node(
            tree,
            table,
            tree.root(),
            root_key(tree),
            (alpha, beta),
            counters,
            &mut NoProbe,
        ) {
            Ok(found) => found,
            Err(Aborted) => unreachable!("a search without a probe is never aborted"),
        }
    }

    /// Memory-enhanced fail-soft alpha-beta of `node` (table key `key`) with `window`,
    /// polling `probe` about every [`Probe::interval`] positions: the value bound and the
    /// search-order index of the child that produced it (`u32::MAX`: none). A poll that
    /// asks for a narrower window is not followed: a fail-soft result for the wider
    /// window is as true, and the window of a null-window test never narrows (it can
    /// only close, which the probe reports as an abort).
    #[allow(clippy::too_many_arguments)]
    pub fn search_node<C: Counters, B: BoundTable, P: Probe>(
        &mut self,
        tree: &T,
        table: &mut B,
        node: T::Node,
        key: u64,
        (alpha, beta): (Value, Value),
        counters: &mut C,
        probe: &mut P,
    ) -> Result<(Value, u32), Aborted> {
        let base_depth = tree.depth(node);
        // Positions this close to the leaves are not kept in the table.
        let kept_above = tree.height().saturating_sub(UNTABLED_PLIES);
        let (degree, entered) = match Self::enter(tree, table, node, key, (alpha, beta), counters) {
            Ok(entered) => entered,
            Err(answer) => return Ok(answer),
        };
        let leaf_depth = tree.height();
        let stack = &mut self.stack;
        stack.clear();
        let mut current = Frame::entered(tree, node, key, degree as u32, entered);
        let mut child_depth = base_depth + 1;
        let mut next_poll = counters.nodes() + u64::from(probe.interval());
        loop {
            if current.g < current.beta && current.next < current.degree {
                let i = child_at(current.first, current.next);
                current.next += 1;
                let (taken, may_poll) = Self::visit(
                    tree,
                    table,
                    stack,
                    &mut current,
                    (i, child_depth),
                    (leaf_depth, kept_above),
                    counters,
                );
                // Polled after a run of leaves and after a descent only (never more than
                // a node's leaves apart), so one leaf or a table cut stays free of it.
                if may_poll && P::ENABLED && counters.nodes() >= next_poll {
                    next_poll = counters.nodes() + u64::from(probe.interval());
                    if poll_aborts(probe, counters.nodes()) {
                        return Err(Aborted);
                    }
                }
                let Some(t) = taken else {
                    child_depth += 1;
                    continue;
                };
                if t > current.g {
                    current.g = t;
                    current.best = i;
                }
            } else {
                if current.next < current.degree {
                    counters.cutoff();
                }
                let g = current.g;
                if child_depth - 1 < kept_above && !tree.untabled(current.node) {
                    remember(
                        table,
                        current.key,
                        child_depth - 1,
                        (current.stored, current.first),
                        (current.alpha, current.beta),
                        (g, current.best),
                    );
                }
                let Some(parent) = stack.pop() else {
                    return Ok((g, current.best));
                };
                current = parent;
                child_depth -= 1;
                let t = -g;
                if t > current.g {
                    current.g = t;
                    current.best = child_at(current.first, current.next - 1);
                }
            }
        }
    }

    /// Enters the search's own node: its degree and the window and bounds the table
    /// gives it, or (`Err`) its answer where it needs no loop — a leaf, a parent of
    /// leaves, or a node the table answers.
    fn enter<C: Counters, B: BoundTable>(
        tree: &T,
        table: &mut B,
        node: T::Node,
        key: u64,
        (alpha, beta): (Value, Value),
        counters: &mut C,
    ) -> Result<(usize, Entered), (Value, u32)> {
        let base_depth = tree.depth(node);
        counters.position(base_depth);
        let degree = tree.degree(node);
        if degree == 0 {
            counters.leaf();
            return Err((tree.value(node), u32::MAX));
        }
        let leaf_depth = tree.height();
        if base_depth + 1 == leaf_depth {
            let d = degree as u32;
            return Err(SoftIter::<T>::leaf_parent::<C, false>(
                tree, node, d, beta, leaf_depth, counters,
            ));
        }
        if base_depth >= leaf_depth.saturating_sub(UNTABLED_PLIES) || tree.untabled(node) {
            return Ok((degree, (alpha, beta, Bounds::UNKNOWN, NO_MOVE)));
        }
        // The root's own bounds are not taken from the rules: a pass they answered would
        // name no best move.
        let rules = if base_depth == 0 {
            None
        } else {
            tree.value_bounds(node)
        };
        match look_up(rules, table, (key, degree as u32), alpha, beta)
            .and_then(|entered| settled(tree, node, entered, base_depth))
        {
            Ok(window) => Ok((degree, window)),
            Err(bound) => Err((bound, NO_MOVE)),
        }
    }

    /// Visits child `i` of `current`, at `child_depth`: a leaf or a parent of leaves
    /// gives its value, a child the table answers gives the table's bound, any other is
    /// pushed as the new current frame (`None`). Returns that, and whether the probe may
    /// be due: after a run of leaves or a descent. Inlined, so that the frame stays in
    /// the registers of [`Self::search_node`]'s loop.
    #[inline(always)]
    fn visit<C: Counters, B: BoundTable>(
        tree: &T,
        table: &mut B,
        stack: &mut Vec<Frame<T::Node, T::Children>>,
        current: &mut Frame<T::Node, T::Children>,
        (i, child_depth): (u32, u32),
        (leaf_depth, kept_above): (u32, u32),
        counters: &mut C,
    ) -> (Option<Value>, bool) {
        let child = tree.child(current.node, &current.children, i as usize);
        let floor = current.alpha.max(current.g);
        let window = (-current.beta, -floor);
        if let Some(value) = tree.search_small(child, child_depth, window, &mut Tallied(counters)) {
            return (Some(-value), true);
        }
        counters.position(child_depth);
        let child_degree = tree.degree(child);
        if child_degree == 0 {
            counters.leaf();
            return (Some(-tree.value(child)), false);
        }
        if child_depth + 1 == leaf_depth {
            // The child's children are all leaves: no frame for it.
            let (value, _) = SoftIter::<T>::leaf_parent::<C, false>(
                tree,
                child,
                child_degree as u32,
                -floor,
                leaf_depth,
                counters,
            );
            return (Some(-value), true);
        }
        let key = child_key(tree, child, current.key, i as usize);
        let entered = if child_depth < kept_above && !tree.untabled(child) {
            let rules = tree.value_bounds(child);
            look_up(
                rules,
                table,
                (key, child_degree as u32),
                -current.beta,
                -floor,
            )
            .and_then(|entered| settled(tree, child, entered, child_depth))
        } else {
            Ok((-current.beta, -floor, Bounds::UNKNOWN, NO_MOVE))
        };
        match entered {
            Err(bound) => (Some(-bound), false),
            Ok(entered) => {
                let pushed = Frame::entered(tree, child, key, child_degree as u32, entered);
                stack.push(std::mem::replace(current, pushed));
                (None, true)
            }
        }
    }
}

/// The kernel's counters as the [`Tally`] of a tree's own search of a position near the
/// end ([`GameTree::search_small`]).
struct Tallied<'a, C>(&'a mut C);

impl<C: Counters> Tally for Tallied<'_, C> {
    #[inline(always)]
    fn position(&mut self, depth: u32) {
        self.0.position(depth);
    }
    #[inline(always)]
    fn leaf(&mut self) {
        self.0.leaf();
    }
    #[inline(always)]
    fn cutoff(&mut self) {
        self.0.cutoff();
    }
}

/// Polls `probe`: whether the search must stop. Out of line, so that the rare path stays
/// out of the hot loop's registers.
#[cold]
#[inline(never)]
fn poll_aborts<P: Probe>(probe: &mut P, examined: u64) -> bool {
    matches!(probe.poll(examined), Poll::Abort)
}

/// The root window of the next pass, given the bounds known and the step: a null window
/// `(beta - 1, beta)` with `lower < beta <= upper`, or, once the bracket is narrow or the
/// passes are spent, the bracket itself widened by one on each known side.
fn next_window(
    (lower, upper): (Value, Value),
    step: Value,
    null_passes: usize,
    final_width: Value,
) -> (Value, Value) {
    let (low_known, high_known) = (lower > NEG_INFINITY, upper < INFINITY);
    if null_passes >= NULL_PASSES
        || (low_known && high_known && upper.saturating_sub(lower) <= final_width)
    {
        let alpha = if low_known { lower - 1 } else { NEG_INFINITY };
        let beta = if high_known { upper + 1 } else { INFINITY };
        return (alpha, beta);
    }
    let beta = match (low_known, high_known) {
        (true, true) => lower + (upper - lower + 1) / 2,
        (true, false) => lower.saturating_add(step),
        (false, true) => upper.saturating_sub(step - 1),
        (false, false) => unreachable!("the first pass tests the guess"),
    };
    // `lower < beta <= upper`, and `beta - 1` stays above `-inf`.
    let beta = beta
        .clamp(lower.saturating_add(1), upper)
        .max(NEG_INFINITY + 2);
    (beta - 1, beta)
}

/// The root windows of MTD(f)'s passes and the bounds they established: one definition
/// of the schedule in the module's notes, used by the serial search and by the parallel
/// null-window search of `abbench-parallel`.
#[derive(Clone, Copy, Debug)]
pub struct Bracket {
    lower: Value,
    upper: Value,
    step: Value,
    null_passes: usize,
    final_width: Value,
    window: (Value, Value),
}

impl Bracket {
    /// Nothing known yet; the first pass tests `guess`; a bracket no wider than
    /// `final_width` ([`final_width`]) is searched with one window.
    pub fn new(guess: Value, final_width: Value) -> Bracket {
        Bracket {
            lower: NEG_INFINITY,
            upper: INFINITY,
            step: 1,
            null_passes: 0,
            final_width,
            window: (guess - 1, guess),
        }
    }

    /// The root window of the next pass.
    pub fn window(&self) -> (Value, Value) {
        self.window
    }

    /// The lower bound known so far (`-inf`: none).
    pub fn lower(&self) -> Value {
        self.lower
    }

    /// Takes the fail-soft result `g` of a pass with [`Bracket::window`]: the root value
    /// once the bounds meet, else `None` and the next pass's window is set.
    pub fn record(&mut self, g: Value) -> Option<Value> {
        let (alpha, beta) = self.window;
        if beta - alpha == 1 {
            self.null_passes += 1;
        }
        if g <= alpha {
            self.upper = g;
        } else if g >= beta {
            self.lower = g;
        } else {
            (self.lower, self.upper) = (g, g);
        }
        if self.lower >= self.upper {
            return Some(self.lower);
        }
        self.window = next_window(
            (self.lower, self.upper),
            self.step,
            self.null_passes,
            self.final_width,
        );
        self.step = self.step.saturating_mul(2);
        None
    }

    /// Whether a pass with the current window that returned `g` (its best root move
    /// `best`, `u32::MAX` for none) names the root's best move: only a result above the
    /// pass's alpha and the lower bound known before it. The root's own entry narrows
    /// its window to that bound, and a fail-soft result equal to it is then a fail-low
    /// of every child, whose best child says nothing (the pass that set the bound named
    /// the move). Ask before [`Bracket::record`].
    pub fn names_move(&self, g: Value, best: u32) -> bool {
        g > self.window.0 && g > self.lower && best != u32::MAX
    }
}

/// MTD(f) of the whole tree with `kernel` and `table`, counting into `counters`.
pub(crate) fn mtdf_with<T: GameTree, C: Counters>(
    tree: &T,
    kernel: &mut MtdfIter<T>,
    table: &mut TranspositionTable,
    options: &SerialOptions,
    mut counters: C,
) -> SearchResult {
    table.new_search();
    let (guess, guess_source) = mtdf_guess(tree, options, &mut counters);
    let guess_nodes = counters.nodes();
    let mut best_move = None;
    let mut runs = Vec::new();
    let root = tree.root();
    let mut bracket = Bracket::new(guess, final_width(tree));
    let value = loop {
        let (nodes_before, leaves_before) = (counters.nodes(), counters.stats().leaves);
        let (alpha, beta) = bracket.window();
        let (g, best) = kernel.search(tree, table, alpha, beta, &mut counters);
        runs.push(Pass {
            alpha,
            beta,
            value: g,
            nodes: counters.nodes() - nodes_before,
            leaves: counters.stats().leaves - leaves_before,
        });
        if bracket.names_move(g, best) {
            best_move = Some(tree.move_number(root, &tree.children(root), best as usize));
        }
        if tree.degree(root) == 0 {
            // A terminal root's value is known after one look.
            break g;
        }
        if let Some(value) = bracket.record(g) {
            break value;
        }
    };
    SearchResult {
        passes: Some(Passes {
            guess,
            guess_source,
            guess_nodes,
            runs,
        }),
        table: Some(table.stats()),
        ..SearchResult::exact(value, best_move, counters.stats())
    }
}

/// Memory-enhanced fail-soft alpha-beta as a recursive procedure: the oracle of
/// [`MtdfIter`].
#[cfg(test)]
pub(crate) fn memory_search<T: GameTree, C: Counters>(
    tree: &T,
    table: &mut TranspositionTable,
    node: T::Node,
    key: u64,
    alpha: Value,
    beta: Value,
    counters: &mut C,
) -> (Value, Option<usize>) {
    counters.position(tree.depth(node));
    let degree = tree.degree(node);
    if degree == 0 {
        counters.leaf();
        return (tree.value(node), None);
    }
    // Positions near the leaves are not kept in the table.
    let kept = tree.depth(node) + UNTABLED_PLIES < tree.height() && !tree.untabled(node);
    let entry = if kept { table.probe(key) } else { None };
    // The child that gave the stored bounds is searched first.
    let first = entry
        .map(|(_, first)| first as usize)
        .filter(|&first| first < degree);
    let stored = entry.map(|(bounds, _)| bounds);
    let rules = tree.value_bounds(node).filter(|_| tree.depth(node) > 0);
    let stored = match (kept, stored, rules) {
        (true, stored, None) | (false, stored, _) => stored,
        (true, None, Some((lower, upper))) => Some(Bounds { lower, upper }),
        (true, Some(b), Some((lower, upper))) => Some(Bounds {
            lower: b.lower.max(lower),
            upper: b.upper.min(upper),
        }),
    };
    let (mut alpha, mut beta) = (alpha, beta);
    if let Some(b) = stored {
        if b.lower >= beta {
            return (b.lower, None);
        }
        if b.upper <= alpha {
            return (b.upper, None);
        }
        alpha = alpha.max(b.lower);
        beta = beta.min(b.upper);
    }
    if kept
        && tree.depth(node) > 0
        && let Some(bound) = tree.settle(node, (alpha, beta))
    {
        return (bound, None);
    }
    let children = tree.children(node);
    let mut g = NEG_INFINITY;
    let mut best = None;
    let mut a = alpha;
    let order = first
        .into_iter()
        .chain((0..degree).filter(|&i| Some(i) != first));
    for i in order {
        if g >= beta {
            counters.cutoff();
            break;
        }
        let child = tree.child(node, &children, i);
        let t = -memory_search(
            tree,
            table,
            child,
            child_key(tree, child, key, i),
            -beta,
            -a,
            counters,
        )
        .0;
        if t > g {
            g = t;
            best = Some(i);
        }
        a = a.max(g);
    }
    let mut bounds = stored.unwrap_or(Bounds::UNKNOWN);
    if g <= alpha {
        bounds.upper = g;
    } else if g < beta {
        bounds = Bounds { lower: g, upper: g };
    } else {
        bounds.lower = g;
    }
    if kept {
        // The child that gave `g` is kept only when `g > alpha`: below it, it is merely
        // the child with the highest upper bound.
        let keep = if g > alpha { best } else { first };
        table.store(key, bounds, keep.map_or(NO_MOVE, |i| i as u32));
    }
    (g, best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SerialRun;
    use crate::test_trees::model_spec;
    use crate::{Detailed, SerialAlgorithm, SerialSearch};
    use abbench_tree::{Layout, ModelSpec, TreeSpec, TreeVisitor};
    use proptest::prelude::*;

    /// The kernel and the recursive procedure, each with its own table, pass after pass
    /// over the windows a search of the tree makes — and a few more around the value.
    struct BothForms {
        table_mb: usize,
    }

    impl TreeVisitor for BothForms {
        type Output = ();
        fn visit<T: GameTree>(self, tree: &T) {
            let truth = SerialAlgorithm::F0.search::<T, Detailed>(tree).value;
            let mut search =
                SerialSearch::new(SerialAlgorithm::Mtdf, SerialOptions::default(), tree).unwrap();
            let result = search.search::<Detailed>(tree);
            assert_eq!(result.value, truth, "value");
            let passes = result.passes.expect("mtdf reports its passes");
            let table = result.table.expect("mtdf reports its table");
            assert_eq!(
                table.bytes,
                TranspositionTable::with_megabytes(crate::DEFAULT_TT_MB)
                    .stats()
                    .bytes
            );
            assert!(table.hits <= table.probes);
            assert!(passes.runs.iter().filter(|p| p.beta - p.alpha == 1).count() <= NULL_PASSES);
            let mut windows: Vec<(Value, Value)> =
                passes.runs.iter().map(|p| (p.alpha, p.beta)).collect();
            windows.extend([
                (truth - 1, truth),
                (truth, truth + 1),
                (truth - 3, truth + 3),
            ]);
            let mut kernel = MtdfIter::new(tree);
            let mut table = TranspositionTable::with_megabytes(self.table_mb);
            let mut oracle_table = TranspositionTable::with_megabytes(self.table_mb);
            table.new_search();
            oracle_table.new_search();
            let mut counters = Detailed::for_height(tree.height());
            let mut oracle_counters = Detailed::for_height(tree.height());
            for (alpha, beta) in windows {
                // What the root's entry holds before the pass (read from both tables).
                let before = table.probe(root_key(tree)).map(|(b, _)| b);
                oracle_table.probe(root_key(tree));
                let (g, best) = kernel.search(tree, &mut table, alpha, beta, &mut counters);
                let (oracle_g, oracle_best) = memory_search(
                    tree,
                    &mut oracle_table,
                    tree.root(),
                    root_key(tree),
                    alpha,
                    beta,
                    &mut oracle_counters,
                );
                let ctx = format!("window ({alpha}, {beta})");
                assert_eq!(g, oracle_g, "{ctx}");
                assert_eq!(
                    (best != u32::MAX).then_some(best as usize),
                    oracle_best,
                    "{ctx}"
                );
                assert_eq!(counters.stats(), oracle_counters.stats(), "{ctx}");
                assert_eq!(table.stats(), oracle_table.stats(), "{ctx}");
                // A result above the window the root's entry left leaves its best child
                // in the entry, for the next pass to search first (a root the table
                // answered, or one too near the leaves to be kept, has none of this pass).
                let root_kept = tree.height() > UNTABLED_PLIES && tree.degree(tree.root()) > 0;
                let floor = before.map_or(alpha, |b| alpha.max(b.lower));
                if root_kept && g > floor && best != NO_MOVE {
                    let entry = table.probe(root_key(tree));
                    assert_eq!(entry.map(|(_, first)| first), Some(best), "{ctx}");
                    oracle_table.probe(root_key(tree));
                }
            }
        }
    }

    fn check(spec: &ModelSpec, layout: Layout, table_mb: usize) {
        TreeSpec::model(spec.clone(), layout)
            .visit(1 << 30, BothForms { table_mb })
            .unwrap_or_else(|e| panic!("{spec:?}: {e}"));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn the_kernel_examines_exactly_what_the_procedure_does(
            spec in model_spec(),
            arena in any::<bool>(),
        ) {
            let layout = if arena { Layout::Arena } else { Layout::Implicit };
            check(&spec, layout, 1);
        }
    }

    /// The kernel's search of the root of `tree` with `window`.
    fn search_root<T: GameTree, B: BoundTable, C: Counters, P: Probe>(
        kernel: &mut MtdfIter<T>,
        tree: &T,
        table: &mut B,
        window: (Value, Value),
        counters: &mut C,
        probe: &mut P,
    ) -> Result<(Value, u32), Aborted> {
        kernel.search_node(
            tree,
            table,
            tree.root(),
            root_key(tree),
            window,
            counters,
            probe,
        )
    }

    /// A table whose entries name a child no node has (a colliding or stale entry's
    /// move): the kernel ignores the move and keeps every result true.
    struct WrongMove(TranspositionTable, u32);

    impl BoundTable for WrongMove {
        fn probe(&mut self, key: u64) -> Option<(Bounds, u32)> {
            self.0.probe(key).map(|(bounds, _)| (bounds, self.1))
        }
        fn store(&mut self, key: u64, depth: u32, bounds: Bounds, best: u32) {
            BoundTable::store(&mut self.0, key, depth, bounds, best);
        }
    }

    #[test]
    fn a_stored_child_the_node_does_not_have_is_not_searched() {
        use abbench_tree::models::RandomTree;
        let tree = RandomTree::new(3, 6, 4, 1000);
        let truth = SerialAlgorithm::F0.search::<_, Detailed>(&tree).value;
        // 3 is the degree itself, the first index past the children.
        for wrong in [3, 7, NO_MOVE - 1] {
            let mut kernel = MtdfIter::new(&tree);
            let mut table = WrongMove(TranspositionTable::with_megabytes(1), wrong);
            table.0.new_search();
            let mut counters = Detailed::for_height(tree.height());
            for (alpha, beta) in [
                (truth - 1, truth),
                (truth, truth + 1),
                (NEG_INFINITY, INFINITY),
                (truth + 5, truth + 6),
                (truth - 6, truth - 5),
            ] {
                let window = (alpha, beta);
                let (g, _) = search_root(
                    &mut kernel,
                    &tree,
                    &mut table,
                    window,
                    &mut counters,
                    &mut NoProbe,
                )
                .unwrap();
                let ctx = format!("move {wrong}, window ({alpha}, {beta}): {g}, value {truth}");
                if g <= alpha {
                    assert!(truth <= g, "{ctx}");
                } else if g >= beta {
                    assert!(truth >= g, "{ctx}");
                } else {
                    assert_eq!(g, truth, "{ctx}");
                }
            }
            assert!(
                table.0.stats().hits > 0,
                "move {wrong}: the entries were read"
            );
        }
    }

    /// Records every store's key and depth.
    struct Stores(TranspositionTable, Vec<(u64, u32)>);

    impl BoundTable for Stores {
        fn probe(&mut self, key: u64) -> Option<(Bounds, u32)> {
            self.0.probe(key)
        }
        fn store(&mut self, key: u64, depth: u32, bounds: Bounds, best: u32) {
            self.1.push((key, depth));
            BoundTable::store(&mut self.0, key, depth, bounds, best);
        }
    }

    /// The depth a node is stored at is its depth below the root (a shared table may
    /// choose what to keep by it): every stored key is a node's key at that depth, found
    /// by walking the tree, the root's at depth 0, and none within two plies of the leaves.
    #[test]
    fn the_kernel_stores_each_node_at_its_depth() {
        use abbench_tree::models::RandomTree;
        use std::collections::HashMap;
        fn walk<T: GameTree>(tree: &T, node: T::Node, key: u64, keys: &mut HashMap<u64, u32>) {
            keys.insert(key, tree.depth(node));
            let children = tree.children(node);
            for i in 0..tree.degree(node) {
                let child = tree.child(node, &children, i);
                walk(tree, child, child_key(tree, child, key, i), keys);
            }
        }
        let tree = RandomTree::new(3, 6, 9, 1000);
        let mut keys = HashMap::new();
        walk(&tree, tree.root(), root_key(&tree), &mut keys);
        let truth = SerialAlgorithm::F0.search::<_, Detailed>(&tree).value;
        let mut kernel = MtdfIter::new(&tree);
        let mut table = Stores(TranspositionTable::with_megabytes(1), Vec::new());
        table.0.new_search();
        let mut counters = Detailed::for_height(tree.height());
        for window in [(truth - 1, truth), (truth, truth + 1)] {
            search_root(
                &mut kernel,
                &tree,
                &mut table,
                window,
                &mut counters,
                &mut NoProbe,
            )
            .unwrap();
        }
        assert!(table.1.contains(&(root_key(&tree), 0)));
        let kept_above = tree.height() - UNTABLED_PLIES;
        for &(key, depth) in &table.1 {
            assert_eq!(keys.get(&key), Some(&depth), "key {key:#x}");
            assert!(depth < kept_above, "depth {depth}");
        }
        assert!(table.1.iter().any(|&(_, depth)| depth == kept_above - 1));
    }

    /// Records the positions examined at each poll, polled every `interval` positions.
    struct Record {
        interval: u32,
        seen: Vec<u64>,
    }

    impl Probe for Record {
        const ENABLED: bool = true;
        fn interval(&self) -> u32 {
            self.interval
        }
        fn poll(&mut self, examined: u64) -> Poll {
            self.seen.push(examined);
            Poll::Continue
        }
    }

    /// A whole-window search of the root with counters that have counted `already`
    /// positions before it.
    fn polled<T: GameTree, P: Probe>(
        tree: &T,
        already: u64,
        probe: &mut P,
    ) -> ((Value, u32), crate::SearchStats) {
        let mut kernel = MtdfIter::new(tree);
        let mut table = TranspositionTable::with_megabytes(1);
        table.new_search();
        let mut counters = Detailed::for_height(tree.height());
        for _ in 0..already {
            counters.position(0);
        }
        let window = (NEG_INFINITY, INFINITY);
        let r = search_root(&mut kernel, tree, &mut table, window, &mut counters, probe).unwrap();
        (r, counters.stats())
    }

    /// The kernel polls about every interval positions from wherever its counters stand
    /// (a parallel search calls it with counters that have counted other searches), and
    /// polling changes nothing it examines.
    #[test]
    fn the_kernel_polls_at_its_probes_interval() {
        use abbench_tree::models::RandomTree;
        let (degree, height) = (6, 7);
        let tree = RandomTree::new(degree, height, 11, 1 << 32);
        for (interval, already) in [(1, 0), (7, 5), (1024, 0), (1024, 1_000_000)] {
            let quiet = polled(&tree, already, &mut NoProbe);
            let mut record = Record {
                interval,
                seen: Vec::new(),
            };
            let heard = polled(&tree, already, &mut record);
            assert_eq!(heard, quiet, "interval {interval}");
            let ctx = format!("interval {interval}, {already} counted before");
            // A poll comes at least `interval` positions after the last (the search's
            // start), and at most a child and its run of leaves later.
            let slack = degree as u64 + 1;
            let mut last = already + 1;
            for &examined in &record.seen {
                assert!(
                    examined >= last + u64::from(interval),
                    "{ctx}: {last} then {examined}"
                );
                assert!(
                    examined <= last + u64::from(interval) + slack,
                    "{ctx}: {last} then {examined}"
                );
                last = examined;
            }
            let total = quiet.1.nodes - already;
            assert!(
                record.seen.len() as u64 >= total / (u64::from(interval) + slack),
                "{ctx}"
            );
        }
    }

    /// A connect-four root searched with a window beyond the rules' range is searched, not
    /// answered by the rules: the pass names the move that gave its bound.
    #[test]
    fn the_roots_own_bounds_are_not_taken_from_the_rules() {
        use abbench_tree::models::Connect4Tree;
        use abbench_tree::models::connect4::position::parse_moves;
        let tree = Connect4Tree::new(parse_moves("62214535531121757155").unwrap());
        let (lower, upper) = tree.value_bounds(tree.root()).unwrap();
        for window in [(upper, upper + 1), (lower - 1, lower)] {
            let mut kernel = MtdfIter::new(&tree);
            let mut table = TranspositionTable::with_megabytes(1);
            table.new_search();
            let mut counters = Detailed::for_height(tree.height());
            let (g, best) = search_root(
                &mut kernel,
                &tree,
                &mut table,
                window,
                &mut counters,
                &mut NoProbe,
            )
            .unwrap();
            assert!(
                best < tree.degree(tree.root()) as u32,
                "window {window:?}: {g}, {best}"
            );
            assert!(counters.stats().nodes > 1, "window {window:?}");
        }
    }

    #[test]
    fn larger_trees_agree() {
        use abbench_tree::Model;
        for (model, degree, height) in [
            (Model::Random, 8, 6),
            (Model::Ordered, 16, 4),
            (Model::Dependent, 4, 8),
            (Model::BranchSum, 6, 6),
            (Model::Worst, 5, 5),
        ] {
            for seed in 1..3 {
                check(
                    &ModelSpec::new(model, degree, height, seed),
                    Layout::Implicit,
                    1,
                );
            }
        }
    }

    #[test]
    fn connect4_positions_agree() {
        // Late positions of the test data, whose whole game F0 searches in a moment.
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tree/data/connect4/scored-late.txt"
        );
        let specs = TreeSpec::connect4_positions(std::path::Path::new(path)).unwrap();
        let late: Vec<&TreeSpec> = specs
            .iter()
            .filter(|spec| match &spec.source {
                abbench_tree::TreeSource::Model(m) => m.position.as_ref().unwrap().len() >= 31,
                abbench_tree::TreeSource::File(_) => false,
            })
            .take(20)
            .collect();
        assert_eq!(late.len(), 20);
        for spec in late {
            spec.visit(1 << 30, BothForms { table_mb: 1 }).unwrap();
        }
    }

    #[test]
    fn othello_positions_agree() {
        // FFO #1-#19 played on along the search order to 9 empty squares: below 7 the
        // kernel hands each position to the game's own search, the procedure does not.
        use abbench_tree::models::othello::{OthelloTree, end, positions_file::read_positions};
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tree/data/othello/fforum-1-19.obf"
        );
        for line in read_positions(std::path::Path::new(path)).unwrap() {
            let tree = OthelloTree::new(line.position);
            let mut node = tree.root();
            while node.empties() > 9 && tree.degree(node) > 0 {
                node = tree.child(node, &tree.children(node), 0);
            }
            let late = OthelloTree::new(abbench_tree::models::othello::position::Position {
                player: node.player,
                opponent: node.opponent,
                black_to_move: true,
            });
            assert!(late.root().empties() > end::SMALL_EMPTIES);
            BothForms { table_mb: 1 }.visit(&late);
        }
    }

    /// The schedule of the module's notes, worked by hand: a null window at the guess,
    /// steps doubling above a lower bound, the final window once the bracket is narrow.
    #[test]
    fn the_bracket_follows_the_schedule() {
        let mut b = Bracket::new(10, FINAL_WIDTH);
        assert_eq!((b.window(), b.lower()), ((9, 10), NEG_INFINITY));
        assert_eq!(b.record(15), None); // fails high: at least 15, step 1
        assert_eq!((b.window(), b.lower()), ((15, 16), 15));
        assert_eq!(b.record(20), None); // at least 20, step 2
        assert_eq!((b.window(), b.lower()), ((21, 22), 20));
        assert_eq!(b.record(21), None); // fails low: at most 21, width 1
        assert_eq!((b.window(), b.lower()), ((19, 22), 20));
        // In the final window a result equal to the lower bound is every child failing
        // low against the root's entry: it names no move. One above it does.
        assert!(!b.names_move(20, 0));
        assert!(b.names_move(21, 0));
        assert!(!b.names_move(21, u32::MAX));
        assert_eq!(b.record(21), Some(21));
    }

    /// After `NULL_PASSES` null windows the bracket is searched with one window.
    #[test]
    fn the_null_passes_are_counted_and_capped() {
        let mut b = Bracket::new(0, FINAL_WIDTH);
        for pass in 0..NULL_PASSES {
            let (alpha, beta) = b.window();
            assert_eq!(beta - alpha, 1, "pass {pass}");
            // Fails high at exactly beta: the bracket never closes.
            assert_eq!(b.record(beta), None, "pass {pass}");
        }
        let lower = b.lower();
        assert_eq!(b.window(), (lower - 1, INFINITY));
    }

    /// Aborts at the third poll.
    struct AbortThird(u32);

    impl Probe for AbortThird {
        const ENABLED: bool = true;
        fn interval(&self) -> u32 {
            64
        }
        fn poll(&mut self, _examined: u64) -> Poll {
            self.0 += 1;
            if self.0 == 3 {
                Poll::Abort
            } else {
                Poll::Continue
            }
        }
    }

    #[test]
    fn an_abort_stops_the_kernel() {
        use abbench_tree::models::RandomTree;
        let tree = RandomTree::new(6, 6, 2, 1000);
        let mut kernel = MtdfIter::new(&tree);
        let mut table = TranspositionTable::with_megabytes(1);
        table.new_search();
        let mut counters = Detailed::for_height(tree.height());
        let mut probe = AbortThird(0);
        let window = (NEG_INFINITY, INFINITY);
        let r = search_root(
            &mut kernel,
            &tree,
            &mut table,
            window,
            &mut counters,
            &mut probe,
        );
        assert_eq!(r, Err(Aborted));
        assert_eq!(probe.0, 3);
        assert!(
            counters.stats().nodes < 4 * 64 + 2 * 6,
            "{}",
            counters.stats().nodes
        );
    }

    #[test]
    fn windows_stay_inside_the_bracket() {
        assert_eq!(next_window((10, INFINITY), 4, 1, FINAL_WIDTH), (13, 14));
        assert_eq!(next_window((NEG_INFINITY, 10), 4, 1, FINAL_WIDTH), (6, 7));
        assert_eq!(next_window((0, 1000), 4, 3, FINAL_WIDTH), (499, 500));
        // The middle of an odd-width bracket away from 0: 10 + (991 + 1) / 2.
        assert_eq!(next_window((10, 1001), 4, 3, FINAL_WIDTH), (505, 506));
        assert_eq!(next_window((0, 1), 4, 3, FINAL_WIDTH), (-1, 2));
        assert_eq!(
            next_window((0, 1000), 4, NULL_PASSES, FINAL_WIDTH),
            (-1, 1001)
        );
        // A narrow bracket: one window on a synthetic tree, halved on a game.
        assert_eq!(next_window((0, 40), 4, 3, FINAL_WIDTH), (-1, 41));
        assert_eq!(next_window((0, 40), 4, 3, 0), (19, 20));
        assert_eq!(next_window((0, 1), 4, 3, 0), (0, 1));
        assert_eq!(next_window((0, 40), 4, NULL_PASSES, 0), (-1, 41));
        let (alpha, beta) = next_window((NEG_INFINITY, 5), INFINITY, 2, FINAL_WIDTH);
        assert!(NEG_INFINITY < alpha && beta == alpha + 1 && beta <= 5);
        assert_eq!(
            next_window((INFINITY - 3, INFINITY), INFINITY, 2, FINAL_WIDTH),
            (INFINITY - 1, INFINITY)
        );
    }
}
