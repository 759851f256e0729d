//! Table 1 of §7: the bounds `r0`, `r1`, `r*` on F1's branching factor for random uniform
//! trees of degree `d = 2 … 31`, as the theory crate computes them, beside Pearl's
//! branching factor of F2 and a mark for agreement with the numbers the paper prints.

use abbench_theory::{Table1Row, paper_table1, table1};
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
        let line = JsonLine {
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
        };
        serde_json::to_string(&line).expect("a row always serialises")
    }
}

/// A row as one JSON object, keys in the order of the paper's columns.
#[derive(Serialize)]
struct JsonLine {
    schema: u32,
    kind: &'static str,
    check: &'static str,
    degree: u64,
    r0: f64,
    r1: f64,
    r_star: f64,
    pearl: f64,
    paper_agrees: bool,
    ok: bool,
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
