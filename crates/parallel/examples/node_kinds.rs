//! What serial F2's nodes turn out to be at each depth of random d=16 trees of height H
//! (seeds 1–4): cut (a child reached beta; at which child), all (no child raised alpha)
//! or pv, counted down to depth 5. The protocol README (`src/ybwc/README.md`) quotes its
//! output: the kinds young brothers wait must guess when it decides where to share.
//!
//! `cargo run --release -p abbench-parallel --example node_kinds -- H`
use abbench_tree::{GameTree, INFINITY, Model, ModelSpec, NEG_INFINITY, TreeVisitor, Value};

#[derive(Default, Clone)]
struct L {
    nodes: u64,
    cut: u64,
    cut_at: [u64; 17],
    all: u64,
    pv: u64,
    pv_raises: u64,
    cut_raised: u64,
}

fn f2<T: GameTree>(t: &T, n: T::Node, a: Value, b: Value, st: &mut Vec<L>, maxd: usize) -> Value {
    let d = t.degree(n);
    if d == 0 {
        return t.value(n);
    }
    let depth = t.depth(n) as usize;
    let ch = t.children(n);
    let mut m = a;
    let mut raises = 0;
    for i in 0..d {
        let c = t.child(n, &ch, i);
        let v = -f2(t, c, -b, -m, st, maxd);
        if v > m {
            m = v;
            raises += 1;
        }
        if m >= b {
            if depth < maxd {
                let l = &mut st[depth];
                l.nodes += 1;
                l.cut += 1;
                l.cut_at[i.min(16)] += 1;
                if raises > 1 {
                    l.cut_raised += 1;
                }
            }
            return m;
        }
    }
    if depth < maxd {
        let l = &mut st[depth];
        l.nodes += 1;
        if m == a {
            l.all += 1
        } else {
            l.pv += 1;
            l.pv_raises += raises;
        }
    }
    m
}

struct V;
impl TreeVisitor for V {
    type Output = Vec<L>;
    fn visit<T: GameTree>(self, t: &T) -> Vec<L> {
        let mut st = vec![L::default(); 6];
        f2(t, t.root(), NEG_INFINITY, INFINITY, &mut st, 6);
        st
    }
}
fn main() {
    let h: u32 = std::env::args().nth(1).unwrap().parse().unwrap();
    let mut tot = vec![L::default(); 6];
    for seed in 1..=4 {
        let st = ModelSpec::new(Model::Random, 16, h, seed)
            .visit_implicit(V)
            .unwrap();
        for (a, b) in tot.iter_mut().zip(st) {
            a.nodes += b.nodes;
            a.cut += b.cut;
            a.all += b.all;
            a.pv += b.pv;
            a.pv_raises += b.pv_raises;
            a.cut_raised += b.cut_raised;
            for i in 0..17 {
                a.cut_at[i] += b.cut_at[i];
            }
        }
    }
    for (d, l) in tot.iter().enumerate() {
        println!(
            "depth {d}: nodes {} cut {:.1}% all {:.1}% pv {:.1}% (raises/pv {:.2}); cut at child: {:?}",
            l.nodes,
            100.0 * l.cut as f64 / l.nodes as f64,
            100.0 * l.all as f64 / l.nodes as f64,
            100.0 * l.pv as f64 / l.nodes as f64,
            l.pv_raises as f64 / l.pv.max(1) as f64,
            &l.cut_at[..8]
        );
    }
}
