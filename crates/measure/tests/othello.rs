//! The searches against the FFO suite's published Othello endgame scores
//! (`crates/tree/data/othello/`, see its README), an oracle that no one here wrote.

use abbench_results::Algorithm;
use abbench_tree::{ModelSpec, TreeSource, TreeSpec};
use std::path::PathBuf;

fn ffo(name: &str) -> Vec<TreeSpec> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tree/data/othello")
        .join(name);
    TreeSpec::othello_positions(&path).unwrap()
}

fn model(spec: &mut TreeSpec) -> &mut ModelSpec {
    match &mut spec.source {
        TreeSource::Model(model) => model,
        TreeSource::File(_) => unreachable!("a positions file gives models"),
    }
}

#[test]
fn every_search_from_f2_on_finds_the_published_scores_of_ffo_1_to_7() {
    // FFO #1-#7 have 14 empty squares; F0 and F1, which have no deep cutoffs, would take
    // minutes.
    let specs: Vec<TreeSpec> = ffo("fforum-1-19.obf").into_iter().take(7).collect();
    let algos: Vec<Algorithm> = Algorithm::ALL
        .into_iter()
        .filter(|a| !matches!(a.name(), "f0" | "f1"))
        .collect();
    crate::published::all_find_the_published_scores(&algos, &specs);
}

#[test]
fn the_table_searches_find_the_published_scores_of_ffo_8_to_19() {
    let specs: Vec<TreeSpec> = ffo("fforum-1-19.obf").into_iter().skip(7).collect();
    assert_eq!(specs.len(), 12);
    let algos = Algorithm::parse_list("mtdf,abdada,null-window").unwrap();
    crate::published::all_find_the_published_scores(&algos, &specs);
}

#[test]
fn a_wrong_published_score_is_a_mismatch_of_every_search() {
    let mut spec = ffo("fforum-1-19.obf").remove(4);
    let published = model(&mut spec).score;
    assert_eq!(published, Some(32));
    model(&mut spec).score = Some(30);
    let mismatches = crate::published::mismatches_of_a_wrong_score(&spec);
    assert_eq!(mismatches.len(), 3, "{mismatches:?}");
    assert!(
        mismatches
            .iter()
            .all(|m| m.message.contains("the published score")),
        "{mismatches:?}"
    );
}

#[test]
fn a_long_position_is_checked_by_its_score_and_a_short_one_by_f2_iter_too() {
    let mtdf = Algorithm::parse_list("mtdf").unwrap();
    let short = ffo("fforum-1-19.obf").remove(0);
    assert!(!abbench_measure::checked_by_score_alone(&short, &mtdf));
    // FFO #40 has 20 empty squares: f2-iter would take seconds to minutes.
    let long = ffo("fforum-40-59.obf").remove(0);
    assert!(abbench_measure::checked_by_score_alone(&long, &mtdf));
}
