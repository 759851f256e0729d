//! `abbench report RUN RUN… --out DIR`: two or more complete runs — from different
//! machines, typically a 2-core workstation and a 16-core server — set side by side:
//! `report.md` with a table of the runs (each labelled with its machine) and, per
//! workload that two or more of them measured with parallel algorithms, one table of
//! speedup and search overhead by algorithm and thread count with a column per run; and
//! `speedup-machines.svg`, the same speedups as one figure, a line per (run, algorithm).
//!
//! Speedups are compared, not times: each is the run's own serial `f2-iter` over its
//! parallel search on the same tree, so machines of different clock speeds are set on
//! one scale.

use crate::ReportError;
use crate::aggregate::{WorkloadGroup, group_by_workload};
use crate::compare::read_complete_run;
use crate::folder::{REPORT_FILE, ReportFiles, create_dir};
use crate::format::cell;
use crate::plots::{MACHINES_FIGURE, SharedWorkload, machines_figure};
use abbench_results::{MachineInfo, Results, read_machine, write_atomically};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// One run read for the report.
struct Run {
    label: String,
    folder: PathBuf,
    machine: Option<MachineInfo>,
    results: Results,
}

/// Writes the cross-machine report of `runs` (each a `results.jsonl` or a run folder;
/// complete, as `compare` requires) into `out`.
pub fn cross_machine_report(runs: &[PathBuf], out: &Path) -> Result<ReportFiles, ReportError> {
    if out.join(abbench_results::RESULTS_FILE).exists() {
        return Err(ReportError::InvalidOption {
            parameter: "output folder",
            value: out.display().to_string(),
            expected: "holds a run's results.jsonl: a cross-machine report goes into a \
                       folder of its own"
                .into(),
        });
    }
    let mut read = Vec::new();
    for path in runs {
        let (file, results) = read_complete_run(path, "report")?;
        let folder = file.parent().unwrap_or(Path::new(".")).to_path_buf();
        let beside = folder.join(abbench_results::MACHINE_FILE);
        let machine = if beside.is_file() {
            Some(read_machine(&beside)?)
        } else {
            None
        };
        read.push(Run {
            label: String::new(),
            folder,
            machine,
            results,
        });
    }
    label_runs(&mut read);
    let groups: Vec<Vec<WorkloadGroup<'_>>> = read
        .iter()
        .map(|r| group_by_workload(&r.results.records))
        .collect();
    let shared = shared_workloads(&read, &groups);
    if shared.is_empty() {
        return Err(ReportError::InvalidOption {
            parameter: "runs",
            value: runs.len().to_string(),
            expected: "must share a workload measured with parallel algorithms: these have \
                       none in common, so there is nothing to set side by side"
                .into(),
        });
    }
    create_dir(out)?;
    let _lock = crate::folder::lock_out(out)?;
    let figure = machines_figure(&shared).map_err(|message| ReportError::Report {
        path: out.to_path_buf(),
        message: format!("drawing the figure: {message}"),
    })?;
    let figure_path = out.join(figure.file);
    write_atomically(&figure_path, figure.svg.as_bytes())?;
    let report_path = out.join(REPORT_FILE);
    write_atomically(&report_path, markdown(&read, &shared).as_bytes())?;
    Ok(ReportFiles {
        written: vec![figure_path, report_path],
        incomplete: None,
    })
}

/// Names each run by its machine — `Xeon Gold 6338N, 16 threads` — or, without a
/// `machine.json`, by its folder; a name given twice gets its run's date
/// (`…, 16 threads, 2026-11-23`), one still given twice its folder's name
/// (`…, 2026-11-25, 2026-11-25-xeon16-2`), and one given twice even so its run's number.
fn label_runs(runs: &mut [Run]) {
    for run in runs.iter_mut() {
        run.label = match &run.machine {
            Some(m) => format!("{}, {} threads", short_cpu(&m.cpu_model), m.logical_cores),
            None => run.folder.file_name().map_or_else(
                || run.folder.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            ),
        };
    }
    disambiguate(runs, |run, _| {
        run.machine
            .as_ref()
            .map(|m| m.date.get(..10).unwrap_or(&m.date).to_string())
            .filter(|d| !d.is_empty())
    });
    disambiguate(runs, |run, _| {
        run.folder
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
    });
    disambiguate(runs, |_, i| Some(format!("run {}", i + 1)));
}

/// Appends `what` (given the run and its position) to every label that more than one
/// run has.
fn disambiguate(runs: &mut [Run], what: impl Fn(&Run, usize) -> Option<String>) {
    let labels: Vec<String> = runs.iter().map(|r| r.label.clone()).collect();
    for (i, run) in runs.iter_mut().enumerate() {
        if labels.iter().filter(|l| **l == run.label).count() > 1
            && let Some(extra) = what(run, i)
        {
            run.label = format!("{}, {extra}", run.label);
        }
    }
}

/// A CPU model without its vendor's decorations: `Intel(R) Xeon(R) Gold 6338N CPU @
/// 2.20GHz` → `Intel Xeon Gold 6338N`.
fn short_cpu(model: &str) -> String {
    let cleaned = model
        .replace("(R)", "")
        .replace("(TM)", "")
        .replace("(tm)", "");
    let cut = cleaned.split(" @ ").next().unwrap_or(&cleaned);
    let words: Vec<&str> = cut
        .split_whitespace()
        .filter(|w| *w != "CPU" && *w != "Processor")
        .collect();
    if words.is_empty() {
        "unknown CPU".into()
    } else {
        words.join(" ")
    }
}

/// The workloads two or more runs measured with parallel algorithms, in the order the
/// first run holding each measured it.
fn shared_workloads<'a>(
    runs: &'a [Run],
    groups: &'a [Vec<WorkloadGroup<'a>>],
) -> Vec<SharedWorkload<'a>> {
    let mut labels: Vec<String> = Vec::new();
    for run_groups in groups {
        for g in run_groups.iter().filter(|g| g.has_parallel()) {
            if !labels.contains(&g.label()) {
                labels.push(g.label());
            }
        }
    }
    labels
        .into_iter()
        .filter_map(|label| {
            let holders: Vec<(&str, &WorkloadGroup<'_>)> = runs
                .iter()
                .zip(groups)
                .filter_map(|(run, gs)| {
                    gs.iter()
                        .find(|g| g.has_parallel() && g.label() == label)
                        .map(|g| (run.label.as_str(), g))
                })
                .collect();
            (holders.len() >= 2).then_some((label, holders))
        })
        .collect()
}

/// `report.md`: the runs, then a table per shared workload.
fn markdown(runs: &[Run], shared: &[SharedWorkload<'_>]) -> String {
    let mut md = format!("# abbench report: {} runs side by side\n\n", runs.len());
    md.push_str(
        "Speedups are each run's own serial `f2-iter` over its parallel search on the same \
         tree (the median over the run's seeds), so machines of different speeds share one \
         scale; search overhead is the parallel search's extra positions. A run is labelled \
         with its machine.\n\n",
    );
    md.push_str("| run | CPU | cores | build | date | commit | records |\n");
    md.push_str("| --- | --- | ---: | --- | --- | --- | ---: |\n");
    for run in runs {
        let (cpu, cores, build, date, commit) = match &run.machine {
            Some(m) => (
                m.cpu_model.clone(),
                m.cores(),
                m.profile.clone(),
                m.date.clone(),
                m.git_commit
                    .as_deref()
                    .map_or("—".to_string(), |c| c[..c.len().min(12)].to_string()),
            ),
            None => (
                "unknown (no machine.json)".into(),
                "—".into(),
                "—".into(),
                "—".into(),
                "—".into(),
            ),
        };
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} | {} |",
            cell(&run.label),
            cell(&cpu),
            cores,
            build,
            date,
            commit,
            run.results.records.len()
        );
    }
    let _ = writeln!(
        md,
        "\n![Speedup against threads, machine by machine]({MACHINES_FIGURE})\n"
    );
    for (label, holders) in shared {
        workload_table(&mut md, label, holders);
    }
    md
}

/// One workload: a row per (algorithm, threads) any run measured, a column per run.
fn workload_table(md: &mut String, label: &str, holders: &[(&str, &WorkloadGroup<'_>)]) {
    let _ = writeln!(md, "## {label}\n");
    md.push_str("| algorithm | threads |");
    for (run, group) in holders {
        let seeds = group.seeds().len();
        let _ = write!(
            md,
            " {} ({seeds} seed{}) |",
            cell(run),
            if seeds == 1 { "" } else { "s" }
        );
    }
    md.push_str("\n| --- | ---: |");
    md.push_str(&" ---: |".repeat(holders.len()));
    md.push('\n');
    let rows: Vec<Vec<_>> = holders.iter().map(|(_, g)| g.rows()).collect();
    let mut keys: Vec<_> = rows
        .iter()
        .flatten()
        .filter(|r| r.algo.is_parallel())
        .map(|r| (r.algo, r.threads))
        .collect();
    keys.sort();
    keys.dedup();
    for (algo, threads) in keys {
        let _ = write!(md, "| {algo} | {threads} |");
        for run_rows in &rows {
            let text = run_rows
                .iter()
                .find(|r| r.algo == algo && r.threads == threads)
                .and_then(|r| Some((r.speedup?, r.search_overhead?, r.oversubscribed)))
                .map_or("—".to_string(), |(s, o, over)| {
                    format!(
                        "{s:.2}×, {:+.1}%{}",
                        100.0 * o,
                        if over { " ⚠ oversubscribed" } else { "" }
                    )
                });
            let _ = write!(md, " {text} |");
        }
        md.push('\n');
    }
    md.push('\n');
}

#[cfg(test)]
mod tests {
    use super::{Run, label_runs, short_cpu};
    use abbench_results::{MachineInfo, Results};
    use std::path::PathBuf;

    fn run(folder: &str, cpu: &str, cores: usize, date: &str) -> Run {
        Run {
            label: String::new(),
            folder: PathBuf::from(folder),
            machine: (!cpu.is_empty()).then(|| MachineInfo {
                cpu_model: cpu.into(),
                logical_cores: cores,
                date: date.into(),
                ..MachineInfo::default()
            }),
            results: Results::default(),
        }
    }

    #[test]
    fn runs_of_one_machine_are_told_apart_by_date_then_folder_then_number() {
        let xeon = "Intel(R) Xeon(R) Processor";
        let mut runs = vec![
            run("a", "AMD EPYC", 2, "2026-11-22T05:50:05Z"),
            run("b", xeon, 16, "2026-11-23T07:47:51Z"),
            run("runs/2026-11-25-xeon", xeon, 16, "2026-11-25T00:26:59Z"),
            run("runs/2026-11-25-xeon-2", xeon, 16, "2026-11-25T09:00:00Z"),
            run("e", "", 0, ""),
            run("x/same", xeon, 8, "2026-11-26T09:00:00Z"),
            run("y/same", xeon, 8, "2026-11-26T10:00:00Z"),
        ];
        label_runs(&mut runs);
        let labels: Vec<&str> = runs.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "AMD EPYC, 2 threads",
                "Intel Xeon, 16 threads, 2026-11-23",
                "Intel Xeon, 16 threads, 2026-11-25, 2026-11-25-xeon",
                "Intel Xeon, 16 threads, 2026-11-25, 2026-11-25-xeon-2",
                "e",
                "Intel Xeon, 8 threads, 2026-11-26, same, run 6",
                "Intel Xeon, 8 threads, 2026-11-26, same, run 7",
            ]
        );
    }

    #[test]
    fn cpu_models_lose_their_decorations() {
        assert_eq!(
            short_cpu("Intel(R) Xeon(R) Gold 6338N CPU @ 2.20GHz"),
            "Intel Xeon Gold 6338N"
        );
        assert_eq!(
            short_cpu("AMD EPYC 7B13 64-Core Processor"),
            "AMD EPYC 7B13 64-Core"
        );
        assert_eq!(short_cpu(""), "unknown CPU");
    }
}
