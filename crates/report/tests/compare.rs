//! `compare`: identical runs agree; slower runs whose spreads do not overlap regress; a
//! changed node count is a changed signature; unusable input is an error.

// The same small measured records as the measuring crate's tests use.
#[path = "../../measure/tests/common/mod.rs"]
mod common;

use abbench_report::{
    ChangeKind, Gate, MIN_COMPARED_WALL_NS, ReportError, compare, compare_files, compare_results,
};
use abbench_results::{
    FileError, Record, Results, StopReason, Unfinished, WallTimes, results_text,
};
use std::time::Duration;

/// The records with every wall time set to `median` within `[min, max]`: five samples,
/// as a sweep takes them.
fn timed(records: &[Record], (min, median, max): (u64, u64, u64)) -> Vec<Record> {
    records
        .iter()
        .map(|r| {
            let mut r = r.clone();
            // Five runs: the fastest, three at the median, the slowest.
            let samples = [min, median, median, median, max].map(Duration::from_nanos);
            r.wall_ns = WallTimes::of(&samples).unwrap();
            r.nps = r.nodes as f64 / (median as f64 * 1e-9);
            r
        })
        .collect()
}

const MS: u64 = 1_000_000;

#[test]
fn a_file_compared_with_itself_has_no_change() {
    let records = common::small_records();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("results.jsonl");
    std::fs::write(&path, results_text(&records)).unwrap();
    let comparison = compare_files(&path, &path, 5.0).unwrap();
    assert_eq!(comparison.matched, records.len());
    assert!(
        comparison.changes.is_empty(),
        "{}",
        comparison.to_markdown()
    );
    assert!(!comparison.has_regression());
    assert_eq!(comparison.exit_code(), 0);
    assert!(comparison.summary_line().starts_with("ok:"));
}

#[test]
fn doubled_wall_times_are_regressions_and_halved_ones_improvements() {
    let measured = common::small_records();
    let base = timed(&measured, (9 * MS / 10, MS, 11 * MS / 10));
    let new = timed(&measured, (19 * MS / 10, 2 * MS, 21 * MS / 10));
    let comparison = compare(&base, &new, 10.0);
    assert_eq!(comparison.exit_code(), 1);
    assert_eq!(
        comparison.regressions().count(),
        base.len(),
        "{}",
        comparison.to_markdown()
    );
    assert!(
        comparison
            .changes
            .iter()
            .all(|c| c.kind == ChangeKind::Slower)
    );
    assert!((comparison.changes[0].wall_change_pct - 100.0).abs() < 1e-9);
    let md = comparison.to_markdown();
    assert!(md.contains("🐢 slower"), "{md}");
    assert!(md.contains("1.00 ms [900 µs – 1.10 ms]"), "{md}");
    assert!(md.starts_with("**REGRESSION"), "{md}");

    // Gated on counts only, the slower rows are still listed but do not fail.
    let counts_only = comparison.clone().gated(Gate::Counts);
    assert_eq!(counts_only.exit_code(), 0);
    assert_eq!(counts_only.changes.len(), base.len());
    assert!(
        counts_only.summary_line().starts_with("ok: ")
            && counts_only
                .summary_line()
                .contains("wall time reported but not gated"),
        "{}",
        counts_only.summary_line()
    );

    let back = compare(&new, &base, 10.0);
    assert_eq!(back.exit_code(), 0);
    assert!(back.changes.iter().all(|c| c.kind == ChangeKind::Faster));
    assert_eq!(back.changes.len(), base.len());
}

#[test]
fn overlapping_spreads_small_changes_and_short_runs_are_noise() {
    let measured = common::small_records();
    // Medians doubled, but the slowest base run as slow as the fastest new one.
    let base = timed(&measured, (MS, MS, 3 * MS));
    let new = timed(&measured, (2 * MS, 2 * MS, 2 * MS));
    assert!(compare(&base, &new, 10.0).changes.is_empty());

    // Spreads apart, but a change under the threshold.
    let base = timed(&measured, (MS, MS, MS));
    let new = timed(&measured, (21 * MS / 20, 21 * MS / 20, 21 * MS / 20));
    assert!(compare(&base, &new, 10.0).changes.is_empty());
    assert_eq!(compare(&base, &new, 4.0).regressions().count(), base.len());

    // Doubled, apart, but too short to time.
    let short = MIN_COMPARED_WALL_NS / 4;
    let base = timed(&measured, (short, short, short));
    let new = timed(&measured, (2 * short, 2 * short, 2 * short));
    let comparison = compare(&base, &new, 10.0);
    assert!(comparison.changes.is_empty());
    assert_eq!(comparison.too_short, base.len());
    assert!(comparison.summary_line().contains("too short"));
}

#[test]
fn a_changed_node_count_is_a_changed_signature() {
    let base = common::small_records();
    let mut new = base.clone();
    let i = new.iter().position(|r| r.algo.name() == "f1").unwrap();
    new[i].nodes += 1;
    let comparison = compare(&base, &new, 10.0);
    assert_eq!(comparison.exit_code(), 1);
    let change = &comparison.changes[0];
    assert_eq!(change.kind, ChangeKind::ChangedSignature);
    assert_eq!(change.algo.name(), "f1");
    assert!(comparison.to_markdown().contains("changed signature"));

    // Parallel node counts vary from run to run: not a signature.
    let mut new = base.clone();
    let j = new.iter().position(|r| r.algo.is_parallel()).unwrap();
    new[j].nodes += 1;
    assert!(compare(&base, &new, 10.0).changes.is_empty());

    // A failed verification always regresses, under either gate.
    new[j].verified = false;
    let failed = compare(&base, &new, 10.0);
    assert_eq!(failed.changes[0].kind, ChangeKind::FailedVerification);
    assert_eq!(failed.gated(Gate::Counts).exit_code(), 1);

    // So does a changed count.
    let mut new = base.clone();
    new[i].leaves -= 1;
    assert_eq!(
        compare(&base, &new, 10.0).gated(Gate::Counts).exit_code(),
        1
    );
}

#[test]
fn records_on_one_side_only_are_listed() {
    let base = common::small_records();
    let new = base[1..].to_vec();
    let comparison = compare(&base, &new, 10.0);
    assert_eq!(comparison.only_in_base.len(), 1);
    assert!(comparison.only_in_new.is_empty());
    assert_eq!(comparison.exit_code(), 0);
    assert!(comparison.to_markdown().contains("Only in base"));
}

#[test]
fn garbage_is_unusable_input() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.jsonl");
    std::fs::write(&good, results_text(&common::small_records())).unwrap();
    let garbage = dir.path().join("garbage.jsonl");
    std::fs::write(&garbage, "this is not a results file\n").unwrap();
    let err = compare_files(&good, &garbage, 10.0).unwrap_err();
    assert!(
        matches!(err, ReportError::File(FileError::BadInput { line: 1, .. })),
        "{err}"
    );
    assert!(err.to_string().contains("garbage.jsonl:1"), "{err}");
    let empty = dir.path().join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    assert!(compare_files(&empty, &good, 10.0).is_err());
    assert!(compare_files(&good, &good, -1.0).is_err());

    // Two runs with no record in common: nothing to compare.
    let other = dir.path().join("other.jsonl");
    let mut records = common::small_records();
    for r in &mut records {
        r.tree.seed = r.tree.seed.map(|s| s + 1000);
    }
    std::fs::write(&other, results_text(&records)).unwrap();
    let err = compare_files(&good, &other, 10.0).unwrap_err();
    assert!(err.to_string().contains("not comparable"), "{err}");
    assert_eq!(abbench_report::EXIT_UNUSABLE_INPUT, 2);
}

#[test]
fn a_run_with_little_in_common_twice_the_same_search_or_unfinished_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, records: &[Record]| {
        let path = dir.path().join(name);
        std::fs::write(&path, results_text(records)).unwrap();
        path
    };
    let records = common::small_records();
    assert!(records.len() >= 4, "{}", records.len());
    let base = write("base.jsonl", &records);

    // One record of the base kept: not comparable, however well it agrees.
    let one = write("one.jsonl", &records[..1]);
    let err = compare_files(&base, &one, 10.0).unwrap_err();
    assert!(err.to_string().contains("only 1 of the"), "{err}");
    // All but one of many: fine when at least 90% remain.
    let mut many = Vec::new();
    for seed in 0..10 {
        many.extend(records.iter().cloned().map(|mut r| {
            r.tree.seed = r.tree.seed.map(|s| s + 100 * seed);
            r
        }));
    }
    let many_path = write("many.jsonl", &many);
    let most = write("most.jsonl", &many[1..]);
    assert_eq!(
        compare_files(&many_path, &most, 10.0).unwrap().exit_code(),
        0
    );

    // A search present twice, the failing copy last: an error, not the first copy.
    let mut twice = records.clone();
    let mut wrong = records[0].clone();
    wrong.verified = false;
    twice.push(wrong);
    let twice = write("twice.jsonl", &twice);
    let err = compare_files(&base, &twice, 10.0).unwrap_err();
    assert!(err.to_string().contains("appears twice"), "{err}");

    // A run folder is read as its results.jsonl; one marked incomplete is refused.
    let folder = dir.path().join("run");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("results.jsonl"), results_text(&records)).unwrap();
    assert_eq!(
        compare_files(&base, &folder, 10.0).unwrap().matched,
        records.len()
    );
    let mut machine = abbench_results::MachineInfo::collect("system", Vec::new());
    machine.incomplete = Some("interrupted after 1 of 2 trees".into());
    abbench_results::write_machine(&folder, &machine).unwrap();
    let err = compare_files(&base, &folder, 10.0).unwrap_err();
    assert!(
        err.to_string()
            .contains("the run is interrupted (interrupted after 1 of 2 trees)"),
        "{err}"
    );
}

#[test]
fn searches_without_a_result_are_not_comparable_and_a_failed_one_regresses() {
    let records = common::small_records();
    let base = Results {
        records: records.clone(),
        unfinished: Vec::new(),
        torn_line: None,
    };
    // The new run: the first record timed out, the last one's search failed.
    let (first, last) = (&records[0], &records[records.len() - 1]);
    let stopped = |r: &Record, reason| Unfinished::new(r.tree.clone(), r.algo, r.threads, reason);
    let new = Results {
        records: records[1..records.len() - 1].to_vec(),
        unfinished: vec![
            stopped(
                first,
                StopReason::TimedOut(std::time::Duration::from_secs(1)),
            ),
            stopped(
                last,
                StopReason::Failed("a search worker panicked: boom".into()),
            ),
        ],
        torn_line: None,
    };
    let comparison = compare_results(&base, &new, 10.0);
    assert_eq!(comparison.not_comparable.len(), 2, "{comparison:?}");
    assert!(
        comparison.only_in_base.is_empty(),
        "{:?}",
        comparison.only_in_base
    );
    assert!(
        comparison
            .not_comparable
            .iter()
            .any(|l| l.contains("new: timed out (limit 1 s)")),
        "{:?}",
        comparison.not_comparable
    );
    let failed: Vec<_> = comparison
        .changes
        .iter()
        .filter(|c| c.kind == ChangeKind::FailedSearch)
        .collect();
    assert_eq!(failed.len(), 1);
    assert!(comparison.gated(Gate::Counts).has_regression());

    // Timed out only: informational, nothing fails.
    let new = Results {
        records: records[1..].to_vec(),
        unfinished: vec![stopped(
            first,
            StopReason::TimedOut(std::time::Duration::from_secs(1)),
        )],
        torn_line: None,
    };
    let comparison = compare_results(&base, &new, 1e9);
    assert_eq!(comparison.not_comparable.len(), 1);
    assert!(
        !comparison.has_regression(),
        "{}",
        comparison.summary_line()
    );
    assert!(comparison.to_markdown().contains("Not comparable"));
}

#[test]
fn the_samples_decide_and_records_without_them_fall_back_to_their_spreads() {
    let measured = common::small_records();
    // Ten runs a side, medians 20% apart, overlapping at the edges: Mann-Whitney still
    // tells them apart (p far under 0.01), though the spreads overlap.
    let times = |from: u64| -> Vec<Record> {
        let samples: Vec<Duration> = (0..10)
            .map(|i| Duration::from_nanos(from + i * MS / 20))
            .collect();
        measured
            .iter()
            .map(|r| Record {
                wall_ns: WallTimes::of(&samples).unwrap(),
                ..r.clone()
            })
            .collect()
    };
    let (base, new) = (times(MS), times(MS + MS / 4));
    assert!(
        new[0].wall_ns.min < base[0].wall_ns.max,
        "the spreads overlap"
    );
    let comparison = compare(&base, &new, 10.0);
    assert_eq!(comparison.regressions().count(), base.len());
    assert!(comparison.to_markdown().contains(", p = 0.00"));
    // The same records without their samples, as older runs wrote them: the spreads
    // overlap, so nothing is called slower.
    let strip = |records: &[Record]| -> Vec<Record> {
        records
            .iter()
            .map(|r| {
                let mut r = r.clone();
                r.wall_ns.samples.clear();
                r
            })
            .collect()
    };
    assert!(
        compare(&strip(&base), &strip(&new), 10.0)
            .changes
            .is_empty()
    );
}

#[test]
fn too_few_runs_to_test_are_counted_not_compared() {
    let measured = common::small_records();
    let with = |runs: u64, median: u64| -> Vec<Record> {
        let samples: Vec<Duration> = (0..runs).map(|_| Duration::from_nanos(median)).collect();
        measured
            .iter()
            .map(|r| Record {
                wall_ns: WallTimes::of(&samples).unwrap(),
                ..r.clone()
            })
            .collect()
    };
    // Three runs a side, twice as slow: no test at p < 0.01 can tell three from three.
    let comparison = compare(&with(3, MS), &with(3, 2 * MS), 10.0);
    assert!(comparison.changes.is_empty());
    assert_eq!(comparison.too_few_runs, measured.len());
    assert!(
        comparison
            .summary_line()
            .ends_with("with too few timed runs to test (5 a side are needed)")
    );
    // Five a side suffice.
    let comparison = compare(&with(5, MS), &with(5, 2 * MS), 10.0);
    assert_eq!(comparison.regressions().count(), measured.len());
    assert_eq!(comparison.too_few_runs, 0);
}
