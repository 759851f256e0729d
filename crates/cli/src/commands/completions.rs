//! `abbench completions SHELL`: a completion script for bash, zsh, fish, elvish or
//! PowerShell on stdout (`clap_complete`), generated from the same command definition
//! the binary parses, so it never falls behind the options. Hidden commands (the `ab`
//! worker) are left out: `clap_complete`'s scripts would offer them.

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
        command.build();
        let mut command = visible(&command);
        let mut script = Vec::new();
        clap_complete::generate(self.shell, &mut command, "abbench", &mut script);
        out.write_all(&script)
            .and_then(|()| out.flush())
            .map_err(Failure::stdout)
    }
}

/// `command`, built, without its hidden subcommands at any level, `help`'s list of
/// them included: what a completion script may offer. A command cannot lose a
/// subcommand, so this one is put together again from its parts; the built command's
/// arguments carry its help and version flags, so the automatic ones stay off.
fn visible(command: &clap::Command) -> clap::Command {
    let hidden: Vec<&str> = command
        .get_subcommands()
        .filter(|sub| sub.is_hide_set())
        .map(|sub| sub.get_name())
        .collect();
    let shown = |sub: &&clap::Command| !hidden.contains(&sub.get_name());
    let mut trimmed = clap::Command::new(command.get_name().to_owned())
        .disable_help_subcommand(true)
        .disable_help_flag(true)
        .disable_version_flag(true)
        .args(command.get_arguments().cloned());
    if let Some(about) = command.get_about() {
        trimmed = trimmed.about(about.clone());
    }
    if let Some(version) = command.get_version() {
        trimmed = trimmed.version(version.to_owned());
    }
    for sub in command.get_subcommands().filter(shown) {
        let sub = if sub.get_name() == "help" {
            let mut help = clap::Command::new("help")
                .disable_help_flag(true)
                .disable_help_subcommand(true)
                .subcommands(sub.get_subcommands().filter(shown).cloned());
            if let Some(about) = sub.get_about() {
                help = help.about(about.clone());
            }
            help
        } else {
            visible(sub)
        };
        trimmed = trimmed.subcommand(sub);
    }
    trimmed
}
