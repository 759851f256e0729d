//! One tree measured with every algorithm: records verified, counts consistent, parallel
//! metrics against f2-iter, and the JSON form round-trips.

use abbench_harness::{Algorithm, MeasureConfig, Pools, Record, measure};
use abbench_tree::{Layout, Model, ModelSpec, TreeSpec};

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
    let records = measure(&tree, &Algorithm::ALL, &[1, 2], &config, &mut pools).unwrap();
    assert_eq!(records.len(), 4 + 2 * 2);
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
                if r.threads == 1 {
                    assert_eq!(r.nodes, f2_iter.nodes, "one worker searches what F2 does");
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
    .unwrap();
    let arena = measure(
        &TreeSpec::model(spec, Layout::Arena),
        &algos,
        &[2],
        &config,
        &mut pools,
    )
    .unwrap();
    assert_eq!(implicit[0].nodes, arena[0].nodes);
    assert_eq!(implicit[0].value, arena[0].value);
    assert_eq!(arena[0].tree.layout, "arena");
    assert!(arena.iter().all(|r| r.verified));
}
