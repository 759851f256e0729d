//! The costs of the scheduler's events on this machine, in nanoseconds, at a given
//! number of threads: offering a task nobody takes, an idle worker taking one (a steal),
//! and a cache line moving between cores while others share it (a bound update or an
//! abort). Every figure is the minimum or median over many trials, as each says: on a
//! shared machine the least disturbed run is the one that measures the hardware.

use super::{median, min_of, spin};
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The owner's cost of a split point offered to one helper that is busy elsewhere (the
/// common case at two threads): a scope, one spawn, popping it back, the join.
pub(super) fn offer_cost(repeats: usize) -> f64 {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("a pool of two threads");
    let stop = AtomicBool::new(false);
    let rounds = 20_000;
    pool.install(|| {
        let mut best = f64::INFINITY;
        rayon::scope(|outer| {
            // Keep the other worker busy so that it never steals the offered task.
            outer.spawn(|_| {
                while !stop.load(Ordering::Relaxed) {
                    std::hint::spin_loop();
                }
            });
            std::thread::sleep(Duration::from_millis(5));
            for _ in 0..repeats {
                let offered = min_of(1, || {
                    let t = Instant::now();
                    for i in 0..rounds {
                        rayon::scope(|s| {
                            s.spawn(|_| {
                                black_box(i);
                            });
                            black_box(i);
                        });
                    }
                    t.elapsed()
                });
                best = best.min(offered / rounds as f64);
            }
            stop.store(true, Ordering::Relaxed);
        });
        best
    })
}

/// From an offer until one of `threads − 1` idle workers starts the offered task, when
/// they have been idle for `idle` (so they spin, or have gone to sleep): the median over
/// the offers taken, and the share of offers taken before the owner, busy for 200 µs,
/// popped the task back itself. `NaN` if no offer was taken.
pub(super) fn steal_latency(threads: usize, idle: Duration, samples: usize) -> (f64, f64) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(2))
        .build()
        .expect("a pool");
    let epoch = Instant::now();
    let started = AtomicU64::new(0);
    let thief = AtomicU64::new(0);
    let mut latencies = Vec::with_capacity(samples);
    pool.install(|| {
        let me = rayon::current_thread_index().unwrap_or(0) as u64;
        for _ in 0..samples {
            spin(idle.as_nanos() as u64);
            let offered = epoch.elapsed().as_nanos() as u64;
            rayon::scope(|s| {
                s.spawn(|_| {
                    started.store(epoch.elapsed().as_nanos() as u64, Ordering::Relaxed);
                    thief.store(
                        rayon::current_thread_index().unwrap_or(0) as u64,
                        Ordering::Relaxed,
                    );
                });
                spin(200_000);
            });
            if thief.load(Ordering::Relaxed) != me {
                latencies.push(started.load(Ordering::Relaxed).saturating_sub(offered) as f64);
            }
        }
    });
    let taken = latencies.len() as f64 / samples.max(1) as f64;
    (median(latencies).unwrap_or(f64::NAN), taken)
}

/// One-way latency of a cache line moving between two cores while `sharers` further
/// threads keep reading it: half a ping-pong, the fastest of up to `trials` short trials
/// (a trial during which another process held a core measures the scheduler, not the
/// cache). The trials stop when `budget` is spent, and a trial that has not finished by
/// then is abandoned: when the threads outnumber the free cores, every round trip waits
/// for the scheduler (milliseconds, not nanoseconds), and 2,000 of them per trial would
/// take minutes. `NaN` if no trial finished.
pub(super) fn line_transfer(trials: usize, sharers: usize, budget: Duration) -> f64 {
    let rounds = 1000u64;
    let deadline = Instant::now() + budget;
    let mut best = f64::NAN;
    for _ in 0..trials {
        if Instant::now() >= deadline {
            break;
        }
        if let Some(one_way) = line_trial(rounds, sharers, deadline) {
            best = best.min(one_way);
        }
    }
    best
}

/// Spins until `flag` holds `value` (true), or `abandoned` is set or `deadline` passes
/// (false; the clock is read once every 4,096 spins, so that it costs the wait little).
fn wait_for(flag: &AtomicU64, value: u64, abandoned: &AtomicBool, deadline: Instant) -> bool {
    let mut spins = 0u32;
    while flag.load(Ordering::Acquire) != value {
        std::hint::spin_loop();
        spins = spins.wrapping_add(1);
        if spins.is_multiple_of(4096)
            && (abandoned.load(Ordering::Relaxed) || Instant::now() >= deadline)
        {
            abandoned.store(true, Ordering::Relaxed);
            return false;
        }
    }
    true
}

/// One ping-pong of `rounds` round trips: the one-way time, or `None` if it was
/// abandoned at `deadline`.
fn line_trial(rounds: u64, sharers: usize, deadline: Instant) -> Option<f64> {
    let flag = AtomicU64::new(0);
    let done = AtomicBool::new(false);
    let abandoned = AtomicBool::new(false);
    std::thread::scope(|s| {
        for _ in 0..sharers {
            s.spawn(|| {
                while !done.load(Ordering::Relaxed) {
                    black_box(flag.load(Ordering::Acquire));
                    std::hint::spin_loop();
                }
            });
        }
        s.spawn(|| {
            for i in 0..rounds {
                if !wait_for(&flag, 2 * i + 1, &abandoned, deadline) {
                    return;
                }
                flag.store(2 * i + 2, Ordering::Release);
            }
        });
        let one_way = (|| {
            // Let the other thread start spinning before timing.
            flag.store(1, Ordering::Release);
            if !wait_for(&flag, 2, &abandoned, deadline) {
                return None;
            }
            let t = Instant::now();
            for i in 1..rounds {
                flag.store(2 * i + 1, Ordering::Release);
                if !wait_for(&flag, 2 * i + 2, &abandoned, deadline) {
                    return None;
                }
            }
            Some(t.elapsed().as_nanos() as f64 / (2 * (rounds - 1)) as f64)
        })();
        done.store(true, Ordering::Relaxed);
        one_way
    })
}
