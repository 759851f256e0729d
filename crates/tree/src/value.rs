//! Position values and the two infinities (Knuth & Moore §1, eq. (1)).
//!
//! A value is an `i64` seen from the player to move at the position (negamax). The
//! infinities are `±i64::MAX`, so `-INFINITY == NEG_INFINITY` and negation never
//! overflows; `i64::MIN` is never produced. Every value a tree can hold is strictly
//! inside `(NEG_INFINITY, INFINITY)`: leaves are bounded by [`MAX_LEAF_MAGNITUDE`].

/// A position's value from the viewpoint of the player to move there.
pub type Value = i64;

/// `+infinity`: larger than every value a tree can produce.
pub const INFINITY: Value = i64::MAX;

/// `-infinity`: smaller than every value a tree can produce; equal to `-INFINITY`.
pub const NEG_INFINITY: Value = -INFINITY;

/// Leaf values satisfy `|v| < MAX_LEAF_MAGNITUDE` (the specification's `2^62`).
pub const MAX_LEAF_MAGNITUDE: i64 = 1 << 62;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn infinities_negate_to_each_other() {
        assert_eq!(-INFINITY, NEG_INFINITY);
        assert_eq!(-NEG_INFINITY, INFINITY);
        const { assert!(NEG_INFINITY > i64::MIN) };
        const { assert!(NEG_INFINITY < -MAX_LEAF_MAGNITUDE && MAX_LEAF_MAGNITUDE < INFINITY) };
    }
}
