//! A slow reference implementation of the tree specification (`SPEC.md`), written from
//! the text alone: plain recursion, a `Vec` per node, none of the crate's code. The test
//! vectors in `tests/data/vectors.txt` were produced by it, and the tests check the
//! crate's models against both.
//!
//! Shared by several test files (and by the command-line tests), so not every item is
//! used by each.
#![allow(dead_code)]

use std::fmt::Write;

pub const G: u64 = 0x9E3779B97F4A7C15;
pub const SALT_ORDER: u64 = 0x6A09E667F3BCC909;
pub const SALT_PERM: u64 = 0xBB67AE8584CAA73B;
pub const SALT_BRANCH: u64 = 0x3C6EF372FE94F82B;

/// Hashing, as the specification writes it.
pub fn mix64(z: u64) -> u64 {
    let mut z = z.wrapping_add(G);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D049BB133111EB);
    z ^ (z >> 31)
}

pub fn child_key(k: u64, i: u64) -> u64 {
    mix64(k.wrapping_add(i.wrapping_mul(G)))
}

pub fn unit(u: u64) -> f64 {
    (u >> 11) as f64 * 2f64.powi(-53)
}

/// SplitMix64 seeded with `seed`: its `j`-th output is `mix64(seed + j*G)`.
struct SplitMix {
    next_input: u64,
}

impl SplitMix {
    fn next(&mut self) -> u64 {
        let out = mix64(self.next_input);
        self.next_input = self.next_input.wrapping_add(G);
        out
    }
}

/// A model and its parameters, with the specification's defaults.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    pub model: String,
    pub degree: u64,
    pub height: u32,
    pub seed: u64,
    pub values: u64,
    pub ordering: f64,
    pub spread: u64,
    pub degree_min: u64,
    pub degree_max: u64,
    pub terminal_prob: f64,
    pub edge_range: u64,
    pub order: String,
}

impl Params {
    pub fn new(model: &str, degree: u64, height: u32, seed: u64) -> Params {
        Params {
            model: model.to_string(),
            degree,
            height,
            seed,
            values: 1 << 32,
            ordering: 1.0,
            spread: 1000,
            degree_min: degree,
            degree_max: degree,
            terminal_prob: 0.0,
            edge_range: 1000,
            order: "natural".to_string(),
        }
    }

    /// Parses `model key=value …` (the names of the command line's options).
    pub fn parse(text: &str) -> Params {
        let mut words = text.split_whitespace();
        let model = words.next().expect("a model name");
        let mut p = Params::new(model, 0, 0, 0);
        let mut min_max = (None, None);
        for word in words {
            let (key, value) = word.split_once('=').expect("key=value");
            match key {
                "degree" => p.degree = value.parse().unwrap(),
                "height" => p.height = value.parse().unwrap(),
                "seed" => p.seed = value.parse().unwrap(),
                "values" => p.values = value.parse().unwrap(),
                "ordering" => p.ordering = value.parse().unwrap(),
                "spread" => p.spread = value.parse().unwrap(),
                "degree-min" => min_max.0 = Some(value.parse().unwrap()),
                "degree-max" => min_max.1 = Some(value.parse().unwrap()),
                "terminal-prob" => p.terminal_prob = value.parse().unwrap(),
                "edge-range" => p.edge_range = value.parse().unwrap(),
                "order" => p.order = value.to_string(),
                _ => panic!("unknown parameter {key}"),
            }
        }
        p.degree_min = min_max.0.unwrap_or(p.degree);
        p.degree_max = min_max.1.unwrap_or(p.degree);
        p
    }

    /// The options of `abbench tree` that name this tree.
    pub fn cli_args(&self) -> Vec<String> {
        vec![
            "--model".to_string(),
            self.model.clone(),
            "--degree".to_string(),
            self.degree.to_string(),
            "--height".to_string(),
            self.height.to_string(),
            "--seed".to_string(),
            self.seed.to_string(),
            "--values".to_string(),
            self.values.to_string(),
            "--ordering".to_string(),
            self.ordering.to_string(),
            "--spread".to_string(),
            self.spread.to_string(),
            "--degree-min".to_string(),
            self.degree_min.to_string(),
            "--degree-max".to_string(),
            self.degree_max.to_string(),
            "--terminal-prob".to_string(),
            self.terminal_prob.to_string(),
            "--edge-range".to_string(),
            self.edge_range.to_string(),
            "--order".to_string(),
            self.order.clone(),
        ]
    }
}

/// A position: a leaf with its negamax value, or its children in search order, each with
/// its move number.
#[derive(Clone, Debug, PartialEq)]
pub enum Tree {
    Leaf(i64),
    Node(Vec<(usize, Tree)>),
}

/// The tree the specification defines for `p`.
pub fn build(p: &Params) -> Tree {
    let root = mix64(p.seed);
    match p.model.as_str() {
        "random" => random(p, root, 0),
        "ordered" => ordered(p, root, 0, 0),
        "dependent" => dependent(p, root, 0, 0),
        "branch-sum" => branch_sum(p, root, 0, 0),
        "worst" => worst(p, 0, &mut Vec::new()),
        other => panic!("unknown model {other}"),
    }
}

fn random(p: &Params, k: u64, depth: u32) -> Tree {
    if depth == p.height {
        let f = ((k >> 32) as u128 * p.values as u128) >> 32;
        return Tree::Leaf(f as i64);
    }
    Tree::Node(
        (0..p.degree)
            .map(|i| (i as usize, random(p, child_key(k, i), depth + 1)))
            .collect(),
    )
}

fn ordered(p: &Params, k: u64, depth: u32, target: i64) -> Tree {
    let n = if depth == p.height {
        0
    } else if p.degree_min == p.degree_max && p.terminal_prob == 0.0 {
        p.degree
    } else {
        let t = mix64(k ^ SALT_BRANCH);
        if unit(t) < p.terminal_prob {
            0
        } else {
            p.degree_min + mix64(t) % (p.degree_max - p.degree_min + 1)
        }
    };
    if n == 0 {
        return Tree::Leaf(target);
    }
    let u = mix64(k ^ SALT_ORDER);
    let best = if unit(u) < p.ordering {
        0
    } else {
        mix64(u) % n
    };
    Tree::Node(
        (0..n)
            .map(|i| {
                let c = child_key(k, i);
                let t = if i == best {
                    -target
                } else {
                    -target + 1 + ((c >> 32) % p.spread) as i64
                };
                (i as usize, ordered(p, c, depth + 1, t))
            })
            .collect(),
    )
}

fn dependent(p: &Params, k: u64, depth: u32, acc: u64) -> Tree {
    if depth == p.height {
        return Tree::Leaf(acc as i64);
    }
    let d = p.degree as usize;
    let mut pi: Vec<u64> = (0..p.degree).collect();
    let mut rng = SplitMix {
        next_input: mix64(k ^ SALT_PERM),
    };
    for j in (1..d).rev() {
        let r = (rng.next() % (j as u64 + 1)) as usize;
        pi.swap(j, r);
    }
    Tree::Node(
        (0..d)
            .map(|i| {
                let c = child_key(k, i as u64);
                (i, dependent(p, c, depth + 1, acc * p.degree + pi[i]))
            })
            .collect(),
    )
}

fn branch_sum(p: &Params, k: u64, depth: u32, s: i64) -> Tree {
    if depth == p.height {
        return Tree::Leaf(s);
    }
    let e_range = p.edge_range as i64;
    let mut moves: Vec<(i64, usize, u64)> = (0..p.degree)
        .map(|m| {
            let c = child_key(k, m);
            let e = ((c >> 32) % (2 * p.edge_range + 1)) as i64 - e_range;
            (-(s + e), m as usize, c)
        })
        .collect();
    match p.order.as_str() {
        "natural" => {}
        "static" => moves.sort(),
        other => panic!("unknown order {other}"),
    }
    Tree::Node(
        moves
            .into_iter()
            .map(|(sc, m, c)| (m, branch_sum(p, c, depth + 1, sc)))
            .collect(),
    )
}

/// `worst`: a leaf's root-viewpoint value is `offset + sum s_l * m_l * d^(h-l)`.
fn worst(p: &Params, depth: u32, path: &mut Vec<u64>) -> Tree {
    if depth == p.height {
        let offset = (mix64(p.seed) >> 44) as i64;
        let mut v = offset;
        for (l, &m) in path.iter().enumerate() {
            let l = l as u32 + 1;
            let weight = p.degree.pow(p.height - l) as i64;
            let sign = if l % 2 == 1 { 1 } else { -1 };
            v += sign * m as i64 * weight;
        }
        return Tree::Leaf(if p.height.is_multiple_of(2) { v } else { -v });
    }
    Tree::Node(
        (0..p.degree)
            .map(|m| {
                path.push(m);
                let child = worst(p, depth + 1, path);
                path.pop();
                (m as usize, child)
            })
            .collect(),
    )
}

/// Plain negamax, Knuth & Moore eq. (1).
pub fn negamax(t: &Tree) -> i64 {
    match t {
        Tree::Leaf(v) => *v,
        Tree::Node(children) => children.iter().map(|(_, c)| -negamax(c)).max().unwrap(),
    }
}

/// What a full search meets at each position, in pre-order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Visit {
    pub depth: u32,
    pub move_number: usize,
    pub degree: usize,
    /// Negamax value for a leaf, 0 otherwise.
    pub value: i64,
}

pub fn visits(t: &Tree) -> Vec<Visit> {
    fn go(t: &Tree, depth: u32, move_number: usize, out: &mut Vec<Visit>) {
        match t {
            Tree::Leaf(v) => out.push(Visit {
                depth,
                move_number,
                degree: 0,
                value: *v,
            }),
            Tree::Node(children) => {
                out.push(Visit {
                    depth,
                    move_number,
                    degree: children.len(),
                    value: 0,
                });
                for (m, c) in children {
                    go(c, depth + 1, *m, out);
                }
            }
        }
    }
    let mut out = Vec::new();
    go(t, 0, 0, &mut out);
    out
}

/// Leaf values (negamax) in search order, and each leaf's path of move numbers.
pub fn leaves(t: &Tree) -> (Vec<i64>, Vec<String>) {
    fn go(t: &Tree, path: &mut Vec<usize>, values: &mut Vec<i64>, paths: &mut Vec<String>) {
        match t {
            Tree::Leaf(v) => {
                values.push(*v);
                let p: Vec<String> = path.iter().map(|m| m.to_string()).collect();
                paths.push(if p.is_empty() {
                    "-".to_string()
                } else {
                    p.join(".")
                });
            }
            Tree::Node(children) => {
                for (m, c) in children {
                    path.push(*m);
                    go(c, path, values, paths);
                    path.pop();
                }
            }
        }
    }
    let (mut values, mut paths) = (Vec::new(), Vec::new());
    go(t, &mut Vec::new(), &mut values, &mut paths);
    (values, paths)
}

/// The one-line `.tree` text: children in search order, values from the root's viewpoint.
pub fn text(t: &Tree) -> String {
    fn go(t: &Tree, depth: u32, out: &mut String) {
        match t {
            Tree::Leaf(v) => {
                let v = if depth % 2 == 1 { -v } else { *v };
                write!(out, "{v}").unwrap();
            }
            Tree::Node(children) => {
                out.push('(');
                for (i, (_, c)) in children.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    go(c, depth + 1, out);
                }
                out.push(')');
            }
        }
    }
    let mut out = String::new();
    go(t, 0, &mut out);
    out
}

/// The tokens of a `.tree` text with comments removed: `(`, `)` and integers.
pub fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap();
        let spaced = line.replace('(', " ( ").replace(')', " ) ");
        out.extend(spaced.split_whitespace().map(str::to_string));
    }
    out
}

/// One tree of the vectors file.
#[derive(Clone, Debug, Default)]
pub struct TreeVector {
    pub params: String,
    pub leaves: Vec<i64>,
    pub paths: Vec<String>,
    pub root: i64,
    pub text: String,
}

/// The contents of the vectors file.
#[derive(Clone, Debug, Default)]
pub struct Vectors {
    /// `(input, mix64(input))`.
    pub mix64: Vec<(u64, u64)>,
    /// `(seed, root key)`.
    pub root_keys: Vec<(u64, u64)>,
    /// `(seed, i, key of child i of the root)`.
    pub child_keys: Vec<(u64, u64, u64)>,
    pub trees: Vec<TreeVector>,
}

fn hex(word: &str) -> u64 {
    u64::from_str_radix(word.trim_start_matches("0x"), 16).expect("hex number")
}

/// The vectors file, seen from the tree crate or from a sibling crate's tests.
pub fn vectors_path() -> std::path::PathBuf {
    let manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let own = manifest.join("tests/data/vectors.txt");
    if own.exists() {
        own
    } else {
        manifest.join("../tree/tests/data/vectors.txt")
    }
}

/// Parses the vectors file format (described at the top of the file itself).
pub fn parse_vectors(text: &str) -> Vectors {
    let mut v = Vectors::default();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').expect("key and value");
        let words: Vec<&str> = rest.split_whitespace().collect();
        let tree = v.trees.last_mut();
        match key {
            "mix64" => v.mix64.push((hex(words[0]), hex(words[1]))),
            "root-key" => v.root_keys.push((words[0].parse().unwrap(), hex(words[1]))),
            "child-key" => v.child_keys.push((
                words[0].parse().unwrap(),
                words[1].parse().unwrap(),
                hex(words[2]),
            )),
            "tree" => v.trees.push(TreeVector {
                params: rest.to_string(),
                ..TreeVector::default()
            }),
            "leaves" => tree.unwrap().leaves = words.iter().map(|w| w.parse().unwrap()).collect(),
            "paths" => tree.unwrap().paths = words.iter().map(|w| w.to_string()).collect(),
            "root" => tree.unwrap().root = words[0].parse().unwrap(),
            "text" => tree.unwrap().text = rest.to_string(),
            other => panic!("unknown line {other}"),
        }
    }
    v
}

/// The trees the vectors file holds, by parameters.
pub const VECTOR_TREES: &[&str] = &[
    "random degree=2 height=3 seed=1 values=4294967296",
    "random degree=2 height=3 seed=1 values=10",
    "ordered degree=3 height=2 seed=1 ordering=1 spread=1000",
    "ordered degree=3 height=2 seed=1 ordering=0.5 spread=1000",
    "ordered degree=3 height=3 seed=4 ordering=0.5 spread=10 degree-min=1 degree-max=3 terminal-prob=0.2",
    "ordered degree=3 height=3 seed=1 ordering=0.5 spread=10 degree-min=1 degree-max=3 terminal-prob=0.2",
    "dependent degree=3 height=2 seed=1",
    "branch-sum degree=3 height=2 seed=1 edge-range=10 order=natural",
    "branch-sum degree=3 height=2 seed=1 edge-range=10 order=static",
    "worst degree=2 height=3 seed=1",
    "ordered degree=2 height=3 seed=1 ordering=1 spread=1000",
    "dependent degree=2 height=3 seed=1",
    "branch-sum degree=2 height=3 seed=1 edge-range=1000 order=natural",
    "branch-sum degree=2 height=3 seed=1 edge-range=1000 order=static",
];

/// The vectors file's text, computed by this reference implementation.
pub fn generate_vectors() -> String {
    let mut out = String::new();
    out.push_str(
        "# Test vectors of the abbench tree specification, version 1 (crates/tree/SPEC.md).\n\
         # Computed by the slow reference implementation in crates/tree/tests/reference/mod.rs.\n\
         #\n\
         # mix64 <input> <output>             hexadecimal\n\
         # root-key <seed> <key>              K(root) = mix64(seed)\n\
         # child-key <seed> <i> <key>         key of child i of the root\n\
         # tree <model> <parameter=value>...  starts a tree; the lines below belong to it\n\
         # leaves <v>...                      negamax leaf values (player to move at the leaf), search order\n\
         # paths <m.m.m>...                   each leaf's move numbers from the root, same order\n\
         # root <v>                           negamax value of the root\n\
         # text <tree>                        the .tree text: root-viewpoint values, search order\n\n",
    );
    for z in [0u64, 1, 42, u64::MAX] {
        writeln!(out, "mix64 {z:#018x} {:#018x}", mix64(z)).unwrap();
    }
    let root = mix64(1);
    writeln!(out, "root-key 1 {root:#018x}").unwrap();
    for i in 0..4 {
        writeln!(out, "child-key 1 {i} {:#018x}", child_key(root, i)).unwrap();
    }
    for params in VECTOR_TREES {
        let tree = build(&Params::parse(params));
        let (values, paths) = leaves(&tree);
        out.push('\n');
        writeln!(out, "tree {params}").unwrap();
        let values: Vec<String> = values.iter().map(|v| v.to_string()).collect();
        writeln!(out, "leaves {}", values.join(" ")).unwrap();
        writeln!(out, "paths {}", paths.join(" ")).unwrap();
        writeln!(out, "root {}", negamax(&tree)).unwrap();
        writeln!(out, "text {}", text(&tree)).unwrap();
    }
    out
}
