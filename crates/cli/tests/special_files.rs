//! Devices given where a file is read — `/dev/zero` never ends, `/dev/urandom` never ends
//! and is not text — are refused before a byte is read: one line, exit 2, at once and in
//! bounded memory, whichever subcommand reads them.

use std::time::{Duration, Instant};

use crate::support;
use support::abbench;

#[test]
fn devices_are_refused_unread_by_every_reader() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out").display().to_string();
    let cases: [&[&str]; 6] = [
        &["compare", "/dev/zero", "/dev/zero"],
        &["report", "/dev/urandom", "--out", &out],
        &["sweep", "--suite", "/dev/zero", "--out", &out],
        &[
            "check-calibration",
            "/dev/zero",
            "--calibration",
            "/dev/zero",
        ],
        &["signature", "--check", "/dev/urandom"],
        &[
            "simulate",
            "--model",
            "random",
            "--degree",
            "2",
            "--height",
            "2",
            "--calibration",
            "/dev/zero",
        ],
    ];
    for args in cases {
        let started = Instant::now();
        let output = abbench(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{args:?} took {:?}",
            started.elapsed()
        );
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(
            stderr.contains("not a regular file (a device)"),
            "{args:?}: {stderr}"
        );
    }
    assert!(!dir.path().join("out").exists(), "nothing written");
}
