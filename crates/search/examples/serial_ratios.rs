//! Wall time of the serial searches against f2-iter on random trees, the searches of one
//! tree interleaved so that a busy machine slows them alike: `cargo run --release -p
//! abbench-search --example serial_ratios -- DEGREE HEIGHT FIRST_SEED TREES REPEATS`.
//! Prints, per tree and algorithm, positions and the best wall time, and their ratios to
//! f2-iter's; `PASSES=1` also prints MTD(f)'s guess, table counts and passes, `TT_MB=N`
//! sets its table size.

use abbench_search::{Basic, SerialAlgorithm, SerialOptions, SerialSearch};
use abbench_tree::models::RandomTree;
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers"))
        .collect();
    let [degree, height, first, trees, repeats] = args[..] else {
        panic!("usage: DEGREE HEIGHT FIRST_SEED TREES REPEATS");
    };
    let algorithms = [
        SerialAlgorithm::F2Iter,
        SerialAlgorithm::Pvs,
        SerialAlgorithm::F2Soft,
        SerialAlgorithm::Mtdf,
    ];
    // `TT_MB=…` sets MTD(f)'s table size.
    let options = SerialOptions {
        tt_mb: std::env::var("TT_MB").map_or(SerialOptions::default().tt_mb, |v| {
            v.parse().expect("TT_MB is a number of MiB")
        }),
        ..SerialOptions::default()
    };
    for seed in first..first + trees {
        let tree = RandomTree::new(degree as u32, height as u32, seed, 1 << 32);
        let mut searches: Vec<_> = algorithms
            .iter()
            .map(|&a| SerialSearch::new(a, options, &tree).unwrap())
            .collect();
        let mut best = vec![f64::INFINITY; algorithms.len()];
        let mut results = Vec::new();
        for _ in 0..repeats {
            results.clear();
            for (k, search) in searches.iter_mut().enumerate() {
                let start = Instant::now();
                let r = search.search::<Basic>(&tree);
                best[k] = best[k].min(start.elapsed().as_secs_f64());
                results.push(r);
            }
        }
        let (base_nodes, base_time) = (results[0].stats.nodes as f64, best[0]);
        if std::env::var_os("PASSES").is_some() {
            for r in &results {
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
        for (k, r) in results.iter().enumerate() {
            assert_eq!(r.value, results[0].value, "{} value", algorithms[k]);
            let passes = r.passes.as_ref().map_or(0, |p| p.runs.len());
            println!(
                "seed {seed} {:8} leaves/nodes {:.3} nodes {:9} ({:.3}) time {:7.1} ms ({:.3}) per-position {:.3} passes {passes}",
                algorithms[k].name(),
                r.stats.leaves as f64 / r.stats.nodes as f64,
                r.stats.nodes,
                r.stats.nodes as f64 / base_nodes,
                best[k] * 1e3,
                best[k] / base_time,
                (best[k] / r.stats.nodes as f64) / (base_time / base_nodes),
            );
        }
    }
}
