//! What a stale root bound costs: serial F2 on every root move of random d=16 trees of
//! height H (seeds 1–4), once with the running root bound (what serial F2 does) and once
//! with the eldest's bound (what every root move gets when all start together, as young
//! brothers wait does on 16 or more workers). Prints the positions of each and the
//! difference. The protocol README (`src/ybwc/README.md`) quotes its output.
//!
//! `cargo run --release -p abbench-parallel --example root_bound -- H`
use abbench_search::{Basic, Counters, F2Iter, NoProbe};
use abbench_tree::{GameTree, Model, ModelSpec, NEG_INFINITY, TreeVisitor};

struct V;
impl TreeVisitor for V {
    type Output = ();
    fn visit<T: GameTree>(self, tree: &T) {
        let root = tree.root();
        let ch = tree.children(root);
        let d = tree.degree(root);
        let mut k = F2Iter::new(tree);
        let mut m = NEG_INFINITY;
        let mut m0 = NEG_INFINITY;
        let (mut ser, mut stale) = (0u64, 0u64);
        for i in 0..d {
            let c = tree.child(root, &ch, i);
            let mut cnt = Basic::for_height(tree.height());
            let r = k
                .search_node(tree, c, NEG_INFINITY, -m, &mut cnt, &mut NoProbe)
                .unwrap();
            let n = cnt.stats().nodes;
            let mut cnt2 = Basic::for_height(tree.height());
            let _ = k
                .search_node(tree, c, NEG_INFINITY, -m0, &mut cnt2, &mut NoProbe)
                .unwrap();
            let n2 = cnt2.stats().nodes;
            ser += n;
            stale += n2;
            if -r.value > m {
                m = -r.value;
            }
            if i == 0 {
                m0 = m;
            }
        }
        println!(
            "serial {ser} stale {stale} extra {:.1}%",
            100.0 * (stale as f64 / ser as f64 - 1.0)
        );
    }
}
fn main() {
    let h: u32 = std::env::args().nth(1).unwrap().parse().unwrap();
    for seed in 1..=4 {
        ModelSpec::new(Model::Random, 16, h, seed)
            .visit_implicit(V)
            .unwrap();
    }
}
