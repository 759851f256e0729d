//! ER's memory bound (`er/`): the positions its e-nodes keep at once, shared by every
//! worker. It lives beside the split points, which young brothers wait's run holds.
//!
//! An e-node keeps one split point per child from its first lines to its last child
//! finished. Before it opens them, its owner reserves that many positions
//! ([`Budget::reserve`]); the reservation ends when the e-node returns ([`Reserved`]'s
//! drop). A node that would pass the limit is searched as young brothers wait searches
//! it, and keeps only its own split point.
//!
//! Memory ordering: `Relaxed` throughout. The count guards no data (each e-node's
//! children live on its owner's stack); it is a budget. A compare-and-swap loop raises
//! it, so two workers racing for the last positions never both pass the limit; the loom
//! models below check that in every interleaving.

use crate::SearchOptions;
use crate::options::SettingRefused;
use crate::sync::{AtomicU64, Ordering};
use abbench_tree::GameTree;
use abbench_vocab::{ParallelAlgorithm, Setting};

/// The memory bound `options` give `algorithm` (`u64::MAX`: no bound).
pub(crate) fn keep_limit(options: &SearchOptions) -> u64 {
    options.keep_limit.unwrap_or(u64::MAX)
}

/// Refuses a memory bound too small for one node's children of `tree`: the search keeps
/// them all at once, or none.
pub(crate) fn check_keep_limit<T: GameTree>(
    algorithm: ParallelAlgorithm,
    tree: &T,
    options: &SearchOptions,
) -> Result<(), SettingRefused> {
    let degree = tree.max_degree();
    match options.keep_limit {
        Some(limit) if limit < degree as u64 => Err(SettingRefused {
            setting: Setting::KeepLimit,
            value: limit.to_string(),
            why: format!(
                "below the tree's largest degree {degree}: {algorithm} keeps one node's \
                 children at once, so give at least {degree}"
            ),
            algorithm,
        }),
        _ => Ok(()),
    }
}

/// Positions kept by e-nodes now, the most kept at once, and the limit.
pub(crate) struct Budget {
    now: AtomicU64,
    peak: AtomicU64,
    limit: u64,
}

impl Budget {
    /// An empty budget of `limit` positions (`u64::MAX`: no bound).
    pub(crate) fn new(limit: u64) -> Budget {
        Budget {
            now: AtomicU64::new(0),
            peak: AtomicU64::new(0),
            limit,
        }
    }

    /// Reserves `n` positions, or `None` when the limit leaves no room for them.
    pub(crate) fn reserve(&self, n: u64) -> Option<Reserved<'_>> {
        let mut now = self.now.load(Ordering::Relaxed);
        loop {
            let next = now.checked_add(n).filter(|&next| next <= self.limit)?;
            match self
                .now
                .compare_exchange_weak(now, next, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => {
                    self.peak.fetch_max(next, Ordering::Relaxed);
                    return Some(Reserved { kept: self, n });
                }
                Err(seen) => now = seen,
            }
        }
    }

    /// Reserves `n` positions for the rest of the search (the best-first search's
    /// explicit tree, which never gives a node back); `false` when the limit leaves no
    /// room for them.
    pub(crate) fn keep(&self, n: u64) -> bool {
        self.reserve(n).map(std::mem::forget).is_some()
    }

    /// Broken, for the loom model below to catch: [`Budget::reserve`] with the count read
    /// and written back in two steps, so two workers can both take the last positions.
    #[cfg(all(test, loom))]
    fn reserve_in_two_steps(&self, n: u64) -> Option<Reserved<'_>> {
        let now = self.now.load(Ordering::Relaxed);
        let next = now.checked_add(n).filter(|&next| next <= self.limit)?;
        self.now.store(next, Ordering::Relaxed);
        self.peak.fetch_max(next, Ordering::Relaxed);
        Some(Reserved { kept: self, n })
    }

    /// The most positions kept at once so far.
    pub(crate) fn peak(&self) -> u64 {
        self.peak.load(Ordering::Relaxed)
    }
}

/// Positions reserved in a [`Budget`], given back when dropped.
pub(crate) struct Reserved<'k> {
    kept: &'k Budget,
    n: u64,
}

impl Drop for Reserved<'_> {
    fn drop(&mut self) {
        self.kept.now.fetch_sub(self.n, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod test {
    use super::Budget;

    #[test]
    fn reservations_stay_within_the_limit_and_come_back() {
        let kept = Budget::new(10);
        let a = kept.reserve(6).expect("room for 6 of 10");
        assert!(kept.reserve(5).is_none(), "6 + 5 passes 10");
        let b = kept.reserve(4).expect("6 + 4 is 10");
        drop(a);
        drop(b);
        assert_eq!(kept.peak(), 10);
        let c = kept.reserve(10).expect("all of it, once given back");
        drop(c);
        assert!(Budget::new(u64::MAX).reserve(u64::MAX).is_some());
    }
}

#[cfg(all(test, loom))]
mod loom_models {
    use super::{Budget, Reserved};
    use loom::sync::Arc;
    use loom::sync::atomic::{AtomicU64, Ordering};
    use loom::thread;

    /// Reserves 3 positions with `reserve` and, while they are held, adds them to `held`
    /// and checks the total against the limit of 5.
    fn hold(kept: &Budget, held: &AtomicU64, reserve: fn(&Budget, u64) -> Option<Reserved<'_>>) {
        if let Some(reserved) = reserve(kept, 3) {
            let total = held.fetch_add(3, Ordering::SeqCst) + 3;
            assert!(total <= 5, "budget broken: more held than the limit");
            held.fetch_sub(3, Ordering::SeqCst);
            drop(reserved);
        }
    }

    /// Two workers each reserve 3 of 5 positions, hold them, and give them back: never
    /// both at once, the peak within the limit, and all given back at the end.
    fn two_workers_race_for_the_last_positions(reserve: fn(&Budget, u64) -> Option<Reserved<'_>>) {
        loom::model(move || {
            let kept = Arc::new(Budget::new(5));
            let held = Arc::new(AtomicU64::new(0));
            let other = {
                let (kept, held) = (Arc::clone(&kept), Arc::clone(&held));
                thread::spawn(move || hold(&kept, &held, reserve))
            };
            hold(&kept, &held, reserve);
            other.join().unwrap();
            assert!(kept.peak() <= 5, "budget broken: the peak passed the limit");
            assert!(kept.peak() >= 3, "one of them found room");
            assert_eq!(
                kept.now.load(Ordering::Relaxed),
                0,
                "budget broken: not all given back"
            );
        });
    }

    #[test]
    fn loom_racing_reservations_never_pass_the_limit() {
        two_workers_race_for_the_last_positions(Budget::reserve);
    }

    #[test]
    #[should_panic(expected = "budget broken")]
    fn loom_the_budget_model_catches_a_reservation_in_two_steps() {
        two_workers_race_for_the_last_positions(Budget::reserve_in_two_steps);
    }
}
