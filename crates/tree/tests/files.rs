//! `.tree` files as a whole: the shipped Fig. 1, round trips over generated trees, and a
//! reader that never panics whatever bytes it is given.

use crate::reference;
use crate::support;

use abbench_tree::file::{header_comments, parse_tree, read_tree_file, tree_to_string};
use abbench_tree::{GameTree, ModelSpec, MoveNumbers, TreeError, first_difference};
use proptest::prelude::*;
use std::path::Path;
use support::{model_spec, negamax, small_tree, visits};

const BUDGET: u64 = 1 << 30;

const PI_DIGITS: &str =
    "314159265358979323846264338327950288419716939937510582097494459230781640628620899";

#[test]
fn knuth_fig1_is_the_digits_of_pi_with_root_value_two() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/knuth-fig1.tree");
    let arena = read_tree_file(&path, BUDGET).unwrap();
    let positions = visits(&arena);
    assert_eq!(positions.len(), 1 + 3 + 9 + 27 + 81);
    let leaves: Vec<i64> = positions
        .iter()
        .filter(|v| v.degree == 0)
        .map(|v| {
            assert_eq!(v.depth, 4, "every leaf at depth 4");
            v.value
        })
        .collect();
    let digits: Vec<i64> = PI_DIGITS.bytes().map(|b| i64::from(b - b'0')).collect();
    assert_eq!(leaves, digits);
    assert!(positions.iter().all(|v| v.degree == 0 || v.degree == 3));
    assert_eq!(negamax(&arena, arena.root()), 2);
}

#[test]
fn a_missing_file_is_an_io_error_naming_it() {
    let err = read_tree_file(Path::new("/no/such/file.tree"), BUDGET).unwrap_err();
    assert!(matches!(err, TreeError::Io { .. }));
    assert!(err.to_string().contains("/no/such/file.tree"));
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 200,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn write_then_read_gives_the_same_tree_and_text(p in small_tree()) {
        let spec: ModelSpec = model_spec(&p);
        let header = vec![spec.to_string()];
        let (text, again) = spec.visit_implicit(RoundTrip { header: header.clone() }).unwrap();
        prop_assert_eq!(&text, &again, "rewriting the read tree changes the text");
        // The text is what the reference writes, token for token.
        prop_assert_eq!(
            reference::tokens(&text),
            reference::tokens(&reference::text(&reference::build(&p)))
        );
    }

    #[test]
    fn the_reader_never_panics_on_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = parse_tree(&bytes, "fuzz", 1 << 20);
    }

    #[test]
    fn the_reader_never_panics_on_near_miss_text(
        text in "[()0-9 #\n+x-]{0,120}"
    ) {
        match parse_tree(text.as_bytes(), "fuzz", 1 << 20) {
            Ok(arena) => {
                // Whatever was accepted writes back to an equivalent tree.
                let written = tree_to_string(&arena, &[]).unwrap();
                let back = parse_tree(written.as_bytes(), "again", 1 << 20).unwrap();
                prop_assert_eq!(first_difference(&arena, &back, MoveNumbers::Compare), None);
            }
            Err(TreeError::Parse { line, column, .. }) => {
                prop_assert!(line >= 1 && column >= 1);
                let lines: Vec<&str> = text.split('\n').collect();
                prop_assert!(line <= lines.len());
                prop_assert!(column <= lines[line - 1].chars().count() + 1);
            }
            Err(other) => prop_assert!(false, "unexpected error {other}"),
        }
    }
}

/// Writes the tree, reads it back, compares and writes it again.
struct RoundTrip {
    header: Vec<String>,
}

impl abbench_tree::TreeVisitor for RoundTrip {
    type Output = (String, String);
    fn visit<T: GameTree>(self, tree: &T) -> Self::Output {
        let text = tree_to_string(tree, &self.header).unwrap();
        let back = parse_tree(text.as_bytes(), "round-trip", BUDGET).unwrap();
        assert_eq!(first_difference(tree, &back, MoveNumbers::Ignore), None);
        let again = tree_to_string(&back, &self.header).unwrap();
        (text, again)
    }
}

/// A change to a text: replace, insert or delete one byte at a position (both taken
/// modulo the text's length).
#[derive(Clone, Debug)]
enum Mutation {
    Replace(usize, u8),
    Insert(usize, u8),
    Delete(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let byte = prop_oneof![
        Just(b'('),
        Just(b')'),
        Just(b' '),
        Just(b'\n'),
        Just(b'-'),
        Just(b'#'),
        Just(b'9'),
        any::<u8>(),
    ];
    prop_oneof![
        (any::<usize>(), byte.clone()).prop_map(|(i, b)| Mutation::Replace(i, b)),
        (any::<usize>(), byte).prop_map(|(i, b)| Mutation::Insert(i, b)),
        any::<usize>().prop_map(Mutation::Delete),
    ]
}

fn mutate(text: &mut Vec<u8>, m: &Mutation) {
    match *m {
        Mutation::Replace(i, b) if !text.is_empty() => {
            let i = i % text.len();
            text[i] = b;
        }
        Mutation::Insert(i, b) => {
            let i = i % (text.len() + 1);
            text.insert(i, b);
        }
        Mutation::Delete(i) if !text.is_empty() => {
            let i = i % text.len();
            text.remove(i);
        }
        _ => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 300,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Valid files with a few bytes changed — the inputs most likely to reach deep into
    /// the reader — give a tree or a located error, never a panic, and never an arena
    /// over the budget: with a tiny budget the reader refuses rather than allocates.
    #[test]
    fn near_valid_files_give_a_tree_or_a_located_error(
        p in small_tree(),
        mutations in prop::collection::vec(mutation(), 1..6),
        tiny_budget in prop::bool::ANY,
    ) {
        let spec: ModelSpec = model_spec(&p);
        let (text, _) = spec.visit_implicit(RoundTrip { header: vec!["header".into()] }).unwrap();
        let mut bytes = text.into_bytes();
        for m in &mutations {
            mutate(&mut bytes, m);
        }
        let budget = if tiny_budget { 64 } else { 1 << 20 };
        match parse_tree(&bytes, "mutated", budget) {
            Ok(arena) => {
                let written = tree_to_string(&arena, &[]).unwrap();
                let back = parse_tree(written.as_bytes(), "again", 1 << 20).unwrap();
                prop_assert_eq!(first_difference(&arena, &back, MoveNumbers::Compare), None);
            }
            Err(TreeError::Parse { line, column, .. }) => {
                prop_assert!(line >= 1 && column >= 1);
                let lines = bytes.split(|&b| b == b'\n').count();
                prop_assert!(line <= lines, "line {} of {}", line, lines);
            }
            Err(TreeError::OverBudget { budget_bytes, .. }) => {
                prop_assert_eq!(budget_bytes, budget);
            }
            Err(other) => prop_assert!(false, "unexpected error {}", other),
        }
        // The header reader takes any bytes too.
        let _ = header_comments(&bytes);
    }
}
