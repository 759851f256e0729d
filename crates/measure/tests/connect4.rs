//! Every algorithm, serial and parallel at 1 and 2 threads, against published Connect
//! Four scores: the positions and scores of `crates/tree/data/connect4/` (see its
//! README), an oracle that no one here wrote.

use abbench_measure::{MeasureConfig, Pools, measure};
use abbench_results::Algorithm;
use abbench_tree::TreeSpec;
use std::path::PathBuf;

fn positions(name: &str) -> Vec<TreeSpec> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tree/data/connect4")
        .join(name);
    TreeSpec::connect4_positions(&path).unwrap()
}

#[test]
fn every_algorithm_finds_the_published_score_of_every_late_position() {
    let specs = positions("scored-late.txt");
    assert_eq!(specs.len(), 300);
    crate::published::all_find_the_published_scores(&Algorithm::ALL, &specs);
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
    crate::published::all_find_the_published_scores(&algos, &specs);
}

#[test]
fn a_wrong_published_score_is_a_mismatch_of_every_search() {
    let mut spec = positions("scored-late.txt").remove(0);
    if let abbench_tree::TreeSource::Model(model) = &mut spec.source {
        model.score = model.score.map(|s| s + 1);
    }
    let mismatches = crate::published::mismatches_of_a_wrong_score(&spec);
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

/// A candidate for the fastest serial search that was not asked for is stopped once it
/// has run twice as long as the fastest so far (the floor lowered to 0 here), and says
/// so in its line; the fastest is still named, from those that finished.
#[test]
fn candidates_slower_than_the_fastest_so_far_are_stopped_and_say_so() {
    let spec = positions("sample-mid-hard20.txt").remove(0);
    let config = MeasureConfig {
        repeat: 1,
        warmup: 0,
        candidate_floor: std::time::Duration::ZERO,
        ..MeasureConfig::default()
    };
    let asked = Algorithm::parse_list("mtdf,null-window").unwrap();
    let results = measure(&spec, &asked, &[1], &config, &mut Pools::default()).unwrap();
    let mtdf = results
        .records
        .iter()
        .find(|r| r.algo.name() == "mtdf")
        .expect("mtdf was asked for");
    let parallel = results
        .records
        .iter()
        .find(|r| r.algo.name() == "null-window")
        .expect("null-window was asked for");
    let fastest = parallel.parallel.as_ref().unwrap().fastest_serial;
    assert!(fastest.is_some(), "a fastest serial search is named");
    let outpaced: Vec<_> = results
        .unfinished
        .iter()
        .filter(|u| u.is_outpaced())
        .collect();
    // Without a table f2-soft, pvs and aspiration examine many times MTD(f)'s positions
    // on a mid-game position: at least one is stopped.
    assert!(!outpaced.is_empty(), "{:?}", results.unfinished);
    for line in &outpaced {
        assert!(!asked.contains(&line.algo), "{} was asked for", line.algo);
        assert_eq!(line.check(), Ok(()));
        let by = line.outpaced_by.unwrap();
        // The limit is twice the median of the search named, which has a record (or is
        // the serial reference f2-iter).
        let median = results
            .records
            .iter()
            .find(|r| r.algo == by)
            .map(|r| r.wall_ns.median)
            .expect("the search that outpaced it has a record");
        assert_eq!(line.time_limit_ns, Some(2 * median), "{line:?}");
        assert!(
            line.outcome().contains("cannot be the fastest"),
            "{}",
            line.outcome()
        );
    }
    assert!(mtdf.verified && parallel.verified);
    assert!(
        results.unfinished.iter().all(|u| u.is_outpaced()),
        "{:?}",
        results.unfinished
    );
}

/// The early position `671324777273` (12 stones, score -2), where f2-iter, without a
/// table, would take seconds and MTD(f) takes milliseconds.
fn early_position() -> TreeSpec {
    let spec = positions("scored-early.txt").remove(1);
    let info = abbench_results::TreeInfo::of(&spec);
    assert_eq!(
        (info.position.as_deref(), info.score),
        (Some("671324777273"), Some(-2))
    );
    spec
}

fn measured(spec: &TreeSpec, algos: &str) -> abbench_results::Results {
    let algos = Algorithm::parse_list(algos).unwrap();
    let config = abbench_measure::MeasureConfig {
        repeat: 1,
        warmup: 0,
        ..abbench_measure::MeasureConfig::default()
    };
    measure(spec, &algos, &[2], &config, &mut Pools::default()).unwrap()
}

#[test]
fn a_published_score_checks_a_long_position_without_f2_iter() {
    use abbench_results::CheckedBy;
    let spec = early_position();
    assert!(abbench_measure::checked_by_score_alone(
        &spec,
        &Algorithm::parse_list("mtdf,abdada").unwrap()
    ));
    let results = measured(&spec, "mtdf,abdada");
    let names: Vec<&str> = results.records.iter().map(|r| r.algo.name()).collect();
    assert!(!names.contains(&"f2-iter"), "{names:?}");
    assert!(
        results
            .unfinished
            .iter()
            .all(|u| u.algo.name() != "f2-iter")
    );
    for record in &results.records {
        assert!(record.verified, "{}", record.algo);
        assert_eq!(record.value, -2, "{}", record.algo);
        assert_eq!(record.checked_by, Some(CheckedBy::Score), "{}", record.algo);
    }
    // The parallel record is set against the fastest serial search, which it names.
    let abdada = results
        .records
        .iter()
        .find(|r| r.algo.name() == "abdada")
        .unwrap();
    let p = abdada.parallel.as_ref().unwrap();
    let serial = p
        .serial_algo
        .expect("set against a serial search other than f2-iter");
    assert_eq!(Some(serial), p.fastest_serial);
    let base = results.records.iter().find(|r| r.algo == serial).unwrap();
    assert_eq!(p.serial_nodes, base.nodes);
    assert_eq!(p.serial_wall_ns, base.wall_ns.median);
    assert!((p.speedup - base.wall_ns.median as f64 / abdada.wall_ns.median as f64).abs() < 1e-9);
}

#[test]
fn a_wrong_published_score_fails_every_search_where_f2_iter_does_not_run() {
    let mut spec = early_position();
    if let abbench_tree::TreeSource::Model(model) = &mut spec.source {
        model.score = Some(-1);
    }
    let results = measured(&spec, "mtdf,abdada");
    assert!(!results.records.is_empty());
    assert!(results.records.iter().all(|r| !r.verified));
}

#[test]
fn f2_iter_asked_for_runs_and_the_score_still_checks() {
    // A mid-game position: f2-iter is affordable there, and runs as the baseline.
    let spec = positions("scored-mid.txt").remove(0);
    assert!(!abbench_measure::checked_by_score_alone(
        &spec,
        &Algorithm::parse_list("mtdf").unwrap()
    ));
    let results = measured(&spec, "mtdf,abdada");
    let abdada = results
        .records
        .iter()
        .find(|r| r.algo.name() == "abdada")
        .unwrap();
    assert_eq!(abdada.parallel.as_ref().unwrap().serial_algo, None);
    assert!(results.records.iter().all(|r| r.verified));
    assert!(
        results
            .records
            .iter()
            .all(|r| r.checked_by == Some(abbench_results::CheckedBy::Score))
    );
    // On the early position, asking for f2-iter makes it run.
    let asked = Algorithm::parse_list("f2-iter,mtdf").unwrap();
    assert!(!abbench_measure::checked_by_score_alone(
        &early_position(),
        &asked
    ));
}

#[test]
fn the_weak_tree_is_held_to_the_sign_of_the_published_score() {
    let mut spec = early_position();
    if let abbench_tree::TreeSource::Model(model) = &mut spec.source {
        model.weak = true;
    }
    let results = measured(&spec, "mtdf,abdada");
    for record in &results.records {
        assert_eq!(record.value, -1, "{}", record.algo);
        assert!(record.verified, "{}", record.algo);
        assert_eq!(record.tree.weak, Some(true));
    }
    let strong = measured(&early_position(), "mtdf");
    let (weak_nodes, strong_nodes) = (results.records[0].nodes, strong.records[0].nodes);
    assert!(weak_nodes < strong_nodes, "{weak_nodes} < {strong_nodes}");
}
