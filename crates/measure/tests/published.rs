//! Helpers that hold every search of a game to its published scores, shared by the
//! Connect Four and Othello tests.

use abbench_measure::{ORACLE_POSITIONS, Pools, Verdict, VerifyPlan, verify_tree};
use abbench_parallel::SearchOptions;
use abbench_results::Algorithm;
use abbench_tree::TreeSpec;

/// Every algorithm of `algos` on every tree of `specs`, parallel ones at 1 and 2
/// threads: each value must be the published score (and f2-iter's), each best move one
/// that scores it.
pub fn all_find_the_published_scores(algos: &[Algorithm], specs: &[TreeSpec]) {
    let plan = VerifyPlan {
        algos,
        threads: &[1, 2],
        options: SearchOptions::default(),
        oracle_positions: ORACLE_POSITIONS,
    };
    let mut pools = Pools::default();
    for spec in specs {
        let verdict = verify_tree(spec, &plan, &mut pools, 1 << 30).unwrap();
        assert!(verdict.published.is_some(), "{spec}");
        assert_eq!(verdict.reference_verdict, Verdict::Agrees, "{spec}");
        let parallel = algos.iter().filter(|a| a.is_parallel()).count();
        assert_eq!(verdict.searches.len(), algos.len() + parallel, "{spec}");
        assert_eq!(verdict.mismatches(), [], "{spec}");
        assert!(
            verdict
                .searches
                .iter()
                .all(|c| c.verdict == Verdict::Agrees),
            "{spec}"
        );
    }
}

/// The mismatches of f2-iter, MTD(f) and ABDADA at 2 threads on `spec`, whose published
/// score the caller has made wrong.
pub fn mismatches_of_a_wrong_score(spec: &TreeSpec) -> Vec<abbench_measure::Mismatch> {
    let algos = Algorithm::parse_list("f2-iter,mtdf,abdada").unwrap();
    let plan = VerifyPlan {
        algos: &algos,
        threads: &[2],
        options: SearchOptions::default(),
        oracle_positions: ORACLE_POSITIONS,
    };
    let verdict = verify_tree(spec, &plan, &mut Pools::default(), 1 << 30).unwrap();
    verdict.mismatches()
}
