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
mod help;
mod list;
#[cfg(test)]
mod output_schema;
mod progress;
mod search_args;
mod setting_args;
mod shard_arg;
mod shell;
mod signals;
mod table;
mod tree_args;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The global allocator, as `machine.json` names it.
pub const ALLOCATOR: &str = "mimalloc (v2)";

use std::process::ExitCode;

fn main() -> ExitCode {
    quiet_panics();
    let cli = match cli::parse() {
        Ok(cli) => cli,
        Err(error) => return failure::Failure::from_clap(error, &typed_command()).report(),
    };
    progress::set_quiet(cli.quiet);
    match commands::run(cli.command) {
        Ok(()) => {
            progress::accept_input();
            ExitCode::SUCCESS
        }
        Err(failure) => failure.report(),
    }
}

/// Replaces the default panic message, which spans lines and may add a backtrace.
///
/// A panic in a search worker (a thread named `abbench-worker-…`) is caught by the
/// parallel crate and comes back as an error result, which the command reports in its
/// one line: the hook prints nothing for it. Any other panic is a bug in abbench; it is
/// printed as one `abbench: error:` line (with a backtrace only if `RUST_BACKTRACE` asks
/// for one) and the process exits 101, as Rust's own handler would.
fn quiet_panics() {
    std::panic::set_hook(Box::new(|info| {
        let thread = std::thread::current();
        if thread
            .name()
            .is_some_and(|name| name.starts_with("abbench-worker"))
        {
            return;
        }
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into());
        let place = info
            .location()
            .map_or(String::new(), |l| format!(" at {}:{}", l.file(), l.line()));
        let one_line = message.lines().collect::<Vec<_>>().join(" ");
        progress::stderr_line(&format!(
            "abbench: error: internal error (a bug in abbench): {one_line}{place}"
        ));
        if std::env::var_os("RUST_BACKTRACE").is_some_and(|v| v != "0") {
            progress::stderr_line(&std::backtrace::Backtrace::force_capture().to_string());
        }
    }));
}

/// `abbench` and the subcommand the user typed, if it is one: the first argument that is
/// not an option (no global option takes a value).
fn typed_command() -> String {
    use clap::CommandFactory;
    let first_word = std::env::args_os()
        .skip(1)
        .map(|arg| arg.to_string_lossy().into_owned())
        .find(|arg| !arg.starts_with('-'));
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
