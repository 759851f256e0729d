//! Brute force for the formula tests: explicit game trees, and F0, F1 and F2 written out as
//! in Knuth & Moore §2, counting the positions they examine on each level.

#![allow(dead_code)] // each test file uses its own part of this module

/// A value beyond every value the test trees produce; `-INFINITY` is its negation.
pub const INFINITY: i64 = 1 << 50;

/// An explicit game tree. A leaf's value is from the viewpoint of the player to move there.
#[derive(Clone, Debug)]
pub enum Tree {
    /// A terminal position and its value `f(p)`.
    Leaf(i64),
    /// A position with one or more successors, in search order.
    Node(Vec<Tree>),
}

/// Positions examined (procedure called) on each level, and terminal ones among them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Examined {
    pub levels: Vec<u64>,
    pub terminal: Vec<u64>,
}

impl Examined {
    fn visit(&mut self, depth: usize, terminal: bool) {
        if self.levels.len() <= depth {
            self.levels.resize(depth + 1, 0);
            self.terminal.resize(depth + 1, 0);
        }
        self.levels[depth] += 1;
        if terminal {
            self.terminal[depth] += 1;
        }
    }

    /// Level counts padded with zeros to `len` entries.
    pub fn levels_padded(&self, len: usize) -> Vec<u64> {
        let mut levels = self.levels.clone();
        levels.resize(len, 0);
        levels
    }

    pub fn leaves(&self) -> u64 {
        self.terminal.iter().sum()
    }
}

/// F(p), eq. (1): plain negamax.
pub fn negamax(tree: &Tree) -> i64 {
    match tree {
        Tree::Leaf(value) => *value,
        Tree::Node(children) => children.iter().map(|c| -negamax(c)).max().unwrap(),
    }
}

/// Procedure F1(p, bound) of §2, counting what it examines.
pub fn f1(tree: &Tree, bound: i64, depth: usize, examined: &mut Examined) -> i64 {
    match tree {
        Tree::Leaf(value) => {
            examined.visit(depth, true);
            *value
        }
        Tree::Node(children) => {
            examined.visit(depth, false);
            let mut m = -INFINITY;
            for child in children {
                let t = -f1(child, -m, depth + 1, examined);
                if t > m {
                    m = t;
                }
                if m >= bound {
                    break;
                }
            }
            m
        }
    }
}

/// Procedure F2(p, alpha, beta) of §2 (alpha-beta), counting what it examines.
pub fn f2(tree: &Tree, alpha: i64, beta: i64, depth: usize, examined: &mut Examined) -> i64 {
    match tree {
        Tree::Leaf(value) => {
            examined.visit(depth, true);
            *value
        }
        Tree::Node(children) => {
            examined.visit(depth, false);
            let mut m = alpha;
            for child in children {
                let t = -f2(child, -beta, -m, depth + 1, examined);
                if t > m {
                    m = t;
                }
                if m >= beta {
                    break;
                }
            }
            m
        }
    }
}

/// Runs F1(root, +inf) and returns its value and counts; checks the value against F0.
pub fn search_f1(tree: &Tree) -> Examined {
    let mut examined = Examined::default();
    assert_eq!(f1(tree, INFINITY, 0, &mut examined), negamax(tree));
    examined
}

/// Runs F2(root, -inf, +inf) and returns its counts; checks the value against F0.
pub fn search_f2(tree: &Tree) -> Examined {
    let mut examined = Examined::default();
    assert_eq!(
        f2(tree, -INFINITY, INFINITY, 0, &mut examined),
        negamax(tree)
    );
    examined
}

/// SplitMix64, for reproducible test trees.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

/// A perfectly ordered tree (eq. (12)): every position's value is `target`, its first
/// successor has value `-target` (a best move) and each other successor's value is
/// `-target + worse()`, so `worse() > 0` makes it strictly worse and `0` a tie.
/// `degrees[j]` is the number of successors of every position on level `j`.
pub fn perfectly_ordered(degrees: &[usize], target: i64, worse: &mut impl FnMut() -> i64) -> Tree {
    match degrees.split_first() {
        None => Tree::Leaf(target),
        Some((&d, rest)) => Tree::Node(
            (0..d)
                .map(|i| {
                    let child_target = if i == 0 { -target } else { -target + worse() };
                    perfectly_ordered(rest, child_target, worse)
                })
                .collect(),
        ),
    }
}
