//! The report's first lines — its title, whether the run is complete, the machine and
//! build in one line, and whether other processes shared the machine while it ran — and,
//! after the summary and the warnings, the `## Machine` section: the machine and build
//! in full.

use crate::aggregate::WorkloadGroup;
use crate::format::{cell, inline};
use crate::shards::ShardsListing;
use abbench_results::{MachineInfo, Record, RunStatus};
use std::fmt::Write;

pub(super) fn title(
    md: &mut String,
    records: &[Record],
    machine: Option<&MachineInfo>,
    incomplete: Option<&str>,
    groups: &[WorkloadGroup<'_>],
    shards: Option<&ShardsListing>,
) {
    let suite = machine.and_then(|m| m.suite.as_deref());
    let _ = writeln!(
        md,
        "# abbench report{}\n",
        // In a code span, which shows its text as it is: only a backtick or a line
        // break could end it.
        suite.map_or(String::new(), |s| format!(
            ": suite `{}`",
            s.replace('`', "'").replace(char::is_control, " ")
        ))
    );
    match incomplete {
        // Nothing stopped a partial merge: parts of it are not there.
        Some(why) if machine.is_some_and(|m| m.status == Some(RunStatus::Partial)) => {
            let _ = writeln!(
                md,
                "> ⚠ **PARTIAL RUN**: {why}. Every table below covers only the parts \
                 merged.\n"
            );
        }
        Some(why) => {
            let _ = writeln!(
                md,
                "> ⚠ **INCOMPLETE RUN**: {why}. Every table below covers only the records \
                 written before it stopped.\n"
            );
        }
        None => {}
    }
    if let Some(listing) = shards {
        md.push_str(&crate::shards::merged_banner(listing));
    }
    let trees = tree_count(records);
    match machine {
        Some(m) => {
            // A merged run's parts may be several machines: its banner above names them,
            // and the machine section gives each row as the parts do.
            let machine_line = if shards.is_some() {
                String::new()
            } else {
                format!("**{}** — ", inline(&m.summary()))
            };
            let _ = writeln!(
                md,
                "{machine_line}{} records, {trees} trees, {} workloads (machine and build in \
                 full below)\n",
                records.len(),
                groups.len()
            );
            if let Some(warning) = crate::contention_warning(m.other_cpu_share) {
                let _ = writeln!(md, "⚠ **The machine was shared**: {warning}.\n");
            }
        }
        None => {
            let _ = writeln!(
                md,
                "{} records, {} trees, {} workloads; no `machine.json` was found beside the \
                 results, so the machine is unknown.\n",
                records.len(),
                trees,
                groups.len()
            );
        }
    }
}

/// The `## Machine` section: the machine and build that measured the records, as a
/// table. A merged run's listing (`shards`) gives the rows no single part's
/// `machine.json` gives (command, load, other processes, date, and CPU and cores where
/// the parts differ), in place of part 1's.
pub(super) fn machine_section(
    md: &mut String,
    records: &[Record],
    m: &MachineInfo,
    shards: Option<&ShardsListing>,
) {
    let trees = tree_count(records);
    let merged = shards.map(crate::shards::merged_rows).unwrap_or_default();
    md.push_str("## Machine\n\n| | |\n| --- | --- |\n");
    let mut row = |k: &str, v: String| {
        let v = merged
            .iter()
            .find(|(row, _)| *row == k)
            .map_or(v, |(_, merged)| merged.clone());
        let _ = writeln!(md, "| {k} | {} |", cell(&v));
    };
    row("CPU", inline(&m.cpu_model));
    row("cores", m.cores());
    row(
        "OS",
        match &m.kernel {
            Some(k) => format!("{} (kernel {k})", m.os),
            None => m.os.clone(),
        },
    );
    row("compiler", format!("{} ({})", m.rustc, m.rustc_host));
    row("build", build_row(m));
    row("commit", commit_row(m));
    if !m.command_line.is_empty() {
        row("command", format!("`{}`", m.command_line.join(" ")));
    }
    if !m.threads.is_empty() {
        row(
            "threads",
            m.threads
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", "),
        );
    }
    if let (Some(repeat), Some(warmup)) = (m.repeat, m.warmup) {
        row(
            "runs",
            format!("{repeat} timed after {warmup} warm-up, per tree, algorithm and threads"),
        );
    }
    if let Some([one, five, fifteen]) = m.load_average {
        row(
            "load average at the start",
            format!("{one:.2}, {five:.2}, {fifteen:.2} (1, 5, 15 minutes)"),
        );
    }
    if let Some(governor) = &m.cpu_governor {
        row("frequency scaling", format!("governor `{governor}`"));
    }
    if let Some(share) = m.other_cpu_share {
        row(
            "other processes",
            format!("{:.0}% of the CPU time while the sweep ran", 100.0 * share),
        );
    }
    row("date (UTC)", m.date.clone());
    row(
        "measured",
        format!("{} records, {trees} trees", records.len()),
    );
    md.push('\n');
}

/// The machine table's `build` row: profile, opt-level, target and allocator.
fn build_row(m: &MachineInfo) -> String {
    format!(
        "{} profile{}{}, allocator {}",
        m.profile,
        m.opt_level
            .as_ref()
            .map_or(String::new(), |o| format!(", opt-level {o}")),
        m.target
            .as_ref()
            .map_or(String::new(), |t| format!(", {t}")),
        m.allocator
    )
}

/// The machine table's `commit` row.
fn commit_row(m: &MachineInfo) -> String {
    match (&m.git_commit, m.git_dirty) {
        (Some(c), Some(true)) => format!("`{c}` with uncommitted changes"),
        (Some(c), _) => format!("`{c}`"),
        (None, _) => "not a git checkout".into(),
    }
}

/// The number of distinct trees `records` measured.
fn tree_count(records: &[Record]) -> usize {
    let mut keys: Vec<String> = records.iter().map(|r| r.tree.key()).collect();
    keys.sort();
    keys.dedup();
    keys.len()
}

/// What the machine's state says about the timings: a frequency governor that lets
/// clocks change during the run, and, only where the run did not measure the CPU time
/// other processes took (which `title` reports), other work already running at the start
/// (a 1-minute load average above a quarter of the hardware threads). A load average
/// counts threads waiting on anything: a 2-vCPU VM idling at 1.46 while other processes
/// took 0.9% of the CPU during the run would be called busy by it.
pub(crate) fn start_warnings(m: &MachineInfo) -> Vec<String> {
    let mut out = Vec::new();
    if m.other_cpu_share.is_none()
        && let Some([one, ..]) = m.load_average
        && m.logical_cores > 0
        && one > abbench_parallel::sim::BUSY_LOAD_SHARE * m.logical_cores as f64
    {
        out.push(format!(
            "**The machine was busy when the run started**: load average {one:.2} on {} \
             hardware threads; timings may be slowed by the other work.",
            m.logical_cores
        ));
    }
    if let Some(governor) = m.cpu_governor.as_deref()
        && governor != "performance"
    {
        out.push(format!(
            "**CPU frequency scaling**: the `{governor}` governor changes clock speeds with \
             the load, so timings vary with what ran before; `performance` holds them."
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_busy_start_and_a_changing_clock_are_flagged() {
        let machine = |load: f64, governor: Option<&str>| MachineInfo {
            logical_cores: 16,
            load_average: Some([load, 0.5, 0.5]),
            cpu_governor: governor.map(str::to_string),
            ..MachineInfo::default()
        };
        assert!(start_warnings(&machine(1.0, Some("performance"))).is_empty());
        let busy = start_warnings(&machine(6.5, None));
        assert_eq!(busy.len(), 1);
        assert!(
            busy[0].contains("load average 6.50 on 16 hardware threads"),
            "{busy:?}"
        );
        let scaling = start_warnings(&machine(0.1, Some("powersave")));
        assert!(scaling[0].contains("`powersave` governor"), "{scaling:?}");
        // Where the run measured what other processes took, the load average says
        // nothing more: an idle VM's load of 6.5 with 0.9% taken by others is quiet.
        let measured = MachineInfo {
            other_cpu_share: Some(0.009),
            ..machine(6.5, None)
        };
        assert!(start_warnings(&measured).is_empty());
    }
}
