//! [`AlsList`]: the almost locked sets of a step, as fixed-size evidence (a [`crate::Step`]
//! stays `Copy`). Each entry holds an ALS's cells and digits and the digits that link it to
//! the next entry: the restricted common candidates of an ALS-XZ, ALS-XY-Wing or ALS chain, or
//! the petal digit that ties a death blossom's ALS to its stem.

use bitdoku_bitboard::{CellSet, DigitSet};
use std::fmt;

/// The most ALSs one step carries (ALS chains longer than this are not searched).
pub const MAX_ALS: usize = 10;

/// One almost locked set of a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AlsEntry {
    cells: [u32; 3],
    digits: u16,
    links: u16,
}

impl AlsEntry {
    const EMPTY: AlsEntry = AlsEntry { cells: [0; 3], digits: 0, links: 0 };

    /// The ALS's cells.
    pub fn cells(&self) -> CellSet {
        let bits = u128::from(self.cells[0])
            | (u128::from(self.cells[1]) << 32)
            | (u128::from(self.cells[2]) << 64);
        CellSet::from_bits_truncate(bits)
    }

    /// The ALS's digits (one more than it has cells).
    pub fn digits(&self) -> DigitSet {
        DigitSet::from_bits(self.digits)
    }

    /// The digits linking it to the next entry (restricted commons), or to the stem (the petal
    /// digit of a death blossom); empty for the last ALS of a chain.
    pub fn links(&self) -> DigitSet {
        DigitSet::from_bits(self.links)
    }
}

/// Up to [`MAX_ALS`] almost locked sets, in pattern order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AlsList {
    len: u8,
    sets: [AlsEntry; MAX_ALS],
}

impl AlsList {
    /// No ALS.
    pub const EMPTY: AlsList = AlsList { len: 0, sets: [AlsEntry::EMPTY; MAX_ALS] };

    /// Appends an ALS; `false` (and nothing added) when the list is full.
    pub fn push(&mut self, cells: CellSet, digits: DigitSet, links: DigitSet) -> bool {
        let n = usize::from(self.len);
        if n == MAX_ALS {
            return false;
        }
        let b = cells.bits();
        self.sets[n] = AlsEntry {
            cells: [b as u32, (b >> 32) as u32, (b >> 64) as u32],
            digits: digits.bits(),
            links: links.bits(),
        };
        self.len += 1;
        true
    }

    /// The entries.
    #[must_use]
    pub fn entries(&self) -> &[AlsEntry] {
        &self.sets[..usize::from(self.len)]
    }

    /// Whether there is none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The number of ALSs.
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// All cells of all ALSs.
    pub fn cells(&self) -> CellSet {
        self.entries().iter().fold(CellSet::EMPTY, |a, e| a | e.cells())
    }
}

impl Default for AlsList {
    fn default() -> Self {
        AlsList::EMPTY
    }
}

impl fmt::Display for AlsList {
    /// A chain of ALSs joined by their restricted commons, e.g.
    /// `(r2c1 r2c5 {147}) -4- (r6c5 {47})`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.entries().iter().enumerate() {
            write!(f, "({} {{{}}})", e.cells(), e.digits())?;
            if i + 1 < self.entries().len() && !e.links().is_empty() {
                write!(f, " -{}- ", e.links())?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitdoku_bitboard::{Cell, Digit};

    #[test]
    fn round_trip_and_text() {
        let d = |v| Digit::from_value(v).unwrap();
        let a: CellSet = [Cell::from_rc(1, 0), Cell::from_rc(8, 8)].into_iter().collect();
        let b = CellSet::single(Cell::from_rc(5, 4));
        let mut l = AlsList::EMPTY;
        assert!(l.is_empty());
        assert!(l.push(a, [d(1), d(4), d(7)].into_iter().collect(), DigitSet::single(d(4))));
        assert!(l.push(b, [d(4), d(7)].into_iter().collect(), DigitSet::EMPTY));
        assert_eq!(l.len(), 2);
        assert_eq!(l.entries()[0].cells(), a);
        assert_eq!(l.cells(), a | b);
        assert_eq!(l.to_string(), "(r2c1 r9c9 {147}) -4- (r6c5 {47})");
        for _ in 2..MAX_ALS {
            assert!(l.push(b, DigitSet::EMPTY, DigitSet::EMPTY));
        }
        assert!(!l.push(b, DigitSet::EMPTY, DigitSet::EMPTY));
    }
}
