//! The specification's test vectors (`tests/data/vectors.txt`, SPEC.md "Test vectors"):
//! the data file is what the slow reference computes, and the crate's hash and models
//! reproduce both. Set `ABBENCH_REGENERATE_VECTORS=1` to rewrite the file from the
//! reference after a deliberate change of the list of vectors.

use crate::reference;
use crate::support;

use abbench_tree::file::tree_to_string;
use abbench_tree::hash::{child_key, mix64, root_key};
use abbench_tree::{GameTree, Layout, ModelSpec, TreeSpec, TreeVisitor};
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::SplitMix64;
use reference::{Params, Vectors, parse_vectors};
use support::{Collect, model_spec};

fn data_file() -> Vectors {
    let text = std::fs::read_to_string(reference::vectors_path()).expect("the vectors file");
    parse_vectors(&text)
}

#[test]
fn data_file_is_what_the_reference_computes() {
    let computed = reference::generate_vectors();
    if std::env::var_os("ABBENCH_REGENERATE_VECTORS").is_some() {
        std::fs::write(reference::vectors_path(), &computed).unwrap();
    }
    let stored = std::fs::read_to_string(reference::vectors_path()).unwrap();
    assert_eq!(
        stored, computed,
        "tests/data/vectors.txt differs from the reference"
    );
}

#[test]
fn reference_mix64_is_splitmix64() {
    // The well-known first output of SplitMix64 seeded with 0.
    assert_eq!(reference::mix64(0), 0xE220_A839_7B1D_CDAF);
    for z in [0u64, 1, 42, u64::MAX, 0x1234_5678_9ABC_DEF0] {
        let mut rng = SplitMix64::seed_from_u64(z);
        assert_eq!(reference::mix64(z), rng.next_u64(), "z = {z:#x}");
        for i in 1..4 {
            assert_eq!(
                reference::child_key(z, i),
                rng.next_u64(),
                "z = {z:#x}, i = {i}"
            );
        }
    }
}

#[test]
fn crate_hash_matches_the_vectors() {
    let v = data_file();
    assert_eq!(v.mix64.len(), 4);
    for (input, output) in v.mix64 {
        assert_eq!(mix64(input), output, "mix64({input:#x})");
    }
    for (seed, key) in v.root_keys {
        assert_eq!(root_key(seed), key, "root key of seed {seed}");
    }
    assert_eq!(v.child_keys.len(), 4);
    for (seed, i, key) in v.child_keys {
        assert_eq!(
            child_key(root_key(seed), i),
            key,
            "child {i} of seed {seed}"
        );
    }
}

/// Leaves, paths, root value and `.tree` tokens of a crate tree.
struct Summary;

impl TreeVisitor for Summary {
    type Output = (Vec<i64>, Vec<String>, i64, Vec<String>);
    fn visit<T: GameTree>(self, tree: &T) -> Self::Output {
        let (visits, root) = Collect.visit(tree);
        let mut path: Vec<usize> = Vec::new();
        let (mut leaves, mut paths) = (Vec::new(), Vec::new());
        for v in &visits {
            path.truncate(v.depth.saturating_sub(1) as usize);
            if v.depth > 0 {
                path.push(v.move_number);
            }
            if v.degree == 0 {
                leaves.push(v.value);
                let p: Vec<String> = path.iter().map(|m| m.to_string()).collect();
                paths.push(if p.is_empty() {
                    "-".into()
                } else {
                    p.join(".")
                });
            }
        }
        let text = tree_to_string(tree, &["a comment".to_string()]).unwrap();
        (leaves, paths, root, reference::tokens(&text))
    }
}

#[test]
fn crate_models_match_the_vectors_in_both_layouts() {
    let v = data_file();
    assert_eq!(v.trees.len(), reference::VECTOR_TREES.len());
    for tree in &v.trees {
        let spec: ModelSpec = model_spec(&Params::parse(&tree.params));
        assert_eq!(
            spec.to_string(),
            tree.params,
            "the spec's display names the tree"
        );
        for layout in [Layout::Implicit, Layout::Arena] {
            let (leaves, paths, root, tokens) = TreeSpec::model(spec.clone(), layout)
                .visit(1 << 30, Summary)
                .unwrap();
            let what = format!("{} ({layout})", tree.params);
            assert_eq!(leaves, tree.leaves, "leaves of {what}");
            assert_eq!(paths, tree.paths, "paths of {what}");
            assert_eq!(root, tree.root, "root value of {what}");
            assert_eq!(
                tokens,
                reference::tokens(&tree.text),
                ".tree text of {what}"
            );
        }
    }
}

/// `(2020…20)_3` for even `h`, `-(0202…20)_3` for odd `h`: the digits alternate 2, 0 from
/// the least significant end upward, starting with 0 (the last move is the opponent's
/// best, digit 0) and the root's digit is 2 when `h` is even.
fn dependent_ternary_answer(height: u32) -> i64 {
    let mut v: i64 = 0;
    for l in 1..=height {
        // Digit of move l (weight 3^(h-l)): 2 when the root player makes it (l odd) for
        // even h, and likewise counted from the bottom for odd h.
        let digit = if (height - l) % 2 == 1 { 2 } else { 0 };
        v = v * 3 + digit;
    }
    if height.is_multiple_of(2) { v } else { -v }
}

#[test]
fn dependent_known_answer_with_degree_three() {
    assert_eq!(dependent_ternary_answer(2), 6); // (20)_3
    assert_eq!(dependent_ternary_answer(4), 60); // (2020)_3
    assert_eq!(dependent_ternary_answer(3), -6); // -(020)_3
    assert_eq!(dependent_ternary_answer(5), -60); // -(02020)_3
    for height in 1..=7 {
        for seed in 0..4 {
            let expected = dependent_ternary_answer(height);
            let reference_root = reference::negamax(&reference::build(&Params::new(
                "dependent",
                3,
                height,
                seed,
            )));
            assert_eq!(
                reference_root, expected,
                "reference, h = {height}, seed {seed}"
            );
            let spec = ModelSpec::new(abbench_tree::Model::Dependent, 3, height, seed);
            let (_, root) = spec.visit_implicit(Collect).unwrap();
            assert_eq!(root, expected, "crate model, h = {height}, seed {seed}");
        }
    }
}

#[test]
fn spec_document_lists_the_same_vectors() {
    let spec = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/SPEC.md")).unwrap();
    let spec_lines: std::collections::HashSet<&str> = spec.lines().collect();
    let stored = std::fs::read_to_string(reference::vectors_path()).unwrap();
    for line in stored.lines() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        assert!(
            spec_lines.contains(line),
            "SPEC.md is missing the vector line {line:?}"
        );
    }
}
