//! `abbench signature`: the printed signature is the committed baseline's, `--check`
//! passes on it, and a copy with one count changed fails naming that case.

use std::path::PathBuf;

use crate::support;
use support::abbench;

fn baseline() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../ci/baselines/signature.txt")
}

#[test]
fn the_printed_signature_is_the_committed_one() {
    let output = abbench(&["signature"]);
    assert_eq!(output.status.code(), Some(0));
    let printed = String::from_utf8(output.stdout).unwrap();
    assert_eq!(printed, std::fs::read_to_string(baseline()).unwrap());
}

#[test]
fn check_passes_on_the_committed_baseline() {
    let output = abbench(&["signature", "--check", &baseline().display().to_string()]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.starts_with("signature ok: total "), "{stdout}");
}

#[test]
fn check_names_every_changed_case() {
    let text = std::fs::read_to_string(baseline()).unwrap();
    // Change the nodes of two cases and the total to match, so the file stays valid.
    let mut changed_names = Vec::new();
    let mut lines: Vec<String> = Vec::new();
    for line in text.lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        match fields.as_slice() {
            [name, value, nodes, leaves] if (name.ends_with("/f1") && changed_names.len() < 2) => {
                changed_names.push(name.to_string());
                let nodes: u64 = nodes.parse().unwrap();
                lines.push(format!("{name} {value} {} {leaves}", nodes + 1));
            }
            ["total", total] => {
                let total: u64 = total.parse().unwrap();
                lines.push(format!("total {}", total + 2));
            }
            _ => lines.push(line.to_string()),
        }
    }
    assert_eq!(changed_names.len(), 2);
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("signature.txt");
    std::fs::write(&copy, lines.join("\n") + "\n").unwrap();

    let output = abbench(&["signature", "--check", &copy.display().to_string()]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stdout}{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains(&format!(
            "the signature differs from {} in 2 cases: {}, {}",
            copy.display(),
            changed_names[0],
            changed_names[1]
        )),
        "{stderr}"
    );
    for name in &changed_names {
        assert!(
            stdout.contains(&format!("changed {name}: expected")),
            "{stdout}"
        );
    }
    assert!(stdout.contains("signature MISMATCH"), "{stdout}");
}

#[test]
fn an_unreadable_signature_file_is_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "random-d8-h6-s1/f0 1 2\n").unwrap();
    let output = abbench(&["signature", "--check", &bad.display().to_string()]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("bad.txt:1: expected `name value nodes leaves`"),
        "{stderr}"
    );
}
