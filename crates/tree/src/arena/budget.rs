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
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| mem_total_bytes(&text))
        .map_or(FALLBACK_MEMORY_BUDGET, |bytes| bytes / 2)
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

/// Refuses `needed_bytes` (`None`: more than a `u64` can count) over `budget_bytes`.
pub(crate) fn check_budget(needed_bytes: Option<u64>, budget_bytes: u64) -> Result<(), TreeError> {
    match needed_bytes {
        Some(needed) if needed <= budget_bytes => Ok(()),
        needed => Err(TreeError::OverBudget {
            needed_bytes: needed.unwrap_or(u64::MAX),
            budget_bytes,
        }),
    }
}
