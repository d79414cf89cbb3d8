//! Const tables computed at compile time: the 27 houses, the 81 peer sets, the 54 mini-lines
//! (box/line intersections), bands and stacks.
//!
//! Everything here is a `CellSet` built by a `const fn`, so lookups are loads from read-only
//! data and the tables cannot drift from the index conventions in [`crate::Cell`].

use crate::cellset::CellSet;
use crate::index::{Cell, House};

const fn bit(row: usize, col: usize) -> u128 {
    1u128 << (row * 9 + col)
}

const fn build_houses() -> [CellSet; 27] {
    let mut out = [CellSet::EMPTY; 27];
    let mut i = 0;
    while i < 9 {
        let mut row = 0u128;
        let mut col = 0u128;
        let mut bx = 0u128;
        let mut j = 0;
        while j < 9 {
            row |= bit(i, j);
            col |= bit(j, i);
            bx |= bit(i / 3 * 3 + j / 3, i % 3 * 3 + j % 3);
            j += 1;
        }
        out[i] = CellSet::from_bits_truncate(row);
        out[9 + i] = CellSet::from_bits_truncate(col);
        out[18 + i] = CellSet::from_bits_truncate(bx);
        i += 1;
    }
    out
}

/// The cells of each house: rows 0..9, columns 9..18, boxes 18..27.
pub const HOUSES: [CellSet; 27] = build_houses();

const fn build_peers() -> [CellSet; 81] {
    let mut out = [CellSet::EMPTY; 81];
    let mut c = 0;
    while c < 81 {
        let cell = Cell::new_unchecked(c as u8);
        let h = cell.houses();
        let all =
            HOUSES[h[0].index()].bits() | HOUSES[h[1].index()].bits() | HOUSES[h[2].index()].bits();
        out[c] = CellSet::from_bits_truncate(all & !(1u128 << c));
        c += 1;
    }
    out
}

/// The 20 peers of each cell (cells sharing a row, column or box, the cell itself excluded).
pub const PEERS: [CellSet; 81] = build_peers();

/// A mini-line: the three cells where a box meets a row or a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MiniLine {
    /// The three cells.
    pub cells: CellSet,
    /// The row or column.
    pub line: House,
    /// The box.
    pub boxx: House,
}

const fn build_minilines() -> [MiniLine; 54] {
    let mut out =
        [MiniLine { cells: CellSet::EMPTY, line: House::row(0), boxx: House::boxx(0) }; 54];
    let mut b = 0;
    let mut n = 0;
    while b < 9 {
        let mut k = 0;
        while k < 3 {
            let row = b / 3 * 3 + k;
            let col = b % 3 * 3 + k;
            out[n] = MiniLine {
                cells: HOUSES[row].intersection(HOUSES[18 + b]),
                line: House::row(row),
                boxx: House::boxx(b),
            };
            out[27 + n] = MiniLine {
                cells: HOUSES[9 + col].intersection(HOUSES[18 + b]),
                line: House::col(col),
                boxx: House::boxx(b),
            };
            n += 1;
            k += 1;
        }
        b += 1;
    }
    out
}

/// The 54 mini-lines: 27 row/box intersections (box-major: box 0's three rows first), then 27
/// column/box intersections in the same order.
pub const MINILINES: [MiniLine; 54] = build_minilines();

const fn build_bands() -> [CellSet; 3] {
    let mut out = [CellSet::EMPTY; 3];
    let mut i = 0;
    while i < 3 {
        out[i] = HOUSES[3 * i].union(HOUSES[3 * i + 1]).union(HOUSES[3 * i + 2]);
        i += 1;
    }
    out
}

const fn build_stacks() -> [CellSet; 3] {
    let mut out = [CellSet::EMPTY; 3];
    let mut i = 0;
    while i < 3 {
        out[i] = HOUSES[9 + 3 * i].union(HOUSES[9 + 3 * i + 1]).union(HOUSES[9 + 3 * i + 2]);
        i += 1;
    }
    out
}

/// The three bands (rows 1-3, 4-6, 7-9). Band `i` is bits `27 * i .. 27 * i + 27`.
pub const BANDS: [CellSet; 3] = build_bands();
/// The three stacks (columns 1-3, 4-6, 7-9).
pub const STACKS: [CellSet; 3] = build_stacks();

/// The rows, columns and boxes (as house indices) of each cell.
pub const CELL_HOUSES: [[House; 3]; 81] = {
    let mut out = [[House::row(0); 3]; 81];
    let mut c = 0;
    while c < 81 {
        out[c] = Cell::new_unchecked(c as u8).houses();
        c += 1;
    }
    out
};

/// The cells of every house in position order, `HOUSE_CELLS[h][k]`: a row left to right, a
/// column top to bottom, a box row by row (position `k` is the `k`-th cell of [`HOUSES`]`[h]`
/// in ascending order). The one house-to-cells list: techniques that work on 9-bit position
/// masks and the models of other programs (which visit houses in their own orders) read it.
pub const HOUSE_CELLS: [[Cell; 9]; 27] = {
    let mut out = [[Cell::new_unchecked(0); 9]; 27];
    let mut h = 0;
    while h < 27 {
        let mut set = HOUSES[h].bits();
        let mut k = 0;
        while set != 0 {
            out[h][k] = Cell::new_unchecked(set.trailing_zeros() as u8);
            set &= set - 1;
            k += 1;
        }
        h += 1;
    }
    out
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_house_has_nine_cells_and_each_cell_three_houses() {
        for h in HOUSES {
            assert_eq!(h.len(), 9);
        }
        for c in 0..81 {
            let n = HOUSES.iter().filter(|h| h.contains(Cell::new_unchecked(c))).count();
            assert_eq!(n, 3);
        }
    }

    #[test]
    fn peers_are_twenty_and_symmetric() {
        for a in Cell::all() {
            assert_eq!(PEERS[a.index()].len(), 20);
            assert!(!PEERS[a.index()].contains(a));
            for b in PEERS[a.index()] {
                assert!(PEERS[b.index()].contains(a));
            }
        }
    }

    #[test]
    fn minilines_partition_boxes_and_lines() {
        for m in MINILINES {
            assert_eq!(m.cells.len(), 3);
            assert!(m.cells.is_subset(m.line.cells()));
            assert!(m.cells.is_subset(m.boxx.cells()));
        }
        let rows = MINILINES[..27].iter().fold(CellSet::EMPTY, |a, m| a | m.cells);
        assert_eq!(rows, CellSet::ALL);
        assert_eq!(BANDS[0] | BANDS[1] | BANDS[2], CellSet::ALL);
        assert_eq!(BANDS[1].bits(), ((1u128 << 27) - 1) << 27);
        assert_eq!(STACKS[0] & BANDS[0], HOUSES[18]);
    }
}
