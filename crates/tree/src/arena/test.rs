//! Tests of the arenas: layout, equality with the source, budgets and limits.

use super::budget::{check_budget_on, mem_total_bytes};
use super::*;
use crate::models::{BranchSumStaticTree, OrderedTree, RandomTree, WorstTree};
use crate::{
    GameTree, Layout, Model, ModelSpec, MoveNumbers, TreeError, TreeSpec, TreeVisitor,
    first_difference,
};

const BUDGET: u64 = 1 << 30;

#[test]
fn meminfo_total_is_read_in_bytes() {
    let text = "MemFree:  100 kB\nMemTotal:       24684096 kB\nSwapTotal: 0 kB\n";
    assert_eq!(mem_total_bytes(text), Some(24_684_096 * 1024));
    assert_eq!(mem_total_bytes("MemTotal: lots kB"), None);
    assert_eq!(mem_total_bytes("nothing here"), None);
    assert_eq!(mem_total_bytes("MemTotal: 0 kB"), None);
    assert!(default_memory_budget() > 0);
}

#[test]
fn uniform_arena_is_in_heap_order() {
    let tree = RandomTree::new(3, 2, 7, 1000);
    let arena = UniformArena::build(&tree, BUDGET).unwrap();
    assert_eq!(arena.nodes(), 13);
    assert_eq!(arena.move_numbers(), None);
    let root = arena.root();
    let children = arena.children(root);
    assert_eq!(children, 1);
    for i in 0..3 {
        let child = arena.child(root, &children, i);
        assert_eq!(child.index, 1 + i);
        assert_eq!(arena.children(child), 3 * (1 + i) + 1);
    }
    // Leaves left to right are the model's leaves in search order.
    let mut expected = Vec::new();
    let _ = crate::walk_preorder(&tree, |step| {
        if let crate::Step::Enter {
            node, degree: 0, ..
        } = step
        {
            expected.push(tree.value(node));
        }
        std::ops::ControlFlow::<()>::Continue(())
    });
    assert_eq!(expected.len(), 9);
    assert_eq!(arena.leaf_values(), &expected[..]);
    assert_eq!(first_difference(&tree, &arena, MoveNumbers::Compare), None);
}

#[test]
fn uniform_arena_keeps_move_numbers_of_a_static_order() {
    let tree = BranchSumStaticTree::new(4, 3, 3, 50);
    let arena = UniformArena::build(&tree, BUDGET).unwrap();
    let moves = arena.move_numbers().expect("static order is not natural");
    assert_eq!(moves.len(), arena.nodes() - 1);
    assert_eq!(first_difference(&tree, &arena, MoveNumbers::Compare), None);
}

#[test]
fn degenerate_shapes() {
    for (d, h) in [(1, 0), (5, 0), (1, 1), (1, 9), (2, 1)] {
        let tree = WorstTree::new(d, h, 3);
        let uniform = UniformArena::build(&tree, BUDGET).unwrap();
        let ragged = RaggedArena::build(&tree, BUDGET).unwrap();
        assert_eq!(
            first_difference(&tree, &uniform, MoveNumbers::Compare),
            None
        );
        assert_eq!(first_difference(&tree, &ragged, MoveNumbers::Compare), None);
        assert_eq!(ragged.height(), h);
    }
}

#[test]
fn ragged_arena_holds_variable_branching() {
    let tree = OrderedTree::new(4, 6, 11, 0.5, 100, 1, 6, 0.2);
    let arena = RaggedArena::build(&tree, BUDGET).unwrap();
    assert_eq!(first_difference(&tree, &arena, MoveNumbers::Compare), None);
    assert!(arena.max_degree() <= 6);
    assert!(matches!(
        UniformArena::build(&tree, BUDGET),
        Err(TreeError::NotUniform { .. })
    ));
}

#[test]
fn ragged_arena_keeps_move_numbers_of_a_static_order() {
    let tree = BranchSumStaticTree::new(3, 4, 5, 7);
    let arena = RaggedArena::build(&tree, BUDGET).unwrap();
    assert!(arena.move_numbers().is_some());
    assert_eq!(first_difference(&tree, &arena, MoveNumbers::Compare), None);
}

#[test]
fn budgets_are_checked_before_allocating() {
    let tree = RandomTree::new(4, 6, 1, 1 << 32);
    match UniformArena::build(&tree, 100) {
        Err(TreeError::OverBudget {
            needed_bytes,
            budget_bytes,
        }) => {
            assert_eq!(needed_bytes, 4096 * 8);
            assert_eq!(budget_bytes, 100);
        }
        other => panic!("expected over budget, got {other:?}"),
    }
    // A ragged source far too large to walk is refused as soon as the count passes the
    // budget, not after counting all of it.
    let huge = OrderedTree::new(64, 12, 1, 1.0, 10, 60, 64, 0.0);
    let started = std::time::Instant::now();
    assert!(matches!(
        RaggedArena::build(&huge, 1 << 20),
        Err(TreeError::OverBudget { .. })
    ));
    assert!(started.elapsed().as_secs() < 5);
}

#[test]
fn ragged_index_range_is_checked() {
    let counts = [1u64, 1 << 31, 1 << 31];
    assert!(matches!(
        RaggedBuilder::new(&counts, false, u64::MAX),
        Err(TreeError::TooLarge { .. })
    ));
}

#[test]
fn estimates_match_the_arrays() {
    let spec = ModelSpec::new(Model::Random, 3, 5, 1);
    let arena = Arena::from_model(&spec, BUDGET).unwrap();
    assert!(matches!(arena, Arena::Uniform(_)));
    assert_eq!(model_arena_bytes(&spec), Some(arena.heap_bytes()));
    assert_eq!(uniform_arena_bytes(2, 3, true), Some(8 * 8 + 14 * 2));
    assert_eq!(ragged_arena_bytes(10, false), Some(10 * 12 + 4));
    assert_eq!(uniform_arena_bytes(65536, 1024, false), None);
}

#[test]
fn model_arena_picks_the_layout_by_shape() {
    let variable = ModelSpec {
        degree_min: Some(1),
        degree_max: Some(4),
        ..ModelSpec::new(Model::Ordered, 3, 4, 2)
    };
    assert!(matches!(
        Arena::from_model(&variable, BUDGET),
        Ok(Arena::Ragged(_))
    ));
    let bad = ModelSpec::new(Model::Random, 0, 4, 2);
    assert!(matches!(
        Arena::from_model(&bad, BUDGET),
        Err(TreeError::InvalidParameter { .. })
    ));
}

/// Counts the positions of whatever tree it visits.
struct CountNodes;

impl TreeVisitor for CountNodes {
    type Output = u64;
    fn visit<T: GameTree>(self, tree: &T) -> u64 {
        crate::TreeStats::of(tree).nodes()
    }
}

#[test]
fn tree_spec_visits_either_layout() {
    let spec = ModelSpec::new(Model::Dependent, 3, 4, 9);
    for layout in [Layout::Implicit, Layout::Arena] {
        let tree = TreeSpec::model(spec.clone(), layout);
        assert_eq!(tree.visit(BUDGET, CountNodes).unwrap(), 121);
    }
    let over = TreeSpec::model(spec, Layout::Arena);
    assert!(matches!(
        over.visit(10, CountNodes),
        Err(TreeError::OverBudget { .. })
    ));
}

#[test]
fn an_arena_larger_than_the_machine_is_refused_whatever_the_budget() {
    let gib = 1u64 << 30;
    let memory = Some(24 * gib);
    assert!(check_budget_on(Some(gib), u64::MAX, memory).is_ok());
    let err = check_budget_on(Some(512 * gib), 1 << 40, memory).unwrap_err();
    assert!(matches!(err, TreeError::TooLarge { .. }), "{err}");
    assert!(
        err.to_string().contains("more than this machine's"),
        "{err}"
    );
    // The budget is checked first: a tree over it says so.
    let err = check_budget_on(Some(512 * gib), gib, memory).unwrap_err();
    assert!(matches!(err, TreeError::OverBudget { .. }), "{err}");
    // Memory unknown: the budget alone decides.
    assert!(check_budget_on(Some(512 * gib), 1 << 40, None).is_ok());
}
