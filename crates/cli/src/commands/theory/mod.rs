//! `abbench theory`: the paper's predictions against what the search crate measures on
//! the tree crate's models (design: "Command line"; Knuth & Moore §2–§9).
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
//! `--degree` and `--height` choose the uniform trees of `corollary1`, `f1-best-case` and
//! `worst`; `--height` also the dependent trees. `--trees` is the sample size of the
//! statistical checks. Any failed check makes the exit code 1.

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

use crate::failure::Failure;
use crate::progress;
use crate::table::{Align, Table};
use abbench_tree::{MAX_DEGREE, MAX_HEIGHT};
use check::{Check, TOLERANCE_SE};
use clap::Args;
use std::io::Write;

/// Degrees of the uniform trees by default.
const DEFAULT_DEGREES: [u32; 7] = [2, 3, 4, 5, 6, 7, 8];

/// Options of `abbench theory`.
#[derive(Debug, Args)]
pub struct TheoryCommand {
    /// Degrees of the uniform trees (Corollary 1, eq. (50), worst model), comma-separated,
    /// each 1 ..= 65536 [default: 2,3,4,5,6,7,8].
    #[arg(long, value_name = "LIST", allow_negative_numbers = true, value_parser = parse_degrees)]
    pub degree: Option<Numbers>,

    /// Heights of the uniform and dependent trees, comma-separated, each 1 ..= 1024
    /// [default: every height whose searches stay within a budget of positions].
    #[arg(long, value_name = "LIST", allow_negative_numbers = true, value_parser = parse_heights)]
    pub height: Option<Numbers>,

    /// Random trees per statistical check (seeds seed .. seed+N-1), 2 ..= 1000000.
    #[arg(long, value_name = "N", default_value_t = 200, allow_negative_numbers = true,
          value_parser = clap::value_parser!(u32).range(2..=1_000_000))]
    pub trees: u32,

    /// Seed of the first random tree.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// Print one JSON object per line instead of tables.
    #[arg(long)]
    pub json: bool,
}

/// A parsed list of positive numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Numbers(pub Vec<u32>);

fn parse_numbers(text: &str, what: &str, max: u32) -> Result<Numbers, String> {
    crate::list::comma_list(text, |word| {
        let n: u32 = word.parse().map_err(|_| {
            format!("'{word}' is not a {what}: expected numbers 1 ..= {max} separated by commas")
        })?;
        if !(1..=max).contains(&n) {
            return Err(format!(
                "{what} {n} is out of range: each must be 1 ..= {max}"
            ));
        }
        Ok(n)
    })
    .map(Numbers)
}

fn parse_degrees(text: &str) -> Result<Numbers, String> {
    parse_numbers(text, "degree", MAX_DEGREE)
}

fn parse_heights(text: &str) -> Result<Numbers, String> {
    parse_numbers(text, "height", MAX_HEIGHT)
}

impl TheoryCommand {
    /// Runs every check; results go to `out`.
    pub fn run(&self, out: &mut impl Write) -> Result<(), Failure> {
        let trees = u64::from(self.trees);
        if self.seed.checked_add(trees).is_none() {
            return Err(Failure::bad_input(format!(
                "invalid seed {}: seed + trees must fit in 64 bits",
                self.seed
            )));
        }
        let degrees = self.degree.as_ref().map_or(&DEFAULT_DEGREES[..], |d| &d.0);
        let heights = self.height.as_ref().map(|h| &h.0[..]);
        let mut notes = Vec::new();
        let groups = 6 + 2 * degrees.len() as u64;
        let bar = progress::bar(groups, "theory");

        let mut checks = fig1::checks()?;
        bar.inc(1);
        for &d in degrees {
            bar.set_message(format!("perfect ordering, degree {d}"));
            checks.extend(perfect_ordering::checks(d, heights, self.seed, &mut notes)?);
            bar.inc(1);
        }
        for &d in degrees {
            bar.set_message(format!("worst model, degree {d}"));
            checks.extend(worst::checks(d, heights, self.seed, &mut notes)?);
            bar.inc(1);
        }
        bar.set_message("dependent trees");
        checks.extend(dependent::checks(heights, trees, self.seed, &mut notes)?);
        bar.inc(1);
        bar.set_message("all orderings of 8 leaves");
        checks.extend(permutations::checks());
        bar.inc(1);
        bar.set_message("random branching");
        checks.extend(branching::checks(trees, self.seed)?);
        bar.inc(1);
        bar.set_message("window techniques");
        checks.extend(windows::checks(self.seed)?);
        bar.inc(1);
        let table1 = table1::lines();
        bar.inc(1);
        bar.finish_and_clear();

        if self.json {
            write_json(out, &checks, &table1)
        } else {
            write_tables(out, &checks, &table1)
        }
        .map_err(Failure::stdout)?;

        let failed: Vec<&Check> = checks.iter().filter(|c| !c.ok).collect();
        let table1_failed: Vec<u64> = table1
            .iter()
            .filter(|l| !l.agrees_with_paper)
            .map(|l| l.row.d)
            .collect();
        let total = checks.len() + table1.len();
        match (failed.first(), table1_failed.first()) {
            (None, None) => {
                for note in &notes {
                    progress::note(note);
                }
                Ok(())
            }
            (Some(first), _) => Err(Failure::failed(format!(
                "{} of {total} theory checks failed, the first: {} {}: predicted {}, measured {}{}",
                failed.len() + table1_failed.len(),
                first.check,
                first.params_text(),
                first.predicted,
                first.measured,
                first
                    .detail
                    .as_ref()
                    .map_or(String::new(), |d| format!(" ({d})"))
            ))),
            (None, Some(d)) => Err(Failure::failed(format!(
                "{} of {total} theory checks failed, the first: table1 d={d}: computed \
                 r0, r1, r* differ from the printed table",
                table1_failed.len()
            ))),
        }
    }
}

fn write_json(
    out: &mut impl Write,
    checks: &[Check],
    table1: &[table1::Line],
) -> std::io::Result<()> {
    for check in checks {
        writeln!(out, "{}", check.json_line())?;
    }
    for line in table1 {
        writeln!(out, "{}", line.json_line())?;
    }
    out.flush()
}

fn write_tables(
    out: &mut impl Write,
    checks: &[Check],
    table1: &[table1::Line],
) -> std::io::Result<()> {
    let mut table = Table::new(&[
        ("check", Align::Left),
        ("params", Align::Left),
        ("predicted", Align::Right),
        ("measured", Align::Right),
        ("stderr", Align::Right),
        ("z", Align::Right),
        ("ok", Align::Left),
    ]);
    for check in checks {
        let ok = match (&check.ok, &check.detail) {
            (true, _) => "✓".to_string(),
            (false, Some(detail)) => format!("FAIL: {detail}"),
            (false, None) => format!("FAIL: beyond {TOLERANCE_SE} standard errors"),
        };
        table.push(vec![
            check.check.to_string(),
            check.params_text(),
            check.predicted.to_string(),
            check.measured.to_string(),
            check
                .stderr
                .map_or("-".to_string(), |se| format!("{se:.3}")),
            check
                .z_score()
                .map_or("-".to_string(), |z| format!("{z:+.2}")),
            ok,
        ]);
    }
    table.write(out)?;

    writeln!(out)?;
    writeln!(
        out,
        "Table 1 (§7): bounds on F1's branching factor on random uniform trees, and Pearl's for F2"
    )?;
    let mut table = Table::new(&[
        ("d", Align::Right),
        ("r0", Align::Right),
        ("r1", Align::Right),
        ("r*", Align::Right),
        ("pearl", Align::Right),
        ("paper", Align::Left),
    ]);
    for line in table1 {
        let row = &line.row;
        table.push(vec![
            row.d.to_string(),
            format!("{:.3}", row.r0),
            format!("{:.3}", row.r1),
            format!("{:.3}", row.r_star),
            format!("{:.3}", row.pearl),
            if line.agrees_with_paper {
                "✓"
            } else {
                "DIFFERS"
            }
            .to_string(),
        ]);
    }
    table.write(out)?;

    let failed = checks.iter().filter(|c| !c.ok).count()
        + table1.iter().filter(|l| !l.agrees_with_paper).count();
    let total = checks.len() + table1.len();
    writeln!(out)?;
    if failed == 0 {
        writeln!(out, "{total} checks, all ok")?;
    } else {
        writeln!(out, "{total} checks, {failed} FAILED")?;
    }
    out.flush()
}
