//! The tokens of a `.tree` text (SPEC.md, "Tree files"): `(`, `)`, integers, whitespace
//! and `#` comments, each token with its 1-based line and column.
//!
//! The lexer works on bytes, so any input can be given to it; columns count characters
//! (UTF-8 continuation bytes do not start a new column). An integer is an optional sign
//! and decimal digits with `|v| < 2^62`; its value is accumulated with overflow checks,
//! so even a gigabyte of digits is rejected without allocating.

use crate::{MAX_LEAF_MAGNITUDE, TreeError, Value};

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TokenKind {
    /// `(`: a list of trees begins.
    Open,
    /// `)`: the innermost list ends.
    Close,
    /// A leaf value, as written.
    Integer(Value),
    /// No more tokens.
    End,
}

/// A token and where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    pub(crate) kind: TokenKind,
    pub(crate) line: usize,
    pub(crate) column: usize,
}

/// The most characters of an offending word quoted in an error message.
const QUOTE_LIMIT: usize = 40;

/// Splits a `.tree` text into tokens.
pub(crate) struct Lexer<'a> {
    text: &'a [u8],
    name: &'a str,
    pos: usize,
    line: usize,
    column: usize,
}

/// Whether `b` ends a word: whitespace, a parenthesis or a comment.
pub(crate) fn is_delimiter(b: u8) -> bool {
    b.is_ascii_whitespace() || b == b'\x0b' || matches!(b, b'(' | b')' | b'#')
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`; `name` is the file name errors report.
    pub(crate) fn new(text: &'a [u8], name: &'a str) -> Self {
        Lexer {
            text,
            name,
            pos: 0,
            line: 1,
            column: 1,
        }
    }

    /// A parse error at `line`, `column`.
    pub(crate) fn error(&self, line: usize, column: usize, message: String) -> TreeError {
        TreeError::Parse {
            path: self.name.to_string(),
            line,
            column,
            message,
        }
    }

    /// Moves past one byte, keeping the line and column of the next character.
    #[inline]
    fn advance(&mut self) {
        let b = self.text[self.pos];
        self.pos += 1;
        if b == b'\n' {
            self.line += 1;
            self.column = 1;
        } else if self
            .text
            .get(self.pos)
            .is_none_or(|&next| next & 0xC0 != 0x80)
        {
            self.column += 1;
        }
    }

    /// The next token, or an error for a word that is not an integer in range.
    pub(crate) fn next_token(&mut self) -> Result<Token, TreeError> {
        loop {
            match self.text.get(self.pos) {
                Some(b'#') => {
                    while self.text.get(self.pos).is_some_and(|&b| b != b'\n') {
                        self.advance();
                    }
                }
                Some(&b) if is_delimiter(b) && b != b'(' && b != b')' => self.advance(),
                _ => break,
            }
        }
        let (line, column) = (self.line, self.column);
        let kind = match self.text.get(self.pos) {
            None => TokenKind::End,
            Some(b'(') => {
                self.advance();
                TokenKind::Open
            }
            Some(b')') => {
                self.advance();
                TokenKind::Close
            }
            Some(_) => {
                let start = self.pos;
                while self.text.get(self.pos).is_some_and(|&b| !is_delimiter(b)) {
                    self.advance();
                }
                let word = &self.text[start..self.pos];
                TokenKind::Integer(
                    parse_integer(word).map_err(|m| self.error(line, column, m.to_string()))?,
                )
            }
        };
        Ok(Token { kind, line, column })
    }
}

/// A word as an error message quotes it: at most [`QUOTE_LIMIT`] characters, escaped.
fn quote(word: &[u8]) -> String {
    let text = String::from_utf8_lossy(word);
    let mut shown: String = text.chars().take(QUOTE_LIMIT).collect();
    if shown.len() < text.len() {
        shown.push('…');
    }
    format!("{shown:?}")
}

/// What is wrong with a word read as an integer; each variant holds the word as an
/// error message quotes it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum BadInteger {
    /// Not an integer at all.
    #[error("expected an integer, '(' or ')', found {0}")]
    NotAnInteger(String),
    /// An integer too large for a leaf value.
    #[error(
        "integer {0} is out of range: leaf values must satisfy |v| < 2^62 = {MAX_LEAF_MAGNITUDE}"
    )]
    OutOfRange(String),
}

/// The value of an integer word, or what is wrong with it.
fn parse_integer(word: &[u8]) -> Result<Value, BadInteger> {
    let (negative, digits) = match word.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, word),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(BadInteger::NotAnInteger(quote(word)));
    }
    let mut magnitude: i64 = 0;
    for &d in digits {
        magnitude = magnitude
            .checked_mul(10)
            .and_then(|m| m.checked_add(i64::from(d - b'0')))
            .filter(|&m| m < MAX_LEAF_MAGNITUDE)
            .ok_or_else(|| BadInteger::OutOfRange(quote(word)))?;
    }
    Ok(if negative { -magnitude } else { magnitude })
}
