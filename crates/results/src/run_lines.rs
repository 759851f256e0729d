//! The one check of a run's lines against what the run itself recorded, for every reader
//! that takes a run whole (`compare`, `export`, `history`, `check-calibration`,
//! `merge`): a line deleted from `results.jsonl`, or one added, is refused alike by
//! each of them.
//!
//! Two things show a line lost or added:
//!
//! * `machine.json`'s `lines`, written when the run ends, is not the number of lines
//!   the file holds;
//! * in a run that finished, a seed lacks a search that another seed of its workload
//!   has: a sweep (and `run`) writes a line for every algorithm and thread count of every
//!   tree it measures, a result or why there is none.
//!
//! A `results.jsonl` without a `machine.json` beside it says nothing of its run, and is
//! taken as it is.

use crate::{FileError, MACHINE_FILE, MachineInfo, Results, RunStatus};
use std::path::Path;

/// An error naming `path` when its lines are not every line its run wrote, as
/// [`lines_not_whole`] finds them; `reader` (the command) is named in the message.
pub fn check_lines(
    path: &Path,
    results: &Results,
    machine: &MachineInfo,
    reader: &str,
) -> Result<(), FileError> {
    match lines_not_whole(results, machine) {
        None => Ok(()),
        Some(why) => Err(FileError::BadInput {
            path: path.to_path_buf(),
            line: 0,
            message: format!("{why}: {reader} takes only a whole run"),
        }),
    }
}

/// [`check_lines`] against the `machine.json` beside the `results.jsonl` at `path`; `Ok`
/// when there is none.
pub fn check_lines_beside(path: &Path, results: &Results, reader: &str) -> Result<(), FileError> {
    let machine = path.parent().unwrap_or(Path::new(".")).join(MACHINE_FILE);
    if !machine.is_file() {
        return Ok(());
    }
    let machine = crate::read_machine(&machine)?;
    check_lines(path, results, &machine, reader)
}

/// Why `results` are not every line of the run that `machine` describes, in words: a
/// line count that is not the one recorded, or (in a finished run) a seed without a
/// search that another seed of its workload has. `None` when nothing shows a line lost
/// or added.
pub fn lines_not_whole(results: &Results, machine: &MachineInfo) -> Option<String> {
    // A torn last line was written, in part: its own refusal names it
    // ([`Results::torn_note`]).
    let written = results.len() + usize::from(results.torn_line.is_some());
    if let Some(lines) = machine.lines.filter(|&n| n != written) {
        let what = if written < lines {
            "a line was removed"
        } else {
            "a line was added"
        };
        return Some(format!(
            "it holds {written} lines where its run wrote {lines} ({MACHINE_FILE} says so): \
             {what} since"
        ));
    }
    // A run stopped early (or torn mid-line) may lack the searches of its last tree; one
    // that finished (or whose folder predates the status) wrote them all.
    let finished =
        matches!(machine.status, None | Some(RunStatus::Complete)) && results.torn_line.is_none();
    if finished {
        return missing_search(results);
    }
    None
}

/// A search the records prove missing: a sweep (and `run`) writes a line for every
/// algorithm and thread count of every tree it measures, a result or why there is none,
/// so a seed that lacks a search every other seed of its workload has lost a line.
/// `None` when every seed of each workload has the same searches.
pub fn missing_search(results: &Results) -> Option<String> {
    use std::collections::{BTreeMap, BTreeSet};
    type Searches = BTreeSet<(String, usize)>;
    // Per workload, per tree (in the file's order): the searches with a line.
    let mut workloads: BTreeMap<String, Vec<(String, String, Searches)>> = BTreeMap::new();
    let lines = results
        .records
        .iter()
        .map(|r| (&r.tree, r.algo, r.threads))
        .chain(
            results
                .unfinished
                .iter()
                .map(|u| (&u.tree, u.algo, u.threads)),
        );
    for (tree, algo, threads) in lines {
        let trees = workloads.entry(tree.workload().key()).or_default();
        let key = tree.key();
        let slot = match trees.iter().position(|(k, _, _)| *k == key) {
            Some(i) => i,
            None => {
                let label = match tree.seed {
                    Some(seed) => format!("{} seed={seed}", tree.label()),
                    None => tree.label(),
                };
                trees.push((key, label, Searches::new()));
                trees.len() - 1
            }
        };
        trees[slot].2.insert((algo.to_string(), threads));
    }
    for trees in workloads.values() {
        let every: Searches = trees
            .iter()
            .flat_map(|(_, _, s)| s.iter().cloned())
            .collect();
        for (_, label, searches) in trees {
            if let Some((algo, threads)) = every.difference(searches).next() {
                return Some(format!(
                    "{label} has no line for {algo} at {threads} threads, which another seed \
                     of its workload has: a line was removed"
                ));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quick() -> Results {
        let text: String = include_str!("../../../ci/baselines/quick.jsonl")
            .lines()
            .filter(|l| l.contains(r#""model":"random","degree":8,"height":8,"#))
            .map(|l| format!("{l}\n"))
            .collect();
        crate::parse_results(&text, Path::new("quick.jsonl")).unwrap()
    }

    fn machine(lines: Option<usize>, status: Option<RunStatus>) -> MachineInfo {
        MachineInfo {
            lines,
            status,
            ..MachineInfo::default()
        }
    }

    #[test]
    fn a_count_that_is_not_the_recorded_one_is_refused_either_way() {
        let results = quick();
        let n = results.len();
        assert_eq!(lines_not_whole(&results, &machine(Some(n), None)), None);
        for (recorded, says) in [(n + 1, "a line was removed"), (n - 1, "a line was added")] {
            for status in [
                None,
                Some(RunStatus::Complete),
                Some(RunStatus::Interrupted),
            ] {
                let why = lines_not_whole(&results, &machine(Some(recorded), status)).unwrap();
                assert!(why.contains(says) && why.contains("machine.json"), "{why}");
            }
        }
        let err = check_lines(
            Path::new("r.jsonl"),
            &results,
            &machine(Some(n + 1), None),
            "merge",
        )
        .unwrap_err();
        assert!(
            err.to_string().ends_with("merge takes only a whole run"),
            "{err}"
        );
    }

    #[test]
    fn a_deleted_line_without_a_count_is_found_in_a_finished_run_only() {
        let mut results = quick();
        // Any one line of a seed, deleted.
        for i in [0, 3, results.records.len() - 1] {
            let mut cut = results.clone();
            cut.records.remove(i);
            for status in [None, Some(RunStatus::Complete)] {
                let why = lines_not_whole(&cut, &machine(None, status)).unwrap();
                assert!(why.contains("has no line for"), "{why}");
            }
            // A run stopped early may lack its last tree's searches.
            assert_eq!(
                lines_not_whole(&cut, &machine(None, Some(RunStatus::Interrupted))),
                None
            );
        }
        results.records.retain(|r| r.tree.seed == Some(1));
        assert_eq!(lines_not_whole(&results, &machine(None, None)), None);
    }

    #[test]
    fn a_torn_last_line_counts_as_written() {
        let mut results = quick();
        let n = results.len();
        results.records.pop();
        results.torn_line = Some(n);
        let status = Some(RunStatus::Interrupted);
        assert_eq!(lines_not_whole(&results, &machine(Some(n), status)), None);
        // Its tree lacks a search: the torn line's, not one removed.
        assert_eq!(lines_not_whole(&results, &machine(None, None)), None);
        let why = lines_not_whole(&results, &machine(Some(n + 1), status)).unwrap();
        assert!(why.contains("a line was removed"), "{why}");
    }
}
