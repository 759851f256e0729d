//! The options that say how to search a tree, defined once and flattened into every
//! subcommand that searches (`run`, `verify`): which algorithms (design: "Algorithms"),
//! at which thread counts, and young-brothers-wait's split height.
//!
//! `sweep` takes `--threads` and `--repeat` with the same ranges and parsers, where they
//! override a suite's settings rather than default to a value.
//!
//! `--time-limit` bounds each search, and `--force` runs work whose estimated time is
//! over ten minutes (see `abbench_measure::WorkEstimate`); both are shared with `sweep`.
//!
//! Lists are comma-separated (`--algo f2,ybwc --threads 1,2,4`); repeats are dropped and
//! the order given is kept, so tables list rows in the order asked for.

use crate::list::AlgorithmList;
use abbench_measure::WorkEstimate;
use abbench_parallel::{ParallelAlgorithm, SearchOptions, Setting};
use abbench_results::{Algorithm, UnknownAlgorithm, available_threads};
use abbench_search::{
    Cutoff, DEFAULT_ASPIRATION_DELTA, DEFAULT_TT_MB, MAX_TT_MB, SerialOptions, Window,
};
use abbench_tree::MAX_HEIGHT;
use abbench_tree::TreeSpec;
use abbench_vocab::{WindowOption, and_list};
use clap::Args;
use std::time::Duration;

pub use abbench_measure::{MAX_RUNS, MAX_THREADS};

/// The longest `--time-limit`, in seconds: about eleven days.
pub const MAX_TIME_LIMIT_SECONDS: f64 = 1e6;

/// Algorithms and thread counts to search with.
#[derive(Clone, Debug, Args)]
pub struct SearchArgs {
    // The algorithms; the help names them (`help.rs`).
    #[arg(
        long,
        help = crate::help::algo(),
        value_name = "LIST",
        default_value = "f2-iter",
        value_parser = parse_algorithms,
        help_heading = "Search"
    )]
    pub algo: AlgorithmList<Algorithm>,

    /// Worker threads for the parallel algorithms, comma-separated, each 1 ..= 256 (more
    /// than the machine's hardware threads is allowed).
    #[arg(
        long,
        value_name = "LIST",
        default_value = "1",
        allow_negative_numbers = true,
        value_parser = parse_thread_counts,
        help_heading = "Search"
    )]
    pub threads: ThreadCounts,

    /// ybwc's split options.
    #[command(flatten, next_help_heading = "Search")]
    pub split: SplitArgs,

    /// Stop each search after this many seconds (a decimal, more than 0, at most
    /// 1000000); a search that reaches it is reported as timed out, not as a result.
    #[arg(
        long,
        value_name = "SECONDS",
        allow_negative_numbers = true,
        value_parser = parse_time_limit,
        help_heading = "Search"
    )]
    pub time_limit: Option<Duration>,

    /// Run even if the work is estimated to take more than ten minutes.
    #[arg(long, help_heading = "Search")]
    pub force: bool,

    /// The window options of the serial searches.
    #[command(flatten, next_help_heading = "Windows")]
    pub windows: WindowArgs,

    /// Leave the worker threads where the operating system puts them. By default a
    /// measurement pins each worker to its own CPU when there are enough CPUs.
    #[arg(long, help_heading = "Search")]
    pub no_pin: bool,
}

impl SearchArgs {
    /// The algorithms, in the order given.
    pub fn algorithms(&self) -> &[Algorithm] {
        &self.algo.0
    }

    /// The thread counts, in the order given.
    pub fn thread_counts(&self) -> &[usize] {
        &self.threads.0
    }

    /// Notes for the options given that no search of these will use.
    pub fn ignored_options(&self) -> Vec<String> {
        self.ignored_options_measuring(false)
    }

    /// [`SearchArgs::ignored_options`] where, with `serial_candidates`, every exact serial
    /// search is measured beside the parallel ones (`run --baseline fastest`): they read
    /// the window options and the table size too (serial mtdf its table, aspiration and
    /// mtdf the guess, aspiration its delta), named or not.
    pub fn ignored_options_measuring(&self, serial_candidates: bool) -> Vec<String> {
        let given = self.algorithms();
        let parallel: Vec<ParallelAlgorithm> = given
            .iter()
            .filter_map(|a| match a {
                Algorithm::Parallel(p) => Some(*p),
                Algorithm::Serial(_) => None,
            })
            .collect();
        // The algorithms given, in their order, then the candidates they bring.
        let mut searched = given.to_vec();
        for a in abbench_measure::with_serial_candidates(given, serial_candidates) {
            if !searched.contains(&a) {
                searched.push(a);
            }
        }
        self.split
            .ignored_by(&parallel, self.thread_counts())
            .into_iter()
            .chain(self.windows.ignored_by(&searched))
            .collect()
    }

    /// Whether any algorithm uses the thread counts.
    pub fn any_parallel(&self) -> bool {
        self.algorithms().iter().any(|a| a.is_parallel())
    }

    /// What every parallel search is told.
    pub fn search_options(&self) -> SearchOptions {
        SearchOptions {
            time_limit: self.time_limit,
            tt_mb: self.windows.tt_mb,
            guess: self.windows.guess,
            ..self.split.options()
        }
    }

    /// Refuses, unless `--force` was given, work estimated to take more than ten
    /// minutes: every algorithm and thread count on every tree, `runs` searches each, and
    /// `extra_reference_runs` more of the `f2-iter` reference per tree.
    pub fn check_estimate(
        &self,
        trees: &[TreeSpec],
        runs: u64,
        extra_reference_runs: u64,
        what: &str,
    ) -> Result<(), abbench_measure::MeasureError> {
        self.check_estimate_of(self.algorithms(), trees, runs, extra_reference_runs, what)
    }

    /// [`check_estimate`](Self::check_estimate) of `algos` (those given and any the
    /// command adds, such as the serial candidates of `run`).
    pub fn check_estimate_of(
        &self,
        algos: &[Algorithm],
        trees: &[TreeSpec],
        runs: u64,
        extra_reference_runs: u64,
        what: &str,
    ) -> Result<(), abbench_measure::MeasureError> {
        if self.force {
            return Ok(());
        }
        self.estimate_of(algos, trees, runs, extra_reference_runs)
            .check(what)
    }

    /// The estimated work of [`check_estimate_of`](Self::check_estimate_of): `runs`
    /// searches of each of `algos` on each tree, and `extra_reference_runs` of the serial
    /// reference f2-iter.
    pub fn estimate_of(
        &self,
        algos: &[Algorithm],
        trees: &[TreeSpec],
        runs: u64,
        extra_reference_runs: u64,
    ) -> WorkEstimate {
        let mut estimate = WorkEstimate::new(available_threads());
        let reference: Algorithm = "f2-iter".parse().expect("f2-iter is an algorithm");
        for tree in trees {
            estimate.add(tree, reference, 1, extra_reference_runs, self.time_limit);
            for &algo in algos {
                if algo.is_parallel() {
                    for &threads in self.thread_counts() {
                        estimate.add(tree, algo, threads, runs, self.time_limit);
                    }
                } else {
                    estimate.add(tree, algo, 1, runs, self.time_limit);
                }
            }
        }
        estimate
    }

    /// A note for stderr when a parallel search will run more threads than the machine
    /// has hardware threads: allowed, but its times measure oversubscription.
    pub fn oversubscription_note(&self, hardware_threads: usize) -> Option<String> {
        let most = self.thread_counts().iter().copied().max()?;
        (self.any_parallel() && most > hardware_threads).then(|| {
            format!(
                "{most} threads on a machine with {hardware_threads} hardware threads: \
                 those runs were oversubscribed"
            )
        })
    }
}

/// ybwc's split options, declared once for every subcommand that runs or simulates it
/// (`run`, `verify` and `simulate`).
#[derive(Clone, Debug, Args)]
pub struct SplitArgs {
    /// ybwc: split only at nodes at least this far above the leaves, 1 ..= 1024
    /// [default: chosen from the tree's degree].
    #[arg(
        long,
        value_name = "N",
        allow_negative_numbers = true,
        value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_HEIGHT))
    )]
    pub split_height: Option<u32>,

    /// ybwc: offer a split point's younger brothers to other workers only if its eldest
    /// brother's subtree examined at least N positions, else finish it serially, 0 ..=
    /// 10^15 [default: 4096 with an automatic split height, 0 with --split-height].
    #[arg(
        long,
        value_name = "N",
        allow_negative_numbers = true,
        value_parser = clap::value_parser!(u64).range(0..=1_000_000_000_000_000)
    )]
    pub eldest_grain: Option<u64>,

    /// ybwc: at a node expected to cut off, search this many brothers (the eldest
    /// included) before offering the rest to other workers; 1 is classic young brothers
    /// wait, 1 ..= 1024 [default: 2 with an automatic split height, 1 with --split-height].
    #[arg(
        long,
        value_name = "N",
        allow_negative_numbers = true,
        value_parser = clap::value_parser!(u32).range(1..=1024)
    )]
    pub cut_wait: Option<u32>,

    /// er: keep at most N positions at once for the nodes whose children's first lines
    /// are searched first (a node past it is searched as ybwc searches it); at least the
    /// tree's largest degree, 1 ..= 10^15 [default: no bound].
    #[arg(
        long,
        value_name = "N",
        allow_negative_numbers = true,
        value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000_000)
    )]
    pub keep_limit: Option<u64>,
}

impl SplitArgs {
    /// Notes for the split options given where a search will not use them.
    ///
    /// An option given for several algorithms of which only some read it is noted, not
    /// refused (`--algo ybwc,abdada --cut-wait 3` is a fair request for ybwc), and the
    /// records of those that do not read it leave it out ([`ParallelAlgorithm::reads`]):
    /// one note for an option none of `algos` reads, one naming those among `algos` that
    /// do not read it, and one for split options with no thread count above one
    /// (`counts`).
    pub fn ignored_by(&self, algos: &[ParallelAlgorithm], counts: &[usize]) -> Vec<String> {
        let given = [
            (Setting::SplitHeight, self.split_height.is_some()),
            (Setting::EldestGrain, self.eldest_grain.is_some()),
            (Setting::CutWait, self.cut_wait.is_some()),
            (Setting::KeepLimit, self.keep_limit.is_some()),
        ];
        let names = |read: bool, among: &[ParallelAlgorithm], setting: Setting| {
            let names: Vec<&str> = among
                .iter()
                .filter(|a| a.reads(setting) == read)
                .map(|a| a.name())
                .collect();
            names
        };
        let mut notes = Vec::new();
        for (setting, _) in given.into_iter().filter(|&(_, set)| set) {
            let flag = setting.flag();
            let readers = names(true, &ParallelAlgorithm::ALL, setting);
            let ignoring = names(false, algos, setting);
            if names(true, algos, setting).is_empty() {
                notes.push(format!(
                    "--{flag} applies only to {}, none of which is among the algorithms",
                    and_list(&readers)
                ));
            } else if !ignoring.is_empty() {
                notes.push(format!(
                    "--{flag} is not read by {}: {} records leave it out",
                    and_list(&ignoring),
                    if ignoring.len() == 1 { "its" } else { "their" }
                ));
            }
        }
        if notes.is_empty() && given.iter().any(|&(_, set)| set) && counts.iter().all(|&c| c <= 1) {
            let (setting, _) = given.into_iter().find(|&(_, set)| set).unwrap_or(given[0]);
            notes.push(format!(
                "--{} changes nothing at one thread: the parallel searches split only for other workers",
                setting.flag()
            ));
        }
        notes
    }

    /// The search options these give (no time limit).
    pub fn options(&self) -> SearchOptions {
        SearchOptions {
            split_height: self.split_height,
            eldest_grain: self.eldest_grain,
            cut_wait: self.cut_wait,
            keep_limit: self.keep_limit,
            time_limit: None,
            ..SearchOptions::default()
        }
    }
}

/// The window options of the serial searches (Knuth & Moore §4; design: "Algorithms"),
/// declared once for `run` and `verify`.
#[derive(Clone, Debug, Args)]
pub struct WindowArgs {
    /// Root window LO,HI of f2, f2-iter and f2-soft, LO < HI; integers, -inf or inf
    /// (e.g. --window -40,-10) [default: -inf,inf].
    #[arg(long, value_name = "LO,HI", allow_hyphen_values = true, value_parser = parse_window)]
    pub window: Option<Window>,

    /// Cutoff criterion of f2, f2-iter and f2-soft: ge (m >= beta, the paper's) or gt
    /// (m > beta).
    #[arg(long, value_name = "ge|gt", default_value = "ge", value_parser = parse_cutoff)]
    pub cutoff: Cutoff,

    /// Count the internal nodes of f2, f2-iter and f2-soft per level by kind (pv, cut,
    /// all), predicted and actual.
    #[arg(long)]
    pub kinds: bool,

    /// First guess of aspiration, mtdf and null-window [default: on a game (connect4), the
    /// middle of the range its rules give the root's value; a search two plies shallower
    /// on trees with interior values (branch-sum); else 0 for aspiration, and for mtdf and
    /// null-window a search two plies shallower scoring each frontier position by one leaf
    /// below it].
    #[arg(long, value_name = "VALUE", allow_hyphen_values = true, value_parser = parse_guess)]
    pub guess: Option<i64>,

    /// Half-width of the aspiration window (g - delta, g + delta), more than 0.
    #[arg(
        long,
        value_name = "DELTA",
        default_value_t = DEFAULT_ASPIRATION_DELTA,
        allow_negative_numbers = true,
        value_parser = parse_delta
    )]
    pub aspiration_delta: i64,

    // The table searches' table; the help names them (`help.rs`).
    #[arg(
        long,
        help = crate::help::tt_mb(),
        value_name = "MIB",
        default_value_t = DEFAULT_TT_MB,
        allow_negative_numbers = true,
        value_parser = parse_tt_mb
    )]
    pub tt_mb: usize,
}

impl WindowArgs {
    /// Notes for the options given (a value other than the default) that none of `algos`
    /// uses, and for a table size the table searches round down.
    pub fn ignored_by(&self, algos: &[Algorithm]) -> Vec<String> {
        let mut notes = self.unused_by(algos);
        // The table searches: serial mtdf and the parallel ones that share a table.
        let tabled: Vec<&str> = algos
            .iter()
            .filter(|a| a.reads(WindowOption::TtMb))
            .map(|a| a.name())
            .collect();
        if self.tt_mb != DEFAULT_TT_MB && tabled.is_empty() {
            notes.push(format!(
                "--tt-mb applies only to the table searches ({}), none of which is among \
                 the algorithms",
                crate::help::table_searches()
            ));
        }
        let bytes = abbench_search::TranspositionTable::bytes_for(self.tt_mb);
        if !tabled.is_empty() && bytes != self.tt_mb << 20 {
            notes.push(format!(
                "--tt-mb {}: the table of {} is {}, the largest power of two of {}-byte \
                 slots that fits",
                self.tt_mb,
                and_list(&tabled),
                table_size(bytes),
                abbench_search::SLOT_BYTES
            ));
        }
        notes
    }

    /// Notes for the window options given (a value other than the default) that none of
    /// `algos` reads ([`Algorithm::reads`]), naming those that do.
    fn unused_by(&self, algos: &[Algorithm]) -> Vec<String> {
        let given = [
            (WindowOption::Window, self.window.is_some()),
            (WindowOption::Cutoff, self.cutoff != Cutoff::Ge),
            (WindowOption::Kinds, self.kinds),
            (WindowOption::Guess, self.guess.is_some()),
            (
                WindowOption::AspirationDelta,
                self.aspiration_delta != DEFAULT_ASPIRATION_DELTA,
            ),
        ];
        given
            .into_iter()
            .filter(|&(option, set)| set && !algos.iter().any(|a| a.reads(option)))
            .map(|(option, _)| {
                let readers: Vec<&str> = Algorithm::ALL
                    .into_iter()
                    .filter(|a| a.reads(option))
                    .map(Algorithm::name)
                    .collect();
                let which = if readers.len() == 1 {
                    "which is not"
                } else {
                    "none of which is"
                };
                format!(
                    "--{} applies only to {}, {which} among the algorithms",
                    option.flag(),
                    and_list(&readers)
                )
            })
            .collect()
    }

    /// The serial searches' options these give.
    pub fn options(&self) -> SerialOptions {
        SerialOptions {
            window: self.window.unwrap_or(Window::FULL),
            cutoff: self.cutoff,
            kinds: self.kinds,
            guess: self.guess,
            aspiration_delta: self.aspiration_delta,
            tt_mb: self.tt_mb,
        }
    }
}

/// A table's size in MiB, or KiB below one MiB.
fn table_size(bytes: usize) -> String {
    if bytes >= 1 << 20 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{} KiB", bytes >> 10)
    }
}

/// The checks of [`SerialOptions::validate`] for one setting, with its message.
fn checked(options: SerialOptions) -> Result<SerialOptions, String> {
    options
        .validate()
        .map(|()| options)
        .map_err(|e| e.to_string())
}

fn parse_window(text: &str) -> Result<Window, String> {
    text.parse()
        .map_err(|e: abbench_search::OptionError| e.to_string())
}

fn parse_cutoff(text: &str) -> Result<Cutoff, String> {
    text.parse()
        .map_err(|e: abbench_search::OptionError| e.to_string())
}

pub(crate) fn parse_guess(text: &str) -> Result<i64, String> {
    let guess = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a value: expected an integer"))?;
    checked(SerialOptions {
        guess: Some(guess),
        ..SerialOptions::default()
    })
    .map(|_| guess)
}

fn parse_delta(text: &str) -> Result<i64, String> {
    let delta = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a delta: expected an integer more than 0"))?;
    checked(SerialOptions {
        aspiration_delta: delta,
        ..SerialOptions::default()
    })
    .map(|_| delta)
}

/// Parses `--tt-mb`: MiB, 1 ..= [`MAX_TT_MB`].
pub(crate) fn parse_tt_mb(text: &str) -> Result<usize, String> {
    let megabytes = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a size: expected MiB 1 ..= {MAX_TT_MB}"))?;
    checked(SerialOptions {
        tt_mb: megabytes,
        ..SerialOptions::default()
    })
    .map(|_| megabytes)
}

/// A parsed `--threads` list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadCounts(pub Vec<usize>);

fn parse_algorithms(text: &str) -> Result<AlgorithmList<Algorithm>, UnknownAlgorithm> {
    Algorithm::parse_list(text).map(AlgorithmList)
}

/// Parses `--time-limit`: seconds, a decimal more than 0 and at most
/// [`MAX_TIME_LIMIT_SECONDS`].
pub fn parse_time_limit(text: &str) -> Result<Duration, String> {
    let range = format!("expected seconds more than 0 and at most {MAX_TIME_LIMIT_SECONDS}");
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds: {range}"))?;
    if !(seconds > 0.0 && seconds <= MAX_TIME_LIMIT_SECONDS) {
        return Err(format!("{text} seconds is out of range: {range}"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

pub fn parse_thread_counts(text: &str) -> Result<ThreadCounts, String> {
    crate::list::comma_list(text, |word| {
        let count: usize = word.parse().map_err(|_| match word.parse::<i64>() {
            // A negative number is a number, out of range.
            Ok(n) => format!("{n} threads is out of range: each count must be 1 ..= {MAX_THREADS}"),
            Err(_) => format!(
                "'{word}' is not a thread count: expected numbers 1 ..= {MAX_THREADS} separated by commas"
            ),
        })?;
        if !(1..=MAX_THREADS).contains(&count) {
            return Err(format!(
                "{count} threads is out of range: each count must be 1 ..= {MAX_THREADS}"
            ));
        }
        Ok(count)
    })
    .map(ThreadCounts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_lists_keep_order_and_drop_repeats() {
        assert_eq!(
            parse_thread_counts("4,1,4,2"),
            Ok(ThreadCounts(vec![4, 1, 2]))
        );
        assert_eq!(parse_thread_counts(" 3 "), Ok(ThreadCounts(vec![3])));
        assert!(parse_thread_counts("0").unwrap_err().contains("1 ..= 256"));
        assert!(parse_thread_counts("257").is_err());
        assert!(parse_thread_counts("1,,2").is_err());
        assert!(parse_thread_counts("two").is_err());
        assert!(parse_thread_counts("-1").is_err());
    }

    #[test]
    fn time_limits_are_positive_seconds() {
        assert_eq!(parse_time_limit("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_time_limit("0.001"), Ok(Duration::from_millis(1)));
        for bad in ["0", "-1", "nan", "inf", "1e7", "soon", ""] {
            let error = parse_time_limit(bad).unwrap_err();
            assert!(
                error.contains("more than 0 and at most 1000000"),
                "{bad}: {error}"
            );
        }
    }

    #[test]
    fn algorithm_lists_name_the_unknown_one() {
        let list = parse_algorithms("ybwc,f2,ybwc").unwrap();
        assert_eq!(list.0.len(), 2);
        assert_eq!(list.0[0].name(), "ybwc");
        assert!(
            parse_algorithms("f2,f3")
                .unwrap_err()
                .to_string()
                .contains("'f3'")
        );
    }
}
