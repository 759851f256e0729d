//! Exact non-negative rationals, for answers the paper prints as fractions (§7's `6 89/105`,
//! the probabilities `p_ij` of eq. (27)).

use std::fmt;

/// A non-negative rational number in lowest terms, with a positive denominator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fraction {
    numerator: u128,
    denominator: u128,
}

impl Fraction {
    /// Zero.
    pub const ZERO: Fraction = Fraction {
        numerator: 0,
        denominator: 1,
    };

    /// One.
    pub const ONE: Fraction = Fraction {
        numerator: 1,
        denominator: 1,
    };

    /// `numerator / denominator` in lowest terms; `None` when the denominator is zero.
    pub fn new(numerator: u128, denominator: u128) -> Option<Fraction> {
        if denominator == 0 {
            return None;
        }
        let g = gcd(numerator, denominator);
        Some(Fraction {
            numerator: numerator / g,
            denominator: denominator / g,
        })
    }

    /// The whole number `n`.
    pub fn from_integer(n: u128) -> Fraction {
        Fraction {
            numerator: n,
            denominator: 1,
        }
    }

    /// The numerator, in lowest terms.
    pub fn numerator(self) -> u128 {
        self.numerator
    }

    /// The denominator, in lowest terms (at least 1).
    pub fn denominator(self) -> u128 {
        self.denominator
    }

    /// The nearest `f64` (to within a rounding or two for huge terms).
    pub fn to_f64(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }

    /// The sum, or `None` if an intermediate term does not fit in 128 bits.
    pub fn checked_add(self, other: Fraction) -> Option<Fraction> {
        let g = gcd(self.denominator, other.denominator);
        let left = self.numerator.checked_mul(other.denominator / g)?;
        let right = other.numerator.checked_mul(self.denominator / g)?;
        let denominator = (self.denominator / g).checked_mul(other.denominator)?;
        Fraction::new(left.checked_add(right)?, denominator)
    }

    /// The product, or `None` if an intermediate term does not fit in 128 bits.
    pub fn checked_mul(self, other: Fraction) -> Option<Fraction> {
        // Cross-cancel first so that the products stay as small as they can.
        let g1 = gcd(self.numerator, other.denominator).max(1);
        let g2 = gcd(other.numerator, self.denominator).max(1);
        let numerator = (self.numerator / g1).checked_mul(other.numerator / g2)?;
        let denominator = (self.denominator / g2).checked_mul(other.denominator / g1)?;
        Fraction::new(numerator, denominator)
    }

    /// The reciprocal; `None` for zero.
    pub fn recip(self) -> Option<Fraction> {
        Fraction::new(self.denominator, self.numerator)
    }

    /// The mixed-number form the paper prints, e.g. `6 89/105`, `2/3` or `7`.
    pub fn mixed(self) -> String {
        let whole = self.numerator / self.denominator;
        let rest = self.numerator % self.denominator;
        match (whole, rest) {
            (_, 0) => whole.to_string(),
            (0, _) => format!("{rest}/{}", self.denominator),
            _ => format!("{whole} {rest}/{}", self.denominator),
        }
    }
}

/// Prints `numerator/denominator`, or just the numerator for a whole number.
impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.denominator == 1 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, self.denominator)
        }
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::Fraction;

    fn frac(n: u128, d: u128) -> Fraction {
        Fraction::new(n, d).unwrap()
    }

    #[test]
    fn reduces_and_prints_like_the_paper() {
        assert_eq!(frac(1438, 210), frac(719, 105));
        assert_eq!(frac(719, 105).to_string(), "719/105");
        assert_eq!(frac(719, 105).mixed(), "6 89/105");
        assert_eq!(frac(2, 3).mixed(), "2/3");
        assert_eq!(frac(14, 2).mixed(), "7");
        assert_eq!(Fraction::new(1, 0), None);
    }

    #[test]
    fn adds_and_multiplies_exactly() {
        // 1 + 1 + 1 + 2/3 + 1 + 1 + 2/3 + 18/35, the leaf probabilities of §7's Fig. 7.
        let terms = [
            (1, 1),
            (1, 1),
            (1, 1),
            (2, 3),
            (1, 1),
            (1, 1),
            (2, 3),
            (18, 35),
        ];
        let sum = terms.iter().fold(Fraction::ZERO, |s, &(n, d)| {
            s.checked_add(frac(n, d)).unwrap()
        });
        assert_eq!(sum, frac(719, 105));
        assert_eq!(frac(6, 7).checked_mul(frac(3, 4)), Some(frac(9, 14)));
        assert_eq!(frac(9, 14).recip(), Some(frac(14, 9)));
        assert_eq!(Fraction::ZERO.recip(), None);
        assert_eq!(
            Fraction::from_integer(u128::MAX).checked_add(Fraction::ONE),
            None
        );
    }
}
