//! Files of positions with their scores, in the format of Pascal Pons's test sets: one
//! position a line, its move sequence ([`super::position`]), a space, and its exact score
//! in the solver's convention (the module's notes), e.g. `2252576253462244111563365343671351441 -1`.
//!
//! The score may be left out (a position whose value no one has published); blank lines
//! and lines starting with `#` are skipped. The empty board has no moves to write: its
//! line is its score alone, after a space or a tab (` 1`), since a line that starts with
//! a field starts with the moves. A malformed line is an error naming the file,
//! the line, the column and the problem; nothing is read past it.

use super::position::parse_moves;
use crate::{TreeError, Value};
use std::path::Path;

/// The largest score a position can have: a win with the first player's 4th stone.
pub const MAX_SCORE: Value = 18;

/// The scores a position after `played` moves can have: a win with the next stone
/// scores `(43 - played) / 2`, a loss to the opponent's next `-(42 - played) / 2`, and no
/// one wins before their 4th stone (at most [`MAX_SCORE`]).
pub fn score_range(played: usize) -> std::ops::RangeInclusive<Value> {
    let played = played.min(crate::models::connect4::board::CELLS as usize) as Value;
    (-(42 - played) / 2).max(-MAX_SCORE)..=((43 - played) / 2).min(MAX_SCORE)
}

/// A published score the position cannot have: after `moves` moves a score lies in
/// `low ..= high`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("impossible after {moves} moves, where a score is in {low} ..= {high}")]
pub struct ImpossibleScore {
    /// Moves played.
    pub moves: usize,
    /// The least score possible.
    pub low: Value,
    /// The greatest.
    pub high: Value,
}

/// Why `score` cannot be the score of the position the moves `moves` reach, if it cannot
/// (`impossible after 26 moves, …`): the one check of a published score, a file's or the
/// command line's.
pub fn check_score(moves: &str, score: Value) -> Result<(), ImpossibleScore> {
    let range = score_range(moves.len());
    if range.contains(&score) {
        return Ok(());
    }
    Err(ImpossibleScore {
        moves: moves.len(),
        low: *range.start(),
        high: *range.end(),
    })
}

/// One line of a positions file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredPosition {
    /// The 1-based line it was read from.
    pub line: usize,
    /// The move sequence, as written.
    pub moves: String,
    /// Its published score, if the line gives one.
    pub score: Option<Value>,
}

/// The most bytes of a positions file read: over 300,000 positions.
pub const MAX_POSITIONS_BYTES: u64 = 16 << 20;

/// Reads the positions of the file at `path`: a regular file of at most
/// [`MAX_POSITIONS_BYTES`] bytes of UTF-8 ([`crate::file::read_text`]); a device or a
/// folder is refused unread.
pub fn read_positions(path: &Path) -> Result<Vec<ScoredPosition>, TreeError> {
    let text = read_text_file(path)?;
    parse_positions(&text, &path.display().to_string())
}

/// The text of the positions file at `path`, a game's or another's: a regular file of at
/// most [`MAX_POSITIONS_BYTES`] bytes of UTF-8; a device or a folder is refused unread.
pub(crate) fn read_text_file(path: &Path) -> Result<String, TreeError> {
    use crate::file::TextFileError;
    let name = path.display().to_string();
    crate::file::read_text(path, MAX_POSITIONS_BYTES).map_err(|error| match error {
        TextFileError::Io(source) => TreeError::Io {
            action: "read",
            path: path.to_path_buf(),
            source,
        },
        TextFileError::NotUtf8 { line, column, .. } => TreeError::Parse {
            path: name,
            line,
            column,
            message: error.to_string(),
        },
        TextFileError::NotRegular(_) | TextFileError::TooLarge(_) => TreeError::Io {
            action: "read",
            path: path.to_path_buf(),
            source: std::io::Error::new(std::io::ErrorKind::InvalidInput, error.to_string()),
        },
    })
}

/// The positions of `text`, read from `path` (named in errors).
pub fn parse_positions(text: &str, path: &str) -> Result<Vec<ScoredPosition>, TreeError> {
    // A byte-order mark, as some editors write at the start of a UTF-8 file, is no move.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut positions = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let error = |column: usize, message: String| TreeError::Parse {
            path: path.to_string(),
            line,
            column,
            message,
        };
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let indent = raw.len() - raw.trim_start().len() + 1;
        let mut fields = trimmed.split_whitespace().peekable();
        // An indented line of one field is the empty board's score.
        let empty_board = indent > 1 && trimmed.split_whitespace().count() == 1;
        let moves = if empty_board {
            ""
        } else {
            fields.next().unwrap_or_default()
        };
        parse_moves(moves).map_err(|e| error(indent, e.to_string()))?;
        let score = match fields.next() {
            None => None,
            Some(text) => {
                let column = raw.find(text).map_or(1, |at| at + 1);
                let score: Value = text
                    .parse()
                    .map_err(|_| error(column, format!("score '{text}' is not a number")))?;
                check_score(moves, score)
                    .map_err(|why| error(column, format!("score {score} is {why}")))?;
                Some(score)
            }
        };
        if let Some(extra) = fields.next() {
            let column = raw.rfind(extra).map_or(1, |at| at + 1);
            return Err(error(
                column,
                format!("unexpected '{extra}' after the score: a line is moves and a score"),
            ));
        }
        positions.push(ScoredPosition {
            line,
            moves: moves.to_string(),
            score,
        });
    }
    if positions.is_empty() {
        return Err(TreeError::Parse {
            path: path.to_string(),
            line: 1,
            column: 1,
            message: "no positions: a line is a move sequence and its score".into(),
        });
    }
    Ok(positions)
}
