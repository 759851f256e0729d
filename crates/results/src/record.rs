//! One line of `results.jsonl` (schema 1): one tree, one algorithm, one thread count.

use crate::{Algorithm, InvalidField, WallTimes};
use abbench_search::{Bound, GuessSource, NodeKinds, Pass, SearchResult, Settings, TableStats};
use abbench_tree::{BranchOrder, Layout, Model, ModelSpec, TreeSource, TreeSpec, Value};
use abbench_vocab::{OwnStats, Percentiles};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The version of the record format written by this crate.
pub const SCHEMA: u32 = 1;

/// The fewest nanoseconds a record's yardstick ([`Record::machine_ns`]) may take: its walk
/// of ten thousand dependent steps cannot take less than a nanosecond.
pub const MIN_MACHINE_NS: f64 = 1.0;

/// The most nanoseconds a record's yardstick may take: a thousand seconds.
pub const MAX_MACHINE_NS: f64 = 1e12;

/// A tree as a record names it: the model and only the parameters it uses, or the file.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(rename = "tree", transform = tree_schema, extend("anyOf" = [
    { "required": ["model", "degree", "height"] },
    { "required": ["model", "position"] },
    { "required": ["file"] }
]))]
pub struct TreeInfo {
    /// The model; absent for a file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<crate::schema::ModelName>")]
    pub model: Option<Model>,
    /// The `.tree` file; absent for a model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// `d`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub degree: Option<u32>,
    /// `h`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<u32>,
    /// The seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// `random`: number of distinct leaf values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<u64>,
    /// `ordered`: probability that the first move is best.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ordering: Option<f64>,
    /// `ordered`: spread of non-best values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spread: Option<u64>,
    /// `ordered` with variable branching: least degree.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub degree_min: Option<u32>,
    /// `ordered` with variable branching: largest degree.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub degree_max: Option<u32>,
    /// `ordered` with variable branching: probability of an early terminal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terminal_prob: Option<f64>,
    /// `branch-sum`: edge value range.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edge_range: Option<u64>,
    /// `branch-sum`: search order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<String>")]
    pub order: Option<BranchOrder>,
    /// `connect4`: the moves that reach the position. `othello`: its 64 squares (`X`,
    /// `O` or `-`, `A1` to `H8`) and the side to move, as the FFO files write them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = r"^([1-7]*|[XO-]{64} [XO])$"))]
    pub position: Option<String>,
    /// A game's: the position's published score, where its file gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<Value>,
    /// A game's: searched with path keys instead of its position keys.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path_keys: Option<bool>,
    /// `connect4`: solved weakly, every value its sign: a win (1), a draw (0) or a loss
    /// (-1) for the side to move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weak: Option<bool>,
    /// `implicit` or `arena`.
    #[schemars(with = "String", extend("enum" = [Layout::Implicit.to_string(), Layout::Arena.to_string()]))]
    pub layout: Layout,
}

/// A game's position as records write it: Connect Four's moves as given, an Othello
/// board as the FFO files write it (`X`, `O`, `-` and the side to move), whatever the
/// case or characters it was given in.
fn game_position(spec: &ModelSpec) -> String {
    let text = spec.position.clone().unwrap_or_default();
    if spec.model != Model::Othello {
        return text;
    }
    match abbench_tree::models::othello::position::parse_position(&text) {
        Ok((position, _)) => position.text(),
        Err(_) => text,
    }
}

impl TreeInfo {
    /// The record's name for `spec`.
    pub fn of(spec: &TreeSpec) -> TreeInfo {
        let layout = spec.layout;
        match &spec.source {
            TreeSource::File(path) => TreeInfo {
                file: Some(path.display().to_string()),
                layout: Layout::Arena,
                ..TreeInfo::default()
            },
            TreeSource::Model(m) if m.model.is_game() => TreeInfo {
                model: Some(m.model),
                seed: Some(m.seed),
                position: Some(game_position(m)),
                score: m.score,
                path_keys: m.path_keys.then_some(true),
                weak: m.weak.then_some(true),
                layout,
                ..TreeInfo::default()
            },
            TreeSource::Model(m) => {
                let mut info = TreeInfo {
                    model: Some(m.model),
                    degree: Some(m.degree),
                    height: Some(m.height),
                    seed: Some(m.seed),
                    layout,
                    ..TreeInfo::default()
                };
                match m.model {
                    Model::Random => info.values = Some(m.values),
                    Model::Ordered => {
                        info.ordering = Some(m.ordering);
                        info.spread = Some(m.spread);
                        if !m.is_uniform() {
                            info.degree_min = Some(m.degree_min());
                            info.degree_max = Some(m.degree_max());
                            info.terminal_prob = Some(m.terminal_prob);
                        }
                    }
                    Model::BranchSum => {
                        info.edge_range = Some(m.edge_range);
                        info.order = Some(m.order);
                    }
                    Model::Dependent | Model::Worst | Model::Connect4 | Model::Othello => {}
                }
                info
            }
        }
    }

    /// A canonical one-line name, equal for equal trees: the key records are matched by.
    pub fn key(&self) -> String {
        serde_json::to_string(self).expect("a TreeInfo always serialises")
    }

    /// The same tree without its seed: the workload a seed belongs to. The positions of
    /// a game are one workload, as the seeds of a model are.
    pub fn workload(&self) -> TreeInfo {
        TreeInfo {
            seed: None,
            position: None,
            score: None,
            ..self.clone()
        }
    }

    /// The root value every search of the tree is held to, where one is published: the
    /// score, or its sign for a tree solved weakly.
    pub fn published_value(&self) -> Option<Value> {
        self.score.map(|score| {
            if self.weak == Some(true) {
                score.signum()
            } else {
                score
            }
        })
    }

    /// A short human-readable label, e.g. `random d=16 h=8`.
    pub fn label(&self) -> String {
        if let Some(file) = &self.file {
            return format!("file {file}");
        }
        let mut parts = vec![self.model.map_or(String::new(), |m| m.name().to_string())];
        if let (Some(lo), Some(hi)) = (self.degree_min, self.degree_max) {
            parts.push(format!("d={lo}..{hi}"));
        } else if let Some(d) = self.degree {
            parts.push(format!("d={d}"));
        }
        if let Some(h) = self.height {
            parts.push(format!("h={h}"));
        }
        if let Some(moves) = &self.position {
            parts.push(format!("position={moves:?}"));
        }
        if self.path_keys == Some(true) {
            parts.push("path-keys".to_string());
        }
        if self.weak == Some(true) {
            parts.push("weak".to_string());
        }
        if let Some(v) = self.values.filter(|&v| v != abbench_tree::DEFAULT_VALUES) {
            parts.push(format!("values={v}"));
        }
        if let Some(q) = self.ordering {
            parts.push(format!("q={q}"));
        }
        if let Some(p) = self.terminal_prob {
            parts.push(format!("p={p}"));
        }
        if let Some(o) = &self.order {
            parts.push(format!("order={o}"));
        }
        if self.layout != Layout::Implicit {
            parts.push(self.layout.to_string());
        }
        parts.join(" ")
    }
}

/// What a record's value was held to ([`Record::checked_by`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CheckedBy {
    /// The tree's published score (a positions file's, or `--score`): the search that
    /// checks it is a solver no one here wrote.
    Score,
    /// Serial F2 (`f2-iter`), run on the same tree in the same run.
    F2Iter,
}

/// The metrics only a parallel search has, against `f2-iter` on the same tree and
/// layout, measured in the same process.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ParallelMetrics {
    /// The serial search that `serial_nodes`, `serial_wall_ns`, `speedup`,
    /// `efficiency`, `search_overhead` and `nps_scaling` are against: absent for
    /// `f2-iter`; the fastest serial search measured where the run held its searches to
    /// a published score and did not run f2-iter (`checked_by` `score`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<crate::schema::FastestSerialName>")]
    pub serial_algo: Option<Algorithm>,
    /// Positions `f2-iter` (or `serial_algo`) examines on this tree.
    pub serial_nodes: u64,
    /// Median wall time of `f2-iter`, nanoseconds.
    pub serial_wall_ns: u64,
    /// `T_serial / T_parallel`, medians.
    #[schemars(range(min = 0.0))]
    pub speedup: f64,
    /// The fastest exact serial search measured on this tree in the same run: f2-iter,
    /// or pvs, aspiration or mtdf where the run measured them and one was faster (absent
    /// in older records).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<crate::schema::FastestSerialName>")]
    pub fastest_serial: Option<Algorithm>,
    /// Its median wall time, nanoseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fastest_serial_ns: Option<u64>,
    /// Positions it examined.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fastest_serial_nodes: Option<u64>,
    /// `T_fastest_serial / T_parallel`, medians: what the parallel search gains over the
    /// best serial search, not only over f2-iter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0.0))]
    pub speedup_vs_fastest: Option<f64>,
    /// `nodes / fastest_serial_nodes - 1`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overhead_vs_fastest: Option<f64>,
    /// `speedup / threads`.
    pub efficiency: f64,
    /// `nodes / serial_nodes - 1`.
    pub search_overhead: f64,
    /// Parallel nodes per second over `f2-iter`'s.
    pub nps_scaling: f64,
    /// Fewest positions examined in one run.
    pub nodes_min: u64,
    /// Most positions examined in one run.
    pub nodes_max: u64,
    /// Split points opened (median run).
    pub splits: u64,
    /// Brothers searched by a worker other than their split point's owner (median run).
    pub steals: u64,
    /// Searches stopped because their result no longer mattered (median run).
    pub aborts: u64,
    /// Positions examined in searches later aborted (median run).
    pub aborted_nodes: u64,
    /// Nanoseconds each worker spent in the serial kernel (median run).
    pub busy_ns: Vec<u64>,
    /// Positions each worker examined (median run).
    pub worker_nodes: Vec<u64>,
    /// From a cutoff at a split point to the last sibling stopping (median run).
    #[schemars(with = "serde_json::Value")]
    pub abort_latency_ns: Percentiles,
    /// A split point's wait for helpers after its last brother was handed out (median run).
    #[schemars(with = "serde_json::Value")]
    pub split_wait_ns: Percentiles,
    /// More threads than the machine has hardware threads.
    pub oversubscribed: bool,
    /// Each worker ran pinned to its own CPU (absent in older records: false).
    #[serde(default)]
    pub pinned: bool,
    /// No setting that only parallel searches read was given to this one: its split
    /// height and the rest were its own rules' choice (the grain then depends on the
    /// thread count; absent in older records: false).
    #[serde(default)]
    pub automatic_split: bool,
}

/// What a JSON line of the tool is: every line it writes carries `schema` and `kind`,
/// so a reader can tell a search's record from a simulation, a theory check or a
/// summary. A record's kind is always `search`; records written before the field
/// existed have none and read as `search`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(inline)]
pub enum SearchKind {
    /// A measured search.
    #[default]
    Search,
}

/// One measured (tree, algorithm, threads): a line of results.jsonl or run --json. Lines
/// written before `kind` existed have none.
///
/// Its fields that are the search crate's types (window, bounds, node kinds, passes) or
/// the vocabulary's (percentiles) are left open in the schema, as they were by hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "search", transform = record_schema)]
#[schemars(extend("not" = { "anyOf": [{ "required": ["timed_out"] }, { "required": ["failed"] }] }))]
pub struct Record {
    /// [`SCHEMA`].
    #[schemars(with = "crate::schema::SchemaVersion")]
    pub schema: u32,
    /// Always `search` ([`SearchKind`]).
    #[serde(default)]
    pub kind: SearchKind,
    /// The tree.
    pub tree: TreeInfo,
    /// The algorithm.
    #[schemars(with = "crate::schema::AlgoName")]
    pub algo: Algorithm,
    /// Worker threads (1 for serial algorithms).
    #[schemars(with = "crate::schema::Threads")]
    pub threads: usize,
    /// The root value found.
    pub value: Value,
    /// The root move that produced it; for a root the game's rules decide (a Connect
    /// Four position whose mover completes four at once), the move that decides it.
    #[schemars(extend("nullable" = true))]
    pub best_move: Option<usize>,
    /// Positions examined (the median over runs for parallel searches).
    pub nodes: u64,
    /// Terminal positions examined (likewise).
    pub leaves: u64,
    /// Positions examined per depth (serial algorithms).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub levels: Vec<u64>,
    /// Nodes left early by a cutoff (serial algorithms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cutoffs: Option<u64>,
    /// Wall times of the timed runs.
    pub wall_ns: WallTimes,
    /// `nodes / median wall seconds`.
    #[schemars(range(min = 0.0))]
    pub nps: f64,
    /// Same value as serial F2 (or as the published score, `checked_by`) and a best
    /// move whose own value is the root value, on every run; for a result that is a
    /// bound (`bound` lower or upper), a bound that holds of that value.
    pub verified: bool,
    /// What `verified` held the value to: the tree's published score, or serial F2 run
    /// on the same tree (absent in older records: the score where the tree has one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checked_by: Option<CheckedBy>,
    /// The settings the search used, under their keys, where it reads them: those given
    /// (a root window other than the full one, a cutoff criterion other than `ge`, a
    /// table size other than the default, …), the first guess it started from (the
    /// window searches'), and the values its rules chose (a parallel search's split
    /// height, eldest grain and cut wait). Written beside the other fields, as they
    /// always were.
    #[serde(flatten)]
    pub used: Settings,
    /// Whether `value` is the value or a bound on it (windowed searches).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<serde_json::Value>")]
    pub bound: Option<Bound>,
    /// Internal nodes per level by kind, predicted and actual (`--kinds`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<serde_json::Value>")]
    pub kinds: Option<NodeKinds>,
    /// `aspiration`, `mtdf`: where the guess came from; `null-window`: `given`, when one
    /// was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<serde_json::Value>")]
    pub guess_source: Option<GuessSource>,
    /// `aspiration`, `mtdf`: full-depth root searches made (aspiration's searches,
    /// MTD(f)'s passes); `null-window` on real threads: its passes, when it made them one
    /// at a time (up to four threads).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub searches: Option<usize>,
    /// `aspiration`, `mtdf`, and `null-window` as `searches` says: each root search's
    /// window, result and positions (the null-window search's are summed over its
    /// workers and come from the run whose time is the median, as its other counters).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<serde_json::Value>")]
    pub passes: Vec<Pass>,
    /// `mtdf`: what its transposition table did (absent in older records).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<TableRecord>,
    /// Serial algorithms: the fastest exact serial search of this tree in the same run,
    /// as the parallel records' `fastest_serial`, `fastest_serial_ns` and
    /// `fastest_serial_nodes` name it (absent in older records).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fastest: Option<FastestSerial>,
    /// The machine's yardstick (a fixed walk through a 64 KiB table, code that no search
    /// shares), timed just before this search's timed runs: nanoseconds per walk. Two
    /// runs' yardsticks tell how the machine's speed differed between them (`compare`);
    /// absent where it was not timed (older records, tests). From [`MIN_MACHINE_NS`] to
    /// [`MAX_MACHINE_NS`]: a walk of ten thousand steps takes no less, and no more.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1.0, max = 1e12))]
    pub machine_ns: Option<f64>,
    /// The settings given for this search (on the command line, or by a suite's grid)
    /// that its algorithm reads: what tells its record from another of the same tree,
    /// algorithm and threads. Absent in records written before it existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<Settings>,
    /// What a parallel search reports of its own ([`OwnStats`]), beside the other
    /// fields.
    #[serde(default, flatten, skip_serializing_if = "Option::is_none")]
    pub own: Option<OwnStats>,
    /// Parallel metrics, written at the top level of the record; absent for serial
    /// algorithms.
    #[serde(flatten)]
    pub parallel: Option<ParallelMetrics>,
}

/// What a serial search's transposition table did: `hit_rate = hits / probes`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TableRecord {
    /// Lookups, one per internal position the table keeps that was examined.
    pub probes: u64,
    /// Lookups that found their position's bounds.
    pub hits: u64,
    /// Bounds written.
    pub stores: u64,
    /// `hits / probes`.
    #[schemars(range(min = 0.0, max = 1.0))]
    pub hit_rate: f64,
    /// The table's size in bytes (`--tt-mb` rounded down to a power of two of slots, the
    /// serial MTD(f)'s and the parallel table searches' alike); absent in older records
    /// (the parallel ones' before they carried it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 32))]
    pub bytes: Option<u64>,
}

impl From<TableStats> for TableRecord {
    fn from(stats: TableStats) -> TableRecord {
        TableRecord {
            probes: stats.probes,
            hits: stats.hits,
            stores: stats.stores,
            hit_rate: stats.hit_rate(),
            bytes: Some(stats.bytes),
        }
    }
}

/// The fastest exact serial search of one tree in one run (f2-iter, pvs, aspiration or
/// mtdf, by median wall time).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct FastestSerial {
    /// The algorithm.
    #[schemars(with = "crate::schema::FastestSerialName")]
    pub algo: Algorithm,
    /// Its median wall time, nanoseconds.
    pub wall_ns: u64,
    /// Positions it examined.
    pub nodes: u64,
}

/// The tree's schema as the hand-written one had it: `layout` may be absent.
fn tree_schema(schema: &mut schemars::Schema) {
    if let Some(serde_json::Value::Array(required)) = schema.get_mut("required") {
        required.retain(|name| name != "layout");
    }
}

/// A record's schema as its readers take it: `kind` and `best_move` may be absent
/// (records written before them), as they may for serde.
fn record_schema(schema: &mut schemars::Schema) {
    crate::schema::kind_may_be_absent(schema);
    if let Some(serde_json::Value::Array(required)) = schema.get_mut("required") {
        required.retain(|name| name != "best_move");
    }
}

/// What a serial record adds about windows: see the fields of [`Record`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WindowFields {
    /// [`Record::used`].
    pub used: Settings,
    /// [`Record::bound`].
    pub bound: Option<Bound>,
    /// [`Record::kinds`].
    pub kinds: Option<NodeKinds>,
    /// [`Record::guess_source`].
    pub guess_source: Option<GuessSource>,
    /// [`Record::searches`].
    pub searches: Option<usize>,
    /// [`Record::passes`].
    pub passes: Vec<Pass>,
    /// [`Record::table`].
    pub table: Option<TableRecord>,
}

impl WindowFields {
    /// The fields of a serial search's result, searched with the settings `given`
    /// (only those its algorithm reads).
    pub fn of(result: &SearchResult, given: &Settings) -> Self {
        let passes = result.passes.as_ref();
        WindowFields {
            used: result.settings_used(given).recorded(),
            bound: result.bound,
            kinds: result.kinds.clone(),
            guess_source: passes.map(|p| p.guess_source),
            searches: passes.map(|p| p.runs.len()),
            passes: passes.map_or_else(Vec::new, |p| p.runs.clone()),
            table: result.table.map(TableRecord::from),
        }
    }
}

impl Record {
    /// Sets the window fields.
    pub fn with_windows(self, fields: WindowFields) -> Record {
        Record {
            used: fields.used,
            bound: fields.bound,
            kinds: fields.kinds,
            guess_source: fields.guess_source,
            searches: fields.searches,
            passes: fields.passes,
            table: fields.table,
            ..self
        }
    }

    /// The key records of two runs are matched by: tree, algorithm, threads and the
    /// settings given.
    pub fn key(&self) -> RecordKey {
        RecordKey::new(&self.tree, self.algo, self.threads, self.settings.as_ref())
    }

    /// The settings given, none where the record names none.
    pub fn given(&self) -> Settings {
        self.settings.unwrap_or_default()
    }

    /// The algorithm with the settings given: `ybwc` or `ybwc cut-wait=4`, what a
    /// report's row names.
    pub fn series(&self) -> Series {
        Series {
            algo: self.algo,
            settings: self.given(),
        }
    }

    /// Checks a record read from a file for what its fields cannot be: at least as
    /// strict as the output schema (`threads` ≥ 1, `nps`, speedups and a table's hit
    /// rate in range) and its wall times consistent with their samples
    /// ([`WallTimes::check`]). The error says which field is wrong.
    pub fn check(&self) -> Result<(), InvalidField> {
        if self.threads == 0 {
            return Err(InvalidField(
                "`threads` is 0: a search runs on at least 1 thread".into(),
            ));
        }
        let at_least_zero = |name: &str, x: f64| {
            if x.is_finite() && x >= 0.0 {
                Ok(())
            } else {
                Err(InvalidField(format!(
                    "`{name}` is {x}: expected a finite number of at least 0"
                )))
            }
        };
        at_least_zero("nps", self.nps)?;
        if let Some(r) = self.machine_ns
            && !(MIN_MACHINE_NS..=MAX_MACHINE_NS).contains(&r)
        {
            return Err(InvalidField(format!(
                "`machine_ns` is {r:e}: the yardstick's walk takes {MIN_MACHINE_NS} to \
                 {MAX_MACHINE_NS:e} nanoseconds"
            )));
        }
        if let Some(p) = &self.parallel {
            at_least_zero("speedup", p.speedup)?;
            if let Some(x) = p.speedup_vs_fastest {
                at_least_zero("speedup_vs_fastest", x)?;
            }
        }
        if let Some(table) = &self.table
            && !(0.0..=1.0).contains(&table.hit_rate)
        {
            return Err(InvalidField(format!(
                "`table.hit_rate` is {}: expected 0 to 1",
                table.hit_rate
            )));
        }
        self.wall_ns.check()
    }
}

/// What records of two runs are matched by: the tree's key, the algorithm, the threads
/// and the settings given (as [`Settings::label`] writes them).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RecordKey {
    /// [`TreeInfo::key`].
    pub tree: String,
    /// The algorithm.
    pub algo: Algorithm,
    /// Worker threads.
    pub threads: usize,
    /// The settings given, `cut-wait=4`; empty for none.
    pub settings: String,
}

impl RecordKey {
    /// The key of a search of `tree` by `algo` on `threads` threads, given `settings`.
    pub fn new(
        tree: &TreeInfo,
        algo: Algorithm,
        threads: usize,
        settings: Option<&Settings>,
    ) -> RecordKey {
        RecordKey {
            tree: tree.key(),
            algo,
            threads,
            settings: settings.map(Settings::label).unwrap_or_default(),
        }
    }
}

/// An algorithm with the settings given to it: one line of a study, one row of a
/// report's table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Series {
    /// The algorithm.
    pub algo: Algorithm,
    /// The settings given ([`Record::settings`]).
    pub settings: Settings,
}

impl std::fmt::Display for Series {
    /// `ybwc`, or `ybwc cut-wait=4` with settings given.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.algo.name())?;
        if !self.settings.is_empty() {
            write!(f, " {}", self.settings.label())?;
        }
        Ok(())
    }
}
