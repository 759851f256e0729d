//! The theory crate's error: which parameter is out of range, or which count does not fit.
//!
//! Written by hand rather than with `thiserror`: this crate depends on nothing beyond `std`,
//! so that the formulas can be lifted into any other program unchanged.

use std::fmt;

/// Everything that can go wrong evaluating one of the paper's formulas.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TheoryError {
    /// A parameter outside the range where the formula is defined.
    InvalidParameter {
        /// The parameter's name as the command line spells it, e.g. `degree`.
        parameter: &'static str,
        /// The value given, as text.
        value: String,
        /// What is accepted, e.g. `must be at least 1`.
        expected: String,
    },
    /// An exact count that does not fit in 128 bits.
    Overflow {
        /// The quantity being counted, e.g. `Corollary 1 positions on one level`.
        what: &'static str,
        /// The degree of the tree.
        degree: u64,
        /// The level (depth) or height asked for.
        level: u32,
    },
    /// A line of one of the crate's data files that does not follow its format.
    DataFile {
        /// 1-based line.
        line: usize,
        /// What was found and what was expected.
        message: String,
    },
    /// A computation that would take too long or needs more than it is built for.
    TooLarge {
        /// A sentence naming the size and the limit.
        what: String,
    },
}

impl TheoryError {
    pub(crate) fn invalid(
        parameter: &'static str,
        value: impl ToString,
        expected: impl Into<String>,
    ) -> Self {
        TheoryError::InvalidParameter {
            parameter,
            value: value.to_string(),
            expected: expected.into(),
        }
    }

    pub(crate) fn overflow(what: &'static str, degree: u64, level: u32) -> Self {
        TheoryError::Overflow {
            what,
            degree,
            level,
        }
    }
}

impl fmt::Display for TheoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TheoryError::InvalidParameter {
                parameter,
                value,
                expected,
            } => write!(f, "invalid {parameter} {value}: {expected}"),
            TheoryError::Overflow {
                what,
                degree,
                level,
            } => write!(
                f,
                "{what} for degree {degree} at level {level} does not fit in 128 bits"
            ),
            TheoryError::DataFile { line, message } => {
                write!(f, "Table 1 data, line {line}: {message}")
            }
            TheoryError::TooLarge { what } => write!(f, "{what}"),
        }
    }
}

impl std::error::Error for TheoryError {}

/// Checks that `degree` is at least `minimum`.
pub(crate) fn require_degree(degree: u64, minimum: u64) -> Result<(), TheoryError> {
    if degree < minimum {
        return Err(TheoryError::invalid(
            "degree",
            degree,
            format!("must be at least {minimum}"),
        ));
    }
    Ok(())
}
