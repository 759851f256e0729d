use super::board::{legal_moves, parse_square};
use super::position::{Position, parse_position};
use super::positions_file::read_positions;
use super::*;
use std::path::PathBuf;

fn data(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data/othello")
        .join(file)
}

/// The leaves `depth` plies below `node`, a pass being a ply and a game over before
/// `depth` one leaf: the convention of Aart Bik's published counts.
fn perft(tree: &OthelloTree, node: OthelloNode, depth: u32) -> u64 {
    let degree = tree.degree(node);
    if depth == 0 || degree == 0 {
        return 1;
    }
    let children = tree.children(node);
    (0..degree)
        .map(|i| perft(tree, tree.child(node, &children, i), depth - 1))
        .sum()
}

/// Positions from the start position, by depth, passes counted as plies (Aart Bik,
/// "Reversi perft", aartbik.com/MISC/reversi.html; Egaroucid's `-perft D 1` agrees).
const PERFT: [u64; 10] = [1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288];

#[test]
fn perft_from_the_start_position_equals_the_published_counts() {
    let tree = OthelloTree::new(Position::START);
    for (depth, &count) in PERFT.iter().enumerate() {
        assert_eq!(
            perft(&tree, tree.root(), depth as u32),
            count,
            "depth {depth}"
        );
    }
}

#[test]
fn every_ffo_line_lists_exactly_its_positions_legal_moves() {
    let mut lines = 0;
    for file in [
        "fforum-1-19.obf",
        "fforum-20-39.obf",
        "fforum-40-59.obf",
        "fforum-60-79.obf",
    ] {
        for p in read_positions(&data(file)).unwrap() {
            let listed: u64 = p.moves.iter().map(|&(s, _)| 1u64 << s).sum();
            let legal = legal_moves(p.position.player, p.position.opponent);
            assert_eq!(listed, legal, "{file}:{}", p.line);
            lines += 1;
        }
    }
    assert_eq!(lines, 79);
}

#[test]
fn a_child_in_search_order_is_the_position_after_its_move() {
    let (position, _) =
        parse_position("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
            .unwrap();
    let tree = OthelloTree::new(position);
    let root = tree.root();
    let children = tree.children(root);
    let mut seen = 0u64;
    for i in 0..tree.degree(root) {
        let square = tree.move_number(root, &children, i);
        seen |= 1 << square;
        let child = tree.child(root, &children, i);
        // The mover's disc is on the square, now the opponent's from the child's side.
        assert_ne!(child.opponent & 1 << square, 0);
        assert_eq!(child.ply, 1);
        assert_eq!(child.empties(), root.empties() - 1);
    }
    assert_eq!(seen, root.moves);
}

#[test]
fn the_search_order_puts_fewest_replies_first_and_parity_near_the_end() {
    let (position, _) =
        parse_position("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
            .unwrap();
    let tree = OthelloTree::new(position);
    let root = tree.root();
    assert!(root.empties() > PARITY_EMPTIES);
    let children = tree.children(root);
    // The opponent's replies after each child, a corner counting twice.
    let corners = 0x8100_0000_0000_0081u64;
    let replies: Vec<u32> = (0..tree.degree(root))
        .map(|i| {
            let c = tree.child(root, &children, i);
            let moves = legal_moves(c.player, c.opponent);
            moves.count_ones() + (moves & corners).count_ones()
        })
        .collect();
    assert!(replies.windows(2).all(|w| w[0] <= w[1]), "{replies:?}");
}

#[test]
fn a_side_without_a_move_passes_and_two_passes_end_the_game() {
    // Black on A1 and B1, white on C1: black (to move) has D1; white has no move.
    let a1 = 1u64 << parse_square("A1").unwrap();
    let b1 = 1u64 << parse_square("B1").unwrap();
    let c1 = 1u64 << parse_square("C1").unwrap();
    let white_to_move = Position {
        player: c1,
        opponent: a1 | b1,
        black_to_move: false,
    };
    let tree = OthelloTree::new(white_to_move);
    let root = tree.root();
    assert!(root.pass);
    assert_eq!(tree.degree(root), 1);
    let children = tree.children(root);
    assert_eq!(tree.move_number(root, &children, 0), PASS);
    let after = tree.child(root, &children, 0);
    assert_eq!((after.player, after.opponent, after.ply), (a1 | b1, c1, 1));
    // Black plays D1 and wins every disc: white has none left, so no one can move.
    let children = tree.children(after);
    let end = tree.child(after, &children, 0);
    assert_eq!(tree.degree(end), 0);
    assert_eq!(tree.value(end), -64);
    assert_eq!(tree.value_bounds(end), Some((-64, -64)));
    assert!(tree.height() >= end.ply);
}

#[test]
fn a_full_board_is_a_leaf_scored_by_its_discs() {
    let tree = OthelloTree::new(Position {
        player: !0 >> 24,
        opponent: !0 << 40,
        black_to_move: true,
    });
    assert_eq!(tree.degree(tree.root()), 0);
    assert_eq!(tree.value(tree.root()), 16);
    assert_eq!(tree.height(), 0);
}

#[test]
fn keys_tell_the_side_to_move_apart() {
    let tree = OthelloTree::new(Position::START);
    let root = tree.root();
    let turned = OthelloNode::new(root.opponent, root.player, 0);
    assert_ne!(tree.position_key(root), tree.position_key(turned));
}

/// Counts by depth, leaves and cutoffs, as the kernels count them.
#[derive(Debug, Default, PartialEq, Eq)]
struct Counts {
    positions: Vec<u64>,
    leaves: u64,
    cutoffs: u64,
}

impl Tally for Counts {
    fn position(&mut self, depth: u32) {
        let depth = depth as usize;
        if self.positions.len() <= depth {
            self.positions.resize(depth + 1, 0);
        }
        self.positions[depth] += 1;
    }
    fn leaf(&mut self) {
        self.leaves += 1;
    }
    fn cutoff(&mut self) {
        self.cutoffs += 1;
    }
}

/// Fail-soft alpha-beta over the tree's own calls, as the kernels search below their
/// table; `passes` counts the passes it meets.
fn generic(
    tree: &OthelloTree,
    node: OthelloNode,
    depth: u32,
    (alpha, beta): (Value, Value),
    counts: &mut Counts,
    passes: &mut u64,
) -> Value {
    counts.position(depth);
    let degree = tree.degree(node);
    if degree == 0 {
        counts.leaf();
        return tree.value(node);
    }
    *passes += u64::from(node.pass);
    let children = tree.children(node);
    let mut g = crate::NEG_INFINITY;
    let mut i = 0;
    while g < beta && i < degree {
        let child = tree.child(node, &children, i);
        let window = (-beta, -alpha.max(g));
        g = g.max(-generic(tree, child, depth + 1, window, counts, passes));
        i += 1;
    }
    if i < degree {
        counts.cutoff();
    }
    g
}

/// The positions a random game from each FFO position of #1-#39 reaches at each number
/// of empty squares up to `most`.
fn late_positions(most: u32) -> Vec<OthelloNode> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut out = Vec::new();
    for file in ["fforum-1-19.obf", "fforum-20-39.obf"] {
        for p in read_positions(&data(file)).unwrap() {
            for _game in 0..4 {
                let tree = OthelloTree::new(p.position);
                let mut node = tree.root();
                while tree.degree(node) > 0 {
                    if node.empties() <= most {
                        out.push(OthelloNode::new(node.player, node.opponent, 0));
                    }
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let i = (state % tree.degree(node) as u64) as usize;
                    node = tree.child(node, &tree.children(node), i);
                }
                out.push(node);
            }
        }
    }
    out
}

#[test]
fn the_search_of_the_last_empty_squares_is_the_generic_search() {
    let windows = [
        (crate::NEG_INFINITY, crate::INFINITY),
        (-1, 0),
        (0, 1),
        (-11, -10),
        (9, 10),
        (-7, 5),
        (31, 32),
    ];
    let (mut searched, mut passes, mut ends) = (0, 0, 0);
    for node in late_positions(end::SMALL_EMPTIES + 1) {
        let tree = OthelloTree::new(Position {
            player: node.player,
            opponent: node.opponent,
            black_to_move: true,
        });
        let root = tree.root();
        for window in windows {
            let mut expected = Counts::default();
            let value = generic(&tree, root, 3, window, &mut expected, &mut passes);
            let mut counts = Counts::default();
            let found = tree.search_small(root, 3, window, &mut counts);
            if root.empties() > end::SMALL_EMPTIES {
                assert_eq!(found, None);
                continue;
            }
            assert!(tree.untabled(root));
            let ctx = format!("{:#x} {:#x} {window:?}", root.player, root.opponent);
            assert_eq!(found, Some(value), "{ctx}");
            assert_eq!(counts, expected, "{ctx}");
            searched += 1;
            ends += u64::from(tree.degree(root) == 0 && root.empties() > 0);
        }
    }
    // Every number of empty squares, passes and games over before the board is full.
    assert!(searched > 5000, "{searched}");
    assert!(passes > 100, "{passes}");
    assert!(ends > 0, "{ends}");
}

/// Random games from the start and from each position of FFO #1-#39, each as the list of
/// its positions from black's side: `(black, white)`.
fn random_games(per_position: usize) -> Vec<Vec<(u64, u64)>> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut starts = vec![Position::START];
    for file in ["fforum-1-19.obf", "fforum-20-39.obf"] {
        starts.extend(
            read_positions(&data(file))
                .unwrap()
                .iter()
                .map(|p| p.position),
        );
    }
    let mut games = Vec::new();
    for start in starts {
        for _game in 0..per_position {
            let tree = OthelloTree::new(start);
            let (mut node, mut black) = (tree.root(), start.black_to_move);
            let mut game = Vec::new();
            loop {
                let (p, o) = (node.player, node.opponent);
                game.push(if black { (p, o) } else { (o, p) });
                if tree.degree(node) == 0 {
                    break;
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let i = (state % tree.degree(node) as u64) as usize;
                node = tree.child(node, &tree.children(node), i);
                black = !black;
            }
            games.push(game);
        }
    }
    games
}

#[test]
fn no_later_move_of_a_game_turns_a_stable_disc_over() {
    let mut checked = 0u64;
    for game in random_games(6) {
        for (i, &(black, white)) in game.iter().enumerate() {
            let stable_black = stable::stable_discs(black, black | white);
            let stable_white = stable::stable_discs(white, black | white);
            assert_eq!(stable_black & !black, 0);
            assert_eq!(stable_white & !white, 0);
            for (j, &(later_black, later_white)) in game.iter().enumerate().skip(i + 1) {
                let ctx = format!("{black:#x} {white:#x}, {} plies on", j - i);
                assert_eq!(stable_black & !later_black, 0, "black {ctx}");
                assert_eq!(stable_white & !later_white, 0, "white {ctx}");
            }
            checked += u64::from((stable_black | stable_white).count_ones());
        }
    }
    // Stable discs on every kind of line: corners, edges, full lines inside the board.
    assert!(checked > 50_000, "{checked}");
    let full = u64::MAX;
    assert_eq!(
        stable::stable_discs(0x00ff_00ff_00ff_00ff, full),
        0x00ff_00ff_00ff_00ff
    );
    let start = Position::START;
    let filled = start.player | start.opponent;
    assert_eq!(stable::stable_discs(start.player, filled), 0);
}

#[test]
fn a_bound_from_stable_discs_holds_and_lies_outside_its_window() {
    let (mut settled, mut positions) = (0, 0);
    for node in late_positions(9) {
        let tree = OthelloTree::new(Position {
            player: node.player,
            opponent: node.opponent,
            black_to_move: true,
        });
        let root = tree.root();
        let window = (crate::NEG_INFINITY, crate::INFINITY);
        let value = generic(&tree, root, 0, window, &mut Counts::default(), &mut 0);
        positions += 1;
        for alpha in -MAX_SCORE - 1..MAX_SCORE + 1 {
            for beta in [alpha + 1, alpha + 9] {
                let Some(bound) = tree.settle(root, (alpha, beta)) else {
                    continue;
                };
                let ctx = format!("{:#x} {:#x} ({alpha}, {beta})", root.player, root.opponent);
                assert!(bound <= alpha || bound >= beta, "{ctx}: {bound} inside");
                if bound <= alpha {
                    assert!(value <= bound, "{ctx}: {value} over {bound}");
                } else {
                    assert!(value >= bound, "{ctx}: {value} under {bound}");
                }
                settled += 1;
            }
        }
    }
    assert!(positions > 1000, "{positions}");
    assert!(settled > 10_000, "{settled}");
}
