//! The windows section and `windows.svg`: present when the records carry window data,
//! absent otherwise, and every figure in them read from the records.

use super::*;
use abbench_measure::{MeasureConfig, Pools, measure};
use abbench_results::{Algorithm, RESULTS_FILE, Record, Results};
use abbench_search::{SerialOptions, Window};
use abbench_tree::{Layout, Model, ModelSpec, TreeSpec};

fn measured(spec: ModelSpec, algos: &str, serial: SerialOptions) -> Vec<Record> {
    let defaults = SerialOptions::default();
    let config = MeasureConfig {
        repeat: 1,
        warmup: 0,
        settings: abbench_search::Settings {
            window: Some(serial.window).filter(|w| !w.is_full()),
            cutoff: Some(serial.cutoff).filter(|&c| c != defaults.cutoff),
            kinds: Some(serial.kinds).filter(|&k| k),
            guess: serial.guess,
            aspiration_delta: Some(serial.aspiration_delta)
                .filter(|&d| d != defaults.aspiration_delta),
            tt_mb: Some(serial.tt_mb).filter(|&t| t != defaults.tt_mb),
            ..abbench_search::Settings::default()
        },
        ..MeasureConfig::default()
    };
    measure(
        &TreeSpec::model(spec, Layout::Implicit),
        &Algorithm::parse_list(algos).unwrap(),
        &[1],
        &config,
        &mut Pools::default(),
    )
    .unwrap()
    .records
}

fn report_of(records: &[Record]) -> (String, Option<String>) {
    let dir = tempfile::tempdir().unwrap();
    let results = Results {
        records: records.to_vec(),
        unfinished: Vec::new(),
        torn_line: None,
    };
    write_run_folder(dir.path(), &results, None).unwrap();
    let md = std::fs::read_to_string(dir.path().join(REPORT_FILE)).unwrap();
    let svg = std::fs::read_to_string(dir.path().join("windows.svg")).ok();
    (md, svg)
}

fn random(seed: u64) -> ModelSpec {
    ModelSpec::new(Model::Random, 4, 5, seed)
}

#[test]
fn no_windows_section_without_window_records() {
    let records = measured(random(1), "f1,f2,f2-iter", SerialOptions::default());
    let (md, svg) = report_of(&records);
    assert!(!md.contains("## Windows"), "{md}");
    assert!(svg.is_none());
}

#[test]
fn the_windows_section_reads_the_narrow_window_the_guesses_and_the_kinds_from_records() {
    let mut records = measured(
        random(1),
        "f2-iter,pvs,aspiration,mtdf",
        SerialOptions::default(),
    );
    let full = records[0].clone();
    let narrow = SerialOptions {
        window: Window::new(full.value - 1, full.value + 1).unwrap(),
        kinds: true,
        ..SerialOptions::default()
    };
    let windowed = measured(random(1), "f2-soft", narrow);
    records.extend(windowed.iter().cloned());
    let (md, svg) = report_of(&records);
    assert!(md.contains("## Windows"), "{md}");

    // The narrow window: width 2, error 0, the exact value, and its share of F2's leaves.
    let w = &windowed[0];
    assert!(
        w.leaves < full.leaves,
        "a narrow window examines fewer leaves"
    );
    let share = format!("{:.1} %", 100.0 * w.leaves as f64 / full.leaves as f64);
    let row = format!(
        "| f2-soft | 1 | {} | ge | 2 | 0 | {} (exact) | {} | {share} |",
        narrow.window,
        full.value,
        format::count(w.leaves as f64),
    );
    assert!(md.contains(&row), "{row}\n{md}");

    // Each guess's error is |guess - value|, from the record.
    for r in records.iter().filter(|r| r.used.guess.is_some()) {
        let error = format::count((r.value - r.used.guess.unwrap()).abs() as f64);
        let searches = r.searches.unwrap();
        let row = format!("| {} | 1 | {} |", r.algo, r.used.guess.unwrap());
        let line = md
            .lines()
            .find(|l| l.starts_with(&row))
            .expect("a guess row");
        assert!(
            line.contains(&format!("| {error} | {searches} |")),
            "{line}"
        );
    }

    // PVS and MTD(f) against F2, their medians from the records.
    for algo in ["pvs", "mtdf"] {
        let r = records.iter().find(|r| r.algo.name() == algo).unwrap();
        let row = format!(
            "| {algo} | 1 | {} | {} |",
            format::count(r.leaves as f64),
            format::count(r.nodes as f64)
        );
        assert!(md.contains(&row), "{row}\n{md}");
    }

    // Node kinds per level, and the predictions that held.
    let kinds = w.kinds.as_ref().unwrap();
    let held: u64 = kinds.held.iter().sum();
    let internal: u64 = (0..kinds.held.len()).map(|d| kinds.nodes_at(d)).sum();
    assert!(
        md.contains(&format!("{held} of {internal} predictions held")),
        "{md}"
    );
    assert!(md.contains(&format!(
        "| 0 | {} | {} | {} |",
        kinds.actual.pv[0], kinds.actual.cut[0], kinds.actual.all[0]
    )));

    // The figure: one marker per finite window.
    let svg = svg.expect("windows.svg with a finite window");
    assert!(svg.contains("root window"), "{svg}");
    assert!(md.contains("![Leaves examined against the root window's width](windows.svg)"));
}

#[test]
fn on_a_perfectly_ordered_tree_every_kind_prediction_holds() {
    let spec = ModelSpec {
        ordering: 1.0,
        ..ModelSpec::new(Model::Ordered, 3, 4, 1)
    };
    let kinds = SerialOptions {
        kinds: true,
        ..SerialOptions::default()
    };
    let mut records = measured(spec.clone(), "f2-iter", SerialOptions::default());
    records.extend(measured(spec, "f2", kinds));
    let k = records[1].kinds.as_ref().unwrap();
    let internal: u64 = (0..k.held.len()).map(|d| k.nodes_at(d)).sum();
    let (md, svg) = report_of(&records);
    assert!(
        md.contains(&format!(
            "{internal} of {internal} predictions held (100.0 %)"
        )),
        "{md}"
    );
    // Kinds without a finite window: the section, but no figure.
    assert!(svg.is_none());
}

#[test]
fn a_rebuilt_report_has_the_same_windows_section() {
    let mut records = measured(random(2), "f2-iter,pvs,mtdf", SerialOptions::default());
    let narrow = SerialOptions {
        window: Window::new(records[0].value - 5, records[0].value + 5).unwrap(),
        kinds: true,
        ..SerialOptions::default()
    };
    records.extend(measured(random(2), "f2,f2-iter", narrow));
    let run = tempfile::tempdir().unwrap();
    let results = Results {
        records,
        unfinished: Vec::new(),
        torn_line: None,
    };
    write_run_folder(run.path(), &results, None).unwrap();
    let out = tempfile::tempdir().unwrap();
    rebuild_report(&run.path().join(RESULTS_FILE), out.path()).unwrap();
    for name in [REPORT_FILE, "windows.svg"] {
        assert_eq!(
            std::fs::read(run.path().join(name)).unwrap(),
            std::fs::read(out.path().join(name)).unwrap(),
            "{name}"
        );
    }
}
