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
