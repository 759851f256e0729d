//! The machine's yardstick: one fixed loop that a sweep times just before every search it
//! records, so that `compare` can tell a machine that got slower between two runs (or
//! within one) from code that did.
//!
//! A shared machine's speed drifts: three quick sweeps of one binary minutes apart
//! measured 30–60% apart on this project's 2-CPU virtual machine. The yardstick is code of
//! its own, used by nothing else: were it a search (it was `f2-iter` on a random tree at
//! first), a change that slowed that search would slow the yardstick too, and `compare`,
//! dividing by it, would cancel the very regression it is there to find. It is a dependent
//! walk through a 64 KiB table (the size of a small search's working set, in the L2 cache)
//! with a data-dependent branch a step, as a search's loads and cutoffs are: about 40 µs,
//! small enough to time before every record (about 6 ms each), in [`REFERENCE_BATCHES`]
//! batches of at least [`BATCH_NS`] each, of which the fastest is kept (a batch caught by
//! another process is slower, never faster).

use std::time::Instant;

/// The least time a batch of yardstick walks lasts: 1 ms, as a measured sample does.
pub const BATCH_NS: u128 = 1_000_000;

/// Timed batches of the yardstick; the fastest is kept.
pub const REFERENCE_BATCHES: usize = 5;

/// Entries of the yardstick's table: 16 Ki `u32`s, 64 KiB.
const TABLE: usize = 1 << 14;

/// Steps of one walk.
const STEPS: usize = 10_000;

/// The yardstick's table: a fixed permutation-like fill from xorshift64.
fn table() -> Vec<u32> {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    (0..TABLE)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u32
        })
        .collect()
}

/// One walk: each step's load address depends on the last load, and a branch on a
/// pseudo-random bit picks what is accumulated. Returns the accumulator (fixed for the
/// fixed table).
#[inline(never)]
fn walk(table: &[u32]) -> u64 {
    let mask = TABLE - 1;
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut i = 0usize;
    let mut acc = 0u64;
    for _ in 0..STEPS {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let v = table[i];
        i = (v as usize ^ x as usize) & mask;
        if x & 1 == 0 {
            acc = acc.wrapping_add(u64::from(v));
        } else {
            acc ^= x;
        }
    }
    acc
}

/// Times the yardstick: nanoseconds per walk, the fastest of [`REFERENCE_BATCHES`]
/// batches after one untimed walk.
pub fn time_reference() -> f64 {
    let table = table();
    let started = Instant::now();
    std::hint::black_box(walk(std::hint::black_box(&table)));
    let one = started.elapsed().as_nanos().max(1);
    let batch = BATCH_NS.div_ceil(one).max(1);
    let mut best = f64::INFINITY;
    for _ in 0..REFERENCE_BATCHES {
        let started = Instant::now();
        for _ in 0..batch {
            std::hint::black_box(walk(std::hint::black_box(&table)));
        }
        best = best.min(started.elapsed().as_nanos() as f64 / batch as f64);
    }
    best.max(1.0)
}

/// The yardstick by name, for reports.
pub const REFERENCE_NAME: &str = "a fixed walk through a 64 KiB table";

#[cfg(test)]
mod test {
    use super::*;

    #[test]
    fn the_yardstick_is_timed_and_its_walk_is_fixed() {
        let t = time_reference();
        assert!(t.is_finite() && t >= 1.0, "{t}");
        let table = table();
        // The walk is fixed: a change to it would change what runs' `machine_ns` measure.
        assert_eq!(walk(&table), walk(&table));
        assert_eq!(walk(&table), 0xB038_9707_F309_D106, "{:#x}", walk(&table));
    }
}
