//! The coordinator of `abbench ab`: two workers, one plan, then ABBA blocks of timed
//! samples until every search is decided or the time is spent.
//!
//! **Pairing.** Every block times one search four times, alternating the builds — BASE,
//! NEW, NEW, BASE, and NEW, BASE, BASE, NEW in the workload's next block — and its
//! statistic is the mean log time of NEW's two samples minus BASE's two. A machine that
//! speeds up or slows down over the few milliseconds of a block moves both builds' samples
//! alike, and a linear drift cancels exactly; the order swaps so that neither build always
//! goes first, nor always runs twice in a row (the second time on a warm worker), in any
//! workload or search (`base_first`).
//! Only one worker searches at a time; the other waits on its stdin.
//!
//! **Epochs.** Both workers are stopped and started afresh every epoch (2 s by default),
//! and each test's observation is an epoch's mean of its blocks, not a block. A process
//! has a bias of its own that no number of its blocks averages away: where its heap, its
//! stack and its trees land in memory (addresses are randomised per process) shifts some
//! searches' times for as long as it lives. Measured on a shared 2-CPU VM, eight 25-s runs
//! of one build against itself, one pair of processes each: the workloads' mean log ratios
//! spread between runs by 1.2 times what their blocks' scatter explains (χ² 146 on 119
//! degrees of freedom), one workload by ±2.5% where its blocks said ±1.1%. A bias above
//! half the threshold is, to a test on blocks, a slowdown that more blocks only confirm:
//! 2 of 40 such runs called a regression. Restarting turns the bias into scatter between
//! epochs, which the test's σ then carries. A restarted worker builds its trees again (in
//! parallel with the other) and must plan the same searches on the same trees; searching
//! nothing more, a restart takes about 0.2 s on the quick suite. The restarts count
//! against `max_time`, so while fewer than eight epochs are timed and the time left
//! would not hold the rest at full length, the epochs shorten to fit: every limit the
//! command line accepts (eight epochs or more) can decide.
//!
//! **Tests.** Each workload (a tree shape over its seeds) is one [`SequentialTest`]: its
//! searches — every algorithm, thread count and seed — take turns in its blocks, one block
//! per round while it is undecided. One more test, *overall*, takes every block of every
//! workload (its epoch mean): a slowdown spread over all the searches is found there long before any one
//! workload could see it, and a slowdown in one workload is found by its own test. The
//! family-wise error is held by Bonferroni: each of the `workloads + 1` tests runs at
//! `alpha / (workloads + 1)`, so that the chance of any false alarm in the whole run is at
//! most `alpha`. The run stops as soon as a test decides *slower* (the verdict is then
//! known), when every test has decided *not slower*, or at `max_time`. Each (workload,
//! algorithm, threads) also keeps its blocks, for the effect printed beside it; those
//! are estimates, not tests.
//!
//! The numbers behind these rules, on a shared 2-CPU virtual machine: back-to-back
//! timings of one 3 ms search in one process vary by 7% (coefficient of variation), and
//! an ABBA block's log ratio has a standard deviation of 3–12%; with a test per (workload,
//! algorithm, threads) — 93 tests on the quick suite — 27 were still undecided after
//! 60 s of blocks, while a workload's test pools 4–9 of them.
//!
//! **Deterministic checks first.** Before anything is timed the two plans must name the
//! same searches on trees with the same fingerprints (else the builds do not search the
//! same trees: unusable input). Every value must agree with the worker's own serial F2 and
//! with the other build's, and every sample's value with its plan's: a wrong value fails
//! the run. A serial search whose positions differ between the builds is a changed
//! signature, listed apart; it fails the run unless allowed, since then the two builds'
//! times are of different work.

use super::outcome::{AbOutcome, Build, UnitOutcome, ValueProblem};
use super::process::{Side, Worker};
use super::protocol::{PlanItem, Reply, Request, Sample};
use super::sequential::{Decision, MIN_OBSERVATIONS, SequentialTest};
use crate::{Interrupt, MeasureError};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How `abbench ab` runs.
#[derive(Clone, Debug)]
pub struct AbConfig {
    /// The baseline's executable.
    pub base: PathBuf,
    /// The executable under test.
    pub new: PathBuf,
    /// A built-in suite's name or a suite file's path.
    pub suite: String,
    /// The algorithms to time (every one of the suite's when `None`).
    pub algos: Option<Vec<String>>,
    /// The parallel searches' thread counts (the suite's when `None`).
    pub threads: Option<Vec<usize>>,
    /// The slowdown to detect, as a fraction (0.03 for 3%).
    pub threshold: f64,
    /// The chance of calling any regression in a run where nothing changed.
    pub alpha: f64,
    /// The chance of missing a slowdown of the threshold in one search.
    pub beta: f64,
    /// When to stop with whatever is undecided.
    pub max_time: Duration,
    /// How long a pair of workers times before both are started afresh.
    pub epoch: Duration,
    /// Time searches whose positions changed between the builds instead of failing.
    pub allow_changed_signature: bool,
    /// Checked between blocks: once raised, the run stops.
    pub interrupt: Interrupt,
}

/// The defaults of the command line.
pub const DEFAULT_THRESHOLD: f64 = 0.03;
/// The run's false-alarm rate.
pub const DEFAULT_ALPHA: f64 = 0.01;
/// The miss rate of one search's slowdown at the threshold.
pub const DEFAULT_BETA: f64 = 0.05;
/// How long a run may take by default.
pub const DEFAULT_MAX_TIME: Duration = Duration::from_secs(60);

/// How long a pair of workers times by default before both are started afresh: on the
/// quick suite a restart takes about 0.2 s, a tenth of an epoch, and eight epochs (the
/// fewest a test decides on) take under 20 s.
pub const DEFAULT_EPOCH: Duration = Duration::from_secs(2);

/// The printed intervals are 95% confidence sequences.
pub const INTERVAL_ALPHA: f64 = 0.05;

/// The longest a worker may take to build and describe a suite's searches.
const PLAN_TIMEOUT: Duration = Duration::from_secs(600);
/// The least time a worker is given to plan, whatever `max_time`.
const MIN_PLAN_WAIT: Duration = Duration::from_secs(10);
/// How long one timed batch may take beyond its expected time, at most.
const SAMPLE_SLACK: Duration = Duration::from_secs(60);

/// How long a worker may take to plan: as long as the run may time (a plan that takes
/// longer leaves nothing to time), at least [`MIN_PLAN_WAIT`], at most [`PLAN_TIMEOUT`].
fn plan_wait(config: &AbConfig) -> Duration {
    config.max_time.clamp(MIN_PLAN_WAIT, PLAN_TIMEOUT)
}

/// How long a batch expected to take `expected` may take: ten times that, and the
/// smaller of [`SAMPLE_SLACK`] and `max_time` beyond, so that a worker gone quiet is
/// given up about when the run would have ended.
fn sample_wait(max_time: Duration, expected: Duration) -> Duration {
    SAMPLE_SLACK.min(max_time) + expected.saturating_mul(10)
}

/// What the coordinator reports as it goes.
#[derive(Clone, Debug)]
pub enum AbEvent {
    /// Both workers have answered and their plans agree: `units` searches to decide.
    Planned {
        /// Units to decide.
        units: usize,
        /// Searches (trees × algorithms × threads) behind them.
        searches: usize,
    },
    /// After each round of blocks.
    Round {
        /// Units decided so far.
        decided: usize,
        /// Units in all.
        units: usize,
        /// Blocks timed so far.
        blocks: usize,
        /// Epochs ended so far.
        epochs: usize,
        /// Time since the first block.
        elapsed: Duration,
    },
}

/// The running mean of one epoch's blocks.
#[derive(Default)]
struct EpochMean {
    sum: f64,
    n: usize,
}

impl EpochMean {
    fn add(&mut self, d: f64) {
        self.sum += d;
        self.n += 1;
    }

    /// The mean of the epoch's blocks, if it had any, and a fresh start.
    fn take(&mut self) -> Option<f64> {
        let mean = (self.n > 0).then(|| self.sum / self.n as f64);
        *self = EpochMean::default();
        mean
    }
}

/// One workload's test and the searches that take turns in its blocks.
struct WorkloadTest {
    workload: String,
    items: Vec<usize>,
    next: usize,
    test: SequentialTest,
    epoch: EpochMean,
    blocks: usize,
}

/// The epoch means of one (workload, algorithm, threads), for its effect.
struct SearchBlocks {
    workload: String,
    algo: String,
    threads: usize,
    epoch: EpochMean,
    means: Vec<f64>,
    blocks: usize,
}

/// Everything a run holds while it times.
struct Run {
    base: Worker,
    new: Worker,
    interrupt: Interrupt,
    plan_wait: Duration,
    max_time: Duration,
    /// The plan request of a restarted pair.
    again: Request,
    suite: String,
    /// Each side's first plan: BASE's, NEW's.
    plans: [Vec<PlanItem>; 2],
    iters: Vec<u64>,
    workloads: Vec<WorkloadTest>,
    overall: SequentialTest,
    overall_epoch: EpochMean,
    searches: Vec<(Vec<usize>, SearchBlocks)>,
    problems: Vec<ValueProblem>,
    changed: Vec<ValueProblem>,
    blocks: usize,
    epochs: usize,
    epoch_started: Instant,
    /// How long this epoch times: `--epoch`, or less when the time left would not
    /// hold the epochs a test needs at full length ([`Run::start_epoch`]).
    epoch_length: Duration,
    /// The longest restart of the pair so far: what each epoch still to come costs
    /// beyond its timing.
    restart_cost: Duration,
}

/// Checks the suite and the algorithms `config` asks for, as [`ab`] does before any
/// worker starts: for a caller that has work to do before the first run (a bisection
/// builds commits first).
pub fn check_plan(config: &AbConfig) -> Result<(), MeasureError> {
    super::worker::plan_searches(
        &config.suite,
        config.algos.as_deref(),
        config.threads.as_deref(),
    )
    .map(|_| ())
}

/// Runs `abbench ab`: both workers started, their plans checked, then blocks until
/// every test is decided, `max_time` is spent, or `interrupt` is raised (then
/// [`MeasureError::Interrupted`]). An `Err` other than that is unusable input (exit 2);
/// a wrong value or a regression is in the outcome.
pub fn ab(config: &AbConfig, mut progress: impl FnMut(AbEvent)) -> Result<AbOutcome, MeasureError> {
    // The suite and the algorithms asked for are the user's input, not a build's: read
    // here before any worker starts, as each worker reads them.
    check_plan(config)?;
    let mut run = Run::start(config)?;
    progress(AbEvent::Planned {
        units: run.workloads.len() + 1,
        searches: run.plans[0].len(),
    });
    let started = Instant::now();
    run.start_epoch(config, started);
    // Nothing is timed when a value is wrong or the work differs: the run has failed.
    let signature_ok = run.changed.is_empty() || config.allow_changed_signature;
    let mut timing = run.problems.is_empty() && signature_ok;
    while timing && started.elapsed() < config.max_time {
        let open = run.open();
        if open.is_empty() || run.decided_slower() {
            break;
        }
        for w in open {
            if config.interrupt.is_requested() {
                return Err(MeasureError::Interrupted);
            }
            if started.elapsed() >= config.max_time {
                break;
            }
            run.block(w)?;
            if !run.problems.is_empty() {
                timing = false;
                break;
            }
        }
        // An epoch ends after whole rounds, so that every open workload has a block in it.
        if timing && run.epoch_started.elapsed() >= run.epoch_length {
            run.end_epoch();
            let more = !run.open().is_empty() && !run.decided_slower();
            if more && started.elapsed() < config.max_time {
                run.restart()?;
                run.start_epoch(config, started);
                timing = run.problems.is_empty();
            }
        }
        progress(AbEvent::Round {
            decided: run.decided(),
            units: run.workloads.len() + 1,
            blocks: run.blocks,
            epochs: run.epochs,
            elapsed: started.elapsed(),
        });
    }
    // The blocks of an epoch cut short by the time limit are an observation too.
    if timing {
        run.end_epoch();
    }
    Ok(run.outcome(config, started.elapsed()))
}

impl Run {
    /// Both workers started and planned, their plans checked against each other.
    fn start(config: &AbConfig) -> Result<Run, MeasureError> {
        let request = plan_request(config, false);
        let (base, new, (suite, items), (_, new_items)) = start_pair(
            &config.base,
            &config.new,
            &request,
            &config.interrupt,
            plan_wait(config),
        )?;
        check_same_searches(&base, &new, &items, &new_items)?;
        let (problems, changed) = value_problems(&items, &new_items);
        let workloads = workloads_of(&items, config);
        let overall = SequentialTest::new(
            config.threshold,
            test_alpha(config, &workloads),
            config.beta,
        );
        let iters = items
            .iter()
            .zip(&new_items)
            .map(|(a, b)| crate::batch_size(Duration::from_nanos(a.one_ns.max(b.one_ns))))
            .collect();
        Ok(Run {
            base,
            new,
            interrupt: config.interrupt.clone(),
            plan_wait: plan_wait(config),
            max_time: config.max_time,
            again: plan_request(config, true),
            suite,
            searches: searches_of(&items),
            plans: [items, new_items],
            iters,
            workloads,
            overall,
            overall_epoch: EpochMean::default(),
            problems,
            changed,
            blocks: 0,
            epochs: 0,
            epoch_started: Instant::now(),
            epoch_length: config.epoch,
            restart_cost: Duration::ZERO,
        })
    }

    /// Starts an epoch of the run begun at `started`: `--epoch` long, or shorter while
    /// fewer than [`MIN_OBSERVATIONS`] epochs are timed and the time left, less the
    /// restarts still to come, would not hold the rest at full length. Restarts between
    /// epochs cost time that `--max-time` counts, so without this a limit of exactly
    /// eight epochs would time six or seven and could never decide.
    fn start_epoch(&mut self, config: &AbConfig, started: Instant) {
        self.epoch_started = Instant::now();
        let missing = MIN_OBSERVATIONS.saturating_sub(self.epochs);
        let left = config.max_time.saturating_sub(started.elapsed());
        self.epoch_length = match u32::try_from(missing) {
            Ok(missing) if missing > 0 => {
                let restarts = self.restart_cost.saturating_mul(missing - 1);
                config.epoch.min(left.saturating_sub(restarts) / missing)
            }
            _ => config.epoch,
        };
    }

    /// Ends the epoch: each test gets the mean of its blocks in it, as does each search's
    /// effect.
    fn end_epoch(&mut self) {
        if let Some(d) = self.overall_epoch.take() {
            self.overall.push(d);
            self.epochs += 1;
        }
        for w in &mut self.workloads {
            if let Some(d) = w.epoch.take() {
                w.test.push(d);
            }
        }
        for (_, s) in &mut self.searches {
            if let Some(d) = s.epoch.take() {
                s.means.push(d);
            }
        }
    }

    /// Both workers stopped and started afresh, their new plans checked against their
    /// first: the same searches on the same trees (each timed sample's value and counts
    /// are then checked against the first plan, as every sample's are).
    fn restart(&mut self) -> Result<(), MeasureError> {
        let base_path = self.base.path().to_path_buf();
        let new_path = self.new.path().to_path_buf();
        let restart = Instant::now();
        // The old pair goes first: nothing else runs while the new pair plans.
        self.base.stop();
        self.new.stop();
        let (base, new, (_, base_items), (_, new_items)) = start_pair(
            &base_path,
            &new_path,
            &self.again,
            &self.interrupt,
            self.plan_wait,
        )?;
        self.base = base;
        self.new = new;
        check_same_searches(&self.base, &self.base, &self.plans[0], &base_items)?;
        check_same_searches(&self.new, &self.new, &self.plans[1], &new_items)?;
        self.restart_cost = self.restart_cost.max(restart.elapsed());
        self.epoch_started = Instant::now();
        Ok(())
    }

    /// The workloads that get a block this round: every one while the overall test is
    /// undecided, else those whose own test is.
    fn open(&self) -> Vec<usize> {
        (0..self.workloads.len())
            .filter(|&w| {
                self.overall.decision() == Decision::Undecided
                    || self.workloads[w].test.decision() == Decision::Undecided
            })
            .collect()
    }

    /// Whether a test has decided slower: the verdict is known.
    fn decided_slower(&self) -> bool {
        self.overall.decision() == Decision::Slower
            || self
                .workloads
                .iter()
                .any(|w| w.test.decision() == Decision::Slower)
    }

    /// Tests decided so far.
    fn decided(&self) -> usize {
        self.workloads
            .iter()
            .map(|w| &w.test)
            .chain([&self.overall])
            .filter(|t| t.decision() != Decision::Undecided)
            .count()
    }

    /// One ABBA block of workload `w`'s next search, its statistic pushed to the
    /// workload's test, the overall test and the search's blocks; a sample whose value
    /// (or serial count) differs from the plan is a problem instead.
    fn block(&mut self, w: usize) -> Result<(), MeasureError> {
        let workload = &mut self.workloads[w];
        let item = workload.items[workload.next % workload.items.len()];
        let order = if base_first(workload.next, workload.items.len()) {
            [Side::Base, Side::New, Side::New, Side::Base]
        } else {
            [Side::New, Side::Base, Side::Base, Side::New]
        };
        workload.next += 1;
        workload.blocks += 1;
        self.blocks += 1;
        let mut logs = [0.0f64; 2];
        for side in order {
            let worker = if side == Side::Base {
                &mut self.base
            } else {
                &mut self.new
            };
            let planned = &self.plans[usize::from(side == Side::New)][item];
            let sample = time(
                worker,
                item,
                self.iters[item],
                planned.one_ns,
                self.max_time,
            )?;
            if let Some(problem) = sample_problem(planned, side, &sample) {
                self.problems.push(problem);
            }
            let per_search = sample.ns.max(1) as f64 / sample.iters as f64;
            logs[usize::from(side == Side::New)] += per_search.ln() / 2.0;
        }
        if self.problems.is_empty() {
            let d = logs[1] - logs[0];
            self.workloads[w].epoch.add(d);
            self.overall_epoch.add(d);
            if let Some(s) = self.searches.iter_mut().find(|s| s.0.contains(&item)) {
                s.1.epoch.add(d);
                s.1.blocks += 1;
            }
        }
        Ok(())
    }

    fn outcome(self, config: &AbConfig, elapsed: Duration) -> AbOutcome {
        AbOutcome {
            base: build_of(&self.base),
            new: build_of(&self.new),
            suite: self.suite,
            threshold: config.threshold,
            alpha: config.alpha,
            beta: config.beta,
            max_time: config.max_time,
            elapsed,
            epoch: config.epoch,
            blocks: self.blocks,
            epochs: self.epochs,
            searches: self.plans[0].len(),
            overall: judged("overall", &self.overall, self.blocks),
            workloads: self
                .workloads
                .iter()
                .map(|w| judged(&w.workload, &w.test, w.blocks))
                .collect(),
            units: self
                .searches
                .into_iter()
                .map(|(_, s)| search_effect(s, config))
                .collect(),
            wrong_values: self.problems,
            changed_signatures: self.changed,
            allow_changed_signature: config.allow_changed_signature,
        }
    }
}

/// A search's effect from its epoch means: an estimate, not a test.
fn search_effect(s: SearchBlocks, config: &AbConfig) -> UnitOutcome {
    let mut estimate = SequentialTest::new(config.threshold, config.alpha, config.beta);
    for &d in &s.means {
        estimate.push(d);
    }
    UnitOutcome {
        effect: estimate.effect(INTERVAL_ALPHA),
        decision: Decision::Undecided,
        blocks: s.blocks,
        epochs: s.means.len(),
        llr: f64::NAN,
        workload: s.workload,
        algo: s.algo,
        threads: s.threads,
    }
}

/// A test's outcome under `name`, from `blocks` blocks.
fn judged(name: &str, test: &SequentialTest, blocks: usize) -> UnitOutcome {
    UnitOutcome {
        workload: name.to_string(),
        algo: String::new(),
        threads: 0,
        decision: test.decision(),
        effect: test.effect(INTERVAL_ALPHA),
        blocks,
        epochs: test.observations(),
        llr: test.llr(),
    }
}

/// The plan request of `config`; `again` for a restarted pair.
fn plan_request(config: &AbConfig, again: bool) -> Request {
    Request::Plan {
        suite: config.suite.clone(),
        algos: config.algos.clone(),
        threads: config.threads.clone(),
        again,
    }
}

/// A worker's plan: the suite's name and its searches.
type Plan = (String, Vec<PlanItem>);

/// Two workers started at once, each planning `request` at the same time as the other
/// (a restart costs the longer plan, not both).
fn start_pair(
    base: &std::path::Path,
    new: &std::path::Path,
    request: &Request,
    interrupt: &Interrupt,
    wait: Duration,
) -> Result<(Worker, Worker, Plan, Plan), MeasureError> {
    let mut base = Worker::start(Side::Base, base, interrupt)?;
    let mut new = Worker::start(Side::New, new, interrupt)?;
    base.send(request)?;
    new.send(request)?;
    let reply = base.receive(wait)?;
    let base_plan = plan_reply(&base, reply)?;
    let reply = new.receive(wait)?;
    let new_plan = plan_reply(&new, reply)?;
    Ok((base, new, base_plan, new_plan))
}

fn build_of(worker: &Worker) -> Build {
    Build {
        path: worker.path().display().to_string(),
        version: worker.hello.version.clone(),
        build: worker.hello.build.clone(),
    }
}

fn plan_reply(worker: &Worker, reply: Reply) -> Result<Plan, MeasureError> {
    match reply {
        Reply::AbPlan { suite, items, .. } => Ok((suite, items)),
        _ => Err(MeasureError::AbWorker(format!(
            "{} {}: answered a plan request with something else",
            worker.side().name(),
            worker.path().display()
        ))),
    }
}

fn time(
    worker: &mut Worker,
    item: usize,
    iters: u64,
    one_ns: u64,
    max_time: Duration,
) -> Result<Sample, MeasureError> {
    let expected = Duration::from_nanos(one_ns.saturating_mul(iters + 1));
    let wait = sample_wait(max_time, expected);
    match worker.ask(
        &Request::Time {
            item,
            iters,
            reps: 1,
        },
        wait,
    )? {
        Reply::AbSample(sample) if sample.item == item && sample.iters == iters => Ok(sample),
        _ => Err(MeasureError::AbWorker(format!(
            "{} {}: answered a time request with something else",
            worker.side().name(),
            worker.path().display()
        ))),
    }
}

/// The two plans must list the same searches on the same trees.
fn check_same_searches(
    base: &Worker,
    new: &Worker,
    a: &[PlanItem],
    b: &[PlanItem],
) -> Result<(), MeasureError> {
    let name = |w: &Worker| format!("{} {}", w.side().name(), w.path().display());
    if a.len() != b.len() {
        return Err(MeasureError::AbWorker(format!(
            "{} plans {} searches of the suite and {} plans {}: the builds read the suite differently",
            name(base),
            a.len(),
            name(new),
            b.len()
        )));
    }
    for (x, y) in a.iter().zip(b) {
        if (&x.tree, &x.algo, x.threads) != (&y.tree, &y.algo, y.threads) {
            return Err(MeasureError::AbWorker(format!(
                "the builds plan different searches: {} {} at {} threads in BASE where NEW has {} {} at {}",
                x.tree, x.algo, x.threads, y.tree, y.algo, y.threads
            )));
        }
        if x.fingerprint != y.fingerprint {
            return Err(MeasureError::AbWorker(format!(
                "the builds generate different trees for {} (fingerprints {} and {}): ab compares search code on the same trees",
                x.tree, x.fingerprint, y.fingerprint
            )));
        }
    }
    Ok(())
}

/// Wrong values of the plans, and serial searches whose positions changed.
fn value_problems(a: &[PlanItem], b: &[PlanItem]) -> (Vec<ValueProblem>, Vec<ValueProblem>) {
    let mut wrong = Vec::new();
    let mut changed = Vec::new();
    for (x, y) in a.iter().zip(b) {
        let problem = |what: String| ValueProblem {
            tree: x.tree.clone(),
            algo: x.algo.clone(),
            threads: x.threads,
            what,
        };
        if !x.agrees {
            wrong.push(problem(format!(
                "BASE's value {} disagrees with BASE's serial F2",
                x.value
            )));
        }
        if !y.agrees {
            wrong.push(problem(format!(
                "NEW's value {} disagrees with NEW's serial F2",
                y.value
            )));
        }
        if x.value != y.value {
            wrong.push(problem(format!("BASE finds {}, NEW {}", x.value, y.value)));
        } else if x.deterministic && (x.nodes, x.leaves) != (y.nodes, y.leaves) {
            changed.push(problem(format!(
                "positions {} → {}, leaves {} → {}",
                x.nodes, y.nodes, x.leaves, y.leaves
            )));
        }
    }
    (wrong, changed)
}

/// A timed sample whose value, or a serial search's positions, differ from the plan.
fn sample_problem(item: &PlanItem, side: Side, sample: &Sample) -> Option<ValueProblem> {
    let what = if sample.value != item.value {
        format!(
            "a timed search of {} found {}, its plan {}",
            side.name(),
            sample.value,
            item.value
        )
    } else if item.deterministic && sample.nodes != item.nodes {
        format!(
            "a timed search of {} examined {} positions, its plan {}",
            side.name(),
            sample.nodes,
            item.nodes
        )
    } else {
        return None;
    };
    Some(ValueProblem {
        tree: item.tree.clone(),
        algo: item.algo.clone(),
        threads: item.threads,
        what,
    })
}

/// Whether the `next`-th block of a workload of `searches` searches (taking turns) times
/// BASE first (BASE, NEW, NEW, BASE) rather than NEW first. The order alternates along
/// the workload's own blocks, and, when it has an even number of searches, shifts by one
/// every turn of them, so that each search alternates too. Within a block the build in
/// the middle runs twice in a row, the second time on a warm worker (its threads and
/// caches just used), the other build after a switch both times: a build always in the
/// middle gains that. A parity kept over every workload's blocks, as before, gave each
/// workload of a two-workload suite one order for good, and its test that bias.
fn base_first(next: usize, searches: usize) -> bool {
    let turn = next / searches.max(1);
    let shift = if searches.is_multiple_of(2) { turn } else { 0 };
    (next + shift).is_multiple_of(2)
}

/// Each test's false-alarm rate: `alpha` over the workloads and the overall test.
fn test_alpha(config: &AbConfig, workloads: &[WorkloadTest]) -> f64 {
    config.alpha / (workloads.len() + 1) as f64
}

/// The workloads of a plan, in its order, each with its test.
fn workloads_of(items: &[PlanItem], config: &AbConfig) -> Vec<WorkloadTest> {
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        match groups.iter_mut().find(|(name, _)| *name == item.workload) {
            Some((_, members)) => members.push(i),
            None => groups.push((item.workload.clone(), vec![i])),
        }
    }
    let alpha = config.alpha / (groups.len() + 1) as f64;
    groups
        .into_iter()
        .map(|(workload, items)| WorkloadTest {
            workload,
            items,
            next: 0,
            test: SequentialTest::new(config.threshold, alpha, config.beta),
            epoch: EpochMean::default(),
            blocks: 0,
        })
        .collect()
}

/// The (workload, algorithm, threads) of a plan, each with the plan items it covers.
fn searches_of(items: &[PlanItem]) -> Vec<(Vec<usize>, SearchBlocks)> {
    let mut out: Vec<(Vec<usize>, SearchBlocks)> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let key = (&item.workload, &item.algo, item.threads);
        match out
            .iter_mut()
            .find(|(_, s)| (&s.workload, &s.algo, s.threads) == key)
        {
            Some((members, _)) => members.push(i),
            None => out.push((
                vec![i],
                SearchBlocks {
                    workload: item.workload.clone(),
                    algo: item.algo.clone(),
                    threads: item.threads,
                    epoch: EpochMean::default(),
                    means: Vec::new(),
                    blocks: 0,
                },
            )),
        }
    }
    out
}

#[cfg(test)]
mod order_tests {
    use super::base_first;

    #[test]
    fn each_workload_and_each_search_gets_both_orders_equally() {
        for searches in 1..=7 {
            // Two turns of the searches: every search once in each order.
            let blocks = 2 * searches.max(2);
            let mut first = vec![[0usize; 2]; searches];
            for next in 0..blocks {
                let item = next % searches;
                first[item][usize::from(base_first(next, searches))] += 1;
                // Consecutive blocks of a workload alternate, but at the turn of an even
                // number of searches.
                if next > 0 && !(searches % 2 == 0 && next % searches == 0) {
                    assert_ne!(
                        base_first(next, searches),
                        base_first(next - 1, searches),
                        "{searches} searches, block {next}"
                    );
                }
            }
            for (item, counts) in first.iter().enumerate() {
                assert_eq!(
                    counts[0], counts[1],
                    "{searches} searches: search {item} got {counts:?}"
                );
            }
        }
    }

    #[test]
    fn two_workloads_taking_turns_each_get_both_orders() {
        // The rounds of a two-workload suite: 0, 1, 0, 1, … Each workload's order comes
        // from its own blocks, whatever the other's.
        let mut orders = [[0usize; 2]; 2];
        let mut next = [0usize; 2];
        for _ in 0..40 {
            for w in 0..2 {
                let searches = 6;
                orders[w][usize::from(base_first(next[w], searches))] += 1;
                next[w] += 1;
            }
        }
        assert_eq!(orders, [[20, 20], [20, 20]]);
    }
}
