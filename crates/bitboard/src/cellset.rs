//! [`CellSet`]: a set of cells as an 81-bit mask in a `u128`.
//!
//! Bit `9 * row + col` stands for a cell; bits 81..127 are padding and always zero. Every
//! operation is a few instructions on a `Copy` value, so techniques keep sets in locals
//! instead of scratch fields.

use crate::index::Cell;
use std::fmt;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

/// The 81 valid bits.
const MASK: u128 = (1u128 << 81) - 1;

/// A set of cells: bit `9 * row + col` of an 81-bit mask.
///
/// Invariant: bits 81..127 are zero. `!set` is the complement within the 81 cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[repr(transparent)]
#[must_use]
pub struct CellSet(u128);

impl CellSet {
    /// No cell.
    pub const EMPTY: CellSet = CellSet(0);
    /// All 81 cells.
    pub const ALL: CellSet = CellSet(MASK);

    /// The set whose mask is `bits`, or `None` if a padding bit (81..127) is set.
    pub const fn from_bits(bits: u128) -> Option<CellSet> {
        if bits & !MASK == 0 { Some(CellSet(bits)) } else { None }
    }

    /// The set whose mask is `bits` with the padding bits cleared.
    pub const fn from_bits_truncate(bits: u128) -> CellSet {
        CellSet(bits & MASK)
    }

    /// The raw 81-bit mask.
    #[must_use]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The cells of column `col` as a 9-bit mask (bit `r` = row `r`).
    ///
    /// Gather trick (the one place it is written): after `>> col`, column `col` of rows 0-7
    /// sits at bits `9r` of the low word. Multiplying by `0x0101_0101_0101_0101` (bits `8j`)
    /// adds a copy shifted by `8j`; the copy with `j = 7 - r` puts row `r`'s bit at
    /// `9r + 8(7 - r) = 56 + r`. All products land on distinct bits (no carries) and only
    /// those eight land in bits 56..63, which `>> 56` keeps. E.g. rows 0 and 2 (bits 0 and
    /// 18) end at bits 56 and 58: mask `0b101`. Row 8 is bit `72 + col`, added on its own.
    /// About 6 word operations instead of a 9-step loop.
    #[must_use]
    #[inline]
    pub const fn column_mask(self, col: usize) -> u16 {
        const COLUMN_0_LOW: u64 = 0x8040_2010_0804_0201;
        let low = (self.0 >> col) as u64 & COLUMN_0_LOW;
        let rows_0_to_7 = (low.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u16;
        rows_0_to_7 | ((self.0 >> (72 + col)) as u16 & 1) << 8
    }

    /// The set holding only `cell`.
    pub const fn single(cell: Cell) -> CellSet {
        CellSet(1u128 << cell.index())
    }

    /// Whether `cell` is in the set.
    #[must_use]
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 >> cell.index() & 1 == 1
    }

    /// The number of cells (one `popcnt` on each half).
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds exactly one cell: `x & (x - 1)` clears the lowest set bit, so it
    /// is zero exactly when at most one bit was set (e.g. `0b0100 & 0b0011 == 0`).
    #[must_use]
    pub const fn is_single(self) -> bool {
        self.0 != 0 && self.0 & (self.0 - 1) == 0
    }

    /// Whether the set holds two or more cells.
    #[must_use]
    pub const fn has_many(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Adds `cell`; returns whether it was absent.
    pub fn insert(&mut self, cell: Cell) -> bool {
        let had = self.contains(cell);
        self.0 |= 1u128 << cell.index();
        !had
    }

    /// Removes `cell`; returns whether it was present.
    pub fn remove(&mut self, cell: Cell) -> bool {
        let had = self.contains(cell);
        self.0 &= !(1u128 << cell.index());
        had
    }

    /// This set plus `cell`.
    pub const fn with(self, cell: Cell) -> CellSet {
        CellSet(self.0 | 1u128 << cell.index())
    }

    /// This set minus `cell`.
    pub const fn without(self, cell: Cell) -> CellSet {
        CellSet(self.0 & !(1u128 << cell.index()))
    }

    /// Cells in either set.
    pub const fn union(self, other: CellSet) -> CellSet {
        CellSet(self.0 | other.0)
    }

    /// Cells in both sets.
    pub const fn intersection(self, other: CellSet) -> CellSet {
        CellSet(self.0 & other.0)
    }

    /// Cells in `self` but not in `other` (and-not).
    pub const fn difference(self, other: CellSet) -> CellSet {
        CellSet(self.0 & !other.0)
    }

    /// Cells in exactly one of the sets.
    pub const fn symmetric_difference(self, other: CellSet) -> CellSet {
        CellSet(self.0 ^ other.0)
    }

    /// The cells not in the set (within the 81 cells: padding stays zero).
    pub const fn complement(self) -> CellSet {
        CellSet(!self.0 & MASK)
    }

    /// Whether every cell of `self` is in `other`.
    #[must_use]
    pub const fn is_subset(self, other: CellSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the sets share a cell.
    #[must_use]
    pub const fn intersects(self, other: CellSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The lowest cell, if any (`trailing_zeros` of the mask).
    #[must_use]
    pub const fn first(self) -> Option<Cell> {
        if self.0 == 0 { None } else { Some(Cell::new_unchecked(self.0.trailing_zeros() as u8)) }
    }

    /// Removes and returns the lowest cell. `x & (x - 1)` clears the lowest set bit.
    pub fn pop_first(&mut self) -> Option<Cell> {
        let cell = self.first()?;
        self.0 &= self.0 - 1;
        Some(cell)
    }

    /// The cells in increasing order.
    pub const fn iter(self) -> CellIter {
        CellIter(self.0)
    }

    /// The cells that see every cell of this set (the intersection of their peer sets).
    /// For an empty set this is every cell.
    pub fn common_peers(self) -> CellSet {
        let mut out = CellSet::ALL;
        for cell in self {
            out &= crate::tables::PEERS[cell.index()];
        }
        out
    }

    /// Bit `r` set when the set has a cell in row `r`.
    #[must_use]
    pub fn rows(self) -> u16 {
        let mut out = 0;
        for r in 0..9 {
            if self.0 >> (9 * r) & 0x1ff != 0 {
                out |= 1 << r;
            }
        }
        out
    }

    /// Bit `c` set when the set has a cell in column `c`. Folding the nine 9-bit row slices
    /// together with OR gives the column occupancy in one 9-bit word.
    #[must_use]
    pub fn cols(self) -> u16 {
        let mut x = self.0;
        let mut out = 0u128;
        for _ in 0..9 {
            out |= x & 0x1ff;
            x >>= 9;
        }
        out as u16
    }

    /// Bit `b` set when the set has a cell in box `b`.
    #[must_use]
    pub fn boxes(self) -> u16 {
        let mut out = 0;
        for b in 0..9 {
            if self.intersects(crate::tables::HOUSES[18 + b]) {
                out |= 1 << b;
            }
        }
        out
    }

    /// The houses holding at least one cell of the set. Band by band (three rows, 27 bits):
    /// a row is met when its 9-bit slice is non-zero; OR-ing the three slices gives the
    /// band's columns, and each 3-bit chunk of that its boxes.
    pub fn houses(self) -> crate::HouseSet {
        const ROW: u32 = 0x1ff;
        let (mut rows, mut cols, mut boxes) = (0u32, 0u32, 0u32);
        for b in 0..3 {
            let x = (self.0 >> (27 * b)) as u32 & 0x7ff_ffff;
            let (r0, r1, r2) = (x & ROW, x >> 9 & ROW, x >> 18);
            let met = u32::from(r0 != 0) | u32::from(r1 != 0) << 1 | u32::from(r2 != 0) << 2;
            let band = r0 | r1 | r2;
            let chunks = u32::from(band & 0o7 != 0)
                | u32::from(band & 0o70 != 0) << 1
                | u32::from(band & 0o700 != 0) << 2;
            rows |= met << (3 * b);
            cols |= band;
            boxes |= chunks << (3 * b);
        }
        crate::HouseSet::from_bits_truncate(rows | cols << 9 | boxes << 18)
    }

    /// The cells of the set that are its only cell in at least one of their houses (row,
    /// column or box): where a digit whose candidates are the set is a hidden single, or the
    /// last empty cell of a house when the set is the unsolved cells.
    ///
    /// Works band by band (three rows, 27 bits) with small integers instead of 27
    /// intersections with house masks. Folding a band's three row slices gives, per column,
    /// "one or more" and "two or more" of its cells; folding those across bands gives the
    /// columns with one cell, and folding each 3-column chunk gives the boxes with one cell.
    /// A row slice with one bit is a lone row cell.
    pub fn alone_in_a_house(self) -> CellSet {
        const ROW: u32 = 0x1ff;
        const CHUNK_LOW: u32 = 0b001_001_001;
        const DOWN: u32 = 1 | 1 << 9 | 1 << 18;
        if self.0 == 0 {
            return CellSet::EMPTY;
        }
        let mut bands = [0u32; 3];
        let mut boxes = [0u32; 3];
        let (mut col_once, mut col_twice) = (0u32, 0u32);
        for (b, band) in bands.iter_mut().enumerate() {
            let x = (self.0 >> (27 * b)) as u32 & 0x7ff_ffff;
            *band = x;
            let (r0, r1, r2) = (x & ROW, x >> 9 & ROW, x >> 18);
            // Per column of the band: at least one cell, at least two cells.
            let once = r0 | r1 | r2;
            let twice = (r0 & r1) | (r0 & r2) | (r1 & r2);
            col_twice |= (col_once & once) | twice;
            col_once |= once;
            // Per box of the band (bits 0, 3, 6 of each chunk).
            let (o0, o1, o2) = (once & CHUNK_LOW, once >> 1 & CHUNK_LOW, once >> 2 & CHUNK_LOW);
            let w = (twice | twice >> 1 | twice >> 2) & CHUNK_LOW;
            let box_twice = w | (o0 & o1) | (o0 & o2) | (o1 & o2);
            boxes[b] = ((o0 | o1 | o2) & !box_twice) * 0b111 * DOWN;
        }
        let cols = (col_once & !col_twice) * DOWN;
        let mut out = 0u128;
        for (b, &x) in bands.iter().enumerate() {
            let mut rows = 0;
            for r in 0..3 {
                let slice = x >> (9 * r) & ROW;
                if slice & slice.wrapping_sub(1) == 0 {
                    rows |= ROW << (9 * r);
                }
            }
            out |= u128::from(x & (rows | cols | boxes[b])) << (27 * b);
        }
        CellSet(out)
    }

    /// Whether all cells lie in one house (an empty or single-cell set does).
    #[must_use]
    pub fn in_one_house(self) -> bool {
        self.rows().count_ones() <= 1
            || self.cols().count_ones() <= 1
            || self.boxes().count_ones() <= 1
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for CellSet {
    /// Writes `r1c2 r5c7 …` (an empty set writes `{}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("{}");
        }
        for (i, cell) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{cell}")?;
        }
        Ok(())
    }
}

/// Iterator over the cells of a [`CellSet`], lowest first.
#[derive(Clone, Debug)]
pub struct CellIter(u128);

impl Iterator for CellIter {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Cell::new_unchecked(index))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CellIter {}

impl IntoIterator for CellSet {
    type Item = Cell;
    type IntoIter = CellIter;
    fn into_iter(self) -> CellIter {
        self.iter()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> CellSet {
        iter.into_iter().fold(CellSet::EMPTY, CellSet::with)
    }
}

impl BitAnd for CellSet {
    type Output = CellSet;
    fn bitand(self, rhs: CellSet) -> CellSet {
        CellSet(self.0 & rhs.0)
    }
}
impl BitOr for CellSet {
    type Output = CellSet;
    fn bitor(self, rhs: CellSet) -> CellSet {
        CellSet(self.0 | rhs.0)
    }
}
impl BitXor for CellSet {
    type Output = CellSet;
    fn bitxor(self, rhs: CellSet) -> CellSet {
        CellSet(self.0 ^ rhs.0)
    }
}
impl Sub for CellSet {
    type Output = CellSet;
    fn sub(self, rhs: CellSet) -> CellSet {
        CellSet(self.0 & !rhs.0)
    }
}
impl Not for CellSet {
    type Output = CellSet;
    fn not(self) -> CellSet {
        self.complement()
    }
}
impl BitAndAssign for CellSet {
    fn bitand_assign(&mut self, rhs: CellSet) {
        self.0 &= rhs.0;
    }
}
impl BitOrAssign for CellSet {
    fn bitor_assign(&mut self, rhs: CellSet) {
        self.0 |= rhs.0;
    }
}
impl BitXorAssign for CellSet {
    fn bitxor_assign(&mut self, rhs: CellSet) {
        self.0 ^= rhs.0;
    }
}
impl SubAssign for CellSet {
    fn sub_assign(&mut self, rhs: CellSet) {
        self.0 &= !rhs.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    /// `alone_in_a_house` by its definition: 27 intersections with the house masks.
    fn alone_by_houses(set: CellSet) -> CellSet {
        let mut out = CellSet::EMPTY;
        for house in crate::tables::HOUSES {
            if (set & house).is_single() {
                out |= set & house;
            }
        }
        out
    }

    proptest! {
        #[test]
        fn houses_are_the_houses_the_set_meets((set, _) in arb_set()) {
            let by_scan: crate::HouseSet = crate::House::all()
                .filter(|h| h.cells().intersects(set))
                .collect();
            prop_assert_eq!(set.houses(), by_scan);
        }

        #[test]
        fn alone_in_a_house_matches_the_house_scan((set, _) in arb_set()) {
            prop_assert_eq!(set.alone_in_a_house(), alone_by_houses(set));
        }

        #[test]
        fn alone_in_a_house_on_sparse_sets(cells in proptest::collection::btree_set(0u8..81, 0..12)) {
            let set: CellSet = cells.iter().map(|&i| Cell::new(i).unwrap()).collect();
            prop_assert_eq!(set.alone_in_a_house(), alone_by_houses(set));
        }
    }

    #[test]
    fn houses_examples() {
        assert!(CellSet::EMPTY.houses().is_empty());
        assert_eq!(CellSet::ALL.houses(), crate::HouseSet::ALL);
        assert_eq!(CellSet::single(Cell::from_rc(4, 7)).houses().to_string(), "r5 c8 b6");
    }

    #[test]
    fn alone_in_a_house_examples() {
        assert_eq!(CellSet::EMPTY.alone_in_a_house(), CellSet::EMPTY);
        assert_eq!(CellSet::ALL.alone_in_a_house(), CellSet::EMPTY);
        let one = CellSet::single(Cell::new(40).unwrap());
        assert_eq!(one.alone_in_a_house(), one);
        // Every cell of a diagonal is alone in its row and its column.
        let diagonal: CellSet = (0..9).map(|i| Cell::new(i * 10).unwrap()).collect();
        assert_eq!(diagonal.alone_in_a_house(), diagonal);
        // Two cells of row 1 in different columns and boxes: alone in column and box.
        let pair: CellSet = [0u8, 8].iter().map(|&i| Cell::new(i).unwrap()).collect();
        assert_eq!(pair.alone_in_a_house(), pair);
        // Three cells of box 1 in one row: none is alone anywhere but its column.
        let line: CellSet = [0u8, 1, 2].iter().map(|&i| Cell::new(i).unwrap()).collect();
        assert_eq!(line.alone_in_a_house(), line);
        assert_eq!(alone_by_houses(line), line);
    }

    fn model(set: CellSet) -> BTreeSet<u8> {
        set.iter().map(|c| c.index() as u8).collect()
    }

    fn arb_set() -> impl Strategy<Value = (CellSet, BTreeSet<u8>)> {
        proptest::collection::btree_set(0u8..81, 0..81).prop_map(|m| {
            let set: CellSet = m.iter().map(|&i| Cell::new(i).unwrap()).collect();
            (set, m)
        })
    }

    fn padding_clear(set: CellSet) -> bool {
        set.bits() >> 81 == 0
    }

    proptest! {
        #[test]
        fn matches_btreeset((a, ma) in arb_set(), (b, mb) in arb_set()) {
            prop_assert_eq!(model(a), ma.clone());
            prop_assert_eq!(a.len() as usize, ma.len());
            prop_assert_eq!(a.is_empty(), ma.is_empty());
            prop_assert_eq!(model(a | b), ma.union(&mb).copied().collect::<BTreeSet<_>>());
            prop_assert_eq!(model(a & b), ma.intersection(&mb).copied().collect::<BTreeSet<_>>());
            prop_assert_eq!(model(a - b), ma.difference(&mb).copied().collect::<BTreeSet<_>>());
            prop_assert_eq!(model(a ^ b), ma.symmetric_difference(&mb).copied().collect::<BTreeSet<_>>());
            let all: BTreeSet<u8> = (0..81).collect();
            prop_assert_eq!(model(!a), all.difference(&ma).copied().collect::<BTreeSet<_>>());
            prop_assert_eq!(a.is_subset(b), ma.is_subset(&mb));
            prop_assert_eq!(a.intersects(b), !ma.is_disjoint(&mb));
            prop_assert_eq!(a.first().map(|c| c.index() as u8), ma.first().copied());
            prop_assert_eq!(a.is_single(), ma.len() == 1);
            prop_assert_eq!(a.has_many(), ma.len() >= 2);
            for s in [a | b, a & b, a - b, a ^ b, !a, !b, a.complement()] {
                prop_assert!(padding_clear(s));
            }
        }

        #[test]
        fn insert_remove_pop((mut a, mut ma) in arb_set(), i in 0u8..81) {
            let cell = Cell::new(i).unwrap();
            prop_assert_eq!(a.insert(cell), ma.insert(i));
            prop_assert_eq!(model(a), ma.clone());
            prop_assert_eq!(a.remove(cell), ma.remove(&i));
            prop_assert_eq!(model(a), ma.clone());
            prop_assert_eq!(a.with(cell).contains(cell), true);
            prop_assert_eq!(a.without(cell).contains(cell), false);
            let mut popped = Vec::new();
            while let Some(c) = a.pop_first() {
                popped.push(c.index() as u8);
            }
            prop_assert_eq!(popped, ma.into_iter().collect::<Vec<_>>());
        }

        #[test]
        fn rows_cols_boxes((a, ma) in arb_set()) {
            let rows = ma.iter().fold(0u16, |acc, &i| acc | 1 << (i / 9));
            let cols = ma.iter().fold(0u16, |acc, &i| acc | 1 << (i % 9));
            let boxes = ma.iter().fold(0u16, |acc, &i| acc | 1 << (i / 27 * 3 + i % 9 / 3));
            prop_assert_eq!(a.rows(), rows);
            prop_assert_eq!(a.cols(), cols);
            prop_assert_eq!(a.boxes(), boxes);
        }
    }

    #[test]
    fn from_bits_rejects_padding() {
        assert_eq!(CellSet::from_bits(1 << 81), None);
        assert_eq!(CellSet::from_bits(u128::MAX), None);
        assert_eq!(CellSet::from_bits_truncate(u128::MAX), CellSet::ALL);
        assert_eq!(CellSet::ALL.len(), 81);
        assert!(padding_clear(!CellSet::EMPTY));
    }

    #[test]
    fn display_uses_rc_notation() {
        let set: CellSet = [Cell::from_rc(0, 1), Cell::from_rc(8, 8)].into_iter().collect();
        assert_eq!(set.to_string(), "r1c2 r9c9");
        assert_eq!(CellSet::EMPTY.to_string(), "{}");
    }

    #[test]
    fn common_peers_of_two_cells_in_a_row() {
        let set: CellSet = [Cell::from_rc(0, 0), Cell::from_rc(0, 8)].into_iter().collect();
        // They share only row 1: its 7 other cells.
        assert_eq!(set.common_peers().len(), 7);
    }
}
