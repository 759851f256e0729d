//! Running one of the paper's serial procedures on a model's tree with every counter on,
//! for the theory checks: positions per level are what the paper's formulas count.

use abbench_search::SerialRun;
use abbench_search::{Detailed, SearchResult, SerialAlgorithm};
use abbench_tree::{GameTree, ModelSpec, TreeError, TreeVisitor};

/// Searches the model's implicit tree with `algo`, counting positions per level.
pub fn search_model(spec: &ModelSpec, algo: SerialAlgorithm) -> Result<SearchResult, TreeError> {
    spec.visit_implicit(Search(algo))
}

/// Positions examined on each level `0 ..= height` (the counters leave out trailing
/// empty levels).
pub fn levels(result: &SearchResult, height: u32) -> Vec<u64> {
    let mut levels = result.stats.levels.clone();
    levels.resize(height as usize + 1, 0);
    levels
}

struct Search(SerialAlgorithm);

impl TreeVisitor for Search {
    type Output = SearchResult;
    fn visit<T: GameTree>(self, tree: &T) -> SearchResult {
        self.0.search::<T, Detailed>(tree)
    }
}
