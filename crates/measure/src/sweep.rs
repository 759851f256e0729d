//! Running a suite: every tree of every workload through [`measure()`], thread pools built
//! once and reused, each record handed on as soon as its tree is done, and an event
//! before and after each tree so that a caller can log and draw a progress bar.
//!
//! [`sweep_to_folder`] is the whole of `abbench sweep`: `machine.json` first, then
//! `results.jsonl` streamed record by record, then the summary, report and plots. Its
//! parts are [`RunFolder`] and [`sweep`], for a caller that measures on one thread and
//! may have to finish the folder from another: `abbench sweep` measures on a thread of
//! its own, and on Ctrl-C finishes the folder as interrupted from the main thread,
//! abandoning a search that does not stop at once.

use crate::contention::{CpuSample, other_share};
use crate::{Interrupt, MeasureError, Pools, Suite, measure_series};
use abbench_results::{FolderReport, LOCK_FILE, ResultsWriter, RunStatus, SimulationStopped};
use abbench_results::{MachineInfo, Record, Results, TreeInfo, Unfinished};
use schemars::JsonSchema;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What a sweep reports as it goes, for logs and progress bars.
#[derive(Clone, Copy, Debug)]
pub enum SweepEvent<'a> {
    /// The run folder exists with its `machine.json`, and measuring begins (only
    /// [`sweep_to_folder`] sends this).
    Started {
        /// The run folder.
        folder: &'a Path,
        /// The thread counts of the parallel algorithms.
        threads: &'a [usize],
    },
    /// A tree is about to be measured.
    TreeStarted {
        /// Its number, 1 for the first tree of the suite.
        number: u64,
        /// Trees in the suite.
        total: u64,
        /// The tree.
        tree: &'a TreeInfo,
    },
    /// A tree was measured.
    TreeFinished {
        /// Trees measured so far, this one included.
        done: u64,
        /// Trees in the suite.
        total: u64,
        /// The tree.
        tree: &'a TreeInfo,
        /// Its records, in order.
        records: &'a [Record],
        /// Its searches that timed out or failed.
        unfinished: &'a [Unfinished],
        /// How long measuring it took, verification included.
        elapsed: Duration,
    },
}

/// Runs every tree of `suite` with its workload's algorithms, parallel ones at each of
/// `threads`. Before and after each tree `progress` hears of it; after each tree
/// `on_tree` receives its results, before the `TreeFinished` event. Returns every
/// result.
///
/// A record that fails verification, and a search that times out or fails, does not
/// stop the sweep (each is reported); an error — a tree that cannot be built, a pool that
/// cannot start, an error from `on_tree` — does, and so does `interrupt`, checked before
/// every search ([`MeasureError::Interrupted`]).
pub fn sweep(
    suite: &Suite,
    threads: &[usize],
    interrupt: &Interrupt,
    mut progress: impl FnMut(SweepEvent<'_>),
    mut on_tree: impl FnMut(&Results) -> Result<(), MeasureError>,
) -> Result<Results, MeasureError> {
    let config = crate::MeasureConfig {
        interrupt: interrupt.clone(),
        ..suite.measure_config()
    };
    let mut pools = Pools::new(config.pin_threads);
    if suite
        .workloads
        .iter()
        .any(|w| w.algorithms.iter().any(|a| a.is_parallel()))
    {
        pools.ensure(threads)?;
    }
    let total = suite.tree_count();
    let mut done = 0;
    let mut results = Results::default();
    for workload in &suite.workloads {
        for tree in workload.tree_specs() {
            if interrupt.is_requested() {
                return Err(MeasureError::Interrupted);
            }
            let info = TreeInfo::of(&tree);
            progress(SweepEvent::TreeStarted {
                number: done + 1,
                total,
                tree: &info,
            });
            let started = Instant::now();
            let series = suite.series(workload);
            let measured = measure_series(&tree, &series, threads, &config, &mut pools)?;
            let elapsed = started.elapsed();
            on_tree(&measured)?;
            done += 1;
            progress(SweepEvent::TreeFinished {
                done,
                total,
                tree: &info,
                records: &measured.records,
                unfinished: &measured.unfinished,
                elapsed,
            });
            results.extend(measured);
        }
    }
    Ok(results)
}

/// What [`sweep_to_folder`] or [`RunFolder::finish`] produced.
#[derive(Clone, Debug)]
pub struct SweepOutcome {
    /// Every record, as written to `results.jsonl`.
    pub records: Vec<Record>,
    /// Every search that timed out or failed, as written to `results.jsonl`.
    pub unfinished: Vec<Unfinished>,
    /// Records that failed verification: the CLI should exit non-zero when there are any.
    pub failures: usize,
    /// Why the folder is incomplete (interrupted, or the sweep failed); `None` when every
    /// tree of the suite was measured.
    pub incomplete: Option<String>,
    /// The files written, in order.
    pub files: Vec<PathBuf>,
    /// The summary's first lines, from the [`FolderReport`] that wrote the report.
    pub headline: String,
    /// The thread counts swept.
    pub threads: Vec<usize>,
    /// From the folder's creation to the last file written.
    pub elapsed: Duration,
    /// The share of the machine's CPU time other processes used meanwhile, where known.
    pub other_cpu_share: Option<f64>,
}

impl SweepOutcome {
    /// The path of the file named `name`, if it was written.
    pub fn file(&self, name: &str) -> Option<&Path> {
        self.files
            .iter()
            .map(PathBuf::as_path)
            .find(|p| p.file_name().is_some_and(|n| n == name))
    }

    /// How the sweep ended: complete, interrupted (by a signal) or failed.
    pub fn status(&self) -> SweepStatus {
        match &self.incomplete {
            None => SweepStatus::Complete,
            Some(why) if why.starts_with("interrupted") => SweepStatus::Interrupted,
            Some(_) => SweepStatus::Failed,
        }
    }

    /// The sweep's summary as one JSON object (`abbench sweep --json`): `schema`, `kind`
    /// (`sweep`), the folder's `status` and why it is incomplete, the counts the text
    /// summary gives, and the files written.
    pub fn to_json(&self, folder: &Path) -> serde_json::Value {
        serde_json::to_value(self.summary_line(folder)).expect("a sweep's summary serialises")
    }

    /// The sweep's summary as [`SweepSummary`], the line `sweep --json` prints.
    pub fn summary_line(&self, folder: &Path) -> SweepSummary {
        let status = self.status();
        SweepSummary {
            schema: abbench_results::SCHEMA,
            kind: "sweep",
            folder: folder.display().to_string(),
            status,
            incomplete: self.incomplete.clone(),
            records: self.records.len(),
            unverified: self.failures,
            timed_out: self.unfinished.iter().filter(|u| u.timed_out).count(),
            failed_searches: self.unfinished.iter().filter(|u| u.is_failure()).count(),
            threads: self.threads.clone(),
            elapsed_s: self.elapsed.as_secs_f64(),
            other_cpu_share: self.other_cpu_share.filter(|s| s.is_finite()),
            files: self.files.iter().map(|p| p.display().to_string()).collect(),
        }
    }

    /// A few lines for the end of a sweep: what was measured, whether every result agrees
    /// with serial F2, what timed out or failed, and each parallel workload's median
    /// speedup at the most threads.
    pub fn summary(&self) -> String {
        let mut text = String::new();
        if let Some(why) = &self.incomplete {
            text.push_str(&format!("INCOMPLETE: {why}\n"));
        }
        text.push_str(&self.headline);
        let timed_out = self.unfinished.iter().filter(|u| u.timed_out).count();
        let failed = self.unfinished.iter().filter(|u| u.is_failure()).count();
        if timed_out > 0 {
            text.push_str(&format!(
                "{timed_out} searches reached the time limit (listed in report.md)\n"
            ));
        }
        if failed > 0 {
            text.push_str(&format!("{failed} searches FAILED (listed in report.md)\n"));
        }
        text
    }
}

/// How a sweep ended, for [`RunFolder::finish`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Completion {
    /// Every tree was measured.
    Complete,
    /// Stopped on request (Ctrl-C) before the end.
    Interrupted,
    /// Stopped by an error, given in words.
    Failed(String),
}

impl Completion {
    /// The run's status, and why it is incomplete (unless complete), after `done` of
    /// `trees` trees.
    fn status(&self, done: u64, trees: u64) -> (RunStatus, Option<String>) {
        match self {
            Completion::Complete => (RunStatus::Complete, None),
            Completion::Interrupted => (
                RunStatus::Interrupted,
                Some(format!(
                    "interrupted after {done} of {trees} trees; the results cover only those"
                )),
            ),
            Completion::Failed(why) => (
                RunStatus::Failed,
                Some(format!(
                    "stopped by an error after {done} of {trees} trees ({why}); the results \
                     cover only those"
                )),
            ),
        }
    }
}

/// A sweep's folder while it is written: `machine.json` and `results.jsonl` from
/// [`RunFolder::create`], a tree's results appended as each is measured, then the report
/// from [`RunFolder::finish`]. It may be shared between threads: once finished, it takes
/// no more results, so a search abandoned by an interrupted sweep can write nothing
/// after the report that leaves it out.
pub struct RunFolder {
    /// The folder's lock file, locked exclusively while this value lives.
    _lock: std::fs::File,
    dir: PathBuf,
    threads: Vec<usize>,
    trees: u64,
    started: Instant,
    cpu_before: Option<CpuSample>,
    /// `machine.json` as first written, for [`RunFolder::mark_stopped`].
    machine_at_start: MachineInfo,
    state: Mutex<FolderState>,
}

struct FolderState {
    /// `None` once the folder is finished.
    writer: Option<ResultsWriter>,
    results: Results,
    trees_done: u64,
    machine: MachineInfo,
}

impl RunFolder {
    /// Creates the folder `out` (if needed) for sweeping `suite` at `threads`, and in it
    /// `machine.json` (from `machine`, with the suite's name, thread counts and repeats
    /// filled in) and an empty `results.jsonl`.
    ///
    /// A folder that already holds anything — another run's results, a user's own
    /// `report.md`, a folder named like a file the sweep writes — is refused before
    /// anything is written: a sweep writes only into a new or empty folder, and so never
    /// replaces a file it did not create.
    pub fn create(
        suite: &Suite,
        threads: &[usize],
        out: &Path,
        machine: &MachineInfo,
    ) -> Result<RunFolder, MeasureError> {
        let started = Instant::now();
        if let Some(t) = threads.iter().find(|&&t| t == 0) {
            return Err(MeasureError::InvalidOption {
                parameter: "threads",
                value: t.to_string(),
                expected: "must be at least 1".into(),
            });
        }
        let results_path = out.join(abbench_results::RESULTS_FILE);
        // A folder that holds anything is refused with nothing created in it.
        refuse_used(out)?;
        std::fs::create_dir_all(out).map_err(|e| MeasureError::InvalidOption {
            parameter: "output folder",
            value: out.display().to_string(),
            expected: format!("cannot be created: {e}"),
        })?;
        // Before anything is written: one sweep at a time in a folder; then look again,
        // for a sweep that wrote into it between the first look and the lock.
        let lock = lock_folder(out)?;
        refuse_used(out)?;
        let machine = MachineInfo {
            suite: Some(suite.name.clone()),
            threads: threads.to_vec(),
            repeat: Some(suite.repeat),
            warmup: Some(suite.warmup),
            status: Some(RunStatus::Running),
            incomplete: None,
            ..machine.clone()
        };
        abbench_results::write_machine(out, &machine)?;
        let writer = ResultsWriter::create(&results_path)?;
        Ok(RunFolder {
            _lock: lock,
            dir: out.to_path_buf(),
            threads: threads.to_vec(),
            trees: suite.tree_count(),
            started,
            cpu_before: CpuSample::now(),
            machine_at_start: machine.clone(),
            state: Mutex::new(FolderState {
                writer: Some(writer),
                results: Results::default(),
                trees_done: 0,
                machine,
            }),
        })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The thread counts swept.
    pub fn threads(&self) -> &[usize] {
        &self.threads
    }

    fn state(&self) -> std::sync::MutexGuard<'_, FolderState> {
        // A panic while the lock was held cannot leave a half-written line behind it:
        // every line is written whole before the state changes.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Appends one tree's results to `results.jsonl`, each line flushed whole; refused
    /// ([`MeasureError::Interrupted`]) once the folder is finished.
    pub fn append(&self, results: &Results) -> Result<(), MeasureError> {
        let mut state = self.state();
        let Some(writer) = state.writer.as_mut() else {
            return Err(MeasureError::Interrupted);
        };
        // A folder removed while the sweep runs (the open file is written all the same,
        // into nowhere): stop now, saying so, rather than measure to the end for nothing.
        if !writer.path().is_file() {
            return Err(abbench_results::FileError::Unwritable {
                path: self.dir.clone(),
                message: format!(
                    "the run folder, or its {}, was removed during the sweep: nothing \
                     measured from now on could be kept",
                    abbench_results::RESULTS_FILE
                ),
            }
            .into());
        }
        writer.write_all(results)?;
        state.results.extend(results.clone());
        state.trees_done += 1;
        Ok(())
    }

    /// Finishes the folder: `machine.json` again, with its status (complete,
    /// interrupted or failed, from `completion`), the share of the CPU other processes
    /// used and, unless complete, why the run is incomplete; then `summary.csv`,
    /// `report.md` (which says at the top when the run is incomplete) and the plots, from
    /// every result appended. An interrupted sweep's report leaves out the simulation,
    /// so that it is written at once (under 0.1 s for 950 records, where the simulation
    /// took 19 s on 2 cores), and names the command that adds it. A report that stops
    /// its simulation on request ([`abbench_results::SimulationStopped`]: a signal while
    /// it simulated) makes the run interrupted, and is written again so. After this,
    /// nothing more is appended.
    ///
    /// `report` writes the report files (`abbench-report`'s, from the command line).
    pub fn finish(
        &self,
        completion: Completion,
        report: &dyn FolderReport,
    ) -> Result<SweepOutcome, MeasureError> {
        let mut state = self.state();
        state.writer = None;
        state.machine.lines = Some(state.results.len());
        state.machine.other_cpu_share = self
            .cpu_before
            .zip(CpuSample::now())
            .and_then(|(before, after)| other_share(before, after));
        let simulate = completion != Completion::Interrupted;
        let (incomplete, mut files) =
            match self.write_report(&mut state, &completion, report, simulate)? {
                Some(written) => written,
                // Stopped while it simulated (a signal): the run is interrupted (unless
                // an error had stopped it), and its report is written at once, without
                // the simulation.
                None => {
                    let completion = match completion {
                        Completion::Failed(why) => Completion::Failed(why),
                        _ => Completion::Interrupted,
                    };
                    self.write_report(&mut state, &completion, report, false)?
                        .ok_or(MeasureError::Interrupted)?
                }
            };
        // What the sweep wrote before the report: the profile only where it was measured
        // (a sweep stopped before calibrating has none).
        let calibration = self.dir.join(abbench_results::CALIBRATION_FILE);
        files.splice(
            0..0,
            [
                self.dir.join(abbench_results::MACHINE_FILE),
                self.dir.join(abbench_results::RESULTS_FILE),
            ]
            .into_iter()
            .chain(calibration.is_file().then_some(calibration)),
        );
        let results = std::mem::take(&mut state.results);
        let elapsed = self.started.elapsed();
        Ok(SweepOutcome {
            headline: report.headline(&results.records, elapsed, state.machine.other_cpu_share),
            failures: results.unverified(),
            records: results.records,
            unfinished: results.unfinished,
            incomplete,
            files,
            threads: self.threads.clone(),
            elapsed,
            other_cpu_share: state.machine.other_cpu_share,
        })
    }

    /// Writes the report files, then `machine.json` with its status (from `completion`)
    /// and why the run is incomplete (also the answer's first part): last, so that a
    /// report that could not be written leaves the run failed, naming what it lacks.
    /// Unless `simulate`, the report leaves out the simulation. `None` when `report`
    /// stopped its simulation on request, having written nothing.
    fn write_report(
        &self,
        state: &mut FolderState,
        completion: &Completion,
        report: &dyn FolderReport,
        simulate: bool,
    ) -> Result<Option<Written>, MeasureError> {
        let (status, incomplete) = completion.status(state.trees_done, self.trees);
        state.machine.status = Some(status);
        state.machine.incomplete = incomplete.clone();
        // Interrupted: the report is written at once, without the simulation (seconds
        // to tens of seconds for a large run); the command that adds it is named.
        let skip_simulation = (!simulate).then(|| {
            format!(
                "Not simulated: the sweep was interrupted, and its report is written at \
                 once; `abbench report {} --out {}` adds the simulation",
                self.dir.join(abbench_results::RESULTS_FILE).display(),
                self.dir.display()
            )
        });
        match report.write(
            &self.dir,
            &state.results,
            &state.machine,
            skip_simulation.as_deref(),
        ) {
            Ok(files) => {
                abbench_results::write_machine(&self.dir, &state.machine)?;
                Ok(Some((incomplete, files)))
            }
            Err(error) if skip_simulation.is_none() && error.is::<SimulationStopped>() => Ok(None),
            Err(error) => {
                let why = format!("its report could not be written ({error})");
                state.machine.status = Some(RunStatus::Failed);
                state.machine.incomplete = Some(match state.machine.incomplete.take() {
                    Some(earlier) => format!("{earlier}; {why}"),
                    None => format!("every tree was measured, but {why}"),
                });
                // Should this fail too, the folder is still marked running with no
                // sweep holding its lock: abandoned, never complete.
                let _ = abbench_results::write_machine(&self.dir, &state.machine);
                Err(MeasureError::Report(error))
            }
        }
    }
}

/// What a report's writing left: why the run is incomplete (`None`: complete), and the
/// files written.
type Written = (Option<String>, Vec<PathBuf>);

/// How long [`RunFolder::mark_stopped`] waits for a folder being finished.
const MARK_WAIT: Duration = Duration::from_secs(1);

impl RunFolder {
    /// Marks the folder as interrupted at once, for a process about to exit without
    /// finishing it (a second signal): `machine.json` gets the status `interrupted`, why
    /// (`why`, after how many trees were measured) and the number of lines of
    /// `results.jsonl`, and nothing more is appended. No report is written. A folder
    /// already finished is left as it is; one being finished is waited for up to a
    /// second, then marked from what is on disk.
    pub fn mark_stopped(&self, why: &str) -> Result<(), MeasureError> {
        let waiting = Instant::now();
        loop {
            match self.state.try_lock() {
                Ok(mut state) => return self.mark_state(&mut state, why),
                Err(std::sync::TryLockError::Poisoned(poisoned)) => {
                    return self.mark_state(&mut poisoned.into_inner(), why);
                }
                Err(std::sync::TryLockError::WouldBlock) if waiting.elapsed() < MARK_WAIT => {
                    std::thread::sleep(Duration::from_millis(10));
                }
                Err(std::sync::TryLockError::WouldBlock) => break,
            }
        }
        // Held by a finish that does not end: no line is appended meanwhile, so the
        // file holds whole lines; the status is marked from them.
        let results = self.dir.join(abbench_results::RESULTS_FILE);
        let lines = std::fs::read(&results)
            .map(|bytes| bytes.iter().filter(|&&b| b == b'\n').count())
            .unwrap_or(0);
        let machine = MachineInfo {
            status: Some(RunStatus::Interrupted),
            incomplete: Some(format!("interrupted while its report was written; {why}")),
            lines: Some(lines),
            ..self.machine_at_start.clone()
        };
        abbench_results::write_machine(&self.dir, &machine)?;
        Ok(())
    }

    fn mark_state(&self, state: &mut FolderState, why: &str) -> Result<(), MeasureError> {
        // Finished: its machine.json says how it ended.
        if state.writer.take().is_none() {
            return Ok(());
        }
        state.machine.status = Some(RunStatus::Interrupted);
        state.machine.incomplete = Some(format!(
            "interrupted after {} of {} trees; {why}; the results cover only those",
            state.trees_done, self.trees
        ));
        state.machine.lines = Some(state.results.len());
        abbench_results::write_machine(&self.dir, &state.machine)?;
        Ok(())
    }
}

/// Sweeps `suite` into the folder `out` (created if needed): `machine.json` (from
/// `machine`, with the suite's name, thread counts and repeats filled in), this
/// machine's cost profile `calibration.json` ([`crate::calibrate_run_folder`]),
/// `results.jsonl` record by record as they complete, then `summary.csv`, `report.md`
/// and the SVG plots, which `report` writes. `machine.json` is written again at the end
/// with the share of the CPU that other processes used during the sweep.
///
/// `threads` overrides the suite's thread counts (`--threads`). A folder that already
/// holds a `results.jsonl` is refused before anything is written: a sweep never
/// overwrites another run's results. When `interrupt` is raised, or an error stops the
/// sweep once the folder exists, the folder is still finished — marked incomplete in
/// `machine.json` and at the top of `report.md` — before the outcome (interrupted) or
/// the error is returned.
pub fn sweep_to_folder(
    suite: &Suite,
    threads: Option<&[usize]>,
    out: &Path,
    machine: &MachineInfo,
    interrupt: &Interrupt,
    report: &dyn FolderReport,
    mut progress: impl FnMut(SweepEvent<'_>),
) -> Result<SweepOutcome, MeasureError> {
    let threads = suite.thread_counts(threads);
    let folder = RunFolder::create(suite, &threads, out, machine)?;
    // An error that stops the sweep is the one reported, even when finishing the folder
    // then fails as well (a full disk fails every write after the first).
    if let Err(error) = crate::calibrate_run_folder(out, &threads, machine) {
        let _ = folder.finish(Completion::Failed(error.to_string()), report);
        return Err(error);
    }
    progress(SweepEvent::Started {
        folder: out,
        threads: &threads,
    });
    match sweep(suite, &threads, interrupt, progress, |r| folder.append(r)) {
        Ok(_) => folder.finish(Completion::Complete, report),
        Err(MeasureError::Interrupted) => folder.finish(Completion::Interrupted, report),
        Err(error) => {
            let _ = folder.finish(Completion::Failed(error.to_string()), report);
            Err(error)
        }
    }
}

/// Takes the run folder `dir`'s lock ([`LOCK_FILE`]) exclusively, without waiting: a
/// second sweep into the same folder is refused at once, and the lock goes with the
/// returned file (when the sweep ends, or its process dies).
fn lock_folder(dir: &Path) -> Result<std::fs::File, MeasureError> {
    abbench_results::try_lock_folder(dir)?.ok_or_else(|| MeasureError::InvalidOption {
        parameter: "output folder",
        value: dir.display().to_string(),
        expected: "another sweep is writing into it now; choose another folder".into(),
    })
}

/// An error unless `out` is missing, or an empty folder (but for the lock file a sweep
/// that failed to start may leave). Naming `results.jsonl` first when it is there: the
/// commonest case, a second sweep into a finished run's folder.
fn refuse_used(out: &Path) -> Result<(), MeasureError> {
    let refuse = |expected: String| {
        Err(MeasureError::InvalidOption {
            parameter: "output folder",
            value: out.display().to_string(),
            expected,
        })
    };
    // A folder that cannot be looked at is left to `create_dir`, which names the cause.
    let Ok(meta) = std::fs::metadata(out) else {
        return Ok(());
    };
    if !meta.is_dir() {
        return refuse("it is not a folder".into());
    }
    if out.join(abbench_results::RESULTS_FILE).exists() {
        return refuse(format!(
            "it already holds {}; a sweep does not overwrite another run's results",
            abbench_results::RESULTS_FILE
        ));
    }
    let Ok(entries) = std::fs::read_dir(out) else {
        return Ok(());
    };
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name != LOCK_FILE)
        .collect();
    names.sort();
    match names.first() {
        None => Ok(()),
        Some(first) => refuse(format!(
            "it already holds {first}{}; a sweep writes into a new or empty folder, so that \
             it never replaces a file it did not create",
            match names.len() {
                1 => String::new(),
                n => format!(" and {} more", n - 1),
            }
        )),
    }
}

/// `reports/runs/<UTC date>-<host name>` under `root`, or with `-2`, `-3`, … appended if
/// that folder already exists (a second sweep on the same day keeps the first).
pub fn default_run_folder(root: &Path) -> PathBuf {
    let date = abbench_results::UtcTime::now().date();
    let host: String = abbench_results::hostname()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let base = root.join("reports").join("runs");
    let first = base.join(format!("{date}-{host}"));
    if !first.exists() {
        return first;
    }
    (2..)
        .map(|n| base.join(format!("{date}-{host}-{n}")))
        .find(|p| !p.exists())
        .expect("some suffix is free")
}

/// `sweep --json`: the run folder written and what it holds.
///
/// Written by `abbench sweep` alone, through this crate, so the type lives here.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct SweepSummary {
    /// [`abbench_results::SCHEMA`].
    #[schemars(with = "abbench_results::schema::SchemaVersion")]
    pub schema: u32,
    /// `sweep`.
    #[schemars(extend("const" = "sweep"))]
    pub kind: &'static str,
    /// The run folder.
    pub folder: String,
    /// How the sweep ended.
    pub status: SweepStatus,
    /// Why the run is incomplete; null when it is complete.
    pub incomplete: Option<String>,
    /// Records written.
    pub records: usize,
    /// Records whose value disagrees with serial F2.
    pub unverified: usize,
    /// Searches that reached the time limit.
    pub timed_out: usize,
    /// Searches that failed.
    pub failed_searches: usize,
    /// The thread counts of the parallel algorithms.
    #[schemars(with = "Vec<abbench_results::schema::Threads>")]
    pub threads: Vec<usize>,
    /// From the folder's creation to the last file written, seconds.
    #[schemars(range(min = 0.0))]
    pub elapsed_s: f64,
    /// The share of the machine's CPU time other processes used meanwhile; null where
    /// it was not measured.
    #[schemars(range(min = 0.0, max = 1.0))]
    pub other_cpu_share: Option<f64>,
    /// The files written.
    pub files: Vec<String>,
}

/// How a sweep ended, as `sweep --json` says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(inline)]
pub enum SweepStatus {
    /// Every search measured and every file written.
    Complete,
    /// Stopped by a signal.
    Interrupted,
    /// Stopped by an error.
    Failed,
}
