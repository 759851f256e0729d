//! A small suite swept into a run folder: every file written, records streamed as they
//! complete, progress per tree, and an interrupted sweep keeps its finished records.

use abbench_measure::{
    Completion, Interrupt, MeasureError, RunFolder, Suite, SweepEvent, default_run_folder, sweep,
    sweep_to_folder,
};
use abbench_report::{REPORT_FILE, RunReport};
use abbench_results::{MachineInfo, RESULTS_FILE, read_machine, read_results};
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
    let mut events = Vec::new();
    let outcome = sweep_to_folder(
        &suite,
        None,
        &out,
        &machine,
        &Interrupt::new(),
        &RunReport,
        |event| {
            events.push(match event {
                SweepEvent::Started { folder, threads } => {
                    assert!(folder.join("machine.json").is_file());
                    // The machine's profile is kept before the first search: the report's
                    // SIMULATED scaling converts with it.
                    let profile = abbench_report::run_folder_profile(folder).unwrap().unwrap();
                    assert_eq!(profile.machine.cores, abbench_results::available_threads());
                    format!("started {threads:?}")
                }
                SweepEvent::TreeStarted {
                    number,
                    total,
                    tree,
                } => format!("{number}/{total} seed {:?}", tree.seed),
                SweepEvent::TreeFinished {
                    done,
                    total,
                    records,
                    ..
                } => format!("{done}/{total} done, {} records", records.len()),
            })
        },
    )
    .unwrap();
    // Random trees: f0, f2-iter, the four other serial candidates for the fastest serial
    // search, ybwc at two thread counts; ordered: f1, f2.
    assert_eq!(outcome.records.len(), 2 * 8 + 2 * 2);
    assert_eq!(outcome.failures, 0);
    assert_eq!(outcome.threads, [1, 2]);
    assert_eq!(
        events,
        [
            "started [1, 2]",
            "1/4 seed Some(1)",
            "1/4 done, 8 records",
            "2/4 seed Some(2)",
            "2/4 done, 8 records",
            "3/4 seed Some(1)",
            "3/4 done, 2 records",
            "4/4 seed Some(1)",
            "4/4 done, 2 records",
        ]
    );
    let summary = outcome.summary();
    assert!(
        summary.starts_with("4 trees, 20 results in ")
            && summary.contains("every result agrees with serial F2"),
        "{summary}"
    );
    assert!(summary.contains("speedup at 2 threads"), "{summary}");
    assert!(summary.contains("\n  random d=3 h=4  ybwc "), "{summary}");
    assert_eq!(
        read_results(&out.join(RESULTS_FILE)).unwrap().records,
        outcome.records
    );
    let saved = read_machine(&out.join("machine.json")).unwrap();
    assert_eq!(saved.status, Some(abbench_results::RunStatus::Complete));
    assert_eq!(saved.suite.as_deref(), Some("tiny"));
    assert_eq!(saved.threads, vec![1, 2]);
    assert_eq!((saved.repeat, saved.warmup), (Some(1), Some(0)));
    // Known on Linux once at least a clock tick has passed; this sweep may be quicker.
    assert_eq!(saved.other_cpu_share, outcome.other_cpu_share);
    if let Some(share) = saved.other_cpu_share {
        assert!((0.0..=1.0).contains(&share), "{share}");
    }
    for name in [
        "machine.json",
        RESULTS_FILE,
        "calibration.json",
        "summary.csv",
        REPORT_FILE,
    ] {
        assert!(outcome.file(name).is_some(), "{name} not listed");
    }
    assert!(outcome.file(REPORT_FILE).is_some());
    let md = std::fs::read_to_string(out.join(REPORT_FILE)).unwrap();
    assert!(md.contains("### random d=3 h=4"), "{md}");
}

#[test]
fn thread_override_replaces_the_suites() {
    let suite = tiny();
    let records = sweep(
        &suite,
        &suite.thread_counts(Some(&[3])),
        &Interrupt::new(),
        |_| {},
        |_| Ok(()),
    )
    .unwrap()
    .records;
    let parallel: Vec<usize> = records
        .iter()
        .filter(|r| r.algo.is_parallel())
        .map(|r| r.threads)
        .collect();
    assert_eq!(parallel, vec![3, 3]);
}

#[test]
fn an_interrupted_sweep_keeps_its_finished_records_and_says_it_is_incomplete() {
    let suite = tiny();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let machine = MachineInfo::collect("system", Vec::new());
    let interrupt = Interrupt::new();
    let outcome = sweep_to_folder(
        &suite,
        None,
        &out,
        &machine,
        &interrupt,
        &RunReport,
        |event| {
            if let SweepEvent::TreeFinished { done: 2, .. } = event {
                interrupt.request();
            }
        },
    )
    .unwrap();
    let why = outcome.incomplete.as_deref().unwrap();
    assert_eq!(
        why,
        "interrupted after 2 of 4 trees; the results cover only those"
    );
    assert_eq!(outcome.records.len(), 16, "the two random trees' records");
    assert!(outcome.summary().starts_with("INCOMPLETE: interrupted"));
    let written = read_results(&out.join(RESULTS_FILE)).unwrap();
    assert_eq!(written.records, outcome.records);
    let md = std::fs::read_to_string(out.join(REPORT_FILE)).unwrap();
    assert!(
        md.lines()
            .nth(2)
            .unwrap()
            .contains("**INCOMPLETE RUN**: interrupted after 2 of 4 trees"),
        "{md}"
    );
    let saved = read_machine(&out.join("machine.json")).unwrap();
    assert_eq!(saved.incomplete.as_deref(), Some(why));
    assert_eq!(saved.status, Some(abbench_results::RunStatus::Interrupted));
}

#[test]
fn a_failed_sweep_finishes_its_folder_as_incomplete_and_returns_the_error() {
    let suite = tiny();
    let dir = tempfile::tempdir().unwrap();
    let folder = RunFolder::create(
        &suite,
        &[1, 2],
        &dir.path().join("run"),
        &MachineInfo {
            logical_cores: 2,
            physical_cores: 2,
            ..MachineInfo::default()
        },
    )
    .unwrap();
    // While it is open: marked running, and its lock held.
    let machine = read_machine(&folder.dir().join("machine.json")).unwrap();
    assert_eq!(machine.status, Some(abbench_results::RunStatus::Running));
    assert_eq!(
        abbench_results::folder_state(folder.dir(), &machine),
        abbench_results::FolderState::Running
    );
    let mut trees = 0;
    let result = sweep(
        &suite,
        &[1, 2],
        &Interrupt::new(),
        |_| {},
        |r| {
            trees += 1;
            if trees == 3 {
                return Err(MeasureError::InvalidOption {
                    parameter: "test",
                    value: "stop".into(),
                    expected: "a failure".into(),
                });
            }
            folder.append(r)
        },
    );
    let error = result.unwrap_err().to_string();
    let outcome = folder
        .finish(Completion::Failed(error), &RunReport)
        .unwrap();
    assert_eq!(outcome.records.len(), 16);
    assert!(
        outcome
            .incomplete
            .unwrap()
            .starts_with("stopped by an error after 2 of 4 trees (invalid test stop")
    );
    let machine = read_machine(&folder.dir().join("machine.json")).unwrap();
    assert_eq!(machine.status, Some(abbench_results::RunStatus::Failed));
    // Finished: an abandoned search can no longer write.
    assert!(matches!(
        folder.append(&Default::default()),
        Err(MeasureError::Interrupted)
    ));
    assert_eq!(
        read_results(&folder.dir().join(RESULTS_FILE))
            .unwrap()
            .records
            .len(),
        16
    );
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

#[test]
fn a_folder_with_results_is_never_overwritten() {
    let suite = tiny();
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join(RESULTS_FILE);
    std::fs::write(&results, "earlier results\n").unwrap();
    let machine = MachineInfo::collect("system", Vec::new());
    let err = sweep_to_folder(
        &suite,
        None,
        dir.path(),
        &machine,
        &Interrupt::new(),
        &RunReport,
        |_| {},
    )
    .unwrap_err();
    assert!(
        err.to_string().contains("already holds results.jsonl"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(&results).unwrap(),
        "earlier results\n"
    );
    assert!(!dir.path().join("machine.json").exists());
}

#[test]
fn twenty_sweeps_into_one_folder_at_once_one_runs_and_the_others_are_refused() {
    let suite = tiny();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let machine = MachineInfo::collect("system", Vec::new());
    let start = std::sync::Barrier::new(20);
    let outcomes: Vec<Result<(), String>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..20)
            .map(|_| {
                s.spawn(|| {
                    start.wait();
                    let folder = RunFolder::create(&suite, &[1], &out, &machine)
                        .map_err(|e| e.to_string())?;
                    // Hold the folder a while, as a sweep does, then finish it.
                    std::thread::sleep(std::time::Duration::from_millis(200));
                    folder
                        .finish(Completion::Complete, &RunReport)
                        .map_err(|e| e.to_string())?;
                    Ok(())
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let ran = outcomes.iter().filter(|o| o.is_ok()).count();
    assert_eq!(ran, 1, "{outcomes:?}");
    for refused in outcomes.iter().filter_map(|o| o.as_ref().err()) {
        assert!(
            refused.contains("another sweep is writing into it")
                || refused.contains("it already holds "),
            "{refused}"
        );
    }
    // What the one sweep wrote reads back whole: its machine.json, and a results file
    // that no other sweep wrote into (it appended nothing).
    read_machine(&out.join("machine.json")).unwrap();
    assert_eq!(std::fs::read_to_string(out.join(RESULTS_FILE)).unwrap(), "");
}

#[test]
fn a_folder_under_a_file_is_an_error_that_names_it() {
    let suite = tiny();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("plain-file");
    std::fs::write(&file, "").unwrap();
    let out = file.join("run");
    let machine = MachineInfo::collect("system", Vec::new());
    let err = sweep_to_folder(
        &suite,
        None,
        &out,
        &machine,
        &Interrupt::new(),
        &RunReport,
        |_| {},
    )
    .unwrap_err();
    assert!(matches!(err, MeasureError::InvalidOption { .. }), "{err}");
    assert!(err.to_string().contains("plain-file/run"), "{err}");
}

#[test]
fn an_unknown_suite_lists_the_built_in_ones() {
    let err = Suite::load("nonesuch").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid suite 'nonesuch': not a built-in suite (quick, default) and no such file"
    );
}

#[test]
fn a_folder_holding_anything_is_refused_and_left_as_it_was() {
    let suite = tiny();
    let machine = MachineInfo::collect("system", Vec::new());
    let dir = tempfile::tempdir().unwrap();
    // A user's own report, a folder named like a file the sweep writes, a stray file.
    type Plant<'a> = &'a dyn Fn(&Path);
    let cases: [(&str, Plant<'_>); 3] = [
        ("report.md", &|d| {
            std::fs::write(d.join("report.md"), "my notes\n").unwrap()
        }),
        ("report.md", &|d| {
            std::fs::create_dir(d.join("report.md")).unwrap()
        }),
        ("notes.txt", &|d| {
            std::fs::write(d.join("notes.txt"), "x").unwrap()
        }),
    ];
    for (i, (name, plant)) in cases.iter().enumerate() {
        let out = dir.path().join(format!("used-{i}"));
        std::fs::create_dir(&out).unwrap();
        plant(&out);
        let before: Vec<_> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        let err = sweep_to_folder(
            &suite,
            None,
            &out,
            &machine,
            &Interrupt::new(),
            &RunReport,
            |_| panic!("nothing is measured in a used folder"),
        )
        .unwrap_err();
        let text = err.to_string();
        assert!(text.contains(&format!("it already holds {name}")), "{text}");
        let after: Vec<_> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(before, after, "nothing created or removed");
    }
    let notes = dir.path().join("used-0").join("report.md");
    assert_eq!(std::fs::read_to_string(notes).unwrap(), "my notes\n");
    // An empty folder is fine.
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    sweep_to_folder(
        &suite,
        None,
        &empty,
        &machine,
        &Interrupt::new(),
        &RunReport,
        |_| {},
    )
    .unwrap();
    assert!(empty.join(RESULTS_FILE).is_file());
}
