//! The `.tree` reader on arbitrary bytes: it must return a tree or an error — never
//! panic, overflow its stack or allocate past its budget — and whatever it accepts must
//! write back to a text that reads as the same tree.

#![no_main]

use abbench_tree::file::{header_comments, parse_tree, tree_to_string};
use abbench_tree::{MoveNumbers, first_difference};
use libfuzzer_sys::fuzz_target;

/// The arena budget: small, so that the budget check is exercised as often as parsing.
const BUDGET: u64 = 1 << 16;

fuzz_target!(|data: &[u8]| {
    let _ = header_comments(data);
    if let Ok(tree) = parse_tree(data, "fuzz", BUDGET) {
        let text = tree_to_string(&tree, &[]).expect("an accepted tree writes");
        let again = parse_tree(text.as_bytes(), "again", BUDGET).expect("written text reads");
        assert_eq!(first_difference(&tree, &again, MoveNumbers::Compare), None);
    }
});
