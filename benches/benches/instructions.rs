//! Instruction counts of the serial kernels — the paper's procedures and f2-iter, and the
//! window techniques' kernels (f2-soft, pvs, aspiration, mtdf with its table allocated in
//! the measured call) — under callgrind (gungraun): deterministic for
//! a given compiler and machine kind, unlike wall time on a shared machine, so CI gates on
//! them. `ci/instructions.sh` runs these benches against the committed baseline in
//! `ci/baselines/gungraun/` with a soft limit on instructions; how to update the
//! baseline is written there and in the README.
//!
//! Each bench searches one workload and asserts the golden figures, so a change that makes
//! a kernel cheaper by examining other positions fails here rather than passing as a gain.

// gungraun's `#[library_benchmark]` expands to modules it does not document.
#![allow(missing_docs)]

use abbench_benches::{golden, workload};
use abbench_search::SerialRun;
use abbench_search::{Basic, F2Iter, SerialAlgorithm};
use abbench_tree::{GameTree, TreeVisitor};
use gungraun::{library_benchmark, library_benchmark_group};
use std::hint::black_box;

/// Searches the named workload with the named serial algorithm and checks the answer.
struct Search(&'static str, &'static str);

impl TreeVisitor for Search {
    type Output = i64;
    fn visit<T: GameTree>(self, tree: &T) -> i64 {
        let (name, algo) = (self.0, self.1);
        let algorithm: SerialAlgorithm = algo.parse().expect("bench names are algorithms");
        let result = if algorithm == SerialAlgorithm::F2Iter {
            F2Iter::new(tree).search::<Basic>(black_box(tree))
        } else {
            algorithm.search::<T, Basic>(black_box(tree))
        };
        golden(name, algo).check(&format!("{algo} on {name}"), &result);
        result.value
    }
}

fn run(name: &'static str, algo: &'static str) -> i64 {
    workload(name)
        .spec
        .visit_implicit(Search(name, algo))
        .expect("valid workload")
}

#[library_benchmark]
#[bench::random_d8_h8("random-d8-h8")]
#[bench::random_d8_h6("random-d8-h6")]
#[bench::ordered_d16_h8("ordered-d16-h8-q0.7")]
#[bench::branch_sum_static_d8_h8("branch-sum-static-d8-h8")]
fn f2_iter(name: &'static str) -> i64 {
    black_box(run(name, "f2-iter"))
}

#[library_benchmark]
#[bench::random_d8_h8("random-d8-h8")]
fn f2(name: &'static str) -> i64 {
    black_box(run(name, "f2"))
}

#[library_benchmark]
#[bench::random_d8_h6("random-d8-h6")]
fn f1(name: &'static str) -> i64 {
    black_box(run(name, "f1"))
}

#[library_benchmark]
#[bench::random_d8_h6("random-d8-h6")]
fn f0(name: &'static str) -> i64 {
    black_box(run(name, "f0"))
}

#[library_benchmark]
#[bench::random_d8_h8("random-d8-h8")]
#[bench::ordered_d16_h8("ordered-d16-h8-q0.7")]
fn f2_soft(name: &'static str) -> i64 {
    black_box(run(name, "f2-soft"))
}

#[library_benchmark]
#[bench::random_d8_h8("random-d8-h8")]
#[bench::ordered_d16_h8("ordered-d16-h8-q0.7")]
fn pvs(name: &'static str) -> i64 {
    black_box(run(name, "pvs"))
}

#[library_benchmark]
#[bench::random_d8_h8("random-d8-h8")]
#[bench::ordered_d16_h8("ordered-d16-h8-q0.7")]
fn aspiration(name: &'static str) -> i64 {
    black_box(run(name, "aspiration"))
}

#[library_benchmark]
#[bench::random_d8_h8("random-d8-h8")]
#[bench::ordered_d16_h8("ordered-d16-h8-q0.7")]
fn mtdf(name: &'static str) -> i64 {
    black_box(run(name, "mtdf"))
}

library_benchmark_group!(
    name = serial_kernels,
    benchmarks = [f2_iter, f2, f1, f0, f2_soft, pvs, aspiration, mtdf]
);

/// gungraun's entry point, in a module of its own so that [`main`] can decide first
/// whether the tools it needs are there.
mod gungraun_bench {
    use super::*;
    use gungraun::main;

    main!(library_benchmark_groups = serial_kernels);

    /// Runs gungraun: the benchmarks under callgrind, through `gungraun-runner`.
    pub fn run() {
        main();
    }
}

/// The gungraun-runner version that must run these benches: gungraun's own version in
/// the workspace's `Cargo.toml`.
const RUNNER_VERSION: &str = "0.20.0";

/// What this bench needs and the machine lacks, if anything: `gungraun-runner` of
/// [`RUNNER_VERSION`] and `valgrind`, both on the `PATH`.
fn missing_tools() -> Option<String> {
    let version = |tool: &str| {
        std::process::Command::new(tool)
            .arg("--version")
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let mut missing = Vec::new();
    let wanted = format!("gungraun-runner {RUNNER_VERSION}");
    match version("gungraun-runner") {
        Some(v) if v == wanted => {}
        Some(v) => missing.push(format!("{wanted} (found {v})")),
        None => missing.push(wanted),
    }
    if version("valgrind").is_none() {
        missing.push("valgrind".to_string());
    }
    (!missing.is_empty()).then(|| missing.join(" and "))
}

/// `cargo bench` runs every bench of the workspace: on a machine without the tools that
/// count instructions this one says so in one line and passes, so that the criterion
/// benches still run (`ci/instructions.sh` installs the runner and gates on the counts).
fn main() {
    // gungraun-runner calls this binary back with `--gungraun-run` under valgrind: the
    // tools are there, and the check would only cost instructions.
    let called_back = std::env::args().nth(1).as_deref() == Some("--gungraun-run");
    if !called_back && let Some(missing) = missing_tools() {
        println!(
            "instructions: skipped, needs {missing} on the PATH (bash ci/instructions.sh installs the runner)"
        );
        return;
    }
    gungraun_bench::run();
}
