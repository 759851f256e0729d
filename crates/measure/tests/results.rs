//! `results.jsonl` is read strictly: every malformed or foreign line is an error naming
//! the file and the line; a torn last line (no newline) is left out and named.

use crate::common;

use abbench_results::{FileError, ResultsWriter, parse_results, read_results, results_text};
use std::path::Path;

fn error_line(text: &str) -> (usize, String) {
    match parse_results(text, Path::new("r.jsonl")) {
        Err(FileError::BadInput {
            path,
            line,
            message,
        }) => {
            assert_eq!(path, Path::new("r.jsonl"));
            (line, message)
        }
        other => panic!("expected BadInput, got {other:?}"),
    }
}

#[test]
fn written_records_read_back_equal() {
    let records = common::small_records();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("results.jsonl");
    let mut writer = ResultsWriter::create(&path).unwrap();
    for r in &records {
        writer.write(r).unwrap();
    }
    assert_eq!(writer.written(), records.len());
    drop(writer);
    assert_eq!(read_results(&path).unwrap().records, records);
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        results_text(&records)
    );
}

#[test]
fn malformed_input_names_the_line() {
    let records = common::small_records();
    let good = results_text(&records[..3]);
    let lines: Vec<&str> = good.lines().collect();

    let (line, message) = error_line("");
    assert_eq!(line, 0);
    assert!(message.contains("empty"), "{message}");

    // A record cut off in the middle, as an interrupted write would leave it: the whole
    // lines before it are kept, and it is named.
    let truncated = format!(
        "{}\n{}\n{}",
        lines[0],
        lines[1],
        &lines[2][..lines[2].len() / 2]
    );
    let torn = parse_results(&truncated, Path::new("r.jsonl")).unwrap();
    assert_eq!(torn.records, records[..2]);
    assert_eq!(torn.torn_line, Some(3));
    let note = torn.torn_note().unwrap();
    assert!(
        note.starts_with("line 3 of results.jsonl is torn"),
        "{note}"
    );
    // A torn line is the last one only: one cut off before another is malformed.
    let torn_within = format!("{}\n{}\n{}\n", lines[0], &lines[1][..10], lines[2]);
    assert_eq!(error_line(&torn_within).0, 2);
    let only_torn = parse_results(&lines[0][..10], Path::new("r.jsonl")).unwrap();
    assert!(only_torn.is_empty());
    assert_eq!(only_torn.torn_line, Some(1));

    let garbage = format!("{}\nnot json at all\n{}\n", lines[0], lines[1]);
    assert_eq!(error_line(&garbage).0, 2);

    let blank = format!("{}\n\n{}\n", lines[0], lines[1]);
    assert_eq!(error_line(&blank).0, 2);

    let schema = format!(
        "{}\n{}\n",
        lines[0],
        lines[1].replace("\"schema\":1", "\"schema\":2")
    );
    let (line, message) = error_line(&schema);
    assert_eq!(line, 2);
    assert!(message.contains("schema 2"), "{message}");

    let incomplete = format!("{}\n{{\"schema\":1,\"algo\":\"f2\"}}\n", lines[0]);
    assert_eq!(error_line(&incomplete).0, 2);

    // Complete JSON without its newline: still a cut-off line.
    let cut = parse_results(good.trim_end(), Path::new("r.jsonl")).unwrap();
    assert_eq!(cut.records, records[..2]);
    assert_eq!(cut.torn_line, Some(3));
    assert_eq!(
        parse_results(&good, Path::new("r.jsonl"))
            .unwrap()
            .torn_line,
        None
    );

    let missing = read_results(Path::new("/nonexistent/results.jsonl"));
    assert!(matches!(missing, Err(FileError::Io { .. })));
}
