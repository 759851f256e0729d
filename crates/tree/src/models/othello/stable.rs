//! Stable discs: discs that no sequence of moves can turn over, and the bound on the final
//! score they give without a search.
//!
//! # Which discs are stable
//!
//! A move turns a disc over along one of the four lines through it (a row, a file, a
//! diagonal, an anti-diagonal), and only when the disc lies between two squares of that
//! line. So a disc cannot be turned over along a line
//!
//! * that is full: no move can be played on it;
//! * where it lies at the board's edge: nothing can enclose it;
//! * where a neighbour on the line is a stable disc of its own colour: a run that turned
//!   the disc over would turn that neighbour over too.
//!
//! A disc of one side that meets one of the three along each of its four lines is stable.
//! [`stable_discs`] grows the set from none, adding every disc of the side that meets the
//! rule against the set found so far, until the set stops growing. Each disc added leans
//! only on discs added before it, so no move turns any of them over: the first to turn
//! would have a stable neighbour on its line turning in the same move, added earlier.
//! The set is a lower bound on the stable discs (a position can hold stable discs that the
//! rule does not see, say inside a full edge of both colours), which is all a bound needs.
//!
//! # The bound
//!
//! The side not to move keeps its stable discs to the end of the game, so the mover ends
//! with at most `64 - s` discs and a score of at most `64 - 2s` ([`upper_bound`]); by the
//! same rule its own stable discs give it at least `2s - 64`. A search that tests a window
//! `(alpha, beta)` is answered without searching where the bound lies outside it: Edax's
//! "stability cutoff", here [`crate::GameTree::settle`].

use super::MAX_SCORE;
use crate::Value;

/// File A (`A1`, `A2`, …) and file H.
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;
/// Ranks 1 and 8.
const RANK_1: u64 = 0x0000_0000_0000_00ff;
const RANK_8: u64 = 0xff00_0000_0000_0000;
/// The 28 squares of the board's edge.
const EDGE: u64 = FILE_A | FILE_H | RANK_1 | RANK_8;

/// The 15 diagonals (`A1`–`H8` direction: file minus rank constant) and the 15
/// anti-diagonals (`H1`–`A8` direction: file plus rank constant).
static DIAGONALS: [u64; 15] = diagonals(false);
static ANTI_DIAGONALS: [u64; 15] = diagonals(true);

const fn diagonals(anti: bool) -> [u64; 15] {
    let mut lines = [0u64; 15];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = (square % 8, square / 8);
        let line = if anti { file + rank } else { file + 7 - rank };
        lines[line] |= 1 << square;
        square += 1;
    }
    lines
}

/// The squares whose row, file, diagonal and anti-diagonal are full, each direction
/// apart: `[row, file, diagonal, anti-diagonal]`.
#[inline]
fn full_lines(filled: u64) -> [u64; 4] {
    let mut rows = 0;
    for rank in 0..8 {
        let row = RANK_1 << (8 * rank);
        rows |= row & 0u64.wrapping_sub(u64::from(filled & row == row));
    }
    let mut files = filled;
    files &= files >> 32;
    files &= files >> 16;
    files &= files >> 8;
    let files = (files & RANK_1).wrapping_mul(FILE_A);
    let full = |lines: &[u64; 15]| {
        lines.iter().fold(0, |full, &line| {
            full | (line & 0u64.wrapping_sub(u64::from(filled & line == line)))
        })
    };
    [rows, files, full(&DIAGONALS), full(&ANTI_DIAGONALS)]
}

/// The discs of `side` that no move can turn over, given every disc on the board
/// (`filled`): the rule of the module's notes, grown to its fixed point.
pub fn stable_discs(side: u64, filled: u64) -> u64 {
    let [rows, files, diagonals, anti] = full_lines(filled);
    // Each line's test without a stable neighbour: full, or the disc at its end.
    let row_free = rows | FILE_A | FILE_H;
    let file_free = files | RANK_1 | RANK_8;
    let diagonal_free = diagonals | EDGE;
    let anti_free = anti | EDGE;
    let mut stable = 0u64;
    loop {
        // A shift by 1, 7 or 9 wraps from one edge file to the other, but a square on
        // files A and H meets the row's and both diagonals' tests at the edge already.
        let grown = side
            & (row_free | (stable >> 1) | (stable << 1))
            & (file_free | (stable >> 8) | (stable << 8))
            & (diagonal_free | (stable >> 9) | (stable << 9))
            & (anti_free | (stable >> 7) | (stable << 7));
        if grown == stable {
            return stable;
        }
        stable = grown;
    }
}

/// The most the side owning `player` can score from here: `64 - 2s`, where `s` is the
/// number of the opponent's stable discs.
#[inline]
pub fn upper_bound(player: u64, opponent: u64) -> Value {
    let stable = stable_discs(opponent, player | opponent).count_ones();
    MAX_SCORE - 2 * stable as Value
}

/// The least the side owning `player` can score from here: `2s - 64`, where `s` is the
/// number of its own stable discs.
#[inline]
pub fn lower_bound(player: u64, opponent: u64) -> Value {
    let stable = stable_discs(player, player | opponent).count_ones();
    2 * stable as Value - MAX_SCORE
}

/// A bound from stable discs that decides a search of the position with window
/// `(alpha, beta)`: an upper bound at or below `alpha`, or a lower bound at or above
/// `beta`; `None` where neither does. A side's stable discs are only counted where it has
/// enough discs for the bound to decide (a disc count is one instruction, the stable discs
/// a loop).
#[inline]
pub fn settle(player: u64, opponent: u64, (alpha, beta): (Value, Value)) -> Option<Value> {
    let most = MAX_SCORE - 2 * opponent.count_ones() as Value;
    if most <= alpha {
        let bound = upper_bound(player, opponent);
        if bound <= alpha {
            return Some(bound);
        }
    }
    let least = 2 * player.count_ones() as Value - MAX_SCORE;
    if least >= beta {
        let bound = lower_bound(player, opponent);
        if bound >= beta {
            return Some(bound);
        }
    }
    None
}
