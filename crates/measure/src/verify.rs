//! Checking searches against serial F2 on one tree, without timing (design: "Every
//! parallel result is compared with serial F2 on the same tree … A mismatch is an error,
//! never a footnote"; style 7).
//!
//! The reference is `f2-iter`, the non-recursive F2. Every requested search must return
//! its value, and a best move whose own value — `-F(child)`, computed by `f2-iter` on
//! that child — is that value. The reference is held to the same best-move rule and, on
//! trees small enough to search in full, to F0's value (eq. (1), the oracle).
//!
//! [`verify_tree`] takes a tree and a plan and returns what it found, for `abbench
//! verify` and tests alike; [`measure()`](crate::measure()) holds its timed searches to the
//! same best-move rule through [`MoveValues`]. [`VerifySearches`] is the same check as a
//! visitor of a tree already built: a test hands it a tree that answers wrongly (the
//! testkit's `VisitWrong`) to watch a mismatch reported, and [`TreeCheck`] is what the
//! stress campaign and the command line call for each tree.
//!
//! A tree that carries a published value (a `connect4` position of a test set, with its
//! score) is held to it as well, an oracle that no one here wrote: the reference must
//! find it, and every search is held to it. Where the reference reaches the time limit,
//! the published value alone is the reference, and only values are compared (a best move
//! is checked by searching it, with the reference's kernel).
//!
//! The plan's `options.time_limit` bounds every search, serial ones included: a search
//! that reaches it is [`Verdict::TimedOut`], one whose worker panicked
//! [`Verdict::Failed`] — neither is an answer. If the reference itself times out, no
//! other search is run on that tree.

use crate::searches::{configured_search, is_table_search, parallel_halt, serial_search};
use crate::{MeasureError, Pools};
use abbench_parallel::{ParallelResult, SearchOptions};
use abbench_results::Algorithm;
use abbench_results::StopReason;
use abbench_search::SerialRun;
use abbench_search::{Basic, Bound, F2Iter, SearchResult, SerialAlgorithm, SerialSearch};
use abbench_tree::{GameTree, TreeSpec, TreeVisitor, Value, full_tree_nodes};
use std::collections::HashMap;

/// Trees with at most this many positions (all levels of the full tree) are also searched
/// by F0, the oracle: at this size it takes a fraction of a second.
pub const ORACLE_POSITIONS: u64 = 2_000_000;

/// What to check on each tree.
#[derive(Clone, Copy, Debug)]
pub struct VerifyPlan<'a> {
    /// The algorithms to check; parallel ones at every thread count. The settings' time
    /// limit bounds every search, serial ones too.
    pub algos: &'a [Algorithm],
    /// Thread counts for the parallel algorithms.
    pub threads: &'a [usize],
    /// What each search is told; each reads what it reads of them (the serial searches
    /// their window, cutoff, guess and table size).
    pub options: SearchOptions,
    /// F0 also searches trees whose full size is at most this many positions.
    pub oracle_positions: u64,
}

/// A search's answer: the root value and the root move that produced it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    /// `F(root)` as the search found it.
    pub value: Value,
    /// The move number of the best root move; `None` for a terminal root.
    pub best_move: Option<usize>,
}

impl Answer {
    /// The answer of a serial search.
    pub fn of(found: &SearchResult) -> Answer {
        Answer {
            value: found.value,
            best_move: found.best_move,
        }
    }

    /// The answer of a parallel search.
    pub fn of_parallel(found: &ParallelResult) -> Answer {
        Answer {
            value: found.value,
            best_move: found.best_move,
        }
    }
}

/// How an answer compares with the reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Same value, and the best move's own value is that value.
    Agrees,
    /// A different root value.
    WrongValue {
        /// The value it should have found.
        expected: Value,
    },
    /// The right value, but the best move does not produce it.
    WrongMove {
        /// The move's own value, `-F(child)`; `None` when it is not a root move at all.
        move_value: Option<Value>,
    },
    /// No answer: the search reached the time limit (or was not run because the
    /// reference did).
    TimedOut,
    /// No answer: the search failed, e.g. a worker thread panicked.
    Failed {
        /// What failed.
        message: String,
    },
}

impl Verdict {
    /// A search that gave no answer, for this reason.
    fn stopped(reason: StopReason) -> Verdict {
        match reason {
            // `verify` sets no candidate a limit of its own: stopped, it timed out.
            StopReason::TimedOut(_) | StopReason::Outpaced { .. } => Verdict::TimedOut,
            StopReason::Failed(message) => Verdict::Failed { message },
        }
    }
}

/// One checked search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchCheck {
    /// The algorithm.
    pub algo: Algorithm,
    /// Its worker threads (1 for serial algorithms).
    pub threads: usize,
    /// What it found; `None` when it timed out or failed.
    pub answer: Option<Answer>,
    /// How that compares with the reference.
    pub verdict: Verdict,
}

/// Everything checked on one tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeVerdict {
    /// `f2-iter`'s answer, the reference; `None` when it reached the time limit.
    pub reference: Option<Answer>,
    /// The reference against its own best move and against F0.
    pub reference_verdict: Verdict,
    /// F0's value, when the tree was small enough to search in full.
    pub oracle: Option<Value>,
    /// The value published for the tree (a test set's score), which every search is
    /// held to.
    pub published: Option<Value>,
    /// Every requested search, in the order asked for.
    pub searches: Vec<SearchCheck>,
}

/// A search that disagreed, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The algorithm to rerun to see it again (`f2-iter` when the reference itself is
    /// wrong).
    pub algo: Algorithm,
    /// Whether it is the reference's, serial F2 that every search runs beside: any
    /// algorithm shows it again.
    pub reference: bool,
    /// Its thread count.
    pub threads: usize,
    /// What disagreed, e.g. `ybwc at 2 threads found value 5, f2-iter 7`.
    pub message: String,
}

impl TreeVerdict {
    /// Searches that gave no answer because they reached the time limit, the
    /// reference's included.
    pub fn timed_out(&self) -> impl Iterator<Item = &SearchCheck> {
        self.searches
            .iter()
            .filter(|c| c.verdict == Verdict::TimedOut)
    }

    /// The disagreements and failures, the reference's first, each once: a search of
    /// f2-iter asked for that found what the reference found is the reference's
    /// mismatch, not a second one. A search that timed out is neither.
    pub fn mismatches(&self) -> Vec<Mismatch> {
        let reference_algo = Algorithm::Serial(SerialAlgorithm::F2Iter);
        let reference_check = SearchCheck {
            algo: reference_algo,
            threads: 1,
            answer: self.reference,
            verdict: self.reference_verdict.clone(),
        };
        let reference_wrong =
            !matches!(self.reference_verdict, Verdict::Agrees | Verdict::TimedOut);
        let same_as_reference = |check: &SearchCheck| {
            reference_wrong
                && check.algo == reference_algo
                && check.answer == reference_check.answer
        };
        std::iter::once(&reference_check)
            .chain(self.searches.iter().filter(|c| !same_as_reference(c)))
            .enumerate()
            .filter_map(|(i, check)| {
                let reference = i == 0;
                let who = if reference {
                    "the reference serial F2 (f2-iter)".to_string()
                } else if check.algo.is_parallel() {
                    format!("{} at {} threads", check.algo, check.threads)
                } else {
                    check.algo.to_string()
                };
                let message = match (&check.verdict, check.answer) {
                    (Verdict::Agrees | Verdict::TimedOut, _) => return None,
                    (Verdict::Failed { message }, _) => format!("{who} failed: {message}"),
                    (_, None) => format!("{who} gave no answer"),
                    (Verdict::WrongValue { expected }, Some(answer))
                        if self.published.is_some() =>
                    {
                        format!(
                            "{who} found value {}, the published score {expected}",
                            answer.value
                        )
                    }
                    (Verdict::WrongValue { expected }, Some(answer)) if reference => {
                        format!(
                            "{who} found value {}, F0 (the oracle) {expected}",
                            answer.value
                        )
                    }
                    (Verdict::WrongValue { expected }, Some(answer)) => {
                        format!("{who} found value {}, f2-iter {expected}", answer.value)
                    }
                    (Verdict::WrongMove { move_value }, Some(answer)) => {
                        let best = answer
                            .best_move
                            .map_or("none".to_string(), |m| m.to_string());
                        match move_value {
                            Some(v) => format!(
                                "{who} found value {} with best move {best}, whose own value is {v}",
                                answer.value
                            ),
                            None => format!(
                                "{who} found value {} with best move {best}, which is not a root move",
                                answer.value
                            ),
                        }
                    }
                };
                Some(Mismatch {
                    algo: check.algo,
                    threads: check.threads,
                    reference,
                    message,
                })
            })
            .collect()
    }
}

/// How a serial search's result compares with the reference value `reference`: a result
/// that is a bound (a root window it fell outside of) agrees when the bound holds of
/// the value; any other is held to the value and best-move rule of [`MoveValues::judge`].
pub(crate) fn judge_result<T: GameTree>(
    moves: &mut MoveValues<'_, T>,
    found: &SearchResult,
    reference: Value,
) -> Verdict {
    match found.bound {
        Some(bound @ (Bound::Lower | Bound::Upper)) => {
            if bound.admits(found.value, reference) {
                Verdict::Agrees
            } else {
                Verdict::WrongValue {
                    expected: reference,
                }
            }
        }
        _ => moves.judge(Answer::of(found), reference),
    }
}

/// How one tree is checked: [`verify_tree`]'s signature, which is what the command line
/// and the stress campaign pass; a test passes a wrapper that makes some search wrong.
pub trait TreeCheck:
    FnMut(&TreeSpec, &VerifyPlan<'_>, &mut Pools, u64) -> Result<TreeVerdict, MeasureError>
{
}

impl<F> TreeCheck for F where
    F: FnMut(&TreeSpec, &VerifyPlan<'_>, &mut Pools, u64) -> Result<TreeVerdict, MeasureError>
{
}

/// Searches `spec` once with every algorithm of the plan (parallel ones at every thread
/// count) and compares each answer with `f2-iter`'s; the tree is built within
/// `memory_budget` bytes. Pools for the plan's thread counts are built in `pools` if
/// missing.
pub fn verify_tree(
    spec: &TreeSpec,
    plan: &VerifyPlan<'_>,
    pools: &mut Pools,
    memory_budget: u64,
) -> Result<TreeVerdict, MeasureError> {
    ensure_pools(plan, pools)?;
    spec.visit(
        memory_budget,
        VerifySearches::new(plan, pools, memory_budget).published(published_value(spec)),
    )?
}

/// The value published for `spec`'s tree, if any: a `connect4` position's score, or
/// its sign for a tree solved weakly.
pub fn published_value(spec: &TreeSpec) -> Option<Value> {
    abbench_results::TreeInfo::of(spec).published_value()
}

/// Builds the pools `plan`'s parallel searches need, if missing: before
/// [`VerifySearches::new`].
pub fn ensure_pools(plan: &VerifyPlan<'_>, pools: &mut Pools) -> Result<(), MeasureError> {
    if plan.algos.iter().any(|a| a.is_parallel()) {
        pools.ensure(plan.threads)?;
    }
    Ok(())
}

/// [`verify_tree`]'s check of one tree, as a visitor of a tree already built.
pub struct VerifySearches<'a> {
    plan: &'a VerifyPlan<'a>,
    pools: &'a Pools,
    /// What the tree may take; MTD(f)'s table, too.
    memory_budget: u64,
    /// The tree's published value, if it has one.
    published: Option<Value>,
}

impl<'a> VerifySearches<'a> {
    /// The check of `plan` with the pools of `pools` (built by [`ensure_pools`]; a
    /// missing one is an error), MTD(f)'s table within `memory_budget` bytes.
    pub fn new(plan: &'a VerifyPlan<'a>, pools: &'a Pools, memory_budget: u64) -> Self {
        VerifySearches {
            plan,
            pools,
            memory_budget,
            published: None,
        }
    }

    /// The same check, every search also held to `published` (the tree's published
    /// value, [`published_value`]).
    pub fn published(self, published: Option<Value>) -> Self {
        VerifySearches { published, ..self }
    }
}

impl TreeVisitor for VerifySearches<'_> {
    type Output = Result<TreeVerdict, MeasureError>;

    fn visit<T: GameTree>(self, tree: &T) -> Self::Output {
        // Once the tree fits its budget, and before any search: the table searches'
        // table, serial or parallel (one size for all).
        if self.plan.algos.iter().any(is_table_search) {
            self.plan
                .options
                .serial()
                .check_table_memory(self.memory_budget)?;
        }
        let limit = self.plan.options.time_limit();
        let reference = match serial_search::<T, Basic>(SerialAlgorithm::F2Iter, tree, limit) {
            Ok(found) => Answer::of(&found),
            Err(reason) => {
                return match self.published {
                    Some(truth) => self.against_published(tree, truth, Verdict::stopped(reason)),
                    None => Ok(self.unverifiable(reason)),
                };
            }
        };
        let mut moves = MoveValues::new(tree);
        let full_size = full_tree_nodes(tree.max_degree() as u64, tree.height());
        let oracle = full_size
            .filter(|&n| n <= self.plan.oracle_positions)
            .map(|_| SerialAlgorithm::F0.search::<T, Basic>(tree).value);
        let reference_verdict = match self.published.or(oracle) {
            Some(expected) if expected != reference.value => Verdict::WrongValue { expected },
            _ => moves.judge(reference, reference.value),
        };
        // The published value where there is one; else the reference's.
        let truth = self.published.unwrap_or(reference.value);

        let searches = self.searches(tree, &mut Judge::Moves(moves), truth)?;
        Ok(TreeVerdict {
            reference: Some(reference),
            reference_verdict,
            oracle,
            published: self.published,
            searches,
        })
    }
}

/// How an answer is held to the truth: value and best move, or, where no search of the
/// reference's finishes, the value alone.
enum Judge<'t, T: GameTree> {
    Moves(MoveValues<'t, T>),
    ValuesOnly,
}

impl<T: GameTree> Judge<'_, T> {
    fn serial(&mut self, found: &SearchResult, truth: Value) -> Verdict {
        match self {
            Judge::Moves(moves) => judge_result(moves, found, truth),
            Judge::ValuesOnly => match found.bound {
                Some(bound @ (Bound::Lower | Bound::Upper)) if bound.admits(found.value, truth) => {
                    Verdict::Agrees
                }
                Some(Bound::Lower | Bound::Upper) => Verdict::WrongValue { expected: truth },
                _ => Judge::<T>::value(found.value, truth),
            },
        }
    }

    fn answer(&mut self, answer: Answer, truth: Value) -> Verdict {
        match self {
            Judge::Moves(moves) => moves.judge(answer, truth),
            Judge::ValuesOnly => Judge::<T>::value(answer.value, truth),
        }
    }

    fn value(value: Value, truth: Value) -> Verdict {
        if value == truth {
            Verdict::Agrees
        } else {
            Verdict::WrongValue { expected: truth }
        }
    }
}

impl VerifySearches<'_> {
    /// Every search of the plan, each judged against `truth`.
    fn searches<T: GameTree>(
        &self,
        tree: &T,
        judge: &mut Judge<'_, T>,
        truth: Value,
    ) -> Result<Vec<SearchCheck>, MeasureError> {
        let limit = self.plan.options.time_limit();
        let mut searches = Vec::new();
        for &algo in self.plan.algos {
            match algo {
                Algorithm::Serial(serial) => {
                    let mut searcher = SerialSearch::new(serial, self.plan.options.serial(), tree)?;
                    let found = configured_search::<T, Basic>(&mut searcher, tree, limit);
                    let (answer, verdict) = match found {
                        Ok(found) => (Some(Answer::of(&found)), judge.serial(&found, truth)),
                        Err(reason) => (None, Verdict::stopped(reason)),
                    };
                    searches.push(SearchCheck {
                        algo,
                        threads: 1,
                        answer,
                        verdict,
                    });
                }
                Algorithm::Parallel(parallel) => {
                    for &threads in self.plan.threads {
                        let found = match self.pools.searcher(threads)?.search(
                            tree,
                            parallel,
                            self.plan.options,
                        ) {
                            Ok(found) => Ok(Answer::of_parallel(&found)),
                            Err(error) => Err(parallel_halt(error, limit)?),
                        };
                        let (answer, verdict) = match found {
                            Ok(answer) => (Some(answer), judge.answer(answer, truth)),
                            Err(reason) => (None, Verdict::stopped(reason)),
                        };
                        searches.push(SearchCheck {
                            algo,
                            threads,
                            answer,
                            verdict,
                        });
                    }
                }
            }
        }
        Ok(searches)
    }

    /// The verdict on a tree whose reference reached the time limit but whose value is
    /// published: every search held to that value alone.
    fn against_published<T: GameTree>(
        &self,
        tree: &T,
        truth: Value,
        reference_verdict: Verdict,
    ) -> Result<TreeVerdict, MeasureError> {
        let searches = self.searches(tree, &mut Judge::ValuesOnly, truth)?;
        Ok(TreeVerdict {
            reference: None,
            reference_verdict,
            oracle: None,
            published: self.published,
            searches,
        })
    }

    /// The verdict on a tree whose reference search gave no answer: nothing else is run.
    fn unverifiable(&self, reason: StopReason) -> TreeVerdict {
        let verdict = Verdict::stopped(reason);
        let mut searches = Vec::new();
        for &algo in self.plan.algos {
            let counts: &[usize] = if algo.is_parallel() {
                self.plan.threads
            } else {
                &[1]
            };
            for &threads in counts {
                searches.push(SearchCheck {
                    algo,
                    threads,
                    answer: None,
                    verdict: verdict.clone(),
                });
            }
        }
        TreeVerdict {
            reference: None,
            reference_verdict: verdict,
            oracle: None,
            published: None,
            searches,
        }
    }
}

/// The value of each root move, `-F(child)`, computed once per move by `f2-iter`, or by
/// MTD(f) with a table where f2-iter does not run: what a best move is held to.
pub(crate) struct MoveValues<'t, T: GameTree> {
    tree: &'t T,
    kernel: F2Iter<T>,
    known: HashMap<usize, Option<Value>>,
    /// The options (their table's size) of the MTD(f) that values a move, where f2-iter,
    /// without a table, would cost far more than the search it checks
    /// ([`crate::checked_by_score_alone`]).
    by_table: Option<abbench_search::SerialOptions>,
}

impl<'t, T: GameTree> MoveValues<'t, T> {
    pub(crate) fn new(tree: &'t T) -> Self {
        MoveValues {
            tree,
            kernel: F2Iter::new(tree),
            known: HashMap::new(),
            by_table: None,
        }
    }

    /// The moves of `tree` valued by MTD(f) with the table of `options`, each below its
    /// own root ([`abbench_tree::Subtree`]), from the guess the root's value gives.
    pub(crate) fn by_table(tree: &'t T, options: abbench_search::SerialOptions) -> Self {
        MoveValues {
            by_table: Some(options),
            ..MoveValues::new(tree)
        }
    }

    /// The verdict on `answer` when the root value is `expected`.
    pub(crate) fn judge(&mut self, answer: Answer, expected: Value) -> Verdict {
        if answer.value != expected {
            return Verdict::WrongValue { expected };
        }
        let Some(best) = answer.best_move else {
            // Only a terminal root has no best move.
            return if self.tree.degree(self.tree.root()) == 0 {
                Verdict::Agrees
            } else {
                Verdict::WrongMove { move_value: None }
            };
        };
        let move_value = self.move_value(best, expected);
        if move_value == Some(expected) {
            Verdict::Agrees
        } else {
            Verdict::WrongMove { move_value }
        }
    }

    /// `-F(child)` for root move number `best`; `None` when there is no such move. A
    /// table search starts from the guess that the root's value, `expected`, gives.
    fn move_value(&mut self, best: usize, expected: Value) -> Option<Value> {
        let (tree, kernel, by_table) = (self.tree, &mut self.kernel, self.by_table);
        *self.known.entry(best).or_insert_with(|| match by_table {
            Some(options) => table_move_value(tree, best, options.exact_from(-expected))
                .or_else(|| kernel.root_move_value(tree, best)),
            None => kernel.root_move_value(tree, best),
        })
    }
}

/// `-F(child)` for root move number `number` by MTD(f) told `options`; `None` when
/// there is no such move or no such table.
fn table_move_value<T: GameTree>(
    tree: &T,
    number: usize,
    options: abbench_search::SerialOptions,
) -> Option<Value> {
    let root = tree.root();
    let children = tree.children(root);
    let i = (0..tree.degree(root)).find(|&i| tree.move_number(root, &children, i) == number)?;
    let below = abbench_tree::Subtree::new(tree, tree.child(root, &children, i));
    let mut search = SerialSearch::new(SerialAlgorithm::Mtdf, options, &below).ok()?;
    Some(-search.search::<Basic>(&below).value)
}

/// [`verify_tree`] on a tree that is wrong on the pools' worker threads (every leaf one
/// more): each parallel search answers wrongly, the reference and F0 do not.
#[cfg(test)]
pub(crate) fn wrong_on_workers(
    spec: &TreeSpec,
    plan: &VerifyPlan<'_>,
    pools: &mut Pools,
    memory_budget: u64,
) -> Result<TreeVerdict, MeasureError> {
    ensure_pools(plan, pools)?;
    let check = VerifySearches::new(plan, pools, memory_budget);
    let wrong = abbench_testkit::VisitWrong::new(check, "abbench-worker");
    spec.visit(memory_budget, wrong)?
}

#[cfg(test)]
mod tests {
    use super::*;
    use abbench_parallel::ParallelAlgorithm;
    use abbench_tree::{Layout, Model, ModelSpec};

    #[test]
    fn a_move_valued_by_a_table_search_has_its_f2_value() {
        use abbench_tree::models::RandomTree;
        for seed in 0..6 {
            let tree = RandomTree::new(4, 6, seed, 50);
            let root_value = F2Iter::new(&tree).search::<Basic>(&tree).value;
            let mut by_f2 = MoveValues::new(&tree);
            let options = abbench_search::SerialOptions::default();
            let mut by_table = MoveValues::by_table(&tree, options);
            for number in 0..5 {
                let f2 = by_f2.move_value(number, root_value);
                assert_eq!(by_table.move_value(number, root_value), f2, "seed {seed}");
                assert_eq!(f2.is_none(), number == 4, "seed {seed}");
            }
        }
    }

    #[test]
    fn a_search_that_answers_wrongly_is_a_mismatch_that_names_it() {
        let spec = TreeSpec::model(ModelSpec::new(Model::Random, 3, 4, 5), Layout::Implicit);
        let algos = Algorithm::parse_list("f2,ybwc").unwrap();
        let plan = VerifyPlan {
            algos: &algos,
            threads: &[1, 2],
            options: SearchOptions::default(),
            oracle_positions: ORACLE_POSITIONS,
        };
        let verdict = wrong_on_workers(&spec, &plan, &mut Pools::default(), 1 << 30).unwrap();
        let right = verdict.reference.unwrap().value;
        assert_eq!(verdict.oracle, Some(right), "F0 runs on this thread: right");
        assert_eq!(verdict.searches[0].verdict, Verdict::Agrees, "f2 too");
        let mismatches = verdict.mismatches();
        let named: Vec<_> = mismatches.iter().map(|m| (m.algo, m.threads)).collect();
        let ybwc = Algorithm::Parallel(ParallelAlgorithm::Ybwc);
        assert_eq!(named, [(ybwc, 1), (ybwc, 2)]);
        for m in &mismatches {
            let prefix = format!("ybwc at {} threads found value ", m.threads);
            let found: Value = m.message[prefix.len()..]
                .split(',')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            assert!(m.message.starts_with(&prefix), "{}", m.message);
            assert!(
                m.message.ends_with(&format!(", f2-iter {right}")),
                "{}",
                m.message
            );
            assert_eq!(
                (found - right).abs(),
                1,
                "every leaf one more: {}",
                m.message
            );
        }
    }

    fn algorithms() -> Vec<Algorithm> {
        Algorithm::ALL.to_vec()
    }

    #[test]
    fn every_algorithm_agrees_on_small_trees() {
        let algos = algorithms();
        let plan = VerifyPlan {
            algos: &algos,
            threads: &[1, 2, 3],
            options: SearchOptions {
                split_height: Some(1),
                eldest_grain: None,
                cut_wait: Some(2),
                time_limit: None,
                ..SearchOptions::default()
            },
            oracle_positions: ORACLE_POSITIONS,
        };
        let mut pools = Pools::default();
        for model in [
            Model::Random,
            Model::Ordered,
            Model::Dependent,
            Model::Worst,
        ] {
            for seed in 1..4 {
                let spec = TreeSpec::model(ModelSpec::new(model, 3, 4, seed), Layout::Implicit);
                let verdict = verify_tree(&spec, &plan, &mut pools, 1 << 30).unwrap();
                assert_eq!(verdict.mismatches(), [], "{model:?} seed {seed}");
                assert!(verdict.oracle.is_some());
                assert_eq!(
                    verdict.searches.len(),
                    abbench_search::SerialAlgorithm::ALL.len() + ParallelAlgorithm::ALL.len() * 3
                );
            }
        }
    }

    #[test]
    fn a_wrong_answer_is_named() {
        let spec = TreeSpec::model(ModelSpec::new(Model::Random, 3, 3, 7), Layout::Implicit);
        let algos = [Algorithm::Serial(SerialAlgorithm::F2)];
        let plan = VerifyPlan {
            algos: &algos,
            threads: &[1],
            options: SearchOptions::default(),
            oracle_positions: 0,
        };
        let mut verdict = verify_tree(&spec, &plan, &mut Pools::default(), 1 << 30).unwrap();
        assert_eq!(verdict.oracle, None, "too large for an oracle limit of 0");
        let right = verdict.reference.unwrap();
        let ybwc = Algorithm::Parallel(ParallelAlgorithm::Ybwc);
        verdict.searches.push(SearchCheck {
            algo: ybwc,
            threads: 2,
            answer: Some(Answer {
                value: right.value + 1,
                best_move: right.best_move,
            }),
            verdict: Verdict::WrongValue {
                expected: right.value,
            },
        });
        let mismatches = verdict.mismatches();
        assert_eq!(mismatches.len(), 1);
        assert_eq!(mismatches[0].algo, ybwc);
        assert_eq!(mismatches[0].threads, 2);
        assert!(
            mismatches[0]
                .message
                .starts_with("ybwc at 2 threads found value"),
            "{}",
            mismatches[0].message
        );
    }

    #[test]
    fn a_best_move_that_does_not_give_the_value_is_wrong() {
        let spec = TreeSpec::model(ModelSpec::new(Model::Worst, 3, 2, 1), Layout::Implicit);
        spec.visit(1 << 30, Judge).unwrap();
    }

    struct Judge;

    impl TreeVisitor for Judge {
        type Output = ();
        fn visit<T: GameTree>(self, tree: &T) {
            let mut moves = MoveValues::new(tree);
            let right = F2Iter::new(tree).search::<Basic>(tree);
            let best = right.best_move.unwrap();
            let other = (best + 1) % 3;
            let answer = |best_move| Answer {
                value: right.value,
                best_move,
            };
            assert_eq!(
                moves.judge(answer(Some(best)), right.value),
                Verdict::Agrees
            );
            assert!(matches!(
                moves.judge(answer(Some(other)), right.value),
                Verdict::WrongMove { move_value: Some(v) } if v != right.value
            ));
            assert_eq!(
                moves.judge(answer(Some(3)), right.value),
                Verdict::WrongMove { move_value: None }
            );
            assert_eq!(
                moves.judge(answer(None), right.value),
                Verdict::WrongMove { move_value: None }
            );
        }
    }
}
