//! The one list of search settings, a line each, and [`Setting`] made from it.
//!
//! A setting is something a search may be told beyond the tree: a split height, a first
//! guess, a table size. Its line gives its flag, the type of its value and how that value
//! is read, its default rule, its one-line doc and where it belongs. Which searches read
//! it is said once, by the algorithms: the parallel list (`list.rs`) names the settings
//! each parallel search reads, [`crate::SerialAlgorithm::settings`] the serial ones'.
//!
//! [`search_settings!`] hands the list to a macro of the caller's, as
//! [`crate::parallel_algorithms!`] does: this crate makes [`Setting`] of it (names,
//! docs, readers), `abbench-search` the typed values (`Settings`, with the parsers the
//! lines name). The command line's options, their help, the notes for a setting no
//! search reads, the suite files' keys and the records' settings are all made from
//! these two. A new setting is a line here and the code that reads it.

/// Calls `$callback!` with the list of search settings, a line each:
///
/// ```text
/// /// One-line doc: what the value means.
/// Variant = "flag" as field: Type, value "VALUE_NAME", parse path::to::parser,
///     default "the default rule", heading Heading, called "what its readers are called",
///     read_by every|listed, simulated bool, recorded bool;
/// ```
///
/// `parse` names a function `fn(&str) -> Result<Type, String>` of the crate that expands
/// the list (its message is the command line's); `called` names its readers as a group
/// where they are one ("the table searches"), else is empty; `read_by every` marks a setting every
/// search reads; `simulated false` a setting the simulator has no use for (wall-clock
/// time); `recorded false` one whose effect is fields of their own in a record.
#[macro_export]
macro_rules! search_settings {
    ($callback:ident) => {
        $callback! {
            /// Split only at nodes at least this far above the leaves (on Othello: with at least N empty squares), 1 ..= 1024.
            SplitHeight = "split-height" as split_height: u32, value "N", parse split_height,
                default "chosen from the tree's degree", heading Search, called "", read_by listed, simulated true, recorded true;
            /// Offer a split point's younger brothers to other workers only if its eldest brother's subtree examined at least N positions, else finish it serially; 0 ..= 10^15.
            EldestGrain = "eldest-grain" as eldest_grain: u64, value "N", parse eldest_grain,
                default "4096 at two workers with an automatic split height (2/p of it at p), 0 with --split-height", heading Search, called "", read_by listed, simulated true, recorded true;
            /// At a node expected to cut off, search this many brothers (the eldest included) before offering the rest to other workers; 1 is classic young brothers wait, 1 ..= 1024.
            CutWait = "cut-wait" as cut_wait: u32, value "N", parse cut_wait,
                default "2 with an automatic split height, 1 with --split-height", heading Search, called "", read_by listed, simulated true, recorded true;
            /// Keep at most N positions at once beyond the split points (a node with no room is searched without them); at least the tree's largest degree, 1 ..= 10^15.
            KeepLimit = "keep-limit" as keep_limit: u64, value "N", parse keep_limit,
                default "no bound", heading Search, called "", read_by listed, simulated true, recorded true;
            /// Stop each search after this many seconds (a decimal, more than 0, at most 1000000); a search that reaches it is reported as timed out, not as a result.
            TimeLimit = "time-limit" as time_limit: Seconds, value "SECONDS", parse time_limit,
                default "none", heading Search, called "", read_by every, simulated false, recorded false;
            /// Root window LO,HI, LO < HI; integers, -inf or inf (e.g. --window -40,-10).
            Window = "window" as window: Window, value "LO,HI", parse window,
                default "-inf,inf", heading Windows, called "", read_by listed, simulated false, recorded true;
            /// Cutoff criterion: ge (m >= beta, the paper's) or gt (m > beta).
            Cutoff = "cutoff" as cutoff: Cutoff, value "ge|gt", parse cutoff,
                default "ge", heading Windows, called "", read_by listed, simulated false, recorded true;
            /// Count the internal nodes per level by kind (pv, cut, all), predicted and actual.
            Kinds = "kinds" as kinds: bool, value "", parse kinds,
                default "false", heading Windows, called "", read_by listed, simulated false, recorded false;
            /// First guess of a search around a guess.
            Guess = "guess" as guess: Value, value "VALUE", parse guess,
                default "on a game, the middle of the range its rules give the root's value; on trees with interior values (branch-sum), a search two plies shallower; else 0 for aspiration, and for the others a search two plies shallower scoring each frontier position by one leaf below it", heading Windows, called "", read_by listed, simulated true, recorded true;
            /// Half-width of the aspiration window (g - delta, g + delta), more than 0.
            AspirationDelta = "aspiration-delta" as aspiration_delta: Value, value "DELTA", parse aspiration_delta,
                default "100", heading Windows, called "", read_by listed, simulated false, recorded true;
            /// Size of the table searches' transposition table in MiB, 1 ..= 65536: the largest power of two of 32-byte slots that fits.
            TtMb = "tt-mb" as tt_mb: usize, value "MIB", parse tt_mb,
                default "16", heading Windows, called "the table searches", read_by listed, simulated true, recorded true;
        }
    };
}

/// Makes [`Setting`] of the list.
macro_rules! declare_settings {
    ($($(#[doc = $doc:literal])* $variant:ident = $flag:literal as $field:ident : $ty:ty,
        value $value_name:literal, parse $parse:path,
        default $default:literal, heading $heading:ident, called $called:literal, read_by $read_by:ident,
        simulated $simulated:literal, recorded $recorded:literal;)*) => {
        /// A setting of a search, by name (the one list in `setting.rs`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Setting {
            $($(#[doc = $doc])* $variant,)*
        }

        impl Setting {
            /// Every setting, in the order of the list (the order of the help).
            pub const ALL: [Setting; [$($flag),*].len()] = [$(Setting::$variant),*];

            /// Its option on the command line and its key in a suite file, without the
            /// dashes: `cut-wait`.
            pub fn flag(self) -> &'static str {
                match self {
                    $(Setting::$variant => $flag,)*
                }
            }

            /// Its key in a record: the flag in snake case, `cut_wait`.
            pub fn key(self) -> &'static str {
                match self {
                    $(Setting::$variant => stringify!($field),)*
                }
            }

            /// What its value means, in one line (the help's first sentence).
            pub fn doc(self) -> &'static str {
                match self {
                    $(Setting::$variant => concat!($($doc),*).trim_ascii(),)*
                }
            }

            /// The placeholder of its value in the help (`N`); empty for a switch.
            pub fn value_name(self) -> &'static str {
                match self {
                    $(Setting::$variant => $value_name,)*
                }
            }

            /// What a search does when it is not given.
            pub fn default_rule(self) -> &'static str {
                match self {
                    $(Setting::$variant => $default,)*
                }
            }

            /// The help heading it is shown under.
            pub fn heading(self) -> Heading {
                match self {
                    $(Setting::$variant => Heading::$heading,)*
                }
            }

            /// What its readers are called as a group ("the table searches"), where they
            /// are one; empty otherwise.
            pub fn readers_called(self) -> &'static str {
                match self {
                    $(Setting::$variant => $called,)*
                }
            }

            /// Whether every search reads it, whatever the lists of algorithms say.
            pub fn read_by_every_search(self) -> bool {
                match self {
                    $(Setting::$variant => declare_settings!(@every $read_by),)*
                }
            }

            /// Whether it means anything to a search on the simulator's virtual
            /// processors (a time limit in seconds does not).
            pub fn simulated(self) -> bool {
                match self {
                    $(Setting::$variant => $simulated,)*
                }
            }

            /// Whether a record carries it under [`Setting::key`]: a setting whose effect
            /// is fields of their own (node kinds) is not.
            pub fn recorded(self) -> bool {
                match self {
                    $(Setting::$variant => $recorded,)*
                }
            }
        }
    };
    (@every every) => { true };
    (@every listed) => { false };
}

crate::search_settings!(declare_settings);

/// Where the help shows a setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heading {
    /// How the parallel searches share work, and how long a search may take.
    Search,
    /// The serial searches' windows and tables.
    Windows,
}

impl Heading {
    /// The heading's title in the help.
    pub fn title(self) -> &'static str {
        match self {
            Heading::Search => "Search",
            Heading::Windows => "Windows",
        }
    }
}

impl Setting {
    /// The setting whose flag is `flag` (without the dashes).
    pub fn from_flag(flag: &str) -> Option<Setting> {
        Setting::ALL.into_iter().find(|s| s.flag() == flag)
    }

    /// The setting whose record key is `key`.
    pub fn from_key(key: &str) -> Option<Setting> {
        Setting::ALL.into_iter().find(|s| s.key() == key)
    }

    /// Whether its value is a switch (given or not) rather than a value.
    pub fn is_switch(self) -> bool {
        self.value_name().is_empty()
    }
}

impl std::fmt::Display for Setting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.flag())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_and_keys_name_one_setting_each_and_read_back() {
        for setting in Setting::ALL {
            assert_eq!(Setting::from_flag(setting.flag()), Some(setting));
            assert_eq!(Setting::from_key(setting.key()), Some(setting));
            assert_eq!(setting.key(), setting.flag().replace('-', "_"));
            assert!(!setting.doc().is_empty() && setting.doc().ends_with('.'));
            assert!(!setting.default_rule().is_empty());
        }
        assert_eq!(Setting::from_flag("cut_wait"), None);
        assert!(Setting::Kinds.is_switch() && !Setting::CutWait.is_switch());
    }

    #[test]
    fn every_setting_has_a_reader_and_the_time_limit_every_search() {
        for setting in Setting::ALL {
            assert!(!setting.readers().is_empty(), "{setting}");
        }
        assert_eq!(
            Setting::TimeLimit.readers().len(),
            crate::Algorithm::ALL.len()
        );
        assert!(Setting::CutWait.only_parallel());
        assert!(!Setting::Guess.only_parallel());
    }
}
