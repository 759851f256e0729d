//! A suite's settings: for each setting, one value or a list of values, given to every
//! algorithm that reads it or to one algorithm only, and the series (an algorithm with
//! settings of its own) they make.
//!
//! A list sweeps its setting: an algorithm that reads several listed settings runs at
//! every combination of their values (their product, in the order of the settings' list
//! and of the values as written). An algorithm that reads none of them runs once.
//! A value given to one algorithm replaces the suite's list of the same setting for it.

use abbench_results::{Algorithm, Series};
use abbench_search::Settings;
use abbench_vocab::Setting;

/// The values a suite gives its settings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Grid {
    entries: Vec<Entry>,
}

/// One setting's values, for every algorithm that reads it or for one.
#[derive(Clone, Debug, PartialEq)]
struct Entry {
    /// `None`: every algorithm of the suite that reads it.
    algorithm: Option<Algorithm>,
    setting: Setting,
    /// Each value as one setting of its own, in the order given.
    values: Vec<Settings>,
}

/// Why a suite's setting is refused, in words; the suite's reader adds the file and the
/// line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadSetting(pub String);

impl Grid {
    /// Adds `setting`'s values, as written (`texts`), for `algorithm` or (`None`) for every
    /// algorithm that reads it. Refuses a value the setting does not take, an empty list,
    /// a setting given twice for the same algorithms, and one `algorithm` does not read.
    pub fn add(
        &mut self,
        algorithm: Option<Algorithm>,
        setting: Setting,
        texts: &[String],
    ) -> Result<(), BadSetting> {
        let flag = setting.flag();
        if texts.is_empty() {
            return Err(BadSetting(format!("{flag} must list at least one value")));
        }
        if let Some(algo) = algorithm
            && !algo.reads(setting)
        {
            return Err(BadSetting(format!(
                "{algo} does not read {flag}: it is read by {}",
                readers(setting)
            )));
        }
        if self
            .entries
            .iter()
            .any(|e| e.algorithm == algorithm && e.setting == setting)
        {
            return Err(BadSetting(format!("{flag} is given twice")));
        }
        let mut values = Vec::with_capacity(texts.len());
        for text in texts {
            let mut value = Settings::default();
            value
                .set(setting, text)
                .map_err(|why| BadSetting(format!("{flag}: {why}")))?;
            values.push(value);
        }
        self.entries.push(Entry {
            algorithm,
            setting,
            values,
        });
        Ok(())
    }

    /// Whether no setting is given.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The settings given to every algorithm that no algorithm of `algorithms` reads:
    /// a misspelt study, which a suite refuses rather than ignores.
    pub fn unread(&self, algorithms: &[Algorithm]) -> Option<BadSetting> {
        let entry = self
            .entries
            .iter()
            .find(|e| e.algorithm.is_none() && !algorithms.iter().any(|a| a.reads(e.setting)))?;
        Some(BadSetting(format!(
            "{} is read by {}, none of which this suite runs",
            entry.setting.flag(),
            readers(entry.setting)
        )))
    }

    /// The settings given more than one value (for any algorithm): what the suite
    /// studies.
    pub fn swept(&self) -> Vec<Setting> {
        Setting::ALL
            .into_iter()
            .filter(|&s| {
                self.entries
                    .iter()
                    .any(|e| e.setting == s && e.values.len() > 1)
            })
            .collect()
    }

    /// The series `algorithms` make: each algorithm at every combination of the values
    /// of the settings it reads, in order.
    pub fn series(&self, algorithms: &[Algorithm]) -> Vec<Series> {
        algorithms
            .iter()
            .flat_map(|&algo| self.series_of(algo))
            .collect()
    }

    /// The series of one algorithm.
    fn series_of(&self, algo: Algorithm) -> Vec<Series> {
        let mut points = vec![Settings::default()];
        for setting in Setting::ALL.into_iter().filter(|&s| algo.reads(s)) {
            let own = self
                .entries
                .iter()
                .find(|e| e.algorithm == Some(algo) && e.setting == setting);
            let shared = || {
                self.entries
                    .iter()
                    .find(|e| e.algorithm.is_none() && e.setting == setting)
            };
            let Some(entry) = own.or_else(shared) else {
                continue;
            };
            points = points
                .iter()
                .flat_map(|point| entry.values.iter().map(move |value| point.overlaid(value)))
                .collect();
        }
        points
            .into_iter()
            .map(|settings| Series { algo, settings })
            .collect()
    }
}

/// The algorithms that read `setting`, as prose.
fn readers(setting: Setting) -> String {
    let names: Vec<&str> = setting.readers().iter().map(|a| a.name()).collect();
    abbench_vocab::and_list(&names)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn algo(name: &str) -> Algorithm {
        name.parse().unwrap()
    }

    fn texts(values: &[&str]) -> Vec<String> {
        values.iter().map(|v| v.to_string()).collect()
    }

    #[test]
    fn a_list_sweeps_the_algorithms_that_read_it_and_one_algorithms_value_wins() {
        let mut grid = Grid::default();
        grid.add(None, Setting::CutWait, &texts(&["1", "2", "4"]))
            .unwrap();
        grid.add(Some(algo("er")), Setting::CutWait, &texts(&["8"]))
            .unwrap();
        grid.add(Some(algo("er")), Setting::KeepLimit, &texts(&["64", "128"]))
            .unwrap();
        let series = grid.series(&[algo("f2-iter"), algo("ybwc"), algo("er"), algo("abdada")]);
        let names: Vec<String> = series.iter().map(|s| s.to_string()).collect();
        assert_eq!(
            names,
            [
                "f2-iter",
                "ybwc cut-wait=1",
                "ybwc cut-wait=2",
                "ybwc cut-wait=4",
                "er cut-wait=8 keep-limit=64",
                "er cut-wait=8 keep-limit=128",
                "abdada"
            ]
        );
        assert_eq!(grid.swept(), [Setting::CutWait, Setting::KeepLimit]);
    }

    #[test]
    fn what_no_algorithm_reads_and_bad_values_are_refused() {
        let mut grid = Grid::default();
        let err = grid
            .add(Some(algo("ybwc")), Setting::KeepLimit, &texts(&["4"]))
            .unwrap_err();
        assert_eq!(
            err.0,
            "ybwc does not read keep-limit: it is read by er and best-first"
        );
        assert!(grid.add(None, Setting::CutWait, &[]).is_err());
        let err = grid
            .add(None, Setting::CutWait, &texts(&["0"]))
            .unwrap_err();
        assert_eq!(err.0, "cut-wait: 0 is not in 1..=1024");
        grid.add(None, Setting::KeepLimit, &texts(&["9"])).unwrap();
        assert!(grid.add(None, Setting::KeepLimit, &texts(&["9"])).is_err());
        let unread = grid.unread(&[algo("ybwc"), algo("mtdf")]).unwrap();
        assert!(
            unread
                .0
                .starts_with("keep-limit is read by er and best-first"),
            "{unread:?}"
        );
        assert!(grid.unread(&[algo("er")]).is_none());
    }
}
