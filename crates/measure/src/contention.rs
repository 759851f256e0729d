//! How much of the machine other processes used while a sweep ran: on a shared machine
//! (a CI runner, a workstation compiling something) parallel speedups and nodes per
//! second fall when the cores the workers expect are busy, and a report should say so.
//!
//! Linux only: `/proc/stat` gives the CPU time every process spent, `/proc/self/stat`
//! this process's (all its threads), both in the same clock ticks. The other processes'
//! share is `(busy − own) / total` over the interval — 0 on an idle machine, 0.5 when
//! they kept half of the hardware threads busy. Elsewhere nothing is measured. What a
//! report says of it is `abbench_report::contention_warning`.

/// The machine's and this process's CPU time at one moment, in clock ticks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CpuSample {
    /// All CPUs: every tick, idle included.
    total: u64,
    /// All CPUs: ticks not idle and not waiting for I/O.
    busy: u64,
    /// This process: user and system ticks of all its threads.
    own: u64,
}

impl CpuSample {
    /// Now, or `None` where `/proc` does not tell.
    pub(crate) fn now() -> Option<CpuSample> {
        let stat = std::fs::read_to_string("/proc/stat").ok()?;
        let own = std::fs::read_to_string("/proc/self/stat").ok()?;
        CpuSample::parse(&stat, &own)
    }

    fn parse(proc_stat: &str, self_stat: &str) -> Option<CpuSample> {
        // `cpu  user nice system idle iowait irq softirq steal guest guest_nice`; guest
        // time is already counted in user and nice.
        let ticks: Vec<u64> = proc_stat
            .lines()
            .find(|l| l.starts_with("cpu "))?
            .split_whitespace()
            .skip(1)
            .take(8)
            .map(|t| t.parse().ok())
            .collect::<Option<_>>()?;
        let total: u64 = ticks.iter().sum();
        let idle = ticks.get(3)? + ticks.get(4).copied().unwrap_or(0);
        // Fields after the parenthesised command name: state is field 3, utime 14 and
        // stime 15 (proc(5)).
        let after_name = &self_stat[self_stat.rfind(')')? + 1..];
        let fields: Vec<&str> = after_name.split_whitespace().collect();
        let utime: u64 = fields.get(11)?.parse().ok()?;
        let stime: u64 = fields.get(12)?.parse().ok()?;
        Some(CpuSample {
            total,
            busy: total - idle,
            own: utime + stime,
        })
    }
}

/// The share of all CPU time between `start` and `end` that other processes used,
/// 0 ..= 1; `None` if not a single clock tick (10 ms on most kernels) passed.
pub(crate) fn other_share(start: CpuSample, end: CpuSample) -> Option<f64> {
    let total = end.total.checked_sub(start.total).filter(|&t| t > 0)?;
    let busy = end.busy.saturating_sub(start.busy);
    let own = end.own.saturating_sub(start.own);
    Some((busy.saturating_sub(own) as f64 / total as f64).clamp(0.0, 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SELF: &str = "4242 (abbench (x) y) R 1 2 3 0 -1 4194304 101 0 0 0 700 50 0 0 20 0 3 0";

    #[test]
    fn samples_parse_proc_files() {
        let stat = "cpu  1000 0 200 3000 100 0 10 5 0 0\ncpu0 500 0 100 1500 50 0 5 2 0 0\n";
        let sample = CpuSample::parse(stat, SELF).unwrap();
        assert_eq!(
            sample,
            CpuSample {
                total: 4315,
                busy: 1215,
                own: 750
            }
        );
        assert!(CpuSample::parse("intr 1 2 3\n", SELF).is_none());
        assert!(CpuSample::parse(stat, "4242 (abbench) R").is_none());
    }

    #[test]
    fn the_share_leaves_out_this_process() {
        let start = CpuSample {
            total: 1000,
            busy: 100,
            own: 50,
        };
        // 1000 ticks pass on two CPUs: this process used 400, others 300.
        let end = CpuSample {
            total: 2000,
            busy: 800,
            own: 450,
        };
        assert_eq!(other_share(start, end), Some(0.3));
        assert_eq!(other_share(start, start), None);
    }

    #[test]
    fn this_machine_can_be_sampled() {
        if cfg!(target_os = "linux") {
            let a = CpuSample::now().unwrap();
            let b = CpuSample::now().unwrap();
            assert!(b.total >= a.total && b.own >= a.own);
        }
    }
}
