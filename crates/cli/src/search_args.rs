//! The options that say how to search a tree, defined once and flattened into every
//! subcommand that searches (`run`, `verify`): which algorithms (design: "Algorithms"),
//! at which thread counts, and every search setting (`setting_args.rs`, made from the
//! vocabulary's list).
//!
//! `sweep` takes `--threads` and `--repeat` with the same ranges and parsers, where they
//! override a suite's settings rather than default to a value.
//!
//! `--force` runs work whose estimated time is over ten minutes (see
//! `abbench_measure::WorkEstimate`); it is shared with `sweep`.
//!
//! Lists are comma-separated (`--algo f2,ybwc --threads 1,2,4`); repeats are dropped and
//! the order given is kept, so tables list rows in the order asked for.

use crate::list::AlgorithmList;
use crate::setting_args::{Searches, SettingArgs};
use abbench_measure::WorkEstimate;
use abbench_parallel::SearchOptions;
use abbench_results::{Algorithm, available_threads};
use abbench_tree::TreeSpec;
use clap::Args;

pub use abbench_measure::{MAX_RUNS, MAX_THREADS};

/// Algorithms and thread counts to search with.
#[derive(Clone, Debug, Args)]
pub struct SearchArgs {
    // The algorithms; the help names them (`help.rs`).
    #[arg(
        long,
        help = crate::help::algo(),
        value_name = "LIST",
        default_value = "f2-iter",
        value_parser = crate::help::AlgorithmNames::every(),
        hide_possible_values = true,
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

    /// Every search setting, each read by the algorithms that read it.
    #[command(flatten)]
    pub settings: SettingArgs<Searches>,

    /// Run even if the work is estimated to take more than ten minutes.
    #[arg(long, help_heading = "Search")]
    pub force: bool,

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
    /// the window settings and the table size too (serial mtdf its table, aspiration and
    /// mtdf the guess, aspiration its delta), named or not.
    pub fn ignored_options_measuring(&self, serial_candidates: bool) -> Vec<String> {
        let given = self.algorithms();
        // The algorithms given, in their order, then the candidates they bring.
        let mut searched = given.to_vec();
        for a in abbench_measure::with_serial_candidates(given, serial_candidates) {
            if !searched.contains(&a) {
                searched.push(a);
            }
        }
        crate::setting_args::notes(
            &self.settings.settings,
            given,
            &searched,
            self.thread_counts(),
        )
    }

    /// A note when thread counts other than the command's `default` were given and no
    /// algorithm reads them: every search runs on one thread.
    pub fn unread_threads_note(&self, default: &[usize]) -> Option<String> {
        let counts = self.thread_counts();
        (!self.any_parallel() && counts != default && counts.iter().any(|&t| t > 1)).then(|| {
            "--threads applies only to the parallel algorithms, none of which is among the \
             algorithms: every search here runs on one thread"
                .to_string()
        })
    }

    /// Whether any algorithm uses the thread counts.
    pub fn any_parallel(&self) -> bool {
        self.algorithms().iter().any(|a| a.is_parallel())
    }

    /// What every search is told: the settings given.
    pub fn search_options(&self) -> SearchOptions {
        self.settings.settings
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
            let limit = self.settings.settings.time_limit();
            // A tree held to its published score alone runs no f2-iter.
            if !abbench_measure::checked_by_score_alone(tree, algos) {
                estimate.add(tree, reference, 1, extra_reference_runs, limit);
            }
            for &algo in algos {
                if algo.is_parallel() {
                    for &threads in self.thread_counts() {
                        estimate.add(tree, algo, threads, runs, limit);
                    }
                } else {
                    estimate.add(tree, algo, 1, runs, limit);
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

/// A parsed `--threads` list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadCounts(pub Vec<usize>);

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
    use crate::list::parse_algorithms;

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
