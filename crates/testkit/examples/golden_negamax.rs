//! Confirms every golden value of `benches/data/golden.txt` by plain negamax over every
//! position of the workload's tree, and times it: the five largest trees (286 million to
//! 4.6 billion positions) are beyond what the golden test can afford at the test
//! profile's speed. `ci/golden-negamax.sh` runs this in release mode and keeps its output
//! in `benches/data/golden-negamax.txt`, to which `tests/golden.rs` holds golden.txt.
//!
//! Prints `workload value positions seconds`, one line a workload; exits 1 if a value
//! differs from the golden one.

use abbench_benches::{golden, workloads};
use abbench_testkit::negamax;
use abbench_tree::{GameTree, TreeVisitor, Value, full_tree_nodes};
use std::process::ExitCode;
use std::time::Instant;

struct Negamax;

impl TreeVisitor for Negamax {
    type Output = (Value, u64);
    fn visit<T: GameTree>(self, tree: &T) -> Self::Output {
        let positions = full_tree_nodes(tree.max_degree() as u64, tree.height())
            .expect("the workloads' sizes fit a u64");
        (negamax(tree, tree.root()), positions)
    }
}

fn main() -> ExitCode {
    let mut differ = 0;
    for w in workloads() {
        let start = Instant::now();
        let (value, positions) = w.spec.visit_implicit(Negamax).expect("a valid workload");
        let seconds = start.elapsed().as_secs_f64();
        println!("{} {value} {positions} {seconds:.1}", w.name);
        // Every workload has an `f2-iter` line.
        let expected = golden(w.name, "f2-iter").value;
        if value != expected {
            eprintln!(
                "{}: negamax finds {value}, golden.txt says {expected}",
                w.name
            );
            differ += 1;
        }
    }
    if differ == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
