//! The tree crate's errors: each names what is wrong and what would be accepted.

use std::path::PathBuf;

/// Everything that can go wrong building, materialising or reading a tree.
#[derive(Debug, thiserror::Error)]
pub enum TreeError {
    /// A model parameter outside its accepted range.
    #[error("invalid {parameter} {value}: {expected}")]
    InvalidParameter {
        /// The parameter's flag name, e.g. `degree`.
        parameter: &'static str,
        /// The value given, as text.
        value: String,
        /// What is accepted, e.g. `must be between 1 and 65536`.
        expected: String,
    },
    /// The tree would be too large for what was asked of it.
    #[error("{what}")]
    TooLarge {
        /// A sentence naming the size and the limit.
        what: String,
    },
    /// Materialising would need more memory than the budget allows.
    #[error(
        "the arena for this tree needs at least {needed_bytes} bytes (estimated), over the memory budget of {budget_bytes} bytes"
    )]
    OverBudget {
        /// Estimated bytes the arena would take (a lower bound when counting stopped
        /// early because the budget was already exceeded).
        needed_bytes: u64,
        /// The budget it was checked against.
        budget_bytes: u64,
    },
    /// A tree handed to the uniform arena is not uniform.
    #[error(
        "the tree is not uniform: a position at depth {depth} has {degree} children where {expected} were expected"
    )]
    NotUniform {
        /// Depth of the offending position.
        depth: u32,
        /// Its number of children.
        degree: usize,
        /// The number every position at that depth should have.
        expected: usize,
    },
    /// A `.tree` text that does not follow the grammar.
    #[error("{path}:{line}:{column}: {message}")]
    Parse {
        /// The file, or `<input>` for text not read from a file.
        path: String,
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// What was found and what was expected.
        message: String,
    },
    /// Reading or writing a file failed.
    #[error("cannot {action} {}: {source}", path.display())]
    Io {
        /// `read` or `write`.
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
}

impl TreeError {
    pub(crate) fn invalid(
        parameter: &'static str,
        value: impl ToString,
        expected: impl Into<String>,
    ) -> Self {
        TreeError::InvalidParameter {
            parameter,
            value: echoed(&value.to_string()),
            expected: expected.into(),
        }
    }
}

/// The most characters of a user's value an error message repeats.
pub const MAX_ECHOED: usize = 60;

/// A user's value as an error message repeats it: whole up to [`MAX_ECHOED`] characters,
/// else its first ones and how long it was, `4453…(70000 characters)`, so that one bad
/// value never fills a screen.
pub fn echoed(text: &str) -> String {
    let length = text.chars().count();
    if length <= MAX_ECHOED {
        return text.to_string();
    }
    let start: String = text.chars().take(MAX_ECHOED).collect();
    format!("{start}…({length} characters)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_value_is_echoed_by_its_start_and_its_length() {
        assert_eq!(echoed("4453"), "4453");
        let exact = "7".repeat(MAX_ECHOED);
        assert_eq!(echoed(&exact), exact);
        let long = "é".repeat(70_000);
        let shown = echoed(&long);
        assert_eq!(
            shown,
            format!("{}…(70000 characters)", "é".repeat(MAX_ECHOED))
        );
        let error = TreeError::invalid("position", "1".repeat(70_000), "too long");
        assert!(error.to_string().len() < 200, "{error}");
    }
}
