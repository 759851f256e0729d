//! The baton: `p` virtual processors on `p` OS threads, exactly one of which runs at a
//! time, always the one with the smallest virtual clock (ties: the lowest index). The
//! protocol — sync points, tie rules, how offers are taken, what each clock is made of —
//! is in `README.md` beside this file.

use super::costs::SimCosts;
use super::speeds::Speeds;
use crate::executor::{Clock, Event, Executor};
use std::cell::Cell;
use std::collections::{BTreeMap, BTreeSet};
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::{Condvar, Mutex, MutexGuard};

thread_local! {
    /// The virtual processor this OS thread carries (set once, when the thread starts).
    static PROCESSOR: Cell<usize> = const { Cell::new(0) };
}

/// Marks the calling thread as the carrier of virtual processor `index`.
pub(super) fn enter_processor(index: usize) {
    PROCESSOR.with(|p| p.set(index));
}

/// The virtual processor running the caller.
fn current() -> usize {
    PROCESSOR.with(Cell::get)
}

/// The payload a processor unwinds with when another one failed: it carries no message
/// of its own (the first failure's is kept) and prints nothing.
pub(super) struct Unwound;

/// One run of an offered piece of work: the offer's `work` closure, lent to other
/// processors for as long as the offering `fork` waits for them.
#[derive(Clone, Copy)]
struct Job(&'static (dyn Fn() + Sync));

/// Work offered to helpers, while slots remain and its owner's own run has not ended.
struct Offer {
    job: Job,
    slots: usize,
}

/// A fork waiting for its helpers.
struct Fork {
    owner: usize,
    /// Helper runs started and not yet returned.
    running: usize,
    /// The owner's span when it offered the work: where every helper run's chain
    /// starts (see [`State::span`]).
    start_span: u64,
    /// The longest chain of any helper run that has returned.
    end_span: u64,
}

/// What a processor that was given the baton back is to do.
#[derive(Clone, Copy)]
enum Task {
    /// Nothing new: it was waiting at a sync point.
    Continue,
    /// Run a helper slot of fork `fork`.
    Run { fork: u64, job: Job },
    /// The fork it was waiting for has no helper running any more.
    Resume,
    /// The search is over.
    Exit,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Status {
    /// Holds the baton.
    Running,
    /// Waits at a sync point to be given the baton.
    Ready,
    /// Has nothing to do: waits for an offer, or for the helpers of `waiting_for`.
    Seeking,
}

/// Processor-time spent on each kind of event, summed over processors.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Spent {
    pub(super) positions: u64,
    pub(super) split_point: u64,
    pub(super) serial_search: u64,
    pub(super) offer: u64,
    pub(super) steal: u64,
    pub(super) bound_update: u64,
    pub(super) abort: u64,
    /// Probing and storing the shared node table.
    pub(super) table: u64,
    pub(super) idle: u64,
    /// Examining positions on a processor slower than the fastest: the time beyond
    /// what the fastest would have taken (`speeds.rs`).
    pub(super) uneven: u64,
    /// Split points entered.
    pub(super) split_points: u64,
    /// Serial searches started.
    pub(super) serial_searches: u64,
    /// Split points offered to helpers (forks with at least one slot).
    pub(super) offers: u64,
    /// Helper slots taken.
    pub(super) helper_runs: u64,
    /// Narrower windows received by serial searches.
    pub(super) bound_updates: u64,
}

/// The latest virtual time a processor's clock may reach, 2⁵¹ positions (about 73 days
/// at 2.8 ns each): a sum of one kind of processor-time over the most processors
/// simulated (4096, 2¹²) stays within `u64`. A clock that would pass it fails the
/// schedule instead of wrapping around.
pub(super) const MAX_VIRTUAL_TIME: u64 = 1 << 51;

struct State {
    clock: Vec<u64>,
    /// Each processor's span: the virtual time of the longest chain of work that must
    /// happen in order to reach where it is now, through the forks and joins only. A
    /// run of offered work starts from its fork's span at the offer (plus the steal); a
    /// join ends at the longest of the owner's own chain and its helpers'. Idle time is
    /// no part of it. At the end, processor 0's span is the search's critical path C.
    /// Each item a run takes ([`Event::Strand`]) starts a chain of its own at the offer.
    span: Vec<u64>,
    /// Each processor's forks whose work it is running, innermost last: its own offers'
    /// and the helper slots it took (`None`: work forked with no helper slot, run inline,
    /// whose items stay on the one chain).
    runs: Vec<Vec<Option<u64>>>,
    /// Each processor's fraction of a time unit not yet charged (`Speeds::extra`).
    carry: Vec<u64>,
    status: Vec<Status>,
    task: Vec<Task>,
    /// For a seeking processor: the fork whose helpers it waits for, if any.
    waiting_for: Vec<Option<u64>>,
    /// Processors at a sync point, by (clock, index): the baton goes to the first.
    ready: BTreeSet<(u64, usize)>,
    /// Seeking processors: idle ones first, then those waiting at a join, each by
    /// index. An offer goes to the first: a processor that takes work while it waits at
    /// a join cannot return from the join before that work is done, so it is asked last.
    seeking: BTreeSet<(bool, usize)>,
    /// Open offers by sequence number: the first is the oldest.
    offers: BTreeMap<u64, Offer>,
    forks: BTreeMap<u64, Fork>,
    next_fork: u64,
    spent: Spent,
    /// The search is over; idle processors exit.
    finished: bool,
    /// A processor panicked (or the schedule deadlocked): every processor unwinds, no
    /// baton any more.
    failure: Option<String>,
}

/// The scheduler of one simulated search.
pub(super) struct Scheduler {
    state: Mutex<State>,
    /// One per processor, so that handing over the baton wakes exactly its new holder.
    wake: Vec<Condvar>,
    costs: SimCosts,
    speeds: Speeds,
}

impl Scheduler {
    /// `procs` processors at clock 0, running at `speeds`: processor 0 holds the baton,
    /// the others seek work.
    pub(super) fn new(procs: usize, costs: SimCosts, speeds: Speeds) -> Self {
        let mut status = vec![Status::Seeking; procs];
        status[0] = Status::Running;
        Scheduler {
            state: Mutex::new(State {
                clock: vec![0; procs],
                span: vec![0; procs],
                runs: vec![Vec::new(); procs],
                carry: vec![0; procs],
                status,
                task: vec![Task::Continue; procs],
                waiting_for: vec![None; procs],
                ready: BTreeSet::new(),
                seeking: (1..procs).map(|q| (false, q)).collect(),
                offers: BTreeMap::new(),
                forks: BTreeMap::new(),
                next_fork: 0,
                spent: Spent::default(),
                finished: false,
                failure: None,
            }),
            wake: (0..procs).map(|_| Condvar::new()).collect(),
            costs,
            speeds,
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic never leaves the state half-updated: every update below is a few
        // plain assignments, and a failure is handled by `failure`, not by poisoning.
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Gives the baton to the earliest ready processor. The caller has just stopped
    /// being `Running` (it is ready, seeking, or done).
    fn dispatch(&self, st: &mut State) {
        match st.ready.pop_first() {
            Some((_, next)) => {
                st.status[next] = Status::Running;
                self.wake[next].notify_one();
            }
            None if st.finished || st.failure.is_some() => {}
            None => self.fail(
                st,
                "the simulated schedule deadlocked: no processor can run".into(),
            ),
        }
    }

    /// Records the first failure and wakes everyone to unwind.
    fn fail(&self, st: &mut State, message: String) {
        if st.failure.is_none() {
            st.failure = Some(message);
        }
        for w in &self.wake {
            w.notify_all();
        }
    }

    /// Waits until `me` holds the baton again; `false` if a failure ended the schedule.
    fn wait_running<'a>(
        &'a self,
        mut st: MutexGuard<'a, State>,
        me: usize,
    ) -> (MutexGuard<'a, State>, bool) {
        loop {
            if st.failure.is_some() {
                return (st, false);
            }
            if st.status[me] == Status::Running {
                return (st, true);
            }
            st = self.wake[me].wait(st).unwrap_or_else(|p| p.into_inner());
        }
    }

    /// Hands the baton on if another processor is earlier than `me` (clock, then index),
    /// and waits until it comes back: the sync point.
    fn sync<'a>(
        &'a self,
        mut st: MutexGuard<'a, State>,
        me: usize,
    ) -> (MutexGuard<'a, State>, bool) {
        if st.failure.is_some() {
            return (st, false);
        }
        let mine = (st.clock[me], me);
        match st.ready.first() {
            Some(&earliest) if earliest < mine => {
                st.status[me] = Status::Ready;
                st.ready.insert(mine);
                self.dispatch(&mut st);
                self.wait_running(st, me)
            }
            _ => (st, true),
        }
    }

    /// `clock` advanced by `units`, or `None` — and the schedule failed — when that
    /// would pass [`MAX_VIRTUAL_TIME`]: virtual time never wraps.
    fn later(&self, st: &mut State, clock: u64, units: u64) -> Option<u64> {
        let later = clock.checked_add(units).filter(|&t| t <= MAX_VIRTUAL_TIME);
        if later.is_none() {
            self.fail(
                st,
                format!(
                    "virtual time would pass {MAX_VIRTUAL_TIME} positions ({clock} + {units}): \
                     the costs are too large for the simulator's clock"
                ),
            );
        }
        later
    }

    /// Advances `me`'s clock by `units` and syncs; unwinds if the schedule failed.
    fn advance(&self, units: u64, account: impl FnOnce(&mut Spent)) {
        let me = current();
        let mut st = self.lock();
        let clock = st.clock[me];
        if let Some(later) = self.later(&mut st, clock, units) {
            st.clock[me] = later;
            st.span[me] += units;
            account(&mut st.spent);
        }
        let (_st, running) = self.sync(st, me);
        if !running {
            resume_unwind(Box::new(Unwound));
        }
    }

    /// Advances `me`'s clock by the time its processor takes to examine `positions`
    /// (one unit each on the fastest processor, more on a slower one) and syncs.
    fn advance_positions(&self, positions: u64) {
        let me = current();
        let mut st = self.lock();
        let st_ref = &mut *st;
        let extra = self.speeds.extra(me, positions, &mut st_ref.carry[me]);
        let clock = st_ref.clock[me];
        let units = positions.saturating_add(extra);
        if let Some(later) = self.later(st_ref, clock, units) {
            st_ref.clock[me] = later;
            st_ref.span[me] += units;
            st_ref.spent.positions += positions;
            st_ref.spent.uneven += extra;
        }
        let (_st, running) = self.sync(st, me);
        if !running {
            resume_unwind(Box::new(Unwound));
        }
    }

    /// Seeking processor `q` takes a slot of offer `fork` at time `now`.
    fn assign(&self, st: &mut State, q: usize, fork: u64, now: u64) {
        let job = take_slot(st, fork);
        st.seeking.remove(&(st.waiting_for[q].is_some(), q));
        let start = now.max(st.clock[q]);
        st.spent.idle += start - st.clock[q];
        // Past the clock's limit the schedule has failed: the slot is taken all the
        // same, and every processor unwinds at its next sync point.
        st.clock[q] = start;
        if let Some(later) = self.later(st, start, self.costs.steal) {
            st.clock[q] = later;
            st.spent.steal += self.costs.steal;
        }
        st.task[q] = Task::Run { fork, job };
        st.status[q] = Status::Ready;
        st.ready.insert((st.clock[q], q));
    }

    /// `me` has nothing to do (it is idle, or waits at the join of `join`): takes the
    /// oldest open offer, or waits for one (or for the join: `Resume` once no helper of
    /// `join` runs). Returns with the baton.
    fn seek(&self, me: usize, join: Option<u64>) -> Task {
        let st = self.lock();
        let (mut st, mut running) = self.sync(st, me);
        loop {
            if !running {
                return Task::Exit;
            }
            if let Some(fork) = join
                && st.forks[&fork].running == 0
            {
                return Task::Resume;
            }
            if st.finished {
                return Task::Exit;
            }
            if let Some(&fork) = st.offers.keys().next() {
                let job = take_slot(&mut st, fork);
                let clock = st.clock[me];
                if let Some(later) = self.later(&mut st, clock, self.costs.steal) {
                    st.clock[me] = later;
                    st.spent.steal += self.costs.steal;
                }
                let (mut st2, ok) = self.sync(st, me);
                return if ok {
                    Task::Run { fork, job }
                } else {
                    // The slot was counted as running: give it back before unwinding.
                    finish_run(self, &mut st2, fork);
                    Task::Exit
                };
            }
            // Nothing offered: wait for an offer or for the join.
            st.status[me] = Status::Seeking;
            st.seeking.insert((join.is_some(), me));
            st.waiting_for[me] = join;
            self.dispatch(&mut st);
            (st, running) = self.wait_running(st, me);
            if !running {
                abandon(self, &mut st, me);
                return Task::Exit;
            }
            st.waiting_for[me] = None;
            match std::mem::replace(&mut st.task[me], Task::Continue) {
                Task::Continue => {}
                task => return task,
            }
        }
    }

    /// Runs one helper slot of `fork` on the caller, then lets the fork's owner know.
    /// The run's chain starts at the fork's offer and the steal; the caller's own chain
    /// (it may be waiting at a join) is put back afterwards.
    fn run(&self, fork: u64, job: Job) {
        let me = current();
        let saved = {
            let mut st = self.lock();
            let start = st.forks[&fork].start_span + self.costs.steal;
            st.runs[me].push(Some(fork));
            std::mem::replace(&mut st.span[me], start)
        };
        let outcome = catch_unwind(AssertUnwindSafe(job.0));
        let mut st = self.lock();
        st.runs[me].pop();
        let end = std::mem::replace(&mut st.span[me], saved);
        if let Some(entry) = st.forks.get_mut(&fork) {
            entry.end_span = entry.end_span.max(end);
        }
        if let Err(payload) = outcome
            && !payload.is::<Unwound>()
        {
            self.fail(&mut st, panic_message(&payload));
        }
        finish_run(self, &mut st, fork);
    }

    /// The carrier loop of processor `me` (not 0): waits for slots and runs them until
    /// the search is over.
    pub(super) fn serve(&self, me: usize) {
        let st = self.lock();
        let (mut st, running) = self.wait_running(st, me);
        let mut task = if running {
            std::mem::replace(&mut st.task[me], Task::Continue)
        } else {
            abandon(self, &mut st, me);
            Task::Exit
        };
        drop(st);
        loop {
            match task {
                Task::Run { fork, job } => {
                    self.run(fork, job);
                    task = self.seek(me, None);
                }
                // Given the baton with nothing to do (not a path the scheduler takes):
                // look for work like any idle processor.
                Task::Continue | Task::Resume => task = self.seek(me, None),
                Task::Exit => return,
            }
        }
    }

    /// Processor 0 ran the whole search: the others — seeking work, or about to (a
    /// processor whose last run ended waits at the sync point before it seeks) — are
    /// idle to the end, and exit. Returns the virtual time of the search and its
    /// critical path (processor 0's span, [`State::span`]).
    pub(super) fn finish(&self) -> (u64, u64) {
        let mut st = self.lock();
        let end = st.clock[0];
        let critical_path = st.span[0];
        if !st.forks.is_empty() {
            self.fail(&mut st, "a fork outlived the search".into());
        }
        st.finished = true;
        let seeking = std::mem::take(&mut st.seeking);
        let ready = std::mem::take(&mut st.ready);
        let waiting = seeking.into_iter().map(|(_, q)| q);
        for q in waiting.chain(ready.into_iter().map(|(_, q)| q)) {
            if st.clock[q] > end {
                self.fail(&mut st, format!("processor {q} is ahead of the end"));
                continue;
            }
            st.spent.idle += end - st.clock[q];
            st.clock[q] = end;
            st.task[q] = Task::Exit;
            st.status[q] = Status::Running;
            self.wake[q].notify_one();
        }
        (end, critical_path)
    }

    /// The caller took an item of the work it runs ([`Event::Strand`]): the chain it
    /// ends is kept as one of its fork's, and the next starts at the fork's offer.
    fn strand(&self) {
        let me = current();
        let mut st = self.lock();
        let st = &mut *st;
        let Some(&Some(fork)) = st.runs[me].last() else {
            return;
        };
        if let Some(entry) = st.forks.get_mut(&fork) {
            entry.end_span = entry.end_span.max(st.span[me]);
            st.span[me] = entry.start_span;
        }
    }

    /// Records a failure of processor 0's own search.
    pub(super) fn fail_with(&self, message: String) {
        let mut st = self.lock();
        self.fail(&mut st, message);
    }

    /// The failure that ended the schedule, if any.
    pub(super) fn failure(&self) -> Option<String> {
        self.lock().failure.clone()
    }

    /// Processor-time per kind of event, and the processors' clocks.
    pub(super) fn spent(&self) -> (Spent, Vec<u64>) {
        let st = self.lock();
        (st.spent, st.clock.clone())
    }
}

/// Takes one slot of the open offer `fork` (withdrawing it when none is left) and
/// counts the run as started.
fn take_slot(st: &mut State, fork: u64) -> Job {
    let offer = st.offers.get_mut(&fork).expect("an open offer");
    offer.slots -= 1;
    let job = offer.job;
    if offer.slots == 0 {
        st.offers.remove(&fork);
    }
    st.forks.get_mut(&fork).expect("the offer's fork").running += 1;
    st.spent.helper_runs += 1;
    job
}

/// A helper run of `fork` has returned (or, when the schedule failed, will never
/// start): when it was the last and the owner waits for exactly this fork, the owner
/// resumes at the later of the two clocks.
fn finish_run(sched: &Scheduler, st: &mut State, fork: u64) {
    let me = current();
    let entry = st.forks.get_mut(&fork).expect("a running fork");
    entry.running -= 1;
    let (owner, left) = (entry.owner, entry.running);
    if left > 0 {
        return;
    }
    if st.failure.is_some() {
        // No baton any more: the owner waits for the count alone.
        sched.wake[owner].notify_all();
        return;
    }
    if st.status[owner] == Status::Seeking && st.waiting_for[owner] == Some(fork) {
        st.seeking.remove(&(true, owner));
        let start = st.clock[me].max(st.clock[owner]);
        st.spent.idle += start - st.clock[owner];
        st.clock[owner] = start;
        st.task[owner] = Task::Resume;
        st.status[owner] = Status::Ready;
        st.ready.insert((start, owner));
    }
}

/// The schedule failed while `me` had been given a slot it has not started: the slot's
/// run will never happen, so its fork must not wait for it.
fn abandon(sched: &Scheduler, st: &mut State, me: usize) {
    if let Task::Run { fork, .. } = std::mem::replace(&mut st.task[me], Task::Continue) {
        finish_run(sched, st, fork);
    }
}

/// The message of a panic payload.
pub(super) fn panic_message(payload: &Box<dyn std::any::Any + Send>) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string())
}

/// The executor a simulated search runs on: the scheduler's virtual processors.
#[derive(Clone, Copy)]
pub(super) struct Simulated<'s> {
    pub(super) scheduler: &'s Scheduler,
    pub(super) procs: usize,
}

impl Executor for Simulated<'_> {
    fn workers(&self) -> usize {
        self.procs
    }

    fn worker(&self) -> usize {
        current()
    }

    fn poll_interval(&self) -> u32 {
        self.scheduler.costs.poll_interval.max(1)
    }

    fn fork<F: Fn() + Sync>(&self, helpers: usize, work: F) {
        let sched = self.scheduler;
        let me = current();
        if helpers == 0 {
            sched.lock().runs[me].push(None);
            work();
            sched.lock().runs[me].pop();
            return;
        }
        let cost = sched.costs.offer;
        sched.advance(cost, |spent| spent.offer += cost);
        let work: &(dyn Fn() + Sync + '_) = &work;
        // SAFETY: the job lends `work` to other processors beyond this frame's lifetime in
        // type only. It is reachable solely through the offer registered below and
        // through the runs that took a slot of it. Before this function returns or
        // unwinds, it withdraws the offer (no run can start afterwards) and waits until
        // every run that started has returned (`join`, which never unwinds before the
        // count is zero: it has no panicking path, and its own helping runs catch their
        // panics). So no processor calls or holds the reference once `work` is gone.
        let job = Job(unsafe {
            std::mem::transmute::<&(dyn Fn() + Sync + '_), &'static (dyn Fn() + Sync + 'static)>(
                work,
            )
        });
        let fork = {
            let mut st = sched.lock();
            let fork = st.next_fork;
            st.next_fork += 1;
            let start_span = st.span[me];
            st.forks.insert(
                fork,
                Fork {
                    owner: me,
                    running: 0,
                    start_span,
                    end_span: 0,
                },
            );
            st.offers.insert(
                fork,
                Offer {
                    job,
                    slots: helpers,
                },
            );
            st.spent.offers += 1;
            let now = st.clock[me];
            // Idle processors take slots at once, the lowest index first.
            while st.offers.contains_key(&fork) {
                let Some(&(_, q)) = st.seeking.first() else {
                    break;
                };
                sched.assign(&mut st, q, fork, now);
            }
            st.runs[me].push(Some(fork));
            fork
        };
        let outcome = catch_unwind(AssertUnwindSafe(work));
        sched.lock().runs[me].pop();
        let completed = self.join(me, fork);
        match outcome {
            Err(payload) => resume_unwind(payload),
            Ok(()) if !completed => resume_unwind(Box::new(Unwound)),
            Ok(()) => {}
        }
    }

    fn event(&self, event: Event) {
        let costs = &self.scheduler.costs;
        let (units, account): (u64, fn(&mut Spent, u64)) = match event {
            // No time, and no sync point: the schedule is what it was without it.
            Event::Strand => {
                self.scheduler.strand();
                return;
            }
            Event::Examined(positions) if !self.scheduler.speeds.is_uniform() => {
                self.scheduler.advance_positions(positions);
                return;
            }
            Event::Examined(positions) => (positions, |spent, n| spent.positions += n),
            Event::SplitPoint => (costs.split_point, |spent, c| {
                spent.split_point += c;
                spent.split_points += 1;
            }),
            Event::SerialSearch => (costs.serial_search, |spent, c| {
                spent.serial_search += c;
                spent.serial_searches += 1;
            }),
            Event::BoundUpdate => (costs.bound_update, |spent, c| {
                spent.bound_update += c;
                spent.bound_updates += 1;
            }),
            Event::Abort => (costs.abort, |spent, c| spent.abort += c),
            Event::TableProbe => (costs.table_probe, |spent, c| spent.table += c),
            Event::TableStore => (costs.table_store, |spent, c| spent.table += c),
            Event::Wait => (costs.table_probe.max(1), |spent, c| spent.idle += c),
            Event::TableKernel(positions) => (
                positions
                    .saturating_mul(costs.table_kernel_permille)
                    .saturating_add(500)
                    / 1000,
                |spent, c| spent.table += c,
            ),
        };
        self.scheduler.advance(units, |spent| account(spent, units));
    }
}

impl Clock for Simulated<'_> {
    fn now(&self) -> u64 {
        self.scheduler.lock().clock[current()]
    }
}

impl Simulated<'_> {
    /// Withdraws `fork`'s offer and waits until none of its helper runs is left, running
    /// other offered work meanwhile; `false` if the schedule failed (the runs have
    /// returned all the same). Never unwinds.
    fn join(&self, me: usize, fork: u64) -> bool {
        let sched = self.scheduler;
        sched.lock().offers.remove(&fork);
        loop {
            match sched.seek(me, Some(fork)) {
                Task::Resume => {
                    // The join ends with the longest of the owner's chain and its
                    // helpers'.
                    let mut st = sched.lock();
                    let helpers = st.forks.remove(&fork).map_or(0, |f| f.end_span);
                    st.span[me] = st.span[me].max(helpers);
                    return true;
                }
                Task::Run { fork: other, job } => sched.run(other, job),
                Task::Continue | Task::Exit => break,
            }
        }
        // The schedule failed: no baton any more; wait for the runs to return.
        let mut st = sched.lock();
        while st.forks.get(&fork).is_some_and(|f| f.running > 0) {
            st = sched.wake[me].wait(st).unwrap_or_else(|p| p.into_inner());
        }
        st.forks.remove(&fork);
        false
    }
}

#[cfg(test)]
mod tests {
    use super::super::{SimCosts, SimError, simulate};
    use crate::{ParallelAlgorithm, SearchOptions};
    use abbench_tree::models::RandomTree;

    #[test]
    fn virtual_time_past_its_limit_fails_the_simulation_instead_of_wrapping() {
        let tree = RandomTree::new(6, 6, 3, 1 << 32);
        let options = SearchOptions::default();
        // Each within what u64 holds, but a search's sum of them is not.
        let huge = SimCosts {
            split_point: u64::MAX / 2,
            serial_search: u64::MAX / 2,
            steal: u64::MAX / 2,
            ..SimCosts::CALIBRATED
        };
        for procs in [1, 2, 4] {
            let result = simulate(&tree, ParallelAlgorithm::Ybwc, procs, &huge, &options);
            match result {
                Err(SimError::Panicked(message)) => {
                    assert!(message.contains("virtual time would pass"), "{message}")
                }
                other => panic!("p={procs}: {other:?}"),
            }
        }
    }
}
