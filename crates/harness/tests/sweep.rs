//! A small suite swept into a run folder: every file written, records streamed as they
//! complete, progress per tree, and an interrupted sweep keeps its finished records.

use abbench_harness::{
    HarnessError, MachineInfo, REPORT_FILE, RESULTS_FILE, ResultsWriter, Suite, default_run_folder,
    read_machine, read_results, sweep, sweep_to_folder,
};
use std::path::Path;

const SUITE: &str = r#"
name = "tiny"
repeat = 1
warmup = 0
threads = [1, 2]

[[workload]]
model = "random"
degree = 3
height = 4
trees = 2
algorithms = ["f0", "f2-iter", "ybwc"]

[[workload]]
model = "ordered"
degree = 3
heights = [2, 3]
algorithms = ["f1", "f2"]
"#;

fn tiny() -> Suite {
    Suite::from_toml_str(SUITE, Path::new("tiny.toml")).unwrap()
}

#[test]
fn sweep_writes_a_run_folder() {
    let suite = tiny();
    assert_eq!(suite.tree_count(), 4);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let machine = MachineInfo::collect("system", vec!["abbench".into(), "sweep".into()]);
    let mut progress = Vec::new();
    let outcome = sweep_to_folder(&suite, None, &out, &machine, |p| {
        progress.push((p.trees_done, p.trees_total, p.records_done))
    })
    .unwrap();
    // Random trees: f0, f2-iter, ybwc at two thread counts; ordered: f1, f2.
    assert_eq!(outcome.records.len(), 2 * 4 + 2 * 2);
    assert_eq!(outcome.failures, 0);
    assert_eq!(progress, vec![(1, 4, 4), (2, 4, 8), (3, 4, 10), (4, 4, 12)]);
    assert_eq!(
        read_results(&out.join(RESULTS_FILE)).unwrap(),
        outcome.records
    );
    let saved = read_machine(&out.join("machine.json")).unwrap();
    assert_eq!(saved.suite.as_deref(), Some("tiny"));
    assert_eq!(saved.threads, vec![1, 2]);
    assert!(outcome.files.get(REPORT_FILE).is_some());
    let md = std::fs::read_to_string(out.join(REPORT_FILE)).unwrap();
    assert!(md.contains("### random d=3 h=4"), "{md}");
}

#[test]
fn thread_override_replaces_the_suites() {
    let suite = tiny();
    let records = sweep(&suite, &suite.thread_counts(Some(&[3])), |_| {}, |_| Ok(())).unwrap();
    let parallel: Vec<usize> = records
        .iter()
        .filter(|r| r.algo.is_parallel())
        .map(|r| r.threads)
        .collect();
    assert_eq!(parallel, vec![3, 3]);
}

#[test]
fn an_interrupted_sweep_keeps_its_finished_records() {
    let suite = tiny();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(RESULTS_FILE);
    let mut writer = ResultsWriter::create(&path).unwrap();
    let result = sweep(
        &suite,
        &[1, 2],
        |_| {},
        |r| {
            if writer.written() == 5 {
                return Err(HarnessError::InvalidOption {
                    parameter: "test",
                    value: "stop".into(),
                    expected: "an interruption".into(),
                });
            }
            writer.write(r)
        },
    );
    assert!(result.is_err());
    assert_eq!(read_results(&path).unwrap().len(), 5);
}

#[test]
fn default_run_folder_is_dated_and_never_reused() {
    let dir = tempfile::tempdir().unwrap();
    let first = default_run_folder(dir.path());
    let name = first.file_name().unwrap().to_string_lossy().into_owned();
    assert!(first.starts_with(dir.path().join("reports/runs")));
    assert_eq!(&name[4..5], "-");
    assert_eq!(&name[10..11], "-");
    std::fs::create_dir_all(&first).unwrap();
    let second = default_run_folder(dir.path());
    assert_eq!(
        second.file_name().unwrap().to_string_lossy(),
        format!("{name}-2")
    );
}
