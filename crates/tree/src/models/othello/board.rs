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
//! The legal moves come from one flood fill per direction over the opponent's discs
//! (Kogge–Stone style: a run of up to six opponent discs between a disc of the mover and
//! an empty square), eight directions at once. A move's flips walk the eight rays from
//! its square, keeping a run of opponent discs closed by a disc of the mover. A shift
//! east or west masks off the file it wraps into, so that no line crosses an edge.

/// Squares.
pub const SQUARES: u32 = 64;

/// Every square but file A: what a shift east must land on.
const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
/// Every square but file H: what a shift west must land on.
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The four corners.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;

/// The eight directions: a shift of `amount` bits, left when `left`, and the squares a
/// disc may land on.
const DIRECTIONS: [(u32, bool, u64); 8] = [
    (1, true, NOT_A),  // east
    (1, false, NOT_H), // west
    (8, true, !0),     // north (towards row 8)
    (8, false, !0),    // south
    (9, true, NOT_A),  // north-east
    (7, true, NOT_H),  // north-west
    (7, false, NOT_A), // south-east
    (9, false, NOT_H), // south-west
];

#[inline(always)]
fn shift(bits: u64, amount: u32, left: bool, onto: u64) -> u64 {
    (if left { bits << amount } else { bits >> amount }) & onto
}

/// The squares where the side owning `player` may play: empty squares closing a line of
/// one or more `opponent` discs against a `player` disc.
#[inline(always)]
pub fn legal_moves(player: u64, opponent: u64) -> u64 {
    let empty = !(player | opponent);
    let mut moves = 0;
    for (amount, left, onto) in DIRECTIONS {
        let inner = opponent & onto;
        let mut run = shift(player, amount, left, inner);
        run |= shift(run, amount, left, inner);
        run |= shift(run, amount, left, inner);
        run |= shift(run, amount, left, inner);
        run |= shift(run, amount, left, inner);
        run |= shift(run, amount, left, inner);
        moves |= shift(run, amount, left, onto);
    }
    moves & empty
}

/// The `opponent` discs that a disc of `player` on the empty square `square` (one bit)
/// turns over.
#[inline(always)]
pub fn flips(player: u64, opponent: u64, square: u64) -> u64 {
    let mut flipped = 0;
    for (amount, left, onto) in DIRECTIONS {
        let mut line = 0;
        let mut at = shift(square, amount, left, onto);
        while at & opponent != 0 {
            line |= at;
            at = shift(at, amount, left, onto);
        }
        if at & player != 0 {
            flipped |= line;
        }
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
