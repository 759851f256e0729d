//! Property tests: the crate's models are the reference's trees, and the arena form of
//! every tree is the implicit form, position for position (degrees, children in search
//! order, move numbers, depths, leaf values).

use crate::reference;
use crate::support;

use abbench_tree::arena::{Arena, RaggedArena};
use abbench_tree::{
    GameTree, Layout, ModelSpec, MoveNumbers, TreeSpec, TreeStats, TreeVisitor, first_difference,
};
use proptest::prelude::*;
use support::{Collect, model_spec, small_tree};

const BUDGET: u64 = 1 << 30;

/// Compares the implicit tree it visits with its arenas.
struct ImplicitVsArena {
    spec: ModelSpec,
}

impl TreeVisitor for ImplicitVsArena {
    type Output = Result<(), String>;
    fn visit<T: GameTree>(self, implicit: &T) -> Self::Output {
        let arena = Arena::from_model(&self.spec, BUDGET).map_err(|e| e.to_string())?;
        let uniform = matches!(arena, Arena::Uniform(_));
        if uniform != self.spec.is_uniform() {
            return Err(format!("uniform arena {uniform} for {}", self.spec));
        }
        let diff = arena.visit(Diff { other: implicit });
        if let Some(d) = diff {
            return Err(format!("arena differs from the model {}: {d}", self.spec));
        }
        // Any shape also goes into the ragged layout.
        let ragged = RaggedArena::build(implicit, BUDGET).map_err(|e| e.to_string())?;
        if let Some(d) = first_difference(implicit, &ragged, MoveNumbers::Compare) {
            return Err(format!(
                "ragged arena differs from the model {}: {d}",
                self.spec
            ));
        }
        Ok(())
    }
}

struct Diff<'a, T> {
    other: &'a T,
}

impl<U: GameTree> TreeVisitor for Diff<'_, U> {
    type Output = Option<String>;
    fn visit<T: GameTree>(self, tree: &T) -> Option<String> {
        first_difference(tree, self.other, MoveNumbers::Compare)
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 300,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn models_are_the_reference_trees(p in small_tree()) {
        let expected = reference::build(&p);
        let (visits, root) = model_spec(&p).visit_implicit(Collect).unwrap();
        prop_assert_eq!(visits, reference::visits(&expected), "{:?}", p);
        prop_assert_eq!(root, reference::negamax(&expected));
    }

    #[test]
    fn arena_and_implicit_forms_are_the_same_tree(p in small_tree()) {
        let spec = model_spec(&p);
        let result = spec.visit_implicit(ImplicitVsArena { spec: spec.clone() }).unwrap();
        prop_assert!(result.is_ok(), "{}", result.unwrap_err());
        // And through the one entry point, in both layouts.
        let a = TreeSpec::model(spec.clone(), Layout::Implicit).visit(BUDGET, Collect).unwrap();
        let b = TreeSpec::model(spec.clone(), Layout::Arena).visit(BUDGET, Collect).unwrap();
        prop_assert_eq!(a, b);
    }

    #[test]
    fn statistics_count_every_position(p in small_tree()) {
        let spec = model_spec(&p);
        let stats = spec.visit_implicit(StatsOf).unwrap();
        let expected = reference::visits(&reference::build(&p));
        prop_assert_eq!(stats.nodes(), expected.len() as u64);
        prop_assert_eq!(stats.leaves(), expected.iter().filter(|v| v.degree == 0).count() as u64);
        if spec.is_uniform() {
            prop_assert!(stats.is_uniform());
            // The model's estimate assumes a static order reorders; a degree-1 tree does not.
            let estimate = abbench_tree::arena::model_arena_bytes(&spec).unwrap();
            prop_assert!(stats.arena_bytes().unwrap() <= estimate);
            if stats.natural_order == (spec.order == abbench_tree::BranchOrder::Natural) {
                prop_assert_eq!(stats.arena_bytes(), Some(estimate));
            }
        }
        for (depth, level) in stats.levels.iter().enumerate() {
            let at: Vec<_> = expected.iter().filter(|v| v.depth as usize == depth).collect();
            prop_assert_eq!(level.nodes, at.len() as u64);
            prop_assert_eq!(level.leaves, at.iter().filter(|v| v.degree == 0).count() as u64);
        }
    }
}

struct StatsOf;

impl TreeVisitor for StatsOf {
    type Output = TreeStats;
    fn visit<T: GameTree>(self, tree: &T) -> TreeStats {
        TreeStats::of(tree)
    }
}
