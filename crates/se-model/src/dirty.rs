//! What changed since a state on which a rule found nothing.
//!
//! The rating loop runs SE's rules from the first after every step, and on hard puzzles most
//! of them find nothing step after step. A step only removes candidates (a placement removes
//! the cell's candidates and the digit from its peers), so when a rule found nothing on a state
//! S and the grid is now S' (every candidate of S' also in S), a hint on S' must rest on
//! something that changed: a pattern whose cells are all as they were on S was already a
//! pattern there, and its removals on S' are a subset of those on S, which were none. Each
//! rule that takes a [`Dirty`] searches only the patterns that touch a changed cell (or
//! digit), in its usual order, so its first hint is the same as a full search's.

use super::grid::{Grid, HOUSE_MASK, Mask};

/// The 20 peers of cell `c` as a mask (the bitboard crate's table; SE's cells are numbered
/// row by row as bitboard cells are).
#[inline]
pub fn peers(c: usize) -> u128 {
    bitdoku_bitboard::tables::PEERS[c].bits()
}

/// A state a rule found nothing on.
#[derive(Clone)]
pub struct Snapshot {
    val: [u8; 81],
    cand: [Mask; 81],
}

impl Snapshot {
    /// The state of `g`.
    pub fn of(g: &Grid) -> Snapshot {
        Snapshot { val: g.val, cand: g.cand }
    }
}

/// The changes from a [`Snapshot`] to the current grid.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dirty {
    /// Cells whose candidates (or value) changed.
    pub cells: u128,
    /// Per digit (index `d - 1`): the cells that lost it.
    pub digit_cells: [u128; 9],
    /// Cells next to a cell that had a single candidate and now has none (placed): rules that
    /// skip cells seeing a naked single may now take them.
    pub unblocked: u128,
}

impl Dirty {
    /// The changes from `snap` to `g`, or None when `g` is not a reduction of `snap` (a
    /// candidate or value it does not have), where nothing can be reused.
    pub fn since(snap: &Snapshot, g: &Grid) -> Option<Dirty> {
        let mut d = Dirty::default();
        for c in 0..81 {
            let (was, now) = (snap.cand[c], g.cand[c]);
            if now & !was != 0 || (snap.val[c] != 0 && snap.val[c] != g.val[c]) {
                return None;
            }
            if was != now || snap.val[c] != g.val[c] {
                d.cells |= 1 << c;
                let mut lost = was & !now;
                while lost != 0 {
                    d.digit_cells[lost.trailing_zeros() as usize] |= 1 << c;
                    lost &= lost - 1;
                }
                if was.count_ones() == 1 && now == 0 {
                    d.unblocked |= peers(c);
                }
            }
        }
        Some(d)
    }

    /// Digits (bit `d - 1`) that lost a candidate somewhere.
    pub fn digits(&self) -> Mask {
        (0..9).filter(|&d| self.digit_cells[d] != 0).fold(0, |m, d| m | 1 << d)
    }

    /// Whether house `r` holds a changed cell.
    #[inline]
    pub fn house(&self, r: usize) -> bool {
        self.cells & HOUSE_MASK[r] != 0
    }

    /// Whether any cell of `mask` changed.
    #[inline]
    pub fn any(&self, mask: u128) -> bool {
        self.cells & mask != 0
    }
}

/// Whether a rule given `dirty` may skip a part of the grid that `touched` says is unchanged.
#[inline]
pub fn skip(dirty: Option<&Dirty>, touched: impl FnOnce(&Dirty) -> bool) -> bool {
    dirty.is_some_and(|d| !touched(d))
}
