//! The kernels under a probe (F2's and principal variation search's, which a parallel
//! search runs below its split points): a window narrowed mid-search still honours F2's
//! contract (eq. (6)–(8)) for the narrowed window, an abort stops the search with its
//! counts, and polling changes nothing the search examines.

use abbench_search::{
    Aborted, Basic, Counters, Detailed, F2Iter, NoProbe, Poll, Probe, PvsIter, Resume, SearchStats,
    SerialAlgorithm, SerialOptions, SerialSearch, WindowResult, f0,
};
use abbench_tree::models::RandomTree;
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY, Value};
use proptest::prelude::*;

/// The kernels with a probe.
#[derive(Clone, Copy, Debug)]
enum Kernel {
    F2,
    Pvs,
}

impl Kernel {
    const BOTH: [Kernel; 2] = [Kernel::F2, Kernel::Pvs];

    /// The kernel's search of `tree`'s root with the window `(-inf, +inf)`.
    fn search<C: Counters, P: Probe>(
        self,
        tree: &RandomTree,
        counters: &mut C,
        probe: &mut P,
    ) -> Result<WindowResult, Aborted> {
        let root = tree.root();
        match self {
            Kernel::F2 => {
                F2Iter::new(tree).search_node(tree, root, NEG_INFINITY, INFINITY, counters, probe)
            }
            Kernel::Pvs => {
                PvsIter::new(tree).search_node(tree, root, NEG_INFINITY, INFINITY, counters, probe)
            }
        }
    }

    /// The kernel's search without a probe (its polls compiled out), with every count;
    /// the value checked against the serial search of that name.
    fn serial(self, tree: &RandomTree) -> (WindowResult, SearchStats) {
        let mut counters = Detailed::for_height(tree.height());
        let r = self.search(tree, &mut counters, &mut NoProbe).unwrap();
        let algorithm = match self {
            Kernel::F2 => SerialAlgorithm::F2Iter,
            Kernel::Pvs => SerialAlgorithm::Pvs,
        };
        let named = SerialSearch::new(algorithm, SerialOptions::default(), tree)
            .unwrap()
            .search::<Basic>(tree);
        assert_eq!(
            (r.value, counters.stats().nodes),
            (named.value, named.stats.nodes)
        );
        (r, counters.stats())
    }

    /// The most positions between the poll that was due and the poll that came: one
    /// child and its run of leaves, which PVS may examine twice (a leaf's re-search).
    fn poll_slack(self, degree: u64) -> u64 {
        match self {
            Kernel::F2 => degree,
            Kernel::Pvs => 2 * degree + 1,
        }
    }
}

/// Narrows the root window to `window` at the `at`-th poll.
struct NarrowAt {
    at: u32,
    polls: u32,
    window: (Value, Value),
}

impl Probe for NarrowAt {
    const ENABLED: bool = true;
    fn poll(&mut self, _examined: u64) -> Poll {
        self.polls += 1;
        if self.polls == self.at {
            Poll::Narrow {
                alpha: self.window.0,
                beta: self.window.1,
            }
        } else {
            Poll::Continue
        }
    }
}

struct AbortAt(u32);

impl Probe for AbortAt {
    const ENABLED: bool = true;
    fn poll(&mut self, _examined: u64) -> Poll {
        self.0 -= 1;
        if self.0 == 0 {
            Poll::Abort
        } else {
            Poll::Continue
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_narrowed_window_keeps_the_f2_contract(
        seed in any::<u64>(),
        values in prop_oneof![Just(5u64), Just(30), Just(1000)],
        at in 1u32..6,
        lo in 0i64..1000,
        width in 1i64..1000,
        pvs in any::<bool>(),
    ) {
        let tree = RandomTree::new(5, 8, seed, values);
        let exact = f0::<_, Basic>(&tree).value;
        let (alpha, beta) = (lo.min(values as i64) - 1, (lo + width).min(values as i64 + 1));
        prop_assume!(alpha < beta);
        let mut probe = NarrowAt { at, polls: 0, window: (alpha, beta) };
        let mut counters = Basic::for_height(tree.height());
        let kernel = if pvs { Kernel::Pvs } else { Kernel::F2 };
        let r = kernel.search(&tree, &mut counters, &mut probe).unwrap();
        prop_assume!(probe.polls >= at);
        if exact <= alpha {
            prop_assert!(r.value <= alpha, "F={exact} window ({alpha},{beta}) got {}", r.value);
        } else if exact >= beta {
            prop_assert!(r.value >= beta, "F={exact} window ({alpha},{beta}) got {}", r.value);
        } else {
            prop_assert_eq!(r.value, exact, "window ({}, {})", alpha, beta);
        }
    }
}

#[test]
fn an_abort_stops_the_search_and_keeps_its_counts() {
    let tree = RandomTree::new(8, 8, 3, 1 << 32);
    for kernel in Kernel::BOTH {
        let full = kernel.serial(&tree).1.nodes;
        let mut counters = Basic::for_height(tree.height());
        let r = kernel.search(&tree, &mut counters, &mut AbortAt(3));
        assert_eq!(r, Err(Aborted), "{kernel:?}");
        assert!(
            counters.nodes() > 2000 && counters.nodes() < full,
            "{kernel:?}: {} of {full}",
            counters.nodes()
        );
    }
}

/// PVS finished from a root child on ([`PvsIter::resume_node`]) after the eldest was
/// searched elsewhere: the same value, best child and positions as the whole search,
/// on trees whose root's children are leaves, leaf parents and deeper.
#[test]
fn pvs_resumed_after_the_eldest_is_the_whole_search() {
    for height in 1..=5 {
        for seed in 0..20 {
            let tree = RandomTree::new(6, height, seed, 1 << 32);
            let (whole, stats) = Kernel::Pvs.serial(&tree);
            let root = tree.root();
            let eldest = tree.child(root, &tree.children(root), 0);
            let mut kernel = PvsIter::new(&tree);
            let mut counters = Basic::for_height(height);
            counters.position(0);
            let m = -kernel
                .search_node(
                    &tree,
                    eldest,
                    NEG_INFINITY,
                    INFINITY,
                    &mut counters,
                    &mut Never,
                )
                .unwrap()
                .value;
            let resume = Resume {
                next: 1,
                m,
                best: 0,
            };
            let window = (NEG_INFINITY, INFINITY);
            let r = kernel
                .resume_node(&tree, root, window, resume, &mut counters, &mut Never)
                .unwrap();
            assert_eq!(
                (r, counters.nodes()),
                (whole, stats.nodes),
                "height {height} seed {seed}"
            );
        }
    }
}

/// A probe that never says anything, polled at every position.
struct Never;

impl Probe for Never {
    const ENABLED: bool = true;
    fn interval(&self) -> u32 {
        1
    }
    fn poll(&mut self, _examined: u64) -> Poll {
        Poll::Continue
    }
}

/// Records every poll's count of examined positions, polled every `interval` positions.
struct Record {
    interval: u32,
    seen: Vec<u64>,
}

impl Probe for Record {
    const ENABLED: bool = true;
    fn interval(&self) -> u32 {
        self.interval
    }
    fn poll(&mut self, examined: u64) -> Poll {
        self.seen.push(examined);
        Poll::Continue
    }
}

#[test]
fn polls_come_at_the_probes_interval_and_report_the_positions_examined() {
    let (degree, height) = (6, 7);
    let tree = RandomTree::new(degree, height, 11, 1 << 32);
    for (kernel, interval) in Kernel::BOTH
        .into_iter()
        .flat_map(|k| [(k, 1), (k, 7), (k, 1024)])
    {
        let (serial, stats) = kernel.serial(&tree);
        let mut probe = Record {
            interval,
            seen: Vec::new(),
        };
        let mut counters = Detailed::for_height(tree.height());
        let r = kernel.search(&tree, &mut counters, &mut probe).unwrap();
        // Polling changes nothing the search examines, level by level (a poll makes the
        // kernel work out its depth again: one off, and the levels shift).
        assert_eq!(r.value, serial.value);
        assert_eq!(counters.stats(), stats, "{kernel:?} interval {interval}");
        // Each poll comes at least `interval` positions after the previous one, and at
        // most one child and its run of leaves later than that.
        let mut last = 1;
        for &examined in &probe.seen {
            assert!(
                examined >= last + u64::from(interval),
                "interval {interval}"
            );
            assert!(
                examined <= last + u64::from(interval) + kernel.poll_slack(degree as u64),
                "{kernel:?} interval {interval}: {last} then {examined}"
            );
            last = examined;
        }
        assert!(last <= stats.nodes);
        let expected_polls = stats.nodes / u64::from(interval);
        assert!(probe.seen.len() as u64 <= expected_polls);
        if interval == 1 {
            let slack = kernel.poll_slack(degree as u64);
            assert!(probe.seen.len() as u64 > stats.nodes / (slack + 1));
        }
    }
}

/// A window narrowed at the first poll to a null window around the value still finds the
/// value (the window contains it), and the kernel searches the rest with that window: on
/// every tree F2's kernel examines no more positions than without the narrowing, and
/// both kernels examine far fewer over the trees. A kernel that ignored the narrower
/// window would pass the contract test above and fail here.
#[test]
fn a_narrowed_window_saves_positions() {
    for kernel in Kernel::BOTH {
        let (mut open, mut narrowed) = (0u64, 0u64);
        for seed in 0..20 {
            let tree = RandomTree::new(6, 6, seed, 1000);
            let (serial, stats) = kernel.serial(&tree);
            let exact = f0::<_, Basic>(&tree).value;
            assert_eq!(serial.value, exact);
            let mut probe = NarrowAt {
                at: 1,
                polls: 0,
                window: (exact - 1, exact + 1),
            };
            let mut counters = Detailed::for_height(tree.height());
            let r = kernel.search(&tree, &mut counters, &mut probe).unwrap();
            assert_eq!(r.value, exact, "{kernel:?} seed {seed}");
            assert!(probe.polls >= 1, "{kernel:?} seed {seed}: never polled");
            // The kernel still knows its depth after the narrowing: on a uniform tree
            // every leaf is at the last level and only the root at the first.
            let levels = counters.stats().levels;
            let leaves = counters.stats().leaves;
            assert_eq!(
                (levels[0], levels[tree.height() as usize]),
                (1, leaves),
                "{kernel:?} seed {seed}"
            );
            if let Kernel::F2 = kernel {
                assert!(
                    counters.nodes() <= stats.nodes,
                    "seed {seed}: {} narrowed against {}",
                    counters.nodes(),
                    stats.nodes
                );
            }
            open += stats.nodes;
            narrowed += counters.nodes();
        }
        assert!(
            narrowed * 10 < open * 9,
            "{kernel:?}: {narrowed} positions narrowed against {open}"
        );
    }
}
