//! `abbench algorithms`: the algorithms' names, from the vocabulary, so that a script
//! asks the binary for them instead of typing a list (`ci/thread-sweep.sh`).

use crate::failure::Failure;
use abbench_results::Algorithm;
use abbench_vocab::Setting;
use clap::Args;
use std::io::Write;

/// Options of `abbench algorithms`.
#[derive(Debug, Args)]
pub struct AlgorithmsCommand {
    /// Only the parallel algorithms.
    #[arg(long)]
    pub parallel: bool,

    /// Only the serial algorithms.
    #[arg(long, conflicts_with = "parallel")]
    pub serial: bool,

    /// Only the algorithms that read this setting (`--reads tt-mb`: the table searches).
    #[arg(long, value_name = "SETTING", value_parser = parse_setting)]
    pub reads: Option<Setting>,

    /// One name per line instead of a comma-separated list for --algo.
    #[arg(long)]
    pub lines: bool,
}

impl AlgorithmsCommand {
    /// The names asked for, in the vocabulary's order.
    pub fn names(&self) -> Vec<&'static str> {
        Algorithm::ALL
            .into_iter()
            .filter(|a| !self.parallel || a.is_parallel())
            .filter(|a| !self.serial || !a.is_parallel())
            .filter(|a| self.reads.is_none_or(|s| a.reads(s)))
            .map(Algorithm::name)
            .collect()
    }

    /// Runs the subcommand: the names on stdout.
    pub fn run(&self, out: &mut impl Write) -> Result<(), Failure> {
        let separator = if self.lines { "\n" } else { "," };
        writeln!(out, "{}", self.names().join(separator)).map_err(Failure::stdout)?;
        out.flush().map_err(Failure::stdout)
    }
}

/// A setting by its flag (`tt-mb`).
fn parse_setting(text: &str) -> Result<Setting, String> {
    Setting::from_flag(text).ok_or_else(|| {
        format!(
            "unknown setting '{text}': expected {}",
            abbench_vocab::one_of(&Setting::ALL.map(Setting::flag))
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use abbench_vocab::ParallelAlgorithm;

    fn command(parallel: bool, serial: bool, table: bool) -> AlgorithmsCommand {
        AlgorithmsCommand {
            parallel,
            serial,
            reads: table.then_some(Setting::TtMb),
            lines: false,
        }
    }

    #[test]
    fn the_filters_pick_from_the_one_list() {
        assert_eq!(
            command(false, false, false).names(),
            Algorithm::ALL.map(Algorithm::name)
        );
        assert_eq!(
            command(true, false, false).names(),
            ParallelAlgorithm::ALL.map(ParallelAlgorithm::name)
        );
        let table = command(true, false, true).names();
        assert!(!table.is_empty());
        for name in &table {
            let algorithm: ParallelAlgorithm = name.parse().unwrap();
            assert!(algorithm.uses_table(), "{name}");
        }
        assert_eq!(command(false, true, true).names(), ["mtdf"]);
    }
}
