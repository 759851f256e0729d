//! The 8×8 board as two 64-bit words: legal moves, flips and the final score.
//!
//! # Bit layout
//!
//! Square `A1` is bit 0, `B1` bit 1, …, `H1` bit 7, `A2` bit 8, …, `H8` bit 63: a row of
//! the board is a byte, in the order the FFO files write the 64 squares. A position is
//!
//! * `player`: the discs of the side to move;
//! * `opponent`: the discs of the other side.
//!
//! # Moves and flips
//!
//! The legal moves come from one flood fill per direction over the opponent's discs: a
//! run of up to six opponent discs between a disc of the mover and an empty square,
//! grown one disc then two at a time (Kogge–Stone style). A move's flips look along the
//! eight rays from its square, from a table of rays per square, for the nearest square
//! that is not the opponent's. The tests hold both to a plain version that walks the
//! board a square at a time.

/// Squares.
pub const SQUARES: u32 = 64;

/// Every square but files A and H: where an opponent disc may lie inside a line that runs
/// east, west or diagonally (such a line cannot pass through an edge file).
const INNER_FILES: u64 = 0x7e7e_7e7e_7e7e_7e7e;

/// The four corners.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;

/// The squares where the side owning `player` may play: empty squares closing a line of
/// one or more `opponent` discs against a `player` disc.
///
/// Four shift amounts (1: east-west, 8: north-south, 7 and 9: the diagonals), each both
/// ways. A flood from the mover's discs over the opponent's grows a run one disc a step,
/// then two at a time over pairs of opponent discs, so that four steps reach the six
/// discs a line can hold.
#[inline(always)]
pub fn legal_moves(player: u64, opponent: u64) -> u64 {
    let empty = !(player | opponent);
    let inner = opponent & INNER_FILES;
    let moves = moves_along(player, inner, 1)
        | moves_along(player, opponent, 8)
        | moves_along(player, inner, 7)
        | moves_along(player, inner, 9);
    moves & empty
}

/// The squares one step past a run of `over` discs that starts next to a `player` disc,
/// along `shift` bits both ways.
#[inline(always)]
fn moves_along(player: u64, over: u64, shift: u32) -> u64 {
    let pairs_up = over & (over << shift);
    let pairs_down = over & (over >> shift);
    let mut up = over & (player << shift);
    let mut down = over & (player >> shift);
    up |= over & (up << shift);
    down |= over & (down >> shift);
    up |= pairs_up & (up << (2 * shift));
    down |= pairs_down & (down >> (2 * shift));
    up |= pairs_up & (up << (2 * shift));
    down |= pairs_down & (down >> (2 * shift));
    (up << shift) | (down >> shift)
}

/// The eight directions as a step on the board: (file, rank).
const STEPS: [(i32, i32); 8] = [
    (1, 0),
    (0, 1),
    (1, 1),
    (-1, 1),
    (-1, 0),
    (0, -1),
    (-1, -1),
    (1, -1),
];

/// For each square, the squares beyond it in each direction of [`STEPS`], nearest first
/// along the board (the first four directions run to higher bits, the last four to
/// lower).
static RAYS: [[u64; 8]; 64] = rays();

const fn rays() -> [[u64; 8]; 64] {
    let mut rays = [[0u64; 8]; 64];
    let mut square = 0;
    while square < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = STEPS[d];
            let (mut file, mut rank) = (square as i32 % 8 + df, square as i32 / 8 + dr);
            while file >= 0 && file < 8 && rank >= 0 && rank < 8 {
                rays[square][d] |= 1 << (rank * 8 + file);
                file += df;
                rank += dr;
            }
            d += 1;
        }
        square += 1;
    }
    rays
}

/// The `opponent` discs that a disc of `player` on the empty square `square` (one bit)
/// turns over.
///
/// Along each ray from the square, the nearest square that is not the opponent's closes
/// the line if it is the mover's; every square before it then turns. Rays to higher bits
/// find it as the lowest set bit, rays to lower bits as the highest.
#[inline(always)]
pub fn flips(player: u64, opponent: u64, square: u64) -> u64 {
    let rays = &RAYS[square.trailing_zeros() as usize];
    let mut flipped = 0;
    for &ray in &rays[..4] {
        let stop = ray & !opponent;
        let first = stop & stop.wrapping_neg();
        let line = ray & first.wrapping_sub(1);
        flipped |= line & 0u64.wrapping_sub(u64::from(first & player != 0));
    }
    for &ray in &rays[4..] {
        let stop = ray & !opponent;
        // The highest bit of `stop`; where `stop` is 0 the ray has no closing square
        // and the mask below is 0.
        let first = (1u64 << 63) >> stop.leading_zeros().min(63);
        let line = ray & !(first | first.wrapping_sub(1));
        flipped |= line & 0u64.wrapping_sub(u64::from(stop != 0 && first & player != 0));
    }
    flipped
}

/// The final score of a finished game, from the side owning `player`: the difference of
/// the discs, the empty squares going to the winner (the FFO files' convention).
#[inline(always)]
pub fn final_score(player: u64, opponent: u64) -> i8 {
    let mine = player.count_ones() as i8;
    let theirs = opponent.count_ones() as i8;
    let empty = SQUARES as i8 - mine - theirs;
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => mine - theirs + empty,
        std::cmp::Ordering::Less => mine - theirs - empty,
        std::cmp::Ordering::Equal => 0,
    }
}

/// A square's name, `A1` to `H8`.
pub fn square_name(square: u32) -> String {
    let file = char::from(b'A' + (square % 8) as u8);
    format!("{file}{}", square / 8 + 1)
}

/// The square a name `A1`–`H8` (either case) names.
pub fn parse_square(name: &str) -> Option<u32> {
    let mut chars = name.chars();
    let file = chars.next()?.to_ascii_uppercase();
    let rank = chars.next()?;
    if chars.next().is_some() || !('A'..='H').contains(&file) || !('1'..='8').contains(&rank) {
        return None;
    }
    Some((rank as u32 - '1' as u32) * 8 + (file as u32 - 'A' as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The eight symmetries of the square: the board turned and mirrored.
    fn symmetries(bits: u64) -> [u64; 8] {
        let flip_vertical = |b: u64| b.swap_bytes();
        let mirror = |b: u64| {
            let mut out = 0;
            for row in 0..8 {
                let byte = ((b >> (8 * row)) & 0xff) as u8;
                out |= u64::from(byte.reverse_bits()) << (8 * row);
            }
            out
        };
        let transpose = |b: u64| {
            let mut out = 0;
            for square in 0..64 {
                if b >> square & 1 == 1 {
                    out |= 1 << ((square % 8) * 8 + square / 8);
                }
            }
            out
        };
        let t = transpose(bits);
        [
            bits,
            flip_vertical(bits),
            mirror(bits),
            mirror(flip_vertical(bits)),
            t,
            flip_vertical(t),
            mirror(t),
            mirror(flip_vertical(t)),
        ]
    }

    /// The legal moves square by square: an empty square with a flip.
    fn plain_legal_moves(player: u64, opponent: u64) -> u64 {
        let empty = !(player | opponent);
        (0..64)
            .map(|s| 1u64 << s)
            .filter(|&bit| bit & empty != 0 && plain_flips(player, opponent, bit) != 0)
            .sum()
    }

    /// The flips of a move by walking each direction a square at a time.
    fn plain_flips(player: u64, opponent: u64, square: u64) -> u64 {
        let at = square.trailing_zeros() as i32;
        let mut flipped = 0;
        for (df, dr) in STEPS {
            let (mut file, mut rank) = (at % 8 + df, at / 8 + dr);
            let mut line = 0;
            while (0..8).contains(&file) && (0..8).contains(&rank) {
                let bit = 1u64 << (rank * 8 + file);
                if bit & opponent != 0 {
                    line |= bit;
                } else {
                    if bit & player != 0 {
                        flipped |= line;
                    }
                    break;
                }
                file += df;
                rank += dr;
            }
        }
        flipped
    }

    proptest::proptest! {
        /// Random boards, dense and sparse: the fast moves and flips are the plain ones.
        #[test]
        fn moves_and_flips_are_the_square_by_square_ones(
            a in proptest::prelude::any::<u64>(),
            b in proptest::prelude::any::<u64>(),
            sparse in proptest::prelude::any::<u64>(),
        ) {
            // Disjoint discs; `sparse` empties part of the board.
            let player = a & sparse;
            let opponent = !a & b & (sparse | b);
            let moves = legal_moves(player, opponent);
            proptest::prop_assert_eq!(moves, plain_legal_moves(player, opponent));
            let empty = !(player | opponent);
            for s in 0..64 {
                let bit = 1u64 << s;
                if bit & empty != 0 {
                    proptest::prop_assert_eq!(
                        flips(player, opponent, bit),
                        plain_flips(player, opponent, bit)
                    );
                }
            }
        }
    }

    #[test]
    fn every_full_line_of_opponent_discs_turns_from_every_edge() {
        // A line of six opponent discs between an empty square and a mover's disc, along
        // every row, file and long diagonal, both ways.
        for square in 0..64u32 {
            let bit = 1u64 << square;
            for (d, ray) in RAYS[square as usize].iter().enumerate() {
                if ray.count_ones() != 7 {
                    continue;
                }
                let end = if d < 4 {
                    1u64 << (63 - ray.leading_zeros())
                } else {
                    ray & ray.wrapping_neg()
                };
                let line = ray & !end;
                assert_eq!(flips(end, line, bit), line, "{square} {d}");
                assert_eq!(legal_moves(end, line), bit, "{square} {d}");
            }
        }
    }

    fn square(name: &str) -> u64 {
        1 << parse_square(name).unwrap()
    }

    fn discs(names: &[&str]) -> u64 {
        names.iter().map(|n| square(n)).sum()
    }

    /// The start position, black to move: white on D4 and E5, black on E4 and D5.
    fn start() -> (u64, u64) {
        (discs(&["E4", "D5"]), discs(&["D4", "E5"]))
    }

    #[test]
    fn the_start_position_has_the_four_textbook_moves() {
        let (black, white) = start();
        assert_eq!(legal_moves(black, white), discs(&["D3", "C4", "F5", "E6"]));
        assert_eq!(flips(black, white, square("D3")), square("D4"));
        assert_eq!(flips(black, white, square("F5")), square("E5"));
    }

    #[test]
    fn no_line_wraps_from_one_row_into_the_next() {
        // H1 (player) then A2 (opponent): next to each other in bits, not on the board.
        let player = square("H1");
        let opponent = square("A2");
        assert_eq!(legal_moves(player, opponent) & square("B2"), 0);
        assert_eq!(flips(player, opponent, square("B2")), 0);
        // A line along row 1 from A1 flips B1..G1 when H1 closes it.
        let row = discs(&["B1", "C1", "D1", "E1", "F1", "G1"]);
        assert_eq!(flips(square("A1"), row, square("H1")), row);
        assert_eq!(legal_moves(square("A1"), row), square("H1"));
    }

    #[test]
    fn a_flip_needs_a_closing_disc_and_turns_every_line_it_closes() {
        let player = discs(&["A1", "A8", "H8"]);
        let opponent = discs(&["B2", "C3", "A4", "A5", "A6", "A7", "G8"]);
        // From A3? no. From D4: B2, C3 closed by A1 (diagonal).
        assert_eq!(flips(player, opponent, square("D4")), discs(&["B2", "C3"]));
        // A3 closes A4..A7 against A8.
        assert_eq!(
            flips(player, opponent, square("A3")),
            discs(&["A4", "A5", "A6", "A7"])
        );
        // F8 flips G8 against H8.
        assert_eq!(flips(player, opponent, square("F8")), square("G8"));
        // An open line flips nothing.
        assert_eq!(flips(square("A1"), square("B1"), square("D1")), 0);
    }

    #[test]
    fn the_empty_squares_go_to_the_winner() {
        assert_eq!(final_score(discs(&["A1", "A2", "A3"]), square("H8")), 62);
        assert_eq!(final_score(square("H8"), discs(&["A1", "A2", "A3"])), -62);
        assert_eq!(final_score(square("A1"), square("H8")), 0);
        assert_eq!(final_score(!0 >> 32, !0 << 32), 0);
    }

    #[test]
    fn squares_are_named_as_the_ffo_files_name_them() {
        assert_eq!(parse_square("A1"), Some(0));
        assert_eq!(parse_square("h8"), Some(63));
        assert_eq!(parse_square("G2"), Some(14));
        assert_eq!(square_name(14), "G2");
        assert_eq!(parse_square("I1"), None);
        assert_eq!(parse_square("A9"), None);
        assert_eq!(parse_square("A10"), None);
        assert!((0..64).all(|s| parse_square(&square_name(s)) == Some(s)));
    }

    #[test]
    fn the_symmetries_keep_the_moves_of_the_start_position() {
        let (black, white) = start();
        let moves = legal_moves(black, white);
        for ((b, w), m) in symmetries(black)
            .into_iter()
            .zip(symmetries(white))
            .zip(symmetries(moves))
        {
            assert_eq!(legal_moves(b, w), m);
        }
    }
}
