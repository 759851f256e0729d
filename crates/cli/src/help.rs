//! The help texts that name algorithms, made from the vocabulary (`abbench-vocab`), so a
//! new algorithm appears in every `--help` without an edit here.

use abbench_results::{Algorithm, EVERY_PARALLEL};
use abbench_vocab::{ParallelAlgorithm, and_list};

/// Every algorithm's name, as a comma-separated list.
fn every_name() -> String {
    Algorithm::ALL.map(Algorithm::name).join(", ")
}

/// The parallel algorithms' names, as a comma-separated list.
fn parallel_names() -> String {
    ParallelAlgorithm::ALL
        .map(ParallelAlgorithm::name)
        .join(", ")
}

/// `--algo` of the commands that search.
pub fn algo() -> String {
    format!(
        "Algorithms, comma-separated: {}; `{EVERY_PARALLEL}` stands for every parallel one",
        every_name()
    )
}

/// `--algo` of `simulate`.
pub fn parallel_algo() -> String {
    format!(
        "Parallel algorithms, comma-separated: {}; `{EVERY_PARALLEL}` stands for every one",
        parallel_names()
    )
}

/// `--stress` of `verify`.
pub fn stress() -> String {
    format!(
        "Run N parallel searches (1 ..= 100000000) of racy configurations instead: every \
         parallel algorithm ({}) at 2, 3, 4, 8 and 16 threads with split height 1 on small \
         trees of every model, many full of ties, a new seed each round from --seed on. Each \
         is checked against serial F2; the first mismatch stops the run with the command \
         that reproduces it",
        parallel_names()
    )
}

/// `--tt-mb` of the commands that search.
pub fn tt_mb() -> String {
    format!(
        "The table searches' table (mtdf's transposition table, and the node table {} \
         share), MiB, 1 ..= 65536; allocated before timing",
        ParallelAlgorithm::table_searches()
    )
}

/// `--tt-mb` of `simulate`.
pub fn simulated_tt_mb() -> String {
    format!(
        "The table of the table searches, MiB, 1 ..= 65536: the node table of {}, and serial \
         mtdf's among the fastest serial search's candidates, whatever the algorithms (as \
         `run --tt-mb`)",
        ParallelAlgorithm::table_searches()
    )
}

/// The table searches' names, "mtdf, abdada, … and null-window": serial MTD(f) and every
/// parallel algorithm that shares a table.
pub fn table_searches() -> String {
    let names: Vec<&str> = Algorithm::ALL
        .into_iter()
        .filter(|a| a.reads(abbench_vocab::WindowOption::TtMb))
        .map(Algorithm::name)
        .collect();
    and_list(&names)
}
