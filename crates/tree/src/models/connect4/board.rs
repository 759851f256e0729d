//! The 7×6 board as two 64-bit words, and the alignments of four.
//!
//! # Bit layout
//!
//! Column `c` (0-based from the left, `0..7`) takes bits `7c .. 7c + 6`, bottom cell
//! first; bit `7c + 6` is a sentinel that is never set, so that a shift by 1 (vertical),
//! 7 (horizontal), 6 or 8 (the two diagonals) never carries an alignment from one column
//! or row into the next. A position is
//!
//! * `mask`: every stone on the board;
//! * `current`: the stones of the side to move;
//! * `moves`: the stones on the board (the number of moves played).
//!
//! Playing the cell `bit` is `current ^= mask; mask |= bit`: the mover's stones join the
//! board and `current` becomes the other side's stones. The cell a column's next stone
//! goes to is `(mask + bottom(c)) & column(c)`: adding the column's bottom bit carries
//! through its filled cells.
//!
//! `current + mask` names the position uniquely (in each column, the bit above the top
//! stone is set by the carry, the stones below it are the mover's), and is the
//! position's transposition key (mixed by `mix64`, a bijection, so that its low bits,
//! which pick a table slot, depend on every column).

/// Columns.
pub const WIDTH: u32 = 7;
/// Rows.
pub const HEIGHT: u32 = 6;
/// Cells: the most moves a game can last.
pub const CELLS: u32 = WIDTH * HEIGHT;

/// The bottom cell of every column.
pub(crate) const BOTTOM: u64 = bottom_row();
/// Every cell of the board (no sentinel).
pub(crate) const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);

const fn bottom_row() -> u64 {
    let mut row = 0;
    let mut c = 0;
    while c < WIDTH {
        row |= 1 << (c * (HEIGHT + 1));
        c += 1;
    }
    row
}

/// The cells of column `c`.
#[inline(always)]
pub(crate) const fn column(c: u32) -> u64 {
    ((1 << HEIGHT) - 1) << (c * (HEIGHT + 1))
}

/// The top cell of column `c`.
#[inline(always)]
pub(crate) const fn top(c: u32) -> u64 {
    1 << (HEIGHT - 1 + c * (HEIGHT + 1))
}

/// A position: the stones of the side to move, all stones, and the moves played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The stones of the side to move.
    pub current: u64,
    /// Every stone on the board.
    pub mask: u64,
    /// Stones on the board.
    pub moves: u32,
}

impl Board {
    /// The empty board.
    pub const EMPTY: Board = Board {
        current: 0,
        mask: 0,
        moves: 0,
    };

    /// Whether column `c` has room for another stone.
    #[inline(always)]
    pub fn can_play(&self, c: u32) -> bool {
        self.mask & top(c) == 0
    }

    /// The cells the side to move can play: the lowest empty cell of each column.
    #[inline(always)]
    pub fn playable(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    /// The position after the side to move plays `cell` (one bit of [`Board::playable`]).
    #[inline(always)]
    pub fn play(&self, cell: u64) -> Board {
        Board {
            current: self.current ^ self.mask,
            mask: self.mask | cell,
            moves: self.moves + 1,
        }
    }

    /// The cell the next stone of column `c` goes to (`c` must have room).
    #[inline(always)]
    pub fn cell_of(&self, c: u32) -> u64 {
        (self.mask + (1 << (c * (HEIGHT + 1)))) & column(c)
    }

    /// The empty cells that would complete four in a line for the side to move.
    #[inline(always)]
    pub fn own_threats(&self) -> u64 {
        threats(self.current, self.mask)
    }

    /// The empty cells that would complete four in a line for the other side.
    #[inline(always)]
    pub fn their_threats(&self) -> u64 {
        threats(self.current ^ self.mask, self.mask)
    }

    /// The position's key: unique per position, whatever the move order that reached it.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        crate::hash::mix64(self.current + self.mask)
    }
}

/// The empty cells (of the board `mask`) that would complete four in a line of `stones`.
#[inline(always)]
pub(crate) fn threats(stones: u64, mask: u64) -> u64 {
    // Vertical: three stones straight below the cell.
    let mut cells = (stones << 1) & (stones << 2) & (stones << 3);
    // Horizontal (7) and the two diagonals (6, 8): the cell with three stones on one
    // side, or two on one side and one on the other.
    for shift in [HEIGHT + 1, HEIGHT, HEIGHT + 2] {
        let two_before = (stones << shift) & (stones << (2 * shift));
        cells |= two_before & (stones << (3 * shift));
        cells |= two_before & (stones >> shift);
        let two_after = (stones >> shift) & (stones >> (2 * shift));
        cells |= two_after & (stones << shift);
        cells |= two_after & (stones >> (3 * shift));
    }
    cells & (BOARD ^ mask)
}

/// Whether `stones` hold four in a line.
pub(crate) fn has_four(stones: u64) -> bool {
    [1, HEIGHT + 1, HEIGHT, HEIGHT + 2]
        .into_iter()
        .any(|shift| {
            let pairs = stones & (stones >> shift);
            pairs & (pairs >> (2 * shift)) != 0
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(c: u32, r: u32) -> u64 {
        1 << (c * (HEIGHT + 1) + r)
    }

    #[test]
    fn fours_in_every_direction_and_none_across_the_edges() {
        let vertical = (0..4).map(|r| cell(2, r)).sum();
        let horizontal = (3..7).map(|c| cell(c, 5)).sum();
        let rising = (0..4).map(|k| cell(k, k + 1)).sum();
        let falling = (0..4).map(|k| cell(3 + k, 5 - k)).sum();
        for four in [vertical, horizontal, rising, falling] {
            assert!(has_four(four), "{four:#x}");
        }
        // Top of one column and bottom of the next are not vertical neighbours.
        let wrapped = cell(0, 4) | cell(0, 5) | cell(1, 0) | cell(1, 1);
        assert!(!has_four(wrapped));
        let three = cell(0, 0) | cell(1, 0) | cell(2, 0);
        assert!(!has_four(three));
    }

    #[test]
    fn threats_are_the_empty_cells_that_complete_a_four() {
        let stones = cell(0, 0) | cell(1, 0) | cell(2, 0);
        assert_eq!(threats(stones, stones), cell(3, 0));
        let gap = cell(0, 0) | cell(1, 0) | cell(3, 0);
        assert_eq!(threats(gap, gap), cell(2, 0));
        let column_three = cell(4, 0) | cell(4, 1) | cell(4, 2);
        assert_eq!(threats(column_three, column_three), cell(4, 3));
        // A filled cell is no threat.
        assert_eq!(threats(stones, stones | cell(3, 0)), 0);
        let full_column = column(6);
        assert_eq!(threats(full_column, full_column), 0);
    }

    #[test]
    fn playing_fills_columns_from_the_bottom() {
        let mut board = Board::EMPTY;
        for _ in 0..HEIGHT {
            assert!(board.can_play(3));
            board = board.play(board.cell_of(3));
        }
        assert!(!board.can_play(3));
        assert_eq!(board.mask, column(3));
        assert_eq!(board.playable() & column(3), 0);
        assert_eq!(board.playable().count_ones(), WIDTH - 1);
    }
}
