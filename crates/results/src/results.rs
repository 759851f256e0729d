//! `results.jsonl`: one [`Record`] per line, written as each is measured and read back
//! strictly — a line that is not a complete schema-1 record is an error naming the file
//! and the line, never skipped. A search that gave no result (timed out or failed) is a
//! line of its own, an [`Unfinished`], told apart by its `timed_out` or `failed` key.

use crate::{FileError, Record, SCHEMA, Unfinished};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// The lines of a `results.jsonl`: every measured record, and every search that gave no
/// result, each in file order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Results {
    /// Measured (tree, algorithm, threads).
    pub records: Vec<Record>,
    /// Searches that timed out or failed.
    pub unfinished: Vec<Unfinished>,
}

impl Results {
    /// Appends `other`'s lines.
    pub fn extend(&mut self, other: Results) {
        self.records.extend(other.records);
        self.unfinished.extend(other.unfinished);
    }

    /// Lines in all.
    pub fn len(&self) -> usize {
        self.records.len() + self.unfinished.len()
    }

    /// Whether there are no lines.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Records that failed verification.
    pub fn unverified(&self) -> usize {
        self.records.iter().filter(|r| !r.verified).count()
    }

    /// Searches that failed (not those that timed out).
    pub fn failed(&self) -> usize {
        self.unfinished.iter().filter(|u| u.is_failure()).count()
    }

    /// Searches that reached their time limit.
    pub fn timed_out(&self) -> usize {
        self.unfinished.iter().filter(|u| u.timed_out).count()
    }

    /// As `results.jsonl` text: the records, then the unfinished searches.
    pub fn to_text(&self) -> String {
        let mut text = results_text(&self.records);
        for u in &self.unfinished {
            text.push_str(&serde_json::to_string(u).expect("a line always serialises"));
            text.push('\n');
        }
        text
    }
}

/// Reads every line of a `results.jsonl` file.
///
/// Errors ([`FileError::BadInput`]) for an empty file, a blank, malformed or
/// truncated line, and a record of another schema.
pub fn read_results(path: &Path) -> Result<Results, FileError> {
    let text = crate::read_text(path, crate::MAX_RESULTS_BYTES)?;
    parse_results(&text, path)
}

/// Parses the text of a `results.jsonl` file; `path` names it in errors.
pub fn parse_results(text: &str, path: &Path) -> Result<Results, FileError> {
    let bad = |line: usize, message: String| FileError::BadInput {
        path: path.to_path_buf(),
        line,
        message,
    };
    if text.trim().is_empty() {
        return Err(bad(0, "no records: the file is empty".into()));
    }
    let mut results = Results::default();
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
        let unfinished =
            value.get("kind").and_then(serde_json::Value::as_str) == Some("unfinished");
        if unfinished || value.get("timed_out").is_some() || value.get("failed").is_some() {
            let unfinished: Unfinished = serde_json::from_value(value).map_err(|e| {
                bad(
                    number,
                    format!("not a complete timed-out or failed search ({e})"),
                )
            })?;
            unfinished.check().map_err(|e| {
                bad(
                    number,
                    format!("not a complete timed-out or failed search ({e})"),
                )
            })?;
            results.unfinished.push(unfinished);
            continue;
        }
        let record: Record = serde_json::from_value(value)
            .map_err(|e| bad(number, format!("not a complete record ({e})")))?;
        results.records.push(record);
    }
    if !text.ends_with('\n') {
        // The writer ends every record with a newline: a last line without one was cut
        // off, even if what remains happens to parse.
        return Err(bad(
            results.len(),
            "the last line has no newline: the file was truncated".into(),
        ));
    }
    Ok(results)
}

/// Appends records to a `results.jsonl` file one complete line at a time, flushed after
/// each, so that an interrupted sweep leaves every finished record readable.
pub struct ResultsWriter {
    path: PathBuf,
    file: BufWriter<File>,
    written: usize,
}

impl ResultsWriter {
    /// Creates the file, which must not exist yet: records are never written over
    /// another run's (a second writer racing for the same path gets an error).
    pub fn create(path: &Path) -> Result<ResultsWriter, FileError> {
        let file = File::create_new(path).map_err(|source| FileError::Io {
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
    pub fn write(&mut self, record: &Record) -> Result<(), FileError> {
        let line = serde_json::to_string(record).expect("a record always serialises");
        self.write_line(line)
    }

    /// Writes a search that gave no result as one line and flushes it to the file.
    pub fn write_unfinished(&mut self, unfinished: &Unfinished) -> Result<(), FileError> {
        let line = serde_json::to_string(unfinished).expect("a line always serialises");
        self.write_line(line)
    }

    /// Writes every line of `results`, records first.
    pub fn write_all(&mut self, results: &Results) -> Result<(), FileError> {
        for record in &results.records {
            self.write(record)?;
        }
        for unfinished in &results.unfinished {
            self.write_unfinished(unfinished)?;
        }
        Ok(())
    }

    fn write_line(&mut self, mut line: String) -> Result<(), FileError> {
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|source| FileError::Io {
                path: self.path.clone(),
                source,
            })?;
        self.written += 1;
        Ok(())
    }

    /// Lines written so far.
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
