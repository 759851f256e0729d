//! The hostile inputs of the other tests, again with generated values: records whose
//! statistics cannot be, a results file cut at any byte of its last line, `--window`
//! ends at and past the edges of a value, simulator costs past what virtual time holds,
//! an output path that is one of the inputs or a file of a run's report, spelled in
//! several ways, and the parts of a sharded sweep whose files disagree. Whatever the
//! values, each must keep its promise: a refusal is exit code 2 and one line on stderr
//! that names what was wrong, never a panic, never a wrapped figure, and nothing written
//! or replaced.

use assert_cmd::Command;
use proptest::prelude::*;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Output;

/// A committed run: the first [`LINES`] of its records are the fixture.
const RUN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../results/tests/data/runs/2026-11-22-vm"
);

/// A committed run with a cost profile and a `machine.json` that says it is complete.
const PROFILED_RUN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/runs/2026-11-25-xeon16"
);

/// How many records of [`RUN`] the fixture holds.
const LINES: usize = 24;

/// Cases per property: each case runs a few processes.
const CASES: u32 = 16;

/// [`CASES`] cases; a failing case is kept in `hostile.proptest-regressions` beside this
/// file (proptest's default), and every later run tries the kept ones first: commit the
/// file with the fix.
fn config() -> ProptestConfig {
    ProptestConfig::with_cases(CASES)
}

/// The first [`LINES`] records of [`RUN`], each with its newline.
fn fixture() -> Vec<String> {
    std::fs::read_to_string(format!("{RUN}/results.jsonl"))
        .unwrap()
        .lines()
        .take(LINES)
        .map(|line| format!("{line}\n"))
        .collect()
}

/// `abbench args` in `dir`, with backtraces asked for: a panic would show one.
fn run_in(dir: &Path, args: &[String]) -> Output {
    Command::cargo_bin("abbench")
        .unwrap()
        .args(args)
        .current_dir(dir)
        .env("RUST_BACKTRACE", "1")
        .output()
        .unwrap()
}

/// Every file under `dir` with its bytes.
fn listing(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path.clone());
                files.insert(path.display().to_string(), Vec::new());
            } else {
                files.insert(path.display().to_string(), std::fs::read(&path).unwrap());
            }
        }
    }
    files
}

/// Checks that `output` is a refusal: exit code 2, nothing on stdout, and one line on
/// stderr, `abbench: error: …`, containing each of `words`, with no panic or
/// backtrace. Returns the line.
fn refusal(args: &[String], output: &Output, words: &[&str]) -> Result<String, TestCaseError> {
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let what = format!(
        "abbench {}: exit {:?}, stderr {stderr:?}",
        args.join(" "),
        output.status.code()
    );
    prop_assert_eq!(output.status.code(), Some(2), "{}", what);
    prop_assert!(output.stdout.is_empty(), "{}: wrote on stdout", what);
    prop_assert_eq!(stderr.lines().count(), 1, "{}", what);
    prop_assert!(stderr.starts_with("abbench: error: "), "{}", what);
    for hint in ["panicked", "RUST_BACKTRACE", "stack backtrace"] {
        prop_assert!(!stderr.contains(hint), "{}", what);
    }
    for word in words {
        prop_assert!(stderr.contains(word), "{}: lacks {:?}", what, word);
    }
    Ok(stderr)
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

/// A way a record's figures cannot be, with the values that make it so.
#[derive(Clone, Debug)]
enum Bogus {
    /// `threads` is 0.
    NoThreads,
    /// `nps` is this negative number.
    NegativeNps(f64),
    /// `nps` is this text: a number past what a float holds, or not a JSON number.
    NonFiniteNps(&'static str),
    /// `wall_ns.median` is `max + k` (or `min - k` when the flag is set and min > k).
    MedianOutside(u64, bool),
    /// `wall_ns.median_ci` is `[high, low]` with `high − low` the given positive gap,
    /// or an interval reaching past max by the gap when the flag is set.
    BadInterval(u64, bool),
    /// `wall_ns.samples` is empty.
    NoSamples,
    /// `table.hit_rate` is this number outside 0 … 1.
    HitRate(f64),
}

fn bogus() -> impl Strategy<Value = Bogus> {
    prop_oneof![
        Just(Bogus::NoThreads),
        prop_oneof![-1e300..-1e-300f64, Just(-1.0), Just(-f64::MIN_POSITIVE)]
            .prop_map(Bogus::NegativeNps),
        prop::sample::select(vec!["1e400", "-1e999", "NaN", "Infinity", "-inf"])
            .prop_map(Bogus::NonFiniteNps),
        (1..u64::MAX / 4, any::<bool>()).prop_map(|(k, low)| Bogus::MedianOutside(k, low)),
        (1..1_000_000u64, any::<bool>()).prop_map(|(gap, past)| Bogus::BadInterval(gap, past)),
        Just(Bogus::NoSamples),
        prop_oneof![
            1.0 + f64::EPSILON..1e300f64,
            -1e300..-1e-300f64,
            Just(1.0000001)
        ]
        .prop_map(Bogus::HitRate),
    ]
}

/// `record` (one line of JSON, with its newline) made bogus.
fn spoil(record: &str, how: &Bogus) -> String {
    let mut r: Value = serde_json::from_str(record).unwrap();
    let min = r["wall_ns"]["min"].as_u64().unwrap();
    let max = r["wall_ns"]["max"].as_u64().unwrap();
    match how {
        Bogus::NoThreads => r["threads"] = 0.into(),
        Bogus::NegativeNps(x) => r["nps"] = (*x).into(),
        Bogus::NonFiniteNps(text) => {
            r["nps"] = "NPS".into();
            return format!("{}\n", r.to_string().replace("\"NPS\"", text));
        }
        Bogus::MedianOutside(k, low) => {
            r["wall_ns"]["median"] = if *low && min > *k {
                min - k
            } else {
                max.saturating_add(*k)
            }
            .into();
        }
        Bogus::BadInterval(gap, past) => {
            let ci = if *past {
                [min, max + gap]
            } else {
                let high = (min + gap).min(max).max(min + 1);
                [high, high - 1 - (gap % (high - min))]
            };
            r["wall_ns"]["median_ci"] = serde_json::json!(ci);
        }
        Bogus::NoSamples => r["wall_ns"]["samples"] = serde_json::json!([]),
        Bogus::HitRate(x) => {
            r["table"] = serde_json::json!({"probes": 10, "hits": 5, "stores": 5, "hit_rate": x});
        }
    }
    format!("{r}\n")
}

proptest! {
    #![proptest_config(config())]

    /// A record with figures that cannot be, on any line: report, compare and export
    /// each refuse the file naming that line, and write nothing.
    #[test]
    fn a_record_that_cannot_be_is_refused_naming_its_line(
        how in bogus(),
        line in 0..LINES,
        format in prop::sample::select(vec![
            "bencher", "custom-smaller-is-better", "custom-bigger-is-better", "criterion",
            "libtest",
        ]),
        bad_first in any::<bool>(),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let mut records = fixture();
        std::fs::write(d.join("good.jsonl"), records.concat()).unwrap();
        records[line] = spoil(&records[line], &how);
        std::fs::write(d.join("bad.jsonl"), records.concat()).unwrap();
        let before = listing(d);
        let named = format!("bad.jsonl:{}: ", line + 1);
        let (first, second) = if bad_first {
            ("bad.jsonl", "good.jsonl")
        } else {
            ("good.jsonl", "bad.jsonl")
        };
        for args in [
            strings(&["report", "bad.jsonl", "--out", "out"]),
            strings(&["compare", first, second]),
            strings(&["export", "bad.jsonl", "--format", format]),
            strings(&["export", "bad.jsonl", "--format", format, "--out", "out.txt"]),
        ] {
            let output = run_in(d, &args);
            refusal(&args, &output, &[&named])?;
            prop_assert!(listing(d) == before, "abbench {}: wrote a file", args.join(" "));
        }
    }

    /// A results file cut at any byte of its last line, as a writer killed mid-line
    /// leaves it: report keeps every whole line before it and marks the run incomplete;
    /// compare and export refuse it as incomplete.
    #[test]
    fn a_file_cut_inside_its_last_line_keeps_the_lines_before_it(fraction in 0.0..1.0f64) {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        // The serial searches' records: the report simulates no parallel search.
        let records: Vec<String> = fixture()
            .into_iter()
            .filter(|r| {
                let record: Value = serde_json::from_str(r).unwrap();
                ["f1", "f2", "f2-iter"].contains(&record["algo"].as_str().unwrap())
            })
            .collect();
        let lines = records.len();
        let whole = records.concat();
        let last = whole.len() - records[lines - 1].len();
        // At least the newline goes, at most all but the first byte of the line.
        let cut = last + 1 + ((whole.len() - last - 1) as f64 * fraction) as usize;
        let cut = cut.min(whole.len() - 1);
        std::fs::create_dir(d.join("run")).unwrap();
        std::fs::write(d.join("run/results.jsonl"), &whole.as_bytes()[..cut]).unwrap();
        // As a sweep leaves it: the machine beside the records.
        std::fs::copy(format!("{PROFILED_RUN}/machine.json"), d.join("run/machine.json"))
            .unwrap();
        let torn = format!("line {lines} of results.jsonl is torn");

        let args = strings(&["report", "run/results.jsonl", "--out", "report"]);
        let output = run_in(d, &args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        prop_assert_eq!(output.status.code(), Some(0), "cut at {}: {}", cut, stderr);
        prop_assert!(!stderr.contains("panicked"), "{}", stderr);
        prop_assert!(
            stderr.contains("INCOMPLETE RUN") && stderr.contains(&torn),
            "cut at {}: {}", cut, stderr
        );
        let report = std::fs::read_to_string(d.join("report/report.md")).unwrap();
        prop_assert!(report.contains("INCOMPLETE RUN") && report.contains(&torn));
        let summary = std::fs::read_to_string(d.join("report/summary.csv")).unwrap();
        prop_assert_eq!(summary.lines().count(), lines, "a header and every whole line");

        let before = listing(d);
        let incomplete = format!("results.jsonl:{lines}: the run is incomplete");
        for args in [
            strings(&["compare", "run/results.jsonl", "run/results.jsonl"]),
            strings(&["export", "run/results.jsonl", "--format", "bencher"]),
            strings(&["export", "run/results.jsonl", "--format", "libtest", "--out", "x"]),
        ] {
            let output = run_in(d, &args);
            refusal(&args, &output, &[&incomplete, &torn])?;
            prop_assert!(listing(d) == before, "abbench {}: wrote a file", args.join(" "));
        }
    }
}

/// One end of a `--window`, as text, and whether it is a value the option takes.
fn window_end() -> impl Strategy<Value = (String, bool)> {
    prop_oneof![
        // Values, from one past the lowest to the highest, and the infinities.
        (i64::MIN + 1..=i64::MAX).prop_map(|v| (v.to_string(), true)),
        prop::sample::select(vec![
            "inf",
            "-inf",
            "9223372036854775807",
            "-9223372036854775807",
            "0",
        ])
        .prop_map(|s| (s.to_string(), true)),
        // Past what a value holds.
        Just(("-9223372036854775808".to_string(), false)),
        (1u32..=20, any::<u64>()).prop_map(|(digits, v)| {
            let text = format!("{}{v:020}", "9".repeat(digits as usize));
            (text, false)
        }),
        (1u32..=20, any::<u64>()).prop_map(|(digits, v)| {
            let text = format!("-{}{v:020}", "9".repeat(digits as usize));
            (text, false)
        }),
        // Not numbers.
        "[a-z+.]{1,6}|[0-9]+[eE.x][0-9]+|--[0-9]+"
            .prop_filter("not an infinity", |s| s != "inf")
            .prop_map(|s| (s, false)),
    ]
}

/// The value a window end stands for, where it is one.
fn end_value(text: &str) -> i64 {
    match text {
        "inf" => i64::MAX,
        "-inf" => -i64::MAX,
        _ => text.parse().unwrap(),
    }
}

proptest! {
    #![proptest_config(config())]

    /// A `--window` with an end past a value's range, an end that is not a number, or
    /// ends that leave it empty: one line naming the end as given (never a figure
    /// wrapped around), exit 2.
    #[test]
    fn a_window_that_cannot_be_is_refused_as_given(
        (low, low_ok) in window_end(),
        (high, high_ok) in window_end(),
        command in prop::sample::select(vec!["run", "verify"]),
    ) {
        let empty = low_ok && high_ok && end_value(&low) >= end_value(&high);
        prop_assume!(!(low_ok && high_ok) || empty);
        let dir = tempfile::tempdir().unwrap();
        let window = format!("--window={low},{high}");
        let args = strings(&[command, "--degree", "2", "--height", "2", &window]);
        let output = run_in(dir.path(), &args);
        let line = refusal(&args, &output, &["--window"])?;
        if !low_ok {
            prop_assert!(line.contains(&format!("window end '{low}'"))
                || line.contains(&format!("window end {low} ")), "{}", line);
        } else if !high_ok {
            prop_assert!(line.contains(&format!("window end '{high}'"))
                || line.contains(&format!("window end {high} ")), "{}", line);
        } else {
            let name = |t: &str| match end_value(t) {
                i64::MAX => "inf".to_string(),
                v if v == -i64::MAX => "-inf".to_string(),
                v => v.to_string(),
            };
            let words = format!("window {},{} is empty", name(&low), name(&high));
            prop_assert!(line.contains(&words), "{}: lacks {:?}", line, words);
        }
    }
}

/// Checks a simulation that ran: every time is one that virtual time holds, no
/// processor count finishes before its share of the positions, and one processor takes
/// at least its whole work.
fn sane(stdout: &[u8]) -> Result<(), TestCaseError> {
    let text = String::from_utf8_lossy(stdout);
    let mut simulations = 0;
    for line in text.lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        if record["kind"] != "simulation" {
            continue;
        }
        simulations += 1;
        let time = record["virtual_time"].as_u64().unwrap();
        let threads = record["threads"].as_u64().unwrap();
        let positions = record["processor_time"]["positions"].as_u64().unwrap();
        prop_assert!(time < 1 << 62, "a wrapped time: {}", line);
        prop_assert!(
            u128::from(time) * u128::from(threads) >= u128::from(positions),
            "finishes before its positions: {}",
            line
        );
        if threads == 1 {
            prop_assert!(time >= record["nodes"].as_u64().unwrap(), "{}", line);
        }
    }
    prop_assert!(simulations > 0, "{}", text);
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    /// Any `--position-ns` more than 0, down to the smallest float: simulated figures
    /// virtual time holds, or one line saying which event costs too much.
    #[test]
    fn a_tiny_position_time_never_wraps_virtual_time(
        // Half near the edge, where some costs fit and some do not.
        exponent in prop_oneof![-8i32..3, -320i32..-8],
        mantissa in 1.0..10.0f64,
    ) {
        let ns = mantissa * 10f64.powi(exponent);
        prop_assume!(ns > 0.0);
        let dir = tempfile::tempdir().unwrap();
        let args = strings(&[
            "simulate", "--procs", "1,2,16", "--position-ns", &format!("{ns:e}"), "--json",
        ]);
        let output = run_in(dir.path(), &args);
        if output.status.code() == Some(0) {
            sane(&output.stdout)?;
        } else {
            refusal(&args, &output, &[
                "--position-ns",
                "more than the simulator's virtual time holds",
            ])?;
        }
    }

    /// A cost profile with any event's cost up to 1e300 nanoseconds: simulated figures
    /// virtual time holds, or one line naming the profile and the event.
    #[test]
    fn a_huge_event_cost_never_wraps_virtual_time(
        event in prop::sample::select(vec![
            "split-point", "serial-search", "offer", "steal", "bound-update", "abort",
        ]),
        exponent in prop_oneof![0i32..12, 12i32..300],
        mantissa in 1.0..10.0f64,
    ) {
        let dir = tempfile::tempdir().unwrap();
        let text = std::fs::read_to_string(format!("{PROFILED_RUN}/calibration.json")).unwrap();
        let mut profile: Value = serde_json::from_str(&text).unwrap();
        profile["events"][event]["nanos"] = (mantissa * 10f64.powi(exponent)).into();
        std::fs::write(dir.path().join("profile.json"), profile.to_string()).unwrap();
        let args = strings(&[
            "simulate", "--calibration", "profile.json", "--procs", "1,2,16", "--json",
        ]);
        let output = run_in(dir.path(), &args);
        let nanos = mantissa * 10f64.powi(exponent);
        if output.status.code() == Some(0) {
            sane(&output.stdout)?;
        } else if nanos > 1e12 {
            // Beyond 1000 s an event's cost is no measurement: the profile is refused.
            let words = format!("invalid events.{}.nanos", event.replace('-', "_"));
            refusal(&args, &output, &["profile.json", &words, "must be at most 1e12"])?;
        } else {
            let words = format!("makes a {} event cost", event.replace('-', "_"));
            refusal(&args, &output, &[
                "profile.json",
                &words,
                "more than the simulator's virtual time holds",
            ])?;
        }
    }
}

/// A command whose output path is a file of a run folder it reads or did not create.
#[derive(Clone, Debug)]
enum Overwrite {
    /// `export RUN --out RUN/results.jsonl`.
    ExportFolder,
    /// `export RUN/results.jsonl --out RUN/results.jsonl`.
    ExportFile,
    /// `simulate --svg RUN/FILE`.
    SimulateSvg(&'static str),
    /// `simulate --calibration RUN --svg RUN/calibration.json`.
    SimulateProfile,
    /// `export RUN --out RUN/FILE`, a file of the run's report.
    ExportReport(&'static str),
    /// `tree --write RUN/results.jsonl`.
    TreeWrite,
    /// `calibrate --out RUN/machine.json`.
    Calibrate,
}

/// The files of the run folder `run`, spelled as a path from `dir` in one of several
/// ways: the same file by any name must be refused.
fn spelled(spelling: usize, file: &str) -> String {
    match spelling {
        0 => format!("run/{file}"),
        1 => format!("./run/{file}"),
        2 => format!("run/./{file}"),
        3 => format!("run/../run/{file}"),
        _ => format!("run//{file}"),
    }
}

fn overwrite() -> impl Strategy<Value = Overwrite> {
    prop_oneof![
        Just(Overwrite::ExportFolder),
        Just(Overwrite::ExportFile),
        prop::sample::select(vec![
            "results.jsonl",
            "machine.json",
            "calibration.json",
            "shards.json",
            "summary.csv",
            "report.md",
            "speedup.svg",
            "theory.svg",
        ])
        .prop_map(Overwrite::SimulateSvg),
        prop::sample::select(vec!["shards.json", "summary.csv", "report.md", "nps.svg"])
            .prop_map(Overwrite::ExportReport),
        Just(Overwrite::SimulateProfile),
        Just(Overwrite::TreeWrite),
        Just(Overwrite::Calibrate),
    ]
}

proptest! {
    #![proptest_config(config())]

    /// An output path that is a run folder's measurements, by whatever spelling: exit 2
    /// before any work, one line, and every byte of the folder as it was.
    #[test]
    fn an_output_that_is_an_input_is_refused_and_the_input_kept(
        what in overwrite(),
        spelling in 0usize..5,
        absolute in any::<bool>(),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir(d.join("run")).unwrap();
        std::fs::write(d.join("run/results.jsonl"), fixture().concat()).unwrap();
        for file in ["machine.json", "calibration.json"] {
            std::fs::copy(format!("{PROFILED_RUN}/{file}"), d.join("run").join(file)).unwrap();
        }
        // The files a report and a merge draw from the records, which nothing else
        // may replace either.
        for file in ["shards.json", "summary.csv", "report.md", "speedup.svg", "theory.svg", "nps.svg"] {
            std::fs::write(d.join("run").join(file), "drawn from the run's records\n").unwrap();
        }
        let at = |file: &str| {
            let path = spelled(spelling, file);
            if absolute {
                d.join(path).display().to_string()
            } else {
                path
            }
        };
        let args = match &what {
            Overwrite::ExportFolder => vec![
                "export".into(), "run".into(), "--format".into(), "bencher".into(),
                "--out".into(), at("results.jsonl"),
            ],
            Overwrite::ExportFile => vec![
                "export".into(), at("results.jsonl"), "--format".into(), "libtest".into(),
                "--out".into(), at("results.jsonl"),
            ],
            Overwrite::ExportReport(file) => vec![
                "export".into(), "run".into(), "--format".into(), "bencher".into(),
                "--out".into(), at(file),
            ],
            Overwrite::SimulateSvg(file) => vec![
                "simulate".into(), "--procs".into(), "1,2".into(), "--svg".into(), at(file),
            ],
            Overwrite::SimulateProfile => vec![
                "simulate".into(), "--calibration".into(), "run".into(), "--procs".into(),
                "1,2".into(), "--svg".into(), at("calibration.json"),
            ],
            Overwrite::TreeWrite => vec![
                "tree".into(), "--degree".into(), "2".into(), "--height".into(), "2".into(),
                "--write".into(), at("results.jsonl"),
            ],
            Overwrite::Calibrate => vec!["calibrate".into(), "--out".into(), at("machine.json")],
        };
        let before = listing(d);
        let started = std::time::Instant::now();
        let output = run_in(d, &args);
        refusal(&args, &output, &["of the run folder"])?;
        prop_assert!(started.elapsed().as_secs() < 20, "refused only after the work");
        prop_assert!(listing(d) == before, "abbench {}: changed the run folder", args.join(" "));
    }
}

/// A small suite swept in two parts, and a sweep of another suite whose records can be
/// slipped into a part: made once, copied for each case.
struct Parts {
    root: std::path::PathBuf,
}

const PART_SUITE: &str = r#"
name = "hostile-parts"
repeat = 1
warmup = 0
threads = [1, 2]
algo = ["f2-iter", "ybwc"]

[[workload]]
model = "random"
degree = 3
height = 4
seed = 1
trees = 4
"#;

fn parts() -> &'static Parts {
    static PARTS: std::sync::OnceLock<Parts> = std::sync::OnceLock::new();
    PARTS.get_or_init(|| {
        let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile-parts");
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        let suite = root.join("suite.toml");
        std::fs::write(&suite, PART_SUITE).unwrap();
        let other = root.join("other.toml");
        std::fs::write(&other, PART_SUITE.replace("seed = 1", "seed = 9")).unwrap();
        let sweep = |suite: &Path, out: &str, extra: &[&str]| {
            let mut args = strings(&["-q", "sweep", "--suite"]);
            args.push(suite.display().to_string());
            args.extend(strings(&["--out", out]));
            args.extend(strings(extra));
            let output = run_in(&root, &args);
            assert!(
                output.status.success(),
                "{}",
                String::from_utf8_lossy(&output.stderr)
            );
        };
        sweep(&suite, "part1", &["--shard", "1/2"]);
        sweep(&suite, "part2", &["--shard", "2/2"]);
        sweep(&other, "other", &[]);
        Parts { root }
    })
}

/// A way a part's files can disagree with each other.
#[derive(Clone, Debug)]
enum Spoiled {
    /// The part's `shard.json` is the other part's, its index edited to this part's when
    /// the flag is set.
    OtherManifest(bool),
    /// A line of another suite's sweep (by number) inserted before this line (modulo).
    Foreign(usize, usize),
    /// A line repeated (by number, modulo), the copy inserted before another line.
    Repeated(usize, usize),
    /// A line removed (by number, modulo).
    Removed(usize),
}

fn spoiled() -> impl Strategy<Value = (usize, Spoiled)> {
    let how = prop_oneof![
        any::<bool>().prop_map(Spoiled::OtherManifest),
        (0usize..100, 0usize..100).prop_map(|(a, b)| Spoiled::Foreign(a, b)),
        (0usize..100, 0usize..100).prop_map(|(a, b)| Spoiled::Repeated(a, b)),
        (0usize..100).prop_map(Spoiled::Removed),
    ];
    (1usize..=2, how)
}

fn lines_of(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| format!("{l}\n"))
        .collect()
}

proptest! {
    #![proptest_config(config())]

    /// A part whose records, `shard.json` or lines disagree — another part's manifest,
    /// a line of another run, a line twice or missing — is refused: exit 2, one line,
    /// nothing written, the parts as they were.
    #[test]
    fn a_part_whose_files_disagree_is_refused_and_nothing_is_written(
        (part, how) in spoiled(),
    ) {
        let fixture = parts();
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        for k in 1..=2 {
            let to = d.join(format!("part{k}"));
            std::fs::create_dir(&to).unwrap();
            for name in ["results.jsonl", "machine.json", "shard.json"] {
                std::fs::copy(fixture.root.join(format!("part{k}")).join(name), to.join(name))
                    .unwrap();
            }
        }
        let spoilt = d.join(format!("part{part}"));
        let results = spoilt.join("results.jsonl");
        let mut lines = lines_of(&results);
        let words: &[&str] = match &how {
            Spoiled::OtherManifest(edit) => {
                let other = d.join(format!("part{}", 3 - part)).join("shard.json");
                let mut manifest: Value =
                    serde_json::from_str(&std::fs::read_to_string(other).unwrap()).unwrap();
                if *edit {
                    manifest["shard"]["index"] = part.into();
                }
                std::fs::write(spoilt.join("shard.json"), manifest.to_string()).unwrap();
                if *edit { &["does not hold what its shard.json says"] } else { &["given twice"] }
            }
            Spoiled::Foreign(line, at) => {
                let foreign = lines_of(&fixture.root.join("other/results.jsonl"));
                let at = at % (lines.len() + 1);
                lines.insert(at, foreign[line % foreign.len()].clone());
                &["does not hold what its shard.json says"]
            }
            Spoiled::Repeated(line, at) => {
                let copy = lines[line % lines.len()].clone();
                let at = at % (lines.len() + 1);
                lines.insert(at, copy);
                &["does not hold what its shard.json says", "twice"]
            }
            Spoiled::Removed(line) => {
                let line = line % lines.len();
                lines.remove(line);
                &["does not hold what its shard.json says", "removed"]
            }
        };
        std::fs::write(&results, lines.concat()).unwrap();
        let before = listing(d);
        let args = strings(&["merge", "part1", "part2", "--out", "merged"]);
        let output = run_in(d, &args);
        refusal(&args, &output, words)?;
        prop_assert!(listing(d) == before, "abbench {}: wrote or changed files", args.join(" "));
    }
}
