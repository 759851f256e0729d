//! `results.jsonl`: one [`Record`] per line, written as each is measured and read back
//! strictly — a line that is not a complete schema-1 record is an error naming the file
//! and the line, never skipped. A search that gave no result (timed out or failed) is a
//! line of its own, an [`Unfinished`], told apart by its `timed_out` or `failed` key.
//!
//! The one exception is a torn last line: one without its newline, as a writer killed
//! mid-line (or a disk that filled up) leaves it. The whole lines before it are kept and
//! the torn one is named ([`Results::torn_line`]), so that the run can still be reported
//! as the incomplete run it is; a reader that needs a complete run refuses it.

use crate::{FileError, RESULTS_FILE, Record, SCHEMA, Unfinished};
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The lines of a `results.jsonl`: every measured record, and every search that gave no
/// result, each in file order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Results {
    /// Measured (tree, algorithm, threads).
    pub records: Vec<Record>,
    /// Searches that timed out or failed.
    pub unfinished: Vec<Unfinished>,
    /// The 1-based number of a torn last line (no newline: writing stopped mid-line),
    /// left out of the lines above; `None` when the file ends with a whole line.
    pub torn_line: Option<usize>,
}

impl Results {
    /// Appends `other`'s lines.
    pub fn extend(&mut self, other: Results) {
        self.records.extend(other.records);
        self.unfinished.extend(other.unfinished);
        self.torn_line = self.torn_line.or(other.torn_line);
    }

    /// Why the lines read are not the whole run, in words, when the file's last line is
    /// torn; `None` when every line is whole.
    pub fn torn_note(&self) -> Option<String> {
        self.torn_line.map(|line| {
            format!(
                "line {line} of {RESULTS_FILE} is torn (it has no newline: writing stopped \
                 mid-line); the {} whole lines before it are kept",
                self.len()
            )
        })
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
/// Errors ([`FileError::BadInput`]) for an empty file, a blank or malformed line, and a
/// record of another schema; a torn last line is left out and named
/// ([`Results::torn_line`]).
pub fn read_results(path: &Path) -> Result<Results, FileError> {
    let text = crate::read_text(path, crate::MAX_RESULTS_BYTES)?;
    parse_results(&text, path)
}

/// The whole lines of `text`, and the number of a last line cut off before its newline.
/// The writer ends every line with a newline: a last line without one was cut off, even
/// if what remains happens to parse.
fn whole_lines(text: &str) -> (&str, Option<usize>) {
    match text.rfind('\n') {
        Some(end) if end + 1 == text.len() => (text, None),
        Some(end) => (&text[..=end], Some(text[..=end].lines().count() + 1)),
        None => ("", Some(1)),
    }
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
    if text.starts_with('\u{feff}') {
        return Err(bad(
            1,
            "the file starts with a UTF-8 byte-order mark (bytes EF BB BF), which JSON Lines \
             does not allow: save it without one"
                .into(),
        ));
    }
    let (whole, torn_line) = whole_lines(text);
    let mut results = Results {
        torn_line,
        ..Results::default()
    };
    for (i, line) in whole.lines().enumerate() {
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
        record
            .check()
            .map_err(|e| bad(number, format!("not a valid record: {e}")))?;
        results.records.push(record);
    }
    Ok(results)
}

/// Appends records to a `results.jsonl` file one complete line at a time, each written
/// straight to the file, so that an interrupted sweep leaves every finished record
/// readable. A line whose write fails part-way (the disk filled up, the file reached its
/// size limit) is cut off again, so that the file still ends with a whole line.
pub struct ResultsWriter {
    path: PathBuf,
    file: File,
    /// Bytes of whole lines in the file.
    whole: u64,
    written: usize,
}

impl ResultsWriter {
    /// Creates the file, which must not exist yet: records are never written over
    /// another run's (a second writer racing for the same path gets an error).
    pub fn create(path: &Path) -> Result<ResultsWriter, FileError> {
        // Appending: after a torn line is cut off, the next line goes where it began.
        let file = std::fs::OpenOptions::new()
            .append(true)
            .create_new(true)
            .open(path)
            .map_err(|source| FileError::Io {
                path: path.to_path_buf(),
                source,
            })?;
        Ok(ResultsWriter {
            path: path.to_path_buf(),
            file,
            whole: 0,
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
        if let Err(source) = self.file.write_all(line.as_bytes()) {
            // Whatever part of the line reached the file goes again; if even that
            // fails, a reader still keeps the whole lines and names the torn one.
            let _ = self.file.set_len(self.whole);
            return Err(FileError::Io {
                path: self.path.clone(),
                source,
            });
        }
        self.whole += line.len() as u64;
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
