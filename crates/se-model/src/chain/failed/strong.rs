//! Where the strong candidates of [`Failed`](super::Failed)'s graph are, and sets of
//! candidates as masks: the tables that let the graph and the tests visit only the
//! candidates that matter (a candidate without a strong neighbour adds nothing to the
//! relation, a row or an aim).

use super::OFF_WORDS;
use crate::grid::{CELL_HOUSES, CELL_INDEX, Grid, HOUSE_CELLS, digits};

/// Where the strong candidates of a graph are: per house and digit their positions
/// (`pos[house][digit - 1]`, bit 0-8 within the house), per cell their digits (bit
/// `digit - 1`).
pub(super) struct Where {
    pos: [[u16; 9]; 27],
    /// Per cell: the digits of its strong candidates (bit `digit - 1`).
    pub(super) cell: [u16; 81],
}

impl Default for Where {
    fn default() -> Where {
        Where { pos: [[0; 9]; 27], cell: [0; 81] }
    }
}

/// Per cell: its block, row and column, each with the positions there that are peers not
/// listed before (the block's others, then the row's and the column's outside the block),
/// as [`Grid::for_peers_with`] masks them.
const PEER_PARTS: [[(u8, u16); 3]; 81] = {
    let mut t = [[(0u8, 0u16); 3]; 81];
    let mut c = 0;
    while c < 81 {
        let [b, r, col] = CELL_HOUSES[c];
        t[c] = [
            (b, 0x1ff & !(1 << CELL_INDEX[c][0])),
            (r, 0x1ff & !(0b111 << (b % 3 * 3))),
            (col, 0x1ff & !(0b111 << (b / 3 * 3))),
        ];
        c += 1;
    }
    t
};

/// The candidates of `g` as a set (bit `c * 9 + d - 1`).
pub(super) fn grid_cands(g: &Grid) -> [u64; OFF_WORDS] {
    let mut t = [0u64; OFF_WORDS];
    for c in 0..81 {
        or_at(&mut t, c * 9, g.cand[c]);
    }
    t
}

/// ORs the nine bits `m` into `t` from bit `at` on.
#[inline]
pub(super) fn or_at(t: &mut [u64], at: usize, m: u16) {
    let (w, b) = (at / 64, at % 64);
    t[w] |= (m as u64) << b;
    if b > 64 - 9 && w + 1 < t.len() {
        t[w + 1] |= (m as u64) >> (64 - b);
    }
}

impl Where {
    /// The strong candidates among the weak neighbours of `(c, d)`, in the XY graph's
    /// order (the cell's other values with `cell_links`, then the block, the row and the column
    /// as [`Grid::for_peers_with`] visits them): the others have no strong neighbour, so
    /// they add nothing to the relation `->` or to a row.
    #[inline]
    pub(super) fn weak_of(&self, c: usize, d: u8, cell_links: bool, mut f: impl FnMut(usize)) {
        if cell_links {
            for v in digits(self.cell[c] & !(1 << (d - 1))) {
                f(c * 9 + v as usize - 1);
            }
        }
        let dd = d as usize - 1;
        for &(house, keep) in &PEER_PARTS[c] {
            let house = house as usize;
            let mut m = self.pos[house][dd] & keep;
            while m != 0 {
                f(HOUSE_CELLS[house][m.trailing_zeros() as usize] as usize * 9 + dd);
                m &= m - 1;
            }
        }
    }

    /// Marks candidate `i` strong.
    #[inline]
    pub(super) fn set(&mut self, i: usize) {
        let (c, d) = (i / 9, i % 9);
        self.cell[c] |= 1 << d;
        for k in 0..3 {
            self.pos[CELL_HOUSES[c][k] as usize][d] |= 1 << CELL_INDEX[c][k];
        }
    }

    /// Unmarks candidate `i` (and the others of its cell and its houses' digit).
    #[inline]
    pub(super) fn reset(&mut self, i: usize) {
        let (c, d) = (i / 9, i % 9);
        self.cell[c] = 0;
        for k in 0..3 {
            self.pos[CELL_HOUSES[c][k] as usize][d] = 0;
        }
    }
}
