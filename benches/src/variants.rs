//! The searches a bench line names: an algorithm by its own name with the default
//! options, or `f2-iter-narrow`, the kernel with the narrowest root window that still
//! finds the value exactly (Knuth & Moore §4): `(v - 1, v + 1)` around the value `v` the
//! full-window search finds.

use abbench_search::{SerialAlgorithm, SerialOptions, Window};
use abbench_tree::Value;

/// The name of the kernel searched with the narrow window around the value.
pub const NARROW: &str = "f2-iter-narrow";

/// The algorithm and options a bench or golden line called `name` runs, on a tree whose
/// value (found with the full window) is `value`.
///
/// # Panics
/// If `name` is neither an algorithm nor [`NARROW`]: bench code names them literally.
pub fn variant(name: &str, value: Value) -> (SerialAlgorithm, SerialOptions) {
    if name == NARROW {
        let window = Window::new(value - 1, value + 1).expect("the value is finite");
        let options = SerialOptions {
            window,
            ..SerialOptions::default()
        };
        return (SerialAlgorithm::F2Iter, options);
    }
    let algo = name
        .parse()
        .unwrap_or_else(|_| panic!("{name} is neither an algorithm nor {NARROW}"));
    (algo, SerialOptions::default())
}
