//! `abbench completions SHELL`: a completion script for bash, zsh, fish, elvish or
//! PowerShell on stdout (`clap_complete`), generated from the same command definition
//! the binary parses, so it never falls behind the options.

use crate::failure::Failure;
use clap::{Args, CommandFactory};
use clap_complete::Shell;
use std::io::Write;

/// Options of `abbench completions`.
#[derive(Debug, Args)]
pub struct CompletionsCommand {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: Shell,
}

impl CompletionsCommand {
    /// Runs the subcommand.
    pub fn run(&self, out: &mut impl Write) -> Result<(), Failure> {
        let mut command = crate::cli::Cli::command();
        let mut script = Vec::new();
        clap_complete::generate(self.shell, &mut command, "abbench", &mut script);
        out.write_all(&script)
            .and_then(|()| out.flush())
            .map_err(Failure::stdout)
    }
}
