//! What the windowed searches are told: the root window, the cutoff criterion, whether to
//! count node kinds, and the settings of aspiration search and MTD(f).
//!
//! Knuth & Moore §4 call `F2(p, a, b)` with a window narrower than `(-inf, +inf)` when the
//! value is expected to lie inside it; the cutoff criterion (`m >= beta`, the paper's, or
//! `m > beta`) is discussed in the notes on alpha-beta (seed 002). Every setting is
//! checked once, by [`SerialOptions::validate`], before any search runs.

use abbench_tree::{INFINITY, NEG_INFINITY, Value};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The root window `(alpha, beta)`, `alpha < beta`; the infinities stand for an open side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Window {
    /// The lower end, excluded: a result `<= alpha` is an upper bound.
    pub alpha: Value,
    /// The upper end, excluded: a result `>= beta` is a lower bound.
    pub beta: Value,
}

impl Window {
    /// `(-inf, +inf)`: the whole tree's value is found.
    pub const FULL: Window = Window {
        alpha: NEG_INFINITY,
        beta: INFINITY,
    };

    /// `(alpha, beta)`, checked: `alpha < beta`, neither below `-inf` nor above `+inf`.
    pub fn new(alpha: Value, beta: Value) -> Result<Window, OptionError> {
        if alpha < NEG_INFINITY {
            return Err(OptionError::WindowEnd(alpha.to_string()));
        }
        if alpha >= beta {
            return Err(OptionError::EmptyWindow { alpha, beta });
        }
        Ok(Window { alpha, beta })
    }

    /// Whether this is `(-inf, +inf)`.
    pub fn is_full(self) -> bool {
        self == Window::FULL
    }
}

impl Default for Window {
    fn default() -> Self {
        Window::FULL
    }
}

/// One end of a window as written: an integer, `-inf` or `inf`.
fn parse_end(text: &str) -> Result<Value, OptionError> {
    match text.trim() {
        "-inf" => Ok(NEG_INFINITY),
        "inf" | "+inf" => Ok(INFINITY),
        word => match word.parse::<i128>() {
            Ok(v) if (i128::from(NEG_INFINITY)..=i128::from(INFINITY)).contains(&v) => {
                Ok(v as Value)
            }
            Ok(_) => Err(OptionError::WindowEndRange(word.to_string())),
            Err(_) => Err(OptionError::WindowEnd(word.to_string())),
        },
    }
}

impl FromStr for Window {
    type Err = OptionError;
    /// `LO,HI`, e.g. `-40,-10` or `0,inf`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (lo, hi) = text
            .split_once(',')
            .ok_or_else(|| OptionError::WindowSyntax(text.to_string()))?;
        Window::new(parse_end(lo)?, parse_end(hi)?)
    }
}

/// A window's end as `--window` takes it: `inf`, `-inf` or the integer.
fn end_name(v: Value) -> String {
    match v {
        INFINITY => "inf".to_string(),
        NEG_INFINITY => "-inf".to_string(),
        v => v.to_string(),
    }
}

impl fmt::Display for Window {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", end_name(self.alpha), end_name(self.beta))
    }
}

/// When a node stops trying its children.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Cutoff {
    /// `m >= beta`: the paper's F2.
    #[default]
    Ge,
    /// `m > beta`: a child whose value equals beta is not enough; more is examined.
    Gt,
}

impl Cutoff {
    /// Whether a node whose best value so far is `m` stops, under this criterion.
    #[inline(always)]
    pub fn cuts(self, m: Value, beta: Value) -> bool {
        match self {
            Cutoff::Ge => m >= beta,
            Cutoff::Gt => m > beta,
        }
    }

    /// The name on the command line: `ge` or `gt`.
    pub fn name(self) -> &'static str {
        match self {
            Cutoff::Ge => "ge",
            Cutoff::Gt => "gt",
        }
    }
}

impl FromStr for Cutoff {
    type Err = OptionError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.trim() {
            "ge" => Ok(Cutoff::Ge),
            "gt" => Ok(Cutoff::Gt),
            other => Err(OptionError::Cutoff(other.to_string())),
        }
    }
}

impl fmt::Display for Cutoff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The aspiration half-width used unless one is given.
pub const DEFAULT_ASPIRATION_DELTA: Value = 100;

/// MTD(f)'s transposition table size in MiB unless one is given.
pub const DEFAULT_TT_MB: usize = 16;

/// The largest transposition table, in MiB (64 GiB).
pub const MAX_TT_MB: usize = 1 << 16;

/// Settings of the serial searches beyond the tree. The default is the paper's search of
/// the whole tree: full window, `>=` cutoff, no node kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SerialOptions {
    /// Root window of `f2`, `f2-iter` and `f2-soft`.
    pub window: Window,
    /// Cutoff criterion of `f2`, `f2-iter` and `f2-soft`.
    pub cutoff: Cutoff,
    /// Count internal nodes by kind per level (`f2`, `f2-iter`, `f2-soft`).
    pub kinds: bool,
    /// First guess of `aspiration` and `mtdf`; `None`: on a game, the middle of the range
    /// its rules give the root's value; else a search two plies shallower where the tree
    /// has interior values, else 0 (`aspiration`) or a sampled search two plies shallower
    /// (`mtdf`): [`crate::mtdf_guess`].
    pub guess: Option<Value>,
    /// Half-width `delta` of the aspiration window `(g - delta, g + delta)`, `> 0`.
    pub aspiration_delta: Value,
    /// MTD(f)'s transposition table, MiB, `1 ..= MAX_TT_MB`.
    pub tt_mb: usize,
}

impl Default for SerialOptions {
    fn default() -> Self {
        SerialOptions {
            window: Window::FULL,
            cutoff: Cutoff::Ge,
            kinds: false,
            guess: None,
            aspiration_delta: DEFAULT_ASPIRATION_DELTA,
            tt_mb: DEFAULT_TT_MB,
        }
    }
}

impl SerialOptions {
    /// Checks every setting; the error names the first bad one.
    pub fn validate(&self) -> Result<(), OptionError> {
        Window::new(self.window.alpha, self.window.beta)?;
        if self.aspiration_delta <= 0 || self.aspiration_delta >= INFINITY / 4 {
            return Err(OptionError::AspirationDelta(self.aspiration_delta));
        }
        if let Some(g) = self.guess
            && !(-(INFINITY / 4)..=INFINITY / 4).contains(&g)
        {
            return Err(OptionError::Guess(g));
        }
        if !(1..=MAX_TT_MB).contains(&self.tt_mb) {
            return Err(OptionError::TableSize(self.tt_mb));
        }
        Ok(())
    }

    /// Checks that MTD(f)'s transposition table fits in `memory_budget` bytes (the
    /// budget trees are held to, by default half the machine's memory), before it is
    /// allocated: a table the machine cannot hold would abort the process.
    pub fn check_table_memory(&self, memory_budget: u64) -> Result<(), OptionError> {
        let bytes = (self.tt_mb as u64) << 20;
        if bytes > memory_budget {
            return Err(OptionError::TableMemory {
                megabytes: self.tt_mb,
                budget: memory_budget >> 20,
            });
        }
        Ok(())
    }

    /// The plain search's options (the full window, `>=`, no kinds, the default
    /// aspiration) with this one's table and the first guess `guess`: what a check of
    /// one move's exact value searches with, whatever the run's own window.
    pub fn exact_from(&self, guess: Value) -> SerialOptions {
        SerialOptions {
            guess: Some(guess),
            tt_mb: self.tt_mb,
            ..SerialOptions::default()
        }
    }

    /// Whether the window, cutoff and kinds are the paper's defaults: the searches that
    /// take them then run exactly as without options.
    pub fn is_plain_f2(&self) -> bool {
        self.window.is_full() && self.cutoff == Cutoff::Ge && !self.kinds
    }
}

/// A bad setting of a serial search.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// `--window` is not `LO,HI`.
    #[error("window '{0}' is not LO,HI: expected two values separated by a comma, e.g. -40,-10")]
    WindowSyntax(String),
    /// One end of `--window` is not a value.
    #[error("window end '{0}' is not a value: expected an integer, -inf or inf")]
    WindowEnd(String),
    /// One end of `--window` is an integer beyond the values' range.
    #[error(
        "window end {0} is out of range: expected -inf, inf or an integer of magnitude at \
         most {INFINITY} (which is inf)"
    )]
    WindowEndRange(String),
    /// `--window LO,HI` with `LO >= HI`.
    #[error("window {},{} is empty: LO must be less than HI", end_name(*alpha), end_name(*beta))]
    EmptyWindow {
        /// The lower end given.
        alpha: Value,
        /// The upper end given.
        beta: Value,
    },
    /// `--cutoff` is neither `ge` nor `gt`.
    #[error("cutoff '{0}' is unknown: expected ge (m >= beta, the paper's) or gt (m > beta)")]
    Cutoff(String),
    /// `--aspiration-delta` out of range.
    #[error("aspiration delta {0} is out of range: expected more than 0 and less than 2^61")]
    AspirationDelta(Value),
    /// `--guess` out of range.
    #[error("guess {0} is out of range: expected a value of magnitude at most 2^61")]
    Guess(Value),
    /// `--tt-mb` out of range.
    #[error("transposition table of {0} MiB is out of range: expected 1 ..= {MAX_TT_MB}")]
    TableSize(usize),
    /// `--tt-mb` more than the memory budget.
    #[error(
        "transposition table of {megabytes} MiB is more than the memory budget of {budget} MiB \
         (half of this machine's memory unless --memory-budget says otherwise)"
    )]
    TableMemory {
        /// The table's size, MiB.
        megabytes: usize,
        /// The budget, MiB.
        budget: u64,
    },
    /// The table's memory could not be had (a limit on the process's address space).
    #[error(
        "transposition table of {0} MiB could not be allocated: this process may not have \
         that much memory (a ulimit -v?); choose a smaller --tt-mb"
    )]
    TableAllocation(usize),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_parse_negative_and_infinite_ends() {
        assert_eq!("-40,-10".parse(), Ok(Window::new(-40, -10).unwrap()));
        assert_eq!("-inf,inf".parse(), Ok(Window::FULL));
        assert_eq!(" 0 , inf ".parse::<Window>().unwrap().to_string(), "0,inf");
        assert!(matches!(
            "5,3".parse::<Window>(),
            Err(OptionError::EmptyWindow { alpha: 5, beta: 3 })
        ));
        assert!(matches!(
            "3,3".parse::<Window>(),
            Err(OptionError::EmptyWindow { .. })
        ));
        assert!(matches!(
            "5".parse::<Window>(),
            Err(OptionError::WindowSyntax(_))
        ));
        assert!(matches!(
            "a,3".parse::<Window>(),
            Err(OptionError::WindowEnd(_))
        ));
        // i64::MIN would not negate; an integer beyond the values' range is named as such.
        for text in ["-9223372036854775808,0", "0,99999999999999999999"] {
            assert!(
                matches!(text.parse::<Window>(), Err(OptionError::WindowEndRange(_))),
                "{text}"
            );
        }
    }

    #[test]
    fn only_the_infinite_window_is_full() {
        assert!(Window::FULL.is_full());
        assert!(Window::default().is_full());
        assert!(!Window::new(NEG_INFINITY, 0).unwrap().is_full());
        assert!(!Window::new(-5, INFINITY).unwrap().is_full());
    }

    #[test]
    fn cutoffs_parse_by_name() {
        assert_eq!("ge".parse(), Ok(Cutoff::Ge));
        assert_eq!("gt".parse(), Ok(Cutoff::Gt));
        assert!(matches!("x".parse::<Cutoff>(), Err(OptionError::Cutoff(_))));
        assert!(Cutoff::Ge.cuts(3, 3) && !Cutoff::Gt.cuts(3, 3) && Cutoff::Gt.cuts(4, 3));
        for cutoff in [Cutoff::Ge, Cutoff::Gt] {
            assert_eq!(cutoff.name().parse(), Ok(cutoff));
            assert_eq!(cutoff.to_string(), cutoff.name());
        }
        assert_eq!((Cutoff::Ge.name(), Cutoff::Gt.name()), ("ge", "gt"));
    }

    /// A table fits a budget of exactly its size and not one byte less; the error names
    /// both in MiB.
    #[test]
    fn the_table_is_held_to_the_memory_budget() {
        let options = SerialOptions {
            tt_mb: 64,
            ..SerialOptions::default()
        };
        assert_eq!(options.check_table_memory(64 << 20), Ok(()));
        assert_eq!(options.check_table_memory(1 << 40), Ok(()));
        assert_eq!(
            options.check_table_memory((64 << 20) - 1),
            Err(OptionError::TableMemory {
                megabytes: 64,
                budget: 63
            })
        );
        assert_eq!(
            options.check_table_memory(3 << 20),
            Err(OptionError::TableMemory {
                megabytes: 64,
                budget: 3
            })
        );
    }

    /// Plain F2 is the default window, criterion and no kinds; any of them set is not.
    #[test]
    fn plain_f2_is_the_papers_defaults() {
        assert!(SerialOptions::default().is_plain_f2());
        let with = |f: fn(&mut SerialOptions)| {
            let mut options = SerialOptions::default();
            f(&mut options);
            options.is_plain_f2()
        };
        assert!(!with(|o| o.window = Window::new(-5, 5).unwrap()));
        assert!(!with(|o| o.cutoff = Cutoff::Gt));
        assert!(!with(|o| o.kinds = true));
        assert!(with(|o| o.tt_mb = 3));
    }

    #[test]
    fn validation_names_the_bad_setting() {
        assert_eq!(SerialOptions::default().validate(), Ok(()));
        let zero_table = SerialOptions {
            tt_mb: 0,
            ..SerialOptions::default()
        };
        assert_eq!(zero_table.validate(), Err(OptionError::TableSize(0)));
        let zero_delta = SerialOptions {
            aspiration_delta: 0,
            ..SerialOptions::default()
        };
        assert_eq!(zero_delta.validate(), Err(OptionError::AspirationDelta(0)));
    }
}
