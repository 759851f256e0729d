//! The `results.jsonl` reader on arbitrary text: it must return records or an error
//! naming a line (and name a torn last line) — never panic — and records it accepts
//! must write back to a text that reads as the same records.

#![no_main]

use abbench_results::parse_results;
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(results) = parse_results(text, Path::new("fuzz.jsonl")) else {
        return;
    };
    if results.is_empty() {
        // Only a torn line: named, and nothing to write back.
        assert!(results.torn_line.is_some());
        return;
    }
    let again = parse_results(&results.to_text(), Path::new("again.jsonl"))
        .expect("written records read back");
    assert_eq!(again.torn_line, None);
    assert_eq!((again.records, again.unfinished), (results.records, results.unfinished));
});
