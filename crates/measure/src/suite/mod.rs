//! Suites: what a sweep measures. A suite is a list of workloads — a tree (a model with
//! its parameters, or a `.tree` file), its layout and a range of seeds — each searched by
//! a list of algorithms, the parallel ones at every thread count of the suite.
//!
//! Two suites are built in ([`Suite::builtin`]): `quick`, a smoke test for CI that runs in
//! seconds, and `default`, a few minutes of measurement that fills every table and plot
//! of a report. Others are read from TOML files ([`Suite::from_toml_file`]; the format is
//! described in [`file`](self::file) and shown in `crates/measure/suites/example.toml`).

mod builtin;
mod file;
mod grid;

use crate::{MeasureConfig, MeasureError};
use abbench_results::{
    Algorithm, FileError, MAX_SMALL_FILE_BYTES, Series, available_threads, read_text,
};
use abbench_search::Settings;
use abbench_tree::{TreeSource, TreeSpec};
use std::path::Path;

pub use builtin::BUILTIN_SUITES;
pub use grid::{BadSetting, Grid};

/// One tree shape searched over a range of seeds.
#[derive(Clone, Debug, PartialEq)]
pub struct Workload {
    /// The tree with its first seed.
    pub tree: TreeSpec,
    /// Number of trees: seeds `first seed .. first seed + trees` (1 for a file).
    pub trees: u64,
    /// What searches every tree, in this order.
    pub algorithms: Vec<Algorithm>,
}

impl Workload {
    /// The trees of the workload, one per seed.
    pub fn tree_specs(&self) -> Vec<TreeSpec> {
        match &self.tree.source {
            TreeSource::File(_) => vec![self.tree.clone()],
            TreeSource::Model(spec) => (0..self.trees)
                .map(|i| self.tree.with_seed(spec.seed.wrapping_add(i)))
                .collect(),
        }
    }

    /// How many trees [`Workload::tree_specs`] yields.
    pub fn tree_count(&self) -> u64 {
        match &self.tree.source {
            TreeSource::File(_) => 1,
            TreeSource::Model(_) => self.trees,
        }
    }

    /// A short name, e.g. `random d=16 h=8`.
    pub fn label(&self) -> String {
        abbench_results::TreeInfo::of(&self.tree).workload().label()
    }

    /// The seeds, e.g. `seeds 1–12`, `seed 3`, or `one tree` for a file.
    pub fn seeds_text(&self) -> String {
        match &self.tree.source {
            TreeSource::File(_) => "one tree".into(),
            TreeSource::Model(spec) if spec.model.is_game() => {
                format!(
                    "position {:?}",
                    spec.position.as_deref().unwrap_or_default()
                )
            }
            TreeSource::Model(spec) if self.trees == 1 => format!("seed {}", spec.seed),
            TreeSource::Model(spec) => format!(
                "seeds {}–{}",
                spec.seed,
                spec.seed.wrapping_add(self.trees - 1)
            ),
        }
    }

    /// One line for a sweep's log: label, seeds and algorithms, then the serial
    /// candidates measured for the parallel searches' fastest serial search
    /// ([`with_serial_candidates`](crate::with_serial_candidates)), e.g.
    /// `random d=16 h=8, seeds 1–12: f1 f2 f2-iter root-split ybwc (and f2-soft pvs
    /// aspiration mtdf, the fastest serial search's candidates)`; an algorithm with
    /// settings of its own (`series`, a suite's grid) as `ybwc(cut-wait=4)`.
    pub fn plan_line(&self, series: &[Series]) -> String {
        let algorithms: Vec<String> = series
            .iter()
            .map(|s| match s.settings.label() {
                label if label.is_empty() => s.algo.name().to_string(),
                label => format!("{}({label})", s.algo),
            })
            .collect();
        let added: Vec<&str> = crate::with_serial_candidates(&self.algorithms, true)
            .into_iter()
            .filter(|a| !self.algorithms.contains(a))
            .map(|a| a.name())
            .collect();
        let candidates = if added.is_empty() {
            String::new()
        } else {
            format!(
                " (and {}, the fastest serial search's candidates)",
                added.join(" ")
            )
        };
        format!(
            "{}, {}: {}{candidates}",
            self.label(),
            self.seeds_text(),
            algorithms.join(" ")
        )
    }
}

/// Workloads, algorithms, thread counts and how to time them.
#[derive(Clone, Debug, PartialEq)]
pub struct Suite {
    /// The suite's name (`quick`, `default`, or the file's `name`).
    pub name: String,
    /// One sentence on what the suite is for.
    pub description: String,
    /// The workloads, measured in this order.
    pub workloads: Vec<Workload>,
    /// Thread counts for the parallel algorithms; `None` means
    /// [`default_thread_counts`] of the machine that runs the suite.
    pub threads: Option<Vec<usize>>,
    /// Timed runs per (tree, algorithm, threads).
    pub repeat: usize,
    /// Untimed runs before them: at least this many and, above 0, as many more as fill
    /// [`crate::WARM_UP_TIME`].
    pub warmup: usize,
    /// The settings a suite file gives, one value or a list each, for every algorithm
    /// that reads them or for one ([`Grid`]).
    pub grid: Grid,
    /// Settings the command line gives every search over the suite's
    /// (`abbench sweep --time-limit`).
    pub settings: Settings,
}

impl Suite {
    /// A built-in suite by name (see [`BUILTIN_SUITES`]).
    pub fn builtin(name: &str) -> Option<Suite> {
        builtin::suite(name)
    }

    /// A built-in suite if `name_or_path` names one, otherwise the TOML file at that path;
    /// neither is an [`MeasureError::InvalidOption`] that lists the built-in names.
    pub fn load(name_or_path: &str) -> Result<Suite, MeasureError> {
        if let Some(suite) = Suite::builtin(name_or_path) {
            return Ok(suite);
        }
        let path = Path::new(name_or_path);
        if !path.exists() {
            return Err(MeasureError::InvalidOption {
                parameter: "suite",
                value: format!("'{name_or_path}'"),
                expected: format!(
                    "not a built-in suite ({}) and no such file",
                    BUILTIN_SUITES.join(", ")
                ),
            });
        }
        Suite::from_toml_file(path)
    }

    /// Reads a suite from a TOML file; `.tree` paths in it are relative to the file.
    ///
    /// ```toml
    /// name = "my-suite"             # default: the file's stem
    /// description = "what it is for"
    /// repeat = 3                    # timed runs per (tree, algorithm, threads); default 3
    /// warmup = 1                    # untimed runs before them (and to 50 ms); default 1
    /// threads = [1, 2, 4]           # default: 1, 2, 4, … up to the hardware threads
    /// split-height = 4              # ybwc's split height; default: from the degree
    /// algo = ["f2-iter", "ybwc"]   # for workloads without their own (`algorithms` too);
    ///                                    # default: f1, f2, f2-iter, root-split, ybwc
    ///
    /// [[workload]]
    /// model = "random"              # random | ordered | dependent | branch-sum | worst
    /// degree = 8                    # required with `model`
    /// height = 6                    # required with `model`, or `heights = [4, 5, 6]`
    /// seed = 1                      # the first seed; default 1
    /// trees = 3                     # seeds seed .. seed+trees; default 1
    /// layout = "implicit"           # implicit | arena; default implicit
    /// algo = ["f0", "f2"]           # this workload's algorithms
    /// values = 100                  # random
    /// ordering = 0.7                # ordered; also spread, degree-min, degree-max,
    ///                               # terminal-prob
    /// edge-range = 1000             # branch-sum; also order = "natural" | "static"
    ///
    /// [[workload]]
    /// file = "trees/figure1.tree"   # a .tree file, relative to the suite file
    /// ```
    ///
    /// Unknown keys, and parameters of another model, are errors. Every error is a
    /// [`MeasureError::BadInput`] naming the file, the line and the problem.
    pub fn from_toml_file(path: &Path) -> Result<Suite, MeasureError> {
        let text = read_text(path, MAX_SMALL_FILE_BYTES)?;
        let suite = Suite::from_toml_str(&text, path)?;
        suite.check_tree_files(path)?;
        Ok(suite)
    }

    /// Every `.tree` file the suite names is a regular file that can be opened: checked
    /// when a suite file is loaded, so that a sweep refuses it before it creates its
    /// folder, not when it reaches the tree. `path` is the suite file, named in the error.
    pub fn check_tree_files(&self, path: &Path) -> Result<(), MeasureError> {
        for workload in &self.workloads {
            let TreeSource::File(tree) = &workload.tree.source else {
                continue;
            };
            let unusable = match std::fs::metadata(tree) {
                Err(e) => Some(e.to_string()),
                Ok(m) if !m.is_file() => Some("not a regular file".to_string()),
                Ok(_) => std::fs::File::open(tree).err().map(|e| e.to_string()),
            };
            if let Some(why) = unusable {
                return Err(FileError::BadInput {
                    path: path.to_path_buf(),
                    line: 0,
                    message: format!("the tree file {} cannot be read: {why}", tree.display()),
                }
                .into());
            }
        }
        Ok(())
    }

    /// Parses a suite from TOML text; `path` names the file in errors and is the base
    /// of relative `.tree` paths.
    pub fn from_toml_str(text: &str, path: &Path) -> Result<Suite, MeasureError> {
        file::parse(text, path)
    }

    /// The thread counts a sweep of this suite uses: `overrides` if given, else the
    /// suite's own, else [`default_thread_counts`].
    pub fn thread_counts(&self, overrides: Option<&[usize]>) -> Vec<usize> {
        match (overrides, &self.threads) {
            (Some(t), _) => t.to_vec(),
            (None, Some(t)) => t.clone(),
            (None, None) => default_thread_counts(),
        }
    }

    /// The estimated wall time of sweeping the suite at `threads` (see
    /// [`WorkEstimate`](crate::WorkEstimate)): every tree, algorithm and thread count,
    /// warm-up and timed runs, and the `f2-iter` reference of each tree.
    pub fn estimate(&self, threads: &[usize]) -> crate::WorkEstimate {
        let mut estimate = crate::WorkEstimate::new(available_threads());
        let runs = (self.repeat + self.warmup) as u64;
        let reference = Algorithm::Serial(abbench_search::SerialAlgorithm::F2Iter);
        for workload in &self.workloads {
            let trees = workload.tree_count();
            let limit = self.settings.time_limit();
            let mut add = |algo: Algorithm, threads: usize, runs: u64| {
                estimate.add(&workload.tree, algo, threads, runs * trees, limit);
            };
            let series = crate::with_serial_candidates_of(&self.series(workload), true);
            if !series.iter().any(|s| s.algo == reference) {
                add(reference, 1, runs + 1);
            }
            for algo in series.iter().map(|s| s.algo) {
                if algo.is_parallel() {
                    for &t in threads {
                        add(algo, t, runs);
                    }
                } else {
                    add(algo, 1, runs + 1);
                }
            }
        }
        estimate
    }

    /// The series `workload` measures: each of its algorithms at every combination of
    /// the suite's values of the settings it reads ([`Grid::series`]).
    pub fn series(&self, workload: &Workload) -> Vec<Series> {
        self.grid.series(&workload.algorithms)
    }

    /// Trees in the whole suite.
    pub fn tree_count(&self) -> u64 {
        self.workloads.iter().map(Workload::tree_count).sum()
    }

    /// The measurement settings of the suite.
    pub fn measure_config(&self) -> MeasureConfig {
        MeasureConfig {
            repeat: self.repeat,
            warmup: self.warmup,
            settings: self.settings,
            time_reference: true,
            ..MeasureConfig::default()
        }
    }
}

/// `1, 2, 4, …` up to the machine's hardware threads, that number itself included.
pub fn default_thread_counts() -> Vec<usize> {
    thread_counts_up_to(available_threads())
}

/// `1, 2, 4, …` up to `max`, `max` itself included (so 6 gives `1, 2, 4, 6`).
pub fn thread_counts_up_to(max: usize) -> Vec<usize> {
    let max = max.max(1);
    let mut counts: Vec<usize> = std::iter::successors(Some(1usize), |&t| t.checked_mul(2))
        .take_while(|&t| t < max)
        .collect();
    counts.push(max);
    counts
}

#[cfg(test)]
mod test;
