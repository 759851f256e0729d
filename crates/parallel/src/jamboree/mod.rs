//! Jamboree (Kuszmaul; StarTech, \*Socrates): parallel principal variation search. At
//! a split point the eldest is searched first with the node's window, as young brothers
//! wait does; each younger brother is then first *tested* with a null window against the
//! best value so far — a test whose bound never changes while it runs — and searched
//! again with the node's live window only if it fails high. The split points, their
//! hand-out and abort rule are young brothers wait's (`ybwc/README.md`), which this
//! folder plugs into ([`Younger`]); what differs is here. The protocol and the
//! measurements behind it are in `README.md` beside this file.

use crate::context::{Context, Kernel};
use crate::executor::Executor;
use crate::split_point::SplitPoint;
use crate::ybwc::{
    Run, Younger, search_brother_window, split_node, splits,
};
use abbench_search::{Aborted, Poll, Probe};
use abbench_tree::{GameTree, INFINITY, Value};

/// Jamboree ([`crate::ParallelAlgorithm::Jamboree`]).
pub(crate) struct Jamboree;

impl Younger for Jamboree {
    /// Below the split height Jamboree is serial PVS, as \*Socrates ran NegaScout below
    /// its parallel part: one worker then searches exactly what serial PVS searches.
    const KERNEL: Kernel = Kernel::Pvs;

    /// A younger brother first tested with a null window against the best value so far,
    /// searched again with the live window only if it fails high. Returns the brother's
    /// value from its own viewpoint (for a test that failed low, `INFINITY`: nothing to
    /// offer), and the positions examined in its subtree.
    fn search_younger<T: GameTree, E: Executor>(
        ctx: &Run<'_, '_, T, E, Self>,
        node: T::Node,
        children: &T::Children,
        sp: &SplitPoint<'_>,
        i: usize,
    ) -> (Result<Value, Aborted>, u64) {
        let mut tested = 0;
        loop {
            let window = sp.window();
            if window.is_closed() {
                return (Err(Aborted), tested);
            }
            // The threshold: the best value so far (at least the live alpha).
            let a = window.m;
            if a.saturating_add(1) >= window.beta {
                // The window is already null: the test is the search.
                let (result, searched) = search_brother_window(ctx, node, children, sp, i);
                return (result, tested + searched);
            }
            let (test, examined) = test_brother(ctx, node, children, sp, i, a);
            tested += examined;
            match test {
                // The best value rose past the threshold while the test ran: test again
                // against the new one, unless the node is closed or time is up.
                Err(Aborted) if sp.window().m > a && !sp.window().is_closed() && !ctx.stopped() => {
                    ctx.with_slot(|slot| slot.stats.aborts += 1);
                }
                Err(Aborted) => return (Err(Aborted), tested),
                // The brother is worth at most `a` from this node's viewpoint: no better
                // than what the node has.
                Ok(v) if -v <= a => return (Ok(INFINITY), tested),
                Ok(_) => {
                    let (result, searched) = search_brother_window(ctx, node, children, sp, i);
                    ctx.with_slot(|slot| slot.stats.re_searches += 1);
                    return (result, tested + searched);
                }
            }
        }
    }
}

/// The null-window test of brother `i` of `sp`'s node at threshold `a` (this node's
/// viewpoint): the brother searched with the fixed window `(-a - 1, -a)`, in parallel if
/// it is a split point itself. It stops only when `sp`'s window closes.
fn test_brother<T: GameTree, E: Executor>(
    ctx: &Run<'_, '_, T, E, Jamboree>,
    node: T::Node,
    children: &T::Children,
    sp: &SplitPoint<'_>,
    i: usize,
    a: Value,
) -> (Result<Value, Aborted>, u64) {
    let tree = ctx.tree;
    let brother = tree.child(node, children, i);
    let (alpha, beta) = (-a - 1, -a);
    ctx.with_slot(|slot| slot.stats.tests += 1);
    if splits(ctx, brother) {
        let kind = sp.kind.child(i);
        let test_sp = SplitPoint::test(sp, alpha, beta, kind, tree.degree(brother), ctx.worker());
        let result = split_node(ctx, brother, &test_sp).map(|(v, _)| v);
        (result, test_sp.examined())
    } else {
        let mut probe = TestProbe {
            ctx,
            sp,
            threshold: a,
        };
        let (result, examined) = ctx.serial_counted(brother, alpha, beta, &mut probe);
        (result.map(|(v, _)| v), examined)
    }
}

/// The probe of a null-window test below a split point: its window is fixed, so it only
/// aborts, when the split point's window closes or time runs out.
struct TestProbe<'a, 'c, 'p, T: GameTree, E: Executor> {
    ctx: &'a Context<'c, T, E>,
    sp: &'a SplitPoint<'p>,
    /// The test's threshold, from the split point's viewpoint: once its best value
    /// passes it, the test is stale.
    threshold: Value,
}

impl<T: GameTree, E: Executor> Probe for TestProbe<'_, '_, '_, T, E> {
    const ENABLED: bool = true;

    fn poll(&mut self, _examined: u64) -> Poll {
        let window = self.sp.window();
        if self.ctx.stopped() || window.is_closed() || window.m > self.threshold {
            Poll::Abort
        } else {
            Poll::Continue
        }
    }
}
