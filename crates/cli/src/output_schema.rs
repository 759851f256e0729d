//! Every kind of JSON line abbench writes, a type each, and what is made from the list:
//! the schema (`schema/abbench-output.schema.json`) and the list of kinds in
//! `docs/formats.md`. The tests hold both files to the types;
//! `UPDATE_SCHEMA=1 cargo test -p abbench --bin abbench output_schema` rewrites them.
//!
//! The list lives in the binary, the one crate that sees every writer's type.

use crate::commands::check_calibration::{CheckLine, SerialLine};
use crate::commands::verify_line::VerificationLine;
use abbench_measure::ab::{AbReport, Hello, Reply};
use abbench_measure::bisect::BisectReport;
use abbench_measure::{SimulationLine, SweepSummary, Table1RowLine, TheoryCheckLine, WorkSpanLine};
use abbench_parallel::sim::CostProfile;
use abbench_report::{ComparisonLine, HistoryLine, ShardsListing};
use abbench_results::schema::{OutputKind, OutputSchema, SCHEMA_FILE};
use abbench_results::{Record, ShardManifest, Unfinished};
use std::path::PathBuf;

/// Every kind, in the order the schema and the format page list them.
fn every_kind() -> OutputSchema {
    OutputSchema::new()
        .kind::<Record>()
        .kind::<Unfinished>()
        .kind::<SimulationLine>()
        .kind::<WorkSpanLine>()
        .kind::<TheoryCheckLine>()
        .kind::<Table1RowLine>()
        .kind::<VerificationLine>()
        .kind::<ComparisonLine>()
        .kind::<HistoryLine>()
        .kind::<BisectReport>()
        .kind::<AbReport>()
        .kind::<Hello>()
        .kind::<Reply>()
        .kind::<SweepSummary>()
        .kind::<CheckLine>()
        .kind::<SerialLine>()
        .kind::<CostProfile>()
        .kind::<ShardManifest>()
        .kind::<ShardsListing>()
}

/// The schema's text, as committed.
fn schema_text() -> String {
    let document = every_kind().document();
    let mut text = serde_json::to_string_pretty(&document).expect("a schema serialises");
    text.push('\n');
    text
}

/// Where `docs/formats.md`'s list of kinds begins and ends.
const KINDS_BEGIN: &str = "<!-- the kinds: written by the output schema's test -->\n";
const KINDS_END: &str = "<!-- end of the kinds -->\n";

/// The list of kinds in `docs/formats.md`: each kind and the first sentence of its
/// description.
fn kinds_text(kinds: &[OutputKind]) -> String {
    let mut text = String::new();
    for kind in kinds {
        let first = kind.description.split("\n\n").next().unwrap_or_default();
        let sentence = first.find(". ").map_or(first, |end| &first[..=end]);
        text.push_str(&format!("* `{}`: {}\n", kind.name, sentence.trim_end()));
    }
    text
}

/// `page` with the text between the kinds' markers made `kinds`.
fn with_kinds(page: &str, kinds: &str) -> String {
    let begin = page
        .find(KINDS_BEGIN)
        .expect("the page marks its list of kinds")
        + KINDS_BEGIN.len();
    let end = page[begin..]
        .find(KINDS_END)
        .expect("the list of kinds ends")
        + begin;
    format!("{}{kinds}{}", &page[..begin], &page[end..])
}

fn repository_file(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path)
}

/// Holds the committed `path` to `generated`, or rewrites it under `UPDATE_SCHEMA=1`.
fn check_generated(path: &str, generated: &str) {
    let file = repository_file(path);
    let committed = std::fs::read_to_string(&file).unwrap_or_default();
    if std::env::var_os("UPDATE_SCHEMA").is_some() && committed != generated {
        std::fs::write(&file, generated).unwrap();
        return;
    }
    assert!(
        committed == generated,
        "{path} is not generated from the types: UPDATE_SCHEMA=1 cargo test -p abbench \
         --bin abbench output_schema rewrites it"
    );
}

#[test]
fn output_schema_the_committed_schema_is_generated_from_the_types() {
    check_generated(SCHEMA_FILE, &schema_text());
}

#[test]
fn output_schema_the_format_page_lists_every_kind() {
    let path = "docs/formats.md";
    let page = std::fs::read_to_string(repository_file(path)).unwrap();
    let kinds = every_kind().kinds();
    check_generated(path, &with_kinds(&page, &kinds_text(&kinds)));
    let schema: serde_json::Value = serde_json::from_str(&schema_text()).unwrap();
    let listed: Vec<&str> = schema["allOf"][1]["oneOf"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| {
            k["$ref"]
                .as_str()
                .unwrap()
                .trim_start_matches("#/definitions/")
        })
        .collect();
    let names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
    assert_eq!(listed, names, "the schema and the page list the same kinds");
}
