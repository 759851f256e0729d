//! The specification's hash: SplitMix64's output function, child keys and `unit`.
//!
//! `mix64(z)` is the first output of SplitMix64 seeded with `z`; a node's children's keys
//! are the successive outputs of SplitMix64 seeded with the node's key. The functions are
//! `const` and branch-free so the implicit models can inline them into the kernels; a test
//! pins them to `rand_xoshiro::SplitMix64`.

/// SplitMix64's increment, the golden ratio in 64-bit fixed point.
pub const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// Salt for the `ordered` model's best-move choice.
pub const SALT_ORDER: u64 = 0x6A09_E667_F3BC_C909;
/// Salt for the `dependent` model's per-node permutation.
pub const SALT_PERM: u64 = 0xBB67_AE85_84CA_A73B;
/// Salt for the `ordered` model's variable branching.
pub const SALT_BRANCH: u64 = 0x3C6E_F372_FE94_F82B;

/// The first output of SplitMix64 seeded with `z`.
#[inline(always)]
pub const fn mix64(z: u64) -> u64 {
    let mut z = z.wrapping_add(GOLDEN);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The key of the root of the tree with this seed.
#[inline(always)]
pub const fn root_key(seed: u64) -> u64 {
    mix64(seed)
}

/// The key of child `i` (natural move number) of the node with key `parent`.
#[inline(always)]
pub const fn child_key(parent: u64, i: u64) -> u64 {
    mix64(parent.wrapping_add(i.wrapping_mul(GOLDEN)))
}

/// `(u >> 11) * 2^-53`: a number in `[0, 1)`.
#[inline(always)]
pub fn unit(u: u64) -> f64 {
    (u >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::{Rng, SeedableRng};
    use rand_xoshiro::SplitMix64;

    #[test]
    fn mix64_is_splitmix64_first_output() {
        for z in [0u64, 1, 2, 42, u64::MAX, GOLDEN, 0xDEAD_BEEF] {
            let mut rng = SplitMix64::seed_from_u64(z);
            assert_eq!(mix64(z), rng.next_u64(), "z = {z:#x}");
        }
    }

    #[test]
    fn child_keys_are_the_splitmix64_stream_of_the_parent() {
        let parent = root_key(1);
        let mut rng = SplitMix64::seed_from_u64(parent);
        for i in 0..8 {
            assert_eq!(child_key(parent, i), rng.next_u64(), "child {i}");
        }
    }

    #[test]
    fn unit_is_in_the_half_open_unit_interval() {
        assert_eq!(unit(0), 0.0);
        assert!(unit(u64::MAX) < 1.0);
        assert_eq!(unit(1 << 63), 0.5);
    }
}
