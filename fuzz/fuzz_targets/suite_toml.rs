//! The suite TOML reader on arbitrary text: it must return a suite or an error — never
//! panic — and a suite it accepts must be within the limits the command line enforces
//! (threads, runs, split height, trees per workload, seeds within 64 bits, valid trees),
//! so that no suite can bypass them.

#![no_main]

use abbench_measure::{MAX_RUNS, MAX_SPLIT_HEIGHT, MAX_THREADS, Suite};
use abbench_tree::{MAX_TREES, TreeSource, check_tree_count};
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(suite) = Suite::from_toml_str(text, Path::new("fuzz.toml")) else {
        return;
    };
    for &threads in suite.threads.iter().flatten() {
        assert!((1..=MAX_THREADS).contains(&threads), "threads {threads}");
    }
    assert!(suite.repeat as i64 <= MAX_RUNS && suite.warmup as i64 <= MAX_RUNS);
    for workload in &suite.workloads {
        assert!(!workload.algorithms.is_empty());
        for series in suite.series(workload) {
            let height = series.settings.split_height;
            assert!(height.is_none_or(|h| h <= MAX_SPLIT_HEIGHT), "{series}");
        }
        workload.tree.validate().expect("an accepted tree is valid");
        if let TreeSource::Model(model) = &workload.tree.source {
            assert!((1..=MAX_TREES).contains(&workload.trees));
            check_tree_count(model.seed, workload.trees).expect("seeds fit in 64 bits");
        }
    }
});
