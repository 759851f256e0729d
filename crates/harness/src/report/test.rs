use super::*;
use crate::{Algorithm, MeasureConfig, Pools, Record, StopReason, Unfinished, measure};
use abbench_tree::{Layout, Model, ModelSpec, TreeSpec};

fn config() -> MeasureConfig {
    MeasureConfig {
        repeat: 1,
        warmup: 0,
        ..MeasureConfig::default()
    }
}

/// A random workload over two seeds, serial and parallel at 1, 2 and one more thread
/// than the machine has; perfectly ordered trees of degree 3 at heights 2 to 5.
fn records() -> Vec<Record> {
    let mut pools = Pools::default();
    let oversubscribed = crate::available_threads() + 1;
    let mut records = Vec::new();
    for seed in [1, 2] {
        let tree = TreeSpec::model(ModelSpec::new(Model::Random, 4, 5, seed), Layout::Implicit);
        records.extend(
            measure(
                &tree,
                &Algorithm::ALL,
                &[1, 2, oversubscribed],
                &config(),
                &mut pools,
            )
            .unwrap()
            .records,
        );
    }
    let serial = Algorithm::parse_list("f0,f1,f2,f2-iter").unwrap();
    for height in 2..=5 {
        let spec = ModelSpec {
            ordering: 1.0,
            ..ModelSpec::new(Model::Ordered, 3, height, 1)
        };
        let tree = TreeSpec::model(spec, Layout::Implicit);
        records.extend(
            measure(&tree, &serial, &[1], &config(), &mut pools)
                .unwrap()
                .records,
        );
    }
    records
}

/// `records` as a run's results, with nothing unfinished.
fn results(records: &[Record]) -> Results {
    Results {
        records: records.to_vec(),
        unfinished: Vec::new(),
    }
}

#[test]
fn workloads_group_seeds_and_rows_take_medians() {
    let records = records();
    let groups = aggregate::group_by_workload(&records);
    assert_eq!(groups.len(), 1 + 4);
    assert_eq!(groups[0].label(), "random d=4 h=5");
    assert_eq!(groups[0].seeds(), vec![Some(1), Some(2)]);
    let rows = groups[0].rows();
    // Four serial algorithms, two parallel ones at three thread counts.
    assert_eq!(rows.len(), 4 + 2 * 3);
    let one_thread = rows
        .iter()
        .find(|r| r.algo.is_parallel() && r.threads == 1)
        .unwrap();
    assert_eq!(one_thread.karp_flatt, None);
    assert!(!one_thread.oversubscribed);
    let over = rows.iter().find(|r| r.threads > 2).unwrap();
    assert!(over.oversubscribed);
    assert!(over.karp_flatt.is_some());
    assert_eq!(rows[0].values.len(), 2);
}

#[test]
fn theory_rows_match_corollary_1_and_section_8_exactly() {
    let records = records();
    let groups = aggregate::group_by_workload(&records);
    let rows = theory::theory_rows(&groups);
    let exact: Vec<_> = rows
        .iter()
        .filter(|r| matches!(r.predicted, theory::Prediction::Exact(_)))
        .collect();
    assert_eq!(exact.len(), 2 * 4, "F2 and F1 at four heights");
    for r in exact {
        assert_eq!(r.agreement(), "1 (exact)", "{} {}", r.workload, r.algorithm);
    }
    let series = theory::height_series(&groups);
    assert_eq!(series.len(), 1);
    assert_eq!(series[0].degree, 3);
    assert_eq!(series[0].f2.len(), 4);
    // F0 examines every leaf.
    assert_eq!(series[0].f0.last(), Some(&(5, 243)));
}

#[test]
fn run_folder_has_every_file_and_the_report_reads_well() {
    let records = records();
    let dir = tempfile::tempdir().unwrap();
    let machine = MachineInfo {
        cpu_model: "Test CPU".into(),
        logical_cores: 2,
        physical_cores: 1,
        suite: Some("unit".into()),
        repeat: Some(5),
        warmup: Some(1),
        other_cpu_share: Some(0.48),
        ..MachineInfo::default()
    };
    let files = write_run_folder(dir.path(), &results(&records), Some(&machine)).unwrap();
    for name in [
        RESULTS_FILE,
        MACHINE_FILE,
        SUMMARY_FILE,
        REPORT_FILE,
        "speedup.svg",
        "nps.svg",
        "search-overhead.svg",
        "theory.svg",
    ] {
        let path = files
            .get(name)
            .unwrap_or_else(|| panic!("{name} not written"));
        assert!(path.is_file(), "{name}");
    }
    // Nothing temporary is left behind.
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(!name.ends_with(".tmp"), "{name}");
    }

    let md = std::fs::read_to_string(dir.path().join(REPORT_FILE)).unwrap();
    assert!(md.starts_with("# abbench report: suite `unit`"), "{md}");
    assert!(md.contains("Test CPU"));
    assert!(md.contains("| runs | 5 timed after 1 warm-up, per tree, algorithm and threads |"));
    assert!(md.contains("| other processes | 48% of the CPU time while the sweep ran |"));
    assert!(
        md.contains("⚠ **The machine was shared**: other processes used 48% of"),
        "{md}"
    );
    assert!(md.contains("✅ Every one of the"));
    assert!(md.contains("## How to read the tables"));
    let most = crate::available_threads() + 1;
    assert!(
        md.contains(&format!(
            "## Summary\n\nAt {most} threads (⚠ oversubscribed)"
        )),
        "{md}"
    );
    assert!(md.contains("| random d=4 h=5 | 2 | "), "{md}");
    // Every algorithm found the same values: they are given once, not per row.
    assert!(
        md.contains("2 seeds: 1, 2; layout implicit; root values "),
        "{md}"
    );
    assert!(
        md.contains("| algorithm | threads | leaves | nodes |"),
        "{md}"
    );
    // The perfectly ordered trees at four heights share one section.
    assert!(md.contains("### ordered d=3 q=1, heights 2–5\n"), "{md}");
    assert!(!md.contains("### ordered d=3 h=2"), "{md}");
    assert!(md.contains("| 5 | f2 | "), "{md}");
    assert!(md.contains("Karp–Flatt"));
    assert!(md.contains("### random d=4 h=5"));
    assert!(md.contains("⚠ oversubscribed"));
    assert!(md.contains("| root-split | 1 | "));
    assert!(
        md.contains("| — |"),
        "Karp–Flatt is undefined at one thread"
    );
    assert!(md.contains("Corollary 1, eq. (13)"));
    assert!(md.contains("![Speedup against threads](speedup.svg)"));
    assert!(md.contains("![Leaves examined against height"));

    let csv = std::fs::read_to_string(dir.path().join(SUMMARY_FILE)).unwrap();
    let mut lines = csv.lines();
    assert_eq!(lines.next().unwrap(), summary::COLUMNS.join(","));
    assert_eq!(lines.count(), records.len());

    for svg in ["speedup.svg", "theory.svg"] {
        let text = std::fs::read_to_string(dir.path().join(svg)).unwrap();
        assert!(text.starts_with("<svg"), "{svg}");
        assert!(!text.contains("NaN"), "{svg}");
    }
    let speedup = std::fs::read_to_string(dir.path().join("speedup.svg")).unwrap();
    assert!(speedup.contains("ideal S = p"));
    assert!(speedup.contains("threads p"));
}

#[test]
fn failures_are_listed_first() {
    let mut records = records();
    records[1].verified = false;
    let dir = tempfile::tempdir().unwrap();
    write_report(dir.path(), &results(&records), None).unwrap();
    let md = std::fs::read_to_string(dir.path().join(REPORT_FILE)).unwrap();
    let failures = md
        .find("## ❌ Verification failures")
        .expect("a failure section");
    assert!(failures < md.find("## Summary").unwrap());
    assert!(md.contains("**1 of"));
    assert!(md.contains("no `machine.json`"));
    assert!(md.contains(&format!("| {} ❌ |", records[1].algo)));
}

#[test]
fn rebuilding_from_results_gives_the_same_report() {
    let records = records();
    let run = tempfile::tempdir().unwrap();
    let machine = MachineInfo::collect("system", vec!["test".into()]);
    write_run_folder(run.path(), &results(&records), Some(&machine)).unwrap();
    let out = tempfile::tempdir().unwrap();
    let target = out.path().join("rebuilt");
    let files = rebuild_report(&run.path().join(RESULTS_FILE), &target).unwrap();
    assert!(files.get(REPORT_FILE).is_some());
    for name in [REPORT_FILE, SUMMARY_FILE, "speedup.svg", "theory.svg"] {
        assert_eq!(
            std::fs::read(run.path().join(name)).unwrap(),
            std::fs::read(target.join(name)).unwrap(),
            "{name}"
        );
    }
}

#[test]
fn numbers_are_formatted_for_reading() {
    assert_eq!(markdown::count(1234567.0), "1,234,567");
    assert_eq!(markdown::count(999.0), "999");
    assert_eq!(markdown::count(2628.5), "2,628.5");
    assert_eq!(markdown::rate(45_230_000.0), "45.2 M");
    assert_eq!(markdown::rate(1.5e9), "1.50 G");
    assert_eq!(markdown::rate(f64::NAN), "—");
}

#[test]
fn an_incomplete_run_says_so_at_the_top_and_lists_searches_without_a_result() {
    let records = records();
    let mut run = results(&records);
    let tree = records[0].tree.clone();
    run.unfinished.push(Unfinished::new(
        tree.clone(),
        "f0".parse().unwrap(),
        1,
        StopReason::TimedOut(std::time::Duration::from_secs(2)),
    ));
    run.unfinished.push(Unfinished::new(
        tree,
        "ybwc".parse().unwrap(),
        2,
        StopReason::Failed("a search worker panicked: boom".into()),
    ));
    let machine = MachineInfo {
        incomplete: Some("interrupted after 2 of 9 trees; the results cover only those".into()),
        ..MachineInfo::default()
    };
    let dir = tempfile::tempdir().unwrap();
    write_run_folder(dir.path(), &run, Some(&machine)).unwrap();
    let md = std::fs::read_to_string(dir.path().join(REPORT_FILE)).unwrap();
    let banner = md.lines().nth(2).unwrap();
    assert!(
        banner.starts_with("> ⚠ **INCOMPLETE RUN**: interrupted after 2 of 9 trees"),
        "{md}"
    );
    let section = md.find("Searches without a result").expect("a section");
    assert!(section < md.find("## Summary").unwrap());
    assert!(md.contains("1 searches reached their time limit and 1 failed"));
    assert!(md.contains("| f0 | 1 | timed out (limit 2 s) |"), "{md}");
    assert!(
        md.contains("FAILED: a search worker panicked: boom"),
        "{md}"
    );
    // The lines read back, and a rebuilt report says the same.
    let back = crate::read_results(&dir.path().join(RESULTS_FILE)).unwrap();
    assert_eq!(back, run);
    let out = tempfile::tempdir().unwrap();
    rebuild_report(&dir.path().join(RESULTS_FILE), out.path()).unwrap();
    assert_eq!(
        std::fs::read_to_string(out.path().join(REPORT_FILE)).unwrap(),
        md
    );
}
