//! `abbench verify`: search seeded trees once with every named algorithm and thread
//! count and compare each answer with serial F2 (design: "Algorithms"; style 7).
//!
//! The checks themselves are abbench-measure's ([`abbench_measure::verify_tree`]). This file walks the seeds, counts
//! searches and mismatches per algorithm and thread count, and prints a summary. The
//! first tree with a mismatch ends the run (exit 1) with, for each of its mismatches, the
//! command line that reproduces it: this subcommand on that one seed with that algorithm
//! and thread count. A search that fails (a worker thread panicked) counts as a
//! mismatch. A search that reaches `--time-limit` is neither: it is counted, the run
//! goes on, and ends with exit 1 saying how many gave no answer.
//!
//! `--stress N` runs a fixed set of racy configurations instead (see `stress.rs`).
//! `--shard K/N` checks only part K of the trees (of `--stress`'s rounds of seeds).

use super::stress::{self, MAX_STRESS};
use super::verify_line::{MismatchDetail, VerificationLine, VerificationRow};
use crate::failure::Failure;
use crate::progress;
use crate::search_args::SearchArgs;
use crate::shell::shell_word;
use crate::table::{Align, Table};
use crate::tree_args::TreeArgs;
use abbench_measure::{
    Mismatch, ORACLE_POSITIONS, Pools, TreeCheck, TreeVerdict, Verdict, VerifyPlan, verify_tree,
};
use abbench_results::{Algorithm, available_threads};
use abbench_tree::Value;
use abbench_tree::{TreeSource, TreeSpec};
use clap::Args;
use clap::builder::ArgPredicate;
use std::collections::HashMap;
use std::io::Write;

/// Every algorithm, comma-separated: what `verify` checks by default.
static EVERY_ALGORITHM: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    abbench_results::Algorithm::ALL
        .map(abbench_results::Algorithm::name)
        .join(",")
});

/// The published moves (move number and score) of each position of a positions file,
/// by its line.
type PublishedMoves = HashMap<u64, Vec<(usize, Value)>>;

/// `--threads` of `verify` when not given.
const DEFAULT_THREADS: [usize; 3] = [1, 2, 3];
/// [`DEFAULT_THREADS`] as the option's default value.
const DEFAULT_THREADS_TEXT: &str = "1,2,3";

/// Options of `abbench verify`.
#[derive(Debug, Args)]
#[command(
    mut_arg("algo", |arg| arg.default_value(EVERY_ALGORITHM.as_str())),
    mut_arg("threads", |arg| arg.default_value(DEFAULT_THREADS_TEXT)),
    mut_arg("trees", |arg| arg
        .default_value("20")
        .default_value_if("tree_file", ArgPredicate::IsPresent, "1")
        .default_value_if("model", "connect4", "1")
        .default_value_if("model", "othello", "1")),
)]
pub struct VerifyCommand {
    /// The trees.
    #[command(flatten)]
    pub tree: TreeArgs,

    /// The algorithms and thread counts to check.
    #[command(flatten)]
    pub search: SearchArgs,

    // Racy configurations instead of the trees; the help names them (`help.rs`).
    #[arg(
        long,
        help = crate::help::stress(),
        value_name = "N",
        allow_negative_numbers = true,
        value_parser = parse_stress,
        conflicts_with_all = stress_conflicts()
    )]
    pub stress: Option<u64>,

    /// Print the summary as one JSON object instead of a table (same exit codes).
    #[arg(long, conflicts_with = "stress")]
    pub json: bool,

    /// Check only part K of N of the trees (K counted from 1; with --stress, of its
    /// rounds of seeds): parts of about equal estimated work, the same on every machine.
    #[arg(long, value_name = "K/N", value_parser = crate::shard_arg::parse_shard)]
    pub shard: Option<abbench_results::Shard>,

    /// Also search every root move that an Othello positions file scores (--positions
    /// FILE.obf) to its exact value, by MTD(f), and hold it to its published score.
    #[arg(long, conflicts_with = "stress")]
    pub root_moves: bool,
}

/// Searches and mismatches of one algorithm at one thread count.
struct Tally {
    algo: Algorithm,
    threads: usize,
    searches: u64,
    mismatches: u64,
    timed_out: u64,
}

/// What the whole run checked.
#[derive(Default)]
struct Summary {
    /// The part checked (`--shard`), if only one.
    shard: Option<abbench_results::Shard>,
    trees: u64,
    oracle_trees: u64,
    /// Trees with a published value (a positions file's scores).
    published_trees: u64,
    /// Positions of a game (Connect Four), whose full tree bounds the game's.
    games: u64,
    /// Of which Othello positions.
    othello: u64,
    /// Root moves searched to their exact value (`--root-moves`).
    root_moves: u64,
    /// Of those, the ones whose value is not their published score.
    wrong_root_moves: u64,
    tallies: Vec<Tally>,
}

impl Summary {
    /// Counts one tree's checks; returns its mismatches.
    fn count(&mut self, spec: &TreeSpec, verdict: &TreeVerdict) -> Vec<Mismatch> {
        self.trees += 1;
        self.oracle_trees += u64::from(verdict.oracle.is_some());
        self.published_trees += u64::from(verdict.published.is_some());
        self.games += u64::from(is_game(spec));
        self.othello += u64::from(
            matches!(&spec.source, TreeSource::Model(m) if m.model == abbench_tree::Model::Othello),
        );
        let mismatches = verdict.mismatches();
        for check in &verdict.searches {
            let wrong = mismatches
                .iter()
                .any(|m| m.algo == check.algo && m.threads == check.threads);
            let tally = self.tally(check.algo, check.threads);
            tally.searches += 1;
            tally.mismatches += u64::from(wrong);
            tally.timed_out += u64::from(check.verdict == Verdict::TimedOut);
        }
        mismatches
    }

    fn tally(&mut self, algo: Algorithm, threads: usize) -> &mut Tally {
        let i = match self
            .tallies
            .iter()
            .position(|t| t.algo == algo && t.threads == threads)
        {
            Some(i) => i,
            None => {
                self.tallies.push(Tally {
                    algo,
                    threads,
                    searches: 0,
                    mismatches: 0,
                    timed_out: 0,
                });
                self.tallies.len() - 1
            }
        };
        &mut self.tallies[i]
    }

    /// The summary as one JSON object: `schema`, `kind` (`verification`), the totals,
    /// one row per algorithm and thread count, and each mismatch with the command that
    /// reproduces it.
    fn to_json(&self, mismatches: &[(String, &Mismatch, String)]) -> serde_json::Value {
        serde_json::to_value(self.line(mismatches)).expect("a verification serialises")
    }

    /// The summary as [`VerificationLine`].
    fn line<'a>(&self, mismatches: &'a [(String, &Mismatch, String)]) -> VerificationLine<'a> {
        let total = |f: fn(&Tally) -> u64| self.tallies.iter().map(f).sum::<u64>();
        let row = |t: &Tally| VerificationRow {
            algo: t.algo,
            threads: t.threads,
            searches: t.searches,
            mismatches: t.mismatches,
            timed_out: t.timed_out,
        };
        let detail = |(tree, m, reproduce): &'a (String, &Mismatch, String)| MismatchDetail {
            tree,
            algo: m.algo,
            threads: m.threads,
            message: &m.message,
            reproduce,
        };
        VerificationLine {
            schema: abbench_results::SCHEMA,
            kind: "verification",
            shard: self.shard.map(|s| s.to_string()),
            trees: self.trees,
            oracle_trees: self.oracle_trees,
            published_trees: self.published_trees,
            searches: total(|t| t.searches),
            mismatches: total(|t| t.mismatches),
            timed_out: total(|t| t.timed_out),
            root_moves: self.root_moves,
            wrong_root_moves: self.wrong_root_moves,
            rows: self.tallies.iter().map(row).collect(),
            mismatch_details: mismatches.iter().map(detail).collect(),
        }
    }

    fn write(&self, out: &mut impl Write) -> std::io::Result<()> {
        let searches: u64 = self.tallies.iter().map(|t| t.searches).sum();
        let mismatches: u64 = self.tallies.iter().map(|t| t.mismatches).sum();
        let timed_out: u64 = self.tallies.iter().map(|t| t.timed_out).sum();
        if let Some(shard) = self.shard {
            writeln!(
                out,
                "{}",
                crate::shard_arg::shard_line(shard, self.trees, "trees")
            )?;
        }
        writeln!(out, "trees       {}", self.trees)?;
        writeln!(out, "searches    {searches}")?;
        writeln!(out, "mismatches  {mismatches}")?;
        if timed_out > 0 {
            writeln!(out, "timed out   {timed_out} (no answer: not checked)")?;
        }
        writeln!(
            out,
            "oracle      F0 on {} of {} trees (those whose full tree, degree^height, has at \
             most {ORACLE_POSITIONS} positions{})",
            self.oracle_trees,
            self.trees,
            if self.othello > 0 {
                format!(
                    ": an Othello position with at most {} empty squares",
                    othello_oracle_empties()
                )
            } else if self.games > 0 {
                format!(
                    ": a Connect Four position with at most {} moves left",
                    connect4_oracle_moves()
                )
            } else {
                String::new()
            }
        )?;
        if self.published_trees > 0 {
            writeln!(
                out,
                "published   scores on {} of {} trees, every search held to them",
                self.published_trees, self.trees
            )?;
        }
        if self.root_moves > 0 {
            writeln!(
                out,
                "root moves  {} searched by MTD(f) to their exact value, {} not their published score",
                self.root_moves, self.wrong_root_moves
            )?;
        }
        writeln!(out)?;
        let mut table = Table::new(&[
            ("algo", Align::Left),
            ("threads", Align::Right),
            ("searches", Align::Right),
            ("mismatches", Align::Right),
            ("timed out", Align::Right),
        ]);
        for t in &self.tallies {
            table.push(vec![
                t.algo.to_string(),
                t.threads.to_string(),
                t.searches.to_string(),
                t.mismatches.to_string(),
                t.timed_out.to_string(),
            ]);
        }
        table.write(out)
    }
}

impl VerifyCommand {
    /// The trees of `--shard`'s part, or all of `specs`.
    fn shard_of(&self, specs: Vec<TreeSpec>) -> Vec<TreeSpec> {
        let Some(shard) = self.shard else {
            return specs;
        };
        let (algos, threads) = (self.search.algorithms(), self.search.thread_counts());
        let weights: Vec<u64> = specs
            .iter()
            .map(|spec| abbench_measure::searches_weight(spec, algos, threads, 1))
            .collect();
        abbench_measure::shard_items(&weights, shard)
            .into_iter()
            .map(|i| specs[i].clone())
            .collect()
    }

    /// Runs the subcommand; results go to `out`.
    pub fn run(&self, out: &mut impl Write) -> Result<(), Failure> {
        self.run_checked(out, verify_tree)
    }

    /// [`VerifyCommand::run`] with each tree checked by `check` ([`verify_tree`] there):
    /// tests pass one that makes a search wrong, to see the command fail.
    fn run_checked(&self, out: &mut impl Write, mut check: impl TreeCheck) -> Result<(), Failure> {
        for note in self
            .tree
            .ignored_options()
            .into_iter()
            .chain(self.search.ignored_options())
            .chain(self.search.unread_threads_note(&DEFAULT_THREADS))
        {
            crate::progress::note(&note);
        }
        if let Some(searches) = self.stress {
            return stress::run(
                searches,
                self.tree.seed,
                self.shard,
                self.search.settings.settings.time_limit(),
                out,
                check,
            );
        }
        let specs = self.shard_of(self.tree.specs()?);
        let published_moves = self.published_moves()?;
        self.search
            .check_estimate(&specs, 1, 1, "this verification")?;
        let plan = VerifyPlan {
            algos: self.search.algorithms(),
            threads: self.search.thread_counts(),
            options: self.search.search_options(),
            oracle_positions: ORACLE_POSITIONS,
        };
        let mut pools = Pools::default();
        let mut summary = Summary {
            shard: self.shard,
            ..Summary::default()
        };
        // Every requested (algorithm, threads) gets a row, even before its first search.
        for &algo in plan.algos {
            let counts: &[usize] = if algo.is_parallel() {
                plan.threads
            } else {
                &[1]
            };
            for &threads in counts {
                summary.tally(algo, threads);
            }
        }
        let bar = progress::bar(specs.len() as u64, "verify");
        // Trees that disagreed: the first ends a run of seeded trees; every position of a
        // game is checked and each one that disagrees is named.
        let mut wrong = Vec::new();
        for spec in &specs {
            let verdict = check(spec, &plan, &mut pools, self.tree.memory_budget())?;
            let mismatches = summary.count(spec, &verdict);
            bar.inc(1);
            if !mismatches.is_empty() {
                wrong.push((spec.clone(), mismatches));
                if !is_game(spec) {
                    break;
                }
            }
            if let Some(moves) = &published_moves {
                let wrong_moves = self.check_root_moves(spec, moves, &plan, &mut summary)?;
                wrong.extend(wrong_moves.into_iter().map(|(child, m)| (child, vec![m])));
            }
        }
        bar.finish_and_clear();
        if !wrong.is_empty() {
            return Err(self.report_mismatches(out, &summary, &wrong));
        }
        let written = if self.json {
            writeln!(out, "{}", summary.to_json(&[]))
        } else {
            summary.write(out)
        }
        .and_then(|()| out.flush());
        // A reader gone early (`… | head -1`) never turns a failing verdict into success.
        Failure::after_writing(written, self.verdict(&summary))
    }

    /// With `--root-moves`, each position's published moves (move number and score) by
    /// its line in the positions file; else `None`. Bad input without an Othello
    /// positions file.
    fn published_moves(&self) -> Result<Option<PublishedMoves>, Failure> {
        if !self.root_moves {
            return Ok(None);
        }
        let path = match (&self.tree.positions, self.tree.chosen_model()) {
            (Some(path), Some(abbench_tree::Model::Othello)) => path,
            _ => {
                return Err(Failure::bad_input(
                    "--root-moves needs an Othello positions file: --model othello --positions FILE.obf",
                ));
            }
        };
        let positions = abbench_tree::models::othello::positions_file::read_positions(path)?;
        Ok(Some(
            positions
                .into_iter()
                .map(|p| {
                    let moves = p.moves.iter().map(|&(s, v)| (s as usize, v)).collect();
                    (p.line as u64, moves)
                })
                .collect(),
        ))
    }

    /// Searches each root move of `spec` that `moves` scores (by its line, the seed) to
    /// its exact value; counts them and returns, for each that is not its published
    /// score, the position after it (held to the published score, negated: what
    /// reproduces it) and the mismatch.
    fn check_root_moves(
        &self,
        spec: &TreeSpec,
        moves: &PublishedMoves,
        plan: &VerifyPlan<'_>,
        summary: &mut Summary,
    ) -> Result<Vec<(TreeSpec, Mismatch)>, Failure> {
        let TreeSource::Model(model) = &spec.source else {
            return Ok(Vec::new());
        };
        let text = model.position.as_deref().unwrap_or_default();
        let (position, _) = abbench_tree::models::othello::position::parse_position(text)
            .map_err(|e| Failure::bad_input(e.to_string()))?;
        let published = moves.get(&model.seed).map_or(&[][..], Vec::as_slice);
        let serial = plan.options.serial();
        let checked =
            abbench_measure::root_move_values(spec, published, &serial, self.tree.memory_budget())?;
        summary.root_moves += checked.len() as u64;
        let wrong: Vec<(TreeSpec, Mismatch)> = checked
            .iter()
            .filter(|m| !m.agrees())
            .map(|m| {
                let square = abbench_tree::models::othello::board::square_name(m.number as u32);
                let found = m
                    .found
                    .map_or("no such move".to_string(), |v| format!("{v:+}"));
                let after = position.after(m.number as u32).unwrap_or(position);
                let child =
                    abbench_tree::ModelSpec::othello(&after.text(), Some(-m.published), model.seed);
                let mismatch = Mismatch {
                    algo: Algorithm::Serial(abbench_search::SerialAlgorithm::Mtdf),
                    reference: false,
                    threads: 1,
                    message: format!(
                        "root move {square} of line {}: MTD(f) proved {found}, published {:+}",
                        model.seed, m.published
                    ),
                };
                (
                    TreeSpec::model(child, abbench_tree::Layout::Implicit),
                    mismatch,
                )
            })
            .collect();
        summary.wrong_root_moves += wrong.len() as u64;
        Ok(wrong)
    }

    /// The exit of a run in which no search disagreed: a failure if some gave no answer,
    /// else success, with a note if threads were oversubscribed.
    fn verdict(&self, summary: &Summary) -> Result<(), Failure> {
        let timed_out: u64 = summary.tallies.iter().map(|t| t.timed_out).sum();
        if timed_out > 0 {
            let limit = self
                .search
                .settings
                .settings
                .time_limit()
                .unwrap_or_default()
                .as_secs_f64();
            return Err(Failure::failed(format!(
                "{timed_out} searches reached the time limit of {limit} s and gave no answer \
                 to check; none of the others disagreed with serial F2"
            )));
        }
        if let Some(note) = self.search.oversubscription_note(available_threads()) {
            progress::note(&note);
        }
        Ok(())
    }

    /// Prints the summary so far and each mismatch with its reproducing command; the
    /// failure names the first.
    fn report_mismatches(
        &self,
        out: &mut impl Write,
        summary: &Summary,
        wrong: &[(TreeSpec, Vec<Mismatch>)],
    ) -> Failure {
        let each = || {
            wrong
                .iter()
                .flat_map(|(spec, mismatches)| mismatches.iter().map(move |m| (spec, m)))
        };
        let mut print = || -> std::io::Result<()> {
            if self.json {
                let details: Vec<_> = each()
                    .map(|(spec, m)| (spec.to_string(), m, self.reproduce(spec, m)))
                    .collect();
                writeln!(out, "{}", summary.to_json(&details))?;
                return out.flush();
            }
            summary.write(out)?;
            writeln!(out)?;
            for (spec, m) in each() {
                writeln!(out, "MISMATCH on {spec}: {}", m.message)?;
                writeln!(out, "  reproduce: {}", self.reproduce(spec, m))?;
            }
            out.flush()
        };
        let written = print();
        let failure = match each().next() {
            None => Failure::failed("a mismatch was reported without one".to_string()),
            Some((spec, first)) => {
                let others = match wrong.len() {
                    1 => String::new(),
                    n => format!(" ({n} trees disagree, each named above)"),
                };
                Failure::failed(format!(
                    "MISMATCH on {spec}: {}; reproduce with: {}{others}",
                    first.message,
                    self.reproduce(spec, first)
                ))
            }
        };
        // A reader gone early (`… | head -1`) never hides the mismatch: exit 1 still.
        Failure::failing_after_writing(written, failure)
    }

    /// The command that checks just this algorithm and thread count on just this tree.
    fn reproduce(&self, spec: &TreeSpec, mismatch: &Mismatch) -> String {
        let seed = match &spec.source {
            TreeSource::Model(model) => model.seed,
            TreeSource::File(_) => self.tree.seed,
        };
        // The reference runs beside every search: the first asked for shows its mismatch.
        let (algo, threads) = match self.search.algorithms().first() {
            Some(&first) if mismatch.reference => (
                first,
                self.search.thread_counts().first().copied().unwrap_or(1),
            ),
            _ => (mismatch.algo, mismatch.threads),
        };
        let threads = if algo.is_parallel() { threads } else { 1 };
        let mut words = vec!["abbench".to_string(), "verify".to_string()];
        words.extend(self.tree.command_line_of(Some(spec), seed));
        words.extend([
            "--algo".to_string(),
            algo.to_string(),
            "--threads".to_string(),
            threads.to_string(),
        ]);
        words.extend(crate::setting_args::command_words(
            &self.search.settings.settings.read_by(algo),
        ));
        words
            .iter()
            .map(|w| shell_word(w))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// What `--stress` does not combine with: the trees' options, the algorithms and thread
/// counts, and the settings only parallel searches read, which a stress campaign sets
/// itself.
fn stress_conflicts() -> Vec<&'static str> {
    let mut ids = vec![
        "model",
        "degree",
        "height",
        "trees",
        "tree_file",
        "layout",
        "memory_budget",
        "values",
        "ordering",
        "spread",
        "degree_min",
        "degree_max",
        "terminal_prob",
        "edge_range",
        "order",
        "algo",
        "threads",
    ];
    ids.extend(
        abbench_vocab::Setting::ALL
            .into_iter()
            .filter(|s| s.only_parallel())
            .map(abbench_vocab::Setting::key),
    );
    ids
}

/// The most moves left in a Connect Four position whose full tree (7 columns at every
/// move) is small enough for the oracle F0.
fn connect4_oracle_moves() -> u32 {
    (0..=abbench_tree::models::connect4::board::CELLS)
        .take_while(|&h| {
            abbench_tree::full_tree_nodes(
                u64::from(abbench_tree::models::connect4::board::WIDTH),
                h,
            )
            .is_some_and(|n| n <= ORACLE_POSITIONS)
        })
        .last()
        .unwrap_or(0)
}

/// The most empty squares of an Othello position whose tree bound (as many moves as empty
/// squares at every ply, a pass before every move) is small enough for the oracle F0.
fn othello_oracle_empties() -> u32 {
    (1..=abbench_tree::models::othello::board::SQUARES)
        .take_while(|&e| {
            abbench_tree::full_tree_nodes(u64::from(e), 2 * e)
                .is_some_and(|n| n <= ORACLE_POSITIONS)
        })
        .last()
        .unwrap_or(0)
}

/// Whether `spec` is a position of a game (checked to the end of its file).
fn is_game(spec: &TreeSpec) -> bool {
    matches!(&spec.source, TreeSource::Model(model) if model.model.is_game())
}

/// Parses `--stress`: a number of searches, 1 ..= [`MAX_STRESS`].
fn parse_stress(text: &str) -> Result<u64, String> {
    let range = format!("expected 1 ..= {MAX_STRESS}");
    match text.trim().parse::<i128>() {
        Ok(n) if (1..=i128::from(MAX_STRESS)).contains(&n) => Ok(n as u64),
        Ok(n) => Err(format!("{n} searches is out of range: {range}")),
        Err(_) => Err(format!("'{text}' is not a number of searches: {range}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abbench_results::Algorithm;
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct Parsed {
        #[command(flatten)]
        verify: VerifyCommand,
    }

    /// `verify_tree` on a tree that is wrong on the pools' worker threads (every leaf one
    /// more): each parallel search answers wrongly, the serial ones do not.
    fn wrong_on_workers(
        spec: &TreeSpec,
        plan: &VerifyPlan<'_>,
        pools: &mut Pools,
        memory_budget: u64,
    ) -> Result<abbench_measure::TreeVerdict, abbench_measure::MeasureError> {
        abbench_measure::ensure_pools(plan, pools)?;
        let check = abbench_measure::VerifySearches::new(plan, pools, memory_budget);
        let wrong = abbench_testkit::VisitWrong::new(check, "abbench-worker");
        spec.visit(memory_budget, wrong)?
    }

    /// Runs `abbench verify ARGS` with the parallel searches answering wrongly: the
    /// failure's exit code and message, and what was printed.
    fn run_wrong(args: &[&str]) -> (u8, String, String) {
        let parsed =
            Parsed::try_parse_from(std::iter::once("verify").chain(args.iter().copied())).unwrap();
        let mut out = Vec::new();
        let failure = parsed
            .verify
            .run_checked(&mut out, wrong_on_workers)
            .expect_err("a wrong answer fails the run");
        let (code, message) = failure.parts();
        let message = message.expect("the failure says why").to_string();
        (code, message, String::from_utf8(out).unwrap())
    }

    #[test]
    fn a_wrong_answer_exits_1_naming_the_search_and_how_to_reproduce_it() {
        let (code, message, out) = run_wrong(&[
            "--model",
            "random",
            "--degree",
            "3",
            "--height",
            "4",
            "--seed",
            "5",
            "--trees",
            "3",
            "--algo",
            "f2,ybwc",
            "--threads",
            "2",
        ]);
        assert_eq!(code, crate::failure::EXIT_FAILED);
        let reproduce = "abbench verify --model random --degree 3 --height 4 --seed 5 \
                         --trees 1 --algo ybwc --threads 2";
        assert!(
            message.starts_with("MISMATCH on ")
                && message.contains(": ybwc at 2 threads found value "),
            "{message}"
        );
        assert!(
            message.ends_with(&format!("reproduce with: {reproduce}")),
            "{message}"
        );
        assert!(
            out.contains(&format!("  reproduce: {reproduce}\n")),
            "{out}"
        );
        // The first tree stopped the run: one search of each algorithm, one mismatch.
        assert!(
            out.contains("trees       1\nsearches    2\nmismatches  1\n"),
            "{out}"
        );
    }

    #[test]
    fn a_wrong_answer_under_stress_exits_1_naming_the_search_and_how_to_reproduce_it() {
        let (code, message, out) = run_wrong(&["--stress", "70"]);
        assert_eq!(code, crate::failure::EXIT_FAILED);
        let first = abbench_parallel::ParallelAlgorithm::ALL[0];
        let who = format!(": {first} at 2 threads found value ");
        assert!(
            message.starts_with("MISMATCH on ") && message.contains(&who),
            "{message}"
        );
        // The round's settings that the algorithm reads (root splitting reads none).
        let settings = crate::setting_args::command_words(
            &abbench_search::Settings {
                split_height: Some(1),
                cut_wait: Some(abbench_parallel::CUT_WAIT_BROTHERS),
                ..abbench_search::Settings::default()
            }
            .read_by(abbench_results::Algorithm::Parallel(first)),
        );
        let reproduce = format!(
            "  reproduce (a race may need several runs): abbench verify --model random \
             --degree 4 --height 10 --values 3 --seed 1 --trees 1 --algo {first} --threads \
             2{}\n",
            settings.iter().map(|w| format!(" {w}")).collect::<String>()
        );
        assert!(out.contains(&reproduce), "{out}");
        assert!(out.contains("searches    5\nmismatches  5\n"), "{out}");
    }

    #[test]
    fn a_mismatch_is_reproduced_on_its_own_seed() {
        let parsed = Parsed::try_parse_from([
            "verify",
            "--model",
            "ordered",
            "--ordering",
            "0.5",
            "--degree",
            "3",
            "--height",
            "4",
            "--seed",
            "10",
            "--trees",
            "5",
            "--split-height",
            "2",
        ])
        .unwrap();
        let command = parsed.verify;
        assert_eq!(command.tree.trees, 5);
        assert_eq!(command.search.algorithms(), Algorithm::ALL);
        assert_eq!(command.search.thread_counts(), [1, 2, 3]);
        let spec = command.tree.specs().unwrap()[2].clone();
        let mismatch = Mismatch {
            algo: "ybwc".parse().unwrap(),
            threads: 3,
            reference: false,
            message: String::new(),
        };
        assert_eq!(
            command.reproduce(&spec, &mismatch),
            "abbench verify --model ordered --degree 3 --height 4 --ordering 0.5 \
             --seed 12 --trees 1 --algo ybwc --threads 3 --split-height 2"
        );
    }
}
