//! Hostile `.tree` input and output: what `tree --write`, `--svg` and `--tree-file` are
//! given that is not an ordinary file, a tree too large to be read back or held, and a
//! signal while a large file is written. Each ends in one line naming the cause (exit 2,
//! or 128 + the signal), with nothing replaced and no temporary file left.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::support;
use support::abbench;

/// Asserts one line on stderr holding `words`, and exit code `code`.
fn assert_refused(args: &[&str], code: i32, words: &str) {
    let started = Instant::now();
    let output = abbench(args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(code), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.contains(words), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{args:?} took {:?}",
        started.elapsed()
    );
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(status.success());
}

#[test]
fn links_devices_fifos_and_folders_are_never_replaced_by_a_write() {
    let dir = tempfile::tempdir().unwrap();
    let mine = dir.path().join("mine.txt");
    std::fs::write(&mine, "the user's").unwrap();
    let link = dir.path().join("link.tree");
    std::os::unix::fs::symlink(&mine, &link).unwrap();
    let dangling = dir.path().join("dangling.svg");
    std::os::unix::fs::symlink(dir.path().join("nowhere"), &dangling).unwrap();
    let fifo = dir.path().join("fifo.tree");
    mkfifo(&fifo);
    let folder = dir.path().join("folder.tree");
    std::fs::create_dir(&folder).unwrap();
    let before = names_in(dir.path());
    let small = ["--model", "random", "--degree", "2", "--height", "3"];
    for (target, kind) in [
        (link.to_str().unwrap(), "(a symbolic link)"),
        (fifo.to_str().unwrap(), "(a FIFO)"),
        (folder.to_str().unwrap(), "(a folder)"),
        ("/dev/full", "(a device)"),
    ] {
        let mut args = vec!["tree"];
        args.extend(small);
        args.extend(["--write", target]);
        assert_refused(&args, 2, kind);
    }
    let mut args = vec!["simulate"];
    args.extend(small);
    args.extend(["--svg", dangling.to_str().unwrap()]);
    assert_refused(&args, 2, "(a symbolic link)");
    assert_eq!(names_in(dir.path()), before, "nothing added or replaced");
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert!(!dir.path().join("nowhere").exists());
    assert_eq!(std::fs::read_to_string(&mine).unwrap(), "the user's");
    use std::os::unix::fs::FileTypeExt;
    assert!(
        std::fs::metadata("/dev/full")
            .unwrap()
            .file_type()
            .is_char_device()
    );
}

#[test]
fn a_tree_file_that_cannot_be_read_back_is_not_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("big.tree");
    let out = out.to_str().unwrap();
    // 2^33 - 1 positions: past the 2^32 - 1 a .tree file is read back with.
    assert_refused(
        &[
            "tree", "--model", "random", "--degree", "2", "--height", "32", "--write", out,
        ],
        2,
        "this tree has 8589934591 positions",
    );
    // Far larger, but still countable.
    assert_refused(
        &[
            "tree", "--model", "random", "--degree", "1000", "--height", "6", "--write", out,
        ],
        2,
        "this tree has 1001001001001001001 positions",
    );
    assert!(names_in(dir.path()).is_empty(), "nothing written");
}

#[test]
fn walking_a_huge_tree_asks_for_force() {
    for action in ["--stats", "--write"] {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("t.tree");
        let mut args = vec![
            "tree",
            "--model",
            "ordered",
            "--degree",
            "2",
            "--degree-min",
            "1",
            "--degree-max",
            "3",
            "--height",
            "40",
        ];
        args.push(action);
        if action == "--write" {
            args.push(out.to_str().unwrap());
        }
        assert_refused(&args, 2, "pass --force");
        assert!(names_in(dir.path()).is_empty(), "nothing written");
    }
}

#[test]
fn an_arena_larger_than_the_machine_is_refused_whatever_the_budget() {
    // 2^36 leaves of 8 bytes: 512 GiB.
    assert_refused(
        &[
            "run",
            "--model",
            "random",
            "--degree",
            "2",
            "--height",
            "36",
            "--layout",
            "arena",
            "--memory-budget",
            "1T",
            "--force",
        ],
        2,
        "more than this machine's",
    );
}

#[test]
fn garbage_tree_files_are_refused_at_the_first_byte() {
    assert_refused(
        &["run", "--tree-file", "/dev/zero"],
        2,
        "not a regular file (a device)",
    );
    assert_refused(
        &["tree", "--tree-file", "/dev/zero", "--stats"],
        2,
        "not a regular file (a device)",
    );
    let dir = tempfile::tempdir().unwrap();
    let zeros = dir.path().join("zeros.tree");
    std::fs::write(&zeros, vec![0u8; 8 << 20]).unwrap();
    let zeros = zeros.to_str().unwrap();
    assert_refused(
        &["run", "--tree-file", zeros],
        2,
        "zeros.tree:1:1: expected an integer",
    );
    let out = dir.path().join("copy.tree");
    assert_refused(
        &[
            "tree",
            "--tree-file",
            zeros,
            "--write",
            out.to_str().unwrap(),
        ],
        2,
        "zeros.tree:1:1: expected an integer",
    );
    assert!(!out.exists());
}

#[test]
fn sigint_and_sigterm_stop_a_tree_write_and_leave_nothing() {
    for (signal, code, name) in [("INT", 130, "SIGINT"), ("TERM", 143, "SIGTERM")] {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("large.tree");
        // 2^31 positions: minutes of writing, gigabytes of text.
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("abbench"))
            .args([
                "tree", "--model", "random", "--degree", "2", "--height", "30", "--write",
            ])
            .arg(&out)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let waiting = Instant::now();
        // Wait until the temporary file is being written.
        loop {
            let started = std::fs::read_dir(dir.path())
                .unwrap()
                .filter_map(Result::ok)
                .any(|e| e.metadata().is_ok_and(|m| m.len() > 1 << 20));
            if started {
                break;
            }
            assert!(
                waiting.elapsed() < Duration::from_secs(60),
                "nothing written"
            );
            assert!(child.try_wait().unwrap().is_none(), "ended early");
            std::thread::sleep(Duration::from_millis(20));
        }
        let signalled = Instant::now();
        let kill = Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .unwrap();
        assert!(kill.success());
        let status = child.wait().unwrap();
        assert!(
            signalled.elapsed() < Duration::from_secs(2),
            "took {:?} to stop",
            signalled.elapsed()
        );
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        assert_eq!(status.code(), Some(code), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains(&format!("stopped by {name}: ")) && stderr.contains("not written"),
            "{stderr}"
        );
        assert!(
            names_in(dir.path()).is_empty(),
            "{:?}",
            names_in(dir.path())
        );
    }
}
