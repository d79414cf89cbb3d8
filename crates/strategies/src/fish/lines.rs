//! Line masks for the fish search: one digit's candidates as nine 9-bit masks per
//! orientation, and the way back from masks to cells and houses.
//!
//! Bit layout. A [`CellSet`] holds cell `9 * row + col` at bit `9 * row + col`, so row `r` is
//! the 9-bit slice `bits >> 9r & 0x1ff`:
//!
//! ```text
//!  bit:  80 ...  72 | 71 ... 63 | ... | 17 ... 9 | 8 ... 0
//!  row:       r9    |     r8    | ... |    r2    |    r1        (bit c of a slice = column c)
//! ```
//!
//! For one digit the search reads eighteen 9-bit *line masks*, built once per digit: `rows[r]`
//! bit `c` says the digit is a candidate in row `r`, column `c`; `cols[c]` bit `r` is the
//! transpose. With rows as base, a "line" is a row and a "cross line" a column, `lines` =
//! `rows` and `cross` = `cols`; with columns as base the two swap. The search is stated for
//! lines and cross lines, so it reads the same in both orientations, and the cross masks
//! answer "which base lines hold this cross line" without touching cell sets.

use bitdoku_bitboard::{CellSet, House, HouseSet};

/// Bits 0, 9, 18, ..., 72: the first cell of every row.
const ROW_STARTS: u128 = {
    let mut bits = 0u128;
    let mut r = 0;
    while r < 9 {
        bits |= 1 << (9 * r);
        r += 1;
    }
    bits
};

/// The cells of the columns in `mask` (bit `c` = column `c`). Multiplying the 9-bit mask by
/// [`ROW_STARTS`] copies it into every row slice; the nine copies never overlap, so there is
/// no carry: e.g. `0b101 * ROW_STARTS` = columns 1 and 3 in all nine rows.
fn column_cells(mask: u16) -> CellSet {
    CellSet::from_bits_truncate(u128::from(mask & 0x1ff) * ROW_STARTS)
}

/// The cells of the rows in `mask` (bit `r` = row `r`).
fn row_cells(mask: u16) -> CellSet {
    let mut bits = 0u128;
    let mut m = mask & 0x1ff;
    while m != 0 {
        bits |= 0x1ff << (9 * m.trailing_zeros());
        m &= m - 1;
    }
    CellSet::from_bits_truncate(bits)
}

/// Which houses are the base: rows (covered by columns) or columns (covered by rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Orientation {
    /// Rows are the base lines, columns the cover lines.
    Rows,
    /// Columns are the base lines, rows the cover lines.
    Cols,
}

impl Orientation {
    /// Both orientations, rows first.
    pub(super) const BOTH: [Orientation; 2] = [Orientation::Rows, Orientation::Cols];

    /// Cells of the base lines in `mask`.
    pub(super) fn line_cells(self, mask: u16) -> CellSet {
        match self {
            Orientation::Rows => row_cells(mask),
            Orientation::Cols => column_cells(mask),
        }
    }

    /// Cells of the cross lines in `mask`.
    pub(super) fn cross_cells(self, mask: u16) -> CellSet {
        match self {
            Orientation::Rows => column_cells(mask),
            Orientation::Cols => row_cells(mask),
        }
    }

    /// The houses of the lines (`cross == false`) or cross lines in `mask`.
    pub(super) fn houses(self, mask: u16, cross: bool) -> HouseSet {
        let rows = (self == Orientation::Rows) != cross;
        let mut set = HouseSet::EMPTY;
        let mut m = mask;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            set = set.with(if rows { House::row(i) } else { House::col(i) });
            m &= m - 1;
        }
        set
    }
}

/// The mask of column `c` (bit `r` = row `r`) of the cells `bits` ([`CellSet::column_mask`]).
fn column_mask(bits: u128, c: usize) -> u16 {
    CellSet::from_bits_truncate(bits).column_mask(c)
}

/// One digit's line masks in both orientations.
pub(super) struct LineMasks {
    /// `rows[r]` bit `c`: the digit is a candidate in row `r`, column `c`.
    rows: [u16; 9],
    /// `cols[c]` bit `r`: the transpose.
    cols: [u16; 9],
}

impl LineMasks {
    /// The masks of `cells`: nine shifts for the rows, nine gathers for the columns.
    pub(super) fn new(cells: CellSet) -> LineMasks {
        let bits = cells.bits();
        let mut rows = [0u16; 9];
        let mut cols = [0u16; 9];
        for i in 0..9 {
            rows[i] = (bits >> (9 * i)) as u16 & 0x1ff;
            cols[i] = column_mask(bits, i);
        }
        LineMasks { rows, cols }
    }

    /// `(lines, cross)`: the base lines' masks and the cross lines' masks of `orientation`.
    pub(super) fn of(&self, orientation: Orientation) -> (&[u16; 9], &[u16; 9]) {
        match orientation {
            Orientation::Rows => (&self.rows, &self.cols),
            Orientation::Cols => (&self.cols, &self.rows),
        }
    }
}

/// The lines whose candidate count is in `min..=max`, as a 9-bit mask.
pub(super) fn lines_with(lines: &[u16; 9], min: u32, max: u32) -> u16 {
    let mut pool = 0;
    for (i, m) in lines.iter().enumerate() {
        if (min..=max).contains(&m.count_ones()) {
            pool |= 1 << i;
        }
    }
    pool
}

/// The lines of `set` (a 9-bit mask), lowest first: `set & (set - 1)` clears the lowest bit.
pub(super) fn bits(set: u16) -> impl Iterator<Item = usize> {
    std::iter::successors(Some(set), |&m| Some(m & m.wrapping_sub(1)))
        .take_while(|&m| m != 0)
        .map(|m| m.trailing_zeros() as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fish::search::picture;
    use bitdoku_bitboard::Digit;

    #[test]
    fn masks_and_cells_agree_in_both_orientations() {
        let s = picture(
            4,
            "x........ ...x..... ......... ......... ......... ......... ......... ......... ........x",
        );
        let cells = s.cells(Digit::from_value(4).unwrap());
        let masks = LineMasks::new(cells);
        let (rows, cols) = masks.of(Orientation::Rows);
        assert_eq!(masks.of(Orientation::Cols), (cols, rows));
        assert_eq!((rows[0], rows[1], rows[8]), (1, 1 << 3, 1 << 8));
        assert_eq!((cols[0], cols[3], cols[8]), (1, 1 << 1, 1 << 8));
        assert_eq!(column_cells(0b1).len(), 9);
        assert_eq!((row_cells(0b11) & column_cells(0b100)).len(), 2, "r1c3 and r2c3");
        assert_eq!((row_cells(0b1) & column_cells(0b1)).len(), 1);
        assert_eq!(Orientation::Cols.line_cells(0b1), column_cells(0b1));
    }

    #[test]
    fn column_gather_matches_a_bit_loop() {
        let bits: u128 = 0x1_2345_6789_abcd_ef01_2345_6789_abcd & ((1 << 81) - 1);
        for c in 0..9 {
            let slow = (0..9).fold(0u16, |m, r| m | ((bits >> (9 * r + c)) as u16 & 1) << r);
            assert_eq!(column_mask(bits, c), slow, "column {c}");
        }
    }
}
