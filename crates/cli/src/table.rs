//! Aligned text tables for people: a header, rows of cells, every column as wide as its
//! widest cell. Numbers are right-aligned, names left-aligned. Widths count characters,
//! not bytes, so `✓` takes one column.

use std::io::{self, Write};

/// How a column's cells line up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// Names and labels.
    Left,
    /// Numbers.
    Right,
}

/// A table being filled row by row, written once complete.
#[derive(Debug)]
pub struct Table {
    columns: Vec<(String, Align)>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// A table with these column headers.
    pub fn new(columns: &[(&str, Align)]) -> Self {
        Table {
            columns: columns
                .iter()
                .map(|&(name, align)| (name.to_string(), align))
                .collect(),
            rows: Vec::new(),
        }
    }

    /// Adds a row; it must have one cell per column.
    pub fn push(&mut self, row: Vec<String>) {
        debug_assert_eq!(row.len(), self.columns.len(), "one cell per column");
        self.rows.push(row);
    }

    /// Writes the header and every row, two spaces between columns, no trailing blanks.
    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        let width = |cell: &str| cell.chars().count();
        let widths: Vec<usize> = (0..self.columns.len())
            .map(|c| {
                self.rows
                    .iter()
                    .map(|row| width(&row[c]))
                    .chain([width(&self.columns[c].0)])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let header: Vec<String> = self.columns.iter().map(|(name, _)| name.clone()).collect();
        for row in std::iter::once(&header).chain(&self.rows) {
            let mut line = String::new();
            for (c, cell) in row.iter().enumerate() {
                if c > 0 {
                    line.push_str("  ");
                }
                let pad = " ".repeat(widths[c] - width(cell));
                match self.columns[c].1 {
                    Align::Left => {
                        line.push_str(cell);
                        line.push_str(&pad);
                    }
                    Align::Right => {
                        line.push_str(&pad);
                        line.push_str(cell);
                    }
                }
            }
            writeln!(out, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_align_by_characters() {
        let mut table = Table::new(&[("name", Align::Left), ("n", Align::Right)]);
        table.push(vec!["f2-iter".into(), "7".into()]);
        table.push(vec!["✓".into(), "1234".into()]);
        let mut out = Vec::new();
        table.write(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text, "name        n\nf2-iter     7\n✓        1234\n",
            "{text}"
        );
    }
}
