//! The one hand-out of work every parallel algorithm shares: indices `first..end` (a
//! node's younger brothers, the root's moves, a pass's younger children, the first
//! guess's root moves) given out one at a time, each to exactly one of the workers that
//! ask, whoever asks first. Root splitting and young brothers wait (and Jamboree) take a
//! split point's brothers from it (`split_point.rs`), the null-window search its younger
//! children and its first guess's root moves.
//!
//! # Memory ordering
//!
//! `next` is taken with a `Relaxed` `fetch_add`: only the uniqueness of each index
//! matters, which the read-modify-write gives in any ordering; the work an index names is
//! computed from the tree, not published through the counter, and its results travel
//! through the split point or a mutex read after the fork's join. A load and a store in
//! two steps instead would let two workers take one index (the loom model below catches
//! it). The counter runs past `end` once per late asker, by at most the number of
//! workers, far from `usize::MAX`.

use crate::sync::{AtomicUsize, Ordering};

/// Indices `first..end` handed out once each.
pub(crate) struct Handout {
    next: AtomicUsize,
    end: usize,
}

impl Handout {
    /// Hands out `first..end`.
    pub(crate) fn new(first: usize, end: usize) -> Self {
        Handout {
            next: AtomicUsize::new(first),
            end,
        }
    }

    /// The next index, or `None` once all are taken.
    #[inline]
    pub(crate) fn take(&self) -> Option<usize> {
        self.take_noting_end().ok()
    }

    /// The next index; once all are taken, `Err(true)` to the first caller that found
    /// none left (the moment the hand-out ended, for statistics) and `Err(false)` to
    /// every later one.
    #[inline]
    pub(crate) fn take_noting_end(&self) -> Result<usize, bool> {
        let i = self.next.fetch_add(1, Ordering::Relaxed);
        if i < self.end {
            Ok(i)
        } else {
            Err(i == self.end)
        }
    }

    /// The index the next [`Handout::take`] would give (`end` once all are taken).
    pub(crate) fn next(&self) -> usize {
        self.next.load(Ordering::Relaxed).min(self.end)
    }

    /// Whether every index was handed out.
    pub(crate) fn is_exhausted(&self) -> bool {
        self.next() == self.end
    }

    /// Broken, for the loom models to catch: [`Handout::take`] with the index read and
    /// written back in two steps, so two workers can take one index.
    #[cfg(all(test, loom))]
    pub(crate) fn take_in_two_steps(&self) -> Option<usize> {
        let i = self.next.load(Ordering::Relaxed);
        self.next.store(i + 1, Ordering::Relaxed);
        (i < self.end).then_some(i)
    }
}

#[cfg(test)]
mod test {
    use super::*;

    #[test]
    fn every_index_is_handed_out_once_then_none() {
        let handout = Handout::new(2, 5);
        assert_eq!(handout.next(), 2);
        assert_eq!(
            (handout.take(), handout.take(), handout.take()),
            (Some(2), Some(3), Some(4))
        );
        assert!(handout.is_exhausted());
        assert_eq!(handout.take_noting_end(), Err(true));
        assert_eq!(handout.take_noting_end(), Err(false));
        assert_eq!(handout.take(), None);
        assert_eq!(handout.next(), 5);
    }

    #[test]
    fn an_empty_hand_out_gives_nothing() {
        let handout = Handout::new(3, 3);
        assert!(handout.is_exhausted());
        assert_eq!(handout.take_noting_end(), Err(true));
    }

    #[test]
    fn workers_on_threads_take_each_index_once() {
        let handout = Handout::new(0, 10_000);
        let taken: Vec<Vec<usize>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..4)
                .map(|_| scope.spawn(|| std::iter::from_fn(|| handout.take()).collect()))
                .collect();
            workers.into_iter().map(|w| w.join().unwrap()).collect()
        });
        let mut all: Vec<usize> = taken.concat();
        all.sort_unstable();
        assert_eq!(all, (0..10_000).collect::<Vec<_>>());
    }
}

#[cfg(all(test, loom))]
mod loom_models {
    use super::*;
    use loom::sync::Arc;
    use loom::thread;

    /// Two workers and the owner take from a hand-out of two indices, by `take`: in
    /// every interleaving each index goes to exactly one of them, and the hand-out ends
    /// exhausted.
    fn each_index_goes_to_one_worker(take: fn(&Handout) -> Option<usize>) {
        loom::model(move || {
            let handout = Arc::new(Handout::new(1, 3));
            let helpers: Vec<_> = (0..2)
                .map(|_| {
                    let handout = Arc::clone(&handout);
                    thread::spawn(move || take(&handout))
                })
                .collect();
            let mut taken = vec![take(&handout)];
            taken.extend(helpers.into_iter().map(|h| h.join().unwrap()));
            let mut indices: Vec<usize> = taken.into_iter().flatten().collect();
            indices.sort_unstable();
            assert_eq!(indices, [1, 2], "each index handed out once");
            assert!(handout.is_exhausted());
        });
    }

    #[test]
    fn loom_each_index_of_a_hand_out_goes_to_one_worker() {
        each_index_goes_to_one_worker(Handout::take);
    }

    #[test]
    #[should_panic(expected = "each index handed out once")]
    fn loom_the_hand_out_model_catches_a_take_in_two_steps() {
        each_index_goes_to_one_worker(Handout::take_in_two_steps);
    }
}
