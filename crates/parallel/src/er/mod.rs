//! ER (Steinberg & Solomon): at a node expected to search every child, the first line of
//! every child is searched before the rest of any, and the children are then taken in
//! the order those first lines say.
//!
//! At such a node `N` (an expected all node) whose children are split points:
//!
//! 1. **The eldest whole.** Its owner searches `N`'s eldest child whole, alone, as young
//!    brothers wait does: it may cut `N` off, and it bounds the first lines' window.
//!    An eldest smaller than young brothers wait's eldest grain marks `N` too small to
//!    share: the serial kernel finishes it, as in young brothers wait.
//! 2. **The first lines, all at once** (`evalFirst`). Each other child `C` is opened as a
//!    split point and its eldest child searched with `C`'s live window, the children
//!    handed out to every worker. A first line bounds what `C` can give `N`:
//!    `-v(C) <= v(eldest of C)`.
//! 3. **The rest by need** (`refuteRest`). The children are sorted by that bound, highest
//!    first. The first of them is finished by the owner alone; the others are handed
//!    out in that order. A child whose bound is at most `N`'s running maximum is
//!    refuted already and costs nothing more; any other is finished with the live
//!    window.
//!
//! At an all node every child fails low, so the window the first lines get is the one a
//! serial search would give them. At a pv node a later child may raise the window, and
//! first lines searched before it are searched too wide; at a cut node one good reply
//! is enough. Both are searched as young brothers wait searches them. The split points,
//! their windows and every memory ordering are young brothers wait's (`ybwc/README.md`).
//! The measurements behind the rules are in `README.md` beside this file.

use crate::SearchOptions;
use crate::executor::Executor;
use crate::options::SettingRefused;
use abbench_vocab::ParallelAlgorithm;
use crate::split_point::{Kind, SplitPoint};
use crate::sync::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use crate::ybwc::{
    self, Run, Younger, open_with_eldest, search_brother_window, split_rest, splits,
};
use abbench_search::Aborted;
use abbench_tree::{GameTree, INFINITY, Value};

#[cfg(test)]
mod test;

/// ER ([`crate::ParallelAlgorithm::Er`]).
pub(crate) struct Er;

impl Younger for Er {
    fn search_younger<T: GameTree, E: Executor>(
        ctx: &Run<'_, '_, T, E, Self>,
        node: T::Node,
        children: &T::Children,
        sp: &SplitPoint<'_>,
        i: usize,
    ) -> (Result<Value, Aborted>, u64) {
        search_brother_window(ctx, node, children, sp, i)
    }

    fn split_node<T: GameTree, E: Executor>(
        ctx: &Run<'_, '_, T, E, Self>,
        node: T::Node,
        sp: &SplitPoint<'_>,
    ) -> Result<(Value, Option<usize>), Aborted> {
        let tree = ctx.tree;
        let children = tree.children(node);
        let ordered = sp.kind == Kind::All && sp.degree > 1 && ctx.threads() > 1;
        if ordered && splits(ctx, tree.child(node, &children, 0)) {
            // An e-node keeps a split point per child: within the memory bound, or the
            // node is searched as young brothers wait searches it.
            if let Some(_reserved) = ctx.kept.reserve(sp.degree as u64) {
                return e_node(ctx, node, &children, sp);
            }
        }
        ybwc::split_node(ctx, node, sp)
    }

    fn kept_position_bytes<T: GameTree>() -> u64 {
        std::mem::size_of::<Brother<'static, T>>() as u64
    }

    fn keep_limit(options: &SearchOptions) -> u64 {
        crate::kept::keep_limit(options)
    }

    fn check<T: GameTree>(tree: &T, options: &SearchOptions) -> Result<(), SettingRefused> {
        crate::kept::check_keep_limit(ParallelAlgorithm::Er, tree, options)
    }
}

/// A child of an e-node: its split point and its children (`None` for a child that is
/// no split point, searched whole in the first phase), and whether its search so far
/// was cut short.
struct Brother<'p, T: GameTree> {
    node: T::Node,
    sp: Option<(SplitPoint<'p>, T::Children)>,
    incomplete: AtomicBool,
    /// Whether it was searched whole already (the eldest).
    done: AtomicBool,
    /// Positions its eldest's search examined.
    eldest_examined: AtomicU64,
}

/// Searches the e-node `node`, split point `sp`: the eldest, the first lines, then the
/// children in their order (the module's three steps). Returns the node's result.
fn e_node<T: GameTree, E: Executor>(
    ctx: &Run<'_, '_, T, E, Er>,
    node: T::Node,
    children: &T::Children,
    sp: &SplitPoint<'_>,
) -> Result<(Value, Option<usize>), Aborted> {
    let tree = ctx.tree;
    ctx.open_split_point();
    sp.add_examined(1);
    let incomplete = AtomicBool::new(false);
    let brothers: Vec<Brother<'_, T>> = (0..sp.degree)
        .map(|i| {
            let child = tree.child(node, children, i);
            let sp = splits(ctx, child).then(|| {
                let degree = tree.degree(child);
                let bsp = SplitPoint::child(sp, sp.kind.child(i), degree, ctx.worker());
                (bsp, tree.children(child))
            });
            Brother {
                node: child,
                sp,
                incomplete: AtomicBool::new(false),
                done: AtomicBool::new(false),
                eldest_examined: AtomicU64::new(0),
            }
        })
        .collect();
    // The eldest whole first: it may cut the node off, and the first lines are
    // searched with the bound it gives.
    finish_whole(ctx, sp, &brothers[0], &incomplete);
    // A node whose eldest was small is not worth sharing, as in young brothers wait:
    // the serial kernel finishes it from its second child on.
    let eldest_examined = brothers[0].sp.as_ref().map_or(0, |(bsp, _)| bsp.examined());
    if eldest_examined < ctx.settings.eldest_grain
        && !incomplete.load(Ordering::Relaxed)
        && !sp.window().is_closed()
        && !ctx.stopped()
    {
        sp.add_examined(eldest_examined);
        // The hand-out starts past the eldest: the serial search resumes at the second.
        return ybwc::finish_serially(ctx, node, sp);
    }
    first_lines(ctx, node, children, sp, &brothers, &incomplete);
    if !sp.genuinely_cut() && !incomplete.load(Ordering::Relaxed) {
        let order = promising_first(&brothers);
        by_need(ctx, sp, &brothers, &order, &incomplete);
    }
    for brother in &brothers {
        if let Some((bsp, _)) = &brother.sp {
            sp.add_examined(bsp.examined());
        }
    }
    if sp.genuinely_cut() {
        return Ok(sp.result());
    }
    let window = sp.window();
    if incomplete.load(Ordering::Relaxed) || ctx.stopped() || window.alpha >= window.beta {
        ctx.with_slot(|slot| slot.stats.aborts += 1);
        return Err(Aborted);
    }
    Ok(sp.result_in(window))
}

/// Step 1: the eldest searched whole by this worker alone, before the first lines.
fn finish_whole<T: GameTree, E: Executor>(
    ctx: &Run<'_, '_, T, E, Er>,
    sp: &SplitPoint<'_>,
    eldest: &Brother<'_, T>,
    incomplete: &AtomicBool,
) {
    let Some((bsp, _)) = &eldest.sp else {
        return;
    };
    match Er::split_node(ctx, eldest.node, bsp) {
        Ok((v, _)) => {
            sp.offer(-v, 0);
        }
        Err(Aborted) => incomplete.store(true, Ordering::Relaxed),
    }
    eldest.done.store(true, Ordering::Relaxed);
}

/// Step 2: every other child's first line, the children handed out to every worker. A
/// child that is no split point is searched whole and offered.
fn first_lines<T: GameTree, E: Executor>(
    ctx: &Run<'_, '_, T, E, Er>,
    node: T::Node,
    children: &T::Children,
    sp: &SplitPoint<'_>,
    brothers: &[Brother<'_, T>],
    incomplete: &AtomicBool,
) {
    // The eldest, searched whole already, is no first line.
    let first = usize::from(brothers[0].done.load(Ordering::Relaxed));
    let helpers = (ctx.threads() - 1).min(brothers.len() - 1);
    share(ctx, sp, brothers.len() - first, helpers, incomplete, |k| {
        let i = first + k;
        let brother = &brothers[i];
        match &brother.sp {
            Some((bsp, grandchildren)) => {
                let examined = open_with_eldest(
                    ctx,
                    brother.node,
                    grandchildren,
                    bsp,
                    &brother.incomplete,
                );
                brother
                    .eldest_examined
                    .store(examined, Ordering::Relaxed);
            }
            None => {
                let (result, examined) = search_brother_window(ctx, node, children, sp, i);
                sp.add_examined(examined);
                match result {
                    Ok(v) => {
                        sp.offer(-v, i);
                    }
                    Err(Aborted) => incomplete.store(true, Ordering::Relaxed),
                }
            }
        }
    });
}

/// The children still to finish, the most promising first: by the bound their first
/// line gives on what they can give the node, highest first (a child whose first line
/// was cut short first of all), ties in search order.
fn promising_first<T: GameTree>(brothers: &[Brother<'_, T>]) -> Vec<usize> {
    let mut order: Vec<(Value, usize)> = brothers
        .iter()
        .enumerate()
        .filter_map(|(i, b)| {
            let (bsp, _) = b.sp.as_ref()?;
            if b.done.load(Ordering::Relaxed) {
                return None;
            }

            let bound = if b.incomplete.load(Ordering::Relaxed) {
                INFINITY
            } else {
                -bsp.result().0
            };
            Some((bound, i))
        })
        .collect();
    order.sort_by_key(|&(bound, i)| (std::cmp::Reverse(bound), i));
    order.into_iter().map(|(_, i)| i).collect()
}

/// Step 3: the most promising child finished by this worker alone, then the rest handed
/// out in `order`.
fn by_need<T: GameTree, E: Executor>(
    ctx: &Run<'_, '_, T, E, Er>,
    sp: &SplitPoint<'_>,
    brothers: &[Brother<'_, T>],
    order: &[usize],
    incomplete: &AtomicBool,
) {
    let Some((&first, rest)) = order.split_first() else {
        return;
    };
    finish(ctx, sp, brothers, first, incomplete);
    if rest.is_empty() || sp.window().is_closed() || ctx.stopped() {
        if !rest.is_empty() && !sp.genuinely_cut() {
            incomplete.store(true, Ordering::Relaxed);
        }
        return;
    }
    let helpers = (ctx.threads() - 1).min(rest.len() - 1);
    share(ctx, sp, rest.len(), helpers, incomplete, |k| {
        finish(ctx, sp, brothers, rest[k], incomplete);
    });
}

/// Hands out items `0..count` of `sp`'s node one at a time to this worker and `helpers`
/// more, each to `each`, until none is left or the split point is closed (a closure
/// that is no cutoff of its own leaves the node `incomplete`).
fn share<T: GameTree, E: Executor>(
    ctx: &Run<'_, '_, T, E, Er>,
    sp: &SplitPoint<'_>,
    count: usize,
    helpers: usize,
    incomplete: &AtomicBool,
    each: impl Fn(usize) + Sync,
) {
    let next = AtomicUsize::new(0);
    let owner = ctx.worker();
    let work = || {
        loop {
            if sp.window().is_closed() || ctx.stopped() {
                if !sp.genuinely_cut() {
                    incomplete.store(true, Ordering::Relaxed);
                }
                return;
            }
            // Memory ordering: `Relaxed`, as the hand-out's (`handout.rs`): an index,
            // and the join after the fork publishes what each search wrote.
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k >= count {
                return;
            }
            ctx.strand();
            if ctx.worker() != owner {
                ctx.with_slot(|slot| slot.stats.steals += 1);
            }
            each(k);
        }
    };
    ctx.with_slot(|slot| slot.stats.splits += 1);
    ctx.fork(helpers, work);
}

/// Finishes child `i` of `sp`'s node from its second child on and offers its result;
/// a child whose first line already refutes it (its window closed by its own eldest)
/// offers that bound and costs nothing more.
fn finish<T: GameTree, E: Executor>(
    ctx: &Run<'_, '_, T, E, Er>,
    sp: &SplitPoint<'_>,
    brothers: &[Brother<'_, T>],
    i: usize,
    incomplete: &AtomicBool,
) {
    let brother = &brothers[i];
    let Some((bsp, grandchildren)) = &brother.sp else {
        return;
    };
    if brother.incomplete.load(Ordering::Relaxed) {
        incomplete.store(true, Ordering::Relaxed);
        return;
    }
    let window = bsp.window();
    if window.is_closed() {
        if bsp.genuinely_cut() {
            sp.offer(-bsp.result_in(window).0, i);
        } else {
            incomplete.store(true, Ordering::Relaxed);
        }
        return;
    }
    let eldest_examined = brother.eldest_examined.load(Ordering::Relaxed);
    let result = split_rest(
        ctx,
        brother.node,
        grandchildren,
        bsp,
        eldest_examined,
        &brother.incomplete,
    );
    match result {
        Ok((v, _)) => {
            sp.offer(-v, i);
        }
        Err(Aborted) => incomplete.store(true, Ordering::Relaxed),
    }
}
