//! A node above the split height while a parallel search shares it: its running
//! maximum, the next brother to hand out, and the link to its parent's split point
//! through which bounds and cutoffs travel. Root splitting, young brothers wait and
//! Jamboree use it; the protocol is in `ybwc/README.md`, and the fixed windows of
//! null-window tests in `jamboree/README.md`.

use crate::executor::Clock;
use crate::handout::Handout;
use crate::sync::{AtomicI64, AtomicU64, Mutex, Ordering};
use abbench_tree::{GameTree, Value};

/// The live window of a split point: `alpha`, `beta`, and the running maximum `m`
/// (at least `alpha`). Children are searched with `(-beta, -m)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Window {
    pub(crate) alpha: Value,
    pub(crate) beta: Value,
    pub(crate) m: Value,
}

impl Window {
    /// Whether nothing a child could return matters any more.
    #[inline]
    pub(crate) fn is_closed(&self) -> bool {
        self.m >= self.beta
    }

    /// The window a child is searched with, `(-beta, -m)`.
    #[inline]
    pub(crate) fn for_child(&self) -> (Value, Value) {
        (-self.beta, -self.m)
    }
}

/// The best result found at a split point: kept together so the move always matches
/// the value.
#[derive(Clone, Copy, Debug)]
struct Best {
    m: Value,
    index: Option<usize>,
}

/// Where a split point's window comes from.
#[derive(Clone, Copy)]
enum Origin<'p> {
    /// The root of the search, with the window it was called with.
    Root { alpha: Value, beta: Value },
    /// A child of this split point's node: the window follows the parent's live one.
    Child(&'p SplitPoint<'p>),
    /// A null-window test of a child of this split point's node: the window is fixed,
    /// `(alpha, beta)`, and closes only when the parent's window closes (a cutoff there
    /// or above makes the test useless). A test's bound never changes, so nothing in it
    /// can go stale.
    Test {
        parent: &'p SplitPoint<'p>,
        alpha: Value,
        beta: Value,
    },
}

/// The kind a node is expected to have (Knuth & Moore's types 1, 2 and 3): on the
/// principal variation, expected to cut off (one good reply refutes it), or expected to
/// search every child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Type 1: the eldest child is pv, the younger ones cut.
    Pv,
    /// Type 2: its children are all.
    Cut,
    /// Type 3: its children are cut.
    All,
}

impl Kind {
    /// The expected kind of this node's child with search-order index `i`.
    pub(crate) fn child(self, i: usize) -> Kind {
        match self {
            Kind::Pv if i == 0 => Kind::Pv,
            Kind::Pv | Kind::All => Kind::Cut,
            Kind::Cut => Kind::All,
        }
    }

    /// How many brothers (the eldest included) the owner of a node of this kind
    /// searches alone before it shares the rest, for a cut wait of `wait` brothers: at
    /// an expected cut node `wait`, elsewhere the eldest.
    pub(crate) fn searched_alone(self, wait: usize) -> usize {
        match self {
            Kind::Cut => wait,
            Kind::Pv | Kind::All => 1,
        }
    }
}

pub(crate) struct SplitPoint<'p> {
    origin: Origin<'p>,
    /// The kind this node was expected to have when it was opened.
    pub(crate) kind: Kind,
    /// The running maximum of genuine child results, published for lock-free reads.
    ///
    /// Memory ordering: `Relaxed`. The value only grows (raised by `fetch_max` under
    /// `best`'s lock: a smaller offer's plain store after the lock could lower it and
    /// reopen a window a cutoff closed, which the loom model in `ybwc/test.rs` catches),
    /// and it carries no other data: a reader that sees an older, smaller `m` derives a
    /// wider window, which is still correct (F2's contract holds for any window
    /// containing the true one), only prunes less. The final value is read after the
    /// join of all brothers, which synchronises.
    m: AtomicI64,
    best: Mutex<Best>,
    /// The younger brothers not yet handed out (the crate's one hand-out, with its
    /// memory ordering, `handout.rs`).
    brothers: Handout,
    pub(crate) degree: usize,
    /// The worker that opened the split point.
    pub(crate) owner: usize,
    /// Positions examined in this split point's subtree so far, by every worker: the
    /// node itself and each brother's search, added when the search returns.
    /// Memory ordering: `Relaxed` `fetch_add`; a count, read by the owner after the join.
    examined: AtomicU64,
    /// When a cutoff closed this split point, by the executor's clock (0: none yet).
    /// Memory ordering: `Relaxed`; a timestamp for statistics, read after the join.
    cutoff_at: AtomicU64,
    /// When the last brother was handed out, likewise.
    exhausted_at: AtomicU64,
    clock: &'p dyn Clock,
}

impl<'p> SplitPoint<'p> {
    /// The split point of the root of a search with window `(alpha, beta)`, whose
    /// brothers are handed out from index `first`.
    pub(crate) fn root(
        alpha: Value,
        beta: Value,
        degree: usize,
        first: usize,
        owner: usize,
        clock: &'p dyn Clock,
    ) -> Self {
        Self::new(
            Origin::Root { alpha, beta },
            Kind::Pv,
            alpha,
            degree,
            first,
            owner,
            clock,
        )
    }

    /// The split point of a child of `parent`'s node; the eldest brother (index 0) is
    /// searched by the owner before any other is handed out.
    pub(crate) fn child(
        parent: &'p SplitPoint<'p>,
        kind: Kind,
        degree: usize,
        owner: usize,
    ) -> Self {
        let alpha = parent.window().for_child().0;
        Self::new(
            Origin::Child(parent),
            kind,
            alpha,
            degree,
            1,
            owner,
            parent.clock,
        )
    }

    /// The split point of a null-window test `(alpha, beta)` of a child of `parent`'s
    /// node ([`Origin::Test`]); the eldest brother is searched first by the owner.
    pub(crate) fn test(
        parent: &'p SplitPoint<'p>,
        alpha: Value,
        beta: Value,
        kind: Kind,
        degree: usize,
        owner: usize,
    ) -> Self {
        Self::new(
            Origin::Test {
                parent,
                alpha,
                beta,
            },
            kind,
            alpha,
            degree,
            1,
            owner,
            parent.clock,
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn new(
        origin: Origin<'p>,
        kind: Kind,
        alpha: Value,
        degree: usize,
        first: usize,
        owner: usize,
        clock: &'p dyn Clock,
    ) -> Self {
        SplitPoint {
            origin,
            kind,
            m: AtomicI64::new(alpha),
            best: Mutex::new(Best {
                m: alpha,
                index: None,
            }),
            brothers: Handout::new(first, degree),
            degree,
            owner,
            examined: AtomicU64::new(0),
            cutoff_at: AtomicU64::new(0),
            exhausted_at: AtomicU64::new(0),
            clock,
        }
    }

    /// The live window: derived from the parent's live window (`alpha = -parent.beta`,
    /// `beta = -parent.m`), so a bound raised anywhere above, or a cutoff anywhere above,
    /// reaches this node at its next read.
    pub(crate) fn window(&self) -> Window {
        let (alpha, beta) = match self.origin {
            Origin::Root { alpha, beta } => (alpha, beta),
            Origin::Child(parent) => parent.window().for_child(),
            // A closed parent closes the test, and so does a parent whose best value
            // rose past the test's threshold `-beta` (the test is stale: failing high
            // it would prove nothing): `alpha = beta` makes the window closed.
            Origin::Test {
                parent,
                alpha,
                beta,
            } => {
                let outer = parent.window();
                if outer.is_closed() || outer.m > -beta {
                    (beta, beta)
                } else {
                    (alpha, beta)
                }
            }
        };
        let m = self.m.load(Ordering::Relaxed).max(alpha);
        Window { alpha, beta, m }
    }

    /// Records a child's result `t` (from this node's viewpoint) for the brother with
    /// search-order index `index`; returns whether the split point is now closed by a
    /// cutoff.
    pub(crate) fn offer(&self, t: Value, index: usize) -> bool {
        {
            let mut best = self.best.lock().unwrap_or_else(|p| p.into_inner());
            if t > best.m {
                *best = Best {
                    m: t,
                    index: Some(index),
                };
                self.m.fetch_max(t, Ordering::Relaxed);
            }
        }
        let window = self.window();
        let cut = self.m.load(Ordering::Relaxed) >= window.beta;
        if cut {
            let _ = self.cutoff_at.compare_exchange(
                0,
                self.clock_now(),
                Ordering::Relaxed,
                Ordering::Relaxed,
            );
        }
        cut
    }

    /// Whether a brother's result (not a bound inherited from above) reaches `beta`:
    /// a cutoff this node can report as its own fail-high result.
    pub(crate) fn genuinely_cut(&self) -> bool {
        let best = *self.best.lock().unwrap_or_else(|p| p.into_inner());
        best.index.is_some() && best.m >= self.window().beta
    }

    /// The result so far: the running maximum (at least the live alpha) and the index of
    /// the brother that produced it.
    pub(crate) fn result(&self) -> (Value, Option<usize>) {
        self.result_in(self.window())
    }

    /// [`SplitPoint::result`] with the live window read once before, as `window`: a
    /// caller that checked that window (open, say) gets the result that goes with it,
    /// not one clamped to a window that changed since.
    pub(crate) fn result_in(&self, window: Window) -> (Value, Option<usize>) {
        let best = *self.best.lock().unwrap_or_else(|p| p.into_inner());
        if best.m >= window.alpha {
            (best.m, best.index)
        } else {
            (window.alpha, None)
        }
    }

    /// Adds `n` positions examined in this split point's subtree.
    pub(crate) fn add_examined(&self, n: u64) {
        self.examined.fetch_add(n, Ordering::Relaxed);
    }

    /// The search-order index of the next brother to be handed out (may be past the
    /// last).
    pub(crate) fn next_index(&self) -> usize {
        self.brothers.next()
    }

    /// Positions examined in this split point's subtree so far.
    pub(crate) fn examined(&self) -> u64 {
        self.examined.load(Ordering::Relaxed)
    }

    /// Hands out the next younger brother, or `None` when all are taken.
    pub(crate) fn next_brother(&self) -> Option<usize> {
        match self.brothers.take_noting_end() {
            Ok(i) => Some(i),
            Err(first_past_the_end) => {
                if first_past_the_end {
                    self.exhausted_at.store(self.clock_now(), Ordering::Relaxed);
                }
                None
            }
        }
    }

    /// Broken, for the loom model in `ybwc/test.rs` to catch: [`SplitPoint::next_brother`]
    /// with the index read and written back in two steps, so two workers can take one
    /// brother.
    #[cfg(all(test, loom))]
    pub(crate) fn next_brother_in_two_steps(&self) -> Option<usize> {
        self.brothers.take_in_two_steps()
    }

    /// Broken, for the loom model in `ybwc/test.rs` to catch: [`SplitPoint::child`] with
    /// the parent's window copied when the child opens instead of derived at each read,
    /// so a cutoff above that comes later never reaches the child.
    #[cfg(all(test, loom))]
    pub(crate) fn child_with_a_copied_window(
        parent: &'p SplitPoint<'p>,
        kind: Kind,
        degree: usize,
        owner: usize,
    ) -> Self {
        let (alpha, beta) = parent.window().for_child();
        let origin = Origin::Root { alpha, beta };
        Self::new(origin, kind, alpha, degree, 1, owner, parent.clock)
    }

    /// Broken, likewise: [`SplitPoint::offer`] with the value and the move written under
    /// two locks, so a racing offer can pair its value with the other's move.
    #[cfg(all(test, loom))]
    pub(crate) fn offer_value_and_move_apart(&self, t: Value, index: usize) -> bool {
        let raised = {
            let mut best = self.best.lock().unwrap();
            let raised = t > best.m;
            if raised {
                best.m = t;
                self.m.fetch_max(t, Ordering::Relaxed);
            }
            raised
        };
        if raised {
            self.best.lock().unwrap().index = Some(index);
        }
        self.m.load(Ordering::Relaxed) >= self.window().beta
    }

    /// Broken, likewise: [`SplitPoint::offer`] publishing the running maximum with a
    /// plain store once the lock is released, so a smaller offer's late store lowers it
    /// and reopens a window that a cutoff closed.
    #[cfg(all(test, loom))]
    pub(crate) fn offer_publishing_after_the_lock(&self, t: Value, index: usize) -> bool {
        let raised = {
            let mut best = self.best.lock().unwrap();
            let raised = t > best.m;
            if raised {
                *best = Best {
                    m: t,
                    index: Some(index),
                };
            }
            raised
        };
        if raised {
            self.m.store(t, Ordering::Relaxed);
        }
        self.m.load(Ordering::Relaxed) >= self.window().beta
    }

    /// Nanoseconds from the cutoff (if any) and from the hand-out of the last brother (if
    /// all were handed out) until now.
    pub(crate) fn latencies(&self) -> (Option<u64>, Option<u64>) {
        let now = self.clock_now();
        let since = |at: u64| (at != 0).then(|| now.saturating_sub(at));
        (
            since(self.cutoff_at.load(Ordering::Relaxed)),
            since(self.exhausted_at.load(Ordering::Relaxed)),
        )
    }

    /// The executor's clock, never 0 (0 marks "not yet").
    fn clock_now(&self) -> u64 {
        self.clock.now().max(1)
    }
}

/// Whether `node` is a split point at this split height: internal, with a remaining
/// height ([`GameTree::remaining_height`]: by default the plies to the deepest leaves the
/// tree may have) of at least `split_height`.
pub(crate) fn is_split_point<T: GameTree>(tree: &T, split_height: u32, node: T::Node) -> bool {
    tree.remaining_height(node) >= split_height && tree.degree(node) > 0
}
