//! Typed indices: [`Cell`] (0..81), [`Digit`] (0..9, shown as 1..9), [`House`] (0..27) and
//! [`HouseSet`], so that no module passes bare integers for these concepts.

use crate::cellset::CellSet;
use crate::tables;
use std::fmt;

/// A cell, index `9 * row + col` (0-based). Displayed as `r1c1` .. `r9c9`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Cell(u8);

impl Cell {
    /// The cell with this index, if `index < 81`.
    #[must_use]
    pub const fn new(index: u8) -> Option<Cell> {
        if index < 81 { Some(Cell(index)) } else { None }
    }

    /// The cell with this index; the caller guarantees `index < 81` (checked in debug builds).
    #[must_use]
    pub const fn new_unchecked(index: u8) -> Cell {
        debug_assert!(index < 81);
        Cell(index)
    }

    /// The cell at 0-based `row`, `col` (both < 9).
    #[must_use]
    pub const fn from_rc(row: usize, col: usize) -> Cell {
        assert!(row < 9 && col < 9);
        Cell((row * 9 + col) as u8)
    }

    /// All 81 cells in row-major order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..81).map(Cell)
    }

    /// The index 0..81.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The 0-based row.
    #[must_use]
    pub const fn row(self) -> usize {
        self.0 as usize / 9
    }

    /// The 0-based column.
    #[must_use]
    pub const fn col(self) -> usize {
        self.0 as usize % 9
    }

    /// The 0-based box, numbered row-major (box 0 is top-left, box 8 bottom-right).
    #[must_use]
    pub const fn box_index(self) -> usize {
        self.row() / 3 * 3 + self.col() / 3
    }

    /// The row, column and box houses of the cell.
    #[must_use]
    pub const fn houses(self) -> [House; 3] {
        [House(self.row() as u8), House(9 + self.col() as u8), House(18 + self.box_index() as u8)]
    }

    /// The 20 cells that share a house with this one.
    pub const fn peers(self) -> CellSet {
        tables::PEERS[self.index()]
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// A digit, index 0..9 for the values 1..9. Displayed as its value.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Digit(u8);

impl Digit {
    /// The digit with index `index` (0..9).
    #[must_use]
    pub const fn new(index: u8) -> Option<Digit> {
        if index < 9 { Some(Digit(index)) } else { None }
    }

    /// The digit whose value is `value` (1..=9).
    #[must_use]
    pub const fn from_value(value: u8) -> Option<Digit> {
        if value >= 1 && value <= 9 { Some(Digit(value - 1)) } else { None }
    }

    /// The digit with index `index`; the caller guarantees `index < 9`.
    #[must_use]
    pub const fn new_unchecked(index: u8) -> Digit {
        debug_assert!(index < 9);
        Digit(index)
    }

    /// All nine digits, 1 first.
    pub fn all() -> impl Iterator<Item = Digit> {
        (0..9).map(Digit)
    }

    /// The index 0..9.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The value 1..=9.
    #[must_use]
    pub const fn value(self) -> u8 {
        self.0 + 1
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.value())
    }
}

/// The kind of a house.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Col,
    /// A 3x3 box.
    Box,
}

/// A house: rows are 0..9, columns 9..18, boxes 18..27. Displayed as `r1`, `c1`, `b1`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct House(u8);

impl House {
    /// The house with this index (0..27).
    #[must_use]
    pub const fn new(index: u8) -> Option<House> {
        if index < 27 { Some(House(index)) } else { None }
    }

    /// Row `r` (0-based).
    #[must_use]
    pub const fn row(r: usize) -> House {
        assert!(r < 9);
        House(r as u8)
    }

    /// Column `c` (0-based).
    #[must_use]
    pub const fn col(c: usize) -> House {
        assert!(c < 9);
        House(9 + c as u8)
    }

    /// Box `b` (0-based, row-major).
    #[must_use]
    pub const fn boxx(b: usize) -> House {
        assert!(b < 9);
        House(18 + b as u8)
    }

    /// All 27 houses: rows, then columns, then boxes.
    pub fn all() -> impl Iterator<Item = House> {
        (0..27).map(House)
    }

    /// The index 0..27.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Row, column or box.
    #[must_use]
    pub const fn kind(self) -> HouseKind {
        match self.0 {
            0..9 => HouseKind::Row,
            9..18 => HouseKind::Col,
            _ => HouseKind::Box,
        }
    }

    /// The index within its kind (0..9).
    #[must_use]
    pub const fn number(self) -> usize {
        self.0 as usize % 9
    }

    /// The nine cells of the house.
    pub const fn cells(self) -> CellSet {
        tables::HOUSES[self.index()]
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = match self.kind() {
            HouseKind::Row => 'r',
            HouseKind::Col => 'c',
            HouseKind::Box => 'b',
        };
        write!(f, "{letter}{}", self.number() + 1)
    }
}

/// A set of houses: bit `h` for house index `h` (27 bits).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[must_use]
pub struct HouseSet(u32);

impl HouseSet {
    /// No house.
    pub const EMPTY: HouseSet = HouseSet(0);

    /// All 27 houses.
    pub const ALL: HouseSet = HouseSet((1 << 27) - 1);

    /// The set with bit `h` for house `h`; bits above 26 are dropped.
    pub const fn from_bits_truncate(bits: u32) -> HouseSet {
        HouseSet(bits & Self::ALL.0)
    }

    /// The set with only `house`.
    pub const fn single(house: House) -> HouseSet {
        HouseSet(1 << house.0)
    }

    /// The raw mask.
    #[must_use]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// This set plus `house`.
    pub const fn with(self, house: House) -> HouseSet {
        HouseSet(self.0 | 1 << house.0)
    }

    /// Whether `house` is in the set.
    #[must_use]
    pub const fn contains(self, house: House) -> bool {
        self.0 >> house.0 & 1 == 1
    }

    /// The number of houses.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The houses in index order.
    pub fn iter(self) -> impl Iterator<Item = House> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let h = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(House(h))
        })
    }

    /// The union of the houses' cells.
    pub fn cells(self) -> CellSet {
        self.iter().fold(CellSet::EMPTY, |acc, h| acc | h.cells())
    }
}

impl FromIterator<House> for HouseSet {
    fn from_iter<I: IntoIterator<Item = House>>(iter: I) -> HouseSet {
        iter.into_iter().fold(HouseSet::EMPTY, HouseSet::with)
    }
}

impl fmt::Debug for HouseSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for HouseSet {
    /// Writes the houses space-separated, e.g. `r1 r5 c3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, h) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{h}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_coordinates() {
        let c = Cell::from_rc(4, 7);
        assert_eq!((c.index(), c.row(), c.col(), c.box_index()), (43, 4, 7, 5));
        assert_eq!(c.to_string(), "r5c8");
        assert_eq!(c.houses().map(|h| h.to_string()), ["r5", "c8", "b6"]);
        assert_eq!(Cell::new(81), None);
    }

    #[test]
    fn digits_and_houses() {
        assert_eq!(Digit::from_value(9).unwrap().index(), 8);
        assert_eq!(Digit::from_value(0), None);
        assert_eq!(Digit::new(9), None);
        assert_eq!(House::boxx(8).kind(), HouseKind::Box);
        assert_eq!(House::new(27), None);
        let set: HouseSet = [House::row(0), House::col(2)].into_iter().collect();
        assert_eq!(set.to_string(), "r1 c3");
        assert_eq!(set.cells().len(), 17);
    }
}
