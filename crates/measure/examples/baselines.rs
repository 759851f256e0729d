//! Regenerates the committed baselines from a release build, run from the workspace root:
//! `cargo run --release -p abbench-measure --example baselines`.
//!
//! Writes `ci/baselines/signature.txt` (the serial node-count signature) and
//! `ci/baselines/quick.jsonl` (the `quick` suite's records, for `abbench compare`),
//! each to a temporary file renamed into place, so that an interrupted regeneration
//! leaves the old baseline rather than part of a new one.

use abbench_measure::{Interrupt, Suite, signature, sweep};
use abbench_results::write_atomically;
use std::path::Path;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    if cfg!(debug_assertions) {
        return Err("build with --release: the quick baseline records release timings".into());
    }
    let dir = Path::new("ci/baselines");
    std::fs::create_dir_all(dir)?;
    write_atomically(
        &dir.join("signature.txt"),
        signature()?.to_text().as_bytes(),
    )?;
    let suite = Suite::builtin("quick").expect("quick is built in");
    let threads = suite.thread_counts(None);
    let results = sweep(&suite, &threads, &Interrupt::new(), |_| {}, |_| Ok(()))?;
    if let Some(u) = results.unfinished.first() {
        return Err(format!("{}: {}", u.search_label(), u.outcome()).into());
    }
    let records = &results.records;
    if let Some(r) = records.iter().find(|r| !r.verified) {
        return Err(format!(
            "{} {} threads {} failed verification",
            r.tree.label(),
            r.algo,
            r.threads
        )
        .into());
    }
    write_atomically(&dir.join("quick.jsonl"), results.to_text().as_bytes())?;
    eprintln!(
        "wrote signature.txt and {} records of quick.jsonl to {}",
        records.len(),
        dir.display()
    );
    Ok(())
}
