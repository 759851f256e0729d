//! What the command-line tests share.

use assert_cmd::Command;
use std::process::Output;

/// Runs the `abbench` binary with `args` and returns what it printed and its status.
pub fn abbench(args: &[&str]) -> Output {
    Command::cargo_bin("abbench")
        .unwrap()
        .args(args)
        .output()
        .unwrap()
}
