//! Knuth & Moore's Table 1 (§7) as printed, kept in `data/table1.csv` and parsed here, so
//! that the tests can hold the computed `r0`, `r1`, `r*` against the paper's numbers.
//!
//! The file's header says which cells the scan garbles and what this crate computes for
//! them. Printed values are the exact ones rounded to the nearest thousandth.

use crate::error::TheoryError;

/// The data file, `data/table1.csv`.
const TABLE1_CSV: &str = include_str!("../data/table1.csv");

/// One cell of the printed table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PaperCell {
    /// A legible value, in thousandths (`1.847` is 1847).
    Printed {
        /// The printed value times 1000.
        thousandths: u64,
    },
    /// A cell the scan garbles.
    Garbled {
        /// What can still be read: the value as printed with `_` for each character that
        /// cannot; `None` when nothing can.
        legible: Option<String>,
    },
}

impl PaperCell {
    /// The printed value, if legible.
    pub fn printed(&self) -> Option<f64> {
        match self {
            PaperCell::Printed { thousandths } => Some(*thousandths as f64 / 1000.0),
            PaperCell::Garbled { .. } => None,
        }
    }

    /// Whether `computed`, printed as the table prints (rounded to three decimals), is this
    /// cell: equal to a printed value, or matching what is legible of a garbled one.
    pub fn agrees_with(&self, computed: f64) -> bool {
        let printed = printed_thousandths(computed);
        match self {
            PaperCell::Printed { thousandths } => printed == *thousandths,
            PaperCell::Garbled { legible: None } => true,
            PaperCell::Garbled {
                legible: Some(pattern),
            } => {
                let text = format_thousandths(printed);
                text.len() == pattern.len()
                    && pattern
                        .chars()
                        .zip(text.chars())
                        .all(|(p, c)| p == '_' || p == c)
            }
        }
    }
}

/// One line of Table 1 as printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PaperRow {
    /// The degree.
    pub d: u64,
    /// The printed `r0(d)`.
    pub r0: PaperCell,
    /// The printed `r1(d)`.
    pub r1: PaperCell,
    /// The printed `r*(d)`.
    pub r_star: PaperCell,
}

/// Table 1 as printed, `d = 2 … 31`, from the crate's data file.
pub fn paper_table1() -> Vec<PaperRow> {
    parse_paper_table1(TABLE1_CSV).expect("data/table1.csv is checked by the tests")
}

/// How Table 1 prints a value: rounded to the nearest thousandth, in thousandths.
pub fn printed_thousandths(value: f64) -> u64 {
    (value * 1000.0).round() as u64
}

/// `thousandths` written with three decimals, as the table prints it (`1847` is `1.847`).
pub fn format_thousandths(thousandths: u64) -> String {
    format!("{}.{:03}", thousandths / 1000, thousandths % 1000)
}

/// Parses the data file's format: `#` comment lines, a header `d,r0,r1,r_star`, then one
/// line per degree; a cell is a number with three decimals, or `?` with an optional legible
/// pattern. Errors name the 1-based line.
pub fn parse_paper_table1(text: &str) -> Result<Vec<PaperRow>, TheoryError> {
    let mut rows = Vec::new();
    let mut seen_header = false;
    for (index, line) in text.lines().enumerate() {
        let line_number = index + 1;
        let error = |message: String| TheoryError::DataFile {
            line: line_number,
            message,
        };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        if !seen_header {
            if fields != ["d", "r0", "r1", "r_star"] {
                return Err(error(format!(
                    "expected the header `d,r0,r1,r_star`, found `{line}`"
                )));
            }
            seen_header = true;
            continue;
        }
        let [d, r0, r1, r_star] = fields[..] else {
            return Err(error(format!(
                "expected 4 comma-separated fields, found {}",
                fields.len()
            )));
        };
        let d = d
            .parse()
            .map_err(|_| error(format!("the degree `{d}` is not a whole number")))?;
        rows.push(PaperRow {
            d,
            r0: parse_cell(r0).map_err(|e| error(e.to_string()))?,
            r1: parse_cell(r1).map_err(|e| error(e.to_string()))?,
            r_star: parse_cell(r_star).map_err(|e| error(e.to_string()))?,
        });
    }
    if !seen_header {
        return Err(TheoryError::DataFile {
            line: text.lines().count(),
            message: "no header line `d,r0,r1,r_star`".to_string(),
        });
    }
    Ok(rows)
}

/// A cell of the table's data file that is neither a value with three decimals nor `?`.
#[derive(Debug, PartialEq, Eq)]
struct BadCell(String);

impl std::fmt::Display for BadCell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "`{}` is neither a value with three decimals nor `?`",
            self.0
        )
    }
}

impl std::error::Error for BadCell {}

fn parse_cell(cell: &str) -> Result<PaperCell, BadCell> {
    if let Some(pattern) = cell.strip_prefix('?') {
        return Ok(PaperCell::Garbled {
            legible: (!pattern.is_empty()).then(|| pattern.to_string()),
        });
    }
    let bad = || BadCell(cell.to_string());
    let (whole, fraction) = cell.split_once('.').ok_or_else(bad)?;
    if fraction.len() != 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let whole: u64 = whole.parse().map_err(|_| bad())?;
    let fraction: u64 = fraction.parse().map_err(|_| bad())?;
    Ok(PaperCell::Printed {
        thousandths: whole * 1000 + fraction,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_file_parses_completely() {
        let rows = paper_table1();
        let degrees: Vec<u64> = rows.iter().map(|r| r.d).collect();
        assert_eq!(degrees, (2..=31).collect::<Vec<_>>());
        assert_eq!(rows[0].r0, PaperCell::Printed { thousandths: 1847 });
        assert_eq!(rows[0].r_star, PaperCell::Garbled { legible: None });
        let garbled = rows
            .iter()
            .flat_map(|r| [&r.r0, &r.r1, &r.r_star])
            .filter(|c| c.printed().is_none())
            .count();
        assert_eq!(garbled, 7);
    }

    #[test]
    fn patterns_match_character_by_character() {
        let cell = parse_cell("?_2.021").unwrap();
        assert!(cell.agrees_with(12.0213));
        assert!(!cell.agrees_with(12.0223));
        assert!(!cell.agrees_with(2.021));
        assert!(parse_cell("1.8470").is_err());
        assert!(parse_cell("abc").is_err());
    }

    #[test]
    fn errors_name_the_line() {
        let err = parse_paper_table1("# c\nd,r0,r1,r_star\n2,1.847,x,1.000\n").unwrap_err();
        assert!(
            matches!(err, TheoryError::DataFile { line: 3, .. }),
            "{err}"
        );
        assert!(parse_paper_table1("2,1,1,1\n").is_err());
        assert!(parse_paper_table1("").is_err());
    }

    #[test]
    fn rounding_to_thousandths() {
        assert_eq!(printed_thousandths(2.5339108), 2534);
        assert_eq!(format_thousandths(printed_thousandths(10.35028)), "10.350");
        assert_eq!(format_thousandths(7), "0.007");
    }
}
