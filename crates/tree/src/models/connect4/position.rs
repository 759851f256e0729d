//! A position as the test sets write it: the moves played from the empty board, one
//! digit per move, the column from 1 (left) to 7 (right), the first player's move first
//! (`4453`: the first player in the centre, the second on it, the first again, the second
//! in column 3).
//!
//! A sequence is refused when a move names no column, a full column, or follows the move
//! that won the game, and when its last move wins or fills the board: a position to
//! search is one where a move is still to be played (the peer solver refuses the same).

use super::board::{Board, CELLS, WIDTH, has_four};

/// Why a move sequence names no position to search.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// A character that is not a column `1`–`7`.
    #[error("move {number} is '{found}', not a column 1 to 7")]
    NoSuchColumn {
        /// 1-based move number.
        number: usize,
        /// The character found.
        found: char,
    },
    /// A column that already holds six stones.
    #[error("move {number} plays column {column}, which is full")]
    FullColumn {
        /// 1-based move number.
        number: usize,
        /// The column, 1–7.
        column: u32,
    },
    /// A move after the one that won.
    #[error("move {number} comes after the game is over (move {won_by} won it)")]
    AfterGameOver {
        /// 1-based move number.
        number: usize,
        /// The move that won.
        won_by: usize,
    },
    /// The last move wins: nothing is left to search.
    #[error("move {number} wins the game, so the position has no move to search")]
    Won {
        /// 1-based move number of the winning move, the last.
        number: usize,
    },
    /// The last move fills the board, a draw: nothing is left to search.
    #[error("move {number} fills the board, a draw, so the position has no move to search")]
    Full {
        /// 1-based move number of the last move, 42.
        number: usize,
    },
}

/// The position the moves `sequence` reach from the empty board.
pub fn parse_moves(sequence: &str) -> Result<Board, MoveError> {
    let mut board = Board::EMPTY;
    let mut won_by = None;
    for (index, found) in sequence.chars().enumerate() {
        let number = index + 1;
        let column = match found.to_digit(10) {
            Some(d @ 1..=WIDTH) => d - 1,
            _ => return Err(MoveError::NoSuchColumn { number, found }),
        };
        if let Some(won_by) = won_by {
            return Err(MoveError::AfterGameOver { number, won_by });
        }
        if !board.can_play(column) {
            return Err(MoveError::FullColumn {
                number,
                column: column + 1,
            });
        }
        let cell = board.cell_of(column);
        if has_four(board.current | cell) {
            won_by = Some(number);
        }
        board = board.play(cell);
    }
    match won_by {
        Some(number) => Err(MoveError::Won { number }),
        None if board.moves >= CELLS => Err(MoveError::Full {
            number: sequence.len(),
        }),
        None => Ok(board),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sequence_is_read_move_by_move() {
        let board = parse_moves("4453").unwrap();
        assert_eq!(board.moves, 4);
        assert_eq!(board.mask.count_ones(), 4);
        assert_eq!(parse_moves("").unwrap(), Board::EMPTY);
    }

    #[test]
    fn each_malformed_sequence_names_its_move() {
        assert_eq!(
            parse_moves("448"),
            Err(MoveError::NoSuchColumn {
                number: 3,
                found: '8'
            })
        );
        assert_eq!(
            parse_moves("40"),
            Err(MoveError::NoSuchColumn {
                number: 2,
                found: '0'
            })
        );
        assert_eq!(
            parse_moves("1111111"),
            Err(MoveError::FullColumn {
                number: 7,
                column: 1
            })
        );
        // The first player stacks four in column 1 at move 7; move 8 is too late.
        assert_eq!(
            parse_moves("12121213"),
            Err(MoveError::AfterGameOver {
                number: 8,
                won_by: 7
            })
        );
        assert_eq!(parse_moves("1212121"), Err(MoveError::Won { number: 7 }));
        // A full board is a finished game too, as a won one is.
        assert_eq!(
            parse_moves(FULL_DRAWN_BOARD),
            Err(MoveError::Full { number: 42 })
        );
        assert!(parse_moves(&FULL_DRAWN_BOARD[..41]).is_ok());
    }

    /// 42 moves that fill the board with no four in a row (a drawn game).
    const FULL_DRAWN_BOARD: &str = "141724165222235463442116413773377573556656";
}
