//! What a windowed search's result says about the true value (Knuth & Moore eq. (6)–(8);
//! seed 002, "ret < alpha[0]" and "returning a bound kind with the value").
//!
//! With root window `(a, b)` a result `r` with `a < r < b` is the value itself; `r >= b`
//! means the search failed high and the value is at least `r`; `r <= a` means it failed
//! low and the value is at most `r`.

use crate::Window;
use abbench_tree::Value;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The kind of a search's result: the value, or a bound on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Bound {
    /// `a < r < b`: `r` is the value.
    Exact,
    /// Failed high, `r >= b`: the value is at least `r`.
    Lower,
    /// Failed low, `r <= a`: the value is at most `r`.
    Upper,
}

impl Bound {
    /// The kind of result `r` of a search with root window `window`.
    pub fn of(r: Value, window: Window) -> Bound {
        if r >= window.beta {
            Bound::Lower
        } else if r <= window.alpha {
            Bound::Upper
        } else {
            Bound::Exact
        }
    }

    /// Whether a result `r` of this kind is true of the value `value`.
    pub fn admits(self, r: Value, value: Value) -> bool {
        match self {
            Bound::Exact => value == r,
            Bound::Lower => value >= r,
            Bound::Upper => value <= r,
        }
    }

    /// `exact`, `lower` or `upper`.
    pub fn name(self) -> &'static str {
        match self {
            Bound::Exact => "exact",
            Bound::Lower => "lower",
            Bound::Upper => "upper",
        }
    }
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_is_classified_by_the_window() {
        let w = Window::new(-10, 10).unwrap();
        assert_eq!(Bound::of(-10, w), Bound::Upper);
        assert_eq!(Bound::of(-9, w), Bound::Exact);
        assert_eq!(Bound::of(9, w), Bound::Exact);
        assert_eq!(Bound::of(10, w), Bound::Lower);
        assert!(Bound::Lower.admits(10, 12) && !Bound::Lower.admits(10, 9));
        assert!(Bound::Upper.admits(-10, -12) && !Bound::Upper.admits(-10, -9));
        assert!(Bound::Exact.admits(3, 3) && !Bound::Exact.admits(3, 4));
    }

    /// The names the reports and the results files print.
    #[test]
    fn bounds_print_as_the_reports_name_them() {
        for (bound, name) in [
            (Bound::Exact, "exact"),
            (Bound::Lower, "lower"),
            (Bound::Upper, "upper"),
        ] {
            assert_eq!(bound.name(), name);
            assert_eq!(bound.to_string(), name);
        }
    }
}
