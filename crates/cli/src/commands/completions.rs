//! `abbench completions SHELL`: a completion script for bash, zsh, fish, elvish or
//! PowerShell on stdout (`clap_complete`), generated from the same command definition
//! the binary parses, so it never falls behind the options.

use crate::failure::Failure;
use clap::Args;
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
    /// Runs the subcommand for the command line `command` (the binary's own).
    pub fn run(&self, mut command: clap::Command, out: &mut impl Write) -> Result<(), Failure> {
        let mut script = Vec::new();
        clap_complete::generate(self.shell, &mut command, "abbench", &mut script);
        out.write_all(&script)
            .and_then(|()| out.flush())
            .map_err(Failure::stdout)
    }
}
