//! Several null-window tests at once: the passes overlap instead of each ending in a join.
//!
//! ```text
//! guess as before; every driver (up to `tests` of them) loops:
//!   take a threshold nobody is testing (the schedule below), or stop when none is useful
//!   g := pass(root, beta - 1, beta)           (the pass of `mod.rs`, its own cut flag)
//!   lower := max(lower, g) if g >= beta, upper := min(upper, g) if g < beta
//!   cancel every test whose threshold the new bounds decide; stop when lower = upper
//! ```
//!
//! Every bound a test returns is true of the root whatever the other tests did (they
//! share only the node table, whose entries are all true), so the results can arrive in
//! any order. A test is cancelled through its root's cut flag once its threshold lies
//! outside `(lower, upper]`; it stores nothing it did not finish.
//!
//! The schedule, MTD(f)'s ([`abbench_search::Bracket`]) spread over the tests under way:
//! while a side of the bracket is unknown, a new test goes a step beyond the furthest
//! test on that side, the step doubling each time (both sides alternately while neither
//! is known); once both are, it halves the widest gap between the bounds and the
//! thresholds under test. A bracket no wider than the tree's final width
//! ([`abbench_search::final_width`]), or [`NULL_PASSES`]
//! finished tests, ends in one window search over the bracket, as serially.

use super::{Cut, Run, node};
use crate::executor::Executor;
use crate::split_point::Kind;
use abbench_search::{Aborted, NULL_PASSES, final_width, root_key};
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY, Value};
use std::sync::Mutex;

/// What a driver does next.
pub(super) enum Next {
    /// Search the root with this window in slot `slot`.
    Test { slot: usize, window: (Value, Value) },
    /// Nothing useful to start: the driver stops and its worker helps the others.
    Stop,
}

/// The bounds known of the root and the tests under way.
pub(super) struct Schedule {
    pub(super) lower: Value,
    upper: Value,
    /// The child that gave `lower` (search order), when a test named it.
    pub(super) lower_move: Option<usize>,
    guess: Value,
    /// Per slot, the window of the test under way in it.
    slots: Vec<Option<(Value, Value)>>,
    /// Steps of the next test above and below the bracket.
    up_step: Value,
    down_step: Value,
    /// Null-window tests finished (not cancelled).
    finished: usize,
    /// The widest bracket searched with one window ([`abbench_search::final_width`]).
    final_width: Value,
    /// The last test placed while neither bound was known went up.
    went_up: bool,
    /// The search is over: `lower` is the root value.
    pub(super) done: bool,
    aborted: bool,
}

impl Schedule {
    pub(super) fn new(guess: Value, tests: usize, final_width: Value) -> Self {
        Schedule {
            final_width,
            lower: NEG_INFINITY,
            upper: INFINITY,
            lower_move: None,
            guess,
            slots: vec![None; tests],
            up_step: 1,
            down_step: 1,
            finished: 0,
            went_up: false,
            done: false,
            aborted: false,
        }
    }

    fn under_way(&self) -> impl Iterator<Item = (Value, Value)> + '_ {
        self.slots.iter().flatten().copied()
    }

    /// The thresholds of the null-window tests under way.
    fn thresholds(&self) -> Vec<Value> {
        let mut betas: Vec<Value> = self
            .under_way()
            .filter(|w| w.1 - w.0 == 1)
            .map(|w| w.1)
            .collect();
        betas.sort_unstable();
        betas
    }

    /// The next test to start, or [`Next::Stop`].
    pub(super) fn next(&mut self) -> Next {
        if self.done || self.aborted {
            return Next::Stop;
        }
        let Some(slot) = self.slots.iter().position(Option::is_none) else {
            return Next::Stop;
        };
        if self.under_way().any(|w| w.1 - w.0 > 1) {
            // The window search over the bracket is under way: it gives the value.
            return Next::Stop;
        }
        let (low_known, high_known) = (self.lower > NEG_INFINITY, self.upper < INFINITY);
        if self.finished >= NULL_PASSES
            || (low_known && high_known && self.upper - self.lower <= self.final_width)
        {
            let alpha = if low_known { self.lower - 1 } else { NEG_INFINITY };
            let beta = if high_known { self.upper + 1 } else { INFINITY };
            return self.start(slot, (alpha, beta));
        }
        let betas = self.thresholds();
        let beta = if betas.is_empty() && !low_known && !high_known {
            self.guess
        } else if !low_known && !high_known {
            // Neither side known: alternate.
            if self.went_up {
                self.below(&betas)
            } else {
                self.above(&betas)
            }
        } else if !high_known {
            self.above(&betas)
        } else if !low_known {
            self.below(&betas)
        } else {
            match self.widest_gap(&betas) {
                Some(beta) => beta,
                None => return Next::Stop,
            }
        };
        if betas.binary_search(&beta).is_ok() || beta <= self.lower || beta > self.upper {
            return Next::Stop;
        }
        self.start(slot, (beta - 1, beta))
    }

    fn start(&mut self, slot: usize, window: (Value, Value)) -> Next {
        self.slots[slot] = Some(window);
        Next::Test { slot, window }
    }

    /// A threshold a step above the bracket and every test under way.
    fn above(&mut self, betas: &[Value]) -> Value {
        let top = betas
            .last()
            .copied()
            .unwrap_or(self.guess - 1)
            .max(self.lower);
        self.went_up = true;
        let beta = top.saturating_add(self.up_step);
        self.up_step = self.up_step.saturating_mul(2);
        beta.min(INFINITY - 1)
    }

    /// A threshold a step below the bracket and every test under way.
    fn below(&mut self, betas: &[Value]) -> Value {
        let bottom = betas
            .first()
            .map(|b| b - 1)
            .unwrap_or(self.guess)
            .min(self.upper);
        self.went_up = false;
        let beta = bottom.saturating_sub(self.down_step - 1);
        self.down_step = self.down_step.saturating_mul(2);
        beta.max(NEG_INFINITY + 2)
    }

    /// The middle of the widest gap between the known bounds and the thresholds under
    /// test, or `None` when every value in the bracket is already being told apart.
    fn widest_gap(&self, betas: &[Value]) -> Option<Value> {
        // Cut points: a test at beta separates values below beta from those at or
        // above it; the bracket's values are lower..=upper.
        let mut points = Vec::with_capacity(betas.len() + 2);
        points.push(self.lower);
        points.extend(betas.iter().map(|b| b - 1));
        points.push(self.upper);
        let (a, c) = points
            .windows(2)
            .map(|w| (w[0], w[1]))
            .max_by_key(|&(a, c)| c - a)?;
        // Values a+1..=c are undecided; testing beta splits them.
        (c - a >= 1).then(|| a + (c - a + 1) / 2)
    }

    /// Takes the result `g` of the test in `slot` (its best root move `best`); returns
    /// the slots whose tests the new bounds decide.
    pub(super) fn record(&mut self, slot: usize, g: Value, best: Option<usize>) -> Vec<usize> {
        let Some((alpha, beta)) = self.slots[slot].take() else {
            return Vec::new();
        };
        if beta - alpha == 1 {
            self.finished += 1;
        }
        if g <= alpha {
            self.upper = self.upper.min(g);
        } else {
            if g > self.lower || (g == self.lower && self.lower_move.is_none()) {
                self.lower_move = best.or(self.lower_move.filter(|_| g == self.lower));
            }
            self.lower = self.lower.max(g);
            if g < beta {
                self.upper = self.upper.min(g);
            }
        }
        if self.lower >= self.upper {
            self.done = true;
        }
        let (lower, upper, done) = (self.lower, self.upper, self.done);
        self.slots
            .iter()
            .enumerate()
            .filter_map(|(i, w)| {
                let (a, b) = (*w)?;
                let decided = done || (b - a == 1 && (b <= lower || b > upper));
                decided.then_some(i)
            })
            .collect()
    }

    /// A test in `slot` stopped before it finished.
    pub(super) fn cancelled(&mut self, slot: usize) {
        self.slots[slot] = None;
    }
}

/// The root value and best root move by overlapping null-window tests, up to `tests` at
/// once, from `guess`.
pub(super) fn search<T: GameTree, E: Executor>(
    ctx: &Run<'_, '_, T, E>,
    guess: Value,
    tests: usize,
) -> Result<(Value, Option<usize>), Aborted> {
    let tree = ctx.tree;
    let root = tree.root();
    let key = root_key(tree);
    let schedule = Mutex::new(Schedule::new(guess, tests, final_width(tree)));
    let cuts: Vec<Cut<'static>> = (0..tests).map(|_| Cut::below(None)).collect();
    let lock = || schedule.lock().unwrap_or_else(|p| p.into_inner());
    ctx.fork(tests - 1, || {
        loop {
            let (slot, window) = {
                let mut s = lock();
                match s.next() {
                    // The flag is cleared under the lock: a cancellation is only ever
                    // sent, under the lock, to a slot holding a test.
                    Next::Test { slot, window } => {
                        cuts[slot].reset();
                        (slot, window)
                    }
                    Next::Stop => return,
                }
            };
            if window.1 - window.0 == 1 {
                ctx.with_slot(|s| s.stats.tests += 1);
            }
            let result = node(ctx, root, key, window, Kind::Pv, Some(&cuts[slot]));
            let mut s = lock();
            match result {
                Ok((g, best)) => {
                    for other in s.record(slot, g, best) {
                        cuts[other].cut_off();
                    }
                }
                Err(Aborted) if ctx.stopped() => {
                    s.aborted = true;
                    return;
                }
                Err(Aborted) => s.cancelled(slot),
            }
        }
    });
    let s = schedule.into_inner().unwrap_or_else(|p| p.into_inner());
    if !s.done {
        return Err(Aborted);
    }
    let best = s
        .lower_move
        .or_else(|| ctx.table_probe_move(key).and_then(|(_, best)| best));
    Ok((s.lower, best))
}
