//! Theorem 6 (eqs. (52)–(53)) and eq. (54) against the exact average of F2 and F1 over every
//! totally dependent uniform tree of small degree and height.
//!
//! The tree: each internal position has a uniformly random permutation `pi` of `0 … d-1`;
//! successor `i` of a position with accumulator `acc` gets `acc * d + pi[i]`, and a leaf's
//! value is its `acc`, from the viewpoint of the player to move there.
//!
//! Three exact computations, each checking the next:
//!
//! 1. every assignment of permutations to positions, `(d!)^(internal positions)` trees,
//!    searched one by one (the definition itself; the smallest trees only);
//! 2. the same distribution drawn lazily: `pi[0], pi[1], …` are drawn only as the search
//!    reaches successor `0, 1, …`, each uniform over the digits not yet used, and every
//!    sequence of draws is enumerated with its probability (exact fractions);
//! 3. a dynamic program over subtrees: the distribution of the value a search of a subtree
//!    returns, and its expected leaf count, given the window it is called with. Only the
//!    window's position relative to the subtree's values matters, and a subtree seen from
//!    its own mover is again a random totally dependent tree (reversing every permutation
//!    maps the model onto itself), so one table per height serves every position.
//!    Floating point, but nothing is sampled: it reaches heights 5 to 7.

use crate::common;

use std::collections::HashMap;

use abbench_theory::{
    Fraction, dependent_f1_expected_leaves, dependent_f2_expected_leaves,
    dependent_f2_expected_leaves_recurrence,
};

#[derive(Clone, Copy, Debug, PartialEq)]
enum Algorithm {
    F1,
    F2,
}

/// Where the digits of a position's permutation come from.
trait Digits {
    /// The digit `pi[i]` of the position on the current search path, given the digits
    /// already revealed there (`used`).
    fn digit(&mut self, position: usize, i: usize, used: &[u64]) -> u64;
}

struct Search<'a, D> {
    d: u64,
    height: u32,
    infinity: i64,
    digits: &'a mut D,
    leaves: u64,
}

impl<D: Digits> Search<'_, D> {
    /// `position` is the heap-order index of the position (root 0, successors of `k` are
    /// `k*d + 1 …`).
    fn f2(&mut self, position: usize, depth: u32, acc: u64, alpha: i64, beta: i64) -> i64 {
        if depth == self.height {
            self.leaves += 1;
            return acc as i64;
        }
        let mut used = Vec::with_capacity(self.d as usize);
        let mut m = alpha;
        for i in 0..self.d as usize {
            let digit = self.digits.digit(position, i, &used);
            used.push(digit);
            let child = position * self.d as usize + 1 + i;
            let t = -self.f2(child, depth + 1, acc * self.d + digit, -beta, -m);
            if t > m {
                m = t;
            }
            if m >= beta {
                break;
            }
        }
        m
    }

    fn f1(&mut self, position: usize, depth: u32, acc: u64, bound: i64) -> i64 {
        if depth == self.height {
            self.leaves += 1;
            return acc as i64;
        }
        let mut used = Vec::with_capacity(self.d as usize);
        let mut m = -self.infinity;
        for i in 0..self.d as usize {
            let digit = self.digits.digit(position, i, &used);
            used.push(digit);
            let child = position * self.d as usize + 1 + i;
            let t = -self.f1(child, depth + 1, acc * self.d + digit, -m);
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

/// Runs the algorithm on the tree the digits describe; returns (root value, leaves).
fn run<D: Digits>(algorithm: Algorithm, d: u64, height: u32, digits: &mut D) -> (i64, u64) {
    let infinity = d.pow(height) as i64;
    let mut search = Search {
        d,
        height,
        infinity,
        digits,
        leaves: 0,
    };
    let value = match algorithm {
        Algorithm::F2 => search.f2(0, 0, 0, -infinity, infinity),
        Algorithm::F1 => search.f1(0, 0, 0, infinity),
    };
    (value, search.leaves)
}

/// Every position's permutation fixed in advance.
struct FixedPermutations(Vec<Vec<u64>>);

impl Digits for FixedPermutations {
    fn digit(&mut self, position: usize, i: usize, _used: &[u64]) -> u64 {
        self.0[position][i]
    }
}

fn permutations(d: u64) -> Vec<Vec<u64>> {
    if d == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for smaller in permutations(d - 1) {
        for slot in 0..=smaller.len() {
            let mut p = smaller.clone();
            p.insert(slot, d - 1);
            out.push(p);
        }
    }
    out
}

/// The mean number of leaves over all `(d!)^N` assignments of permutations.
fn mean_over_all_assignments(algorithm: Algorithm, d: u64, height: u32) -> Fraction {
    let internal = ((d.pow(height) - 1) / (d - 1)) as usize;
    let perms = permutations(d);
    let mut choice = vec![0usize; internal];
    let (mut leaves, mut trees): (u128, u128) = (0, 0);
    loop {
        let mut digits = FixedPermutations(choice.iter().map(|&c| perms[c].clone()).collect());
        let (value, examined) = run(algorithm, d, height, &mut digits);
        assert_eq!(value, negamax_root(d, height, &digits.0));
        leaves += u128::from(examined);
        trees += 1;
        // Odometer over the assignments.
        let mut k = 0;
        while k < internal && choice[k] + 1 == perms.len() {
            choice[k] = 0;
            k += 1;
        }
        if k == internal {
            break;
        }
        choice[k] += 1;
    }
    Fraction::new(leaves, trees).unwrap()
}

/// F(root) by eq. (1) over the whole tree.
fn negamax_root(d: u64, height: u32, perms: &[Vec<u64>]) -> i64 {
    fn go(d: u64, height: u32, perms: &[Vec<u64>], position: usize, depth: u32, acc: u64) -> i64 {
        if depth == height {
            return acc as i64;
        }
        (0..d as usize)
            .map(|i| {
                let child = position * d as usize + 1 + i;
                -go(
                    d,
                    height,
                    perms,
                    child,
                    depth + 1,
                    acc * d + perms[position][i],
                )
            })
            .max()
            .unwrap()
    }
    go(d, height, perms, 0, 0, 0)
}

/// Digits drawn as the search reaches them, replaying a script of choices; each draw picks
/// the `k`-th smallest unused digit, uniformly among those left.
#[derive(Default)]
struct Script {
    /// (choice, number of options) for each draw of the current run.
    draws: Vec<(u64, u64)>,
    cursor: usize,
}

/// Lazily drawn digits: a [`Script`] and the degree.
struct LazyDraws {
    d: u64,
    script: Script,
}

impl Digits for LazyDraws {
    fn digit(&mut self, _position: usize, _i: usize, used: &[u64]) -> u64 {
        let options = self.d - used.len() as u64;
        let script = &mut self.script;
        if script.cursor == script.draws.len() {
            script.draws.push((0, options));
        }
        let (choice, recorded) = script.draws[script.cursor];
        assert_eq!(recorded, options, "a replayed run took a different path");
        script.cursor += 1;
        (0..self.d)
            .filter(|digit| !used.contains(digit))
            .nth(choice as usize)
            .unwrap()
    }
}

impl LazyDraws {
    /// Moves to the next run's script; false when every run has been made.
    fn advance(&mut self) -> bool {
        self.script.cursor = 0;
        while let Some((choice, options)) = self.script.draws.pop() {
            if choice + 1 < options {
                self.script.draws.push((choice + 1, options));
                return true;
            }
        }
        false
    }

    /// The run's probability, `1 / prod(options)`, as a multiple of `1 / denominator`.
    fn weight(&self, denominator: u128) -> u128 {
        let product: u128 = self
            .script
            .draws
            .iter()
            .map(|&(_, o)| u128::from(o))
            .product();
        assert_eq!(denominator % product, 0);
        denominator / product
    }
}

/// The exact mean number of leaves, by enumerating every sequence of draws.
fn mean_by_lazy_enumeration(algorithm: Algorithm, d: u64, height: u32) -> (Fraction, u64) {
    let internal = ((d.pow(height) - 1) / (d - 1)) as u32;
    let factorial: u128 = (1..=u128::from(d)).product();
    // Every run's probability is a multiple of 1 / (d!)^internal.
    let denominator = factorial.checked_pow(internal).expect("small trees only");
    let mut draws = LazyDraws {
        d,
        script: Script::default(),
    };
    let (mut weighted_leaves, mut total_weight, mut runs): (u128, u128, u64) = (0, 0, 0);
    loop {
        let (_, leaves) = run(algorithm, d, height, &mut draws);
        let weight = draws.weight(denominator);
        weighted_leaves += weight * u128::from(leaves);
        total_weight += weight;
        runs += 1;
        if !draws.advance() {
            break;
        }
    }
    assert_eq!(
        total_weight, denominator,
        "the runs' probabilities add up to 1"
    );
    (Fraction::new(weighted_leaves, denominator).unwrap(), runs)
}

fn frac(n: u128, d: u128) -> Fraction {
    Fraction::new(n, d).unwrap()
}

/// `H_d` and `d - H_d = sum (k-1)/k`, exactly.
fn harmonic_exact(d: u64) -> (Fraction, Fraction) {
    let mut h = Fraction::ZERO;
    let mut rest = Fraction::ZERO;
    for k in 1..=u128::from(d) {
        h = h.checked_add(frac(1, k)).unwrap();
        rest = rest.checked_add(frac(k - 1, k)).unwrap();
    }
    (h, rest)
}

/// Recurrence (53) in exact arithmetic: (A_h, where B and C start at 1).
fn f2_recurrence_exact(d: u64, height: u32) -> Fraction {
    let (h, rest) = harmonic_exact(d);
    let (mut a, mut b, mut c) = (Fraction::ONE, Fraction::ONE, Fraction::ONE);
    for _ in 0..height {
        let next_a = h
            .checked_mul(a)
            .unwrap()
            .checked_add(rest.checked_mul(b).unwrap())
            .unwrap();
        let next_c = Fraction::from_integer(u128::from(d))
            .checked_mul(b)
            .unwrap();
        (a, b, c) = (next_a, c, next_c);
    }
    a
}

/// Recurrence (54) in exact arithmetic, from A_0 = 1, A_1 = d.
fn f1_recurrence_exact(d: u64, height: u32) -> Fraction {
    let (h, rest) = harmonic_exact(d);
    let (mut full, mut refuted) = (Fraction::ONE, Fraction::ONE);
    for _ in 0..height {
        let next = h
            .checked_mul(full)
            .unwrap()
            .checked_add(rest.checked_mul(refuted).unwrap())
            .unwrap();
        (full, refuted) = (next, full);
    }
    full
}

/// The trees small enough to enumerate lazily: (degree, largest height).
const LAZY_CASES: [(u64, u32); 3] = [(2, 4), (3, 2), (4, 2)];

/// The trees the dynamic program covers: (degree, largest height).
const PROGRAM_CASES: [(u64, u32); 7] = [(2, 12), (3, 8), (4, 6), (5, 5), (6, 5), (7, 4), (8, 4)];

/// Exact outcomes of searching a random totally dependent subtree.
///
/// Coordinates are canonical: a subtree of height `n` holds the values `0 … N-1`
/// (`N = d^n`) from the viewpoint of its mover. A window bound below all of them is moved
/// to -2 (alpha) or -1 (beta), one above all of them to `N` (alpha) or `N + 1` (beta); this
/// keeps every comparison the search makes, and a returned bound is mapped back to the
/// caller's bound.
struct SubtreeProgram {
    d: u64,
    permutations: Vec<Vec<u64>>,
    /// (height, alpha, beta) -> (probability of each return value, offset by 2; expected leaves)
    f2_memo: HashMap<(u32, i64, i64), (Vec<f64>, f64)>,
    /// (height, bound) -> (probability of each return value; expected leaves)
    f1_memo: HashMap<(u32, i64), (Vec<f64>, f64)>,
}

impl SubtreeProgram {
    fn new(d: u64) -> Self {
        SubtreeProgram {
            d,
            permutations: permutations(d),
            f2_memo: HashMap::new(),
            f1_memo: HashMap::new(),
        }
    }

    fn size(&self, height: u32) -> i64 {
        self.d.pow(height) as i64
    }

    /// Expected leaves of F2(root, -inf, +inf) on a tree of height `height`.
    fn f2_expected_leaves(&mut self, height: u32) -> f64 {
        let n = self.size(height);
        self.f2(height, -2, n + 1).1
    }

    /// Expected leaves of F1(root, +inf).
    fn f1_expected_leaves(&mut self, height: u32) -> f64 {
        let n = self.size(height);
        self.f1(height, n).1
    }

    /// A child's window in the child's canonical coordinates. The child whose values are
    /// block `b` (`[bM, (b+1)M)` in the parent's coordinates) sees a parent value `x` as
    /// `-x`, canonically `(b+1)M - 1 - x`.
    fn to_child(x: i64, block: i64, child_size: i64) -> i64 {
        (block + 1) * child_size - 1 - x
    }

    fn f2(&mut self, height: u32, alpha: i64, beta: i64) -> (Vec<f64>, f64) {
        if let Some(known) = self.f2_memo.get(&(height, alpha, beta)) {
            return known.clone();
        }
        let n = self.size(height);
        let mut returned = vec![0.0; n as usize + 4];
        if height == 0 {
            returned[2] = 1.0; // the leaf's value 0
            return (returned, 1.0);
        }
        let m_size = n / self.d as i64;
        let weight = 1.0 / self.permutations.len() as f64;
        let mut expected_leaves = 0.0;
        for perm in self.permutations.clone() {
            // Probability of each running maximum m (offset by 2) among unfinished runs.
            let mut running = vec![0.0; n as usize + 4];
            running[(alpha + 2) as usize] = weight;
            for &block in &perm {
                let mut next = vec![0.0; n as usize + 4];
                for (slot, &p) in running.iter().enumerate() {
                    if p == 0.0 {
                        continue;
                    }
                    let m = slot as i64 - 2;
                    // The child is called with (-beta, -m) from its own viewpoint.
                    let child_alpha = Self::to_child(beta, block as i64, m_size).clamp(-2, m_size);
                    let child_beta = Self::to_child(m, block as i64, m_size).clamp(-1, m_size + 1);
                    let (child_returned, child_leaves) =
                        self.f2(height - 1, child_alpha, child_beta);
                    expected_leaves += p * child_leaves;
                    for (child_slot, &q) in child_returned.iter().enumerate() {
                        if q == 0.0 {
                            continue;
                        }
                        let r = child_slot as i64 - 2;
                        // t = -(child's return), in this node's coordinates.
                        let t = if r == child_alpha {
                            beta
                        } else if r == child_beta {
                            m
                        } else {
                            (block as i64 + 1) * m_size - 1 - r
                        };
                        let m_next = m.max(t);
                        if m_next >= beta {
                            returned[(m_next + 2) as usize] += p * q;
                        } else {
                            next[(m_next + 2) as usize] += p * q;
                        }
                    }
                }
                running = next;
            }
            for (slot, p) in running.into_iter().enumerate() {
                returned[slot] += p;
            }
        }
        let result = (returned, expected_leaves);
        self.f2_memo.insert((height, alpha, beta), result.clone());
        result
    }

    fn f1(&mut self, height: u32, bound: i64) -> (Vec<f64>, f64) {
        if let Some(known) = self.f1_memo.get(&(height, bound)) {
            return known.clone();
        }
        let n = self.size(height);
        let mut returned = vec![0.0; n as usize];
        if height == 0 {
            returned[0] = 1.0;
            return (returned, 1.0);
        }
        let m_size = n / self.d as i64;
        let weight = 1.0 / self.permutations.len() as f64;
        let mut expected_leaves = 0.0;
        for perm in self.permutations.clone() {
            // Running maximum m: None is -infinity, before the first successor.
            let mut running: Vec<(Option<i64>, f64)> = vec![(None, weight)];
            for &block in &perm {
                let mut next: HashMap<i64, f64> = HashMap::new();
                for &(m, p) in &running {
                    let child_bound = match m {
                        None => m_size,
                        Some(m) => Self::to_child(m, block as i64, m_size).clamp(0, m_size),
                    };
                    let (child_returned, child_leaves) = self.f1(height - 1, child_bound);
                    expected_leaves += p * child_leaves;
                    for (r, &q) in child_returned.iter().enumerate() {
                        if q == 0.0 {
                            continue;
                        }
                        let t = (block as i64 + 1) * m_size - 1 - r as i64;
                        let m_next = m.map_or(t, |m| m.max(t));
                        if m_next >= bound {
                            returned[m_next as usize] += p * q;
                        } else {
                            *next.entry(m_next).or_default() += p * q;
                        }
                    }
                }
                running = next.into_iter().map(|(m, p)| (Some(m), p)).collect();
            }
            for (m, p) in running {
                returned[m.expect("after the first successor") as usize] += p;
            }
        }
        let result = (returned, expected_leaves);
        self.f1_memo.insert((height, bound), result.clone());
        result
    }
}

#[test]
fn lazy_enumeration_agrees_with_every_assignment() {
    for algorithm in [Algorithm::F1, Algorithm::F2] {
        for (d, height) in [(2, 1), (2, 2), (2, 3), (2, 4), (3, 1), (3, 2)] {
            let all = mean_over_all_assignments(algorithm, d, height);
            let (lazy, _) = mean_by_lazy_enumeration(algorithm, d, height);
            assert_eq!(all, lazy, "{algorithm:?} d={d} h={height}");
        }
    }
}

#[test]
fn subtree_program_agrees_with_lazy_enumeration() {
    for (d, max_height) in LAZY_CASES {
        let mut program = SubtreeProgram::new(d);
        for height in 0..=max_height {
            for algorithm in [Algorithm::F1, Algorithm::F2] {
                let (mean, _) = mean_by_lazy_enumeration(algorithm, d, height);
                let computed = match algorithm {
                    Algorithm::F1 => program.f1_expected_leaves(height),
                    Algorithm::F2 => program.f2_expected_leaves(height),
                };
                assert!(
                    (computed - mean.to_f64()).abs() < 1e-12 * mean.to_f64(),
                    "{algorithm:?} d={d} h={height}: {computed} vs {mean}"
                );
            }
        }
    }
}

#[test]
fn theorem_6_matches_the_subtree_program() {
    // The program adds up to d! * d * (d^h)^2 products of probabilities per table entry, so
    // its rounding error reaches about 1e-11 relative for d = 8.
    const TOLERANCE: f64 = 1e-10;
    for (d, max_height) in PROGRAM_CASES {
        let mut program = SubtreeProgram::new(d);
        for height in 0..=max_height {
            let exact = program.f2_expected_leaves(height);
            for (form, value) in [
                ("(52)", dependent_f2_expected_leaves(d, height).unwrap()),
                (
                    "(53)",
                    dependent_f2_expected_leaves_recurrence(d, height).unwrap(),
                ),
            ] {
                assert!(
                    ((value - exact) / exact).abs() < TOLERANCE,
                    "{form} d={d} h={height}: {value} vs {exact}"
                );
            }
            let exact_f1 = program.f1_expected_leaves(height);
            let f1 = dependent_f1_expected_leaves(d, height).unwrap();
            assert!(
                ((f1 - exact_f1) / exact_f1).abs() < TOLERANCE,
                "(54) d={d} h={height}: {f1} vs {exact_f1}"
            );
        }
    }
}

#[test]
fn theorem_6_is_the_exact_mean_of_alpha_beta() {
    for (d, max_height) in LAZY_CASES {
        for height in 0..=max_height {
            let (mean, _) = mean_by_lazy_enumeration(Algorithm::F2, d, height);
            assert_eq!(mean, f2_recurrence_exact(d, height), "d={d} h={height}");
            let exact = mean.to_f64();
            for (form, value) in [
                ("(52)", dependent_f2_expected_leaves(d, height).unwrap()),
                (
                    "(53)",
                    dependent_f2_expected_leaves_recurrence(d, height).unwrap(),
                ),
            ] {
                assert!(
                    ((value - exact) / exact).abs() < 1e-12,
                    "{form} d={d} h={height}: {value} vs {mean} = {exact}"
                );
            }
        }
    }
}

#[test]
fn eq_54_is_the_exact_mean_of_f1() {
    for (d, max_height) in LAZY_CASES {
        for height in 0..=max_height {
            let (mean, _) = mean_by_lazy_enumeration(Algorithm::F1, d, height);
            assert_eq!(mean, f1_recurrence_exact(d, height), "d={d} h={height}");
            let value = dependent_f1_expected_leaves(d, height).unwrap();
            assert!(
                ((value - mean.to_f64()) / mean.to_f64()).abs() < 1e-12,
                "d={d} h={height}: {value} vs {mean}"
            );
        }
    }
}

#[test]
fn the_printed_start_of_54_counts_one_level_late() {
    // The scan's A_0 = 1, A_1 = 1 gives 1, 1, d, …: the F1 counts for heights -1, 0, 1, ….
    for d in 2..=5u64 {
        let (h, rest) = harmonic_exact(d);
        let (mut prev, mut cur) = (Fraction::ONE, Fraction::ONE);
        for height in 0..=5u32 {
            assert_eq!(cur, f1_recurrence_exact(d, height), "d={d} h={height}");
            let next = h
                .checked_mul(cur)
                .unwrap()
                .checked_add(rest.checked_mul(prev).unwrap())
                .unwrap();
            (prev, cur) = (cur, next);
        }
    }
}

#[test]
fn the_root_value_is_the_one_section_9_states() {
    // d = 3: F(root) = +(2020…20)_3 for even h, -(0202…20)_3 for odd h, whatever the
    // permutations: checked on random assignments.
    let perms = permutations(3);
    let mut rng = common::SplitMix64(9);
    for height in 1..=5u32 {
        // Digit k (k = 0 least significant) is 2 where k is odd, below the top digit.
        let magnitude: i64 = (1..height).step_by(2).map(|k| 2 * 3i64.pow(k)).sum();
        let expected = if height % 2 == 0 {
            magnitude
        } else {
            -magnitude
        };
        let internal = ((3usize.pow(height)) - 1) / 2;
        for _ in 0..50 {
            let mut digits = FixedPermutations(
                (0..internal)
                    .map(|_| perms[rng.below(6) as usize].clone())
                    .collect(),
            );
            let (value, _) = run(Algorithm::F2, 3, height, &mut digits);
            assert_eq!(value, expected, "h={height}");
            assert_eq!(run(Algorithm::F1, 3, height, &mut digits).0, expected);
        }
    }
}
