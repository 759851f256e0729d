//! `abbench --version` names the build: the commit the binary was built from (not the
//! directory it runs in), the compiler, the profile and optimisation level, the target
//! and its features.

use crate::support;
use support::stdout_of;

#[test]
fn the_version_names_the_commit_it_was_built_from_and_the_build() {
    let long = stdout_of(&["--version"]);
    let lines: Vec<&str> = long.lines().collect();
    assert_eq!(lines[0], format!("abbench {}", env!("CARGO_PKG_VERSION")));
    let commit = lines[1].strip_prefix("commit: ").expect("a commit line");
    for prefix in [
        "compiler: rustc 1.",
        "profile: ",
        "target: ",
        "target features: ",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(prefix)),
            "{prefix}: {long}"
        );
    }
    let profile = if cfg!(debug_assertions) {
        "debug"
    } else {
        "release"
    };
    assert!(
        long.contains(&format!("profile: {profile}, opt-level ")),
        "{long}"
    );
    // Inside the checkout the binary was built from, the commit is its HEAD.
    let head = std::process::Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    if let Some(head) = head {
        assert!(commit.starts_with(&head), "{commit} is not HEAD {head}");
    }
    let short = stdout_of(&["-V"]);
    assert!(
        short.starts_with(&format!("abbench {} (", env!("CARGO_PKG_VERSION")))
            && short.contains(profile),
        "{short}"
    );
}
