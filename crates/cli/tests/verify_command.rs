//! `abbench verify`: every algorithm agrees with serial F2 on several models and thread
//! counts, and the summary counts what was searched.

use assert_cmd::Command;

fn verify(args: &[&str]) -> String {
    let output = Command::cargo_bin("abbench")
        .unwrap()
        .arg("verify")
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(0),
        "abbench verify {}: {stderr}",
        args.join(" ")
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The number after `label` at the start of a summary line.
fn count(summary: &str, label: &str) -> u64 {
    summary
        .lines()
        .find_map(|l| l.strip_prefix(label))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no {label} in {summary}"))
}

/// The per-algorithm rows: (algo, threads, searches, mismatches).
fn rows(summary: &str) -> Vec<(String, u64, u64, u64)> {
    summary
        .lines()
        .skip_while(|l| !l.starts_with("algo"))
        .skip(1)
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            (
                w[0].to_string(),
                w[1].parse().unwrap(),
                w[2].parse().unwrap(),
                w[3].parse().unwrap(),
            )
        })
        .collect()
}

/// The searches of one tree: every serial algorithm once, every parallel one at
/// `threads` thread counts.
fn per_tree(threads: usize) -> u64 {
    let (serial, parallel) = (
        abbench_search::SerialAlgorithm::ALL.len(),
        abbench_parallel::ParallelAlgorithm::ALL.len(),
    );
    (serial + parallel * threads) as u64
}

#[test]
fn every_algorithm_agrees_on_several_models() {
    let models: [&[&str]; 6] = [
        &["--model", "random", "--degree", "4", "--height", "5"],
        &[
            "--model", "random", "--values", "3", "--degree", "3", "--height", "6",
        ],
        &[
            "--model",
            "ordered",
            "--ordering",
            "0.6",
            "--degree",
            "5",
            "--height",
            "4",
        ],
        &[
            "--model",
            "ordered",
            "--degree-min",
            "1",
            "--degree-max",
            "5",
            "--terminal-prob",
            "0.2",
            "--height",
            "6",
        ],
        &["--model", "dependent", "--degree", "3", "--height", "5"],
        &[
            "--model",
            "branch-sum",
            "--order",
            "static",
            "--degree",
            "4",
            "--height",
            "5",
        ],
    ];
    for model in models {
        let mut args = model.to_vec();
        args.extend(["--trees", "4", "--threads", "1,2,3", "--split-height", "2"]);
        let summary = verify(&args);
        assert_eq!(count(&summary, "trees"), 4, "{summary}");
        assert_eq!(count(&summary, "mismatches"), 0, "{summary}");
        // Every serial algorithm once per tree, every parallel one at three counts.
        assert_eq!(count(&summary, "searches"), 4 * per_tree(3), "{summary}");
        assert_eq!(count(&summary, "oracle      F0 on"), 4, "{summary}");
    }
}

#[test]
fn the_summary_counts_each_algorithm_and_thread_count() {
    let summary = verify(&[
        "--model",
        "worst",
        "--degree",
        "3",
        "--height",
        "4",
        "--trees",
        "3",
        "--seed",
        "7",
        "--algo",
        "ybwc,f1,ybwc",
        "--threads",
        "2,1",
    ]);
    assert_eq!(
        rows(&summary),
        [
            ("ybwc".to_string(), 2, 3, 0),
            ("ybwc".to_string(), 1, 3, 0),
            ("f1".to_string(), 1, 3, 0),
        ],
        "{summary}"
    );
    assert_eq!(count(&summary, "searches"), 9);

    // The same summary as one JSON object.
    let json = verify(&[
        "--model",
        "worst",
        "--degree",
        "3",
        "--height",
        "4",
        "--trees",
        "3",
        "--seed",
        "7",
        "--algo",
        "ybwc,f1,ybwc",
        "--threads",
        "2,1",
        "--json",
    ]);
    assert_eq!(json.lines().count(), 1, "{json}");
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["schema"], 1);
    assert_eq!(json["kind"], "verification");
    assert_eq!(
        (json["trees"].as_u64(), json["searches"].as_u64()),
        (Some(3), Some(9))
    );
    assert_eq!(json["mismatches"], 0);
    let rows: Vec<(String, u64, u64)> = json["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["algo"].as_str().unwrap().to_string(),
                r["threads"].as_u64().unwrap(),
                r["searches"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("ybwc".to_string(), 2, 3),
            ("ybwc".to_string(), 1, 3),
            ("f1".to_string(), 1, 3),
        ]
    );
}

#[test]
fn large_trees_are_checked_without_the_oracle() {
    let summary = verify(&[
        "--model", "ordered", "--degree", "2", "--height", "21", "--trees", "2", "--algo", "f2",
    ]);
    assert_eq!(count(&summary, "oracle      F0 on"), 0, "{summary}");
    assert_eq!(count(&summary, "mismatches"), 0);
}

#[test]
fn the_defaults_check_every_algorithm_on_twenty_trees() {
    let summary = verify(&["--degree", "3", "--height", "4"]);
    assert_eq!(count(&summary, "trees"), 20, "{summary}");
    assert_eq!(count(&summary, "searches"), 20 * per_tree(3), "{summary}");
}
