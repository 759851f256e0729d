//! Files of positions with their moves' scores, as the FFO files (`fforum-*.obf`) write
//! them: one position a line ([`super::position`]), then each legal move's exact score,
//! `;` before each:
//!
//! ```text
//! --XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;
//! ```
//!
//! The moves may be left out (a position whose value no one has published); the
//! position's score is then unknown. Where they are given, the position's score is the
//! best of them. Blank lines and lines starting with `#` or `%` are skipped. A malformed
//! line is an error naming the file, the line, the column and the problem; nothing is
//! read past it.

use super::board::{legal_moves, parse_square, square_name};
use super::position::{Position, parse_position};
use crate::{TreeError, Value};
use std::path::Path;

/// Why a published score cannot be a position's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("impossible: a final score is even and in -64 ..= 64")]
pub struct ImpossibleScore;

/// Why `score` cannot be the score of a position: every final score is even and lies in
/// `-64 ..= 64`.
pub fn check_score(score: Value) -> Result<(), ImpossibleScore> {
    if (-super::MAX_SCORE..=super::MAX_SCORE).contains(&score) && score % 2 == 0 {
        Ok(())
    } else {
        Err(ImpossibleScore)
    }
}

/// One line of a positions file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredPosition {
    /// The 1-based line it was read from.
    pub line: usize,
    /// The position.
    pub position: Position,
    /// The published score of each move listed, in the file's order: its square
    /// (`A1` 0 to `H8` 63) and score.
    pub moves: Vec<(u32, Value)>,
}

impl ScoredPosition {
    /// The position's published score: the best of its moves' (none if none is listed).
    pub fn score(&self) -> Option<Value> {
        self.moves.iter().map(|&(_, score)| score).max()
    }
}

/// Reads the positions of the file at `path`: a regular file of at most
/// [`crate::models::connect4::positions_file::MAX_POSITIONS_BYTES`] bytes of UTF-8.
pub fn read_positions(path: &Path) -> Result<Vec<ScoredPosition>, TreeError> {
    let text = crate::models::connect4::positions_file::read_text_file(path)?;
    parse_positions(&text, &path.display().to_string())
}

/// The positions of `text`, read from `path` (named in errors).
pub fn parse_positions(text: &str, path: &str) -> Result<Vec<ScoredPosition>, TreeError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut positions = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with('%') {
            continue;
        }
        let error = |column: usize, message: String| TreeError::Parse {
            path: path.to_string(),
            line,
            column,
            message,
        };
        let indent = raw.len() - raw.trim_start().len() + 1;
        let (position, rest) = parse_position(raw).map_err(|e| error(indent, e.to_string()))?;
        let moves = parse_moves(position, rest)
            .map_err(|(at, message)| error(raw.len() - rest.len() + at + 1, message))?;
        positions.push(ScoredPosition {
            line,
            position,
            moves,
        });
    }
    if positions.is_empty() {
        return Err(TreeError::Parse {
            path: path.to_string(),
            line: 1,
            column: 1,
            message: "no positions: a line is a board of 64 squares and the side to move".into(),
        });
    }
    Ok(positions)
}

/// The `; SQUARE:SCORE` list `rest` after `position`, or where (a byte offset into `rest`)
/// and why it is malformed.
fn parse_moves(position: Position, rest: &str) -> Result<Vec<(u32, Value)>, (usize, String)> {
    let legal = legal_moves(position.player, position.opponent);
    let mut moves: Vec<(u32, Value)> = Vec::new();
    let mut offset = 0;
    for field in rest.split(';') {
        let at = offset + (field.len() - field.trim_start().len());
        offset += field.len() + 1;
        let field = field.trim();
        if field.is_empty() {
            continue;
        }
        let Some((name, score)) = field.split_once(':') else {
            return Err((
                at,
                format!("'{field}' is not a move and its score (G8:+18)"),
            ));
        };
        let Some(square) = parse_square(name.trim()) else {
            return Err((at, format!("'{}' is not a square A1 to H8", name.trim())));
        };
        if legal >> square & 1 == 0 {
            let named = square_name(square);
            return Err((at, format!("{named} is not a legal move in this position")));
        }
        if moves.iter().any(|&(s, _)| s == square) {
            let named = square_name(square);
            return Err((at, format!("{named} is listed twice")));
        }
        let score = score.trim();
        let value: Value = score
            .trim_start_matches('+')
            .parse()
            .map_err(|_| (at, format!("score '{score}' is not a number")))?;
        check_score(value).map_err(|why| (at, format!("score {value} is {why}")))?;
        moves.push((square, value));
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";

    fn message(text: &str) -> String {
        parse_positions(text, "f.obf").unwrap_err().to_string()
    }

    #[test]
    fn a_line_gives_its_position_and_every_moves_score() {
        let text = format!("# FFO\n{FFO_1}; G8:+18; H1:+12; A3:+4; B1:-4;\n\n");
        let positions = parse_positions(&text, "f.obf").unwrap();
        assert_eq!(positions.len(), 1);
        let p = &positions[0];
        assert_eq!(p.line, 2);
        assert_eq!(p.position.text(), FFO_1);
        assert_eq!(p.moves[0], (parse_square("G8").unwrap(), 18));
        assert_eq!(p.moves[3], (parse_square("B1").unwrap(), -4));
        assert_eq!(p.score(), Some(18));
        let bare = parse_positions(FFO_1, "f.obf").unwrap();
        assert_eq!(bare[0].score(), None);
    }

    #[test]
    fn a_malformed_line_is_named_by_its_line_column_and_problem() {
        let wrong_length = message("--XX X; A1:+2;");
        assert!(wrong_length.contains("f.obf:1:1"), "{wrong_length}");
        assert!(wrong_length.contains("4 squares, not 64"), "{wrong_length}");
        let no_side = message(&FFO_1[..64]);
        assert!(no_side.contains("no side to move"), "{no_side}");
        let illegal = message(&format!("{FFO_1}; A1:+2;"));
        assert!(illegal.contains("A1 is not a legal move"), "{illegal}");
        assert!(illegal.contains("f.obf:1:69"), "{illegal}");
        let not_a_number = message(&format!("{FFO_1}; G8:+x;"));
        assert!(
            not_a_number.contains("score '+x' is not a number"),
            "{not_a_number}"
        );
        let odd = message(&format!("{FFO_1}; G8:+17;"));
        assert!(odd.contains("score 17 is impossible"), "{odd}");
        let far = message(&format!("{FFO_1}; G8:+66;"));
        assert!(far.contains("score 66 is impossible"), "{far}");
        let square = message(&format!("{FFO_1}; Z9:+2;"));
        assert!(square.contains("'Z9' is not a square"), "{square}");
        let twice = message(&format!("{FFO_1}; G8:+18; G8:+18;"));
        assert!(twice.contains("G8 is listed twice"), "{twice}");
        let empty = message("# nothing\n");
        assert!(empty.contains("no positions"), "{empty}");
    }
}
