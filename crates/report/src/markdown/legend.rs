//! The `## How to read the tables` section: what every column means.

/// The legend of the tables.
pub(super) fn legend(md: &mut String) {
    md.push_str(
        "## How to read the tables\n\n\
Each (tree, algorithm, thread count) was searched several times after an untimed warm-up \
(the *runs* above); times are wall-clock medians of those runs. A search shorter than a \
millisecond is timed in batches of back-to-back searches lasting about a millisecond, each \
run's time being its batch's over the batch's size (`runs_per_sample` in the records). A \
workload is a tree shape \
measured over several seeds; tables give the median over seeds and, where it matters, the \
least and greatest.\n\n\
* **value**: the root's negamax value, one per seed in seed order; given once per workload \
when every algorithm found the same values.\n\
* **nodes**, **leaves**: positions examined (procedure calls, root included) and terminal \
positions evaluated, counted as Knuth & Moore count them.\n\
* **nps**: nodes per second, nodes / median wall time (M = 10⁶).\n\
* **speedup** `S = T(f2-iter) / T(p)`: the serial non-recursive F2 kernel's time on the same \
tree, in the same process, over the parallel search's time on `p` threads.\n\
* **vs fastest serial** `T(fastest) / T(p)`: the same against the fastest of the exact \
serial searches (f2-iter, f2-soft, pvs, aspiration, mtdf), every one measured on the same \
tree in the same run; **fastest serial** names it (with the number of seeds each was the \
fastest on). — where the run measured only some of them (`run --baseline f2-iter`): \
one left out may be faster.\n\
* **efficiency** `S / p`: the share of ideal speedup achieved.\n\
* **search overhead** `nodes(p) / nodes(f2-iter) − 1`: extra positions the parallel search \
examined because workers started before the bounds that would have cut them off were \
known.\n\
* **nps scaling** `nps(p) / nps(f2-iter)`: raw throughput gained from the threads, useful \
or not; speedup ≈ nps scaling / (1 + search overhead).\n\
* **Karp–Flatt** `e = (1/S − 1/p) / (1 − 1/p)`: the experimentally determined serial \
fraction. A constant `e` as `p` grows points at a fixed serial part; a growing `e` at \
overhead that grows with `p`. Undefined at `p = 1` (—).\n\
* **⚠ oversubscribed**: more threads than hardware threads; such speedups measure the \
scheduler more than the search.\n\
* **verified**: the root value equals serial F2's and the best move is one whose own value \
is the root value, on every run. ❌ marks a row where it is not.\n\n",
    );
}
