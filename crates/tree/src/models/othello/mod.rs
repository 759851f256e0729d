//! `othello`: an Othello (Reversi) endgame from a given position, searched to the end of
//! the game — a real game, with transpositions, and the field's test of exact search.
//!
//! # The board
//!
//! Two 64-bit words, `A1` bit 0 to `H8` bit 63 ([`board`]'s notes give the layout and
//! how moves and flips are found); a position is given as the FFO files write it, 64
//! squares and the side to move ([`position`]).
//!
//! # Values
//!
//! The FFO convention, so that the files' scores are this tree's root values: at the end
//! of the game the difference of the discs, from the side to move, the empty squares
//! going to the winner. Every final score is even and lies in `-64 ..= 64`.
//!
//! # The tree
//!
//! A position's children are the positions after its legal moves. A side with no legal
//! move passes when the other side has one: the position then has one child, the same
//! discs with the other side to move, one ply deeper (its move number is [`PASS`]). When
//! neither side can move, or no square is empty, the position is a leaf, scored by
//! [`board::final_score`].
//!
//! # Search order
//!
//! Above [`PARITY_EMPTIES`] (4) empty squares the children come fewest replies first: by the
//! number of legal moves the move leaves the opponent, a reply on a corner counting twice
//! ([`replies_rank`]), corners first among equals, then the square's number. Nearer the end, where counting replies costs more than it saves,
//! moves into a quadrant with an odd number of empty squares come first (parity: the side
//! that plays last in a region gains), corners first among those, then the square's
//! number. The order is a function of the position alone, so every search sees the
//! same children in the same order.
//!
//! # The last empty squares
//!
//! At [`end::SMALL_EMPTIES`] (6) empty squares or fewer the table searches hand a
//! position to [`end`]'s search ([`GameTree::search_small`]): the same fail-soft search
//! in the same order, on the two words of the board, without the kernel's frames. It
//! examines exactly the positions the kernel would; MTD(f) on FFO #27-#32 with a 64 MiB
//! table took 2.00 s where the kernel alone took 2.51 s (36.0 M positions both, medians
//! of three, 2-vCPU VM).
//!
//! # Stable discs
//!
//! A disc that no move can turn over stays its side's to the end, so the other side's
//! stable discs cap the mover's score ([`stable`]). A table search asks for that bound
//! only where a disc count says it could decide the window ([`GameTree::settle`]).
//!
//! # Depth, bounds and keys
//!
//! The root has depth 0 and each move or pass is one ply. A pass is always followed by a
//! move, so no position lies deeper than twice the root's empty squares
//! ([`GameTree::height`]). Every value lies in `-64 ..= 64`
//! ([`GameTree::value_bounds`]). A position's [`GameTree::position_key`] mixes both
//! sides' discs: the same for every move order that reaches it. Positions with
//! [`UNTABLED_EMPTIES`] (6) empty squares or fewer are left out of the table
//! ([`GameTree::untabled`]), since depth, with passes, does not tell how near the end
//! a position is.

pub mod board;
pub mod end;
pub mod position;
pub mod positions_file;
pub mod stable;

use crate::{GameTree, Tally, Value};
use board::{CORNERS, SQUARES, final_score, flips, legal_moves};
use position::Position;

/// The move number of a pass.
pub const PASS: usize = SQUARES as usize;

/// At this many empty squares or fewer, children are ordered by parity, not by the
/// opponent's replies. MTD(f) on eight positions of FFO #21-#31 (15-20 empty squares)
/// with [`UNTABLED_EMPTIES`] at 6: 26.3 M positions in 3.39 s at 4, 33.2 M in 3.42 s at 6,
/// 47.4 M in 4.31 s at 8, 71.1 M in 6.11 s at 10 (one run each, 2-vCPU VM).
pub const PARITY_EMPTIES: u32 = 4;

/// At this many empty squares or fewer a position is left out of the table searches'
/// table ([`GameTree::untabled`]): searching it costs less than looking it up. MTD(f) on
/// the eight positions of [`PARITY_EMPTIES`]'s figures, with it at 6: 29.8 M positions in
/// 6.07 s with every position tabled, 29.1 M in 4.56 s at 2, 30.5 M in 3.79 s at 4,
/// 33.2 M in 3.59 s at 6, 35.9 M in 3.79 s at 8.
pub const UNTABLED_EMPTIES: u32 = 6;

/// Positions per empty square below a position in one null-window pass of MTD(f)'s
/// kernel with its table ([`GameTree::branching_per_ply`], per unit of
/// [`GameTree::remaining_height`], the empty squares): `(positions / passes)^(1 / e)` of
/// serial MTD(f) on a position of `e` empty squares. On FFO #20-#38 (20-24 empty squares)
/// 1.77-2.30, median 2.13, quartiles 2.09 and 2.19 (`reports/othello/`). The null-window
/// search splits from it at 11 empty squares at two workers. On FFO #27-#32 at two
/// threads, summed over the six positions against serial MTD(f) (two runs each), split
/// heights 9 to 14 gave 1.78, 1.85, 1.86, 1.89, 1.88 and 1.79 times its speed.
pub const BRANCHING_PER_EMPTY: f64 = 2.1;

/// The largest value a position can have: every disc the mover's.
pub const MAX_SCORE: Value = SQUARES as Value;

/// The four quadrants of the board (for parity).
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

/// A position of the `othello` tree and what its children are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OthelloNode {
    /// The discs of the side to move.
    pub player: u64,
    /// The discs of the other side.
    pub opponent: u64,
    /// The mover's legal moves; 0 at a pass or a leaf.
    pub moves: u64,
    /// Plies from the root.
    pub ply: u32,
    /// Whether the mover passes (no legal move, the other side has one).
    pub pass: bool,
    /// A leaf's final score; 0 elsewhere.
    pub value: i8,
}

impl OthelloNode {
    /// The position where the side owning `player` is to move, `ply` plies below the
    /// root.
    #[inline(always)]
    pub fn new(player: u64, opponent: u64, ply: u32) -> OthelloNode {
        let mut node = OthelloNode {
            player,
            opponent,
            moves: 0,
            ply,
            pass: false,
            value: 0,
        };
        if (player | opponent) == !0 {
            node.value = final_score(player, opponent);
            return node;
        }
        node.moves = legal_moves(player, opponent);
        if node.moves == 0 {
            if legal_moves(opponent, player) != 0 {
                node.pass = true;
            } else {
                node.value = final_score(player, opponent);
            }
        }
        node
    }

    /// Empty squares.
    #[inline(always)]
    pub fn empties(&self) -> u32 {
        SQUARES - (self.player | self.opponent).count_ones()
    }
}

/// The children of a position in search order: their squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OthelloChildren {
    squares: [u8; SQUARES as usize],
}

/// The `othello` tree below one position.
#[derive(Clone, Debug)]
pub struct OthelloTree {
    root: OthelloNode,
}

impl OthelloTree {
    /// The tree below `position`.
    pub fn new(position: Position) -> OthelloTree {
        OthelloTree {
            root: OthelloNode::new(position.player, position.opponent, 0),
        }
    }
}

/// A move's rank in the order by replies: the opponent's legal moves after it, a corner
/// counting twice. MTD(f) on FFO #27-#32 (20 empty squares) examined 36.7 M positions
/// where counting every reply once examined 53.1 M; on FFO #40-#44 with a 64 MiB table,
/// 409.4 M where it examined 607.4 M (FFO #43 117.2 M, not 212.9 M). Tried beside it on
/// FFO #27-#32: the mover's potential mobility (empty squares next to its discs) as the
/// tie-break, 39.5 M; plain replies with it, 70.7 M.
#[inline(always)]
fn replies_rank(replies: u64) -> u32 {
    replies.count_ones() + (replies & CORNERS).count_ones()
}

/// A move's rank in the order by parity: odd quadrants first, corners first among them.
#[inline(always)]
fn parity_rank(square: u64, empty: u64) -> u32 {
    let quadrant = QUADRANTS
        .into_iter()
        .find(|q| q & square != 0)
        .unwrap_or_default();
    let even = (quadrant & empty).count_ones() & 1 ^ 1;
    even * 2 + u32::from(square & CORNERS == 0)
}

/// The squares of the mover's legal moves `moves` in search order, and how many there
/// are: the order the module's notes give, one definition for [`GameTree::children`] and
/// the search of the last empty squares ([`end`]).
#[inline(always)]
fn search_order(player: u64, opponent: u64, moves: u64) -> ([u8; SQUARES as usize], usize) {
    let mut squares = [0u8; SQUARES as usize];
    let mut ranks = [0u32; SQUARES as usize];
    let empty = !(player | opponent);
    let by_replies = empty.count_ones() > PARITY_EMPTIES;
    let mut count = 0;
    let mut moves = moves;
    while moves != 0 {
        let square = moves.trailing_zeros();
        let bit = moves & moves.wrapping_neg();
        moves ^= bit;
        let rank = if by_replies {
            let flipped = flips(player, opponent, bit);
            let replies = legal_moves(opponent ^ flipped, player | flipped | bit);
            replies_rank(replies) * 2 + u32::from(bit & CORNERS == 0)
        } else {
            parity_rank(bit, empty)
        };
        // Insertion, lowest rank first; a later square goes after equal ranks.
        let mut at = count;
        while at > 0 && ranks[at - 1] > rank {
            squares[at] = squares[at - 1];
            ranks[at] = ranks[at - 1];
            at -= 1;
        }
        squares[at] = square as u8;
        ranks[at] = rank;
        count += 1;
    }
    (squares, count)
}

impl GameTree for OthelloTree {
    type Node = OthelloNode;
    type Children = OthelloChildren;

    #[inline(always)]
    fn root(&self) -> OthelloNode {
        self.root
    }

    fn height(&self) -> u32 {
        2 * self.root.empties()
    }

    fn max_degree(&self) -> usize {
        self.root.empties().max(1) as usize
    }

    #[inline(always)]
    fn depth(&self, node: OthelloNode) -> u32 {
        node.ply
    }

    #[inline(always)]
    fn degree(&self, node: OthelloNode) -> usize {
        if node.pass {
            1
        } else {
            node.moves.count_ones() as usize
        }
    }

    #[inline(always)]
    fn children(&self, node: OthelloNode) -> OthelloChildren {
        OthelloChildren {
            squares: search_order(node.player, node.opponent, node.moves).0,
        }
    }

    #[inline(always)]
    fn child(&self, node: OthelloNode, children: &OthelloChildren, i: usize) -> OthelloNode {
        if node.pass {
            return OthelloNode::new(node.opponent, node.player, node.ply + 1);
        }
        let bit = 1u64 << children.squares[i];
        let flipped = flips(node.player, node.opponent, bit);
        OthelloNode::new(
            node.opponent ^ flipped,
            node.player | flipped | bit,
            node.ply + 1,
        )
    }

    #[inline(always)]
    fn move_number(&self, node: OthelloNode, children: &OthelloChildren, i: usize) -> usize {
        if node.pass {
            PASS
        } else {
            usize::from(children.squares[i])
        }
    }

    #[inline(always)]
    fn value(&self, node: OthelloNode) -> Value {
        Value::from(node.value)
    }

    #[inline(always)]
    fn value_bounds(&self, node: OthelloNode) -> Option<(Value, Value)> {
        if node.moves == 0 && !node.pass {
            let value = Value::from(node.value);
            return Some((value, value));
        }
        Some((-MAX_SCORE, MAX_SCORE))
    }

    /// The bound of the stable discs ([`stable::settle`]) where it decides the window.
    #[inline(always)]
    fn settle(&self, node: OthelloNode, window: (Value, Value)) -> Option<Value> {
        stable::settle(node.player, node.opponent, window)
    }

    #[inline(always)]
    fn untabled(&self, node: OthelloNode) -> bool {
        node.empties() <= UNTABLED_EMPTIES
    }

    fn branching_per_ply(&self) -> Option<f64> {
        Some(BRANCHING_PER_EMPTY)
    }

    /// The empty squares: each is a move unless a side passes, and passes are rare.
    #[inline(always)]
    fn remaining_height(&self, node: OthelloNode) -> u32 {
        node.empties()
    }

    /// Positions with [`end::SMALL_EMPTIES`] empty squares or fewer: [`end`]'s search.
    #[inline(always)]
    fn search_small<X: Tally>(
        &self,
        node: OthelloNode,
        depth: u32,
        (alpha, beta): (Value, Value),
        tally: &mut X,
    ) -> Option<Value> {
        (node.empties() <= end::SMALL_EMPTIES)
            .then(|| end::search(node.player, node.opponent, depth, (alpha, beta), tally))
    }

    #[inline(always)]
    fn position_key(&self, node: OthelloNode) -> Option<u64> {
        Some(crate::hash::mix64(
            node.player ^ crate::hash::mix64(node.opponent),
        ))
    }
}

#[cfg(test)]
mod test;
