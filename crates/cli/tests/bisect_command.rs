//! `abbench bisect` checks what it is given before it builds anything (a build costs
//! minutes), and a signal while it builds stops it as interrupted, never as a commit that
//! does not build. The builds here are a script standing for cargo (`CARGO`), in a git
//! repository of two commits.

use assert_cmd::cargo::cargo_bin;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// `git args…` in `dir`, which must succeed.
fn git(dir: &Path, args: &[&str]) {
    let output = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@example.invalid")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@example.invalid")
        .output()
        .unwrap();
    assert!(output.status.success(), "git {args:?}: {output:?}");
}

/// A repository of two commits in `dir/repo`, and a stand-in for cargo at `dir/cargo`
/// that writes its process id to `dir/building` and then runs `then` (shell).
fn repository(dir: &Path, then: &str) -> (PathBuf, PathBuf) {
    let repo = dir.join("repo");
    std::fs::create_dir(&repo).unwrap();
    git(&repo, &["init", "--quiet"]);
    for n in ["1", "2"] {
        std::fs::write(repo.join("file"), n).unwrap();
        git(&repo, &["add", "file"]);
        git(&repo, &["commit", "--quiet", "-m", n]);
    }
    let cargo = dir.join("cargo");
    std::fs::write(
        &cargo,
        format!(
            "#!/bin/sh\necho $$ > '{}'\n{then}\n",
            dir.join("building").display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&cargo, std::fs::Permissions::from_mode(0o755)).unwrap();
    (repo, cargo)
}

fn bisect(repo: &Path, cargo: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(cargo_bin("abbench"));
    command
        .arg("bisect")
        .args(args)
        .current_dir(repo)
        .env("CARGO", cargo)
        .stdin(Stdio::null());
    command
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_bad_suite_or_builds_folder_is_refused_before_anything_is_built() {
    let dir = tempfile::tempdir().unwrap();
    let (repo, cargo) = repository(dir.path(), "exit 1");
    let building = dir.path().join("building");
    let a_file = dir.path().join("a-file");
    std::fs::write(&a_file, "not a folder").unwrap();
    let bad_toml = dir.path().join("bad.toml");
    std::fs::write(&bad_toml, "name = \n").unwrap();
    let under_file = a_file.join("builds");
    let (a_file, bad_toml, under_file) = (
        a_file.display().to_string(),
        bad_toml.display().to_string(),
        under_file.display().to_string(),
    );
    for (args, says) in [
        (vec!["HEAD~1", "HEAD", "--suite", "quik"], "quik"),
        (vec!["HEAD~1", "HEAD", "--suite", &bad_toml], "bad.toml"),
        (vec!["HEAD~1", "HEAD", "--builds", &a_file], "a-file"),
        (vec!["HEAD~1", "HEAD", "--builds", &under_file], "a-file"),
    ] {
        let output: Output = bisect(&repo, &cargo, &args).output().unwrap();
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("abbench: error: "), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(!building.exists(), "{args:?}: built before refusing");
    }
    // Nothing to bisect: one line, no note before it.
    let output = bisect(&repo, &cargo, &["HEAD", "HEAD"]).output().unwrap();
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    // Good input does reach the build (the stand-in is used), which fails: exit 2.
    let builds = dir.path().join("builds");
    let output = bisect(
        &repo,
        &cargo,
        &["HEAD~1", "HEAD", "--builds", builds.to_str().unwrap()],
    )
    .output()
    .unwrap();
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(building.exists(), "{stderr}");
    assert!(stderr.contains("does not build"), "{stderr}");
}

/// Whether the process `pid` is still there (a zombie counts as gone).
fn alive(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .is_ok_and(|stat| stat.split_whitespace().nth(2).is_none_or(|s| s != "Z"))
}

#[test]
fn a_signal_while_a_commit_builds_stops_the_bisection_as_interrupted() {
    // To the process alone (`kill`), and to its process group (Ctrl-C at a terminal).
    for (signal, code, group) in [
        ("INT", 130, false),
        ("TERM", 143, false),
        ("INT", 130, true),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let (repo, cargo) = repository(dir.path(), "exec sleep 60");
        let building = dir.path().join("building");
        let builds = dir.path().join("builds");
        let mut command = bisect(
            &repo,
            &cargo,
            &["HEAD~1", "HEAD", "--builds", builds.to_str().unwrap()],
        );
        use std::os::unix::process::CommandExt;
        command
            .process_group(0)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command.spawn().unwrap();
        let waiting = Instant::now();
        let pid = loop {
            if let Ok(pid) = std::fs::read_to_string(&building)
                && !pid.trim().is_empty()
            {
                break pid.trim().to_string();
            }
            assert!(waiting.elapsed() < Duration::from_secs(30), "no build");
            assert!(child.try_wait().unwrap().is_none(), "ended before building");
            std::thread::sleep(Duration::from_millis(20));
        };
        let target = if group {
            format!("-{}", child.id())
        } else {
            child.id().to_string()
        };
        let kill = Command::new("kill")
            .args([&format!("-{signal}"), "--", &target])
            .status()
            .unwrap();
        assert!(kill.success());
        let signalled = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            assert!(
                signalled.elapsed() < Duration::from_secs(10),
                "still building 10 s after SIG{signal}"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        let output = child.wait_with_output().unwrap();
        let stderr = text(&output.stderr);
        assert_eq!(status.code(), Some(code), "{stderr}");
        assert!(!stderr.contains("does not build"), "{stderr}");
        let last = stderr.lines().last().unwrap();
        assert!(
            last.starts_with(&format!("abbench: error: stopped by SIG{signal}"))
                && last.contains("interrupted"),
            "{stderr}"
        );
        // The build was stopped too, not left running.
        let stopped = Instant::now();
        while alive(&pid) {
            assert!(
                stopped.elapsed() < Duration::from_secs(5),
                "the build {pid} still runs"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}
