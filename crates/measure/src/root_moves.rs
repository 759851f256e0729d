//! Every root move of a position with published move scores, searched to its exact
//! value: what `verify --root-moves` holds to an FFO file's per-move scores.

use crate::MeasureError;
use abbench_search::{Basic, SerialAlgorithm, SerialOptions, SerialSearch};
use abbench_tree::{GameTree, Subtree, TreeSpec, TreeVisitor, Value};

/// One root move checked against its published score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMove {
    /// The move's number (an Othello square, `A1` 0 to `H8` 63).
    pub number: usize,
    /// Its published score.
    pub published: Value,
    /// The value the search proved, `-F(child)`; `None` where the root has no such move.
    pub found: Option<Value>,
}

impl RootMove {
    /// Whether the search proved the published score.
    pub fn agrees(&self) -> bool {
        self.found == Some(self.published)
    }
}

/// Each move of `published` (move number, published score) searched by MTD(f) with the
/// table of `options`, below its own root ([`Subtree`]): the exact value of the move.
///
/// A move's search starts from its published score. That is a guess only: MTD(f)'s
/// null-window passes prove the value they return whatever they start from, so a wrong
/// score costs more passes and is still found wrong.
pub fn root_move_values(
    spec: &TreeSpec,
    published: &[(usize, Value)],
    options: &SerialOptions,
    memory_budget: u64,
) -> Result<Vec<RootMove>, MeasureError> {
    options.check_table_memory(memory_budget)?;
    spec.visit(memory_budget, RootMoves { published, options })?
}

/// The visit of [`root_move_values`].
struct RootMoves<'a> {
    published: &'a [(usize, Value)],
    options: &'a SerialOptions,
}

impl TreeVisitor for RootMoves<'_> {
    type Output = Result<Vec<RootMove>, MeasureError>;

    fn visit<T: GameTree>(self, tree: &T) -> Self::Output {
        let root = tree.root();
        let children = tree.children(root);
        self.published
            .iter()
            .map(|&(number, score)| {
                let found = (0..tree.degree(root))
                    .find(|&i| tree.move_number(root, &children, i) == number)
                    .map(|i| {
                        let below = Subtree::new(tree, tree.child(root, &children, i));
                        let options = self.options.exact_from(-score);
                        SerialSearch::new(SerialAlgorithm::Mtdf, options, &below)
                            .map(|mut search| -search.search::<Basic>(&below).value)
                    })
                    .transpose()?;
                Ok(RootMove {
                    number,
                    published: score,
                    found,
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abbench_tree::TreeSpec;

    /// FFO #1 (14 empty squares): every listed move's score, and one made wrong.
    #[test]
    fn each_root_move_of_an_ffo_position_has_its_published_score() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tree/data/othello/fforum-1-19.obf"
        );
        let positions =
            abbench_tree::models::othello::positions_file::read_positions(path.as_ref()).unwrap();
        let first = &positions[0];
        let specs = TreeSpec::othello_positions(path.as_ref()).unwrap();
        let published: Vec<(usize, Value)> =
            first.moves.iter().map(|&(s, v)| (s as usize, v)).collect();
        assert!(published.len() > 3);
        let options = SerialOptions::default();
        let checked = root_move_values(&specs[0], &published, &options, 1 << 30).unwrap();
        assert_eq!(checked.len(), published.len());
        assert!(checked.iter().all(RootMove::agrees), "{checked:?}");
        // A wrong score is found wrong, with the move's true value.
        let mut wrong = published.clone();
        wrong[1].1 += 2;
        let checked = root_move_values(&specs[0], &wrong, &options, 1 << 30).unwrap();
        assert!(!checked[1].agrees());
        assert_eq!(checked[1].found, Some(published[1].1));
        // A move the root does not have is found missing.
        let missing = [(abbench_tree::models::othello::PASS, 0)];
        let checked = root_move_values(&specs[0], &missing, &options, 1 << 30).unwrap();
        assert_eq!(checked[0].found, None);
    }
}
