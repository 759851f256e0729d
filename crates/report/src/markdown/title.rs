//! The report's first lines: its title, whether the run is complete, and the machine and
//! build that measured it.

use crate::aggregate::WorkloadGroup;
use crate::format::cell;
use abbench_results::{MachineInfo, Record};
use std::fmt::Write;

pub(super) fn title(
    md: &mut String,
    records: &[Record],
    machine: Option<&MachineInfo>,
    groups: &[WorkloadGroup<'_>],
) {
    let suite = machine.and_then(|m| m.suite.as_deref());
    let _ = writeln!(
        md,
        "# abbench report{}\n",
        suite.map_or(String::new(), |s| format!(": suite `{s}`"))
    );
    if let Some(why) = machine.and_then(|m| m.incomplete.as_deref()) {
        let _ = writeln!(
            md,
            "> ⚠ **INCOMPLETE RUN**: {why}. Every table below covers only the records \
             written before it stopped.\n"
        );
    }
    let trees = {
        let mut keys: Vec<String> = records.iter().map(|r| r.tree.key()).collect();
        keys.sort();
        keys.dedup();
        keys.len()
    };
    match machine {
        Some(m) => machine_table(md, m, records.len(), trees, groups.len()),
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

/// The machine and build that measured the records, as a table, and a warning if other
/// processes shared it.
fn machine_table(md: &mut String, m: &MachineInfo, records: usize, trees: usize, workloads: usize) {
    let _ = writeln!(md, "**{}**\n", m.summary());
    md.push_str("| | |\n| --- | --- |\n");
    let mut row = |k: &str, v: String| {
        let _ = writeln!(md, "| {k} | {} |", cell(&v));
    };
    row("CPU", m.cpu_model.clone());
    row(
        "cores",
        format!("{} logical, {} physical", m.logical_cores, m.physical_cores),
    );
    row(
        "OS",
        match &m.kernel {
            Some(k) => format!("{} (kernel {k})", m.os),
            None => m.os.clone(),
        },
    );
    row("compiler", format!("{} ({})", m.rustc, m.rustc_host));
    row(
        "build",
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
        ),
    );
    row(
        "commit",
        match (&m.git_commit, m.git_dirty) {
            (Some(c), Some(true)) => format!("`{c}` with uncommitted changes"),
            (Some(c), _) => format!("`{c}`"),
            (None, _) => "not a git checkout".into(),
        },
    );
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
    if let Some(share) = m.other_cpu_share {
        row(
            "other processes",
            format!("{:.0}% of the CPU time while the sweep ran", 100.0 * share),
        );
    }
    row("date (UTC)", m.date.clone());
    row(
        "measured",
        format!("{records} records, {trees} trees, {workloads} workloads"),
    );
    md.push('\n');
    if let Some(warning) = crate::contention_warning(m.other_cpu_share) {
        let _ = writeln!(md, "⚠ **The machine was shared**: {warning}.\n");
    }
}
