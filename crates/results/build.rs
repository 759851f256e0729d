//! Records the compiler that builds abbench, for `machine.json`: the first line of
//! `rustc -vV` (release, commit hash and date) and its `host:` triple.
//!
//! Asking at build time names the compiler that actually built the binary, which a
//! `rustc` found on the `PATH` at run time need not be.

use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=RUSTC");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let verbose = Command::new(rustc)
        .arg("-vV")
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8_lossy(&out.stdout).into_owned())
        .unwrap_or_default();
    let mut lines = verbose.lines();
    let version = lines.next().unwrap_or("unknown").trim().to_string();
    let host = lines
        .find_map(|line| line.strip_prefix("host:"))
        .map_or("unknown", str::trim)
        .to_string();
    println!("cargo:rustc-env=ABBENCH_RUSTC_VERSION={version}");
    println!("cargo:rustc-env=ABBENCH_RUSTC_HOST={host}");
}
