//! One tree measured with every algorithm: records verified, counts consistent, parallel
//! metrics against f2-iter, and the JSON form round-trips.

use abbench_measure::{MeasureConfig, MeasureError, Pools, measure, measure_tree};
use abbench_parallel::ParallelAlgorithm;
use abbench_results::{Algorithm, Record, TreeInfo};
use abbench_search::{Seconds, SerialAlgorithm, Settings};
use abbench_testkit::{FaultyTree, negamax};
use abbench_tree::models::RandomTree;
use abbench_tree::{GameTree, Layout, Model, ModelSpec, TreeSpec};
use std::time::Duration;

#[test]
fn every_algorithm_is_measured_and_verified() {
    let spec = ModelSpec {
        ordering: 0.7,
        ..ModelSpec::new(Model::Ordered, 5, 6, 3)
    };
    let tree = TreeSpec::model(spec, Layout::Implicit);
    let config = MeasureConfig {
        repeat: 3,
        ..MeasureConfig::default()
    };
    let mut pools = Pools::default();
    let records = measure(&tree, &Algorithm::ALL, &[1, 2], &config, &mut pools)
        .unwrap()
        .records;
    assert_eq!(
        records.len(),
        SerialAlgorithm::ALL.len() + ParallelAlgorithm::ALL.len() * 2
    );
    let f2_iter = records.iter().find(|r| r.algo.name() == "f2-iter").unwrap();
    let f2 = records.iter().find(|r| r.algo.name() == "f2").unwrap();
    let f0 = records.iter().find(|r| r.algo.name() == "f0").unwrap();
    assert_eq!(f2_iter.nodes, f2.nodes);
    assert_eq!(f2_iter.levels, f2.levels);
    assert_eq!(f0.nodes, 1 + 5 + 25 + 125 + 625 + 3125 + 15625);
    for r in &records {
        assert!(r.verified, "{} threads {}", r.algo, r.threads);
        assert_eq!(r.value, f0.value);
        assert_eq!(r.wall_ns.samples.len(), 3);
        assert!(r.nps > 0.0);
        match &r.parallel {
            Some(p) => {
                assert_eq!(p.serial_nodes, f2_iter.nodes);
                assert!((p.efficiency - p.speedup / r.threads as f64).abs() < 1e-12);
                let overhead = r.nodes as f64 / f2_iter.nodes as f64 - 1.0;
                assert!((p.search_overhead - overhead).abs() < 1e-12);
                // One worker runs the algorithm's serial form: F2's kernel, serial PVS for
                // Jamboree (parallel PVS), serial MTD(f) for the null-window search.
                if r.threads == 1 {
                    let Algorithm::Parallel(algorithm) = r.algo else {
                        panic!("{} has parallel metrics", r.algo);
                    };
                    let form = algorithm.serial_form().name();
                    let serial = records.iter().find(|s| s.algo.name() == form).unwrap();
                    assert_eq!(
                        r.nodes, serial.nodes,
                        "one {algorithm} worker searches what {form} does"
                    );
                }
                // The null-window search makes its passes one at a time up to four
                // workers and records them; one worker makes serial MTD(f)'s.
                if r.algo.name() == "null-window" {
                    assert!(!r.passes.is_empty(), "{} threads", r.threads);
                    assert_eq!(r.searches, Some(r.passes.len()), "{} threads", r.threads);
                    if r.threads == 1 {
                        let mtdf = records.iter().find(|s| s.algo.name() == "mtdf").unwrap();
                        assert_eq!(r.passes, mtdf.passes);
                    }
                } else if r.algo.name() == "best-first" {
                    // Where it shares no work (one worker, or a root below its split
                    // height) the best-first search is serial MTD(f), passes and all;
                    // its own tests record none.
                    let mtdf = records.iter().find(|s| s.algo.name() == "mtdf").unwrap();
                    assert!(
                        r.passes.is_empty() || r.passes == mtdf.passes,
                        "{} threads",
                        r.threads
                    );
                    if r.threads == 1 {
                        assert_eq!(r.passes, mtdf.passes);
                    }
                } else {
                    assert!(r.passes.is_empty() && r.searches.is_none(), "{}", r.algo);
                }
            }
            None => assert_eq!(r.threads, 1),
        }
        let line = serde_json::to_string(r).unwrap();
        let back: Record = serde_json::from_str(&line).unwrap();
        assert_eq!(&back, r, "{line}");
    }
    let line = serde_json::to_value(records.last().unwrap()).unwrap();
    for field in [
        "schema",
        "tree",
        "algo",
        "threads",
        "value",
        "best_move",
        "nodes",
        "leaves",
        "wall_ns",
        "nps",
        "verified",
        "speedup",
        "efficiency",
        "search_overhead",
        "serial_nodes",
        "nps_scaling",
        "splits",
        "steals",
        "aborts",
        "aborted_nodes",
    ] {
        assert!(line.get(field).is_some(), "record lacks {field}: {line}");
    }
    assert_eq!(line["tree"]["model"], "ordered");
    assert_eq!(line["tree"]["ordering"], 0.7);
    assert!(line["tree"].get("values").is_none());
}

#[test]
fn every_algorithm_measures_the_value_negamax_finds() {
    // The ordered tree above has the value 0 by construction: a random one does not.
    let model = ModelSpec::new(Model::Random, 4, 6, 11);
    let random = RandomTree::new(4, 6, 11, model.values);
    let truth = negamax(&random, random.root());
    assert_ne!(truth, 0);
    let config = MeasureConfig {
        repeat: 1,
        ..MeasureConfig::default()
    };
    let tree = TreeSpec::model(model, Layout::Implicit);
    let records = measure(
        &tree,
        &Algorithm::ALL,
        &[1, 2],
        &config,
        &mut Pools::default(),
    )
    .unwrap()
    .records;
    assert_eq!(
        records.len(),
        SerialAlgorithm::ALL.len() + ParallelAlgorithm::ALL.len() * 2
    );
    for r in &records {
        assert_eq!(r.value, truth, "{} at {} threads", r.algo, r.threads);
        assert!(r.verified, "{} at {} threads", r.algo, r.threads);
    }
}

#[test]
fn arena_and_implicit_layouts_search_the_same_tree() {
    let spec = ModelSpec::new(Model::Random, 4, 6, 9);
    let mut pools = Pools::default();
    let config = MeasureConfig {
        repeat: 1,
        ..MeasureConfig::default()
    };
    let algos = Algorithm::parse_list("f2-iter,ybwc").unwrap();
    let implicit = measure(
        &TreeSpec::model(spec.clone(), Layout::Implicit),
        &algos,
        &[2],
        &config,
        &mut pools,
    )
    .unwrap()
    .records;
    let arena = measure(
        &TreeSpec::model(spec, Layout::Arena),
        &algos,
        &[2],
        &config,
        &mut pools,
    )
    .unwrap()
    .records;
    assert_eq!(implicit[0].nodes, arena[0].nodes);
    assert_eq!(implicit[0].value, arena[0].value);
    assert_eq!(arena[0].tree.layout, Layout::Arena);
    assert!(arena.iter().all(|r| r.verified));
}

#[test]
fn a_worker_panic_is_recorded_as_failed_not_as_a_result() {
    // Only the workers evaluate the poisoned leaf: serial searches on the test's own
    // thread see a healthy tree, so the reference succeeds.
    let tree =
        FaultyTree::new(RandomTree::new(5, 5, 3, 1 << 32)).only_on_threads_named("abbench-worker");
    let info = TreeInfo {
        file: Some("faulty".into()),
        layout: Layout::Implicit,
        ..TreeInfo::default()
    };
    let config = MeasureConfig {
        repeat: 1,
        warmup: 0,
        settings: Settings {
            split_height: Some(1),
            ..Settings::default()
        },
        // Only the named serial search: the serial candidates are another test's.
        serial_candidates: false,
        ..MeasureConfig::default()
    };
    let results = measure_tree(
        &tree,
        info,
        &Algorithm::parse_list("f2-iter,root-split,ybwc").unwrap(),
        &[1, 2],
        &config,
        &mut Pools::default(),
    )
    .unwrap();
    assert_eq!(
        results.records.len(),
        1,
        "only the serial search is a result"
    );
    assert_eq!(results.records[0].algo.name(), "f2-iter");
    assert_eq!(results.unfinished.len(), 4);
    for u in &results.unfinished {
        assert!(u.algo.is_parallel());
        let failed = u.failed.as_deref().unwrap();
        assert!(
            failed.starts_with("a search worker panicked: evaluating the poisoned leaf"),
            "{failed}"
        );
        assert!(!u.timed_out);
    }
    assert_eq!(results.failed(), 4);
}

#[test]
fn a_parallel_search_is_set_against_every_exact_serial_search_measured_beside_it() {
    let spec = TreeSpec::model(ModelSpec::new(Model::Random, 6, 6, 3), Layout::Implicit);
    let config = MeasureConfig {
        repeat: 3,
        warmup: 0,
        ..MeasureConfig::default()
    };
    let results = measure(
        &spec,
        &Algorithm::parse_list("ybwc").unwrap(),
        &[1, 2],
        &config,
        &mut Pools::default(),
    )
    .unwrap();
    let names: Vec<&str> = results.records.iter().map(|r| r.algo.name()).collect();
    assert_eq!(
        names,
        // The candidates not asked for, MTD(f) first.
        [
            "f2-iter",
            "mtdf",
            "pvs",
            "aspiration",
            "f2-soft",
            "ybwc",
            "ybwc"
        ]
    );
    let serial = &results.records[..5];
    let quickest = serial.iter().min_by_key(|r| r.wall_ns.median).unwrap();
    for record in &results.records[5..] {
        let p = record.parallel.as_ref().unwrap();
        assert_eq!(p.fastest_serial, Some(quickest.algo));
        assert_eq!(p.fastest_serial_ns, Some(quickest.wall_ns.median));
        assert_eq!(p.fastest_serial_nodes, Some(quickest.nodes));
        let expected = quickest.wall_ns.median as f64 / record.wall_ns.median as f64;
        assert!((p.speedup_vs_fastest.unwrap() - expected).abs() < 1e-12);
    }
    assert!(
        serial
            .iter()
            .all(|r| r.fastest.map(|f| f.algo) == Some(quickest.algo))
    );

    // Without the candidates, only what was asked for is measured, and no record calls a
    // search the fastest: one left out may be faster.
    let config = MeasureConfig {
        serial_candidates: false,
        ..config
    };
    let results = measure(
        &spec,
        &Algorithm::parse_list("f2-iter,pvs,mtdf,ybwc").unwrap(),
        &[2],
        &config,
        &mut Pools::default(),
    )
    .unwrap();
    let names: Vec<&str> = results.records.iter().map(|r| r.algo.name()).collect();
    assert_eq!(names, ["f2-iter", "pvs", "mtdf", "ybwc"]);
    assert!(results.records.iter().all(|r| r.fastest.is_none()));
    let p = results.records[3].parallel.as_ref().unwrap();
    assert_eq!(
        (
            p.fastest_serial,
            p.speedup_vs_fastest,
            p.overhead_vs_fastest
        ),
        (None, None, None)
    );
    assert!(p.speedup > 0.0);
}

#[test]
fn a_search_over_its_time_limit_is_recorded_as_timed_out() {
    // F0 examines all 19 million positions of this tree: far more than 20 ms.
    let spec = TreeSpec::model(ModelSpec::new(Model::Random, 8, 8, 1), Layout::Implicit);
    let config = MeasureConfig {
        repeat: 1,
        warmup: 0,
        settings: Settings {
            split_height: Some(2),
            time_limit: Some(Seconds(Duration::from_millis(20))),
            ..Settings::default()
        },
        serial_candidates: false,
        ..MeasureConfig::default()
    };
    let started = std::time::Instant::now();
    let results = measure(
        &spec,
        &Algorithm::parse_list("f0,f2-iter").unwrap(),
        &[2],
        &config,
        &mut Pools::default(),
    )
    .unwrap();
    assert!(started.elapsed() < Duration::from_secs(5));
    let f0 = results
        .unfinished
        .iter()
        .find(|u| u.algo.name() == "f0")
        .expect("f0 timed out");
    assert!(f0.timed_out);
    assert_eq!(f0.time_limit_ns, Some(20_000_000));
    assert!(results.records.iter().all(|r| r.algo.name() != "f0"));

    // A reference that cannot finish leaves nothing to verify against.
    let big = TreeSpec::model(ModelSpec::new(Model::Worst, 8, 9, 1), Layout::Implicit);
    let results = measure(
        &big,
        &Algorithm::parse_list("f2,ybwc").unwrap(),
        &[2],
        &config,
        &mut Pools::default(),
    )
    .unwrap();
    assert!(results.records.is_empty());
    assert_eq!(results.unfinished.len(), 2);
    assert!(
        results
            .unfinished
            .iter()
            .all(|u| u.timed_out && u.note.as_deref().unwrap().contains("reference f2-iter"))
    );
}

#[test]
fn a_raised_interrupt_stops_measuring() {
    let spec = TreeSpec::model(ModelSpec::new(Model::Random, 3, 3, 1), Layout::Implicit);
    let config = MeasureConfig::default();
    config.interrupt.request();
    let error = measure(&spec, &Algorithm::ALL, &[1], &config, &mut Pools::default()).unwrap_err();
    assert!(matches!(error, MeasureError::Interrupted), "{error}");
}

#[test]
fn windowed_searches_are_verified_by_their_bound_and_keep_their_fields() {
    use abbench_search::{Cutoff, Window};
    // An ordered tree's value is 0: (-40, -10) lies below it, (5, 9) above it.
    let spec = ModelSpec {
        ordering: 0.7,
        ..ModelSpec::new(Model::Ordered, 4, 5, 2)
    };
    let tree = TreeSpec::model(spec, Layout::Implicit);
    let algos = Algorithm::parse_list("f2,f2-iter,f2-soft,pvs,aspiration,mtdf").unwrap();
    for (window, bound) in [((-40, -10), "lower"), ((5, 9), "upper"), ((-3, 3), "exact")] {
        let config = MeasureConfig {
            repeat: 2,
            settings: Settings {
                window: Some(Window::new(window.0, window.1).unwrap()),
                cutoff: Some(Cutoff::Gt),
                kinds: Some(true),
                ..Settings::default()
            },
            ..MeasureConfig::default()
        };
        let records = measure(&tree, &algos, &[1], &config, &mut Pools::default())
            .unwrap()
            .records;
        assert_eq!(records.len(), algos.len());
        for r in &records {
            assert!(r.verified, "{} window {window:?}", r.algo);
            let line = serde_json::to_string(r).unwrap();
            let back: Record = serde_json::from_str(&line).unwrap();
            assert_eq!(&back, r, "{line}");
            let json = serde_json::to_value(r).unwrap();
            match r.algo.name() {
                "f2" | "f2-iter" | "f2-soft" => {
                    assert_eq!(json["bound"], bound, "{line}");
                    assert_eq!(json["cutoff"], "gt", "{line}");
                    assert_eq!(json["window"]["alpha"], window.0, "{line}");
                    assert!(json["kinds"]["pv"].is_array(), "{line}");
                }
                "aspiration" | "mtdf" => {
                    assert_eq!(r.value, 0);
                    assert_eq!(r.searches, Some(r.passes.len()), "{line}");
                    assert!(json.get("window").is_none(), "{line}");
                }
                _ => assert_eq!(r.value, 0),
            }
        }
    }
}
