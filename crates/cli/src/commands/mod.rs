//! The subcommands, one file each, and the dispatch from the parsed command line.

pub mod ab;
pub mod algorithms;
pub mod bisect;
pub mod calibrate;
pub mod check_calibration;
pub mod compare;
pub mod completions;
pub mod export;
pub mod history;
pub mod merge;
pub mod report;
pub mod run;
pub mod signature;
pub mod simulate;
mod stress;
pub mod sweep;
pub mod theory;
pub mod tree;
pub mod verify;
pub(crate) mod verify_line;

use crate::cli::Command;
use crate::failure::Failure;

/// Runs one subcommand, writing its results to stdout.
pub fn run(command: Command) -> Result<(), Failure> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match command {
        Command::Run(args) => args.run(&mut out),
        Command::Verify(args) => args.run(&mut out),
        Command::Algorithms(args) => args.run(&mut out),
        Command::Theory(args) => args.run(&mut out),
        Command::Sweep(args) => args.run(&mut out),
        Command::Signature(args) => args.run(&mut out),
        Command::Compare(args) => args.run(&mut out),
        Command::Ab(args) => args.run(&mut out),
        Command::History(args) => args.run(&mut out),
        Command::Bisect(args) => args.run(&mut out),
        Command::AbWorker(args) => {
            drop(out);
            args.run()
        }
        Command::Report(args) => args.run(&mut out),
        Command::Tree(args) => args.run(&mut out),
        Command::Simulate(args) => args.run(&mut out),
        Command::CheckCalibration(args) => args.run(&mut out),
        Command::Calibrate(args) => args.run(&mut out),
        Command::Export(args) => args.run(&mut out),
        Command::Merge(args) => args.run(&mut out),
        Command::Completions(args) => args.run(crate::cli::command(), &mut out),
    }
}

/// The command line as typed, with the program named `abbench` whatever its path (an
/// argument that is not UTF-8, a path say, with U+FFFD for what is not).
pub(crate) fn command_line() -> Vec<String> {
    std::iter::once("abbench".to_string())
        .chain(
            std::env::args_os()
                .skip(1)
                .map(|a| a.to_string_lossy().into_owned()),
        )
        .collect()
}
