//! A position as the FFO files write it: 64 squares `A1`…`H1`, `A2`…`H8` (`X` black,
//! `O` white, `-` empty), a space, and the side to move (`X` or `O`):
//!
//! ```text
//! --XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X
//! ```
//!
//! `*` and `.` are also read as black and empty, as some tools write them.

use super::board::SQUARES;

/// Why a text names no position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The board is not 64 squares.
    #[error("the board has {found} squares, not 64")]
    Length {
        /// Squares found before the side to move.
        found: usize,
    },
    /// A square that is neither `X`, `O` nor `-`.
    #[error("square {number} is '{found}', not X, O or -")]
    Square {
        /// 1-based square number (`A1` is 1, `H8` 64).
        number: usize,
        /// The character found.
        found: char,
    },
    /// No side to move after the board.
    #[error("no side to move after the board: add X or O")]
    NoSide,
    /// A side to move that is neither `X` nor `O`.
    #[error("the side to move is '{found}', not X or O")]
    Side {
        /// The text found.
        found: String,
    },
}

/// A position: the discs of the side to move, then the other side's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The discs of the side to move.
    pub player: u64,
    /// The discs of the other side.
    pub opponent: u64,
    /// Whether black (`X`) is to move.
    pub black_to_move: bool,
}

impl Position {
    /// The start position: white on D4 and E5, black on E4 and D5, black to move.
    pub const START: Position = Position {
        player: (1 << 28) | (1 << 35),
        opponent: (1 << 27) | (1 << 36),
        black_to_move: true,
    };

    /// Empty squares.
    pub fn empties(&self) -> u32 {
        SQUARES - (self.player | self.opponent).count_ones()
    }

    /// Whether the game is over: no empty square, or no move for either side.
    pub fn is_finished(&self) -> bool {
        use super::board::legal_moves;
        legal_moves(self.player, self.opponent) == 0 && legal_moves(self.opponent, self.player) == 0
    }

    /// The position after the side to move plays on `square` (`A1` 0 to `H8` 63), the
    /// other side to move; `None` where that is not a legal move.
    pub fn after(&self, square: u32) -> Option<Position> {
        use super::board::{flips, legal_moves};
        let bit = 1u64.checked_shl(square)?;
        if legal_moves(self.player, self.opponent) & bit == 0 {
            return None;
        }
        let flipped = flips(self.player, self.opponent, bit);
        Some(Position {
            player: self.opponent ^ flipped,
            opponent: self.player | flipped | bit,
            black_to_move: !self.black_to_move,
        })
    }

    /// The position as the FFO files write it.
    pub fn text(&self) -> String {
        let (black, white) = if self.black_to_move {
            (self.player, self.opponent)
        } else {
            (self.opponent, self.player)
        };
        let mut text: String = (0..SQUARES)
            .map(|s| match (black >> s & 1, white >> s & 1) {
                (1, _) => 'X',
                (_, 1) => 'O',
                _ => '-',
            })
            .collect();
        text.push_str(if self.black_to_move { " X" } else { " O" });
        text
    }
}

/// The position `text` names: the board, white space, the side to move. Anything after
/// the side to move is left to the caller (`rest`).
pub fn parse_position(text: &str) -> Result<(Position, &str), PositionError> {
    let text = text.trim_start();
    let board_len = text.find(char::is_whitespace).unwrap_or(text.len());
    let board = &text[..board_len];
    let squares = board.chars().count();
    if squares != SQUARES as usize {
        return Err(PositionError::Length { found: squares });
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (index, found) in board.chars().enumerate() {
        match found {
            'X' | 'x' | '*' => black |= 1 << index,
            'O' | 'o' => white |= 1 << index,
            '-' | '.' => {}
            _ => {
                return Err(PositionError::Square {
                    number: index + 1,
                    found,
                });
            }
        }
    }
    let after = text[board_len..].trim_start();
    let side_len = after
        .find(|c: char| c.is_whitespace() || c == ';')
        .unwrap_or(after.len());
    let side = &after[..side_len];
    let black_to_move = match side {
        "" => return Err(PositionError::NoSide),
        "X" | "x" | "*" => true,
        "O" | "o" => false,
        _ => {
            return Err(PositionError::Side {
                found: side.to_string(),
            });
        }
    };
    let (player, opponent) = if black_to_move {
        (black, white)
    } else {
        (white, black)
    };
    let position = Position {
        player,
        opponent,
        black_to_move,
    };
    Ok((position, &after[side_len..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_turns_its_lines_and_hands_the_move_over() {
        let after = Position::START.after(19).unwrap(); // D3: turns D4.
        assert_eq!(
            after.text(),
            "-------------------X-------XX------XO--------------------------- O"
        );
        assert_eq!(Position::START.after(0), None); // A1: not a move.
        assert_eq!(Position::START.after(64), None);
    }

    const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";

    #[test]
    fn a_position_reads_back_as_written() {
        let (position, rest) = parse_position(FFO_1).unwrap();
        assert_eq!(rest, "");
        assert_eq!(position.text(), FFO_1);
        assert_eq!(position.empties(), 14);
        assert!(position.black_to_move);
        let white = FFO_1.replace(" X", " O");
        let (turned, _) = parse_position(&white).unwrap();
        assert_eq!(
            (turned.player, turned.opponent),
            (position.opponent, position.player)
        );
        assert_eq!(turned.text(), white);
        let start = "---------------------------OX------XO--------------------------- X";
        assert_eq!(parse_position(start).unwrap().0, Position::START);
    }

    #[test]
    fn what_follows_the_side_to_move_is_left_to_the_caller() {
        let line = format!("{FFO_1}; G8:+18;");
        assert_eq!(parse_position(&line).unwrap().1, "; G8:+18;");
    }

    #[test]
    fn a_bad_board_or_side_is_named() {
        assert_eq!(
            parse_position("--X X"),
            Err(PositionError::Length { found: 3 })
        );
        let bad = FFO_1.replacen('O', "Q", 1);
        assert_eq!(
            parse_position(&bad),
            Err(PositionError::Square {
                number: 10,
                found: 'Q'
            })
        );
        assert_eq!(parse_position(&FFO_1[..64]), Err(PositionError::NoSide));
        assert_eq!(
            parse_position(&FFO_1.replace(" X", " B")),
            Err(PositionError::Side { found: "B".into() })
        );
    }
}
