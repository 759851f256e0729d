//! Wall time of the serial searches against f2-iter, the searches of one tree interleaved
//! so that a busy machine slows them alike: `cargo run --release -p abbench-search
//! --example serial_ratios -- DEGREE HEIGHT FIRST_SEED TREES REPEATS`. Prints, per tree
//! and algorithm, positions and the best wall time, and their ratios to f2-iter's, then
//! the totals over the trees; `PASSES=1` also prints MTD(f)'s guess, table counts and
//! passes, `TT_MB=N` sets its table size.
//!
//! The trees are random (leaf values on `0..2^32`) unless `MODEL` names another model
//! (`ordered`, with `ORDERING=P`, default 0.7; `dependent`; …), or `MODEL=connect4
//! POSITIONS=FILE`, where the trees are the file's positions from line FIRST_SEED on
//! (DEGREE and HEIGHT are then ignored). `QUIET=1` prints the totals only.

use abbench_search::{Basic, SearchResult, SerialAlgorithm, SerialOptions, SerialSearch};
use abbench_tree::{GameTree, Layout, Model, ModelSpec, TreeSpec, TreeVisitor};
use std::time::Instant;

const ALGORITHMS: [SerialAlgorithm; 4] = [
    SerialAlgorithm::F2Iter,
    SerialAlgorithm::Pvs,
    SerialAlgorithm::F2Soft,
    SerialAlgorithm::Mtdf,
];

/// Every algorithm on one tree, `repeats` times interleaved: each one's result and best
/// time in seconds.
struct Ratios {
    options: SerialOptions,
    repeats: u64,
}

impl TreeVisitor for Ratios {
    type Output = Vec<(SearchResult, f64)>;
    fn visit<T: GameTree>(self, tree: &T) -> Self::Output {
        let mut searches: Vec<_> = ALGORITHMS
            .iter()
            .map(|&a| SerialSearch::new(a, self.options, tree).unwrap())
            .collect();
        let mut best = vec![f64::INFINITY; ALGORITHMS.len()];
        let mut results = Vec::new();
        for _ in 0..self.repeats {
            results.clear();
            for (k, search) in searches.iter_mut().enumerate() {
                let start = Instant::now();
                let r = search.search::<Basic>(tree);
                best[k] = best[k].min(start.elapsed().as_secs_f64());
                results.push(r);
            }
        }
        results.into_iter().zip(best).collect()
    }
}

fn print_passes(results: &[(SearchResult, f64)]) {
    for (r, _) in results {
        if let Some(p) = &r.passes {
            println!(
                "guess {} ({:?}, {} positions), table {:?}",
                p.guess, p.guess_source, p.guess_nodes, r.table
            );
            for pass in &p.runs {
                println!(
                    "  ({}, {}) -> {} : {} positions",
                    pass.alpha, pass.beta, pass.value, pass.nodes
                );
            }
        }
    }
}

/// One line per algorithm: positions and time, and their ratios to the first's.
fn print_lines(label: &str, rows: &[(u64, u64, f64, usize)]) {
    let (base_nodes, base_time) = (rows[0].1 as f64, rows[0].2);
    for (k, &(leaves, nodes, time, passes)) in rows.iter().enumerate() {
        println!(
            "{label} {:8} leaves/nodes {:.3} nodes {:9} ({:.3}) time {:7.1} ms ({:.3}) per-position {:.3} passes {passes}",
            ALGORITHMS[k].name(),
            leaves as f64 / nodes as f64,
            nodes,
            nodes as f64 / base_nodes,
            time * 1e3,
            time / base_time,
            (time / nodes as f64) / (base_time / base_nodes),
        );
    }
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers"))
        .collect();
    let [degree, height, first, trees, repeats] = args[..] else {
        panic!("usage: DEGREE HEIGHT FIRST_SEED TREES REPEATS");
    };
    // `TT_MB=…` sets MTD(f)'s table size.
    let options = SerialOptions {
        tt_mb: std::env::var("TT_MB").map_or(SerialOptions::default().tt_mb, |v| {
            v.parse().expect("TT_MB is a number of MiB")
        }),
        ..SerialOptions::default()
    };
    let model = std::env::var("MODEL").map_or(Model::Random, |name| {
        Model::from_name(&name).expect("MODEL names a tree model")
    });
    let specs: Vec<TreeSpec> = if model == Model::Connect4 {
        let path = std::env::var("POSITIONS").expect("POSITIONS=FILE for connect4");
        let all = TreeSpec::connect4_positions(std::path::Path::new(&path)).unwrap();
        all.into_iter()
            .skip(first as usize)
            .take(trees as usize)
            .collect()
    } else {
        let ordering = std::env::var("ORDERING").map_or(0.7, |v| v.parse().expect("ORDERING"));
        (first..first + trees)
            .map(|seed| {
                let mut spec = ModelSpec::new(model, degree as u32, height as u32, seed);
                if model == Model::Random {
                    spec.values = 1 << 32;
                }
                spec.ordering = ordering;
                TreeSpec::model(spec, Layout::Implicit)
            })
            .collect()
    };
    let quiet = std::env::var_os("QUIET").is_some();
    let mut totals = vec![(0u64, 0u64, 0f64, 0usize); ALGORITHMS.len()];
    for (n, spec) in specs.iter().enumerate() {
        let results = spec.visit(1 << 32, Ratios { options, repeats }).unwrap();
        if std::env::var_os("PASSES").is_some() {
            print_passes(&results);
        }
        let mut rows = Vec::new();
        for (k, (r, time)) in results.iter().enumerate() {
            assert_eq!(r.value, results[0].0.value, "{} value", ALGORITHMS[k]);
            let passes = r.passes.as_ref().map_or(0, |p| p.runs.len());
            rows.push((r.stats.leaves, r.stats.nodes, *time, passes));
            let total = &mut totals[k];
            *total = (
                total.0 + r.stats.leaves,
                total.1 + r.stats.nodes,
                total.2 + time,
                total.3 + passes,
            );
        }
        if !quiet {
            print_lines(&format!("tree {}", first + n as u64), &rows);
        }
    }
    print_lines("total", &totals);
}
