//! The stress campaign behind `abbench verify --stress N`: parallel search under the
//! conditions most likely to expose a race (style 7).
//!
//! Every parallel algorithm ([`ParallelAlgorithm::ALL`]) at 2, 3, 4, 8 and 16 threads —
//! on a two-core machine, most of them oversubscribed, so workers are preempted at
//! arbitrary points — with the smallest split height, 1, so that nearly every node is a
//! split point; on small trees of every model, several of them full of ties (few
//! distinct values or edge values), where a bound that is off by one changes the answer.
//!
//! `N` is the number of parallel searches in total. They are made round by round: each
//! round takes the next seed and searches each model's tree with each algorithm at each
//! thread count, `STRESS_MODELS × 6 × 5 = 210` searches, until `N` have been made (the
//! last round may stop part-way). Every search is checked against serial F2 as
//! [`verify_tree`](crate::verify_tree) checks it (value, and a best move whose own value
//! it is; F0 on these small trees too). The campaign stops at the first mismatch.

use crate::{
    MeasureError, ORACLE_POSITIONS, Pools, TreeCheck, TreeVerdict, Verdict, VerifyPlan, verify_tree,
};
use abbench_parallel::{ParallelAlgorithm, SearchOptions};
use abbench_results::Algorithm;
use abbench_tree::arena::default_memory_budget;
use abbench_tree::{Layout, Model, ModelSpec, TreeSpec};
use std::time::{Duration, Instant};

/// Thread counts tried, most of them more than a two-core machine has.
pub const STRESS_THREADS: [usize; 5] = [2, 3, 4, 8, 16];

/// The split height: every node above the leaves' parents may split.
pub const STRESS_SPLIT_HEIGHT: u32 = 1;

/// How many trees each round searches.
pub const STRESS_MODELS: usize = 7;

/// The campaign's trees with seed `seed`: small (well under a millisecond to search
/// serially), every model, and many ties.
pub fn stress_models(seed: u64) -> [ModelSpec; STRESS_MODELS] {
    let with = |model, degree, height| ModelSpec::new(model, degree, height, seed);
    [
        ModelSpec {
            values: 3,
            ..with(Model::Random, 4, 10)
        },
        ModelSpec {
            values: 3,
            ..with(Model::Random, 8, 6)
        },
        ModelSpec {
            ordering: 0.5,
            spread: 1,
            ..with(Model::Ordered, 5, 8)
        },
        ModelSpec {
            degree_min: Some(1),
            degree_max: Some(6),
            terminal_prob: 0.2,
            ordering: 0.7,
            spread: 2,
            ..with(Model::Ordered, 4, 9)
        },
        with(Model::Dependent, 3, 11),
        ModelSpec {
            edge_range: 1,
            ..with(Model::BranchSum, 4, 8)
        },
        with(Model::Worst, 3, 8),
    ]
}

/// Searches, mismatches and searches without an answer, of one model or of one
/// algorithm at one thread count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StressCount {
    /// Searches made.
    pub searches: u64,
    /// Searches whose answer did not agree with serial F2.
    pub mismatches: u64,
    /// Searches that reached the time limit (no answer, nothing checked).
    pub timed_out: u64,
}

impl StressCount {
    fn add(&mut self, wrong: bool, timed_out: bool) {
        self.searches += 1;
        self.mismatches += u64::from(wrong);
        self.timed_out += u64::from(timed_out);
    }
}

/// The first search that disagreed with serial F2, and how to search its tree again.
#[derive(Clone, Debug)]
pub struct StressMismatch {
    /// The tree.
    pub model: ModelSpec,
    /// The parallel algorithm.
    pub algo: ParallelAlgorithm,
    /// Its thread count.
    pub threads: usize,
    /// The settings the round searched it with (what reproduces the search).
    pub settings: SearchOptions,
    /// What disagreed, one line per search of the tree that did.
    pub messages: Vec<String>,
}

/// What a campaign checked, per model and per (algorithm, threads), and the mismatch
/// that stopped it, if one did.
#[derive(Clone, Debug)]
pub struct StressOutcome {
    /// Parallel searches made.
    pub searches: u64,
    /// Trees searched.
    pub trees: u64,
    /// Wall time of the whole campaign.
    pub elapsed: Duration,
    /// Per model, in the order of [`stress_models`].
    pub by_model: [StressCount; STRESS_MODELS],
    /// Per (algorithm, threads).
    pub by_config: Vec<((ParallelAlgorithm, usize), StressCount)>,
    /// The first mismatch; the campaign stopped there.
    pub mismatch: Option<StressMismatch>,
}

impl StressOutcome {
    /// Nothing searched yet.
    fn empty() -> StressOutcome {
        StressOutcome {
            searches: 0,
            trees: 0,
            elapsed: Duration::ZERO,
            by_model: [StressCount::default(); STRESS_MODELS],
            by_config: ParallelAlgorithm::ALL
                .iter()
                .flat_map(|&a| {
                    STRESS_THREADS
                        .iter()
                        .map(move |&t| ((a, t), StressCount::default()))
                })
                .collect(),
            mismatch: None,
        }
    }

    /// Counts the searches of `verdict`, made with `algorithm` on model `model`.
    fn count(&mut self, model: usize, algorithm: ParallelAlgorithm, verdict: &TreeVerdict) {
        let mismatches = verdict.mismatches();
        for check in &verdict.searches {
            let wrong = mismatches.iter().any(|m| m.threads == check.threads);
            let timed_out = check.verdict == Verdict::TimedOut;
            self.by_model[model].add(wrong, timed_out);
            if let Some((_, count)) = self
                .by_config
                .iter_mut()
                .find(|(k, _)| *k == (algorithm, check.threads))
            {
                count.add(wrong, timed_out);
            }
        }
        self.searches += verdict.searches.len() as u64;
    }

    /// Searches that reached the time limit.
    pub fn timed_out(&self) -> u64 {
        self.by_model.iter().map(|c| c.timed_out).sum()
    }

    /// Searches that disagreed with serial F2.
    pub fn mismatches(&self) -> u64 {
        self.by_model.iter().map(|c| c.mismatches).sum()
    }
}

/// Runs `searches` stress searches with seeds from `first_seed` on, each parallel search
/// bounded by `time_limit` if given; `done` is told how many searches have been made
/// after each tree.
pub fn stress(
    searches: u64,
    first_seed: u64,
    time_limit: Option<Duration>,
    done: impl FnMut(u64),
) -> Result<StressOutcome, MeasureError> {
    stress_shard(searches, first_seed, None, time_limit, done)
}

/// [`stress`], only part `shard` of its rounds: the rounds (one seed each) are of equal
/// work, so part `K` of `N` takes rounds `K-1`, `K-1+N`, `K-1+2N`, … (what
/// [`crate::partition`] gives equal weights); the parts together make the same searches
/// as the whole campaign.
pub fn stress_shard(
    searches: u64,
    first_seed: u64,
    shard: Option<abbench_results::Shard>,
    time_limit: Option<Duration>,
    done: impl FnMut(u64),
) -> Result<StressOutcome, MeasureError> {
    stress_checked(searches, first_seed, shard, time_limit, done, verify_tree)
}

/// [`stress_shard`] with each tree checked by `check` ([`verify_tree`] there): a test
/// passes one that makes a search wrong, to see the campaign stop at it.
pub fn stress_checked(
    searches: u64,
    first_seed: u64,
    shard: Option<abbench_results::Shard>,
    time_limit: Option<Duration>,
    mut done: impl FnMut(u64),
    mut check: impl TreeCheck,
) -> Result<StressOutcome, MeasureError> {
    let started = Instant::now();
    let per_round = (STRESS_MODELS * ParallelAlgorithm::ALL.len() * STRESS_THREADS.len()) as u64;
    let rounds = searches.div_ceil(per_round);
    if first_seed.checked_add(rounds.saturating_sub(1)).is_none() {
        return Err(MeasureError::InvalidOption {
            parameter: "seed",
            value: first_seed.to_string(),
            expected: format!(
                "--stress {searches} takes {rounds} seeds from it, and seed + {} must fit \
                 in 64 bits",
                rounds - 1
            ),
        });
    }
    let options = SearchOptions {
        split_height: Some(STRESS_SPLIT_HEIGHT),
        // Both sides of the rule: pv and all nodes share after the eldest, expected cut
        // nodes after the default wait.
        cut_wait: Some(abbench_parallel::CUT_WAIT_BROTHERS),
        time_limit: time_limit.map(abbench_search::Seconds),
        ..SearchOptions::default()
    };
    let mut outcome = StressOutcome::empty();
    let mut pools = Pools::default();
    let (part, parts) = shard.map_or((0, 1), |s| (u64::from(s.index) - 1, u64::from(s.count)));
    'rounds: for round in (part..rounds).step_by(parts as usize) {
        // A round makes `per_round` searches, the last one what is left.
        let (quota, start) = (
            per_round.min(searches - round * per_round),
            outcome.searches,
        );
        for (m, model) in stress_models(first_seed + round).into_iter().enumerate() {
            let spec = TreeSpec::model(model.clone(), Layout::Implicit);
            let options = round_options(options, round, &model);
            outcome.trees += 1;
            for algorithm in ParallelAlgorithm::ALL {
                let left = (quota - (outcome.searches - start)) as usize;
                if left == 0 {
                    break 'rounds;
                }
                let threads = &STRESS_THREADS[..STRESS_THREADS.len().min(left)];
                let algos = [Algorithm::Parallel(algorithm)];
                let plan = VerifyPlan {
                    algos: &algos,
                    threads,
                    options,
                    oracle_positions: ORACLE_POSITIONS,
                };
                let verdict = check(&spec, &plan, &mut pools, default_memory_budget())?;
                outcome.count(m, algorithm, &verdict);
                done(outcome.searches);
                if let Some(first) = verdict.mismatches().first() {
                    outcome.mismatch = Some(StressMismatch {
                        model,
                        algo: algorithm,
                        threads: first.threads,
                        settings: options.read_by(Algorithm::Parallel(algorithm)),
                        messages: verdict
                            .mismatches()
                            .iter()
                            .map(|m| m.message.clone())
                            .collect(),
                    });
                    break 'rounds;
                }
            }
        }
    }
    outcome.elapsed = started.elapsed();
    Ok(outcome)
}

/// The options of `round` on `model`: every other round bounds ER's memory to one
/// node's children, the least it accepts. Most nodes then fall back to young brothers
/// wait's order, and workers race for the budget.
fn round_options(options: SearchOptions, round: u64, model: &ModelSpec) -> SearchOptions {
    SearchOptions {
        keep_limit: (round % 2 == 1)
            .then(|| u64::from(model.degree.max(model.degree_max.unwrap_or(0)))),
        ..options
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_model_is_valid_and_small() {
        for model in stress_models(1) {
            let spec = TreeSpec::model(model.clone(), Layout::Implicit);
            spec.validate().unwrap();
            let positions = crate::estimate_positions(&model, "f0".parse().unwrap());
            assert!(positions < 2e6, "{spec}: {positions}");
        }
    }

    #[test]
    fn a_wrong_search_stops_the_campaign_and_names_itself() {
        let outcome =
            stress_checked(700, 1, None, None, |_| {}, crate::verify::wrong_on_workers).unwrap();
        let mismatch = outcome.mismatch.as_ref().expect("the campaign saw it");
        // The first tree's first algorithm, at every thread count; nothing after it.
        let first = ParallelAlgorithm::ALL[0];
        assert_eq!(
            (mismatch.algo, mismatch.threads),
            (first, STRESS_THREADS[0])
        );
        assert_eq!(mismatch.model, stress_models(1)[0]);
        assert_eq!(mismatch.messages.len(), STRESS_THREADS.len());
        let who = format!("{first} at {} threads found value ", STRESS_THREADS[0]);
        assert!(
            mismatch.messages[0].starts_with(&who),
            "{:?}",
            mismatch.messages
        );
        assert_eq!(outcome.searches, STRESS_THREADS.len() as u64);
        assert_eq!(outcome.mismatches(), STRESS_THREADS.len() as u64);
    }

    #[test]
    fn a_few_searches_agree_and_are_counted() {
        let mut reported = Vec::new();
        let outcome = stress(75, 1, None, |n| reported.push(n)).unwrap();
        assert_eq!(outcome.searches, 75);
        assert_eq!(outcome.mismatches(), 0);
        assert!(outcome.mismatch.is_none());
        // A tree takes a search per algorithm and thread count; the trees begun are
        // the whole ones and the one that the 75th search is in.
        let per_tree = (ParallelAlgorithm::ALL.len() * STRESS_THREADS.len()) as u64;
        assert_eq!(outcome.trees, 75u64.div_ceil(per_tree));
        assert_eq!(reported.last(), Some(&75));
        let per_model: u64 = outcome.by_model.iter().map(|c| c.searches).sum();
        let per_config: u64 = outcome.by_config.iter().map(|(_, c)| c.searches).sum();
        assert_eq!((per_model, per_config), (75, 75));
    }
}
