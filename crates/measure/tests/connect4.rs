//! Every algorithm, serial and parallel at 1 and 2 threads, against published Connect
//! Four scores: the positions and scores of `crates/tree/data/connect4/` (see its
//! README), an oracle that no one here wrote.

use abbench_measure::{ORACLE_POSITIONS, Pools, Verdict, VerifyPlan, verify_tree};
use abbench_parallel::SearchOptions;
use abbench_results::Algorithm;
use abbench_search::SerialOptions;
use abbench_tree::TreeSpec;
use std::path::PathBuf;

fn positions(name: &str) -> Vec<TreeSpec> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tree/data/connect4")
        .join(name);
    TreeSpec::connect4_positions(&path).unwrap()
}

/// Every algorithm of `algos` on every tree of `specs`, parallel ones at 1 and 2
/// threads: each value must be the published score (and f2-iter's), each best move one
/// that scores it.
fn all_find_the_published_scores(algos: &[Algorithm], specs: &[TreeSpec]) {
    let plan = VerifyPlan {
        algos,
        threads: &[1, 2],
        options: SearchOptions::default(),
        serial: SerialOptions::default(),
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

#[test]
fn every_algorithm_finds_the_published_score_of_every_late_position() {
    let specs = positions("scored-late.txt");
    assert_eq!(specs.len(), 300);
    all_find_the_published_scores(&Algorithm::ALL, &specs);
}

#[test]
fn every_algorithm_finds_the_published_score_of_mid_game_positions() {
    // Every 15th of the 300. F0 and F1, which have neither deep cutoffs nor a table,
    // are held to the late positions only: F0 needs seconds for one of these.
    let specs: Vec<TreeSpec> = positions("scored-mid.txt")
        .into_iter()
        .step_by(15)
        .collect();
    let algos: Vec<Algorithm> = Algorithm::ALL
        .into_iter()
        .filter(|a| !matches!(a.name(), "f0" | "f1"))
        .collect();
    all_find_the_published_scores(&algos, &specs);
}

#[test]
fn a_wrong_published_score_is_a_mismatch_of_every_search() {
    let mut spec = positions("scored-late.txt").remove(0);
    if let abbench_tree::TreeSource::Model(model) = &mut spec.source {
        model.score = model.score.map(|s| s + 1);
    }
    let algos = Algorithm::parse_list("f2-iter,mtdf,abdada").unwrap();
    let plan = VerifyPlan {
        algos: &algos,
        threads: &[2],
        options: SearchOptions::default(),
        serial: SerialOptions::default(),
        oracle_positions: ORACLE_POSITIONS,
    };
    let verdict = verify_tree(&spec, &plan, &mut Pools::default(), 1 << 30).unwrap();
    let mismatches = verdict.mismatches();
    // The reference, which is f2-iter and so reported once, and the two other searches.
    assert_eq!(mismatches.len(), 3, "{mismatches:?}");
    assert_eq!(
        mismatches.iter().filter(|m| m.reference).count(),
        1,
        "{mismatches:?}"
    );
    assert!(
        mismatches
            .iter()
            .all(|m| m.message.contains("the published score")),
        "{mismatches:?}"
    );
}
