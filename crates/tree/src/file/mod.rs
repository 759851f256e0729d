//! `.tree` files: the readable text form of a tree (SPEC.md, "Tree files").
//!
//! ```text
//! # Knuth & Moore, Fig. 1 (leaves are the digits of pi)
//! (
//!   (((3 1 4) (1 5 9) (2 6 5)) ((3 5 8) (9 7 9) (3 2 3)) ((8 4 6) (2 6 4) (3 3 8)))
//!   …
//! )
//! ```
//!
//! A tree is an integer (a leaf) or `(` one or more trees `)`; `#` starts a comment that
//! runs to the end of the line. Leaf values are from the root player's viewpoint, as
//! textbooks draw Max/Min trees (eq. (3)–(4)); reading negates the leaves at odd depth to
//! obtain negamax values and writing does the inverse. Children are listed in search
//! order. The reader names the line and column of every error and never recurses.

mod atomic;
mod lexer;
mod reader;
mod text;
mod writer;

#[cfg(test)]
mod test;

pub use atomic::{check_replaceable, file_kind, temporary_path, write_atomically_with};
pub use reader::{header_comments, parse_tree, read_header_comments, read_tree_file};
pub use text::{TextFileError, read_text};
pub use writer::{
    CHECK_EVERY, LINE_WIDTH, tree_to_string, write_tree, write_tree_file, write_tree_file_with,
    write_tree_with,
};
