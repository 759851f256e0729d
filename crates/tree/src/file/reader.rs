//! Reading a `.tree` text into a [`RaggedArena`] (SPEC.md, "Tree files").
//!
//! The grammar is `tree := integer | '(' tree+ ')'`, exactly one tree per text. Leaf
//! values are written from the root player's viewpoint; a leaf at odd depth is negated to
//! give its negamax value (Knuth & Moore eq. (1)). The parser is a loop over tokens with
//! an explicit stack of open lists, at most [`MAX_HEIGHT`] deep, so neither deep nesting
//! nor garbage can exhaust the call stack or memory. The text is parsed twice: first to
//! check it and count the positions of each level (which sizes the arena and is checked
//! against the memory budget), then to place each position.

use super::lexer::{Lexer, TokenKind, is_delimiter};
use crate::arena::{RaggedArena, RaggedBuilder};
use crate::{MAX_HEIGHT, TreeError, Value};
use std::io::Read;
use std::path::Path;

/// A list that is open while parsing.
struct OpenList {
    line: usize,
    column: usize,
    children: u64,
}

/// Parses `text`, calling `position(depth, leaf)` for every position in pre-order, where
/// `leaf` is the negamax value of a leaf and `None` for a list.
fn parse<F: FnMut(u32, Option<Value>)>(
    text: &[u8],
    name: &str,
    mut position: F,
) -> Result<(), TreeError> {
    let mut lexer = Lexer::new(text, name);
    let mut open: Vec<OpenList> = Vec::new();
    let mut complete = false;
    loop {
        let token = lexer.next_token()?;
        let fail = |message: String| Err(lexer.error(token.line, token.column, message));
        match token.kind {
            TokenKind::End => {
                if let Some(list) = open.last() {
                    return fail(format!(
                        "unexpected end of input: expected ')' to close the list opened at line {}, column {}",
                        list.line, list.column
                    ));
                }
                if !complete {
                    return fail(
                        "expected a tree (an integer or '('), found end of input".to_string(),
                    );
                }
                return Ok(());
            }
            kind if complete => {
                let found = match kind {
                    TokenKind::Open => "'('".to_string(),
                    TokenKind::Close => "')'".to_string(),
                    TokenKind::Integer(v) => format!("integer {v}"),
                    TokenKind::End => unreachable!("handled above"),
                };
                return fail(format!(
                    "expected end of input after the tree, found {found} (a file holds exactly one tree)"
                ));
            }
            TokenKind::Close => match open.last() {
                None => return fail("unexpected ')': no list is open".to_string()),
                Some(list) if list.children == 0 => {
                    return fail(
                        "empty list: expected an integer or '(', found ')' (a list holds at least one tree)"
                            .to_string(),
                    );
                }
                Some(_) => {
                    open.pop();
                    complete = open.is_empty();
                }
            },
            TokenKind::Open | TokenKind::Integer(_) => {
                let depth = open.len() as u32;
                if depth > MAX_HEIGHT {
                    return fail(format!(
                        "the tree is nested deeper than the maximum height {MAX_HEIGHT}"
                    ));
                }
                if let Some(list) = open.last_mut() {
                    list.children += 1;
                }
                if let TokenKind::Integer(v) = token.kind {
                    position(depth, Some(if depth % 2 == 1 { -v } else { v }));
                    complete = open.is_empty();
                } else {
                    position(depth, None);
                    open.push(OpenList {
                        line: token.line,
                        column: token.column,
                        children: 0,
                    });
                }
            }
        }
    }
}

/// Reads a `.tree` text into a ragged arena; `name` is the file name errors report.
/// Refuses a tree whose arena would exceed `budget_bytes`.
pub fn parse_tree(text: &[u8], name: &str, budget_bytes: u64) -> Result<RaggedArena, TreeError> {
    let mut level_counts: Vec<u64> = Vec::new();
    parse(text, name, |depth, _| {
        if depth as usize == level_counts.len() {
            level_counts.push(0);
        }
        level_counts[depth as usize] += 1;
    })?;
    let mut builder = RaggedBuilder::new(&level_counts, false, budget_bytes)?;
    parse(text, name, |depth, leaf| {
        builder.push(depth, leaf.unwrap_or(0), 0)
    })?;
    Ok(builder.finish())
}

/// The bytes at the start of a file whose words are checked before the rest is read, so
/// that a file of garbage (`/dev/zero`'s NULs copied to disk, a binary) is refused at
/// its first bad word, not after gigabytes have been read.
const PREFIX_BYTES: u64 = 64 << 10;

/// Reads the `.tree` file at `path` into a ragged arena within `budget_bytes`.
///
/// Only a regular file is read (a device, FIFO or folder is refused unread); the words
/// of its first 64 KiB are checked before more is read; and the text itself counts
/// against the budget too: a file larger than the budget is refused before more than the
/// budget has been read, whatever it contains.
pub fn read_tree_file(path: &Path, budget_bytes: u64) -> Result<RaggedArena, TreeError> {
    let io_error = |source| TreeError::Io {
        action: "read",
        path: path.to_path_buf(),
        source,
    };
    let name = path.display().to_string();
    let (mut file, meta) = open_regular(path).map_err(io_error)?;
    let mut text = Vec::new();
    let first = PREFIX_BYTES.min(budget_bytes.saturating_add(1));
    (&mut file)
        .take(first)
        .read_to_end(&mut text)
        .map_err(io_error)?;
    if text.len() as u64 == first {
        // More follows (or may): check what is here before reading on.
        check_words(&text, &name)?;
    }
    file.take(budget_bytes.saturating_add(1) - text.len() as u64)
        .read_to_end(&mut text)
        .map_err(io_error)?;
    if text.len() as u64 > budget_bytes {
        return Err(TreeError::OverBudget {
            needed_bytes: meta.len().max(text.len() as u64),
            budget_bytes,
        });
    }
    parse_tree(&text, &name, budget_bytes)
}

/// Lexes the beginning `prefix` of a longer text and reports its first word that is not
/// an integer. The last word may be cut by the prefix's end: it is lexed only if it holds
/// a byte no integer can hold (then it is wrong however it goes on).
fn check_words(prefix: &[u8], name: &str) -> Result<(), TreeError> {
    let cut = prefix
        .iter()
        .rposition(|&b| is_delimiter(b))
        .map_or(0, |i| i + 1);
    let tail_is_wrong = prefix[cut..]
        .iter()
        .any(|b| !(b.is_ascii_digit() || matches!(b, b'+' | b'-')));
    let checked = if tail_is_wrong {
        prefix
    } else {
        &prefix[..cut]
    };
    let mut lexer = Lexer::new(checked, name);
    while lexer.next_token()?.kind != TokenKind::End {}
    Ok(())
}

/// The comment lines at the top of a `.tree` text, before its first token, without the
/// `#` and one following space; blank lines are skipped.
pub fn header_comments(text: &[u8]) -> Vec<String> {
    let mut lines = Vec::new();
    for line in text.split(|&b| b == b'\n') {
        let line = line.trim_ascii();
        if line.is_empty() {
            continue;
        }
        let Some(comment) = line.strip_prefix(b"#") else {
            break;
        };
        let comment = comment.strip_prefix(b" ").unwrap_or(comment);
        lines.push(String::from_utf8_lossy(comment).into_owned());
    }
    lines
}

/// The leading comment lines of the `.tree` file at `path` ([`header_comments`]), read
/// from at most its first 64 KiB; only a regular file is read.
pub fn read_header_comments(path: &Path) -> Result<Vec<String>, TreeError> {
    let io_error = |source| TreeError::Io {
        action: "read",
        path: path.to_path_buf(),
        source,
    };
    let (file, _) = open_regular(path).map_err(io_error)?;
    let mut text = Vec::new();
    file.take(PREFIX_BYTES)
        .read_to_end(&mut text)
        .map_err(io_error)?;
    if text.len() as u64 == PREFIX_BYTES {
        // The last line may be cut: keep whole lines only.
        let end = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        text.truncate(end);
    }
    Ok(header_comments(&text))
}

/// The regular file at `path`, opened, and its metadata; a device, FIFO or folder is
/// refused unopened (`InvalidInput`, naming what it is).
fn open_regular(path: &Path) -> std::io::Result<(std::fs::File, std::fs::Metadata)> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "not a regular file ({}): only a file is read",
                super::file_kind(&meta)
            ),
        ));
    }
    Ok((std::fs::File::open(path)?, meta))
}
