//! Regenerates the committed baselines from a release build, run from the workspace root:
//! `cargo run --release -p abbench-harness --example baselines`.
//!
//! Writes `reports/baselines/signature.txt` (the serial node-count signature) and
//! `reports/baselines/quick.jsonl` (the `quick` suite's records, for `abbench compare`).

use abbench_harness::{Suite, results_text, signature, sweep};
use std::path::Path;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    if cfg!(debug_assertions) {
        return Err("build with --release: the quick baseline records release timings".into());
    }
    let dir = Path::new("reports/baselines");
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join("signature.txt"), signature()?.to_text())?;
    let suite = Suite::builtin("quick").expect("quick is built in");
    let threads = suite.thread_counts(None);
    let records = sweep(&suite, &threads, |_| {}, |_| Ok(()))?;
    if let Some(r) = records.iter().find(|r| !r.verified) {
        return Err(format!(
            "{} {} threads {} failed verification",
            r.tree.label(),
            r.algo,
            r.threads
        )
        .into());
    }
    std::fs::write(dir.join("quick.jsonl"), results_text(&records))?;
    eprintln!(
        "wrote signature.txt and {} records of quick.jsonl to {}",
        records.len(),
        dir.display()
    );
    Ok(())
}
