//! The signature: deterministic, parsed back exactly, and a changed count names its case.

use abbench_measure::{MeasureError, Signature, signature};
use abbench_results::FileError;
use std::path::Path;

#[test]
fn signature_checks_against_its_own_text() {
    let computed = signature().unwrap();
    assert!(computed.cases.len() >= 30, "{} cases", computed.cases.len());
    let text = computed.to_text();
    assert!(text.ends_with(&format!("total {}\n", computed.total_nodes())));
    let parsed = Signature::parse(&text, Path::new("signature.txt")).unwrap();
    assert_eq!(parsed, computed);
    let check = parsed.check(&signature().unwrap());
    assert!(check.passed(), "{}", check.report());
    assert_eq!(check.exit_code(), 0);
    assert!(check.report().contains("signature ok"));
    // Both layouts of one tree examine the same positions.
    let case = |name: &str| computed.cases.iter().find(|c| c.name == name).unwrap();
    assert_eq!(
        case("random-d8-h6-s1/f2").nodes,
        case("random-d8-h6-s1-arena/f2").nodes
    );
}

#[test]
fn a_changed_count_is_reported_by_name() {
    let computed = signature().unwrap();
    let mut expected = computed.clone();
    expected.cases[5].nodes += 1;
    let name = expected.cases[5].name.clone();
    expected.cases.remove(0);
    expected.cases.push(abbench_measure::SignatureCase {
        name: "gone/f2".into(),
        value: 0,
        nodes: 1,
        leaves: 1,
    });
    let check = expected.check(&computed);
    assert!(!check.passed());
    assert_eq!(check.exit_code(), 1);
    let report = check.report();
    assert!(report.contains(&format!("changed {name}")), "{report}");
    assert!(report.contains("missing gone/f2"), "{report}");
    assert!(
        report.contains(&format!("extra {}", computed.cases[0].name)),
        "{report}"
    );
    assert!(report.contains("MISMATCH"), "{report}");
}

#[test]
fn malformed_signature_files_are_errors() {
    let path = Path::new("sig.txt");
    let bad = |text: &str| match Signature::parse(text, path) {
        Err(MeasureError::File(FileError::BadInput { line, .. })) => line,
        other => panic!("expected BadInput, got {other:?}"),
    };
    assert_eq!(bad("# only a comment\n"), 0);
    assert_eq!(bad("a/f2 1 2 3\nb/f2 x 2 3\ntotal 4\n"), 2);
    assert_eq!(bad("a/f2 1 2\ntotal 2\n"), 1);
    assert_eq!(bad("a/f2 1 2 3\ntotal 5\n"), 0);
    assert_eq!(bad("a/f2 1 2 3\ntotal 2\nb/f2 1 2 3\n"), 3);
    assert!(Signature::parse("# c\na/f2 -4 2 3\n\ntotal 2\n", path).is_ok());
}
