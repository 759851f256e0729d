//! The `results.jsonl` reader on hostile text — real records with bytes changed,
//! inserted, deleted or cut, and text of no shape at all: it returns the records (and
//! names a torn last line) or an error naming a line, never panics, and whatever it
//! accepts writes back to a text that reads as the same records. (`fuzz/fuzz_targets/results_jsonl.rs` searches the same
//! property with libFuzzer, unbounded.)

use abbench_results::parse_results;
use proptest::prelude::*;
use std::path::Path;

/// Real records: the first lines of a committed run.
fn real_text() -> String {
    let text = include_str!("data/runs/2026-11-22-vm/results.jsonl");
    text.lines().take(12).map(|l| format!("{l}\n")).collect()
}

/// The reader's verdict on `text`, checked: an accepted text round-trips, a refused one
/// names a line of the text.
fn check(text: &str) -> Result<(), TestCaseError> {
    match parse_results(text, Path::new("hostile.jsonl")) {
        // A torn last line is named and left out; the whole lines write back whole.
        Ok(results) if results.is_empty() => prop_assert!(results.torn_line.is_some()),
        Ok(results) => {
            let again = parse_results(&results.to_text(), Path::new("again.jsonl"))
                .map_err(|e| TestCaseError::fail(format!("written records do not read: {e}")))?;
            prop_assert_eq!(again.torn_line, None);
            prop_assert_eq!(again.records, results.records);
            prop_assert_eq!(again.unfinished, results.unfinished);
        }
        Err(error) => {
            let message = error.to_string();
            prop_assert!(message.starts_with("hostile.jsonl:"), "{}", message);
            prop_assert_eq!(message.lines().count(), 1, "{}", message);
        }
    }
    Ok(())
}

/// One edit of a text: replace, insert or delete a byte (from characters JSON gives
/// meaning to, digits and a few hostile ones), or cut the text.
#[derive(Clone, Debug)]
enum Edit {
    Replace(usize, char),
    Insert(usize, char),
    Delete(usize),
    Cut(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let c = prop::sample::select(
        "{}[]\":,.-+0123456789eE \n\0\\tnuflsa\u{7f}é𝄞"
            .chars()
            .collect::<Vec<_>>(),
    );
    prop_oneof![
        (any::<usize>(), c.clone()).prop_map(|(i, c)| Edit::Replace(i, c)),
        (any::<usize>(), c).prop_map(|(i, c)| Edit::Insert(i, c)),
        any::<usize>().prop_map(Edit::Delete),
        any::<usize>().prop_map(Edit::Cut),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let n = chars.len().max(1);
        match *e {
            Edit::Replace(i, c) if !chars.is_empty() => chars[i % n] = c,
            Edit::Insert(i, c) => chars.insert(i % (chars.len() + 1), c),
            Edit::Delete(i) if !chars.is_empty() => {
                chars.remove(i % n);
            }
            Edit::Cut(i) => chars.truncate(i % (chars.len() + 1)),
            _ => {}
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn edited_records_are_read_or_refused_by_line(edits in prop::collection::vec(edit(), 1..6)) {
        check(&apply(&real_text(), &edits))?;
    }

    #[test]
    fn arbitrary_text_is_read_or_refused_by_line(text in "\\PC{0,200}") {
        check(&text)?;
    }
}

#[test]
fn the_unedited_records_are_accepted() {
    let text = real_text();
    let results = parse_results(&text, Path::new("real.jsonl")).unwrap();
    assert_eq!(results.records.len(), 12);
    check(&text).unwrap();
}
