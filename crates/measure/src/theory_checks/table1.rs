//! Table 1 of §7: the bounds `r0`, `r1`, `r*` on F1's branching factor for random uniform
//! trees of degree `d = 2 … 31`, as the theory crate computes them, beside Pearl's
//! branching factor of F2 and a mark for agreement with the numbers the paper prints.

use abbench_results::schema::SchemaVersion;
use abbench_theory::{Table1Row, paper_table1, table1};
use schemars::JsonSchema;
use serde::Serialize;

/// One computed row and whether it agrees with the printed one.
#[derive(Clone, Debug)]
pub struct Line {
    /// The computed numbers.
    pub row: Table1Row,
    /// Each of `r0`, `r1`, `r*` printed as the paper prints it (three decimals) equals the
    /// printed value, where the scan is legible.
    pub agrees_with_paper: bool,
}

impl Line {
    /// `{"schema":1,"kind":"table1_row","check":"table1","degree":…,"r0":…,"r1":…,
    /// "r_star":…,"pearl":…,"paper_agrees":…,"ok":…}`.
    pub fn json_line(&self) -> String {
        serde_json::to_string(&self.line()).expect("a row always serialises")
    }

    /// The row as [`Table1RowLine`], the line `theory --json` prints.
    pub fn line(&self) -> Table1RowLine {
        Table1RowLine {
            schema: abbench_results::SCHEMA,
            kind: "table1_row",
            check: "table1",
            degree: self.row.d,
            r0: self.row.r0,
            r1: self.row.r1,
            r_star: self.row.r_star,
            pearl: self.row.pearl,
            paper_agrees: self.agrees_with_paper,
            ok: self.agrees_with_paper,
        }
    }
}

/// A row of Knuth & Moore's Table 1 computed again: the growth rates r0, r1, r* of F1
/// and Pearl's of F2 for one degree. Its keys are in the order of the paper's columns.
///
/// Written by `abbench theory` alone, through this crate, so the type lives here.
#[derive(Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Table1RowLine {
    /// [`abbench_results::SCHEMA`].
    #[schemars(with = "SchemaVersion")]
    pub schema: u32,
    /// `table1_row`.
    #[schemars(extend("const" = "table1_row"))]
    pub kind: &'static str,
    /// `table1`.
    #[schemars(extend("const" = "table1"))]
    pub check: &'static str,
    /// The degree `d`.
    #[schemars(range(min = 2))]
    pub degree: u64,
    /// `r0`.
    pub r0: f64,
    /// `r1`.
    pub r1: f64,
    /// `r*`.
    pub r_star: f64,
    /// Pearl's branching factor of F2.
    pub pearl: f64,
    /// Each of `r0`, `r1`, `r*` agrees with the value the paper prints.
    pub paper_agrees: bool,
    /// The same as `paper_agrees`.
    pub ok: bool,
}

/// The rows `d = 2 … 31`.
pub fn lines() -> Vec<Line> {
    let printed = paper_table1();
    table1()
        .into_iter()
        .map(|row| {
            let agrees_with_paper = printed.iter().find(|p| p.d == row.d).is_some_and(|p| {
                p.r0.agrees_with(row.r0)
                    && p.r1.agrees_with(row.r1)
                    && p.r_star.agrees_with(row.r_star)
            });
            Line {
                row,
                agrees_with_paper,
            }
        })
        .collect()
}
