//! A path that is not UTF-8 — legal on Linux — is a path like any other: a sweep into a
//! folder so named runs and writes its folder, and `machine.json` records the command
//! line with U+FFFD where a byte was not UTF-8.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::process::Command;

const SUITE: &str = r#"
name = "tiny"
repeat = 1
warmup = 0
threads = [1]

[[workload]]
model = "random"
degree = 3
height = 3
algorithms = ["f2-iter"]
"#;

#[test]
fn a_sweep_into_a_folder_whose_name_is_not_utf8_runs() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("suite.toml");
    std::fs::write(&suite, SUITE).unwrap();
    let out = dir.path().join(OsStr::from_bytes(b"run-\xff"));
    let output = Command::new(assert_cmd::cargo::cargo_bin("abbench"))
        .arg("sweep")
        .arg("--suite")
        .arg(&suite)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(!stderr.contains("internal error"), "{stderr}");
    assert!(out.join("results.jsonl").is_file());
    let machine = std::fs::read_to_string(out.join("machine.json")).unwrap();
    assert!(machine.contains("run-\u{fffd}"), "{machine}");
}
