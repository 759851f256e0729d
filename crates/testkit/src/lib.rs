//! What abbench's tests share (a dev-only crate, never published): checks of the
//! workspace's own structure, and the doubles that tests of several crates use.
//!
//! | module | for |
//! | --- | --- |
//! | [`module_cycles`] (`cycles.rs`) | no two modules of a crate import each other |
//! | [`long_functions`] (`function_length.rs`) | functions over a length, for `ARCHITECTURE.md`'s list |
//! | [`long_files`] (`file_length.rs`) | files over a length, for `ARCHITECTURE.md`'s list |
//! | [`stale_names`], [`crate_graph`], [`diagram`] (`names.rs`) | what a page names in backticks, and its crate diagram, against the code |
//! | [`sentence_lengths`] (`prose.rs`) | the sentences of a Markdown page, for the README's and the guide's measure |
//! | [`files_naming`] (`settings_spread.rs`) | the files that name a search setting outside the vocabulary and its readers |
//! | `code.rs` | Rust source read as code: comments, literals and test items left out |
//! | [`FaultyTree`] (`faulty.rs`) | a tree one of whose leaves panics: failures, not hangs |
//! | [`negamax`] (`negamax.rs`) | every position searched, apart from the kernels: the golden values' oracle |
//! | [`WrongTree`] (`wrong.rs`) | a tree wrong on worker threads: a checker meets a wrong answer |
//! | [`synthetic_history`] (`history.rs`) | a history of runs made from one real run: machine speed, noise, a planted step |
//! | [`CountingAllocator`] (`counting.rs`) | allocations and their bytes counted, on every thread or marked ones |

mod code;
mod counting;
mod cycles;
mod faulty;
mod file_length;
mod function_length;
mod history;
mod names;
mod negamax;
mod prose;
mod settings_spread;
mod wrong;

pub use counting::{CountingAllocator, allocated_bytes, allocations, count_this_thread};
pub use cycles::{Cycle, ModulePath, module_cycles};
pub use faulty::FaultyTree;
pub use file_length::long_files;
pub use function_length::{LongFunction, long_functions};
pub use history::{HistoryRecipe, PlantedStep, SyntheticRun, synthetic_history};
pub use names::{CrateEdges, backticked, crate_graph, diagram, stale_names};
pub use negamax::negamax;
pub use prose::{median, sentence_lengths};
pub use settings_spread::files_naming;
pub use wrong::{VisitWrong, WrongTree};
