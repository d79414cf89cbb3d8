//! The cell-major grid the SE model works on, and Sudoku Explainer's house numbering.
//!
//! Sudoku Explainer visits houses and cells in fixed orders, and which hint it meets first
//! decides the path; the model keeps those orders: houses are blocks 0-8, rows 9-17 and
//! columns 18-26 (SE's "house types" order), a block's cells run row by row, and cells are
//! visited row by row.

use bitdoku_bitboard::tables;

/// A candidate mask: bit `d - 1` for digit `d`.
pub type Mask = u16;

/// Rows start here (boxes are houses 0-8).
pub const ROW: usize = 9;
/// Columns start here.
pub const COL: usize = 18;

/// The bitboard index ([`House::index`](bitdoku_bitboard::House::index)) of SE house `h`.
const fn bitboard_house(h: usize) -> usize {
    if h < ROW { 18 + h } else { h - ROW }
}

/// The 9 cells of house `h`, in SE's order (a box row by row, a row left to right, a column
/// top to bottom: the bitboard's position order, renumbered).
pub const HOUSE_CELLS: [[u8; 9]; 27] = {
    let mut t = [[0u8; 9]; 27];
    let mut h = 0;
    while h < 27 {
        let mut i = 0;
        while i < 9 {
            t[h][i] = tables::HOUSE_CELLS[bitboard_house(h)][i].index() as u8;
            i += 1;
        }
        h += 1;
    }
    t
};

/// The box, row and column of each cell (SE's house-type order).
pub const CELL_HOUSES: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        // The bitboard lists a cell's row, column and box.
        let [row, col, boxx] = tables::CELL_HOUSES[c];
        t[c] =
            [(boxx.index() - 18) as u8, (ROW + row.index()) as u8, (COL + col.index() - 9) as u8];
        c += 1;
    }
    t
};

/// The cells of each house as a mask (bit = cell index).
pub const HOUSE_MASK: [u128; 27] = {
    let mut t = [0u128; 27];
    let mut h = 0;
    while h < 27 {
        t[h] = tables::HOUSES[bitboard_house(h)].bits();
        h += 1;
    }
    t
};

/// A cell's peers as SE lists them: box, then row, then column, without repeats, the cell
/// itself left out.
pub const PEERS: [[u8; 20]; 81] = {
    let mut t = [[0u8; 20]; 81];
    let mut c = 0;
    while c < 81 {
        let mut n = 0;
        let mut k = 0;
        while k < 3 {
            let r = CELL_HOUSES[c][k] as usize;
            let mut i = 0;
            while i < 9 {
                let o = HOUSE_CELLS[r][i];
                let mut seen = o as usize == c;
                let mut j = 0;
                while j < n {
                    if t[c][j] == o {
                        seen = true;
                    }
                    j += 1;
                }
                if !seen {
                    t[c][n] = o;
                    n += 1;
                }
                i += 1;
            }
            k += 1;
        }
        c += 1;
    }
    t
};

/// Whether two distinct cells share a house.
#[inline]
pub fn sees(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || CELL_HOUSES[a][0] == CELL_HOUSES[b][0])
}

/// The position (0-8) of each cell in its block, row and column.
pub(crate) const CELL_INDEX: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let (y, x) = (c / 9, c % 9);
        t[c] = [(y % 3 * 3 + x % 3) as u8, x as u8, y as u8];
        c += 1;
    }
    t
};

/// Values and candidates, cell-major, with each house's positions per digit kept in step.
#[derive(Clone, PartialEq, Eq)]
pub struct Grid {
    /// The placed digit of each cell (0 = empty).
    pub val: [u8; 81],
    /// The candidates of each empty cell (0 for placed cells).
    pub cand: [Mask; 81],
    /// `pos[r][d - 1]`: the positions of digit `d` in house `r`.
    pos: [[u16; 9]; 27],
}

impl Grid {
    /// A grid from 81 givens (0 = empty), candidates rebuilt from the givens as SE does.
    pub fn from_values(values: &[u8; 81]) -> Grid {
        let mut g = Grid { val: *values, cand: [0; 81], pos: [[0; 9]; 27] };
        for c in 0..81 {
            if g.val[c] == 0 {
                g.cand[c] = 0x1ff;
            }
        }
        for c in 0..81 {
            if g.val[c] != 0 {
                let bit = 1 << (g.val[c] - 1);
                for &o in &PEERS[c] {
                    g.cand[o as usize] &= !bit;
                }
            }
        }
        g.rebuild();
        g
    }

    /// A grid from values and candidates (placed cells keep no candidates).
    pub fn from_parts(values: &[u8; 81], cand: &[Mask; 81]) -> Grid {
        let mut g = Grid { val: *values, cand: *cand, pos: [[0; 9]; 27] };
        for c in 0..81 {
            if g.val[c] != 0 {
                g.cand[c] = 0;
            }
        }
        g.rebuild();
        g
    }

    fn rebuild(&mut self) {
        self.pos = [[0; 9]; 27];
        for c in 0..81 {
            for d in 0..9 {
                if self.cand[c] >> d & 1 != 0 {
                    for k in 0..3 {
                        self.pos[CELL_HOUSES[c][k] as usize][d] |= 1 << CELL_INDEX[c][k];
                    }
                }
            }
        }
    }

    /// Whether cell `c` has candidate `d`.
    #[inline]
    pub fn has(&self, c: usize, d: u8) -> bool {
        self.cand[c] >> (d - 1) & 1 != 0
    }

    /// The number of candidates of cell `c`.
    #[inline]
    pub fn count(&self, c: usize) -> u32 {
        self.cand[c].count_ones()
    }

    /// The positions (0-8 within the house) of digit `d` in house `r`.
    #[inline]
    pub fn positions(&self, r: usize, d: u8) -> u16 {
        self.pos[r][d as usize - 1]
    }

    /// Calls `f` with every peer of `c` holding candidate `d`, in [`PEERS`] order
    /// (block, then the row and the column outside the block), from the position masks.
    #[inline]
    pub fn for_peers_with(&self, c: usize, d: u8, mut f: impl FnMut(usize)) {
        let [b, r, col] = CELL_HOUSES[c].map(usize::from);
        let dd = d as usize - 1;
        let parts = [
            (b, self.pos[b][dd] & !(1 << CELL_INDEX[c][0])),
            (r, self.pos[r][dd] & !(0b111 << (b % 3 * 3))),
            (col, self.pos[col][dd] & !(0b111 << (b / 3 * 3))),
        ];
        for (house, mut m) in parts {
            while m != 0 {
                f(HOUSE_CELLS[house][m.trailing_zeros() as usize] as usize);
                m &= m - 1;
            }
        }
    }

    /// The number of empty cells of house `r`.
    pub fn empty_count(&self, r: usize) -> u32 {
        HOUSE_CELLS[r].iter().filter(|&&c| self.val[c as usize] == 0).count() as u32
    }

    /// How many times digit `d` is placed.
    pub fn occurrences(&self, d: u8) -> u32 {
        self.val.iter().filter(|&&v| v == d).count() as u32
    }

    /// Places `d` in `c` and removes it from the cell's houses (SE's `setValueAndCancel`).
    pub fn place(&mut self, c: usize, d: u8) {
        for v in 1..=9 {
            self.remove(c, v);
        }
        self.val[c] = d;
        for &o in &PEERS[c] {
            self.remove(o as usize, d);
        }
    }

    /// Removes candidate `d` from cell `c`.
    #[inline]
    pub fn remove(&mut self, c: usize, d: u8) {
        let bit = 1 << (d - 1);
        if self.cand[c] & bit != 0 {
            self.cand[c] &= !bit;
            for k in 0..3 {
                self.pos[CELL_HOUSES[c][k] as usize][d as usize - 1] &= !(1 << CELL_INDEX[c][k]);
            }
        }
    }

    /// Whether every cell holds a value.
    pub fn solved(&self) -> bool {
        self.val.iter().all(|&v| v != 0)
    }
}

/// The digits of a mask, ascending.
pub fn digits(m: Mask) -> Digits {
    Digits(m)
}

/// The digits of a mask, lowest first.
pub struct Digits(Mask);

impl Iterator for Digits {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let d = self.0.trailing_zeros() as u8 + 1;
        self.0 &= self.0 - 1;
        Some(d)
    }
}

/// The index of the lowest set bit of a non-zero mask.
#[inline]
pub fn low(m: u16) -> usize {
    m.trailing_zeros() as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peers_with_a_candidate_follow_house_cells() {
        // A grid with some givens and some candidates removed, pseudo-randomly.
        let mut seed = 0x9e37_79b9_u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..20 {
            let mut g = Grid::from_values(&[0; 81]);
            for _ in 0..300 {
                let (c, d) = ((next() % 81) as usize, (next() % 9) as u8 + 1);
                g.remove(c, d);
            }
            for c in 0..81 {
                for d in 1..=9u8 {
                    let mut got = Vec::new();
                    g.for_peers_with(c, d, |o| got.push(o));
                    let want: Vec<usize> =
                        PEERS[c].iter().map(|&o| o as usize).filter(|&o| g.has(o, d)).collect();
                    assert_eq!(got, want, "cell {c} digit {d}");
                }
            }
        }
    }
}
