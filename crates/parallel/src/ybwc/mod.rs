//! Young brothers wait (Feldmann, Monien, Mysliwietz & Vornberger), on any [`Executor`].
//!
//! At a node whose remaining height is at least the split height, the eldest child is
//! searched first, by the worker that reached the node; only then are the younger
//! brothers offered to idle workers, handed out one at a time in search order. Below the
//! split height the serial kernel runs, polling the split point above it for narrower
//! windows and for aborts. The protocol — who may split, how bounds travel, how an abort
//! propagates, and every atomic's memory ordering — is written down in `README.md`
//! beside this file.
//!
//! # Why rayon
//!
//! On threads ([`crate::executor::Threads`]) a split point needs exactly what
//! `rayon::scope` gives: fork the younger brothers, let idle workers steal them, and wait
//! for all of them while the waiting worker itself keeps stealing work (so a waiting
//! owner is never idle and nested split points cannot deadlock). Hand-rolled work
//! stealing on crossbeam deques would have to re-create the same helping join. The
//! measured cost on this project's benchmarks is the `ybwc` row at one thread against
//! `f2-iter` in the scaling report, and the scaling at two threads is what the parallel
//! tests and reports show; rayon's stealing latency is not what limits it (search
//! overhead is) once idle workers are kept awake for the length of a search (see the
//! protocol README and [`crate::executor`]): a sleeping worker woke too late for the
//! short bursts of work a well-ordered tree offers.
//!
//! # Expected cut nodes
//!
//! Every split point carries the kind it is expected to have (pv, cut or all, Knuth &
//! Moore's node types). At an expected cut node the owner searches the first
//! [`crate::SearchOptions::cut_wait`] brothers alone and shares the rest only if none of
//! them cut off: there one good reply ends the search, and brothers searched in parallel
//! beyond it are wasted.
//!
//! # Small split points
//!
//! A split point whose eldest brother examined fewer positions than the eldest grain
//! ([`crate::SearchOptions::eldest_grain`]) is not shared: its owner finishes it in one
//! serial search from the second brother on ([`abbench_search::F2Iter::resume_node`]).
//!
//! The same code runs on the simulator's virtual processors ([`crate::sim`]): the fork
//! is [`Context::fork`], and nothing here knows which executor it runs on.

mod settings;
#[cfg(test)]
mod test;
mod work_span;

pub(crate) use settings::{Settings, cut_wait_for};
pub use settings::{CUT_WAIT_BROTHERS, ELDEST_GRAIN_POSITIONS};
pub use work_span::{WorkSpan, work_span};

use crate::SearchOptions;
use crate::algorithm::{Found, Search};
use crate::kept::Budget;
use crate::options::SettingRefused;
use crate::context::{Context, Kernel};
use crate::executor::Executor;
use crate::probes::StopProbe;
use crate::split_point::{SplitPoint, Window, is_split_point};
use abbench_search::{Aborted, Poll, Probe, Resume};
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY, Value};
use abbench_vocab::{Kept, OwnStats};
use std::marker::PhantomData;
use crate::sync::{AtomicBool, Ordering};

/// Young brothers wait ([`crate::ParallelAlgorithm::Ybwc`]): every younger brother
/// searched with its split point's live window.
pub(crate) struct Ybwc;

/// Every search on young brothers wait's split points (young brothers wait, Jamboree,
/// ER) is told and started the same way; what differs is how it searches a split
/// point's brothers ([`Younger`]).
impl<Y: Younger> Search for Y {
    type Settings = Settings;

    fn settings(options: &SearchOptions, workers: usize) -> Settings {
        Settings::new(options, workers, Y::keep_limit(options))
    }

    fn choose<T: GameTree>(
        tree: &T,
        options: &SearchOptions,
        workers: usize,
        used: &mut SearchOptions,
    ) {
        used.split_height = Some(Self::split_height(tree, options, workers));
        settings::choose(options, workers, used);
    }

    fn check<T: GameTree>(tree: &T, options: &SearchOptions) -> Result<(), SettingRefused> {
        Y::check(tree, options)
    }

    fn search<T: GameTree, E: Executor>(
        ctx: &Context<'_, T, E>,
        settings: &Settings,
    ) -> Result<Found, Aborted> {
        search::<T, E, Y>(ctx, settings)
    }
}

/// How a split point's younger brothers are searched: young brothers wait's way, with
/// the split point's live window ([`Ybwc`]), or another algorithm's on the same split
/// points (Jamboree's null-window tests, `jamboree/`).
pub(crate) trait Younger: Sized {
    /// The serial kernel below the split points, and of one worker alone: the serial
    /// form's (F2 for young brothers wait, PVS for Jamboree).
    const KERNEL: Kernel = Kernel::F2;

    /// Searches younger brother `i` of `sp`'s node; returns its value from its own
    /// viewpoint (`INFINITY`: nothing to offer) and the positions examined in its
    /// subtree.
    fn search_younger<T: GameTree, E: Executor>(
        ctx: &Run<'_, '_, T, E, Self>,
        node: T::Node,
        children: &T::Children,
        sp: &SplitPoint<'_>,
        i: usize,
    ) -> (Result<Value, Aborted>, u64);

    /// Searches `node` as the split point `sp`: young brothers wait's way
    /// ([`split_node`]) unless the algorithm orders a node's brothers its own way.
    fn split_node<T: GameTree, E: Executor>(
        ctx: &Run<'_, '_, T, E, Self>,
        node: T::Node,
        sp: &SplitPoint<'_>,
    ) -> Result<(Value, Option<usize>), Aborted> {
        split_node(ctx, node, sp)
    }

    /// The bytes one position kept beyond the split points takes (ER's e-nodes'
    /// children, [`Run::kept`]); 0 for a search that keeps none.
    fn kept_position_bytes<T: GameTree>() -> u64 {
        0
    }

    /// The most positions it keeps at once beyond its split points, as `options` bound
    /// them; `u64::MAX` (no bound) for a search that keeps none.
    fn keep_limit(options: &SearchOptions) -> u64 {
        let _ = options;
        u64::MAX
    }

    /// Refuses a setting it cannot search `tree` with ([`Search::check`]).
    fn check<T: GameTree>(tree: &T, options: &SearchOptions) -> Result<(), SettingRefused> {
        let _ = (tree, options);
        Ok(())
    }
}

impl Younger for Ybwc {
    fn search_younger<T: GameTree, E: Executor>(
        ctx: &Run<'_, '_, T, E, Self>,
        node: T::Node,
        children: &T::Children,
        sp: &SplitPoint<'_>,
        i: usize,
    ) -> (Result<Value, Aborted>, u64) {
        search_brother_window(ctx, node, children, sp, i)
    }
}

/// One search on split points: the shared context and the settings, for younger
/// brothers searched as `Y` searches them. It dereferences to the context, which is
/// what most of the search reads.
pub(crate) struct Run<'a, 'c, T: GameTree, E: Executor, Y> {
    ctx: &'a Context<'c, T, E>,
    pub(crate) settings: Settings,
    /// The positions ER's e-nodes keep, within [`Settings::keep_limit`] (`kept.rs`).
    pub(crate) kept: Budget,
    younger: PhantomData<fn() -> Y>,
}

impl<'c, T: GameTree, E: Executor, Y> std::ops::Deref for Run<'_, 'c, T, E, Y> {
    type Target = Context<'c, T, E>;
    fn deref(&self) -> &Context<'c, T, E> {
        self.ctx
    }
}

/// Searches the whole tree on split points, younger brothers searched as `Y` searches
/// them; returns the root value and the search-order index of the root move that
/// produced it.
pub(crate) fn search<T: GameTree, E: Executor, Y: Younger>(
    ctx: &Context<'_, T, E>,
    settings: &Settings,
) -> Result<Found, Aborted> {
    let ctx = &Run::<T, E, Y> {
        ctx,
        settings: *settings,
        kept: Budget::new(settings.keep_limit),
        younger: PhantomData,
    };
    let mut found = Found::from(search_run(ctx)?);
    let bytes = Y::kept_position_bytes::<T>();
    if bytes > 0 {
        let peak = ctx.kept.peak();
        found.own = Some(OwnStats::Kept(Kept {
            kept_positions: peak,
            kept_bytes: peak.saturating_mul(bytes),
        }));
    }
    Ok(found)
}

/// [`search`] on its run.
fn search_run<T: GameTree, E: Executor, Y: Younger>(
    ctx: &Run<'_, '_, T, E, Y>,
) -> Result<(Value, Option<usize>), Aborted> {
    let tree = ctx.tree;
    let root = tree.root();
    // One worker has nobody to share with: the serial kernel alone, without split
    // points, unless a split height was given.
    if (ctx.threads() > 1 || ctx.split_alone) && splits(ctx, root) {
        let degree = tree.degree(root);
        let sp = SplitPoint::root(
            NEG_INFINITY,
            INFINITY,
            degree,
            1,
            ctx.worker(),
            &ctx.executor,
        );
        Y::split_node(ctx, root, &sp)
    } else {
        ctx.serial_by(Y::KERNEL, root, NEG_INFINITY, INFINITY, &mut StopProbe { ctx })
    }
}

/// Whether `node` is searched as a split point: internal, and at least the split height
/// above the deepest leaves the tree may have.
pub(crate) fn splits<T: GameTree, E: Executor, Y: Younger>(
    ctx: &Run<'_, '_, T, E, Y>,
    node: T::Node,
) -> bool {
    is_split_point(ctx.tree, ctx.split_height, node)
}

/// Searches `node` as the split point `sp` (already created with the node's degree).
/// The positions examined in the subtree are left in `sp` ([`SplitPoint::examined`]).
pub(crate) fn split_node<T: GameTree, E: Executor, Y: Younger>(
    ctx: &Run<'_, '_, T, E, Y>,
    node: T::Node,
    sp: &SplitPoint<'_>,
) -> Result<(Value, Option<usize>), Aborted> {
    let children = ctx.tree.children(node);
    let incomplete = AtomicBool::new(false);
    let eldest_examined = open_with_eldest(ctx, node, &children, sp, &incomplete);
    split_rest(ctx, node, &children, sp, eldest_examined, &incomplete)
}

/// Opens `node` as the split point `sp` and searches its eldest brother, by this worker
/// alone, offering its result; returns the positions the eldest's search examined. An
/// aborted eldest marks the node `incomplete`.
pub(crate) fn open_with_eldest<T: GameTree, E: Executor, Y: Younger>(
    ctx: &Run<'_, '_, T, E, Y>,
    node: T::Node,
    children: &T::Children,
    sp: &SplitPoint<'_>,
    incomplete: &AtomicBool,
) -> u64 {
    ctx.open_split_point();
    sp.add_examined(1);
    let (eldest, eldest_examined) = search_brother(ctx, node, children, sp, 0);
    sp.add_examined(eldest_examined);
    match eldest {
        Ok(v) => {
            sp.offer(-v, 0);
        }
        Err(Aborted) => incomplete.store(true, Ordering::Relaxed),
    }
    eldest_examined
}

/// Searches the brothers of split point `sp`'s node after the eldest (searched already,
/// in `eldest_examined` positions, by [`open_with_eldest`]): at an expected cut node
/// more by this worker alone, then the rest shared, or finished serially when the eldest
/// was too small to share. Returns the node's result.
pub(crate) fn split_rest<T: GameTree, E: Executor, Y: Younger>(
    ctx: &Run<'_, '_, T, E, Y>,
    node: T::Node,
    children: &T::Children,
    sp: &SplitPoint<'_>,
    eldest_examined: u64,
    incomplete: &AtomicBool,
) -> Result<(Value, Option<usize>), Aborted> {
    // An expected cut node: more brothers by this worker alone, while none cuts off.
    let wait = ctx.settings.wait_for(sp.kind);
    while sp.next_index() < wait.min(sp.degree)
        && !sp.window().is_closed()
        && !incomplete.load(Ordering::Relaxed)
        && !ctx.stopped()
    {
        let Some(i) = sp.next_brother() else { break };
        let (result, examined) = search_brother(ctx, node, children, sp, i);
        sp.add_examined(examined);
        match result {
            Ok(v) => {
                sp.offer(-v, i);
            }
            Err(Aborted) => incomplete.store(true, Ordering::Relaxed),
        }
    }

    if sp.next_index() < sp.degree && !sp.window().is_closed() && !ctx.stopped() {
        if eldest_examined < ctx.settings.eldest_grain && !incomplete.load(Ordering::Relaxed) {
            // Too small to share: the serial kernel finishes the node in one search.
            return finish_serially(ctx, node, sp);
        } else {
            let helpers = (ctx.threads() - 1).min(sp.degree - sp.next_index() - 1);
            ctx.with_slot(|slot| slot.stats.splits += 1);
            ctx.fork(helpers, || {
                brother_loop(ctx, node, children, sp, incomplete);
            });
            let (after_cutoff, after_exhausted) = sp.latencies();
            ctx.with_slot(|slot| {
                if let Some(ns) = after_cutoff {
                    slot.stats.record_abort_latency(ns);
                }
                if let Some(ns) = after_exhausted {
                    slot.stats.record_split_wait(ns);
                }
            });
        }
    } else if sp.next_index() < sp.degree && !sp.genuinely_cut() {
        // Brothers were left unsearched because the window closed from above or time ran out.
        incomplete.store(true, Ordering::Relaxed);
    }

    if sp.genuinely_cut() {
        return Ok(sp.result());
    }
    // A window closed from above (`alpha >= beta`) makes the result meaningless: the
    // parent was cut, or this is a null-window test gone stale (its parent's best passed
    // the test's threshold after every brother had returned), whose result clamped to
    // that window would read as a fail-low for the parent. A `beta` that fell below this
    // node's own best after the check above is different: the best is still a true
    // fail-high bound. The window is read once, so the result goes with the window
    // checked.
    let window = sp.window();
    if incomplete.load(Ordering::Relaxed) || ctx.stopped() || window.alpha >= window.beta {
        ctx.with_slot(|slot| slot.stats.aborts += 1);
        return Err(Aborted);
    }
    Ok(sp.result_in(window))
}

/// Takes younger brothers of `sp` one at a time until none is left or the split point
/// is closed.
fn brother_loop<T: GameTree, E: Executor, Y: Younger>(
    ctx: &Run<'_, '_, T, E, Y>,
    node: T::Node,
    children: &T::Children,
    sp: &SplitPoint<'_>,
    incomplete: &AtomicBool,
) {
    let me = ctx.worker();
    loop {
        if sp.window().is_closed() || ctx.stopped() {
            if !sp.genuinely_cut() {
                incomplete.store(true, Ordering::Relaxed);
            }
            return;
        }
        let Some(i) = sp.next_brother() else { return };
        ctx.strand();
        if me != sp.owner {
            ctx.with_slot(|slot| slot.stats.steals += 1);
        }
        let (result, examined) = search_brother(ctx, node, children, sp, i);
        sp.add_examined(examined);
        match result {
            Ok(v) => {
                sp.offer(-v, i);
            }
            Err(Aborted) => incomplete.store(true, Ordering::Relaxed),
        }
    }
}

/// Searches brother `i` of `sp`'s node: the eldest with the split point's live window,
/// a younger one as `Y` searches younger brothers. Returns the brother's value from its
/// own viewpoint (`INFINITY` for nothing to offer) and the positions examined in its
/// subtree.
fn search_brother<T: GameTree, E: Executor, Y: Younger>(
    ctx: &Run<'_, '_, T, E, Y>,
    node: T::Node,
    children: &T::Children,
    sp: &SplitPoint<'_>,
    i: usize,
) -> (Result<Value, Aborted>, u64) {
    if i == 0 {
        search_brother_window(ctx, node, children, sp, i)
    } else {
        Y::search_younger(ctx, node, children, sp, i)
    }
}

/// Searches brother `i` of `sp`'s node with the split point's live window; returns the
/// brother's value from its own viewpoint, and the positions examined in its subtree.
pub(crate) fn search_brother_window<T: GameTree, E: Executor, Y: Younger>(
    ctx: &Run<'_, '_, T, E, Y>,
    node: T::Node,
    children: &T::Children,
    sp: &SplitPoint<'_>,
    i: usize,
) -> (Result<Value, Aborted>, u64) {
    let tree = ctx.tree;
    let window = sp.window();
    if window.is_closed() {
        return (Err(Aborted), 0);
    }
    let brother = tree.child(node, children, i);
    if splits(ctx, brother) {
        let child_sp = SplitPoint::child(sp, sp.kind.child(i), tree.degree(brother), ctx.worker());
        let result = Y::split_node(ctx, brother, &child_sp).map(|(v, _)| v);
        (result, child_sp.examined())
    } else {
        let (alpha, beta) = window.for_child();
        let mut probe = SplitProbe {
            ctx,
            sp,
            last: window,
        };
        let (result, examined) = ctx.serial_counted_by(Y::KERNEL, brother, alpha, beta, &mut probe);
        (result.map(|(v, _)| v), examined)
    }
}

/// Finishes split point `sp`'s node with the serial kernel, from its second brother on,
/// in one search: the window is the node's live window, the running maximum and best
/// brother what the eldest gave. The kernel's probe follows the node's live window
/// ([`NodeProbe`]). The positions examined are added to `sp`.
pub(crate) fn finish_serially<T: GameTree, E: Executor, Y: Younger>(
    ctx: &Run<'_, '_, T, E, Y>,
    node: T::Node,
    sp: &SplitPoint<'_>,
) -> Result<(Value, Option<usize>), Aborted> {
    let window = sp.window();
    // Closed from above since the caller looked (a cut above, or a null-window test gone
    // stale): a search with that empty window would return its bound as if it were the
    // node's result.
    if window.alpha >= window.beta {
        ctx.with_slot(|slot| slot.stats.aborts += 1);
        return Err(Aborted);
    }
    let (m, best) = sp.result_in(window);
    let resume = Resume {
        next: sp.next_index() as u32,
        m,
        best: best.map_or(u32::MAX, |i| i as u32),
    };
    let mut probe = NodeProbe {
        ctx,
        sp,
        last: window,
    };
    let (result, examined) =
        ctx.resume_counted(Y::KERNEL, node, (window.alpha, window.beta), resume, &mut probe);
    sp.add_examined(examined);
    if result.is_err() {
        ctx.with_slot(|slot| slot.stats.aborts += 1);
    }
    result
}

/// The probe of a serial search of a split point's node itself ([`finish_serially`]):
/// aborts when the node's live window closes from above or time runs out, and passes on
/// the node's narrower window when an ancestor raised a bound.
struct NodeProbe<'a, 'c, 'p, T: GameTree, E: Executor> {
    ctx: &'a Context<'c, T, E>,
    sp: &'a SplitPoint<'p>,
    last: Window,
}

impl<T: GameTree, E: Executor> Probe for NodeProbe<'_, '_, '_, T, E> {
    const ENABLED: bool = true;

    fn poll(&mut self, _examined: u64) -> Poll {
        if self.ctx.stopped() {
            return Poll::Abort;
        }
        let window = self.sp.window();
        // Only a window closed from above makes the node's result useless. A `beta`
        // lowered to at most the eldest's value (`window.is_closed()`, which ends a
        // brother's search) is a genuine cutoff here: narrowing to it lets the kernel
        // return that fail-high value.
        if window.alpha >= window.beta {
            return Poll::Abort;
        }
        if (window.alpha, window.beta) == (self.last.alpha, self.last.beta) {
            return Poll::Continue;
        }
        self.last = window;
        Poll::Narrow {
            alpha: window.alpha,
            beta: window.beta,
        }
    }
}

/// The probe of a serial search below a split point: aborts when the split point's
/// live window closes (a cutoff here or anywhere above) or time runs out, and passes on
/// a narrower window when a brother or an ancestor raised a bound.
struct SplitProbe<'a, 'c, 'p, T: GameTree, E: Executor> {
    ctx: &'a Context<'c, T, E>,
    sp: &'a SplitPoint<'p>,
    last: Window,
}

impl<T: GameTree, E: Executor> Probe for SplitProbe<'_, '_, '_, T, E> {
    const ENABLED: bool = true;

    fn poll(&mut self, _examined: u64) -> Poll {
        if self.ctx.stopped() {
            return Poll::Abort;
        }
        let window = self.sp.window();
        if window.is_closed() {
            return Poll::Abort;
        }
        if window == self.last {
            return Poll::Continue;
        }
        self.last = window;
        let (alpha, beta) = window.for_child();
        Poll::Narrow { alpha, beta }
    }
}
