//! The search settings as command-line options, made from the vocabulary's one list
//! (`abbench_vocab::search_settings!`): an option per setting, its help from the
//! setting's line and the algorithms that read it, its value read by the setting's own
//! parser; and the notes for a setting given where no search of a run reads it. No
//! setting is named here: a new one is an option of every command that searches.

use abbench_results::Algorithm;
use abbench_search::Settings;
use abbench_vocab::{ParallelAlgorithm, SerialAlgorithm, Setting, and_list};
use clap::builder::{PossibleValue, TypedValueParser};
use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches};
use std::marker::PhantomData;

/// Which settings a command takes, and where its help shows them.
pub trait Scope: Clone + std::fmt::Debug + Send + Sync + 'static {
    /// Whether the command takes `setting`.
    fn takes(setting: Setting) -> bool;
    /// The help heading `setting` is shown under.
    fn heading(setting: Setting) -> &'static str;
}

/// The commands that search real trees (`run`, `verify`): every setting.
#[derive(Clone, Debug)]
pub struct Searches;

impl Scope for Searches {
    fn takes(_: Setting) -> bool {
        true
    }
    fn heading(setting: Setting) -> &'static str {
        setting.heading().title()
    }
}

/// `simulate`: the settings that mean something on virtual processors.
#[derive(Clone, Debug)]
pub struct Simulated;

impl Scope for Simulated {
    fn takes(setting: Setting) -> bool {
        setting.simulated()
    }
    fn heading(_: Setting) -> &'static str {
        "Simulation"
    }
}

/// `sweep`: the settings every search reads (a time limit), given over a suite's.
#[derive(Clone, Debug)]
pub struct EverySearch;

impl Scope for EverySearch {
    fn takes(setting: Setting) -> bool {
        setting.read_by_every_search()
    }
    fn heading(_: Setting) -> &'static str {
        "Options"
    }
}

/// The settings given on the command line, of the scope `S`.
#[derive(Clone, Debug, Default)]
pub struct SettingArgs<S: Scope> {
    /// The values given; the others are `None`.
    pub settings: Settings,
    scope: PhantomData<S>,
}

impl<S: Scope> Args for SettingArgs<S> {
    fn augment_args(mut cmd: clap::Command) -> clap::Command {
        for setting in Setting::ALL.into_iter().filter(|&s| S::takes(s)) {
            cmd = cmd.arg(argument(setting).help_heading(S::heading(setting)));
        }
        cmd
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl<S: Scope> FromArgMatches for SettingArgs<S> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut args = SettingArgs {
            settings: Settings::default(),
            scope: PhantomData,
        };
        args.update_from_arg_matches(matches)?;
        Ok(args)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        for setting in Setting::ALL.into_iter().filter(|&s| S::takes(s)) {
            let text = if setting.is_switch() {
                matches.get_flag(setting.key()).then(|| "true".to_string())
            } else {
                matches.get_one::<String>(setting.key()).cloned()
            };
            if let Some(text) = text {
                // The parser checked the value already: this cannot fail.
                self.settings.set(setting, &text).map_err(|why| {
                    clap::Error::raw(clap::error::ErrorKind::ValueValidation, why)
                })?;
            }
        }
        Ok(())
    }
}

/// `setting`'s option: its flag, placeholder, help and parser.
fn argument(setting: Setting) -> Arg {
    let arg = Arg::new(setting.key())
        .long(setting.flag())
        .help(help(setting));
    if setting.is_switch() {
        return arg.action(ArgAction::SetTrue);
    }
    arg.value_name(setting.value_name())
        // `-40,-10`, `-3`: the setting's parser judges every value.
        .allow_hyphen_values(true)
        .value_parser(SettingParser(setting))
}

/// The help of `setting`: who reads it, what it means, its default.
pub fn help(setting: Setting) -> String {
    let doc = setting.doc().trim_end_matches('.');
    let text = match readers_phrase(setting) {
        None => doc.to_string(),
        Some(readers) => {
            let mut chars = doc.chars();
            let first = chars
                .next()
                .map_or(String::new(), |c| c.to_lowercase().to_string());
            format!("{readers}: {first}{}", chars.as_str())
        }
    };
    if setting.is_switch() {
        text
    } else {
        format!("{text} [default: {}]", setting.default_rule())
    }
}

/// Who reads `setting`, as the help names them: "every parallel search but root-split",
/// "f2, f2-iter and f2-soft"; `None` for a setting every search reads.
fn readers_phrase(setting: Setting) -> Option<String> {
    if setting.read_by_every_search() {
        return None;
    }
    let serial: Vec<&str> = SerialAlgorithm::ALL
        .into_iter()
        .filter(|s| s.reads(setting))
        .map(SerialAlgorithm::name)
        .collect();
    let parallel: Vec<ParallelAlgorithm> = ParallelAlgorithm::ALL
        .into_iter()
        .filter(|p| p.reads(setting))
        .collect();
    let left_out: Vec<&str> = ParallelAlgorithm::ALL
        .into_iter()
        .filter(|p| !parallel.contains(p))
        .map(ParallelAlgorithm::name)
        .collect();
    let mut parts: Vec<String> = serial.iter().map(|s| s.to_string()).collect();
    match (parallel.len(), left_out.len()) {
        (0, _) => {}
        (_, 0) => parts.push("every parallel search".into()),
        (n, 1) if n > 4 => parts.push(format!("every parallel search but {}", left_out[0])),
        _ => parts.extend(parallel.iter().map(|p| p.name().to_string())),
    }
    let names: Vec<&str> = parts.iter().map(String::as_str).collect();
    Some(and_list(&names))
}

/// Reads a setting's value with the setting's own parser; offers its values, where they
/// are few, to completions.
#[derive(Clone, Copy, Debug)]
struct SettingParser(Setting);

impl TypedValueParser for SettingParser {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        let setting = self.0;
        let check = move |text: &str| -> Result<String, String> {
            Settings::default().set(setting, text)?;
            Ok(text.to_string())
        };
        check.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let choices = Settings::choices(self.0);
        (!choices.is_empty()).then(|| {
            Box::new(choices.iter().map(|c| PossibleValue::new(*c)))
                as Box<dyn Iterator<Item = PossibleValue>>
        })
    }
}

/// The options that give `settings` again on a command line (`--cut-wait 4`), those a
/// record carries: what reproduces a search, without its time limit.
pub fn command_words(settings: &Settings) -> Vec<String> {
    let mut words = Vec::new();
    for setting in settings.given().into_iter().filter(|s| s.recorded()) {
        words.push(format!("--{}", setting.flag()));
        if !setting.is_switch() {
            words.push(settings.text(setting).unwrap_or_default());
        }
    }
    words
}

/// The notes for the settings `given` that a run of `asked` (and `searched`: those asked
/// and any the run adds, such as the serial searches a parallel one is set against) will
/// not use, at the thread counts `counts`:
///
/// - one for a setting none of `searched` reads, naming those that do;
/// - one for a setting only parallel searches read, naming those of `asked` that do not
///   read it (`--algo ybwc,abdada --cut-wait 3` is a fair request for ybwc): their
///   records leave it out. A setting a serial search reads is used by a parallel run,
///   whose serial searches read it;
/// - one for a setting only parallel searches read, given with no thread count above
///   one: they split only for other workers;
/// - one for a value the readers round ([`Settings::rounded`]).
pub fn notes(
    given: &Settings,
    asked: &[Algorithm],
    searched: &[Algorithm],
    counts: &[usize],
) -> Vec<String> {
    let mut notes = Vec::new();
    let names = |algos: &[Algorithm], setting: Setting, read: bool| -> Vec<&'static str> {
        algos
            .iter()
            .filter(|a| a.reads(setting) == read)
            .map(|a| a.name())
            .collect()
    };
    for setting in given.given() {
        let flag = setting.flag();
        let readers = names(searched, setting, true);
        if readers.is_empty() {
            notes.push(unread(setting));
            continue;
        }
        let ignoring = names(asked, setting, false);
        if setting.only_parallel() && !ignoring.is_empty() {
            notes.push(format!(
                "--{flag} is not read by {}: {} records leave it out",
                and_list(&ignoring),
                if ignoring.len() == 1 { "its" } else { "their" }
            ));
        }
        if let Some((made, rounded)) = given.rounded(setting) {
            let value = given.text(setting).unwrap_or_default();
            notes.push(format!(
                "--{flag} {value}: the {made} of {} is {rounded}",
                and_list(&readers)
            ));
        }
    }
    let split_options = given.given().into_iter().find(|s| s.only_parallel());
    if let Some(setting) = split_options
        && notes.is_empty()
        && counts.iter().all(|&c| c <= 1)
    {
        notes.push(format!(
            "--{} changes nothing at one thread: the parallel searches split only for other workers",
            setting.flag()
        ));
    }
    notes
}

/// The note for `setting` given where no search of the run reads it.
fn unread(setting: Setting) -> String {
    let readers = setting.readers();
    let names: Vec<&str> = readers.iter().map(|a| a.name()).collect();
    let listed = and_list(&names);
    let (who, which) = match (setting.readers_called(), names.len()) {
        ("", 1) => (listed, "which is not"),
        ("", _) => (listed, "none of which is"),
        (called, _) => (format!("{called} ({listed})"), "none of which is"),
    };
    format!(
        "--{} applies only to {who}, {which} among the algorithms",
        setting.flag()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_names_the_readers_the_meaning_and_the_default() {
        assert_eq!(
            help(Setting::SplitHeight),
            "every parallel search but root-split: split only at nodes at least this far \
             above the leaves (on Othello: with at least N empty squares), 1 ..= 1024 \
             [default: chosen from the tree's degree]"
        );
        assert!(help(Setting::Window).starts_with("f2, f2-iter and f2-soft: root window"));
        assert!(help(Setting::TimeLimit).starts_with("Stop each search after"));
        assert!(!help(Setting::Kinds).contains("default"));
    }
}
