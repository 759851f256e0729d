//! Root splitting's speedup ceiling on perfectly ordered uniform trees, from Corollary 1
//! of Knuth & Moore (§6, eq. (13)).
//!
//! # Derivation
//!
//! On a uniform tree of degree `d` whose first successor is always best (eq. (12)), F2
//! examines exactly the critical positions (Theorem 1): on level `l`,
//!
//! ```text
//! L(l) = d^ceil(l/2) + d^floor(l/2) - 1            (eq. (13))
//! ```
//!
//! so the serial kernel examines `N(h) = L(0) + L(1) + … + L(h)` positions on a tree of
//! height `h`. Every subtree of such a tree is again perfectly ordered with a finite
//! value, so F2 searching a root move with the full window `(-inf, +inf)` examines
//! `N(h-1)` positions (Theorem 1 applied to the subtree).
//!
//! Root splitting examines the root, then hands out the root's moves. The first move is
//! handed out before any other has finished, so it is searched with the full window:
//! whoever takes it examines `N(h-1)` positions, one after another. Counting one unit
//! per position and nothing for events, no run on any number of processors ends before
//!
//! ```text
//! T_p >= 1 + N(h-1)
//! ```
//!
//! and for `p >= d` that is exactly the time: every move starts at time 1 with the full
//! window (nothing has finished yet), each costs `N(h-1)`, and all end together. So the
//! ceiling is
//!
//! ```text
//! S_max = N(h) / (1 + N(h-1)),      reached at p >= d and never passed.
//! ```
//!
//! Its size depends on the parity of `h`, because the last level `L(h)` dominates `N(h)`
//! differently (terms of relative order `1/d^2` dropped):
//!
//! * `h = 2k` even: `N(2k-1) = d^k + 4d^(k-1)` and `L(2k) = 2d^k - 1`, so
//!   `S_max ~ 1 + 2d/(d+4)`: the first move's subtree costs about half of what all the
//!   others cost together, and root splitting never reaches 3. Exactly: 2.579 for
//!   `d = 16, h = 8`, 2.281 for `d = 8, h = 6`, 1.887 for `d = 4, h = 6`.
//! * `h = 2k+1` odd: `N(2k) = 3d^k + 4d^(k-1)` and `L(2k+1) = d^(k+1) + d^k - 1`, so
//!   `S_max ~ 1 + d(d+1)/(3d+4)`, about `(d+4)/3`: the later moves are cut nodes whose
//!   subtrees have the full width `d^k` on the leaf level, and they are `d - 1` of them.
//!   Exactly: 6.207 for `d = 16, h = 7`, 3.529 for `d = 8, h = 7`.
//!
//! With events priced ([`super::SimCosts`]), the first move also waits for the root's
//! split, so the simulated speedup stays just under `S_max`.

use serde::{Deserialize, Serialize};

/// Root splitting's ceiling on a perfectly ordered uniform tree (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct RootSplitCeiling {
    /// `d`.
    pub degree: u64,
    /// `h`.
    pub height: u32,
    /// `N(h)`: the positions serial F2 examines, Corollary 1 summed over the levels.
    pub serial_positions: u64,
    /// `1 + N(h-1)`: the root and the first move searched with the full window.
    pub critical_positions: u64,
    /// `N(h) / (1 + N(h-1))`.
    pub speedup: f64,
}

/// Positions F2 examines on level `l` of a perfectly ordered uniform tree, eq. (13).
fn corollary1_level(degree: u64, level: u32) -> Option<u64> {
    let high = degree.checked_pow(level.div_ceil(2))?;
    let low = degree.checked_pow(level / 2)?;
    (high - 1).checked_add(low)
}

/// `N(h)`: positions F2 examines on a perfectly ordered uniform tree of height `h`.
fn corollary1_total(degree: u64, height: u32) -> Option<u64> {
    (0..=height).try_fold(0u64, |total, l| {
        total.checked_add(corollary1_level(degree, l)?)
    })
}

/// Root splitting's speedup ceiling on a perfectly ordered uniform tree of degree
/// `degree` and height `height`; `None` if the root has no moves (`height == 0` or
/// `degree == 0`) or the counts overflow a `u64`.
pub fn root_split_ceiling(degree: u64, height: u32) -> Option<RootSplitCeiling> {
    if degree == 0 || height == 0 {
        return None;
    }
    let serial_positions = corollary1_total(degree, height)?;
    let critical_positions = corollary1_total(degree, height - 1)?.checked_add(1)?;
    Some(RootSplitCeiling {
        degree,
        height,
        serial_positions,
        critical_positions,
        speedup: serial_positions as f64 / critical_positions as f64,
    })
}
