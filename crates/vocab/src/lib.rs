//! abbench's vocabulary: the words every other crate shares and none owns.
//!
//! - the serial searches by name ([`SerialAlgorithm`]) and the window options each reads;
//! - the one list of search settings ([`search_settings!`], a line each), and from it
//!   [`Setting`]: flags, record keys, docs and default rules;
//! - the one list of parallel searches ([`parallel_algorithms!`], a line each), and from
//!   it [`ParallelAlgorithm`]: its names, the settings each reads ([`Setting`]), whether
//!   it shares a node table, and the serial search it is on one worker;
//! - what a search reports of its own beyond the shared counters ([`OwnStats`]);
//! - every algorithm, serial or parallel ([`Algorithm`]), and the error for a name that
//!   is none of them ([`UnknownAlgorithm`]);
//! - plain data that records and reports share ([`Percentiles`]).
//!
//! It depends on nothing of abbench, so the record format, the command line and the
//! reports read these words without the engines behind them. A new parallel search is
//! its folder in `abbench-parallel` and its line in `src/list.rs`; every list of names
//! (the command line's help, the JSON schema's enums, the CI scripts, the plot palette)
//! is made from that line.

#[macro_use]
mod list;
#[macro_use]
mod setting;
mod algorithm;
mod own;
mod parallel;
mod percentiles;
mod serial;

pub use algorithm::{Algorithm, AlgorithmList, EVERY_PARALLEL};
pub use own::{Kept, OwnStats};
pub use parallel::ParallelAlgorithm;
pub use percentiles::Percentiles;
pub use serial::{SerialAlgorithm, UnknownAlgorithm};
pub use setting::{Heading, Setting};

/// `names` as a list of alternatives: "a, b or c".
pub fn one_of(names: &[&str]) -> String {
    joined(names, "or")
}

/// `names` as a list: "a, b and c".
pub fn and_list(names: &[&str]) -> String {
    joined(names, "and")
}

fn joined(names: &[&str], word: &str) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} {word} {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_prose() {
        assert_eq!(one_of(&[]), "");
        assert_eq!(one_of(&["a"]), "a");
        assert_eq!(one_of(&["a", "b"]), "a or b");
        assert_eq!(and_list(&["a", "b", "c"]), "a, b and c");
    }
}
