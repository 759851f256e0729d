//! The `connect4` tree against the game itself: leaf rules, search order, keys, and
//! values equal to a plain negamax of the whole game on the test data's late positions.

use super::board::{Board, CELLS, has_four};
use super::position::parse_moves;
use super::positions_file::{ScoredPosition, parse_positions, read_positions};
use super::{CENTRE_FIRST, Connect4Node, Connect4Tree};
use crate::{GameTree, TreeError, Value};
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data/connect4")
        .join(name)
}

fn tree(moves: &str) -> Connect4Tree {
    Connect4Tree::new(parse_moves(moves).unwrap())
}

/// Negamax of the game as played: every legal move, a game over only at four in a line
/// or a full board, scored in the module's convention.
fn game_value(board: Board) -> Value {
    if board.moves == CELLS {
        return 0;
    }
    let mut best = -Value::from(CELLS);
    for column in 0..7 {
        if !board.can_play(column) {
            continue;
        }
        let cell = board.cell_of(column);
        let value = if has_four(board.current | cell) {
            (Value::from(CELLS) + 1 - Value::from(board.moves)) / 2
        } else {
            -game_value(board.play(cell))
        };
        best = best.max(value);
    }
    best
}

/// Negamax of the tree as its `GameTree` gives it.
fn tree_value<T: GameTree>(tree: &T, node: T::Node) -> Value {
    if tree.degree(node) == 0 {
        return tree.value(node);
    }
    let children = tree.children(node);
    (0..tree.degree(node))
        .map(|i| -tree_value(tree, tree.child(node, &children, i)))
        .max()
        .unwrap()
}

fn late_positions() -> Vec<ScoredPosition> {
    read_positions(&data("scored-late.txt")).unwrap()
}

#[test]
fn the_tree_has_the_values_of_the_whole_game_and_of_the_published_scores() {
    // Positions with at least 33 stones: the whole game below them is small.
    let mut checked = 0;
    for position in late_positions() {
        let board = parse_moves(&position.moves).unwrap();
        let tree = Connect4Tree::new(board);
        let value = tree_value(&tree, tree.root());
        assert_eq!(Some(value), position.score, "line {}", position.line);
        if board.moves >= 33 {
            assert_eq!(value, game_value(board), "line {}", position.line);
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} positions deep enough");
}

#[test]
fn a_win_next_move_is_a_leaf_worth_sooner_more() {
    // The first player has three in column 1 and moves: wins with its 4th stone.
    let tree = tree("121212");
    assert_eq!(tree.degree(tree.root()), 0);
    assert_eq!(tree.value(tree.root()), 18);
    // The second player cannot stop two winning cells (columns 1 and 5 of the bottom
    // row): lost, by the first player's 4th stone.
    let tree = tree_of_two_threats();
    assert_eq!(tree.degree(tree.root()), 0);
    assert_eq!(tree.value(tree.root()), -18);
}

fn tree_of_two_threats() -> Connect4Tree {
    // First player 2, 3, 4 on the bottom row; second player on top of 2 and 3.
    tree("22334")
}

#[test]
fn a_single_threat_forces_the_block() {
    // The second player must block the first player's column 1.
    let tree = tree("12121");
    let root = tree.root();
    assert_eq!(tree.degree(root), 1);
    assert_eq!(tree.move_number(root, &tree.children(root), 0), 0);
}

#[test]
fn children_go_centre_first_when_no_move_makes_threats() {
    let tree = tree("");
    let root = tree.root();
    let children = tree.children(root);
    let order: Vec<usize> = (0..tree.degree(root))
        .map(|i| tree.move_number(root, &children, i))
        .collect();
    assert_eq!(order, [3, 4, 2, 5, 1, 6, 0]);
    assert_eq!(order, CENTRE_FIRST.map(|c| c as usize));
    assert_eq!(tree.height(), CELLS);
}

#[test]
fn every_move_order_reaching_a_position_gives_its_key() {
    let key = |moves: &str| {
        let tree = tree(moves);
        tree.position_key(tree.root()).unwrap()
    };
    assert_eq!(key("4455"), key("5544"));
    assert_ne!(key("4455"), key("4545"));
    // The same stones with the other side to move are another position.
    assert_ne!(key("44"), key("4"));
    let node = Connect4Node::new(parse_moves("4455").unwrap());
    assert_eq!(node.board.moves, 4);
}

#[test]
fn a_positions_file_names_the_line_of_each_problem() {
    let problems = [
        ("4453 2\n4458 1\n", 2, "move 4 is '8', not a column 1 to 7"),
        ("1111111 0\n", 1, "move 7 plays column 1, which is full"),
        (
            "\n12121213 5\n",
            2,
            "move 8 comes after the game is over (move 7 won it)",
        ),
        ("4453 two\n", 1, "score 'two' is not a number"),
        (
            "4453 99\n",
            1,
            "score 99 is impossible after 4 moves, where a score is in -18 ..= 18",
        ),
        // A score is bounded by the moves already played: a win with the next stone.
        (
            "4453 2\n65174343377472347766564614 9\n",
            2,
            "score 9 is impossible after 26 moves, where a score is in -8 ..= 8",
        ),
        ("4453 2 3\n", 1, "unexpected '3' after the score"),
    ];
    for (text, line, message) in problems {
        match parse_positions(text, "set.txt") {
            Err(TreeError::Parse {
                line: found,
                message: said,
                ..
            }) => {
                assert_eq!(found, line, "{text:?}");
                assert!(said.contains(message), "{text:?}: {said}");
            }
            other => panic!("{text:?}: {other:?}"),
        }
    }
    let read = parse_positions("# comment\n\n4453 2\n44\n", "set.txt").unwrap();
    assert_eq!(read[0].line, 3);
    assert_eq!(read[0].score, Some(2));
    assert_eq!(read[1].score, None);
}

#[test]
fn an_indented_score_alone_is_the_empty_board() {
    let read = parse_positions(" 1\n4453 2\n\t-3\n", "set.txt").unwrap();
    assert_eq!((read[0].moves.as_str(), read[0].score), ("", Some(1)));
    assert_eq!((read[1].moves.as_str(), read[1].score), ("4453", Some(2)));
    // Checked as any score: the empty board's lie in -18 ..= 18.
    assert_eq!((read[2].moves.as_str(), read[2].score), ("", Some(-3)));
    assert!(parse_positions(" 19\n", "set.txt").is_err());
    // A line that starts with its moves is read as before.
    let moves_only = parse_positions("1\n", "set.txt").unwrap();
    assert_eq!(
        (moves_only[0].moves.as_str(), moves_only[0].score),
        ("1", None)
    );
}

#[test]
fn the_weak_tree_gives_the_sign_of_every_value_on_the_same_positions() {
    for position in late_positions().iter().take(60) {
        let strong = tree(&position.moves);
        let weak = tree(&position.moves).weak();
        let value = tree_value(&strong, strong.root());
        assert_eq!(
            tree_value(&weak, weak.root()),
            value.signum(),
            "{}",
            position.moves
        );
        assert_eq!(Some(value), position.score, "{}", position.moves);
        let (lo, hi) = weak.value_bounds(weak.root()).unwrap();
        assert!(
            (-1..=1).contains(&lo) && lo <= hi && hi <= 1,
            "{}",
            position.moves
        );
        // The same positions in the same order: only the values change.
        assert_eq!(weak.degree(weak.root()), strong.degree(strong.root()));
    }
}
