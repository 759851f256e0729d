//! `abbench`: the command-line tool over the abbench crates (design: "Command line").
//!
//! This file is the one error path at the edge: arguments are parsed, the subcommand
//! runs, and every failure becomes a single line `abbench: error: <message>` on stderr
//! with exit code 2 for bad input (1 for a run that failed). Nothing a user types may
//! end in a panic or a backtrace. Stdout carries results only.

mod cli;
mod commands;
mod failure;
mod tree_args;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return failure::Failure::from_clap(error).report(),
    };
    match commands::run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    }
}
