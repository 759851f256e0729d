//! What the readers of runs say, in words a person reads once: `compare` names a search
//! without a result as it names the others, and `check-calibration --seeds` states its
//! range in figures.

use crate::support;
use support::abbench;
use tempfile::TempDir;

const BASELINE: &str = include_str!("../../../ci/baselines/quick.jsonl");

#[test]
fn compare_names_a_search_without_a_result_once_by_its_threads() {
    let dir = TempDir::new().unwrap();
    let lines: Vec<&str> = BASELINE
        .lines()
        .filter(|l| l.contains(r#""model":"random","degree":8,"height":8,"#))
        .collect();
    let base = dir.path().join("base.jsonl");
    std::fs::write(
        &base,
        lines.iter().map(|l| format!("{l}\n")).collect::<String>(),
    )
    .unwrap();
    for (what, value) in [
        ("timed_out", serde_json::Value::from(true)),
        ("failed", "a search worker panicked".into()),
    ] {
        let new = dir.path().join(format!("new-{what}.jsonl"));
        let text: String = lines
            .iter()
            .map(|l| {
                let r: serde_json::Value = serde_json::from_str(l).unwrap();
                if r["algo"] != "ybwc" || r["threads"] != 2 {
                    return format!("{l}\n");
                }
                let mut u = serde_json::json!({
                    "schema": 1, "kind": "unfinished", "tree": r["tree"], "algo": "ybwc",
                    "threads": 2, "timed_out": false,
                });
                u[what] = value.clone();
                if what == "timed_out" {
                    u["time_limit_ns"] = 1_000_000_000u64.into();
                }
                format!("{u}\n")
            })
            .collect();
        std::fs::write(&new, text).unwrap();
        for (a, b) in [(&base, &new), (&new, &base)] {
            let output = abbench(&["compare", a.to_str().unwrap(), b.to_str().unwrap()]);
            let said = format!(
                "{}{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            );
            assert!(said.contains("ybwc threads=2"), "{said}");
            assert!(
                !said.contains("threads threads=") && !said.contains("at 2 threads"),
                "{said}"
            );
        }
    }
}

#[test]
fn check_calibration_seeds_out_of_range_says_its_range_in_figures() {
    let results = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../ci/baselines/quick.jsonl"
    );
    for seeds in ["0", "-1", "x", "18446744073709551616"] {
        let output = abbench(&["check-calibration", results, "--seeds", seeds]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("1 or more"), "{seeds}: {stderr}");
        assert!(!stderr.contains("18446744073709551615"), "{stderr}");
    }
}
