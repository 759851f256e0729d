//! One colour per algorithm: an algorithm's colour is a function of the algorithm alone,
//! so it is the same in every figure whatever else the figure draws, and no two
//! algorithms share one.

use crate::aggregate::group_by_workload;
use crate::plot_style::{algorithm_colour, algorithm_series};
use crate::plots::plots;
use abbench_results::{Algorithm, Record, parse_results};
use std::collections::BTreeSet;
use std::path::Path;

/// The committed run's records (serial, root-split and ybwc).
fn records() -> Vec<Record> {
    let text = include_str!("../../results/tests/data/runs/2026-11-22-vm/results.jsonl");
    parse_results(text, Path::new("results.jsonl"))
        .unwrap()
        .records
}

/// `colour` as the SVG files write it, lowercase.
fn hex(algo: Algorithm) -> String {
    let c = algorithm_colour(algo);
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

/// The SVG text of every figure drawn from `records`, lowercase. A label is a text
/// element of its own line: `>\nybwc\n<`.
fn figures(records: &[Record]) -> Vec<(&'static str, String)> {
    let groups = group_by_workload(records);
    plots(&groups, &[], &[], &[])
        .unwrap()
        .into_iter()
        .map(|p| (p.file, p.svg.to_lowercase()))
        .collect()
}

#[test]
fn no_two_algorithms_share_a_colour() {
    let colours: BTreeSet<String> = Algorithm::ALL.into_iter().map(hex).collect();
    assert_eq!(colours.len(), Algorithm::ALL.len());
    for (i, algo) in Algorithm::ALL.into_iter().enumerate() {
        assert_eq!(algorithm_series(algo), i, "{algo}");
    }
}

#[test]
fn an_algorithms_colour_is_the_same_in_every_figure() {
    let all = records();
    let ybwc: Algorithm = "ybwc".parse().unwrap();
    let root_split: Algorithm = "root-split".parse().unwrap();
    let without_root_split: Vec<Record> = all
        .iter()
        .filter(|r| r.algo != root_split)
        .cloned()
        .collect();
    let mut scaling = 0;
    for records in [&all, &without_root_split] {
        for (file, svg) in figures(records) {
            if !svg.contains(">\nybwc\n<") {
                continue;
            }
            scaling += 1;
            assert!(
                svg.contains(&hex(ybwc)),
                "{file}: ybwc is not in its colour"
            );
            let root_split_drawn = svg.contains(">\nroot-split\n<");
            assert_eq!(
                svg.contains(&hex(root_split)),
                root_split_drawn,
                "{file}: root-split's colour is root-split's alone"
            );
        }
    }
    assert!(
        scaling >= 4,
        "the scaling figures draw ybwc, with and without root-split"
    );
}
