//! The command line's shape: `abbench <subcommand> [options]` (design: "Command line").
//!
//! Each subcommand's options are a clap `Args` struct next to its code in `commands/`;
//! the options that name a tree are defined once, in `tree_args.rs`, and flattened into
//! every subcommand that needs a tree.

use crate::commands::ab::{AbCommand, AbWorkerCommand};
use crate::commands::algorithms::AlgorithmsCommand;
use crate::commands::bisect::BisectCommand;
use crate::commands::calibrate::CalibrateCommand;
use crate::commands::check_calibration::CheckCalibrationCommand;
use crate::commands::compare::CompareCommand;
use crate::commands::completions::CompletionsCommand;
use crate::commands::export::ExportCommand;
use crate::commands::history::HistoryCommand;
use crate::commands::merge::MergeCommand;
use crate::commands::report::ReportCommand;
use crate::commands::run::RunCommand;
use crate::commands::signature::SignatureCommand;
use crate::commands::simulate::SimulateCommand;
use crate::commands::sweep::SweepCommand;
use crate::commands::theory::TheoryCommand;
use crate::commands::tree::TreeCommand;
use crate::commands::verify::VerifyCommand;
use clap::{CommandFactory, Parser, Subcommand};
use std::sync::LazyLock;

/// `-V`: the version and the commit the binary was built from.
static VERSION: LazyLock<String> = LazyLock::new(|| {
    let build = abbench_results::build_info();
    let commit = match (build.commit, build.dirty) {
        (Some(c), Some(true)) => format!("{}, dirty", &c[..c.len().min(12)]),
        (Some(c), _) => c[..c.len().min(12)].to_string(),
        (None, _) => "no git commit".to_string(),
    };
    format!(
        "{} ({commit}, {})",
        env!("CARGO_PKG_VERSION"),
        build.profile
    )
});

/// `--version`: every fact of the build, one per line.
static LONG_VERSION: LazyLock<String> =
    LazyLock::new(|| abbench_results::build_info().long_version(env!("CARGO_PKG_VERSION")));

/// Measure alpha-beta game-tree search the way Knuth & Moore (1975) analyse it.
#[derive(Debug, Parser)]
#[command(
    name = "abbench",
    version = VERSION.as_str(),
    long_version = LONG_VERSION.as_str(),
    about,
    propagate_version = true
)]
pub struct Cli {
    /// Print no progress, log lines or notes on stderr (results and errors still).
    #[arg(long, short, global = true)]
    pub quiet: bool,

    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Measure algorithms on seeded trees: nodes, leaves, wall time, nodes per second,
    /// and speedup for the parallel ones, each result checked against serial F2.
    Run(RunCommand),
    /// Search seeded trees once with every algorithm and thread count and compare each
    /// answer with serial F2 (and F0 on small trees).
    Verify(VerifyCommand),
    /// Print the algorithms' names, all or of one kind, for --algo.
    Algorithms(AlgorithmsCommand),
    /// Compare the paper's predictions with measured searches.
    Theory(TheoryCommand),
    /// Measure a suite into a run folder: results.jsonl, summary.csv, report.md,
    /// machine.json and SVG plots.
    Sweep(SweepCommand),
    /// Print the serial searches' node-count signature, or check it against a file.
    Signature(SignatureCommand),
    /// Compare two results.jsonl files: changed counts, failed verification, wall time
    /// beyond a threshold.
    Compare(CompareCommand),
    /// Did this change slow the searches down? Time two abbench builds side by side, in
    /// alternation, until a sequential test decides for every search.
    Ab(AbCommand),
    /// When did the searches change? Change points of each search's wall time (over the
    /// machine's yardstick) and counts across stored runs, oldest first.
    History(HistoryCommand),
    /// Which commit slowed the searches? Builds the commits between GOOD and BAD in a git
    /// checkout and times each against GOOD with ab, halving the range each step.
    Bisect(BisectCommand),
    /// The worker `abbench ab` runs in each build (JSON lines on stdin and stdout).
    #[command(hide = true)]
    AbWorker(AbWorkerCommand),
    /// Rebuild summary.csv, report.md and the plots from a results.jsonl.
    Report(ReportCommand),
    /// Write a tree as a .tree file, or print its statistics.
    Tree(TreeCommand),
    /// SIMULATE the parallel searches on virtual processors: virtual time, speedup
    /// against f2-iter and the fastest serial search, search overhead, idle time, and
    /// the work/span ceiling.
    Simulate(SimulateCommand),
    /// Check a cost profile against measured runs: each parallel record SIMULATED again
    /// with the profile's costs at its thread count, and the gap to its measured speedup.
    CheckCalibration(CheckCalibrationCommand),
    /// Measure this machine's cost profile for the simulator: position times per tree
    /// model, and event costs at each thread count up to the cores present.
    Calibrate(CalibrateCommand),
    /// Write a complete run's records for a CI dashboard: Bencher Metric Format (Bencher),
    /// the customSmallerIsBetter / customBiggerIsBetter arrays (github-action-benchmark),
    /// libtest's bench lines (github-action-benchmark's cargo tool, Bencher's rust_bench)
    /// or criterion's lines (Bencher's rust_criterion).
    Export(ExportCommand),
    /// Join the run folders of a sharded sweep (`sweep --shard K/N`) into one run
    /// folder: every part's records in the suite's order, with its report and plots.
    Merge(MergeCommand),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(CompletionsCommand),
}

/// The command line as parsed: every option and argument that takes a value takes a
/// negative number too (`--max-time -1`), so that its own range check names the problem
/// instead of clap calling `-1` an unexpected argument.
pub fn command() -> clap::Command {
    negative_values_allowed(Cli::command())
}

fn negative_values_allowed(command: clap::Command) -> clap::Command {
    command
        .mut_args(|arg| {
            if arg.get_action().takes_values() {
                arg.allow_negative_numbers(true)
            } else {
                arg
            }
        })
        .mut_subcommands(negative_values_allowed)
}

/// Parses the process's arguments with [`command`].
pub fn parse() -> Result<Cli, clap::Error> {
    use clap::FromArgMatches;
    let matches = command().try_get_matches()?;
    Cli::from_arg_matches(&matches)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::error::ErrorKind;

    /// Every option of every subcommand that takes a value, as `(subcommand, --long)`.
    fn valued_options() -> Vec<(String, String)> {
        let mut found = Vec::new();
        for sub in command().get_subcommands() {
            for arg in sub.get_arguments() {
                if let Some(long) = arg.get_long()
                    && arg.get_action().takes_values()
                {
                    found.push((sub.get_name().to_string(), format!("--{long}")));
                }
            }
        }
        found
    }

    #[test]
    fn every_option_that_takes_a_value_takes_a_negative_number_as_its_value() {
        let options = valued_options();
        // The numeric options the issue names are among them.
        for (sub, long) in [
            ("ab", "--max-time"),
            ("ab", "--epoch"),
            ("ab", "--threads"),
            ("check-calibration", "--min-serial-ms"),
            ("check-calibration", "--seeds"),
            ("run", "--repeat"),
        ] {
            assert!(
                options.iter().any(|(s, l)| s == sub && l == long),
                "{sub} {long} is missing from the table"
            );
        }
        for (sub, long) in &options {
            for value in ["-1", "-0.5", "-1e3"] {
                let result =
                    command().try_get_matches_from(["abbench", sub.as_str(), long.as_str(), value]);
                if let Err(error) = result {
                    assert_ne!(
                        error.kind(),
                        ErrorKind::UnknownArgument,
                        "{sub} {long} {value}: {error}"
                    );
                    assert!(
                        !error.to_string().contains("unexpected argument"),
                        "{sub} {long} {value}: {error}"
                    );
                }
            }
        }
    }
}
