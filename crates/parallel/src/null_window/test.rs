//! The null-window search's cut chain under loom's model checker
//! (`RUSTFLAGS="--cfg loom" cargo test -p abbench-parallel --lib --release loom`).

#[cfg(loom)]
mod loom_models {
    use super::super::Cut;
    use loom::sync::Arc;
    use loom::thread;

    /// Broken: a search that looks only at its own node, not the chain above it.
    fn closed_here_only(cut: &Cut<'_>) -> bool {
        cut.cut_here()
    }

    /// A worker two parallel nodes below a node that another worker cuts off: it may see
    /// the chain open or closed while the cut races its reads, but once it has seen it
    /// closed it never sees it open again, and after the cut it is closed.
    fn a_cut_reaches_below(closed: fn(&Cut<'_>) -> bool) {
        loom::model(move || {
            let top = Arc::new(Cut::below(None));
            let cutter = {
                let top = Arc::clone(&top);
                thread::spawn(move || top.cut_off())
            };
            let middle = Cut::below(Some(&*top));
            let bottom = Cut::below(Some(&middle));
            let first = closed(&bottom);
            let second = closed(&bottom);
            assert!(!(first && !second), "a cut seen stays seen");
            cutter.join().unwrap();
            assert!(closed(&bottom), "the cut above reaches the search below");
        });
    }

    #[test]
    fn loom_a_cut_two_nodes_up_stops_the_search_below() {
        a_cut_reaches_below(|cut| cut.closed());
    }

    #[test]
    #[should_panic(expected = "the cut above reaches the search below")]
    fn loom_the_cut_model_catches_a_search_that_looks_only_at_its_own_node() {
        a_cut_reaches_below(closed_here_only);
    }
}
