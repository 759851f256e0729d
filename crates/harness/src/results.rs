//! `results.jsonl`: one [`Record`] per line, written as each is measured and read back
//! strictly — a line that is not a complete schema-1 record is an error naming the file
//! and the line, never skipped.

use crate::{HarnessError, Record, SCHEMA};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// Reads every record of a `results.jsonl` file.
///
/// Errors ([`HarnessError::BadInput`]) for an empty file, a blank, malformed or
/// truncated line, and a record of another schema.
pub fn read_results(path: &Path) -> Result<Vec<Record>, HarnessError> {
    let text = std::fs::read_to_string(path).map_err(|source| HarnessError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    parse_results(&text, path)
}

/// Parses the text of a `results.jsonl` file; `path` names it in errors.
pub fn parse_results(text: &str, path: &Path) -> Result<Vec<Record>, HarnessError> {
    let bad = |line: usize, message: String| HarnessError::BadInput {
        path: path.to_path_buf(),
        line,
        message,
    };
    if text.trim().is_empty() {
        return Err(bad(0, "no records: the file is empty".into()));
    }
    let mut records = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        if line.trim().is_empty() {
            return Err(bad(number, "blank line where a record should be".into()));
        }
        let value: serde_json::Value = serde_json::from_str(line)
            .map_err(|e| bad(number, format!("not a JSON record ({e})")))?;
        match value.get("schema").and_then(serde_json::Value::as_u64) {
            Some(s) if s == u64::from(SCHEMA) => {}
            Some(s) => {
                return Err(bad(
                    number,
                    format!("record of schema {s}; this version reads schema {SCHEMA}"),
                ));
            }
            None => return Err(bad(number, "record without a numeric `schema`".into())),
        }
        let record: Record = serde_json::from_value(value)
            .map_err(|e| bad(number, format!("not a complete record ({e})")))?;
        records.push(record);
    }
    if !text.ends_with('\n') {
        // The writer ends every record with a newline: a last line without one was cut
        // off, even if what remains happens to parse.
        return Err(bad(
            records.len(),
            "the last line has no newline: the file was truncated".into(),
        ));
    }
    Ok(records)
}

/// Appends records to a `results.jsonl` file one complete line at a time, flushed after
/// each, so that an interrupted sweep leaves every finished record readable.
pub struct ResultsWriter {
    path: PathBuf,
    file: BufWriter<File>,
    written: usize,
}

impl ResultsWriter {
    /// Creates (or empties) the file.
    pub fn create(path: &Path) -> Result<ResultsWriter, HarnessError> {
        let file = File::create(path).map_err(|source| HarnessError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Ok(ResultsWriter {
            path: path.to_path_buf(),
            file: BufWriter::new(file),
            written: 0,
        })
    }

    /// Writes one record as one line and flushes it to the file.
    pub fn write(&mut self, record: &Record) -> Result<(), HarnessError> {
        let mut line = serde_json::to_string(record).expect("a record always serialises");
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|source| HarnessError::Io {
                path: self.path.clone(),
                source,
            })?;
        self.written += 1;
        Ok(())
    }

    /// Records written so far.
    pub fn written(&self) -> usize {
        self.written
    }

    /// The file written to.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Records as `results.jsonl` text.
pub fn results_text(records: &[Record]) -> String {
    records
        .iter()
        .map(|r| serde_json::to_string(r).expect("a record always serialises") + "\n")
        .collect()
}
