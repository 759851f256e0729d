//! What the command-line tests share. Each test binary compiles its own copy and uses
//! part of it.
#![allow(dead_code)]

use assert_cmd::Command;
use std::path::Path;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

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

/// What a command run for a while did.
pub enum Ran {
    /// It exited with this status and output.
    Exited(Option<i32>, String, String),
    /// It was still working after the time it was given, and was stopped (SIGTERM).
    Working,
}

/// Runs `binary` with `args` in `dir` (its stdout and stderr go to files there) for at
/// most `within`.
pub fn run_in(binary: &Path, dir: &Path, args: &[String], within: Duration) -> Ran {
    let out = dir.join(".stdout");
    let err = dir.join(".stderr");
    let mut child = std::process::Command::new(binary)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::fs::File::create(&err).unwrap())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Ran::Exited(
                status.code(),
                std::fs::read_to_string(&out).unwrap_or_default(),
                std::fs::read_to_string(&err).unwrap_or_default(),
            );
        }
        if start.elapsed() > within {
            // SIGTERM, so that a sweep or `ab` stops its workers as it would in CI.
            let _ = std::process::Command::new("kill")
                .args(["-TERM", &child.id().to_string()])
                .status();
            let stop = Instant::now();
            while child.try_wait().unwrap().is_none() {
                if stop.elapsed() > Duration::from_secs(10) {
                    let _ = child.kill();
                    let _ = child.wait();
                    break;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            return Ran::Working;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}
