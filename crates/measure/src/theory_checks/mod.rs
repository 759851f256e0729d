//! The paper's predictions against what the search crate measures on the tree crate's
//! models (Knuth & Moore §2–§9): what `abbench theory` runs and prints.
//!
//! | check | what | kind |
//! | --- | --- | --- |
//! | `fig1` | Fig. 1: value 2; F0, F1, F2 examine 81, 36, 31 leaves | exact |
//! | `corollary1` | F2 per level on perfectly ordered trees, eq. (13) | exact |
//! | `f1-best-case` | F1 per level on the same trees, eq. (50) | exact |
//! | `worst` | F1 and F2 examine all `d^h` leaves of the `worst` model | exact |
//! | `dependent-value` | the root value of dependent trees, `d = 3` (§9) | exact |
//! | `theorem6` | F2's mean leaves on dependent trees, eq. (52) | within 4 s.e. |
//! | `eq54` | F1's mean leaves on dependent trees, eq. (54) | within 4 s.e. |
//! | `permutations` | §7: mean leaves over all `8!` orderings is `719/105` | exact |
//! | `corollary2` | F2's mean per level with random branching, eq. (14) | within 4 s.e. |
//! | `table1` | Table 1's `r0`, `r1`, `r*` and Pearl's factor, against the print | exact |
//! | `pvs-minimal` | PVS examines exactly the minimal tree when perfectly ordered (§6) | exact |
//! | `node-kinds` | pv/cut/all per level are types 1/2/3; every prediction holds (§6) | exact |
//! | `window-width` | narrower root windows (§4): a true result, never more leaves | exact |
//! | `guess-error` | aspiration and MTD(f) find the value from ever worse guesses | exact |
//! | `vs-f2` | PVS and MTD(f) find F2's value on each model; leaves side by side | exact |
//!
//! The degrees and heights of [`TheoryOptions`] choose the uniform trees of `corollary1`,
//! `f1-best-case` and `worst`; the heights also the dependent trees; `trees` is the
//! sample size of the statistical checks.

mod branching;
mod check;
mod dependent;
mod fig1;
mod heights;
mod perfect_ordering;
mod permutations;
mod search;
mod table1;
mod windows;
mod worst;

use crate::MeasureError;

pub use check::{Check, Param, ParamsInOrder, Quantity, TOLERANCE_SE, TheoryCheckLine};
pub use table1::{Line as Table1Line, Table1RowLine};

/// Degrees of the uniform trees by default.
pub const DEFAULT_DEGREES: [u32; 7] = [2, 3, 4, 5, 6, 7, 8];

/// What the theory checks run on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TheoryOptions {
    /// Degrees of the uniform trees.
    pub degrees: Vec<u32>,
    /// Heights of the uniform and dependent trees; `None`: every height whose searches
    /// stay within a budget of positions.
    pub heights: Option<Vec<u32>>,
    /// Random trees per statistical check, seeds `seed .. seed + trees`.
    pub trees: u64,
    /// The first seed.
    pub seed: u64,
}

impl TheoryOptions {
    /// The groups of checks [`theory_checks`] runs, one progress step each.
    pub fn steps(&self) -> u64 {
        6 + 2 * self.degrees.len() as u64
    }
}

/// Every check's outcome, Table 1 against its print, and notes on what was left out.
#[derive(Clone, Debug)]
pub struct TheoryChecks {
    /// The checks, in the order of the table above.
    pub checks: Vec<Check>,
    /// Table 1, computed, each line against the paper's print.
    pub table1: Vec<Table1Line>,
    /// What was left out and why (heights over the budget, for example).
    pub notes: Vec<String>,
}

impl TheoryChecks {
    /// How many checks there are, Table 1's lines included.
    pub fn total(&self) -> usize {
        self.checks.len() + self.table1.len()
    }

    /// How many failed, Table 1's lines included.
    pub fn failed(&self) -> usize {
        self.checks.iter().filter(|c| !c.ok).count()
            + self.table1.iter().filter(|l| !l.agrees_with_paper).count()
    }

    /// One line naming how many checks failed and the first of them; `None` if none did.
    pub fn failure(&self) -> Option<String> {
        let total = self.total();
        let failed = self.failed();
        if let Some(first) = self.checks.iter().find(|c| !c.ok) {
            return Some(format!(
                "{failed} of {total} theory checks failed, the first: {} {}: predicted {}, \
                 measured {}{}",
                first.check,
                first.params_text(),
                first.predicted,
                first.measured,
                first
                    .detail
                    .as_ref()
                    .map_or(String::new(), |d| format!(" ({d})"))
            ));
        }
        let line = self.table1.iter().find(|l| !l.agrees_with_paper)?;
        Some(format!(
            "{failed} of {total} theory checks failed, the first: table1 d={}: computed r0, \
             r1, r* differ from the printed table",
            line.row.d
        ))
    }
}

/// Runs every check; `step` is called with a description before each group of checks
/// (and with `None` after the last), [`TheoryOptions::steps`] groups in all, for a
/// progress bar.
pub fn theory_checks(
    options: &TheoryOptions,
    mut step: impl FnMut(Option<&str>),
) -> Result<TheoryChecks, MeasureError> {
    if options.seed.checked_add(options.trees).is_none() {
        return Err(MeasureError::InvalidOption {
            parameter: "seed",
            value: options.seed.to_string(),
            expected: "seed + trees must fit in 64 bits".into(),
        });
    }
    let heights = options.heights.as_deref();
    let (trees, seed) = (options.trees, options.seed);
    let mut notes = Vec::new();
    step(Some("Fig. 1"));
    let mut checks = fig1::checks()?;
    for &d in &options.degrees {
        step(Some(&format!("perfect ordering, degree {d}")));
        checks.extend(perfect_ordering::checks(d, heights, seed, &mut notes)?);
    }
    for &d in &options.degrees {
        step(Some(&format!("worst model, degree {d}")));
        checks.extend(worst::checks(d, heights, seed, &mut notes)?);
    }
    step(Some("dependent trees"));
    checks.extend(dependent::checks(heights, trees, seed, &mut notes)?);
    step(Some("all orderings of 8 leaves"));
    checks.extend(permutations::checks());
    step(Some("random branching"));
    checks.extend(branching::checks(trees, seed)?);
    step(Some("window techniques"));
    checks.extend(windows::checks(seed)?);
    step(Some("Table 1"));
    let table1 = table1::lines();
    step(None);
    Ok(TheoryChecks {
        checks,
        table1,
        notes,
    })
}
