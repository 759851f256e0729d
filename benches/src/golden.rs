//! The golden figures: for each (workload, algorithm) the value, positions and leaves a
//! correct search finds, read from `data/golden.txt`. Benches assert every search they
//! time against them.

use abbench_search::SearchResult;

const GOLDEN: &str = include_str!("../data/golden.txt");

/// The known answer of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Golden {
    /// Root value.
    pub value: i64,
    /// Positions examined.
    pub nodes: u64,
    /// Terminal positions examined.
    pub leaves: u64,
}

impl Golden {
    /// Panics unless `result` is this answer, naming what differs.
    pub fn check(&self, what: &str, result: &SearchResult) {
        assert_eq!(result.value, self.value, "{what}: value");
        assert_eq!(result.stats.nodes, self.nodes, "{what}: nodes");
        assert_eq!(result.stats.leaves, self.leaves, "{what}: leaves");
    }
}

/// The golden figures of `algo` on `workload`; `value` only (nodes 0) for lines that give
/// just the value (parallel searches, whose counts vary).
///
/// # Panics
/// If the data file has no such line.
pub fn golden(workload: &str, algo: &str) -> Golden {
    for line in GOLDEN.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.len() == 5 && fields[0] == workload && fields[1] == algo {
            let parse = |i: usize| fields[i].parse::<i64>().expect("golden.txt holds integers");
            return Golden {
                value: parse(2),
                nodes: parse(3) as u64,
                leaves: parse(4) as u64,
            };
        }
    }
    panic!("data/golden.txt has no line for {workload} {algo}")
}
