//! How long a command would search, estimated from the trees' models before it starts,
//! so that a search that would run for days asks for `--force` instead.
//!
//! Positions one search is expected to examine, by algorithm and model (a tree of degree
//! `d` and height `h`; for variable branching, `d` is the mean of `degree-min` and
//! `degree-max` and each position above the leaves is terminal with `terminal-prob`):
//!
//! * F0, and every algorithm on the `worst` model (no cutoffs at all): the whole tree,
//!   `sum d^l` over the levels `l = 0..=h` — exact for a uniform tree.
//! * The others on `random` trees: `sum d^(3l/4)`, the typical figure for alpha-beta on
//!   random trees (Knuth & Moore §7 and Table 1 put F2's branching factor between
//!   `d^(1/2)` and `d`; Pearl's `ξ_d/(1-ξ_d)` is close to `d^(3/4)` for the degrees
//!   measured here). F1, which has no deep cutoffs, examines more; few distinct values
//!   (`--values`) fewer.
//! * The others on `ordered`, `dependent` and `branch-sum` trees: Corollary 1's best
//!   case, `sum (d^⌈l/2⌉ + d^⌊l/2⌋ - 1)` — a lower bound for any ordering, reached by
//!   perfectly ordered trees.
//! * `connect4` from a position with `m` moves left: `sum 1.8^l` over `l = 0..=m`
//!   ([`CONNECT4_BRANCHING`]; F0 `sum 2^l`, [`CONNECT4_F0_BRANCHING`]). f2-iter's
//!   counts on the early and mid-game samples of `reports/connect4/2026-11-28-vm-xeon2/`
//!   grow as about `1.65^m` (the median position) to `1.87^m` (the largest) for `m` from
//!   23 to 32; F0's, which the game's leaf rules keep far below `7^m`, as `1.83^m` and
//!   `1.93^m` on the first positions of `scored-late.txt` (16 left, 16,470 positions)
//!   and `scored-mid.txt` (22 left, 1,996,312). Positions are
//!   slower to generate than a model's: the time is over
//!   [`CONNECT4_POSITIONS_PER_SECOND`], twice the 2×10⁷ measured there. The empty board
//!   is estimated at hours a search, so that it asks for `--force`.
//! * `connect4` by the table searches (MTD(f), the null-window search, ABDADA, Lazy
//!   SMP): `4,440 × 2^(m - 22)` ([`CONNECT4_TABLE_ANCHOR`], [`CONNECT4_TABLE_BRANCHING`]),
//!   at [`CONNECT4_TABLE_POSITIONS_PER_SECOND`]: their table keeps them far below
//!   f2-iter's count, and its misses slow them.
//! * `othello` from a position with `e` empty squares: `A × b^(e - e0)`, the anchor
//!   `(e0, A)` and growth `b` measured on FFO #1–#19 by MTD(f) for the table searches
//!   ([`OTHELLO_TABLE_ANCHOR`], [`OTHELLO_TABLE_BRANCHING`]) and by f2-iter for the
//!   others ([`OTHELLO_ANCHOR`], [`OTHELLO_BRANCHING`]; F0 the whole tree, `8^e`), at
//!   [`OTHELLO_POSITIONS_PER_SECOND`].
//! * `.tree` files: not estimated (their size is only known once read, and a file that
//!   fits in memory is searched in seconds).
//!
//! The time is those positions over [`ASSUMED_POSITIONS_PER_SECOND`] per thread (a
//! parallel search at most `min(threads, hardware threads)` times that), summed over
//! every search the command makes; with a time limit no search counts for more than the
//! limit. Over [`LONG_RUN_SECONDS`] the command asks for `--force`.

use crate::MeasureError;
use abbench_results::Algorithm;
use abbench_search::SerialAlgorithm;
use abbench_tree::{Model, ModelSpec, TreeSource, TreeSpec};
use std::time::Duration;

/// Positions per second and thread the estimate assumes: about twice what the fastest
/// kernels reach in a release build (F0 and `f2-iter` on an implicit random tree, about
/// 3×10⁸ on the two-core machine this was measured on), so that the estimate errs
/// towards running.
pub const ASSUMED_POSITIONS_PER_SECOND: f64 = 6.0e8;

/// Connect Four: the growth, per move left, of the positions one search examines.
pub const CONNECT4_BRANCHING: f64 = 1.8;

/// Connect Four, the table searches (MTD(f), the null-window search, ABDADA, Lazy SMP):
/// positions one search examines at this many moves left. MTD(f) from the guess 0 with
/// an 80 MiB table examined 4,440 positions per position on `scored-mid.txt` (16-24
/// stones, 22 moves left on average; `crates/tree/src/models/connect4/README.md`).
pub const CONNECT4_TABLE_ANCHOR: (u32, f64) = (22, 4440.0);

/// Connect Four, the table searches: the growth of their positions per move left, away
/// from [`CONNECT4_TABLE_ANCHOR`]. MTD(f) with a 64 MiB table examined 27.5 M positions
/// from `2463176` (7 stones, 35 left): `(27.5 M / 4,440)^(1/13)` = 1.96; 5.6 M from
/// `246317676` (32 left), 1.95 a move from the anchor.
pub const CONNECT4_TABLE_BRANCHING: f64 = 2.0;

/// Connect Four, the table searches: positions per second and thread the estimate
/// assumes, twice the 6-9 M that MTD(f) reaches on positions of 7-11 stones on the
/// 2-vCPU VM (its table's misses cost more than f2-iter's moves).
pub const CONNECT4_TABLE_POSITIONS_PER_SECOND: f64 = 1.6e7;

/// Connect Four: the growth, per move left, of the positions F0 examines.
pub const CONNECT4_F0_BRANCHING: f64 = 2.0;

/// Connect Four: positions per second and thread the estimate assumes (a game's moves
/// and its win test cost more than a model's children).
pub const CONNECT4_POSITIONS_PER_SECOND: f64 = 4.0e7;

/// Othello, the table searches: positions one search examines at this many empty
/// squares. MTD(f) with its default table examined 19,701–335,748 positions a position
/// on FFO #1–#19 (14–16 empty squares), 2.2 × 10⁵ at the median of those with 16.
pub const OTHELLO_TABLE_ANCHOR: (u32, f64) = (16, 2.2e5);

/// Othello, the table searches: the growth of their positions per empty square. From
/// 14 to 16 empty squares FFO #1–#19's medians grow by about 2.3 a square; 3 errs towards
/// asking for `--force` on the hard positions of FFO #40–#79.
pub const OTHELLO_TABLE_BRANCHING: f64 = 3.0;

/// Othello, the searches without a table: positions one search examines at this many
/// empty squares. f2-iter examined 33,634–1,181,154 positions a position on FFO #1–#19,
/// 6 × 10⁵ at the median of those with 16.
pub const OTHELLO_ANCHOR: (u32, f64) = (16, 6.0e5);

/// Othello, the searches without a table: the growth of their positions per empty
/// square (f2-iter's medians grow by about 2.2 a square from 14 to 16).
pub const OTHELLO_BRANCHING: f64 = 2.5;

/// Othello, F0: the growth of the whole tree per empty square.
pub const OTHELLO_F0_BRANCHING: f64 = 8.0;

/// Othello: positions per second and thread the estimate assumes, about twice the 6–8 M
/// that MTD(f) reached on FFO #1–#19 on the 2-vCPU VM.
pub const OTHELLO_POSITIONS_PER_SECOND: f64 = 1.5e7;

/// The most seconds f2-iter may be estimated at on a tree with a published score before
/// the score alone checks that tree's searches and f2-iter does not run
/// ([`checked_by_score_alone`]). On Connect Four that is a position with about 30 moves
/// left: f2-iter, which has no table, took about 11 s a position at 10-14 stones, where
/// MTD(f) took 0.1 s.
pub const AFFORDABLE_CHECK_SECONDS: f64 = 1.0;

/// Whether `tree`'s searches are held to its published score alone, without the serial
/// reference f2-iter: the tree has a published score, none of `asked` is f2-iter, and
/// f2-iter is estimated at more than [`AFFORDABLE_CHECK_SECONDS`]. Where f2-iter runs,
/// the score is still what every search is held to.
pub fn checked_by_score_alone(tree: &TreeSpec, asked: &[Algorithm]) -> bool {
    let f2_iter = Algorithm::Serial(SerialAlgorithm::F2Iter);
    let TreeSource::Model(model) = &tree.source else {
        return false;
    };
    model.score.is_some()
        && !asked.contains(&f2_iter)
        && estimate_positions(model, f2_iter) / positions_per_second(model, f2_iter)
            > AFFORDABLE_CHECK_SECONDS
}

/// Positions per second and thread the estimate assumes for `algo` on `model`.
fn positions_per_second(model: &ModelSpec, algo: Algorithm) -> f64 {
    match model.model {
        Model::Connect4 if crate::searches::is_table_search(&algo) => {
            CONNECT4_TABLE_POSITIONS_PER_SECOND
        }
        Model::Connect4 => CONNECT4_POSITIONS_PER_SECOND,
        Model::Othello => OTHELLO_POSITIONS_PER_SECOND,
        _ => ASSUMED_POSITIONS_PER_SECOND,
    }
}

/// Estimated wall time past which a command asks for `--force`: ten minutes.
pub const LONG_RUN_SECONDS: f64 = 600.0;

/// Positions `algo` is expected to examine in one search of a tree of `model` (see the
/// module's notes); may be far beyond `u64` (it is a float).
pub fn estimate_positions(model: &ModelSpec, algo: Algorithm) -> f64 {
    if model.model == Model::Othello {
        let empties = othello_empties(model);
        let ((e0, anchor), b) = if crate::searches::is_table_search(&algo) {
            (OTHELLO_TABLE_ANCHOR, OTHELLO_TABLE_BRANCHING)
        } else if algo == Algorithm::Serial(SerialAlgorithm::F0) {
            ((0, 1.0), OTHELLO_F0_BRANCHING)
        } else {
            (OTHELLO_ANCHOR, OTHELLO_BRANCHING)
        };
        return (anchor * b.powf(f64::from(empties) - f64::from(e0))).max(1.0);
    }
    if model.model == Model::Connect4 {
        let played = model.position.as_deref().map_or(0, str::len);
        let left = abbench_tree::models::connect4::board::CELLS.saturating_sub(played as u32);
        if crate::searches::is_table_search(&algo) {
            let (anchor_left, anchor_positions) = CONNECT4_TABLE_ANCHOR;
            let from_anchor = f64::from(left) - f64::from(anchor_left);
            let positions = anchor_positions * CONNECT4_TABLE_BRANCHING.powf(from_anchor);
            // A weak solve cuts at the first win: the same bound errs towards running.
            return positions.max(1.0);
        }
        let b = if algo == Algorithm::Serial(SerialAlgorithm::F0) {
            CONNECT4_F0_BRANCHING
        } else {
            CONNECT4_BRANCHING
        };
        return (0..=left).map(|l| b.powi(l as i32)).sum();
    }
    let d = if model.is_uniform() {
        f64::from(model.degree)
    } else {
        let mean = (f64::from(model.degree_min()) + f64::from(model.degree_max())) / 2.0;
        mean * (1.0 - model.terminal_prob)
    };
    let levels = 0..=model.height;
    let examines_everything =
        algo == Algorithm::Serial(SerialAlgorithm::F0) || model.model == Model::Worst;
    if examines_everything {
        levels.map(|l| d.powi(l as i32)).sum()
    } else if model.model == Model::Random {
        levels.map(|l| d.powf(0.75 * f64::from(l))).sum()
    } else {
        levels
            .map(|l| {
                let (up, down) = (l.div_ceil(2) as i32, (l / 2) as i32);
                d.powi(up) + d.powi(down) - 1.0
            })
            .sum()
    }
}

/// The estimated wall time of a command's searches, and its largest single search.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WorkEstimate {
    /// Seconds, all searches together.
    pub seconds: f64,
    /// The search that takes longest: its description and its positions.
    pub largest: Option<(String, f64)>,
    /// The hardware threads a parallel search can use.
    pub hardware_threads: usize,
    /// The largest search's positions per second and thread and, on Connect Four, the
    /// growth of its positions per move left.
    largest_rate: (f64, f64),
}

/// The empty squares of an `othello` position (0 if it does not parse).
fn othello_empties(model: &ModelSpec) -> u32 {
    let text = model.position.as_deref().unwrap_or_default();
    abbench_tree::models::othello::position::parse_position(text)
        .map_or(0, |(position, _)| position.empties())
}

/// The growth per move left (per empty square on Othello) of the positions `algo`
/// examines on a game.
fn game_growth(model: Model, algo: Algorithm) -> f64 {
    let table = crate::searches::is_table_search(&algo);
    let f0 = algo == Algorithm::Serial(SerialAlgorithm::F0);
    if model == Model::Othello {
        return if table {
            OTHELLO_TABLE_BRANCHING
        } else if f0 {
            OTHELLO_F0_BRANCHING
        } else {
            OTHELLO_BRANCHING
        };
    }
    if table {
        CONNECT4_TABLE_BRANCHING
    } else if algo == Algorithm::Serial(SerialAlgorithm::F0) {
        CONNECT4_F0_BRANCHING
    } else {
        CONNECT4_BRANCHING
    }
}

impl WorkEstimate {
    /// An empty estimate for a machine of `hardware_threads`.
    pub fn new(hardware_threads: usize) -> Self {
        WorkEstimate {
            hardware_threads: hardware_threads.max(1),
            ..WorkEstimate::default()
        }
    }

    /// Adds `runs` searches of `tree` by `algo` at `threads`, each bounded by `limit`.
    pub fn add(
        &mut self,
        tree: &TreeSpec,
        algo: Algorithm,
        threads: usize,
        runs: u64,
        limit: Option<Duration>,
    ) {
        let TreeSource::Model(model) = &tree.source else {
            return;
        };
        let positions = estimate_positions(model, algo);
        let per_thread = positions_per_second(model, algo);
        let speed = per_thread
            * if algo.is_parallel() {
                threads.clamp(1, self.hardware_threads) as f64
            } else {
                1.0
            };
        let mut one = positions / speed;
        if let Some(limit) = limit {
            one = one.min(limit.as_secs_f64());
        }
        self.seconds += one * runs as f64;
        if self.largest.as_ref().is_none_or(|(_, p)| positions > *p) {
            let mut label = abbench_results::TreeInfo::of(tree).label();
            label.push_str(&format!(" with {algo}"));
            self.largest = Some((label, positions));
            self.largest_rate = (per_thread, game_growth(model.model, algo));
        }
    }

    /// An error asking for `--force` when the estimate exceeds [`LONG_RUN_SECONDS`];
    /// `what` names the work, e.g. `this run`.
    pub fn check(&self, what: &str) -> Result<(), MeasureError> {
        if self.seconds <= LONG_RUN_SECONDS {
            return Ok(());
        }
        let basis = match &self.largest {
            Some((label, positions)) if label.starts_with("connect4") => format!(
                "estimated from the positions: its largest search, {label}, examines about \
                 {positions:.1e} positions, at most {:.1e} per second and thread; each move \
                 played (--position MOVES) divides it by about {}",
                self.largest_rate.0, self.largest_rate.1
            ),
            Some((label, positions)) if label.starts_with("othello") => format!(
                "estimated from the positions: its largest search, {label}, examines about \
                 {positions:.1e} positions, at most {:.1e} per second and thread; each empty \
                 square fewer divides it by about {}",
                self.largest_rate.0, self.largest_rate.1
            ),
            Some((label, positions)) => format!(
                "estimated from the trees' models: its largest search, {label}, examines \
                 about {positions:.1e} positions, at most {ASSUMED_POSITIONS_PER_SECOND:.0e} \
                 per second and thread"
            ),
            None => "estimated from the trees' models".into(),
        };
        Err(MeasureError::TooLong {
            what: what.to_string(),
            seconds: self.seconds,
            basis,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abbench_parallel::ParallelAlgorithm;
    use abbench_tree::Layout;

    fn algo(name: &str) -> Algorithm {
        name.parse().unwrap()
    }

    #[test]
    fn f0_examines_the_whole_tree_and_best_case_is_corollary_1() {
        let spec = ModelSpec::new(Model::Ordered, 3, 4, 1);
        assert_eq!(estimate_positions(&spec, algo("f0")), 121.0);
        // Corollary 1 per level for d=3: 1, 3, 5, 11, 17.
        assert_eq!(estimate_positions(&spec, algo("f2")), 37.0);
        let worst = ModelSpec::new(Model::Worst, 3, 4, 1);
        assert_eq!(estimate_positions(&worst, algo("ybwc")), 121.0);
        let random = ModelSpec::new(Model::Random, 16, 4, 1);
        let typical = estimate_positions(&random, algo("f2-iter"));
        assert!((typical - (1.0 + 8.0 + 64.0 + 512.0 + 4096.0)).abs() < 1e-6);
    }

    #[test]
    fn connect4_from_the_empty_board_asks_for_force_and_a_late_position_does_not() {
        let empty = TreeSpec::model(ModelSpec::connect4("", None, 1), Layout::Implicit);
        let mut estimate = WorkEstimate::new(2);
        estimate.add(&empty, algo("f2-iter"), 1, 1, None);
        let message = estimate.check("this run").unwrap_err().to_string();
        assert!(message.contains("--force"), "{message}");
        assert!(message.contains("--position MOVES"), "{message}");
        // 34 moves played, 8 left: a few hundred positions.
        let late = ModelSpec::connect4("1773137111772153742654552465335644", Some(4), 1);
        assert!(estimate_positions(&late, algo("f2-iter")) < 1000.0);
        let mut quick = WorkEstimate::new(2);
        quick.add(
            &TreeSpec::model(late, Layout::Implicit),
            algo("mtdf"),
            1,
            1000,
            None,
        );
        assert!(quick.check("this run").is_ok());
    }

    #[test]
    fn connect4_table_searches_grow_as_mtdf_measured_and_the_empty_board_asks_for_force() {
        let at = |moves: &str| ModelSpec::connect4(moves, None, 1);
        // The anchor: 4,440 positions at 22 moves left (20 played).
        let mid = at("44444455555533333366");
        assert!((estimate_positions(&mid, algo("mtdf")) - 4440.0).abs() < 1e-6);
        let abdada = algo("abdada");
        assert_eq!(estimate_positions(&mid, abdada), 4440.0);
        // Each move played halves it; f2-iter's grows as 1.8 a move.
        let one_more = at("444444555555333333662");
        assert!((estimate_positions(&one_more, algo("mtdf")) - 2220.0).abs() < 1e-6);
        // The empty board: 4,440 × 2^20 positions, about 290 s at 1.6e7 a second; `run
        // --repeat 1` (a warm-up, a timed run and a counting run) asks for --force.
        let empty = TreeSpec::model(at(""), Layout::Implicit);
        let mut estimate = WorkEstimate::new(2);
        estimate.add(&empty, algo("mtdf"), 1, 3, None);
        let message = estimate.check("this run").unwrap_err().to_string();
        assert!(message.contains("with mtdf"), "{message}");
        assert!(message.contains("divides it by about 2"), "{message}");
        assert!(message.contains("1.6e7 per second"), "{message}");
        // Ten moves in, it runs.
        let early = TreeSpec::model(at("4444445555"), Layout::Implicit);
        let mut quick = WorkEstimate::new(2);
        quick.add(&early, algo("mtdf"), 1, 7, None);
        assert!(quick.check("this run").is_ok(), "{:?}", quick.seconds);
    }

    #[test]
    fn long_runs_ask_for_force_and_a_limit_bounds_them() {
        let tree = TreeSpec::model(ModelSpec::new(Model::Random, 16, 12, 1), Layout::Implicit);
        let mut estimate = WorkEstimate::new(2);
        estimate.add(&tree, algo("f0"), 1, 1, None);
        let message = estimate.check("this run").unwrap_err().to_string();
        assert!(
            message.starts_with("this run would take about "),
            "{message}"
        );
        assert!(message.contains("days"), "{message}");
        assert!(message.contains("random d=16 h=12 with f0"), "{message}");
        assert!(message.contains("--force"), "{message}");

        let mut bounded = WorkEstimate::new(2);
        bounded.add(&tree, algo("f0"), 1, 3, Some(Duration::from_secs(10)));
        assert_eq!(bounded.seconds, 30.0);
        assert!(bounded.check("this run").is_ok());

        let mut parallel = WorkEstimate::new(2);
        let ybwc = Algorithm::Parallel(ParallelAlgorithm::Ybwc);
        let small = TreeSpec::model(ModelSpec::new(Model::Random, 8, 6, 1), Layout::Implicit);
        parallel.add(&small, ybwc, 16, 1, None);
        let serial = estimate_positions(&ModelSpec::new(Model::Random, 8, 6, 1), ybwc)
            / ASSUMED_POSITIONS_PER_SECOND;
        assert!((parallel.seconds - serial / 2.0).abs() < 1e-12);
        assert!(parallel.check("this run").is_ok());
    }
}
