//! What a report says when other processes competed with a sweep for the CPU: the share
//! itself is measured by the sweep (`abbench-measure`'s `contention.rs`) and kept in
//! `machine.json` as `other_cpu_share`.

/// From this share on, reports warn that other work competed with the sweep's threads.
pub const NOTICEABLE_SHARE: f64 = abbench_parallel::sim::BUSY_OTHER_SHARE;

/// The warning for a sweep during which other processes used `share` of the CPU, if it
/// is [`NOTICEABLE_SHARE`] or more.
pub fn contention_warning(share: Option<f64>) -> Option<String> {
    let share = share.filter(|&s| s >= NOTICEABLE_SHARE)?;
    Some(format!(
        "other processes used {:.0}% of the machine's CPU time while this ran: parallel \
         speedups and nodes per second are lower than on an idle machine",
        100.0 * share
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_noticeable_share_is_a_warning() {
        assert_eq!(contention_warning(None), None);
        assert_eq!(contention_warning(Some(0.05)), None);
        let text = contention_warning(Some(0.48)).unwrap();
        assert!(text.starts_with("other processes used 48% of"), "{text}");
    }
}
