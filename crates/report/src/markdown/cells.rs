//! Table cells more than one section writes: thread counts, root values, lists of seeds.

use crate::aggregate::Row;
use std::fmt::Write;

/// The thread count, marked when oversubscribed.
pub(super) fn threads_cell(r: &Row) -> String {
    if r.oversubscribed {
        format!("{} ⚠ oversubscribed", r.threads)
    } else {
        r.threads.to_string()
    }
}

pub(super) fn values_cell(r: &Row) -> String {
    const SHOWN: usize = 5;
    let mut text = r
        .values
        .iter()
        .take(SHOWN)
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    if r.values.len() > SHOWN {
        let _ = write!(text, ", … ({} seeds)", r.values.len());
    }
    text
}

/// `1–3` for consecutive numbers (seeds, heights), else the list.
pub(super) fn seed_list(seeds: &[u64]) -> String {
    let consecutive = seeds.windows(2).all(|w| w[1] == w[0] + 1);
    if consecutive && seeds.len() > 2 {
        format!("{}–{}", seeds[0], seeds[seeds.len() - 1])
    } else {
        seeds
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }
}
