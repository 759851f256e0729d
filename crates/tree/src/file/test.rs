//! Tests of `.tree` reading and writing: every error class with its line and column,
//! the viewpoint conversion, the layout of written files and round trips.

use super::*;
use crate::models::{BranchSumStaticTree, OrderedTree, RandomTree, WorstTree};
use crate::{GameTree, MAX_HEIGHT, MoveNumbers, TreeError, Value, first_difference};

const BUDGET: u64 = 1 << 30;

/// The line, column and message of parsing `text`, which must fail.
fn error_of(text: &str) -> (usize, usize, String) {
    match parse_tree(text.as_bytes(), "t.tree", BUDGET) {
        Err(TreeError::Parse {
            path,
            line,
            column,
            message,
        }) => {
            assert_eq!(path, "t.tree");
            (line, column, message)
        }
        other => panic!("expected a parse error for {text:?}, got {other:?}"),
    }
}

fn assert_error(text: &str, line: usize, column: usize, words: &str) {
    let (l, c, message) = error_of(text);
    assert_eq!((l, c), (line, column), "position for {text:?}: {message}");
    assert!(
        message.contains(words),
        "message for {text:?} should contain {words:?}: {message}"
    );
}

#[test]
fn every_malformed_class_names_line_and_column() {
    assert_error(
        "(1 2",
        1,
        5,
        "expected ')' to close the list opened at line 1, column 1",
    );
    assert_error("(1\n (2 3)\n", 3, 1, "opened at line 1, column 1");
    assert_error(")", 1, 1, "no list is open");
    assert_error("(1 ())", 1, 5, "empty list");
    assert_error("()", 1, 2, "empty list");
    assert_error(
        "(1 x2)",
        1,
        4,
        "expected an integer, '(' or ')', found \"x2\"",
    );
    assert_error("(1\n  2\n  3.5)", 3, 3, "found \"3.5\"");
    assert_error("(1 - 2)", 1, 4, "found \"-\"");
    assert_error("(1 4611686018427387904)", 1, 4, "out of range");
    assert_error("(-4611686018427387904)", 1, 2, "out of range");
    assert_error("(1 99999999999999999999999999999)", 1, 4, "out of range");
    assert_error(
        "(1 2) 3",
        1,
        7,
        "expected end of input after the tree, found integer 3",
    );
    assert_error("(1 2))", 1, 6, "found ')'");
    assert_error("5 (", 1, 3, "found '('");
    assert_error(
        "",
        1,
        1,
        "expected a tree (an integer or '('), found end of input",
    );
    assert_error("# only\n  # comments\n", 3, 1, "found end of input");
    assert_error("(1 é)", 1, 4, "found \"é\"");
    assert_error("(1 # ééé", 1, 9, "expected ')'");
}

#[test]
fn extreme_integers_are_read() {
    let max = (1i64 << 62) - 1;
    let arena = parse_tree(format!("({max} -{max} +7)").as_bytes(), "t", BUDGET).unwrap();
    let root = arena.root();
    let c = arena.children(root);
    let values: Vec<Value> = (0..3)
        .map(|i| arena.value(arena.child(root, &c, i)))
        .collect();
    // Depth 1: negated to the mover's viewpoint.
    assert_eq!(values, vec![-max, max, -7]);
}

#[test]
fn depth_is_limited_without_recursion() {
    let ok = format!(
        "{}1{}",
        "(".repeat(MAX_HEIGHT as usize),
        ")".repeat(MAX_HEIGHT as usize)
    );
    let arena = parse_tree(ok.as_bytes(), "t", BUDGET).unwrap();
    assert_eq!(arena.height(), MAX_HEIGHT);
    let deep = MAX_HEIGHT as usize + 1;
    let too_deep = format!("{}1{}", "(".repeat(deep), ")".repeat(deep));
    assert_error(
        &too_deep,
        1,
        deep + 1,
        "deeper than the maximum height 1024",
    );
    let million = "(".repeat(1_000_000);
    assert_error(&million, 1, deep + 1, "deeper than the maximum height");
}

#[test]
fn leaves_at_odd_depth_are_negated() {
    let arena = parse_tree(b"# c\n(3 (4 5) -6)", "t", BUDGET).unwrap();
    let root = arena.root();
    let rc = arena.children(root);
    assert_eq!(arena.degree(root), 3);
    assert_eq!(arena.value(arena.child(root, &rc, 0)), -3);
    let mid = arena.child(root, &rc, 1);
    let mc = arena.children(mid);
    assert_eq!(arena.value(arena.child(mid, &mc, 0)), 4);
    assert_eq!(arena.value(arena.child(root, &rc, 2)), 6);
    assert_eq!(arena.height(), 2);
    let single = parse_tree(b"-17", "t", BUDGET).unwrap();
    assert_eq!(single.degree(single.root()), 0);
    assert_eq!(single.value(single.root()), -17);
}

#[test]
fn reading_respects_the_budget() {
    assert!(matches!(
        parse_tree(b"(1 2 3)", "t", 10),
        Err(TreeError::OverBudget { .. })
    ));
}

#[test]
fn header_comments_are_the_leading_comment_lines() {
    let text = b"\n# first\n#second\n   #  third  \n#\n(1 2) # not this\n# nor this\n";
    assert_eq!(header_comments(text), vec!["first", "second", " third", ""]);
    assert!(header_comments(b"(1)").is_empty());
}

#[test]
fn written_layout_is_one_root_child_per_line() {
    let tree = WorstTree::new(2, 2, 1);
    let text = tree_to_string(&tree, &["worst".to_string(), String::new()]).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "# worst");
    assert_eq!(lines[1], "#");
    assert_eq!(lines[2], "(");
    assert!(lines[3].starts_with("  (") && lines[3].ends_with(')'));
    assert!(lines[4].starts_with("  ("));
    assert_eq!(lines[5], ")");
    assert_eq!(lines.len(), 6);
    let leaf = tree_to_string(&WorstTree::new(2, 0, 1), &[]).unwrap();
    assert_eq!(leaf.lines().count(), 1);
}

#[test]
fn long_lines_are_wrapped() {
    let tree = RandomTree::new(40, 3, 2, 1 << 32);
    let text = tree_to_string(&tree, &[]).unwrap();
    for line in text.lines() {
        assert!(line.len() <= LINE_WIDTH + 3, "line too long: {line}");
    }
    assert!(text.lines().count() > 40 + 2);
    let back = parse_tree(text.as_bytes(), "t", BUDGET).unwrap();
    assert_eq!(first_difference(&tree, &back, MoveNumbers::Compare), None);
}

#[test]
fn round_trips_reproduce_tree_and_text() {
    let header = vec!["round trip".to_string()];
    let variable = OrderedTree::new(3, 5, 4, 0.3, 50, 1, 4, 0.25);
    let text = tree_to_string(&variable, &header).unwrap();
    let back = parse_tree(text.as_bytes(), "t", BUDGET).unwrap();
    assert_eq!(
        first_difference(&variable, &back, MoveNumbers::Compare),
        None
    );
    assert_eq!(tree_to_string(&back, &header).unwrap(), text);

    // A static search order is written in search order; the move numbers are not kept.
    let reordered = BranchSumStaticTree::new(3, 4, 8, 100);
    let text = tree_to_string(&reordered, &header).unwrap();
    let back = parse_tree(text.as_bytes(), "t", BUDGET).unwrap();
    assert_eq!(
        first_difference(&reordered, &back, MoveNumbers::Ignore),
        None
    );
    assert!(first_difference(&reordered, &back, MoveNumbers::Compare).is_some());
}

/// A tree with a single leaf of any value.
struct OneLeaf(Value);

impl GameTree for OneLeaf {
    type Node = ();
    type Children = ();
    fn root(&self) {}
    fn height(&self) -> u32 {
        0
    }
    fn max_degree(&self) -> usize {
        0
    }
    fn depth(&self, _: ()) -> u32 {
        0
    }
    fn degree(&self, _: ()) -> usize {
        0
    }
    fn children(&self, _: ()) {}
    fn child(&self, _: (), _: &(), _: usize) {}
    fn move_number(&self, _: (), _: &(), _: usize) -> usize {
        0
    }
    fn value(&self, _: ()) -> Value {
        self.0
    }
}

#[test]
fn values_a_file_cannot_hold_are_refused() {
    let mut out = Vec::new();
    let err = write_tree(&OneLeaf(1 << 62), &[], &mut out).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
    assert!(tree_to_string(&OneLeaf((1 << 62) - 1), &[]).is_ok());
}

#[test]
fn a_failed_write_leaves_no_file() {
    let dir = std::env::temp_dir().join(format!("abbench-tree-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.tree");
    assert!(write_tree_file(&OneLeaf(i64::MAX), &[], &path).is_err());
    assert!(!path.exists());
    let missing = dir.join("no-such-dir").join("x.tree");
    assert!(matches!(
        write_tree_file(&OneLeaf(1), &[], &missing),
        Err(TreeError::Io { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_larger_than_the_budget_is_not_read_whole() {
    let dir = std::env::temp_dir().join(format!("abbench-budget-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("big.tree");
    std::fs::write(&path, format!("({})", "1 ".repeat(1000))).unwrap();
    assert!(matches!(
        read_tree_file(&path, 100),
        Err(TreeError::OverBudget {
            needed_bytes: 2002,
            budget_bytes: 100
        })
    ));
    assert!(read_tree_file(&path, 1 << 20).is_ok());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn garbage_is_named_at_its_first_word_before_the_file_is_read_whole() {
    let dir = tempfile::tempdir().unwrap();
    let zeros = dir.path().join("zeros.tree");
    std::fs::write(&zeros, vec![0u8; 1 << 20]).unwrap();
    // A budget the 1 MiB file fits in would otherwise read it whole and then fail on
    // the arena size; the first word is wrong, and said to be.
    let err = read_tree_file(&zeros, 1 << 30).unwrap_err().to_string();
    assert!(err.contains("zeros.tree:1:1: expected an integer"), "{err}");
    assert!(err.contains("\\0"), "the NUL is shown: {err}");
    // Even when the budget is smaller than the file.
    let err = read_tree_file(&zeros, 1000).unwrap_err().to_string();
    assert!(err.contains(":1:1:"), "{err}");
    // Junk that starts well into the text and runs past the checked beginning.
    let late = dir.path().join("late.tree");
    let mut text = b"(1 2\n(3 ".to_vec();
    text.extend(std::iter::repeat_n(b'x', 100_000));
    std::fs::write(&late, &text).unwrap();
    let err = read_tree_file(&late, 1000).unwrap_err().to_string();
    assert!(err.contains("late.tree:2:4: expected an integer"), "{err}");
    // Digits cut by the end of the beginning are not an error; the file is read whole.
    let long = dir.path().join("long.tree");
    let mut text = b"(".to_vec();
    while text.len() < (64 << 10) + 10 {
        text.extend_from_slice(b"12345 ");
    }
    text.extend_from_slice(b")\n");
    std::fs::write(&long, &text).unwrap();
    assert!(read_tree_file(&long, 1 << 30).is_ok());
}

#[test]
fn only_a_regular_file_is_read() {
    for (path, kind) in [("/dev/zero", "a device"), ("/tmp", "a folder")] {
        let err = read_tree_file(std::path::Path::new(path), 1 << 30)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(&format!("not a regular file ({kind})")),
            "{path}: {err}"
        );
        let err = crate::file::read_header_comments(std::path::Path::new(path))
            .unwrap_err()
            .to_string();
        assert!(err.contains("not a regular file"), "{path}: {err}");
    }
}
