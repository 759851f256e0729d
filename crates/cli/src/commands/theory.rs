//! `abbench theory`: the paper's predictions against what the search crate measures on
//! the tree crate's models (design: "Command line"; Knuth & Moore §2–§9). The checks are
//! `abbench_measure::theory_checks`, listed there; this file parses the options, draws
//! the progress bar and prints the checks as tables or JSON lines. Any failed check makes
//! the exit code 1.

use crate::failure::Failure;
use crate::progress;
use crate::table::{Align, Table};
use abbench_measure::{
    Check, DEFAULT_DEGREES, TOLERANCE_SE, Table1Line, TheoryOptions, theory_checks,
};
use abbench_tree::{MAX_DEGREE, MAX_HEIGHT};
use clap::Args;
use std::io::Write;

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
        let options = TheoryOptions {
            degrees: self
                .degree
                .as_ref()
                .map_or(DEFAULT_DEGREES.to_vec(), |d| d.0.clone()),
            heights: self.height.as_ref().map(|h| h.0.clone()),
            trees: u64::from(self.trees),
            seed: self.seed,
        };
        let bar = progress::bar(options.steps(), "theory");
        let mut started = false;
        let outcome = theory_checks(&options, |step| {
            if std::mem::replace(&mut started, true) {
                bar.inc(1);
            }
            if let Some(step) = step {
                bar.set_message(step.to_string());
            }
        })?;
        bar.finish_and_clear();

        let written = if self.json {
            write_json(out, &outcome.checks, &outcome.table1)
        } else {
            write_tables(out, &outcome.checks, &outcome.table1)
        };
        let verdict = match outcome.failure() {
            None => {
                for note in &outcome.notes {
                    progress::note(note);
                }
                Ok(())
            }
            Some(failure) => Err(Failure::failed(failure)),
        };
        // A reader gone early (`… | head -1`) never turns a failing verdict into success.
        Failure::after_writing(written, verdict)
    }
}

fn write_json(
    out: &mut impl Write,
    checks: &[Check],
    table1: &[Table1Line],
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
    table1: &[Table1Line],
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
