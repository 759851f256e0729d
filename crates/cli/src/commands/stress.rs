//! `abbench verify --stress N`: parallel search under stress (style 7).
//!
//! The configurations most likely to expose a race: both parallel algorithms at 2, 3, 4,
//! 8 and 16 threads — on a two-core machine, most of them oversubscribed, so workers are
//! preempted at arbitrary points — with the smallest split height, 1, so that nearly
//! every node is a split point; on small trees of every model, several of them full of
//! ties (few distinct values or edge values), where a bound that is off by one changes
//! the answer.
//!
//! `N` is the number of parallel searches in total. They are made round by round: each
//! round takes the next seed (from `--seed` on) and searches each model's tree with
//! each algorithm at each thread count, `MODELS × 2 × 5 = 70` searches, until `N` have
//! been made (the last round may stop part-way). Every search is checked against serial
//! F2 as `abbench verify` checks it (value, and a best move whose own value it is; F0 on
//! these small trees too). The first mismatch, or a failed search, prints the summary so
//! far and the command that reproduces it, and exits 1; a race may need that command
//! run several times to show again.

use crate::failure::Failure;
use crate::progress;
use crate::shell::shell_word;
use crate::table::{Align, Table};
use crate::tree_args::TreeArgs;
use abbench_measure::{ORACLE_POSITIONS, Pools, Verdict, VerifyPlan, verify_tree};
use abbench_parallel::{ParallelAlgorithm, SearchOptions};
use abbench_results::{Algorithm, TreeInfo, available_threads};
use abbench_search::SerialOptions;
use clap::Parser;
use std::io::Write;
use std::time::{Duration, Instant};

/// The most searches `--stress` takes.
pub const MAX_STRESS: u64 = 100_000_000;

/// Thread counts tried, most of them more than a two-core machine has.
const THREADS: [usize; 5] = [2, 3, 4, 8, 16];

/// The split height: every node above the leaves' parents may split.
const SPLIT_HEIGHT: u32 = 1;

/// The trees, as `abbench verify` options: small (well under a millisecond to search
/// serially), every model, and many ties.
const MODELS: [&[&str]; 7] = [
    &[
        "--model", "random", "--degree", "4", "--height", "10", "--values", "3",
    ],
    &[
        "--model", "random", "--degree", "8", "--height", "6", "--values", "3",
    ],
    &[
        "--model",
        "ordered",
        "--degree",
        "5",
        "--height",
        "8",
        "--ordering",
        "0.5",
        "--spread",
        "1",
    ],
    &[
        "--model",
        "ordered",
        "--degree",
        "4",
        "--height",
        "9",
        "--degree-min",
        "1",
        "--degree-max",
        "6",
        "--terminal-prob",
        "0.2",
        "--ordering",
        "0.7",
        "--spread",
        "2",
    ],
    &["--model", "dependent", "--degree", "3", "--height", "11"],
    &[
        "--model",
        "branch-sum",
        "--degree",
        "4",
        "--height",
        "8",
        "--edge-range",
        "1",
    ],
    &["--model", "worst", "--degree", "3", "--height", "8"],
];

#[derive(Debug, Parser)]
struct ModelOptions {
    #[command(flatten)]
    tree: TreeArgs,
}

/// The tree options of model `i`, with seed `seed`.
fn model(i: usize, seed: u64) -> TreeArgs {
    let seed = seed.to_string();
    let args = std::iter::once("stress")
        .chain(MODELS[i].iter().copied())
        .chain(["--seed", &seed]);
    ModelOptions::try_parse_from(args)
        .expect("the stress models are valid options")
        .tree
}

/// Searches and mismatches of one model, or of one algorithm at one thread count.
#[derive(Clone, Default)]
struct Count {
    searches: u64,
    mismatches: u64,
    timed_out: u64,
}

/// Runs `searches` stress searches from `first_seed` on; each parallel search is bounded
/// by `time_limit` if given.
pub fn run(
    searches: u64,
    first_seed: u64,
    time_limit: Option<Duration>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let started = Instant::now();
    let per_round = (MODELS.len() * ParallelAlgorithm::ALL.len() * THREADS.len()) as u64;
    let rounds = searches.div_ceil(per_round);
    if first_seed.checked_add(rounds - 1).is_none() {
        return Err(Failure::bad_input(format!(
            "invalid seed {first_seed}: --stress {searches} takes {rounds} seeds from it, and \
             seed + {} must fit in 64 bits",
            rounds - 1
        )));
    }
    let options = SearchOptions {
        split_height: Some(SPLIT_HEIGHT),
        eldest_grain: None,
        // Both sides of the rule: pv and all nodes share after the eldest, expected cut
        // nodes after the default wait.
        cut_wait: Some(abbench_parallel::CUT_WAIT_BROTHERS),
        time_limit,
    };
    let mut pools = Pools::default();
    let mut by_model = vec![Count::default(); MODELS.len()];
    let mut by_config: Vec<((ParallelAlgorithm, usize), Count)> = ParallelAlgorithm::ALL
        .iter()
        .flat_map(|&a| THREADS.iter().map(move |&t| ((a, t), Count::default())))
        .collect();
    let mut trees = 0u64;
    let mut done = 0u64;
    let bar = progress::bar(searches, "stress");
    'rounds: for round in 0..rounds {
        for (m, model_count) in by_model.iter_mut().enumerate() {
            let tree = model(m, first_seed + round);
            let spec = tree.spec()?;
            trees += 1;
            for algorithm in ParallelAlgorithm::ALL {
                let left = (searches - done) as usize;
                if left == 0 {
                    break 'rounds;
                }
                let threads = &THREADS[..THREADS.len().min(left)];
                let algos = [Algorithm::Parallel(algorithm)];
                let plan = VerifyPlan {
                    algos: &algos,
                    threads,
                    options,
                    oracle_positions: ORACLE_POSITIONS,
                    serial: SerialOptions::default(),
                };
                let verdict = verify_tree(&spec, &plan, &mut pools, tree.memory_budget())?;
                let mismatches = verdict.mismatches();
                for check in &verdict.searches {
                    let wrong = mismatches.iter().any(|m| m.threads == check.threads);
                    let timed_out = check.verdict == Verdict::TimedOut;
                    for count in [
                        &mut *model_count,
                        &mut by_config
                            .iter_mut()
                            .find(|(k, _)| *k == (algorithm, check.threads))
                            .expect("every configuration has a count")
                            .1,
                    ] {
                        count.searches += 1;
                        count.mismatches += u64::from(wrong);
                        count.timed_out += u64::from(timed_out);
                    }
                }
                done += verdict.searches.len() as u64;
                bar.set_position(done);
                if let Some(first) = mismatches.first() {
                    bar.finish_and_clear();
                    let mut words = vec!["abbench".to_string(), "verify".to_string()];
                    words.extend(tree.command_line(first_seed + round));
                    words.extend([
                        "--algo".into(),
                        first.algo.to_string(),
                        "--threads".into(),
                        first.threads.to_string(),
                        "--split-height".into(),
                        SPLIT_HEIGHT.to_string(),
                    ]);
                    let command: Vec<String> = words.iter().map(|w| shell_word(w)).collect();
                    let command = command.join(" ");
                    let summary = Summary {
                        searches: done,
                        trees,
                        elapsed: started.elapsed(),
                        by_model: &by_model,
                        by_config: &by_config,
                    };
                    let mut print = || -> std::io::Result<()> {
                        summary.write(out)?;
                        writeln!(out)?;
                        for m in &mismatches {
                            writeln!(out, "MISMATCH on {spec}: {}", m.message)?;
                        }
                        writeln!(out, "  reproduce (a race may need several runs): {command}")?;
                        out.flush()
                    };
                    print().map_err(Failure::stdout)?;
                    return Err(Failure::failed(format!(
                        "MISMATCH on {spec}: {}; reproduce with: {command}",
                        first.message
                    )));
                }
            }
        }
    }
    bar.finish_and_clear();
    let summary = Summary {
        searches: done,
        trees,
        elapsed: started.elapsed(),
        by_model: &by_model,
        by_config: &by_config,
    };
    summary.write(out).map_err(Failure::stdout)?;
    out.flush().map_err(Failure::stdout)?;
    let timed_out: u64 = by_model.iter().map(|c| c.timed_out).sum();
    if timed_out > 0 {
        return Err(Failure::failed(format!(
            "{timed_out} stress searches reached the time limit and gave no answer to check; \
             none of the others disagreed with serial F2"
        )));
    }
    Ok(())
}

/// What a stress run checked.
struct Summary<'a> {
    searches: u64,
    trees: u64,
    elapsed: Duration,
    by_model: &'a [Count],
    by_config: &'a [((ParallelAlgorithm, usize), Count)],
}

impl Summary<'_> {
    fn write(&self, out: &mut impl Write) -> std::io::Result<()> {
        let mismatches: u64 = self.by_model.iter().map(|c| c.mismatches).sum();
        let timed_out: u64 = self.by_model.iter().map(|c| c.timed_out).sum();
        let threads: Vec<String> = THREADS.iter().map(usize::to_string).collect();
        writeln!(
            out,
            "stress: root-split and ybwc at {} threads (this machine has {}), split height \
             {SPLIT_HEIGHT}, every search checked against serial F2",
            threads.join(", "),
            available_threads()
        )?;
        writeln!(out, "searches    {}", self.searches)?;
        writeln!(out, "mismatches  {mismatches}")?;
        if timed_out > 0 {
            writeln!(out, "timed out   {timed_out} (no answer: not checked)")?;
        }
        writeln!(out, "trees       {}", self.trees)?;
        writeln!(out, "elapsed     {:.1} s", self.elapsed.as_secs_f64())?;
        writeln!(out)?;
        let mut models = Table::new(&[
            ("tree", Align::Left),
            ("searches", Align::Right),
            ("mismatches", Align::Right),
        ]);
        for (i, count) in self.by_model.iter().enumerate() {
            let label = model(i, 1).spec().map_or_else(
                |_| MODELS[i].join(" "),
                |s| TreeInfo::of(&s).workload().label(),
            );
            models.push(vec![
                label,
                count.searches.to_string(),
                count.mismatches.to_string(),
            ]);
        }
        models.write(out)?;
        writeln!(out)?;
        let mut configs = Table::new(&[
            ("algo", Align::Left),
            ("threads", Align::Right),
            ("searches", Align::Right),
            ("mismatches", Align::Right),
        ]);
        for ((algo, threads), count) in self.by_config {
            configs.push(vec![
                algo.to_string(),
                threads.to_string(),
                count.searches.to_string(),
                count.mismatches.to_string(),
            ]);
        }
        configs.write(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_model_is_valid_and_small() {
        for i in 0..MODELS.len() {
            let spec = model(i, 1).spec().unwrap();
            let abbench_tree::TreeSource::Model(m) = &spec.source else {
                panic!("a model");
            };
            let positions = abbench_measure::estimate_positions(m, "f0".parse().unwrap());
            assert!(positions < 2e6, "{spec}: {positions}");
        }
    }

    #[test]
    fn a_few_searches_agree() {
        let mut out = Vec::new();
        run(75, 1, None, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("searches    75\n"), "{text}");
        assert!(text.contains("mismatches  0\n"), "{text}");
        // One round of 70, then the first five of the next.
        assert!(text.contains("trees       8\n"), "{text}");
    }
}
