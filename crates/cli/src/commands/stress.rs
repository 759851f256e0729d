//! `abbench verify --stress N`: parallel search under stress (style 7). The campaign is
//! `abbench_measure::stress` (which trees, thread counts and split height, and why);
//! this file draws its progress, prints what it checked and, at the first mismatch, the
//! command that reproduces it, and exits 1 (a race may need that command run several
//! times to show again).

use crate::failure::Failure;
use crate::progress;
use crate::shell::shell_word;
use crate::table::{Align, Table};
use crate::tree_args::model_command_line;
use abbench_measure::{
    STRESS_SPLIT_HEIGHT, STRESS_THREADS, StressMismatch, StressOutcome, TreeCheck, stress_checked,
    stress_models,
};
use abbench_parallel::ParallelAlgorithm;
use abbench_results::{TreeInfo, available_threads};
use abbench_tree::{Layout, TreeSpec};
use std::io::Write;
use std::time::Duration;

/// The most searches `--stress` takes.
pub const MAX_STRESS: u64 = 100_000_000;

/// Runs `searches` stress searches from `first_seed` on (only part `shard` of their
/// rounds, if given); each parallel search is bounded by `time_limit` if given, each tree
/// checked by `check` (`verify_tree`, but in tests).
pub fn run(
    searches: u64,
    first_seed: u64,
    shard: Option<abbench_results::Shard>,
    time_limit: Option<Duration>,
    out: &mut impl Write,
    check: impl TreeCheck,
) -> Result<(), Failure> {
    let bar = progress::bar(searches, "stress");
    let outcome = stress_checked(
        searches,
        first_seed,
        shard,
        time_limit,
        |done| bar.set_position(done),
        check,
    )?;
    bar.finish_and_clear();
    let mut written = (|| {
        if let Some(shard) = shard {
            let line = crate::shard_arg::shard_line(shard, outcome.searches, "searches");
            writeln!(out, "{line}")?;
        }
        write_summary(out, &outcome)
    })();
    if let Some(mismatch) = &outcome.mismatch {
        let spec = TreeSpec::model(mismatch.model.clone(), Layout::Implicit);
        let command = reproduce(mismatch);
        let mut print = || -> std::io::Result<()> {
            writeln!(out)?;
            for message in &mismatch.messages {
                writeln!(out, "MISMATCH on {spec}: {message}")?;
            }
            writeln!(out, "  reproduce (a race may need several runs): {command}")?;
            out.flush()
        };
        written = written.and_then(|()| print());
        // A reader gone early (`… | head -1`) never hides the mismatch: exit 1 still.
        return Err(Failure::failing_after_writing(
            written,
            Failure::failed(format!(
                "MISMATCH on {spec}: {}; reproduce with: {command}",
                mismatch.messages.first().map_or("", String::as_str)
            )),
        ));
    }
    Failure::after_writing(
        written.and_then(|()| out.flush()),
        timed_out_verdict(&outcome),
    )
}

/// The exit of a stress run with no mismatch: a failure if searches gave no answer.
fn timed_out_verdict(outcome: &StressOutcome) -> Result<(), Failure> {
    let timed_out = outcome.timed_out();
    if timed_out > 0 {
        return Err(Failure::failed(format!(
            "{timed_out} stress searches reached the time limit and gave no answer to check; \
             none of the others disagreed with serial F2"
        )));
    }
    Ok(())
}

/// `abbench verify` on the tree, algorithm and thread count that disagreed.
fn reproduce(mismatch: &StressMismatch) -> String {
    let mut words = vec!["abbench".to_string(), "verify".to_string()];
    words.extend(model_command_line(&mismatch.model));
    words.extend([
        "--algo".into(),
        mismatch.algo.to_string(),
        "--threads".into(),
        mismatch.threads.to_string(),
    ]);
    words.extend(crate::setting_args::command_words(&mismatch.settings));
    let words: Vec<String> = words.iter().map(|w| shell_word(w)).collect();
    words.join(" ")
}

/// What a stress run checked: the totals, then a table per model and one per
/// (algorithm, threads).
fn write_summary(out: &mut impl Write, outcome: &StressOutcome) -> std::io::Result<()> {
    let timed_out = outcome.timed_out();
    // What ran: a short run reaches only the first configurations.
    let ran = |algo: ParallelAlgorithm, threads: usize| {
        outcome
            .by_config
            .iter()
            .any(|(config, count)| *config == (algo, threads) && count.searches > 0)
    };
    let threads: Vec<String> = STRESS_THREADS
        .iter()
        .filter(|&&t| ParallelAlgorithm::ALL.iter().any(|&a| ran(a, t)))
        .map(usize::to_string)
        .collect();
    let algorithms: Vec<&str> = ParallelAlgorithm::ALL
        .iter()
        .filter(|&&a| STRESS_THREADS.iter().any(|&t| ran(a, t)))
        .map(|a| a.name())
        .collect();
    writeln!(
        out,
        "stress: {} at {} threads (this machine has {}), split height \
         {STRESS_SPLIT_HEIGHT}, every search checked against serial F2",
        algorithms.join(", "),
        threads.join(", "),
        available_threads()
    )?;
    writeln!(out, "searches    {}", outcome.searches)?;
    writeln!(out, "mismatches  {}", outcome.mismatches())?;
    if timed_out > 0 {
        writeln!(out, "timed out   {timed_out} (no answer: not checked)")?;
    }
    writeln!(out, "trees       {}", outcome.trees)?;
    writeln!(out, "elapsed     {:.1} s", outcome.elapsed.as_secs_f64())?;
    writeln!(out)?;
    let mut models = Table::new(&[
        ("tree", Align::Left),
        ("searches", Align::Right),
        ("mismatches", Align::Right),
    ]);
    for (model, count) in stress_models(1).into_iter().zip(&outcome.by_model) {
        let spec = TreeSpec::model(model, Layout::Implicit);
        models.push(vec![
            TreeInfo::of(&spec).workload().label(),
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
    for ((algo, threads), count) in &outcome.by_config {
        configs.push(vec![
            algo.to_string(),
            threads.to_string(),
            count.searches.to_string(),
            count.mismatches.to_string(),
        ]);
    }
    configs.write(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree_args::TreeArgs;
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct ModelOptions {
        #[command(flatten)]
        tree: TreeArgs,
    }

    #[test]
    fn every_stress_tree_reads_back_from_its_command_line() {
        for seed in [1, 77] {
            for model in stress_models(seed) {
                let words = model_command_line(&model);
                let parsed = ModelOptions::try_parse_from(
                    std::iter::once("abbench").chain(words.iter().map(String::as_str)),
                )
                .unwrap();
                assert_eq!(
                    parsed.tree.spec().unwrap(),
                    TreeSpec::model(model.clone(), Layout::Implicit),
                    "{words:?}"
                );
            }
        }
    }

    #[test]
    fn a_few_searches_agree() {
        let mut out = Vec::new();
        run(75, 1, None, None, &mut out, abbench_measure::verify_tree).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("searches    75\n"), "{text}");
        assert!(text.contains("mismatches  0\n"), "{text}");
        // A tree takes a search per algorithm and thread count; the trees begun are
        // the whole ones and the one that the 75th search is in.
        let per_tree =
            abbench_parallel::ParallelAlgorithm::ALL.len() * abbench_measure::STRESS_THREADS.len();
        let trees = 75usize.div_ceil(per_tree);
        assert!(text.contains(&format!("trees       {trees}\n")), "{text}");
    }
}
