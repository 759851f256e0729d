//! The models' parameters, one line each ([`Parameter`]): the name the command line and
//! the suite files give it, what it means, and which models read it. The one rule of
//! which parameters each model reads ([`Model::reads`]); the command line's notes, its
//! help and the suite files' checks are made from it.

use crate::Model;

/// Makes [`Parameter`] of its list.
macro_rules! parameters {
    ($($(#[doc = $doc:literal])* $variant:ident = $flag:literal, read by [$($model:ident),*];)*) => {
        /// A parameter of the models (or of a game's position).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Parameter {
            $($(#[doc = $doc])* $variant,)*
        }

        impl Parameter {
            /// Every parameter, in the list's order.
            pub const ALL: [Parameter; [$($flag),*].len()] = [$(Parameter::$variant),*];

            /// Its name on the command line (without the dashes) and in a suite file.
            pub fn flag(self) -> &'static str {
                match self {
                    $(Parameter::$variant => $flag,)*
                }
            }

            /// What it means, as its doc comment in the list says it (lines joined).
            fn doc_lines(self) -> &'static str {
                match self {
                    $(Parameter::$variant => concat!($($doc),*),)*
                }
            }

            /// The models that read it.
            pub fn models(self) -> &'static [Model] {
                match self {
                    $(Parameter::$variant => &[$(Model::$model),*],)*
                }
            }
        }
    };
}

parameters! {
    /// Children per internal node.
    Degree = "degree", read by [Random, Ordered, Dependent, BranchSum, Worst];
    /// Depth of the leaves.
    Height = "height", read by [Random, Ordered, Dependent, BranchSum, Worst];
    /// Seed of the (first) tree; the root key is mix64(seed).
    Seed = "seed", read by [Random, Ordered, Dependent, BranchSum, Worst];
    /// Leaf values are uniform on 0..R.
    Values = "values", read by [Random];
    /// Probability that the first move is best.
    Ordering = "ordering", read by [Ordered];
    /// A worse move is worse by 1 ..= W.
    Spread = "spread", read by [Ordered];
    /// Least number of children (variable branching) [default: degree].
    DegreeMin = "degree-min", read by [Ordered];
    /// Largest number of children (variable branching) [default: degree].
    DegreeMax = "degree-max", read by [Ordered];
    /// Probability that a node above the leaves is terminal.
    TerminalProb = "terminal-prob", read by [Ordered];
    /// Edge values are uniform on -E ..= E.
    EdgeRange = "edge-range", read by [BranchSum];
    /// The search order of children.
    Order = "order", read by [BranchSum];
    /// connect4: the moves played from the empty board, columns 1-7 (e.g. 4453) [default:
    /// the empty board, estimated at hours a search]; a game already won or drawn (a full
    /// board) is refused. othello: the 64 squares A1..H8 (X, O or -) and the side to move,
    /// as the FFO files write them.
    Position = "position", read by [Connect4, Othello];
    /// A file of positions, one tree per line; searches are checked against its scores.
    /// connect4: one "moves score" line each (Pons's test sets' format). othello: the FFO
    /// files' lines, a board, its side to move and each move's score (fforum-1-19.obf).
    Positions = "positions", read by [Connect4, Othello];
    /// The position's known score, which run, verify and sweep hold every search to. A
    /// score the position cannot have is refused.
    Score = "score", read by [Connect4, Othello];
    /// Name positions by their path from the root in the table-driven searches, as if the
    /// game had no transpositions (to measure what they save).
    PathKeys = "path-keys", read by [Connect4, Othello];
    /// Solve weakly: each value is its sign, a win (1), a draw (0) or a loss (-1) for
    /// the side to move, as Fhourstones does; a published score is held by its sign.
    Weak = "weak", read by [Connect4];
}

impl Parameter {
    /// What it means, in a few sentences.
    pub fn doc(self) -> String {
        self.doc_lines()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The parameter named `flag`.
    pub fn from_flag(flag: &str) -> Option<Parameter> {
        Parameter::ALL.into_iter().find(|p| p.flag() == flag)
    }

    /// The models that read it, as prose: "the ordered model", "the random, …, and worst
    /// models".
    pub fn readers(self) -> String {
        let names: Vec<&str> = self.models().iter().map(|m| m.name()).collect();
        match names.as_slice() {
            [one] => format!("the {one} model"),
            [rest @ .., last] => format!("the {} and {last} models", rest.join(", ")),
            [] => "no model".to_string(),
        }
    }

    /// Its help on the command line: the models that read it, and what it means.
    pub fn help(self) -> String {
        let names: Vec<&str> = self.models().iter().map(|m| m.name()).collect();
        let doc = self.doc();
        let doc = doc.trim_end_matches('.');
        // Read by every synthetic model: a parameter of the tree's shape, said plainly.
        if self.models() == Model::ALL.as_slice() {
            return doc.to_string();
        }
        let mut chars = doc.chars();
        let first = chars
            .next()
            .map_or(String::new(), |c| c.to_lowercase().to_string());
        format!("{}: {first}{}", names.join(", "), chars.as_str())
    }
}

impl Model {
    /// Whether the model reads `parameter` ([`Parameter::models`], the one rule of which
    /// parameters each model reads). A game reads its position, not a shape or a seed.
    pub fn reads(self, parameter: Parameter) -> bool {
        parameter.models().contains(&self)
    }
}

impl std::fmt::Display for Parameter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.flag())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_parameter_is_read_by_a_model_and_named_once() {
        for p in Parameter::ALL {
            assert!(!p.models().is_empty(), "{p}");
            assert_eq!(Parameter::from_flag(p.flag()), Some(p));
        }
        assert_eq!(Parameter::Values.readers(), "the random model");
        assert_eq!(
            Parameter::Degree.readers(),
            "the random, ordered, dependent, branch-sum and worst models"
        );
        assert_eq!(
            Parameter::Values.help(),
            "random: leaf values are uniform on 0..R"
        );
        assert_eq!(Parameter::Degree.help(), "Children per internal node");
    }

    #[test]
    fn a_game_reads_its_position_and_no_shape() {
        assert!(Model::Connect4.reads(Parameter::Position));
        assert!(!Model::Connect4.reads(Parameter::Degree));
        assert!(Model::Random.reads(Parameter::Seed));
        assert!(!Model::Random.reads(Parameter::Ordering));
    }
}
