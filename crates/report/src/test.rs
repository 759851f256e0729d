use super::*;
use crate::median;
use abbench_measure::{MeasureConfig, Pools, measure};
use abbench_parallel::sim::{SimCosts, SimResult, simulate};
use abbench_parallel::{ParallelAlgorithm, SearchOptions};
use abbench_results::{
    Algorithm, MACHINE_FILE, MachineInfo, RESULTS_FILE, Record, Results, StopReason, TreeInfo,
    Unfinished,
};
use abbench_search::SerialAlgorithm;
use abbench_tree::{BranchOrder, GameTree, Layout, Model, ModelSpec, TreeSpec, TreeVisitor};
use std::path::{Path, PathBuf};

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
    let oversubscribed = abbench_results::available_threads() + 1;
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
        torn_line: None,
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
    // Every serial algorithm, and every parallel one at three thread counts.
    let (serial, parallel) = (SerialAlgorithm::ALL.len(), ParallelAlgorithm::ALL.len());
    assert_eq!(rows.len(), serial + parallel * 3);
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
    let most = abbench_results::available_threads() + 1;
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

    // Every exact serial search was measured: the speedups against the fastest of them
    // are in the summary and the workload tables, with its name.
    let fastest = |r: &Record| r.parallel.as_ref().and_then(|p| p.fastest_serial);
    let names = aggregate::name_counts(
        records
            .iter()
            .filter(|r| r.algo.name() == "ybwc" && r.threads == 1)
            .filter_map(fastest),
    );
    assert!(
        md.contains("| workload | seeds | f2-iter nps | fastest serial | root-split speedup | root-split vs fastest serial |"),
        "{md}"
    );
    assert!(
        md.contains("| vs fastest serial | fastest serial |"),
        "{md}"
    );
    assert!(
        md.contains(&format!("× | {} | ", crate::format::cell(&names))),
        "{md}"
    );

    let csv = std::fs::read_to_string(dir.path().join(SUMMARY_FILE)).unwrap();
    let mut lines = csv.lines();
    assert_eq!(lines.next().unwrap(), summary::COLUMNS.join(","));
    assert_eq!(lines.clone().count(), records.len());
    let column = |name: &str| summary::COLUMNS.iter().position(|c| *c == name).unwrap();
    let parallel_rows: Vec<Vec<&str>> = lines
        .map(|l| l.split(',').collect::<Vec<_>>())
        .filter(|cells| !cells[column("speedup")].is_empty())
        .collect();
    assert!(!parallel_rows.is_empty());
    for cells in parallel_rows {
        let name = cells[column("fastest_serial")];
        assert!(
            ["f2-iter", "f2-soft", "pvs", "aspiration", "mtdf"].contains(&name),
            "{cells:?}"
        );
        let speedup: f64 = cells[column("speedup_vs_fastest")].parse().unwrap();
        let against_f2_iter: f64 = cells[column("speedup")].parse().unwrap();
        // The fastest serial search is at least as fast as f2-iter.
        assert!(speedup <= against_f2_iter * (1.0 + 1e-12), "{cells:?}");
    }

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
fn a_report_of_no_results_claims_no_agreement() {
    let dir = tempfile::tempdir().unwrap();
    write_report(dir.path(), &results(&[]), None).unwrap();
    let md = std::fs::read_to_string(dir.path().join(REPORT_FILE)).unwrap();
    assert!(md.contains("No results: nothing was measured"), "{md}");
    assert!(!md.contains("agrees"), "{md}");
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
    assert_eq!(format::count(1234567.0), "1,234,567");
    assert_eq!(format::count(999.0), "999");
    assert_eq!(format::count(2628.5), "2,628.5");
    assert_eq!(format::rate(45_230_000.0), "45.2 M");
    assert_eq!(format::rate(1.5e9), "1.50 G");
    assert_eq!(format::rate(f64::NAN), "—");
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
        logical_cores: 2,
        physical_cores: 2,
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
    let back = abbench_results::read_results(&dir.path().join(RESULTS_FILE)).unwrap();
    assert_eq!(back, run);
    let out = tempfile::tempdir().unwrap();
    rebuild_report(&dir.path().join(RESULTS_FILE), out.path()).unwrap();
    assert_eq!(
        std::fs::read_to_string(out.path().join(REPORT_FILE)).unwrap(),
        md
    );
}

/// `ybwc`'s split height in [`split_records`]: low enough that the small trees split.
const SPLIT_HEIGHT: u32 = 2;

/// Random trees of degree 5 and height 6, seeds 1 and 2, searched by both parallel
/// algorithms at 1 and 2 threads, ybwc splitting [`SPLIT_HEIGHT`] levels above the leaves.
fn split_records() -> (Vec<TreeSpec>, Vec<Record>) {
    let mut pools = Pools::default();
    let config = MeasureConfig {
        settings: abbench_search::Settings {
            split_height: Some(SPLIT_HEIGHT),
            ..abbench_search::Settings::default()
        },
        ..config()
    };
    let algorithms = Algorithm::parse_list("parallel").unwrap();
    let specs: Vec<TreeSpec> = [1, 2]
        .map(|seed| TreeSpec::model(ModelSpec::new(Model::Random, 5, 6, seed), Layout::Implicit))
        .to_vec();
    let mut records = Vec::new();
    for spec in &specs {
        records.extend(
            measure(spec, &algorithms, &[1, 2], &config, &mut pools)
                .unwrap()
                .records,
        );
    }
    (specs, records)
}

/// The simulator's own result for one search, on the tree `spec` names.
struct Simulate {
    algorithm: ParallelAlgorithm,
    procs: usize,
    costs: SimCosts,
    options: SearchOptions,
}

impl TreeVisitor for Simulate {
    type Output = SimResult;
    fn visit<T: GameTree>(self, tree: &T) -> SimResult {
        simulate(tree, self.algorithm, self.procs, &self.costs, &self.options).unwrap()
    }
}

/// What the report should simulate `algorithm` on `procs` processors with: the split
/// height measured, and events costed at the median over the records' seeds of f2-iter's
/// time per position.
fn expected_run(records: &[Record], algorithm: ParallelAlgorithm, procs: usize) -> Simulate {
    let mut seeds: Vec<Option<u64>> = records.iter().map(|r| r.tree.seed).collect();
    seeds.dedup();
    let mut per_position = Vec::new();
    for seed in seeds {
        let mut seed_records = records
            .iter()
            .filter(|r| r.tree.seed == seed)
            .filter_map(|r| r.parallel.as_ref());
        let first = seed_records.next().unwrap();
        // One f2-iter baseline per tree, shared by its records.
        assert!(seed_records.all(|p| p.serial_wall_ns == first.serial_wall_ns));
        per_position.push(first.serial_wall_ns as f64 / first.serial_nodes as f64);
    }
    Simulate {
        algorithm,
        procs,
        costs: SimCosts::for_position_nanos(median(&per_position).unwrap()),
        options: SearchOptions {
            split_height: algorithm.has_split_height().then_some(SPLIT_HEIGHT),
            eldest_grain: None,
            cut_wait: None,
            time_limit: None,
            ..SearchOptions::default()
        },
    }
}

fn simulated_row(
    scaling: &simulated::SimulatedScaling,
    algorithm: ParallelAlgorithm,
    procs: usize,
) -> simulated::SimulatedRow {
    scaling
        .rows
        .iter()
        .find(|r| r.algorithm == algorithm && r.procs == procs)
        .unwrap_or_else(|| panic!("no row for {algorithm} at {procs}"))
        .clone()
}

#[test]
fn the_simulated_speedup_is_the_simulators_median_and_the_gap_is_against_the_measured_one() {
    let (specs, records) = split_records();
    let groups = aggregate::group_by_workload(&records);
    let workloads =
        simulated::simulate_workloads(&groups, &abbench_parallel::sim::CostProfile::reference());
    assert_eq!(workloads.len(), 1);
    let scaling = workloads[0].outcome.as_ref().unwrap();
    assert_eq!(scaling.seeds, vec![Some(1), Some(2)]);
    let procs: Vec<usize> = scaling
        .rows
        .iter()
        .filter(|r| r.algorithm == ParallelAlgorithm::Ybwc)
        .map(|r| r.procs)
        .collect();
    assert_eq!(procs, vec![1, 2, 4, 8, 16, 32, 64]);

    let dir = tempfile::tempdir().unwrap();
    write_report(dir.path(), &results(&records), None).unwrap();
    let md = std::fs::read_to_string(dir.path().join(REPORT_FILE)).unwrap();
    for algorithm in ParallelAlgorithm::ALL {
        for procs in [2, 8] {
            let simulated: Vec<f64> = specs
                .iter()
                .map(|spec| {
                    spec.visit(u64::MAX, expected_run(&records, algorithm, procs))
                        .unwrap()
                        .speedup
                })
                .collect();
            let row = simulated_row(scaling, algorithm, procs);
            assert_eq!(
                row.simulated,
                median(&simulated).unwrap(),
                "{algorithm} p={procs}"
            );
            if procs == 8 {
                assert_eq!((row.measured, row.gap()), (None, None), "not measured");
                continue;
            }
            let measured: Vec<f64> = records
                .iter()
                .filter(|r| r.algo == Algorithm::Parallel(algorithm) && r.threads == procs)
                .map(|r| r.parallel.as_ref().unwrap().speedup)
                .collect();
            let measured = median(&measured).unwrap();
            assert_eq!(row.measured, Some(measured));
            let gap = row.simulated / measured - 1.0;
            assert_eq!(row.gap(), Some(gap));

            let line = format!(
                "| {algorithm} | {procs} | {measured:.2}× | {:.2}× | {:+.1}% |",
                row.simulated,
                100.0 * gap
            );
            assert!(md.contains(&line), "{line}\n{md}");
        }
    }
}

#[test]
fn ybwc_on_one_simulated_processor_is_serial_time_over_virtual_time() {
    let (specs, mut records) = split_records();
    // One seed, so that the median is that tree's own figure.
    records.retain(|r| r.tree.seed == Some(1));
    let groups = aggregate::group_by_workload(&records);
    let workloads =
        simulated::simulate_workloads(&groups, &abbench_parallel::sim::CostProfile::reference());
    let scaling = workloads[0].outcome.as_ref().unwrap();
    let run = expected_run(&records, ParallelAlgorithm::Ybwc, 1);
    let costs = run.costs;
    let result = specs[0].visit(u64::MAX, run).unwrap();
    assert!(result.split_points > 0, "the tree is split: {result:?}");
    let row = simulated_row(scaling, ParallelAlgorithm::Ybwc, 1);
    assert_eq!(
        row.simulated,
        result.serial_time as f64 / result.virtual_time as f64
    );
    assert_eq!(scaling.costs, costs);
}

#[test]
fn the_simulated_section_and_plot_come_with_parallel_records_and_say_simulated() {
    let records = records();
    let dir = tempfile::tempdir().unwrap();
    let files = write_report(dir.path(), &results(&records), None).unwrap();
    let plot = files
        .get("speedup-simulated.svg")
        .expect("the plot is written");
    let md = std::fs::read_to_string(dir.path().join(REPORT_FILE)).unwrap();
    let section = md
        .find("## Simulated scaling (SIMULATED, virtual processors)\n")
        .expect("a section");
    assert!(md.find("## Plots").unwrap() < section, "after the plots");
    assert!(section < md.find("## Theory against measurement").unwrap());
    let text = &md[section..md.find("## Theory against measurement").unwrap()];
    for words in [
        "not measurements",
        "f2-iter",
        "`abbench simulate`",
        "### random d=4 h=5 (SIMULATED)",
        "SIMULATED on seeds 1, 2.",
        "| algorithm | p | measured speedup | SIMULATED speedup | gap: SIMULATED / measured − 1 |",
    ] {
        assert!(text.contains(words), "{words}\n{text}");
    }
    // Measured at 1, 2 and an oversubscribed count; simulated up to 64 as well.
    let most = abbench_results::available_threads() + 1;
    assert!(text.contains(&format!("| ybwc | {most} | ")), "{text}");
    assert!(text.contains("⚠ oversubscribed"), "{text}");
    assert!(text.contains("| ybwc | 64 |  | "), "{text}");
    assert!(
        md.contains("![Speedup against processors, measured and SIMULATED](speedup-simulated.svg)"),
        "{md}"
    );
    let svg = std::fs::read_to_string(plot).unwrap();
    for words in [
        "root-split (SIMULATED, median of seeds 1, 2)",
        "ybwc (SIMULATED, median of seeds 1, 2)",
        "ybwc measured (median of seeds 1, 2)",
        "ideal: S = p",
        "Measured (solid) and SIMULATED (dashed) speedup",
        "random d=4 h=5: median of seeds 1, 2",
    ] {
        assert!(svg.contains(words), "{words}");
    }
    assert!(!svg.contains("NaN"));

    // Serial records only: neither the section nor the plot.
    let serial: Vec<Record> = records
        .into_iter()
        .filter(|r| !r.algo.is_parallel())
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let files = write_report(dir.path(), &results(&serial), None).unwrap();
    assert!(files.get("speedup-simulated.svg").is_none());
    assert!(!dir.path().join("speedup-simulated.svg").exists());
    let md = std::fs::read_to_string(dir.path().join(REPORT_FILE)).unwrap();
    assert!(!md.contains("SIMULATED"), "{md}");
}

#[test]
fn two_reports_of_the_same_records_are_byte_identical() {
    let (_, records) = split_records();
    let [first, second] = [(); 2].map(|()| {
        let dir = tempfile::tempdir().unwrap();
        let files = write_report(dir.path(), &results(&records), None).unwrap();
        let bytes: Vec<(PathBuf, Vec<u8>)> = files
            .written
            .iter()
            .map(|p| {
                (
                    p.strip_prefix(dir.path()).unwrap().to_path_buf(),
                    std::fs::read(p).unwrap(),
                )
            })
            .collect();
        bytes
    });
    assert!(
        first
            .iter()
            .any(|(p, _)| p == Path::new("speedup-simulated.svg"))
    );
    assert_eq!(first, second);
}

#[test]
fn a_tree_that_cannot_be_rebuilt_is_left_out_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("small.tree");
    let tree = abbench_tree::models::RandomTree::new(4, 4, 1, 100);
    abbench_tree::file::write_tree_file(&tree, &[], &path).unwrap();
    let algorithms = Algorithm::parse_list("f2-iter,ybwc").unwrap();
    let mut pools = Pools::default();
    let records = measure(
        &TreeSpec::file(&path),
        &algorithms,
        &[1, 2],
        &config(),
        &mut pools,
    )
    .unwrap()
    .records;

    // The file is still there: it is simulated.
    let groups = aggregate::group_by_workload(&records);
    let workloads =
        simulated::simulate_workloads(&groups, &abbench_parallel::sim::CostProfile::reference());
    let scaling = workloads[0].outcome.as_ref().unwrap();
    assert_eq!(scaling.seeds, vec![None]);

    // Another tree at the recorded path: f2-iter's positions give it away.
    let other = abbench_tree::models::RandomTree::new(4, 4, 2, 100);
    abbench_tree::file::write_tree_file(&other, &[], &path).unwrap();
    let workloads =
        simulated::simulate_workloads(&groups, &abbench_parallel::sim::CostProfile::reference());
    let note = workloads[0]
        .outcome
        .as_ref()
        .err()
        .expect("a note")
        .to_string();
    assert!(note.contains("not the tree measured"), "{note}");

    // Gone: a one-line note, no table and no plot.
    std::fs::remove_file(&path).unwrap();
    let out = tempfile::tempdir().unwrap();
    let files = write_report(out.path(), &results(&records), None).unwrap();
    assert!(files.get("speedup-simulated.svg").is_none());
    let md = std::fs::read_to_string(out.path().join(REPORT_FILE)).unwrap();
    let section = &md[md.find("## Simulated scaling").expect("a section")..];
    let note = format!(
        "not simulated: the tree file {} cannot be read any more",
        path.display()
    );
    assert!(section.contains(&note), "{section}");
    assert!(!section.contains("| algorithm | p |"), "{section}");
}

#[test]
fn a_record_names_its_tree_again() {
    let ordered = |q: f64| ModelSpec {
        ordering: q,
        ..ModelSpec::new(Model::Ordered, 6, 5, 3)
    };
    let models = [
        ModelSpec::new(Model::Random, 16, 8, 12),
        ModelSpec {
            values: 10,
            ..ModelSpec::new(Model::Random, 3, 4, 1)
        },
        ordered(1.0),
        ordered(0.7),
        ModelSpec {
            degree_min: Some(2),
            degree_max: Some(8),
            terminal_prob: 0.1,
            spread: 50,
            ..ordered(0.9)
        },
        ModelSpec::new(Model::Dependent, 3, 12, 40),
        ModelSpec {
            edge_range: 20,
            ..ModelSpec::new(Model::BranchSum, 8, 10, 2)
        },
        ModelSpec {
            order: BranchOrder::Static,
            ..ModelSpec::new(Model::BranchSum, 8, 10, 2)
        },
        ModelSpec::new(Model::Worst, 4, 9, 1),
    ];
    let mut specs: Vec<TreeSpec> = models
        .iter()
        .flat_map(|m| {
            [Layout::Implicit, Layout::Arena].map(|layout| TreeSpec::model(m.clone(), layout))
        })
        .collect();
    specs.push(TreeSpec::file("trees/some.tree"));
    for spec in &specs {
        let info = TreeInfo::of(spec);
        let rebuilt = rebuild::tree_spec(&info).unwrap();
        assert_eq!(TreeInfo::of(&rebuilt), info, "{spec}");
        // The very tree: every parameter the model reads is the same.
        assert_eq!(rebuilt.to_string(), spec.to_string(), "{spec}");
    }
    let missing = TreeInfo {
        degree: None,
        ..TreeInfo::of(&specs[0])
    };
    assert_eq!(
        rebuild::tree_spec(&missing).unwrap_err().to_string(),
        "the record of a random tree has no degree"
    );
}

#[test]
fn an_algorithm_missing_on_a_seed_is_simulated_on_the_seeds_that_have_it() {
    let (specs, mut records) = split_records();
    // As an interrupted run leaves it: seed 2 without ybwc.
    records.retain(|r| !(r.tree.seed == Some(2) && r.algo.name() == "ybwc"));
    let groups = aggregate::group_by_workload(&records);
    let workloads =
        simulated::simulate_workloads(&groups, &abbench_parallel::sim::CostProfile::reference());
    let scaling = workloads[0].outcome.as_ref().unwrap();
    assert_eq!(scaling.seeds, vec![Some(1), Some(2)]);
    // Both seeds' f2-iter times set the costs; seed 1 alone has ybwc.
    let run = expected_run(&records, ParallelAlgorithm::Ybwc, 2);
    let alone = specs[0].visit(u64::MAX, run).unwrap();
    let row = simulated_row(scaling, ParallelAlgorithm::Ybwc, 2);
    assert_eq!(row.simulated, alone.speedup);
    let measured = records
        .iter()
        .find(|r| r.algo.name() == "ybwc" && r.threads == 2)
        .and_then(|r| r.parallel.as_ref())
        .map(|p| p.speedup);
    assert_eq!(row.measured, measured);
}

#[test]
fn the_summary_comes_first_and_an_idle_machines_load_average_raises_no_alarm() {
    // Twelve workloads, every record noisy and every one-thread parallel search slow: 24
    // warning lines, as a default sweep on a noisy machine had before its summary.
    let noisy = abbench_results::WallTimes::of(
        &[100, 140, 70, 190, 95].map(std::time::Duration::from_micros),
    )
    .unwrap();
    let measured: Vec<Record> = records()
        .into_iter()
        .filter(|r| r.tree.model == Some(abbench_tree::Model::Random))
        .collect();
    let records: Vec<Record> = (5..17)
        .flat_map(|degree| {
            measured.iter().cloned().map(move |mut r| {
                r.tree.degree = Some(degree);
                r
            })
        })
        .map(|mut r| {
            r.wall_ns = noisy.clone();
            if r.threads == 1
                && let Some(p) = r.parallel.as_mut()
            {
                p.speedup = 0.5;
            }
            r
        })
        .collect();
    let machine = MachineInfo {
        cpu_model: "Test CPU".into(),
        logical_cores: 2,
        load_average: Some([1.46, 1.5, 1.5]),
        other_cpu_share: Some(0.009),
        ..MachineInfo::default()
    };
    let groups = crate::aggregate::group_by_workload(&records);
    let md = markdown::render(
        &results(&records),
        Some(&machine),
        &groups,
        &[],
        &[],
        markdown::SimulatedSection {
            workloads: &[],
            profile: None,
        },
        &[],
        None,
    );
    let lines: Vec<&str> = md.lines().collect();
    let summary = lines.iter().position(|l| *l == "## Summary").unwrap();
    assert!(summary < 30, "the summary at line {}:\n{md}", summary + 1);
    let warnings = lines.iter().position(|l| *l == "## ⚠ Warnings").unwrap();
    assert!(warnings > summary, "{md}");
    // Every noisy workload and every slow one-thread search is named, folded.
    assert_eq!(
        md.matches("records have a 95% interval").count(),
        12,
        "{md}"
    );
    assert!(md.contains("**Noisy times** in 12 of 12 workloads"), "{md}");
    assert!(md.contains("<details><summary>The 12 noisy times by workload</summary>"));
    // The headline to the summary holds no warning line, and the load average of an
    // idle VM, with other processes measured at 0.9%, is no alarm.
    assert!(
        !lines[..summary].iter().any(|l| l.starts_with("* ")),
        "{md}"
    );
    assert!(!md.contains("busy when the run started"), "{md}");
    assert!(!md.contains("The machine was shared"), "{md}");
    assert!(
        md.contains("| load average at the start | 1.46, 1.50, 1.50"),
        "{md}"
    );
    assert!(md.find("\n## Machine\n").unwrap() > md.find("\n## ⚠ Warnings\n").unwrap());
}
