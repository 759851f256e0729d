//! What the command-line tests share. Each test binary compiles its own copy and uses
//! part of it.
#![allow(dead_code)]

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

/// Runs a command that must succeed and returns its stdout.
pub fn stdout_of(args: &[&str]) -> String {
    let output = abbench(args);
    assert!(
        output.status.success(),
        "abbench {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}
