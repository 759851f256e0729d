//! `abbench theory`: the JSON lines parse, carry every field, and the exact checks of
//! Fig. 1 and Corollary 1 are present and pass.

use assert_cmd::Command;
use serde_json::Value;

fn theory(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::cargo_bin("abbench")
        .unwrap()
        .arg("theory")
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn json_lines_name_every_check_and_all_pass() {
    let (code, stdout, stderr) = theory(&[
        "--json",
        "--degree",
        "2,3,5",
        "--height",
        "1,2,3,4,5,6,7",
        "--trees",
        "40",
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    let lines: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let (table1, checks): (Vec<&Value>, Vec<&Value>) =
        lines.iter().partition(|l| l["check"] == "table1");
    for check in &checks {
        for field in ["check", "params", "predicted", "measured", "stderr", "ok"] {
            assert!(check.get(field).is_some(), "no {field} in {check}");
        }
        assert_eq!(check["ok"], true, "{check}");
    }
    let named = |name: &str| -> Vec<&Value> {
        checks
            .iter()
            .copied()
            .filter(|c| c["check"] == name)
            .collect()
    };
    let fig1 = named("fig1");
    assert_eq!(fig1.len(), 4);
    for (algo, leaves) in [("f0", 81), ("f1", 36), ("f2", 31)] {
        let row = fig1
            .iter()
            .find(|c| c["params"]["algo"] == algo)
            .unwrap_or_else(|| panic!("no fig1 row for {algo}"));
        assert_eq!(row["measured"], leaves);
    }
    let corollary1 = named("corollary1");
    // f2 and f2-iter for each of the three degrees.
    assert_eq!(corollary1.len(), 6);
    for row in &corollary1 {
        assert_eq!(row["stderr"], Value::Null);
        assert_eq!(
            row["params"]["heights"],
            serde_json::json!([1, 2, 3, 4, 5, 6, 7])
        );
        assert_eq!(row["predicted"], row["measured"]);
    }
    // d = 2, heights 1..=7: sum over h of sum over l of 2^ceil(l/2) + 2^floor(l/2) - 1.
    let binary = corollary1
        .iter()
        .find(|r| r["params"]["degree"] == 2)
        .unwrap();
    let expected: u64 = (1..=7u32)
        .flat_map(|h| (0..=h).map(|l| (1u64 << l.div_ceil(2)) + (1u64 << (l / 2)) - 1))
        .sum();
    assert_eq!(binary["predicted"], expected);
    for name in [
        "f1-best-case",
        "worst",
        "dependent-value",
        "theorem6",
        "eq54",
        "permutations",
        "corollary2",
    ] {
        assert!(!named(name).is_empty(), "no {name} check");
    }
    for row in named("theorem6") {
        assert_eq!(row["params"]["trees"], 40);
        assert!(row["stderr"].as_f64().is_some());
    }
    assert_eq!(table1.len(), 30);
    for row in &table1 {
        assert_eq!(row["kind"], "table1_row", "{row}");
        for field in ["degree", "r0", "r1", "r_star", "pearl"] {
            assert!(row[field].is_number(), "no {field} in {row}");
        }
        assert_eq!(row["ok"], true, "{row}");
    }
}

#[test]
fn the_table_ends_with_a_verdict() {
    let (code, stdout, stderr) = theory(&["--degree", "3", "--height", "2,3", "--trees", "10"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.starts_with("check "), "{stdout}");
    assert!(stdout.contains("Table 1"), "{stdout}");
    assert!(stdout.trim_end().ends_with("all ok"), "{stdout}");
}

#[test]
fn heights_too_large_to_search_are_skipped_with_a_note() {
    let (code, stdout, stderr) = theory(&[
        "--degree", "8", "--height", "3,40", "--trees", "5", "--json",
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("skipped corollary1 degree 8 at height 40"),
        "{stderr}"
    );
    assert!(stdout.contains(r#""heights":[3]"#), "{stdout}");
}
