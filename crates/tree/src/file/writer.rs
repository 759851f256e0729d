//! Writing any [`GameTree`] as a `.tree` text (SPEC.md, "Tree files").
//!
//! Children are written in search order and leaf values from the root player's
//! viewpoint (a leaf at odd depth is negated), so reading the text back gives the same
//! tree, position for position; only move numbers are not kept (a file's move numbers are
//! the children's positions). The layout is meant to be read: comment lines first, then
//! the root's `(` alone on a line, each of the root's children on its own line indented
//! by two spaces, lines wrapped before [`LINE_WIDTH`] with continuation lines indented
//! by four, and the root's `)` alone on the last line. The walk is iterative.

use crate::preorder::{Step, walk_preorder};
use crate::{GameTree, MAX_LEAF_MAGNITUDE, TreeError, Value};
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::path::Path;

/// Lines are wrapped before they grow longer than this many characters.
pub const LINE_WIDTH: usize = 100;

/// Indentation of a child of the root.
const CHILD_INDENT: &str = "  ";
/// Room kept after an opening parenthesis for what follows it.
const OPEN_LOOKAHEAD: usize = 12;
/// Indentation of a wrapped line.
const CONTINUATION_INDENT: &str = "    ";

/// Tracks the current line while writing.
struct LineWriter<W: Write> {
    out: W,
    line_len: usize,
    /// Whether the next sibling needs a separator (false right after `(`).
    separate: bool,
}

impl<W: Write> LineWriter<W> {
    fn put(&mut self, text: &str) -> io::Result<()> {
        self.line_len += text.len();
        self.out.write_all(text.as_bytes())
    }

    fn newline(&mut self) -> io::Result<()> {
        self.line_len = 0;
        self.out.write_all(b"\n")
    }

    /// Writes the token that begins a position at `depth`, wrapping the line first if
    /// the token would not fit (an opening parenthesis keeps room for a leaf after it, so
    /// that lines rarely break right after one).
    fn begin(&mut self, depth: u32, token: &str) -> io::Result<()> {
        if depth == 0 {
            return self.put(token);
        }
        if depth == 1 {
            self.put(CHILD_INDENT)?;
            return self.put(token);
        }
        let separator = usize::from(self.separate);
        let room = if token == "(" {
            1 + OPEN_LOOKAHEAD
        } else {
            token.len()
        };
        if self.line_len + separator + room > LINE_WIDTH
            && self.line_len > CONTINUATION_INDENT.len()
        {
            self.newline()?;
            self.put(CONTINUATION_INDENT)?;
        } else if self.separate {
            self.put(" ")?;
        }
        self.put(token)
    }
}

/// Positions written between two calls of a [`write_tree_with`] check.
pub const CHECK_EVERY: u64 = 1 << 12;

/// Writes `tree` as a `.tree` text to `out`, after `header` as `#` comment lines.
///
/// Fails with [`io::ErrorKind::InvalidData`] if a leaf value is outside `|v| < 2^62`,
/// which a `.tree` file cannot hold.
pub fn write_tree<T: GameTree + ?Sized, W: Write>(
    tree: &T,
    header: &[String],
    out: W,
) -> io::Result<()> {
    write_tree_with(tree, header, out, |_| Ok(()))
}

/// [`write_tree`], calling `check(positions written so far)` every [`CHECK_EVERY`]
/// positions and once more with the total at the end: an error from it stops the
/// writing and is returned (a limit on positions, a signal to stop).
pub fn write_tree_with<T: GameTree + ?Sized, W: Write>(
    tree: &T,
    header: &[String],
    out: W,
    mut check: impl FnMut(u64) -> io::Result<()>,
) -> io::Result<()> {
    let mut positions = 0u64;
    let mut layout = LineWriter {
        out: BufWriter::new(out),
        line_len: 0,
        separate: false,
    };
    for line in header {
        for part in line.split('\n') {
            if part.is_empty() {
                layout.put("#")?;
            } else {
                layout.put("# ")?;
                layout.put(part)?;
            }
            layout.newline()?;
        }
    }
    let walked = walk_preorder(tree, |step| {
        let written = match step {
            Step::Enter {
                node,
                depth,
                degree,
                ..
            } => {
                positions += 1;
                if positions.is_multiple_of(CHECK_EVERY)
                    && let Err(e) = check(positions)
                {
                    return ControlFlow::Break(e);
                }
                if degree == 0 {
                    write_leaf(&mut layout, depth, tree.value(node))
                } else {
                    layout.begin(depth, "(").and_then(|()| {
                        layout.separate = false;
                        if depth == 0 { layout.newline() } else { Ok(()) }
                    })
                }
            }
            Step::Leave { depth, .. } => {
                layout.separate = true;
                layout
                    .put(")")
                    .and_then(|()| if depth <= 1 { layout.newline() } else { Ok(()) })
            }
        };
        match written {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => ControlFlow::Break(e),
        }
    });
    if let ControlFlow::Break(e) = walked {
        return Err(e);
    }
    check(positions)?;
    layout.out.flush()
}

/// Writes a leaf at `depth` with negamax value `value`, from the root's viewpoint.
fn write_leaf<W: Write>(layout: &mut LineWriter<W>, depth: u32, value: Value) -> io::Result<()> {
    if value.unsigned_abs() >= MAX_LEAF_MAGNITUDE as u64 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("leaf value {value} is outside |v| < 2^62 and cannot be written"),
        ));
    }
    let root_view = if depth % 2 == 1 { -value } else { value };
    layout.begin(depth, &root_view.to_string())?;
    layout.separate = true;
    if depth <= 1 {
        layout.newline()?;
    }
    Ok(())
}

/// The `.tree` text of `tree` after `header` comment lines.
pub fn tree_to_string<T: GameTree + ?Sized>(
    tree: &T,
    header: &[String],
) -> Result<String, TreeError> {
    let mut bytes = Vec::new();
    write_tree(tree, header, &mut bytes).map_err(|source| TreeError::Io {
        action: "write",
        path: "<memory>".into(),
        source,
    })?;
    Ok(String::from_utf8(bytes).expect("the writer writes ASCII and the header's UTF-8"))
}

/// Writes `tree` to the file at `path`, never leaving it half-written: the text goes to
/// a temporary file beside it, which is synced and then renamed over `path` (a rename
/// within one file system is atomic). On an error the temporary file is removed and
/// `path` is untouched — an earlier file there stays as it was.
pub fn write_tree_file<T: GameTree + ?Sized>(
    tree: &T,
    header: &[String],
    path: &Path,
) -> Result<(), TreeError> {
    write_tree_file_with(tree, header, path, |_| Ok(()))
}

/// [`write_tree_file`] with [`write_tree_with`]'s `check`: an error from it stops the
/// writing, removes the temporary file and leaves `path` as it was.
pub fn write_tree_file_with<T: GameTree + ?Sized>(
    tree: &T,
    header: &[String],
    path: &Path,
    check: impl FnMut(u64) -> io::Result<()>,
) -> Result<(), TreeError> {
    let io_error = |source| TreeError::Io {
        action: "write",
        path: path.to_path_buf(),
        source,
    };
    super::write_atomically_with(path, |file| write_tree_with(tree, header, &*file, check))
        .map_err(io_error)
}
