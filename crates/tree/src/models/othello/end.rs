//! The search of the last empty squares: fail-soft alpha-beta on the two words of the
//! board, run by the table-driven kernels below their table ([`GameTree::search_small`]).
//!
//! Near the end of the game nearly every position a search examines has a handful of
//! empty squares, and the generic kernel spends more on its frames, its child lists and
//! its node states than on the game. This search is the same search without them: one
//! recursive function, the children in the tree's order ([`super::search_order`]), the
//! same cutoffs and fail-soft results, every position counted where the kernel counts
//! it. At [`PARITY_EMPTIES`] empty squares or fewer it walks the empty squares in parity
//! order and tries each, as strong endgame solvers do, rather than listing the legal
//! moves first: a square with no flip is no move.
//!
//! The tests hold it to the generic search over [`GameTree`]'s own calls, value and
//! counts, position by position ([`super::test`]).
//!
//! [`GameTree::search_small`]: crate::GameTree::search_small
//! [`GameTree`]: crate::GameTree

use super::board::{CORNERS, final_score, flips, legal_moves};
#[cfg(doc)]
use super::parity_rank;
use super::{PARITY_EMPTIES, QUADRANTS, search_order};
use crate::{NEG_INFINITY, Tally, Value};

/// At this many empty squares or fewer the kernels hand a position to this search. It
/// lies at or below [`super::UNTABLED_EMPTIES`], where the kernels keep no table. MTD(f)
/// on FFO #27-#32 took the same time with it at 4 (2.00 s) as at 6 (2.01 s): nearly all
/// the gain is in the parity region, where the order needs no move list.
pub const SMALL_EMPTIES: u32 = 6;

/// Fail-soft alpha-beta of the position where `player` is to move, at `depth`, with
/// `(alpha, beta)`: its value bound, each position examined counted into `tally`.
pub fn search<X: Tally>(
    player: u64,
    opponent: u64,
    depth: u32,
    (alpha, beta): (Value, Value),
    tally: &mut X,
) -> Value {
    tally.position(depth);
    let empty = !(player | opponent);
    if empty == 0 {
        tally.leaf();
        return Value::from(final_score(player, opponent));
    }
    if empty & (empty - 1) == 0 {
        return last(player, opponent, depth, empty, tally);
    }
    let moved = if empty.count_ones() <= PARITY_EMPTIES {
        by_parity(player, opponent, depth, (alpha, beta), tally)
    } else {
        by_replies(player, opponent, depth, (alpha, beta), tally)
    };
    if let Some(g) = moved {
        return g;
    }
    // No move: a pass where the other side has one, else the end of the game.
    if legal_moves(opponent, player) != 0 {
        return -search(opponent, player, depth + 1, (-beta, -alpha), tally);
    }
    tally.leaf();
    Value::from(final_score(player, opponent))
}

/// The position with one empty square, `square`, already counted: the mover plays there,
/// or passes and the other side does, or the game is over. One child at most, so no
/// window matters.
#[inline(always)]
fn last<X: Tally>(player: u64, opponent: u64, depth: u32, square: u64, tally: &mut X) -> Value {
    let flipped = flips(player, opponent, square);
    if flipped != 0 {
        tally.position(depth + 1);
        tally.leaf();
        return -Value::from(final_score(opponent ^ flipped, player | flipped | square));
    }
    let flipped = flips(opponent, player, square);
    if flipped != 0 {
        // The pass, then the other side's move: the value of the full board for the
        // mover, two negations on.
        tally.position(depth + 1);
        tally.position(depth + 2);
        tally.leaf();
        return Value::from(final_score(player ^ flipped, opponent | flipped | square));
    }
    tally.leaf();
    Value::from(final_score(player, opponent))
}

/// The moves of a position of few empty squares, tried square by square in parity
/// order; `None` when the mover has none.
#[inline(always)]
fn by_parity<X: Tally>(
    player: u64,
    opponent: u64,
    depth: u32,
    (alpha, beta): (Value, Value),
    tally: &mut X,
) -> Option<Value> {
    let empty = !(player | opponent);
    let groups = parity_groups(empty);
    let mut g = NEG_INFINITY;
    let mut moved = false;
    for (k, &group) in groups.iter().enumerate() {
        let mut rest = group;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            let flipped = move_flips(player, opponent, bit);
            if flipped == 0 {
                continue;
            }
            moved = true;
            let window = (-beta, -alpha.max(g));
            let t = -search(
                opponent ^ flipped,
                player | flipped | bit,
                depth + 1,
                window,
                tally,
            );
            g = g.max(t);
            if g >= beta {
                let later = groups[k + 1..].iter().fold(rest, |all, &next| all | next);
                if has_move(player, opponent, later) {
                    tally.cutoff();
                }
                return Some(g);
            }
        }
    }
    moved.then_some(g)
}

/// Whether the side owning `player` has a move on one of `squares` (empty squares).
#[inline(always)]
fn has_move(player: u64, opponent: u64, squares: u64) -> bool {
    let mut rest = squares;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest ^= bit;
        if move_flips(player, opponent, bit) != 0 {
            return true;
        }
    }
    false
}

/// The flips of a disc of `player` on the empty square `bit`: none at once where no
/// opponent disc lies next to it.
#[inline(always)]
fn move_flips(player: u64, opponent: u64, bit: u64) -> u64 {
    if NEIGHBOURS[bit.trailing_zeros() as usize] & opponent == 0 {
        return 0;
    }
    flips(player, opponent, bit)
}

/// The squares next to each square.
static NEIGHBOURS: [u64; 64] = neighbours();

const fn neighbours() -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = (square as i32 % 8, square as i32 / 8);
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let (f, r) = (file + df, rank + dr);
                if (df != 0 || dr != 0) && f >= 0 && f < 8 && r >= 0 && r < 8 {
                    out[square] |= 1 << (r * 8 + f);
                }
                dr += 1;
            }
            df += 1;
        }
        square += 1;
    }
    out
}

/// The moves of a position above [`PARITY_EMPTIES`] empty squares, in the tree's order
/// by replies; `None` when the mover has none.
#[inline(always)]
fn by_replies<X: Tally>(
    player: u64,
    opponent: u64,
    depth: u32,
    (alpha, beta): (Value, Value),
    tally: &mut X,
) -> Option<Value> {
    let moves = legal_moves(player, opponent);
    if moves == 0 {
        return None;
    }
    let (squares, count) = search_order(player, opponent, moves);
    let mut g = NEG_INFINITY;
    for (k, &square) in squares[..count].iter().enumerate() {
        let bit = 1u64 << square;
        let flipped = flips(player, opponent, bit);
        let window = (-beta, -alpha.max(g));
        let t = -search(
            opponent ^ flipped,
            player | flipped | bit,
            depth + 1,
            window,
            tally,
        );
        g = g.max(t);
        if g >= beta {
            if k + 1 < count {
                tally.cutoff();
            }
            break;
        }
    }
    Some(g)
}

/// The empty squares in four groups that, each taken from its lowest square up, give
/// the tree's parity order ([`parity_rank`]): corners in a quadrant of an odd number of
/// empty squares, the other squares there, then the corners and the other squares of
/// the even quadrants.
#[inline(always)]
fn parity_groups(empty: u64) -> [u64; 4] {
    let odd = QUADRANTS
        .into_iter()
        .filter(|q| (q & empty).count_ones() & 1 == 1)
        .fold(0, |all, q| all | q);
    let (odd, even) = (empty & odd, empty & !odd);
    [
        odd & CORNERS,
        odd & !CORNERS,
        even & CORNERS,
        even & !CORNERS,
    ]
}
