//! `connect4`: Connect Four (7 columns × 6 rows) from a given position, searched to the
//! end of the game — a real game, with transpositions.
//!
//! # The board
//!
//! Two 64-bit words, column by column with a sentinel bit on top of each ([`board`]'s
//! notes give the layout bit for bit); a position is given as the moves that reach it
//! ([`position`]), as in Pascal Pons's test sets.
//!
//! # Values
//!
//! The convention of Pons's solver (`PascalPons/connect4`), so that its test sets' scores
//! are this tree's root values: from the side to move, a win with its `k`-th stone of the
//! game scores `22 - k`, a loss by the other side's `k`-th stone `-(22 - k)`, a draw 0 —
//! the sooner the win, the larger. With `n` stones on the board (`n` is the number of
//! moves played) a win by the mover's next stone is worth `(43 - n) / 2` (integer
//! division) and a loss by the other side's next stone `-(42 - n) / 2`. Values lie in
//! `-21 ..= 21`.
//!
//! # The tree
//!
//! A position is a leaf, scored exactly, when
//!
//! 1. the side to move can complete four at once: `(43 - n) / 2`;
//! 2. it cannot stop the other side from completing four next move (two cells it must
//!    block, or every move it has puts a stone under one of the other side's winning
//!    cells): `-(42 - n) / 2`;
//! 3. otherwise, when at most two empty cells are left (`n >= 40`): 0, since neither
//!    side can complete four any more — the side to move has no winning cell, the move it
//!    makes gives the other none, and the last cell (if any) is not one either;
//! 4. the board is full: 0.
//!
//! Otherwise its children are the positions after its *non-losing* moves: every column
//! with room, except one whose next cell lies straight below a winning cell of the other
//! side (the other side would win on it), and only the cell that blocks when the other
//! side has one winning cell it can play now. Leaving out moves that lose at once does
//! not change any value: each such move's value is the loss of rule 2, no better than a
//! non-losing move's. This is the game tree Pons's solver searches; its leaves are
//! decided one or two moves before the board says so, which is what makes an exact
//! search of a real game fast.
//!
//! # Search order
//!
//! The children of a position are searched by the number of winning cells the move
//! leaves its player (the cells that would complete four for the side that just moved),
//! most first; ties centre first, the right-hand column of each pair first: columns 4, 5,
//! 3, 6, 2, 7, 1 (1-based, from the left), the peer solver's order. A child's move number
//! is its column, 0-based (`0` the leftmost). The order is a function of the position
//! alone, so every search sees the same children in the same order; the README beside
//! this file gives what each rule and this order save, measured.
//!
//! # Bounds
//!
//! An internal position with `n` stones is worth at most `(41 - n) / 2` (its mover wins
//! with the stone after next at the soonest) and at least `-(40 - n) / 2` (the other side
//! wins with its stone after next at the soonest): [`GameTree::value_bounds`], which
//! MTD(f) merges with its table's bounds.
//!
//! # Depth and keys
//!
//! The root has depth 0; a position with `n` stones, reached from a root with `r`, has
//! depth `n - r`, and no position is deeper than `42 - r` ([`GameTree::height`]). Every
//! position's [`GameTree::position_key`] is `mix64(current + mask)` ([`board`]): equal for
//! every move order that reaches it, so the table-driven searches find transpositions.

pub mod board;
pub mod position;
pub mod positions_file;

use crate::{GameTree, Value};
use board::{Board, CELLS, WIDTH, threats};

/// The columns from the centre out (0-based), right of each pair first: the order of
/// children with equal threats. Measured against left first (`[3, 2, 4, 1, 5, 0, 6]`):
/// 2.1% fewer positions for MTD(f) on the mid-game set, 2.5% on its hardest 20
/// (the README).
pub const CENTRE_FIRST: [u32; WIDTH as usize] = [3, 4, 2, 5, 1, 6, 0];

/// Positions per ply below a node in one null-window pass of MTD(f)'s kernel with its
/// table ([`GameTree::branching_per_ply`]): `(positions / passes)^(1 / depth)` of serial
/// MTD(f) from the guess 0, `depth` that of the deepest position it examined. On the
/// mid-game sample `crates/tree/data/connect4/sample-mid-hard20.txt` 1.42–1.66 by position,
/// median 1.48 (`reports/parallel/2026-11-27-xeon16/`); on the 89 positions of
/// `scored-mid.txt` that are not decided at the root, median 1.48, quartiles 1.43 and
/// 1.58. A game's wins and the table's transpositions keep it far below the 7 columns,
/// or F2's `7^(3/4)` of 4.3 on a random tree of degree 7.
pub const BRANCHING_PER_PLY: f64 = 1.5;

/// A position of the `connect4` tree and what its children are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Connect4Node {
    /// The stones.
    pub board: Board,
    /// The cells of the moves searched from here (one per column at most); 0 at a leaf.
    pub moves: u64,
    /// A leaf's exact value; 0 at an internal position.
    pub value: i8,
}

impl Connect4Node {
    /// The position of `board` with its leaf rules applied (the module's notes).
    #[inline(always)]
    pub fn new(board: Board) -> Connect4Node {
        let n = board.moves as i8;
        let leaf = |value: i8| Connect4Node {
            board,
            moves: 0,
            value,
        };
        let playable = board.playable();
        if board.own_threats() & playable != 0 {
            return leaf((CELLS as i8 + 1 - n) / 2);
        }
        let theirs = board.their_threats();
        let forced = playable & theirs;
        let candidates = match forced.count_ones() {
            0 => playable,
            1 => forced,
            _ => return leaf(-(CELLS as i8 - n) / 2),
        };
        // A stone straight below one of their winning cells lets them play it.
        let moves = candidates & !(theirs >> 1);
        if moves == 0 {
            return leaf(-(CELLS as i8 - n) / 2);
        }
        if board.moves >= CELLS - 2 {
            return leaf(0);
        }
        Connect4Node {
            board,
            moves,
            value: 0,
        }
    }
}

/// The children of a position in search order: their columns (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Connect4Children {
    columns: [u8; WIDTH as usize],
}

/// The `connect4` tree below one position.
#[derive(Clone, Debug)]
pub struct Connect4Tree {
    root: Connect4Node,
    weak: bool,
}

impl Connect4Tree {
    /// The tree below `board`.
    pub fn new(board: Board) -> Connect4Tree {
        Connect4Tree {
            root: Connect4Node::new(board),
            weak: false,
        }
    }

    /// The same tree solved weakly, as Fhourstones and Pons's `-w` solve it: each
    /// value is its sign, a win (1), a draw (0) or a loss (-1) for the side to move,
    /// and so are the bounds. The positions and their order are the tree's; only the
    /// values change, so that a search cuts off at the first move that wins.
    pub fn weak(self) -> Connect4Tree {
        Connect4Tree { weak: true, ..self }
    }

    /// A value as this tree gives it: its sign when the tree is weak.
    #[inline(always)]
    fn scored(&self, value: Value) -> Value {
        if self.weak { value.signum() } else { value }
    }
}

impl GameTree for Connect4Tree {
    type Node = Connect4Node;
    type Children = Connect4Children;

    #[inline(always)]
    fn root(&self) -> Connect4Node {
        self.root
    }

    fn height(&self) -> u32 {
        CELLS - self.root.board.moves
    }

    fn max_degree(&self) -> usize {
        WIDTH as usize
    }

    #[inline(always)]
    fn depth(&self, node: Connect4Node) -> u32 {
        node.board.moves - self.root.board.moves
    }

    #[inline(always)]
    fn degree(&self, node: Connect4Node) -> usize {
        node.moves.count_ones() as usize
    }

    #[inline(always)]
    fn children(&self, node: Connect4Node) -> Connect4Children {
        let board = node.board;
        let mut columns = [0u8; WIDTH as usize];
        let mut scores = [0u32; WIDTH as usize];
        let mut count = 0;
        for column in CENTRE_FIRST {
            let cell = node.moves & board::column(column);
            if cell == 0 {
                continue;
            }
            // Winning cells of the mover once the stone is down.
            let score = threats(board.current | cell, board.mask | cell).count_ones();
            // Insertion, most threats first; a later column goes after equal scores.
            let mut at = count;
            while at > 0 && scores[at - 1] < score {
                columns[at] = columns[at - 1];
                scores[at] = scores[at - 1];
                at -= 1;
            }
            columns[at] = column as u8;
            scores[at] = score;
            count += 1;
        }
        Connect4Children { columns }
    }

    #[inline(always)]
    fn child(&self, node: Connect4Node, children: &Connect4Children, i: usize) -> Connect4Node {
        let column = u32::from(children.columns[i]);
        Connect4Node::new(node.board.play(node.moves & board::column(column)))
    }

    #[inline(always)]
    fn move_number(&self, _node: Connect4Node, children: &Connect4Children, i: usize) -> usize {
        usize::from(children.columns[i])
    }

    #[inline(always)]
    fn value(&self, node: Connect4Node) -> Value {
        self.scored(Value::from(node.value))
    }

    /// An internal position's mover cannot win with its next stone (rule 1) and has a
    /// move that does not lose to the other side's next (rule 2), so its value lies in
    /// `-(40 - n) / 2 ..= (41 - n) / 2` (their signs, for a weak tree).
    #[inline(always)]
    fn value_bounds(&self, node: Connect4Node) -> Option<(Value, Value)> {
        let n = Value::from(node.board.moves);
        let (lo, hi) = if node.moves == 0 {
            (Value::from(node.value), Value::from(node.value))
        } else {
            (-(40 - n) / 2, (41 - n) / 2)
        };
        Some((self.scored(lo), self.scored(hi)))
    }

    #[inline(always)]
    fn position_key(&self, node: Connect4Node) -> Option<u64> {
        Some(node.board.key())
    }

    fn branching_per_ply(&self) -> Option<f64> {
        Some(BRANCHING_PER_PLY)
    }

    /// The column, centre first ([`CENTRE_FIRST`]), where the mover of a leaf of rule 1
    /// completes four.
    fn decided_move(&self, node: Connect4Node) -> Option<usize> {
        if node.moves != 0 {
            return None;
        }
        let wins = node.board.own_threats() & node.board.playable();
        CENTRE_FIRST
            .into_iter()
            .find(|&column| wins & board::column(column) != 0)
            .map(|column| column as usize)
    }
}

#[cfg(test)]
mod test;
