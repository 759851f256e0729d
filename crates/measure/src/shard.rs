//! `--shard K/N`: a run's work items split into `N` parts of about equal estimated work,
//! the same parts on every machine, so that each part can run on a machine of its own
//! (a Slurm array task, a CI matrix job, a GNU parallel slot) and `abbench merge` can
//! join them.
//!
//! The parts are chosen by longest-processing-time-first: items in decreasing order of
//! weight (ties by their place in the run), each given to the part with the least
//! weight so far (ties to the lowest `K`). Weights are whole numbers of positions
//! estimated from the trees' models ([`estimate_positions`]), never a time or a thread
//! count of the machine that computes them, so every machine computes the same parts.
//!
//! What an item is depends on the command:
//!
//! * `sweep` and `verify`: a tree, with all its algorithms and thread counts. A parallel
//!   record's speedup and `fastest_serial` compare it with the serial searches of the
//!   same tree measured in the same process, so a tree's searches stay together.
//! * `simulate`: a (tree, algorithm, processors) simulation, and each tree's work/span
//!   line; every figure of a simulation is a function of those alone
//!   ([`simulation_shard`]).

use crate::{Suite, Workload, estimate_positions, with_serial_candidates_of};
use abbench_results::Series;
use abbench_results::{Algorithm, SCHEMA, Shard, ShardManifest, ShardTree, TreeInfo};
use abbench_search::SerialAlgorithm;
use abbench_tree::{TreeSource, TreeSpec};

/// The weight of an item whose work cannot be estimated (a `.tree` file).
pub const UNKNOWN_WEIGHT: u64 = 1;

/// The part, `1 ..= count`, of every item of `weights`, by longest-processing-time-first
/// (see the module's notes). `count` 0 is taken as 1.
pub fn partition(weights: &[u64], count: u32) -> Vec<u32> {
    let count = count.max(1) as usize;
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by(|&a, &b| weights[b].cmp(&weights[a]).then(a.cmp(&b)));
    let mut loads = vec![0u64; count];
    let mut parts = vec![0u32; weights.len()];
    for item in order {
        let (part, _) = loads
            .iter()
            .enumerate()
            .min_by_key(|&(part, &load)| (load, part))
            .expect("at least one part");
        loads[part] = loads[part].saturating_add(weights[item].max(1));
        parts[item] = part as u32 + 1;
    }
    parts
}

/// The items of `weights` that belong to `shard`, in their order.
pub fn shard_items(weights: &[u64], shard: Shard) -> Vec<usize> {
    partition(weights, shard.count)
        .into_iter()
        .enumerate()
        .filter(|&(_, part)| part == shard.index)
        .map(|(item, _)| item)
        .collect()
}

/// Estimated positions of `runs` searches of `tree` by `algo`, as a whole number (at
/// least 1; [`UNKNOWN_WEIGHT`] for a `.tree` file).
pub fn search_weight(tree: &TreeSpec, algo: Algorithm, runs: u64) -> u64 {
    let TreeSource::Model(model) = &tree.source else {
        return UNKNOWN_WEIGHT.saturating_mul(runs.max(1));
    };
    let positions = estimate_positions(model, algo).round() * runs.max(1) as f64;
    // `as` saturates: a tree beyond u64 positions weighs u64::MAX.
    (positions as u64).max(1)
}

/// The weight of one tree of `workload` in a sweep at `threads` with `runs` runs per
/// search: every algorithm at every thread count, the serial candidates a parallel
/// record is set against ([`with_serial_candidates`]), and the `f2-iter` reference when
/// the workload does not list it (as [`Suite::estimate`] counts them).
pub fn tree_weight(workload: &Workload, series: &[Series], threads: &[usize], runs: u64) -> u64 {
    let reference = Algorithm::Serial(SerialAlgorithm::F2Iter);
    let algos: Vec<Algorithm> = with_serial_candidates_of(series, true)
        .iter()
        .map(|s| s.algo)
        .collect();
    let mut weight = searches_weight(&workload.tree, &algos, threads, runs);
    if !algos.contains(&reference) {
        weight = weight.saturating_add(search_weight(&workload.tree, reference, runs + 1));
    }
    weight
}

/// The weight of searching `tree` with each of `algos`, the parallel ones at each of
/// `threads`, `runs` times each (serial ones once more, for their baseline).
pub fn searches_weight(tree: &TreeSpec, algos: &[Algorithm], threads: &[usize], runs: u64) -> u64 {
    algos.iter().fold(0u64, |weight, &algo| {
        let one = if algo.is_parallel() {
            search_weight(tree, algo, runs).saturating_mul(threads.len() as u64)
        } else {
            search_weight(tree, algo, runs + 1)
        };
        weight.saturating_add(one)
    })
}

/// The lines a sweep at `threads` writes for each tree measured with `series` (a
/// workload's, [`Suite::series`]): one per serial algorithm and settings (the candidates
/// of [`with_serial_candidates`] among them), one per thread count of each parallel one.
pub fn tree_searches(series: &[Series], threads: &[usize]) -> u64 {
    with_serial_candidates_of(series, true)
        .iter()
        .map(|s| {
            if s.algo.is_parallel() {
                threads.len() as u64
            } else {
                1
            }
        })
        .sum()
}

impl Suite {
    /// The suite's content hash at `threads`: every setting that changes what a sweep
    /// measures (name, workloads with their trees, seeds and algorithms, thread counts,
    /// repeats, warm-up, the settings' grid and those given). Two shards of one run have
    /// the same.
    pub fn content_hash(&self, threads: &[usize]) -> String {
        let text = format!(
            "{}|{:?}|{threads:?}|{}|{}|{:?}|{:?}",
            self.name, self.workloads, self.repeat, self.warmup, self.grid, self.settings
        );
        abbench_results::content_hash(text.as_bytes())
    }

    /// Part `shard` of the suite swept at `threads`: a suite of the same settings that
    /// measures only that part's trees, in the suite's order (each as a workload of one
    /// tree), and the `shard.json` that describes it.
    pub fn shard(&self, shard: Shard, threads: &[usize]) -> (Suite, ShardManifest) {
        let runs = (self.repeat + self.warmup) as u64;
        let trees: Vec<(&Workload, TreeSpec)> = self
            .workloads
            .iter()
            .flat_map(|w| w.tree_specs().into_iter().map(move |t| (w, t)))
            .collect();
        let weights: Vec<u64> = trees
            .iter()
            .map(|(w, _)| tree_weight(w, &self.series(w), threads, runs))
            .collect();
        let chosen = shard_items(&weights, shard);
        let workloads = chosen
            .iter()
            .map(|&i| Workload {
                tree: trees[i].1.clone(),
                trees: 1,
                algorithms: trees[i].0.algorithms.clone(),
            })
            .collect();
        let manifest = ShardManifest {
            schema: SCHEMA,
            kind: "shard".into(),
            shard,
            suite: self.name.clone(),
            suite_hash: self.content_hash(threads),
            suite_trees: trees.len() as u64,
            trees: chosen
                .iter()
                .map(|&i| ShardTree {
                    index: i as u64,
                    key: TreeInfo::of(&trees[i].1).key(),
                    searches: Some(tree_searches(&self.series(trees[i].0), threads)),
                })
                .collect(),
        };
        let part = Suite {
            workloads,
            ..self.clone()
        };
        (part, manifest)
    }
}

/// One tree's share of a sharded simulation: for each algorithm (in the order given) the
/// processor counts to simulate, and whether to compute the tree's work/span line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimulationPart {
    /// Processor counts per algorithm, each in the order given; empty where none.
    pub procs: Vec<Vec<usize>>,
    /// Whether this part computes the tree's work/span line.
    pub work_span: bool,
}

/// Each tree's share of part `shard` of simulating `algos` at `procs` on `trees`: the
/// items are every (tree, algorithm, processors) and every tree's work/span line, in that
/// order (the order `simulate` prints them); without a shard, everything.
pub fn simulation_shard(
    trees: &[TreeSpec],
    algos: &[Algorithm],
    procs: &[usize],
    shard: Option<Shard>,
) -> Vec<SimulationPart> {
    let work_span_algo = Algorithm::Parallel(abbench_parallel::ParallelAlgorithm::Ybwc);
    let mut weights = Vec::new();
    for tree in trees {
        for &algo in algos {
            weights.extend(procs.iter().map(|_| search_weight(tree, algo, 1)));
        }
        weights.push(search_weight(tree, work_span_algo, 1));
    }
    let chosen: Vec<bool> = match shard {
        None => vec![true; weights.len()],
        Some(shard) => partition(&weights, shard.count)
            .into_iter()
            .map(|part| part == shard.index)
            .collect(),
    };
    let mut items = chosen.into_iter();
    trees
        .iter()
        .map(|_| SimulationPart {
            procs: algos
                .iter()
                .map(|_| {
                    procs
                        .iter()
                        .copied()
                        .filter(|_| items.next().unwrap_or(false))
                        .collect()
                })
                .collect(),
            work_span: items.next().unwrap_or(false),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shard(index: u32, count: u32) -> Shard {
        Shard { index, count }
    }

    #[test]
    fn parts_are_balanced_by_weight_and_cover_every_item_once() {
        let weights = [100, 1, 1, 50, 50, 1, 1, 1];
        let parts = partition(&weights, 2);
        let load = |p: u32| -> u64 {
            weights
                .iter()
                .zip(&parts)
                .filter(|&(_, &q)| q == p)
                .map(|(w, _)| w)
                .sum()
        };
        assert_eq!(parts[0], 1);
        assert_eq!(load(1), 103);
        assert_eq!(load(2), 102);
        let mut all: Vec<usize> = (1..=3)
            .flat_map(|k| shard_items(&weights, shard(k, 3)))
            .collect();
        all.sort();
        assert_eq!(all, (0..weights.len()).collect::<Vec<_>>());
        // More parts than items: the extra parts are empty.
        assert_eq!(shard_items(&[5, 5], shard(3, 3)), Vec::<usize>::new());
        assert_eq!(partition(&weights, 1), vec![1; weights.len()]);
    }

    #[test]
    fn quick_suite_shards_cover_the_suite_in_its_order() {
        let suite = Suite::builtin("quick").unwrap();
        let threads = [1, 2];
        let every: Vec<String> = suite
            .workloads
            .iter()
            .flat_map(|w| w.tree_specs())
            .map(|t| TreeInfo::of(&t).key())
            .collect();
        let mut seen = vec![0; every.len()];
        for k in 1..=3 {
            let (part, manifest) = suite.shard(shard(k, 3), &threads);
            assert!(part.tree_count() > 0, "shard {k} of 3 is empty");
            assert_eq!(part.tree_count(), manifest.trees.len() as u64);
            assert_eq!(manifest.suite_hash, suite.content_hash(&threads));
            assert!(manifest.trees.windows(2).all(|w| w[0].index < w[1].index));
            for tree in &manifest.trees {
                assert_eq!(every[tree.index as usize], tree.key);
                seen[tree.index as usize] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n == 1), "{seen:?}");
        assert_ne!(suite.content_hash(&[1, 2]), suite.content_hash(&[1, 2, 4]));
    }

    #[test]
    fn the_parts_of_a_stress_campaign_make_its_searches() {
        // 100 searches: rounds of `per_round`, the last one short.
        let whole = crate::stress(100, 5, None, |_| {}).unwrap();
        let parts: Vec<crate::StressOutcome> = (1..=3)
            .map(|k| crate::stress_shard(100, 5, Some(shard(k, 3)), None, |_| {}).unwrap())
            .collect();
        assert_eq!(
            parts.iter().map(|p| p.searches).sum::<u64>(),
            whole.searches
        );
        assert_eq!(parts.iter().map(|p| p.trees).sum::<u64>(), whole.trees);
        for (i, (config, count)) in whole.by_config.iter().enumerate() {
            let searched: u64 = parts.iter().map(|p| p.by_config[i].1.searches).sum();
            assert_eq!(searched, count.searches, "{config:?}");
        }
    }

    #[test]
    fn simulation_parts_cover_every_simulation_once() {
        use abbench_tree::{Layout, Model, ModelSpec};
        let trees: Vec<TreeSpec> = (1..=3)
            .map(|seed| {
                TreeSpec::model(ModelSpec::new(Model::Random, 4, 5, seed), Layout::Implicit)
            })
            .collect();
        let algos: Vec<Algorithm> = ["root-split", "ybwc"].map(|a| a.parse().unwrap()).to_vec();
        let procs = [1, 2, 4, 8];
        let whole = simulation_shard(&trees, &algos, &procs, None);
        assert!(
            whole
                .iter()
                .all(|p| p.work_span && p.procs.iter().all(|l| l == &procs))
        );
        let parts: Vec<Vec<SimulationPart>> = (1..=2)
            .map(|k| simulation_shard(&trees, &algos, &procs, Some(shard(k, 2))))
            .collect();
        assert!(parts.iter().all(|p| p.len() == trees.len()));
        for (one, two) in parts[0].iter().zip(&parts[1]) {
            assert!(one.work_span ^ two.work_span);
            for (a, b) in one.procs.iter().zip(&two.procs) {
                let mut both = [a.clone(), b.clone()].concat();
                both.sort();
                assert_eq!(both, procs);
            }
        }
    }
}
