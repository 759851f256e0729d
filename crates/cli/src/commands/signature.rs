//! `abbench signature [--check FILE]`: the serial searches' node-count signature, like a
//! chess engine's `bench` (design: "CI: two tracks"; style 9).
//!
//! Without `--check` the signature is printed in the format of
//! `ci/baselines/signature.txt`. With it, this build's signature is compared with
//! the file: a line per differing case on stdout, then the verdict; any difference fails
//! (exit 1) with one line on stderr naming every case that differs.

use crate::failure::Failure;
use abbench_measure::{check_signature_file, signature};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

/// Options of `abbench signature`.
#[derive(Debug, Args)]
pub struct SignatureCommand {
    /// Compare with this signature file (such as ci/baselines/signature.txt)
    /// instead of printing the signature.
    #[arg(long, value_name = "FILE")]
    pub check: Option<PathBuf>,
}

impl SignatureCommand {
    /// Runs the subcommand; the signature or the comparison goes to `out`.
    pub fn run(&self, out: &mut impl Write) -> Result<(), Failure> {
        let Some(file) = &self.check else {
            write!(out, "{}", signature()?.to_text()).map_err(Failure::stdout)?;
            return out.flush().map_err(Failure::stdout);
        };
        let check = check_signature_file(file)?;
        let written = write!(out, "{}", check.report()).and_then(|()| out.flush());
        if check.passed() {
            return Failure::after_writing(written, Ok(()));
        }
        let names: Vec<&str> = check
            .changed
            .iter()
            .map(|(expected, _)| expected.name.as_str())
            .chain(check.missing.iter().map(String::as_str))
            .chain(check.extra.iter().map(String::as_str))
            .collect();
        let verdict = Err(Failure::failed(format!(
            "the signature differs from {} in {} cases: {}",
            file.display(),
            names.len(),
            names.join(", ")
        )));
        Failure::after_writing(written, verdict)
    }
}
