//! The serial algorithms by name, as the command line and reports call them: the words
//! are `abbench-vocab`'s, shared with every crate; this crate runs them
//! ([`crate::SerialSearch`]).

pub use abbench_vocab::{SerialAlgorithm, UnknownAlgorithm};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Basic, Bound, SerialOptions, SerialSearch, Window, f0};
    use abbench_tree::models::RandomTree;

    /// `takes_window` says what the search does: an algorithm that takes a root window
    /// answers a window below the value with a lower bound; one that does not searches
    /// the whole tree and gives the value.
    #[test]
    fn takes_window_is_what_the_search_does_with_a_window() {
        let tree = RandomTree::new(5, 5, 7, 1000);
        let exact = f0::<_, Basic>(&tree).value;
        let window = Window::new(exact - 100, exact - 50).unwrap();
        let options = SerialOptions {
            window,
            ..SerialOptions::default()
        };
        for algorithm in SerialAlgorithm::ALL {
            let value = SerialSearch::new(algorithm, options, &tree)
                .unwrap()
                .search::<Basic>(&tree)
                .value;
            if algorithm.takes_window() {
                assert_eq!(
                    Bound::of(value, window),
                    Bound::Lower,
                    "{algorithm}: {value}"
                );
            } else {
                assert_eq!(value, exact, "{algorithm}");
            }
        }
        assert_eq!(
            SerialAlgorithm::ALL.map(SerialAlgorithm::takes_window),
            [false, false, true, true, true, false, false, false]
        );
    }
}
