//! `abbench run`: measure algorithms on seeded trees (design: "Command line", "Metrics").
//!
//! For every tree of the tree options `abbench_measure::measure` runs every algorithm,
//! the parallel ones at every thread count, `repeat` timed runs after `warmup` untimed ones, each
//! result checked against serial F2. `--json` prints each record as one JSON line
//! (schema 1, `abbench_results::Record`); otherwise an aligned table follows the last tree.
//! A result that does not match serial F2 (or a Connect Four position's published score,
//! `--score` or a positions file's) is printed like the others and then fails the run
//! (exit 1).
//!
//! With `--time-limit` a search that reaches the limit gives no result: `--json` prints
//! it as a `"timed_out": true` line without a value, the table as a row marked `timed
//! out`, and the run then exits 1 naming it. A search that fails (a worker thread
//! panicked) is shown the same way, marked `FAILED`, and also exits 1. Work estimated to
//! take over ten minutes asks for `--force` (exit 2) before anything runs.

use crate::failure::Failure;
use crate::progress;
use crate::search_args::{MAX_RUNS, SearchArgs};
use crate::table::{Align, Table};
use crate::tree_args::TreeArgs;
use abbench_measure::{MeasureConfig, Pools, measure};
use abbench_results::{Algorithm, Record, Unfinished, available_threads};
use clap::Args;
use std::io::Write;

/// Options of `abbench run`.
#[derive(Debug, Args)]
pub struct RunCommand {
    /// The trees.
    #[command(flatten)]
    pub tree: TreeArgs,

    /// The algorithms and thread counts.
    #[command(flatten)]
    pub search: SearchArgs,

    /// Timed runs per algorithm and thread count, 1 ..= 1000000.
    #[arg(long, value_name = "K", default_value_t = 5, allow_negative_numbers = true,
          value_parser = clap::value_parser!(u32).range(1..=MAX_RUNS))]
    pub repeat: u32,

    /// Untimed runs before the timed ones, 0 ..= 1000000: at least this many and, above 0,
    /// as many more as fill 50 ms.
    #[arg(long, value_name = "W", default_value_t = 1, allow_negative_numbers = true,
          value_parser = clap::value_parser!(u32).range(0..=MAX_RUNS))]
    pub warmup: u32,

    /// What the parallel searches' second speedup is against: `fastest` measures every
    /// exact serial search (f2-iter, f2-soft, pvs, aspiration, mtdf) on each tree as
    /// well and names the fastest, stopping one not asked for once it has run twice as
    /// long as the fastest so far (at least 100 ms); `f2-iter` measures only the serial
    /// algorithms given, and the speedups are against f2-iter alone.
    #[arg(long, value_name = "fastest|f2-iter", default_value = "fastest", value_parser = ["fastest", "f2-iter"], help_heading = "Search")]
    pub baseline: String,

    /// Print one JSON object per line (schema 1) instead of a table.
    #[arg(long)]
    pub json: bool,
}

impl RunCommand {
    /// Runs the subcommand; results go to `out`.
    pub fn run(&self, out: &mut impl Write) -> Result<(), Failure> {
        self.note_unread_options();
        let specs = self.tree.specs()?;
        let algos = self.search.algorithms();
        let threads = self.search.thread_counts();
        let runs = u64::from(self.repeat) + u64::from(self.warmup);
        let candidates = self.serial_candidates();
        // Serial searches run once more to count per depth; f2-iter is always measured.
        self.search.check_estimate_of(
            &abbench_measure::with_serial_candidates(algos, candidates),
            &specs,
            runs + 1,
            runs + 1,
            "this run",
        )?;
        self.note_the_unasked_work(&specs, runs + 1, candidates);
        let config = self.config(candidates);
        let mut pools = Pools::new(config.pin_threads);
        let bar = progress::bar(specs.len() as u64, "run");
        let mut table = RunTable::new(
            &fastest_serial_heading(algos, candidates),
            self.tree.positions.is_some(),
        );
        let mut unverified: Vec<String> = Vec::new();
        let mut unfinished: Vec<Unfinished> = Vec::new();
        // Positions of a game decided at the root: their searches examine one position.
        let mut decided = std::collections::BTreeSet::new();
        // The first failed write to stdout (the reader gone, a full disk) ends the
        // measuring: nothing more could be shown.
        let mut written: std::io::Result<()> = Ok(());
        for spec in &specs {
            if progress::stdout_closed() {
                written = Err(std::io::ErrorKind::BrokenPipe.into());
            }
            if written.is_err() {
                break;
            }
            let results = measure(spec, algos, threads, &config, &mut pools)?;
            for record in &results.records {
                if !record.verified {
                    unverified.push(describe(record));
                }
                if record.nodes <= 1 && record.tree.position.is_some() {
                    decided.insert(record.tree.key());
                }
                if !self.json {
                    table.push(record);
                } else if written.is_ok() {
                    written = bar.suspend(|| write_json(out, record));
                }
            }
            for line in &results.unfinished {
                if !self.json {
                    table.push_unfinished(line);
                } else if written.is_ok() {
                    written = bar.suspend(|| write_json(out, line));
                }
            }
            // A candidate stopped as slower than the fastest serial search: no failure.
            unfinished.extend(results.unfinished.into_iter().filter(|u| !u.is_outpaced()));
            bar.inc(1);
        }
        bar.finish_and_clear();
        note_decided_positions(decided.len(), specs.len());
        let written = written.and_then(|()| {
            if !self.json {
                table.write(out)?;
            }
            out.flush()
        });
        // What was measured before the reader went still gives the verdict.
        Failure::after_writing(written, self.verdict(&unverified, &unfinished))
    }

    /// A note for each option given that nothing in this run reads.
    fn note_unread_options(&self) {
        for note in self
            .tree
            .ignored_options()
            .into_iter()
            .chain(
                self.search
                    .ignored_options_measuring(self.measures_candidates()),
            )
            .chain(self.search.unread_threads_note(&[1]))
        {
            crate::progress::note(&note);
        }
    }

    /// The run's exit: a failure when a result disagreed with serial F2 or a search
    /// gave none, else success, with a note if threads were oversubscribed.
    fn verdict(&self, unverified: &[String], unfinished: &[Unfinished]) -> Result<(), Failure> {
        match unverified {
            [] if !unfinished.is_empty() => Err(Failure::failed(unfinished_message(unfinished))),
            [] => {
                if let Some(note) = self.search.oversubscription_note(available_threads()) {
                    progress::note(&note);
                }
                Ok(())
            }
            [only] => Err(Failure::failed(format!("MISMATCH against {only}"))),
            [first, rest @ ..] => Err(Failure::failed(format!(
                "MISMATCH against {first} (and {} more results)",
                rest.len()
            ))),
        }
    }
}

/// A note, where `decided` of the run's `positions` are decided at the root: their times
/// are no search's.
fn note_decided_positions(decided: usize, positions: usize) {
    if decided > 0 {
        progress::note(&format!(
            "{decided} of the {positions} positions are decided at the root: each search \
             there examines one position, so its time is a search's set-up, not a search"
        ));
    }
}

/// One line on the searches that gave no result: failures first, each named, then how
/// many reached the time limit.
pub fn unfinished_message(unfinished: &[Unfinished]) -> String {
    let failed: Vec<&Unfinished> = unfinished.iter().filter(|u| u.is_failure()).collect();
    let timed_out: Vec<&Unfinished> = unfinished.iter().filter(|u| u.timed_out).collect();
    let mut parts = Vec::new();
    if let Some(first) = failed.first() {
        let more = match failed.len() {
            1 => String::new(),
            n => format!(" (and {} more failed searches)", n - 1),
        };
        parts.push(format!(
            "{} {}{more}",
            first.search_label(),
            first.outcome()
        ));
    }
    if let Some(first) = timed_out.first() {
        let which = match timed_out.len() {
            1 => format!(
                "1 search reached the time limit and gave no result: {}",
                first.search_label()
            ),
            n => format!(
                "{n} searches reached the time limit and gave no result: {}, and {} more",
                first.search_label(),
                n - 1
            ),
        };
        parts.push(which);
    }
    parts.join("; ")
}

/// Estimated seconds of searches the command line did not name (the serial reference,
/// the default baseline's candidates) past which `run` says what they cost.
const UNASKED_WORK_NOTE_SECONDS: f64 = 30.0;

impl RunCommand {
    /// Notes on the searches `run` adds to those asked for, when they are estimated to
    /// take long: the serial reference f2-iter on every tree, and with `--baseline
    /// fastest` every exact serial search, to name the fastest. `runs` is each search's
    /// runs, the counting one included.
    fn note_the_unasked_work(&self, specs: &[abbench_tree::TreeSpec], runs: u64, candidates: bool) {
        let algos = self.search.algorithms();
        let f2_iter = Algorithm::Serial(abbench_search::SerialAlgorithm::F2Iter);
        let seconds = |algos: &[Algorithm], reference: u64| {
            self.search
                .estimate_of(algos, specs, runs, reference)
                .seconds
        };
        let all = seconds(
            &abbench_measure::with_serial_candidates(algos, candidates),
            runs,
        );
        let human = |s: f64| abbench_results::human_duration(s);
        if !algos.contains(&f2_iter) {
            let reference = seconds(&[], runs);
            if reference > UNASKED_WORK_NOTE_SECONDS {
                progress::note(&format!(
                    "the serial reference f2-iter, which every result is measured against, \
                     runs on every tree as well: about {} of the estimated {}",
                    human(reference),
                    human(all)
                ));
            }
        }
        let added: Vec<String> = abbench_measure::with_serial_candidates(algos, candidates)
            .into_iter()
            .filter(|a| !algos.contains(a) && *a != f2_iter)
            .map(|a| a.to_string())
            .collect();
        let without = seconds(&abbench_measure::with_serial_candidates(algos, false), runs);
        if !added.is_empty() && all - without > UNASKED_WORK_NOTE_SECONDS {
            progress::note(&format!(
                "--baseline fastest also measures {} on every tree, to name the fastest \
                 serial search: at most about {} of the estimated {}, since each stops once \
                 it has run twice as long as the fastest so far; --baseline f2-iter leaves \
                 them out",
                added.join(", "),
                human(all - without),
                human(all)
            ));
        }
    }

    /// Whether `--baseline fastest` asks for every exact serial search beside the
    /// parallel ones.
    fn measures_candidates(&self) -> bool {
        self.baseline == "fastest"
    }

    /// Whether the other exact serial searches are measured beside the parallel ones
    /// (`--baseline fastest`); with `--baseline f2-iter` and a parallel search, a note
    /// that they are not.
    fn serial_candidates(&self) -> bool {
        let candidates = self.measures_candidates();
        if !candidates && self.search.any_parallel() {
            crate::progress::note(
                "--baseline f2-iter: the other exact serial searches are not measured, so no \
                 record names a fastest serial search; speedups are against f2-iter",
            );
        }
        candidates
    }

    /// How to measure.
    fn config(&self, serial_candidates: bool) -> MeasureConfig {
        MeasureConfig {
            repeat: self.repeat as usize,
            warmup: self.warmup as usize,
            settings: self.search.search_options(),
            memory_budget: self.tree.memory_budget(),
            pin_threads: !self.search.no_pin,
            time_reference: true,
            serial_candidates,
            ..MeasureConfig::default()
        }
    }
}

/// The heading of the column that compares a parallel search with the fastest serial
/// search of its tree: "vs fastest serial" when every candidate (`EXACT_SERIAL`) is
/// measured (`--baseline fastest`, or all of them given), else a column that says no
/// fastest serial search was measured: the records name none, and `speedup` is against
/// f2-iter alone.
fn fastest_serial_heading(algos: &[Algorithm], candidates: bool) -> String {
    let parallel = algos.iter().any(|a| a.is_parallel());
    let measured = abbench_measure::with_serial_candidates(algos, candidates);
    let every = abbench_measure::EXACT_SERIAL.iter().all(|&s| {
        s == abbench_search::SerialAlgorithm::F2Iter || measured.contains(&Algorithm::Serial(s))
    });
    if every || !parallel {
        "vs fastest serial".into()
    } else {
        "vs fastest serial (not measured)".into()
    }
}

/// Writes `record` as one JSON line.
fn write_json(out: &mut impl Write, record: &impl serde::Serialize) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, record)?;
    writeln!(out)
}

/// What the record was held to (serial F2, or its tree's published score), then its
/// tree, seed, algorithm and threads, for a message.
fn describe(record: &Record) -> String {
    // A game's position is named by its moves; it has no seed.
    let seed = match record.tree.seed {
        Some(s) if record.tree.position.is_none() => format!(" seed={s}"),
        _ => String::new(),
    };
    let truth = record
        .tree
        .published_value()
        .map_or("serial F2".to_string(), |s| {
            format!("the published score {s}")
        });
    format!(
        "{truth}: {}{seed} {} threads={} (value {}, best move {})",
        record.tree.label(),
        record.algo,
        record.threads,
        record.value,
        best_move(record.best_move)
    )
}

fn best_move(best: Option<usize>) -> String {
    best.map_or("-".to_string(), |m| m.to_string())
}

/// The run's results for people, one row per record.
struct RunTable {
    table: Table,
    /// Whether a game's positions come from a positions file: their seed column shows
    /// the file's line; a position given alone has none.
    lines: bool,
}

impl RunTable {
    /// A table whose column of speedups against the fastest serial search is headed
    /// `fastest`; `lines` as [`RunTable::lines`].
    fn new(fastest: &str, lines: bool) -> Self {
        let table = Table::new(&[
            ("tree", Align::Left),
            ("seed", Align::Right),
            ("algo", Align::Left),
            ("threads", Align::Right),
            ("value", Align::Right),
            ("best", Align::Right),
            ("nodes", Align::Right),
            ("leaves", Align::Right),
            ("median", Align::Right),
            ("Mnps", Align::Right),
            ("speedup", Align::Right),
            ("efficiency", Align::Right),
            ("overhead", Align::Right),
            (fastest, Align::Right),
            ("verified", Align::Left),
        ]);
        RunTable { table, lines }
    }

    /// The seed column of `tree`: a model's seed, a positions file's line (`line 12`),
    /// or `-` for a position given alone, which reads no seed.
    fn seed(&self, tree: &abbench_results::TreeInfo) -> String {
        match tree.seed {
            Some(_) if tree.position.is_some() && !self.lines => "-".to_string(),
            Some(line) if tree.position.is_some() => format!("line {line}"),
            Some(seed) => seed.to_string(),
            None => "-".to_string(),
        }
    }

    fn push(&mut self, record: &Record) {
        let dash = || "-".to_string();
        let (speedup, efficiency, overhead, against_fastest) = match &record.parallel {
            Some(p) => (
                // Against f2-iter, or the serial search that stood in for it.
                match p.serial_algo {
                    Some(serial) => format!("{:.2} ({serial})", p.speedup),
                    None => format!("{:.2}", p.speedup),
                },
                format!("{:.0}%", 100.0 * p.efficiency),
                format!("{:+.1}%", 100.0 * p.search_overhead),
                match (p.speedup_vs_fastest, p.fastest_serial) {
                    (Some(s), Some(fastest)) => format!("{s:.2} ({fastest})"),
                    _ => dash(),
                },
            ),
            None => (dash(), dash(), dash(), dash()),
        };
        let seed = self.seed(&record.tree);
        self.table.push(vec![
            record.tree.label(),
            seed,
            record.algo.to_string(),
            record.threads.to_string(),
            record.value.to_string(),
            best_move(record.best_move),
            record.nodes.to_string(),
            record.leaves.to_string(),
            abbench_results::human_nanos(record.wall_ns.median),
            format!("{:.1}", record.nps / 1e6),
            speedup,
            efficiency,
            overhead,
            against_fastest,
            if record.verified {
                "✓".to_string()
            } else {
                "MISMATCH".to_string()
            },
        ]);
    }

    /// A row for a search without a result: no value, no counts.
    fn push_unfinished(&mut self, line: &Unfinished) {
        let dash = || "-".to_string();
        let mut row = vec![
            line.tree.label(),
            self.seed(&line.tree),
            line.algo.to_string(),
            line.threads.to_string(),
        ];
        row.extend((0..10).map(|_| dash()));
        row.push(match line.outpaced_by {
            _ if line.is_failure() => "FAILED".to_string(),
            // A candidate stopped once it could not be the fastest serial search.
            Some(by) => format!("slower than {by}"),
            None => "timed out".to_string(),
        });
        self.table.push(row);
    }

    fn write(&self, out: &mut impl Write) -> std::io::Result<()> {
        self.table.write(out)
    }
}
