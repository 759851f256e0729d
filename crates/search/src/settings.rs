//! The search settings as typed values ([`Settings`]), made from the vocabulary's one
//! list (`abbench_vocab::search_settings!`): a field per setting, the parser its line
//! names, and the generic operations the command line, the suite files and the records
//! use without naming any setting.
//!
//! A field is `None` where the setting was not given: each search that reads it applies
//! its default rule ([`Setting::default_rule`]) where it reads it.

use crate::options::{Cutoff, MAX_TT_MB, OptionError, SerialOptions, Window};
use abbench_tree::{INFINITY, Value};
use abbench_vocab::{Algorithm, Setting};
use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::time::Duration;

/// A value a setting can hold: shown as the command line writes it, and as a number
/// where it is one (what a study plots a measurement against).
pub trait SettingValue: Copy + fmt::Debug + PartialEq {
    /// The value as the command line writes it: `4`, `-40,-10`, `gt`, `1.5`.
    fn show(&self) -> String;
    /// The value as a number, where it is one.
    fn number(&self) -> Option<f64>;
    /// Every value there is, as the command line writes them, where they are few (for
    /// completions); empty otherwise.
    fn choices() -> &'static [&'static str] {
        &[]
    }
}

macro_rules! integer_values {
    ($($t:ty),*) => {$(
        impl SettingValue for $t {
            fn show(&self) -> String {
                self.to_string()
            }
            fn number(&self) -> Option<f64> {
                Some(*self as f64)
            }
        }
    )*};
}
integer_values!(u32, u64, usize, i64);

impl SettingValue for bool {
    fn show(&self) -> String {
        self.to_string()
    }
    fn number(&self) -> Option<f64> {
        None
    }
}

impl SettingValue for Window {
    fn show(&self) -> String {
        self.to_string()
    }
    fn number(&self) -> Option<f64> {
        None
    }
}

impl SettingValue for Cutoff {
    fn show(&self) -> String {
        self.name().to_string()
    }
    fn number(&self) -> Option<f64> {
        None
    }
    fn choices() -> &'static [&'static str] {
        &["ge", "gt"]
    }
}

/// A time in seconds, as `--time-limit` takes it; a record writes it as seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seconds(pub Duration);

impl SettingValue for Seconds {
    fn show(&self) -> String {
        self.0.as_secs_f64().to_string()
    }
    fn number(&self) -> Option<f64> {
        Some(self.0.as_secs_f64())
    }
}

impl Serialize for Seconds {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.0.as_secs_f64())
    }
}

impl schemars::JsonSchema for Seconds {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Seconds".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "number", "exclusiveMinimum": 0 })
    }
}

impl<'de> Deserialize<'de> for Seconds {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let seconds = f64::deserialize(deserializer)?;
        Duration::try_from_secs_f64(seconds)
            .map(Seconds)
            .map_err(|_| de::Error::custom(format!("{seconds} is not a time in seconds")))
    }
}

/// Makes [`Settings`] of the list.
macro_rules! typed_settings {
    ($($(#[doc = $doc:literal])* $variant:ident = $flag:literal as $field:ident : $ty:ty,
        value $value_name:literal, parse $parse:ident,
        default $default:literal, heading $heading:ident, called $called:literal, read_by $read_by:ident,
        simulated $simulated:literal, recorded $recorded:literal;)*) => {
        /// A value for each setting that was given ([`Setting`]); `None` where the
        /// searches apply their default rule.
        #[derive(Clone, Copy, Debug, Default, PartialEq)]
        pub struct Settings {
            $($(#[doc = $doc])* pub $field: Option<$ty>,)*
        }

        impl Settings {
            /// Reads `text` as the value of `setting` and sets it; the error says why
            /// `text` is no such value, as the command line says it. A value that is the
            /// setting's default ([`Setting::default_rule`]) is the same as none given.
            pub fn set(&mut self, setting: Setting, text: &str) -> Result<(), String> {
                match setting {
                    $(Setting::$variant => {
                        let value = parse::$parse(text)?;
                        self.$field = (value.show() != setting.default_rule()).then_some(value);
                    })*
                }
                Ok(())
            }

            /// Whether `setting` was given.
            pub fn is_set(&self, setting: Setting) -> bool {
                match setting {
                    $(Setting::$variant => self.$field.is_some(),)*
                }
            }

            /// Forgets `setting`: its readers apply their default rule.
            pub fn clear(&mut self, setting: Setting) {
                match setting {
                    $(Setting::$variant => self.$field = None,)*
                }
            }

            /// The value of `setting` as the command line writes it, where given.
            pub fn text(&self, setting: Setting) -> Option<String> {
                match setting {
                    $(Setting::$variant => self.$field.as_ref().map(SettingValue::show),)*
                }
            }

            /// The value of `setting` as a number, where given and numeric.
            pub fn number(&self, setting: Setting) -> Option<f64> {
                match setting {
                    $(Setting::$variant => self.$field.as_ref().and_then(SettingValue::number),)*
                }
            }

            /// Every value `setting` takes, where they are few (for completions).
            pub fn choices(setting: Setting) -> &'static [&'static str] {
                match setting {
                    $(Setting::$variant => <$ty as SettingValue>::choices(),)*
                }
            }

            /// `setting`'s value from `other` (given or not).
            pub fn copy_from(&mut self, other: &Settings, setting: Setting) {
                match setting {
                    $(Setting::$variant => self.$field = other.$field,)*
                }
            }

            /// Writes the recorded settings that are given, by key.
            fn serialize_entries<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
                $(if $recorded && let Some(value) = &self.$field {
                    map.serialize_entry(stringify!($field), value)?;
                })*
                Ok(())
            }

            /// The schema of the recorded settings: an object with a key per setting,
            /// each described by its doc.
            fn object_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
                let mut properties = serde_json::Map::new();
                $(if $recorded {
                    let mut schema = generator.subschema_for::<$ty>();
                    schema.insert(
                        "description".into(),
                        serde_json::Value::String(Setting::$variant.doc().to_string()),
                    );
                    properties.insert(stringify!($field).into(), schema.into());
                })*
                schemars::json_schema!({ "type": "object", "properties": properties })
            }

            /// Reads the value under `key` into its setting; `false` for a key that is
            /// no recorded setting's.
            fn read_entry<'de, A: MapAccess<'de>>(
                &mut self,
                key: &str,
                map: &mut A,
            ) -> Result<bool, A::Error> {
                match key {
                    $(stringify!($field) if $recorded => self.$field = map.next_value()?,)*
                    _ => return Ok(false),
                }
                Ok(true)
            }
        }
    };
}

abbench_vocab::search_settings!(typed_settings);

impl Settings {
    /// The settings given, in the list's order.
    pub fn given(&self) -> Vec<Setting> {
        Setting::ALL
            .into_iter()
            .filter(|&s| self.is_set(s))
            .collect()
    }

    /// Whether no setting was given.
    pub fn is_empty(&self) -> bool {
        self.given().is_empty()
    }

    /// These settings, with `over`'s where it gives one.
    pub fn overlaid(&self, over: &Settings) -> Settings {
        let mut out = *self;
        for setting in over.given() {
            out.copy_from(over, setting);
        }
        out
    }

    /// Only what `algorithm` reads of these.
    pub fn read_by(&self, algorithm: Algorithm) -> Settings {
        let mut out = Settings::default();
        for setting in self.given().into_iter().filter(|&s| algorithm.reads(s)) {
            out.copy_from(self, setting);
        }
        out
    }

    /// Only those a record carries ([`Setting::recorded`]).
    pub fn recorded(&self) -> Settings {
        let mut out = *self;
        for setting in Setting::ALL.into_iter().filter(|s| !s.recorded()) {
            out.clear(setting);
        }
        out
    }

    /// The settings given, as the command line writes them: `cut-wait=4 tt-mb=64`;
    /// empty when none is.
    pub fn label(&self) -> String {
        self.given()
            .into_iter()
            .map(|s| format!("{}={}", s.flag(), self.text(s).unwrap_or_default()))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// What the serial searches read of these: the root window, the cutoff criterion,
    /// node kinds, the first guess, the aspiration delta and the table's size, each
    /// the paper's or the default where not given.
    pub fn serial(&self) -> SerialOptions {
        let defaults = SerialOptions::default();
        SerialOptions {
            window: self.window.unwrap_or(defaults.window),
            cutoff: self.cutoff.unwrap_or(defaults.cutoff),
            kinds: self.kinds.unwrap_or(defaults.kinds),
            guess: self.guess,
            aspiration_delta: self.aspiration_delta.unwrap_or(defaults.aspiration_delta),
            tt_mb: self.tt_mb.unwrap_or(defaults.tt_mb),
        }
    }

    /// The time limit, where given.
    pub fn time_limit(&self) -> Option<Duration> {
        self.time_limit.map(|s| s.0)
    }

    /// What `setting`'s readers make of its value where they round it: what they make
    /// (`table`) and what it comes to (`2 MiB, the largest power of two of 32-byte slots
    /// that fits`). `None` where it is taken as given.
    pub fn rounded(&self, setting: Setting) -> Option<(&'static str, String)> {
        let megabytes = self.tt_mb.filter(|_| setting == Setting::TtMb)?;
        let bytes = crate::TranspositionTable::bytes_for(megabytes);
        (bytes != megabytes << 20).then(|| {
            let size = if bytes >= 1 << 20 {
                format!("{} MiB", bytes >> 20)
            } else {
                format!("{} KiB", bytes >> 10)
            };
            (
                "table",
                format!(
                    "{size}, the largest power of two of {}-byte slots that fits",
                    crate::SLOT_BYTES
                ),
            )
        })
    }
}

impl Serialize for Settings {
    /// A map from each recorded setting given ([`Setting::recorded`]) to its value, keyed
    /// by [`Setting::key`].
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        self.serialize_entries(&mut map)?;
        map.end()
    }
}

impl schemars::JsonSchema for Settings {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Settings".into()
    }

    /// Inlined, so that a record that flattens the settings lists their keys among its
    /// own.
    fn inline_schema() -> bool {
        true
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        Settings::object_schema(generator)
    }
}

/// The record keys of the recorded settings: what a record flattening [`Settings`] hands
/// it.
static RECORDED_KEYS: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
    Setting::ALL
        .into_iter()
        .filter(|s| s.recorded())
        .map(Setting::key)
        .collect()
});

impl<'de> Deserialize<'de> for Settings {
    /// The map [`Settings::serialize`] writes. Read as a struct of the recorded keys, so
    /// that a record that flattens it hands it those keys only.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct SettingsVisitor;
        impl<'de> Visitor<'de> for SettingsVisitor {
            type Value = Settings;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map of settings")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Settings, A::Error> {
                let mut settings = Settings::default();
                while let Some(key) = map.next_key::<String>()? {
                    if !settings.read_entry(&key, &mut map)? {
                        return Err(de::Error::unknown_field(&key, &RECORDED_KEYS));
                    }
                }
                Ok(settings)
            }
        }
        let keys: &'static [&'static str] = RECORDED_KEYS.as_slice();
        deserializer.deserialize_struct("Settings", keys, SettingsVisitor)
    }
}

/// The parsers the list names, one per setting, with the command line's messages.
mod parse {
    use super::*;

    /// An integer within `lo ..= hi`, in the words clap uses for its ranged integers.
    fn integer<T: TryFrom<i128>>(text: &str, lo: i128, hi: i128) -> Result<T, String> {
        let n: i128 = text
            .trim()
            .parse()
            .map_err(|e: std::num::ParseIntError| e.to_string())?;
        if !(lo..=hi).contains(&n) {
            return Err(format!("{n} is not in {lo}..={hi}"));
        }
        T::try_from(n).map_err(|_| format!("{n} is not in {lo}..={hi}"))
    }

    pub(super) fn split_height(text: &str) -> Result<u32, String> {
        integer(text, 1, i128::from(abbench_tree::MAX_HEIGHT))
    }

    pub(super) fn eldest_grain(text: &str) -> Result<u64, String> {
        integer(text, 0, 1_000_000_000_000_000)
    }

    pub(super) fn cut_wait(text: &str) -> Result<u32, String> {
        integer(text, 1, 1024)
    }

    pub(super) fn keep_limit(text: &str) -> Result<u64, String> {
        integer(text, 1, 1_000_000_000_000_000)
    }

    /// The longest time limit, in seconds: about eleven days.
    const MAX_TIME_LIMIT_SECONDS: f64 = 1e6;

    pub(super) fn time_limit(text: &str) -> Result<Seconds, String> {
        let range = format!("expected seconds more than 0 and at most {MAX_TIME_LIMIT_SECONDS}");
        let seconds: f64 = text
            .trim()
            .parse()
            .map_err(|_| format!("'{text}' is not a number of seconds: {range}"))?;
        if !(seconds > 0.0 && seconds <= MAX_TIME_LIMIT_SECONDS) {
            return Err(format!("{text} seconds is out of range: {range}"));
        }
        Ok(Seconds(Duration::from_secs_f64(seconds)))
    }

    pub(super) fn window(text: &str) -> Result<Window, String> {
        text.parse().map_err(|e: OptionError| e.to_string())
    }

    pub(super) fn cutoff(text: &str) -> Result<Cutoff, String> {
        text.parse().map_err(|e: OptionError| e.to_string())
    }

    pub(super) fn kinds(text: &str) -> Result<bool, String> {
        match text.trim() {
            "true" => Ok(true),
            "false" => Ok(false),
            other => Err(format!("'{other}' is not a switch: expected true or false")),
        }
    }

    pub(super) fn guess(text: &str) -> Result<Value, String> {
        let guess: Value = text
            .trim()
            .parse()
            .map_err(|_| format!("'{text}' is not a value: expected an integer"))?;
        if !(-(INFINITY / 4)..=INFINITY / 4).contains(&guess) {
            return Err(OptionError::Guess(guess).to_string());
        }
        Ok(guess)
    }

    pub(super) fn aspiration_delta(text: &str) -> Result<Value, String> {
        let delta: Value = text
            .trim()
            .parse()
            .map_err(|_| format!("'{text}' is not a delta: expected an integer more than 0"))?;
        if delta <= 0 || delta >= INFINITY / 4 {
            return Err(OptionError::AspirationDelta(delta).to_string());
        }
        Ok(delta)
    }

    pub(super) fn tt_mb(text: &str) -> Result<usize, String> {
        let megabytes: usize = text
            .trim()
            .parse()
            .map_err(|_| format!("'{text}' is not a size: expected MiB 1 ..= {MAX_TT_MB}"))?;
        if !(1..=MAX_TT_MB).contains(&megabytes) {
            return Err(OptionError::TableSize(megabytes).to_string());
        }
        Ok(megabytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_reads_its_own_values_and_refuses_others() {
        let good = |s: Setting| match s {
            Setting::Window => "-40,inf",
            Setting::Cutoff => "gt",
            Setting::Kinds => "true",
            Setting::TimeLimit => "1.5",
            Setting::Guess => "-7",
            _ => "3",
        };
        for setting in Setting::ALL {
            let mut settings = Settings::default();
            settings.set(setting, good(setting)).unwrap();
            assert!(settings.is_set(setting), "{setting}");
            assert_eq!(settings.given(), [setting]);
            assert_eq!(settings.text(setting).unwrap(), good(setting));
            assert!(settings.set(setting, "nonsense").is_err(), "{setting}");
            settings.clear(setting);
            assert!(settings.is_empty());
        }
    }

    #[test]
    fn a_default_given_is_no_setting_given() {
        for setting in Setting::ALL {
            let mut settings = Settings::default();
            if settings.set(setting, setting.default_rule()).is_ok() {
                assert!(settings.is_empty(), "{setting}");
            }
        }
        let mut settings = Settings::default();
        settings.set(Setting::Window, "-inf,inf").unwrap();
        settings.set(Setting::Cutoff, "ge").unwrap();
        settings.set(Setting::TtMb, "16").unwrap();
        assert!(settings.is_empty());
        assert_eq!(settings.serial(), SerialOptions::default());
    }

    #[test]
    fn time_limits_are_positive_seconds() {
        let parse = |text: &str| {
            let mut s = Settings::default();
            s.set(Setting::TimeLimit, text)
                .map(|()| s.time_limit().unwrap())
        };
        assert_eq!(parse("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse("0.001"), Ok(Duration::from_millis(1)));
        for bad in ["0", "-1", "nan", "inf", "1e7", "soon", ""] {
            let error = parse(bad).unwrap_err();
            assert!(
                error.contains("more than 0 and at most 1000000"),
                "{bad}: {error}"
            );
        }
    }

    #[test]
    fn messages_are_the_command_lines() {
        let mut s = Settings::default();
        let err = |s: &mut Settings, setting, text| s.set(setting, text).unwrap_err();
        assert_eq!(
            err(&mut s, Setting::SplitHeight, "0"),
            "0 is not in 1..=1024"
        );
        assert_eq!(
            err(&mut s, Setting::SplitHeight, "-3"),
            "-3 is not in 1..=1024"
        );
        assert!(err(&mut s, Setting::TtMb, "0").contains("0 MiB is out of range"));
        assert!(err(&mut s, Setting::Guess, "x").contains("'x' is not a value"));
        assert!(err(&mut s, Setting::TimeLimit, "-1").contains("-1 seconds is out of range"));
    }

    #[test]
    fn a_record_carries_the_recorded_settings_by_key_and_reads_them_back() {
        let mut s = Settings::default();
        for (setting, text) in [
            (Setting::CutWait, "4"),
            (Setting::Window, "-5,5"),
            (Setting::Kinds, "true"),
            (Setting::TimeLimit, "2"),
        ] {
            s.set(setting, text).unwrap();
        }
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(json, r#"{"cut_wait":4,"window":{"alpha":-5,"beta":5}}"#);
        let back: Settings = serde_json::from_str(&json).unwrap();
        assert_eq!(back, s.recorded());
        assert!(serde_json::from_str::<Settings>(r#"{"cut_wiat":4}"#).is_err());
        assert_eq!(s.label(), "cut-wait=4 time-limit=2 window=-5,5 kinds=true");
    }

    #[test]
    fn an_algorithm_keeps_what_it_reads() {
        let mut s = Settings::default();
        s.set(Setting::CutWait, "3").unwrap();
        s.set(Setting::TtMb, "8").unwrap();
        let mtdf: Algorithm = "mtdf".parse().unwrap();
        let ybwc: Algorithm = "ybwc".parse().unwrap();
        assert_eq!(s.read_by(mtdf).given(), [Setting::TtMb]);
        assert_eq!(s.read_by(ybwc).given(), [Setting::CutWait]);
        let mut over = Settings::default();
        over.set(Setting::CutWait, "5").unwrap();
        assert_eq!(s.overlaid(&over).cut_wait, Some(5));
        assert_eq!(s.overlaid(&over).tt_mb, Some(8));
    }
}
