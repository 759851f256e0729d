//! `machine.json`: what a run folder's numbers were measured on — CPU, cores, OS, compiler,
//! build profile, allocator, commit, command line and date — so that a report can be
//! reproduced or discounted.

use crate::InvalidField;
use crate::utc::UtcTime;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The machine and build a sweep ran on.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MachineInfo {
    /// The CPU's `model name` from `/proc/cpuinfo`, or `unknown`.
    pub cpu_model: String,
    /// Hardware threads available to the process.
    pub logical_cores: usize,
    /// Distinct (physical id, core id) pairs in `/proc/cpuinfo`; the logical count when
    /// the file does not say.
    pub physical_cores: usize,
    /// The host name, or `unknown`.
    pub hostname: String,
    /// `PRETTY_NAME` of `/etc/os-release`, or the OS family.
    pub os: String,
    /// The kernel release (`/proc/sys/kernel/osrelease`), if known.
    pub kernel: Option<String>,
    /// The compiler that built abbench: `rustc 1.95.0 (59807616e 2026-04-14)`.
    pub rustc: String,
    /// The compiler's host triple.
    pub rustc_host: String,
    /// `release` or `debug` (whether debug assertions were on).
    pub profile: String,
    /// The global allocator, as the binary names it.
    pub allocator: String,
    /// The commit the binary was built from (recorded at build time, not read from the
    /// directory it runs in); absent for a build outside a git checkout.
    pub git_commit: Option<String>,
    /// Whether the work tree had uncommitted changes when the binary was built.
    pub git_dirty: Option<bool>,
    /// The optimisation level of the build, `0` to `3`; absent in older run folders.
    #[serde(default)]
    pub opt_level: Option<String>,
    /// The target triple of the build; absent in older run folders.
    #[serde(default)]
    pub target: Option<String>,
    /// The target features the build was compiled for, comma-separated; absent in older
    /// run folders.
    #[serde(default)]
    pub target_features: Option<String>,
    /// The command line that produced the run.
    pub command_line: Vec<String>,
    /// When the run started, UTC, RFC 3339.
    pub date: String,
    /// The suite swept, if any.
    pub suite: Option<String>,
    /// The thread counts of the parallel algorithms.
    pub threads: Vec<usize>,
    /// Timed runs per (tree, algorithm, threads), if a sweep set it.
    pub repeat: Option<usize>,
    /// Untimed runs before them, if a sweep set it.
    pub warmup: Option<usize>,
    /// The share of the machine's CPU time that other processes used while the sweep
    /// ran, 0 ..= 1 (0.5: half the hardware threads busy with other work); absent where
    /// it cannot be measured, or before the sweep ends.
    pub other_cpu_share: Option<f64>,
    /// The load average (1, 5 and 15 minutes, `/proc/loadavg`) when the run started;
    /// absent where it cannot be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub load_average: Option<[f64; 3]>,
    /// The CPU frequency scaling governor of CPU 0 (`performance`, `powersave`,
    /// `schedutil`, …) when the run started; absent where the kernel exposes none (most
    /// virtual machines).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpu_governor: Option<String>,
    /// How far the sweep got: `running` from its first file until it ends, then
    /// `complete`, `interrupted` or `failed` ([`crate::folder_state`] tells a sweep still
    /// running from one that died); absent in folders written before it existed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<crate::RunStatus>,
    /// Why the run folder is incomplete — interrupted, or stopped by an error — with how
    /// many trees were measured; absent for a complete run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub incomplete: Option<String>,
    /// The lines the run's `results.jsonl` holds, written when the run ends: a reader
    /// that counts another number knows a line was lost or added since. Absent while
    /// the run is under way and in folders written before it existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lines: Option<usize>,
}

impl MachineInfo {
    /// Describes this machine and build now; `allocator` and `command_line` come from
    /// the binary.
    pub fn collect(allocator: &str, command_line: Vec<String>) -> MachineInfo {
        let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
        let logical_cores = available_threads();
        let build = crate::build_info();
        MachineInfo {
            cpu_model: cpu_model(&cpuinfo).unwrap_or_else(|| "unknown".into()),
            logical_cores,
            physical_cores: physical_cores(&cpuinfo).unwrap_or(logical_cores),
            hostname: hostname(),
            os: os_name(),
            kernel: read_trimmed("/proc/sys/kernel/osrelease"),
            rustc: build.rustc,
            rustc_host: build.rustc_host.to_string(),
            profile: build.profile.to_string(),
            allocator: allocator.to_string(),
            git_commit: build.commit.map(str::to_string),
            git_dirty: build.dirty,
            opt_level: Some(build.opt_level.to_string()),
            target: Some(build.target.to_string()),
            target_features: Some(build.target_features.to_string()),
            command_line,
            date: UtcTime::now().rfc3339(),
            suite: None,
            threads: Vec::new(),
            repeat: None,
            warmup: None,
            other_cpu_share: None,
            load_average: read_trimmed("/proc/loadavg").and_then(|t| load_average(&t)),
            cpu_governor: read_trimmed("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"),
            status: None,
            incomplete: None,
            lines: None,
        }
    }

    /// Checks a description read from a file for figures no machine has: more physical
    /// cores than logical ones, other processes' share of the CPU outside 0…1, a
    /// negative or unbounded load average, a thread count or repeat of 0. The error
    /// names the field. (A core count of 0 is one that was not recorded: shown as
    /// unknown.)
    pub fn check(&self) -> Result<(), InvalidField> {
        if self.logical_cores > 0 && self.physical_cores > self.logical_cores {
            return Err(InvalidField(format!(
                "`physical_cores` is {}, more than `logical_cores` ({})",
                self.physical_cores, self.logical_cores
            )));
        }
        if let Some(share) = self.other_cpu_share
            && !(0.0..=1.0).contains(&share)
        {
            return Err(InvalidField(format!(
                "`other_cpu_share` is {share:e}: a share of the CPU is 0 to 1"
            )));
        }
        if let Some(load) = self.load_average
            && load.iter().any(|l| !(l.is_finite() && *l >= 0.0))
        {
            return Err(InvalidField(format!(
                "`load_average` is {load:?}: expected three finite numbers of at least 0"
            )));
        }
        if self.threads.contains(&0) {
            return Err(InvalidField(
                "`threads` holds 0: a search runs on at least 1 thread".into(),
            ));
        }
        if self.repeat == Some(0) {
            return Err(InvalidField(
                "`repeat` is 0: a search is timed at least once".into(),
            ));
        }
        Ok(())
    }

    /// The core counts in words, `4 logical, 2 physical`, each `unknown` where the
    /// description does not give it.
    pub fn cores(&self) -> String {
        let count = |n: usize| match n {
            0 => "unknown".to_string(),
            n => n.to_string(),
        };
        format!(
            "{} logical, {} physical",
            count(self.logical_cores),
            count(self.physical_cores)
        )
    }

    /// One line for a report's title: CPU, cores, date and commit.
    pub fn summary(&self) -> String {
        let commit = match (&self.git_commit, self.git_dirty) {
            (Some(c), dirty) => format!(
                "commit {}{}",
                &c[..c.len().min(12)],
                if dirty == Some(true) { " (dirty)" } else { "" }
            ),
            (None, _) => "no git commit".into(),
        };
        format!(
            "{} — {} cores — {} build — {} — {}",
            self.cpu_model,
            self.cores(),
            self.profile,
            self.date,
            commit
        )
    }
}

/// The three load averages of a `/proc/loadavg` text (`0.52 0.58 0.59 1/389 12345`).
fn load_average(text: &str) -> Option<[f64; 3]> {
    let mut fields = text.split_whitespace().map(str::parse::<f64>);
    let mut next = || fields.next()?.ok().filter(|x| x.is_finite() && *x >= 0.0);
    Some([next()?, next()?, next()?])
}

fn read_trimmed(path: &str) -> Option<String> {
    std::fs::read_to_string(path)
        .ok()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
}

/// The host name: the kernel's, else `$HOSTNAME`, else `unknown`.
pub fn hostname() -> String {
    read_trimmed("/proc/sys/kernel/hostname")
        .or_else(|| std::env::var("HOSTNAME").ok().filter(|h| !h.is_empty()))
        .unwrap_or_else(|| "unknown".into())
}

/// The first `model name` of a `/proc/cpuinfo` text.
pub fn cpu_model(cpuinfo: &str) -> Option<String> {
    cpuinfo.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        (key.trim() == "model name").then(|| value.trim().to_string())
    })
}

/// Distinct (physical id, core id) pairs of a `/proc/cpuinfo` text; `None` if it lists
/// none.
pub fn physical_cores(cpuinfo: &str) -> Option<usize> {
    let mut cores = BTreeSet::new();
    for block in cpuinfo.split("\n\n") {
        let field = |name: &str| {
            block.lines().find_map(|line| {
                let (key, value) = line.split_once(':')?;
                (key.trim() == name).then(|| value.trim().to_string())
            })
        };
        if let (Some(package), Some(core)) = (field("physical id"), field("core id")) {
            cores.insert((package, core));
        }
    }
    (!cores.is_empty()).then_some(cores.len())
}

/// `PRETTY_NAME` of `/etc/os-release`, else the OS family.
fn os_name() -> String {
    std::fs::read_to_string("/etc/os-release")
        .ok()
        .and_then(|text| {
            text.lines().find_map(|line| {
                line.strip_prefix("PRETTY_NAME=")
                    .map(|v| v.trim().trim_matches('"').to_string())
            })
        })
        .unwrap_or_else(|| std::env::consts::OS.to_string())
}

/// The commit checked out in the working directory and whether the tree has changes;
/// both `None` outside a git checkout or without git.
/// The hardware threads of this machine.
pub fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn core_counts_not_recorded_are_unknown_and_impossible_figures_refused() {
        let machine: MachineInfo = serde_json::from_str(r#"{"cpu_model": "x"}"#).unwrap();
        assert_eq!(machine.cores(), "unknown logical, unknown physical");
        assert!(
            machine
                .summary()
                .contains("unknown logical, unknown physical cores")
        );
        assert_eq!(machine.check(), Ok(()));
        let bad = [
            r#"{"logical_cores": 2, "physical_cores": 4}"#,
            r#"{"other_cpu_share": 1.5}"#,
            r#"{"load_average": [1, -1, 0]}"#,
            r#"{"threads": [1, 0]}"#,
            r#"{"repeat": 0}"#,
        ];
        for json in bad {
            let machine: MachineInfo = serde_json::from_str(json).unwrap();
            assert!(machine.check().is_err(), "{json}");
        }
    }

    #[test]
    fn load_averages_are_read_from_proc_loadavg() {
        assert_eq!(
            load_average("0.52 0.58 1.59 1/389 12345"),
            Some([0.52, 0.58, 1.59])
        );
        assert_eq!(load_average("0.52 x 1.59"), None);
        assert_eq!(load_average(""), None);
    }

    const CPUINFO: &str = "processor\t: 0\nmodel name\t: Example CPU @ 3.00GHz\nphysical id\t: 0\ncore id\t\t: 0\n\n\
processor\t: 1\nmodel name\t: Example CPU @ 3.00GHz\nphysical id\t: 0\ncore id\t\t: 0\n\n\
processor\t: 2\nmodel name\t: Example CPU @ 3.00GHz\nphysical id\t: 0\ncore id\t\t: 1\n\n\
processor\t: 3\nmodel name\t: Example CPU @ 3.00GHz\nphysical id\t: 1\ncore id\t\t: 0\n";

    #[test]
    fn cpuinfo_fields() {
        assert_eq!(cpu_model(CPUINFO).unwrap(), "Example CPU @ 3.00GHz");
        assert_eq!(physical_cores(CPUINFO), Some(3));
        assert_eq!(physical_cores("processor : 0\n"), None);
        assert_eq!(cpu_model(""), None);
    }

    #[test]
    fn collected_here_and_round_trips() {
        let info = MachineInfo::collect("system", vec!["abbench".into(), "sweep".into()]);
        assert!(info.logical_cores >= 1);
        assert!(info.physical_cores >= 1);
        assert!(info.rustc.starts_with("rustc "), "{}", info.rustc);
        assert_eq!(info.date.len(), "2025-01-01T00:00:00Z".len());
        let json = serde_json::to_string(&info).unwrap();
        assert_eq!(serde_json::from_str::<MachineInfo>(&json).unwrap(), info);
        assert!(info.summary().contains("logical"));
    }
}
