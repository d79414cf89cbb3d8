//! [`DigitSet`]: a set of digits as a 9-bit mask (bit `d` for the digit with index `d`).

use crate::index::Digit;
use std::fmt;
use std::ops::{BitAnd, BitOr, BitXor, Not, Sub};

/// A set of digits: bit `i` stands for digit `i + 1`. Bits 9..15 are always zero.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[repr(transparent)]
#[must_use]
pub struct DigitSet(u16);

impl DigitSet {
    /// No digit.
    pub const EMPTY: DigitSet = DigitSet(0);
    /// All nine digits.
    pub const ALL: DigitSet = DigitSet(0x1ff);

    /// The set with this mask (bits above 8 are cleared).
    pub const fn from_bits(bits: u16) -> DigitSet {
        DigitSet(bits & 0x1ff)
    }

    /// The raw mask.
    #[must_use]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set holding only `digit`.
    pub const fn single(digit: Digit) -> DigitSet {
        DigitSet(1 << digit.index())
    }

    /// Whether `digit` is in the set.
    #[must_use]
    pub const fn contains(self, digit: Digit) -> bool {
        self.0 >> digit.index() & 1 == 1
    }

    /// This set plus `digit`.
    pub const fn with(self, digit: Digit) -> DigitSet {
        DigitSet(self.0 | 1 << digit.index())
    }

    /// This set minus `digit`.
    pub const fn without(self, digit: Digit) -> DigitSet {
        DigitSet(self.0 & !(1 << digit.index()))
    }

    /// The number of digits.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every digit of `self` is in `other`.
    #[must_use]
    pub const fn is_subset(self, other: DigitSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The lowest digit, if any.
    #[must_use]
    pub const fn first(self) -> Option<Digit> {
        if self.0 == 0 { None } else { Some(Digit::new_unchecked(self.0.trailing_zeros() as u8)) }
    }

    /// The digits in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let d = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Digit::new_unchecked(d))
        })
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> DigitSet {
        iter.into_iter().fold(DigitSet::EMPTY, DigitSet::with)
    }
}

impl BitAnd for DigitSet {
    type Output = DigitSet;
    fn bitand(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 & rhs.0)
    }
}
impl BitOr for DigitSet {
    type Output = DigitSet;
    fn bitor(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 | rhs.0)
    }
}
impl BitXor for DigitSet {
    type Output = DigitSet;
    fn bitxor(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 ^ rhs.0)
    }
}
impl Sub for DigitSet {
    type Output = DigitSet;
    fn sub(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 & !rhs.0)
    }
}
impl Not for DigitSet {
    type Output = DigitSet;
    fn not(self) -> DigitSet {
        DigitSet(!self.0 & 0x1ff)
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

impl fmt::Display for DigitSet {
    /// Writes the digits run together, e.g. `157`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.iter() {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basic_ops() {
        let a: DigitSet = [1, 5, 7].into_iter().map(|v| Digit::from_value(v).unwrap()).collect();
        assert_eq!(a.to_string(), "157");
        assert_eq!(a.len(), 3);
        assert_eq!((!a).len(), 6);
        assert!(a.contains(Digit::from_value(5).unwrap()));
        assert_eq!(a.first(), Digit::from_value(1));
        assert_eq!(DigitSet::from_bits(0xffff), DigitSet::ALL);
    }
}
