//! `abbench`: the command-line tool over the abbench crates (design: "Command line").
//!
//! This file is the one error path at the edge: arguments are parsed, the subcommand
//! runs, and every failure becomes a single line `abbench: error: <message>` on stderr
//! with exit code 2 for bad input (1 for a run that failed). Nothing a user types may
//! end in a panic or a backtrace. Stdout carries results only.
//!
//! The global allocator is mimalloc (its v2 series: the v3 default crashes while
//! threads start up). Searches do not allocate, but trees, arenas and thread pools do,
//! and reports record the allocator next to their numbers.

mod cli;
mod commands;
mod failure;
mod progress;
mod search_args;
mod table;
mod tree_args;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The global allocator, as `machine.json` names it.
pub const ALLOCATOR: &str = "mimalloc (v2)";

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return failure::Failure::from_clap(error, &typed_command()).report(),
    };
    match commands::run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    }
}

/// `abbench` and the subcommand the user typed, if it is one: the first argument that is
/// not an option (no global option takes a value).
fn typed_command() -> String {
    use clap::CommandFactory;
    let first_word = std::env::args().skip(1).find(|arg| !arg.starts_with('-'));
    let subcommand = first_word.filter(|word| {
        cli::Cli::command()
            .get_subcommands()
            .any(|c| c.get_name() == word)
    });
    match subcommand {
        Some(name) => format!("abbench {name}"),
        None => "abbench".to_string(),
    }
}
