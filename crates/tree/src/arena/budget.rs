//! How many bytes an arena takes, and how many it may take.
//!
//! Materialising a tree (design: "Tree representations") allocates its arrays once,
//! before any timed search, so the size is known in advance: from the model's shape for a
//! uniform tree, from a counting pass for a ragged one. The estimate counts the arrays'
//! payload, which is what grows with the tree; it is checked against a memory budget
//! before anything is allocated. The default budget is half the machine's physical
//! memory, so a materialised tree never pushes the machine into swap.

use crate::{TreeError, Value, full_tree_nodes};
use std::mem::size_of;

/// The budget used when the machine's memory cannot be read: 4 GiB.
pub const FALLBACK_MEMORY_BUDGET: u64 = 4 << 30;

/// The largest number of positions a ragged arena can hold: its indices are `u32` and
/// the first-child array has one entry more than there are positions.
pub const MAX_RAGGED_NODES: u64 = u32::MAX as u64;

/// Bytes per move number kept by an arena whose search order is not natural.
const MOVE_NUMBER_BYTES: u64 = size_of::<u16>() as u64;
/// Bytes per leaf value.
const VALUE_BYTES: u64 = size_of::<Value>() as u64;
/// Bytes per first-child index of a ragged arena.
const INDEX_BYTES: u64 = size_of::<u32>() as u64;

/// Half of the machine's physical memory (`MemTotal` in `/proc/meminfo`), or
/// [`FALLBACK_MEMORY_BUDGET`] when that cannot be read.
pub fn default_memory_budget() -> u64 {
    machine_memory().map_or(FALLBACK_MEMORY_BUDGET, |bytes| bytes / 2)
}

/// The machine's physical memory (`MemTotal` in `/proc/meminfo`), read once; `None`
/// where it cannot be read.
pub fn machine_memory() -> Option<u64> {
    static TOTAL: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
    *TOTAL.get_or_init(|| {
        std::fs::read_to_string("/proc/meminfo")
            .ok()
            .and_then(|text| mem_total_bytes(&text))
    })
}

/// The `MemTotal:` line of a `/proc/meminfo` text, in bytes.
pub(crate) fn mem_total_bytes(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let mut fields = line["MemTotal:".len()..].split_whitespace();
    let amount: u64 = fields.next()?.parse().ok()?;
    let unit = match fields.next() {
        Some("kB") | Some("KB") => 1024,
        Some(_) => return None,
        None => 1,
    };
    amount.checked_mul(unit).filter(|&b| b > 0)
}

/// Estimated bytes of a uniform arena of this degree and height: one value per leaf and,
/// when the search order is not natural, one move number per non-root position.
pub fn uniform_arena_bytes(degree: u64, height: u32, move_numbers: bool) -> Option<u64> {
    let leaves = degree.checked_pow(height)?;
    let mut bytes = leaves.checked_mul(VALUE_BYTES)?;
    if move_numbers {
        let edges = full_tree_nodes(degree, height)? - 1;
        bytes = bytes.checked_add(edges.checked_mul(MOVE_NUMBER_BYTES)?)?;
    }
    Some(bytes)
}

/// Estimated bytes of a ragged arena with this many positions: a first-child index and a
/// value per position, one more index, and a move number per position when the search
/// order is not natural.
pub fn ragged_arena_bytes(nodes: u64, move_numbers: bool) -> Option<u64> {
    let per_node = INDEX_BYTES + VALUE_BYTES + if move_numbers { MOVE_NUMBER_BYTES } else { 0 };
    nodes.checked_mul(per_node)?.checked_add(INDEX_BYTES)
}

/// Refuses `needed_bytes` (`None`: more than a `u64` can count) over `budget_bytes`, and
/// over the machine's physical memory whatever the budget: a budget raised past what the
/// machine has (`--memory-budget 1T` on 24 GiB) would otherwise end in an allocation
/// failure, which aborts the process, or in the out-of-memory killer.
pub(crate) fn check_budget(needed_bytes: Option<u64>, budget_bytes: u64) -> Result<(), TreeError> {
    check_budget_on(needed_bytes, budget_bytes, machine_memory())
}

/// [`check_budget`] on a machine with `memory` bytes (`None`: unknown).
pub(crate) fn check_budget_on(
    needed_bytes: Option<u64>,
    budget_bytes: u64,
    memory: Option<u64>,
) -> Result<(), TreeError> {
    match needed_bytes {
        Some(needed) if needed <= budget_bytes => match memory {
            Some(memory) if needed > memory => Err(TreeError::TooLarge {
                what: format!(
                    "the arena for this tree needs at least {needed} bytes (estimated), more \
                     than this machine's {memory} bytes of memory: it cannot be built here \
                     whatever the memory budget"
                ),
            }),
            _ => Ok(()),
        },
        needed => Err(TreeError::OverBudget {
            needed_bytes: needed.unwrap_or(u64::MAX),
            budget_bytes,
        }),
    }
}
