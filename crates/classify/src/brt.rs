//! BRT, Berthier's basic resolution theory, as a copyable state ([`Grid`]) that is always kept
//! closed under its rules, and nothing else:
//!
//! * **ECP** (elementary constraint propagation): a decided value removes its digit from the
//!   cell's peers and the other digits from its cell;
//! * **naked single**: a cell with one candidate left gets that value;
//! * **hidden single**: a digit with one place left in a row, column or box gets that place.
//!
//! A **contradiction** is a CSP variable of the 2D model (a cell, or a digit in a row, a column
//! or a box where it is not yet decided) with no candidate left, or a value asserted where it
//! is no longer a candidate. Every other measure of this crate is built on these rules: trial
//! and error copies a [`Grid`], asserts a candidate in the copy ([`Grid::assert`]) and watches
//! for a contradiction; whips and braids read the candidates of a closed state.
//!
//! The state keeps per cell the digits still possible and per digit and house the number of
//! places left, so a removal finds the singles and the empty variables it makes by looking at
//! its cell and its three houses only (a work list, no pass over the grid). A decision and its
//! consequences cost a few hundred nanoseconds; the whole state is about 600 bytes, so a copy
//! for a trial is a plain memory copy.

use bitdoku_bitboard::tables::{CELL_HOUSES, HOUSES, PEERS};
use bitdoku_bitboard::{Candidates, CellSet};

/// Candidate index `81 * digit + cell` (digit 0-based).
pub type Cand = usize;

/// The houses of each cell as bit masks over the 27 houses (rows 0..9, columns 9..18, boxes
/// 18..27).
const CELL_HOUSE_BITS: [u32; 81] = {
    let mut out = [0u32; 81];
    let mut c = 0;
    while c < 81 {
        let h = CELL_HOUSES[c];
        out[c] = 1 << h[0].index() | 1 << h[1].index() | 1 << h[2].index();
        c += 1;
    }
    out
};

/// The house indices of each cell, as plain bytes.
pub(crate) const CELL_HOUSE_IDX: [[u8; 3]; 81] = {
    let mut out = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let h = CELL_HOUSES[c];
        out[c] = [h[0].index() as u8, h[1].index() as u8, h[2].index() as u8];
        c += 1;
    }
    out
};

/// The cells of each house as raw masks.
pub(crate) const HOUSE_BITS: [u128; 27] = {
    let mut out = [0u128; 27];
    let mut h = 0;
    while h < 27 {
        out[h] = HOUSES[h].bits();
        h += 1;
    }
    out
};

/// The peers of each cell as raw masks.
pub(crate) const PEER_BITS: [u128; 81] = {
    let mut out = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        out[c] = PEERS[c].bits();
        c += 1;
    }
    out
};

/// The most singles a propagation can queue: each of the 324 CSP variables drops to one
/// candidate at most once, plus the asserted value.
const QUEUE: usize = 336;

/// A resolution state closed under BRT (see the module documentation).
#[derive(Clone)]
pub struct Grid {
    /// Candidates per digit (undecided cells only), as 81-bit masks.
    cand: [u128; 9],
    /// Undecided cells.
    unsolved: u128,
    /// Per cell, the digits still possible (bit `d`); 0 for a decided cell.
    digits: [u16; 81],
    /// Per digit and house, the number of candidate places left.
    places: [[u8; 27]; 9],
    /// Per digit, the houses where it is decided.
    placed: [u32; 9],
    /// The decided value of each cell (1..=9), 0 when undecided.
    value: [u8; 81],
}

/// The work list of one propagation: decisions still to make.
struct Queue {
    items: [u16; QUEUE],
    len: usize,
}

impl Queue {
    fn new() -> Queue {
        Queue { items: [0; QUEUE], len: 0 }
    }

    #[inline]
    fn push(&mut self, digit: usize, cell: usize) {
        // Each variable drops to one candidate once, so the bound holds; a saturated queue
        // would only drop a duplicate.
        if self.len < QUEUE {
            self.items[self.len] = (digit * 81 + cell) as u16;
            self.len += 1;
        }
    }

    #[inline]
    fn pop(&mut self) -> Option<(usize, usize)> {
        self.len = self.len.checked_sub(1)?;
        let c = usize::from(self.items[self.len]);
        Some((c / 81, c % 81))
    }
}

/// Bit `i` of a raw cell mask.
#[inline]
const fn bit(cell: usize) -> u128 {
    1u128 << cell
}

impl Grid {
    /// The BRT closure of a puzzle (`values[i]` = 0 for an empty cell, 1..=9 for a given), or
    /// `None` when BRT meets a contradiction (repeated givens, or a conflict BRT finds).
    #[must_use]
    pub fn from_values(values: &[u8; 81]) -> Option<Grid> {
        let all = CellSet::ALL.bits();
        let mut masks = [all; 9];
        for (i, &v) in values.iter().enumerate() {
            if (1..=9).contains(&v) {
                for (d, m) in masks.iter_mut().enumerate() {
                    if d + 1 != usize::from(v) {
                        *m &= !bit(i);
                    }
                }
            }
        }
        Grid::from_masks(&masks)
    }

    /// The BRT closure of a bitboard state: its placed cells are decided, its candidates are
    /// the candidates (a pencilmark grid's single-candidate cells get decided by BRT).
    #[must_use]
    pub fn from_candidates(state: &Candidates) -> Option<Grid> {
        let masks = std::array::from_fn(|d| (state.masks()[d] | state.placed_masks()[d]).bits());
        Grid::from_masks(&masks)
    }

    /// The BRT closure of the candidate masks `masks[d]` (cells where digit `d` is possible;
    /// no cell is decided yet), or `None` on a contradiction.
    #[must_use]
    pub fn from_masks(masks: &[u128; 9]) -> Option<Grid> {
        let mut g = Grid {
            cand: *masks,
            unsolved: CellSet::ALL.bits(),
            digits: [0; 81],
            places: [[0; 27]; 9],
            placed: [0; 9],
            value: [0; 81],
        };
        let mut q = Queue::new();
        for d in 0..9 {
            g.cand[d] &= CellSet::ALL.bits();
            for c in 0..81 {
                if g.cand[d] & bit(c) != 0 {
                    g.digits[c] |= 1 << d;
                }
            }
            for (h, &cells) in HOUSE_BITS.iter().enumerate() {
                let n = (g.cand[d] & cells).count_ones();
                g.places[d][h] = n as u8;
                match n {
                    0 => return None,
                    1 => q.push(d, (g.cand[d] & cells).trailing_zeros() as usize),
                    _ => {}
                }
            }
        }
        for c in 0..81 {
            let ds = g.digits[c];
            if ds == 0 {
                return None;
            }
            if ds & (ds - 1) == 0 {
                q.push(ds.trailing_zeros() as usize, c);
            }
        }
        g.run(&mut q).then_some(g)
    }

    /// Asserts `digit` (0-based) in `cell` and closes the state under BRT. Returns `false` on
    /// a contradiction (the state is then unusable). Asserting the cell's own decided value
    /// changes nothing.
    #[must_use]
    pub fn assert(&mut self, digit: usize, cell: usize) -> bool {
        let mut q = Queue::new();
        q.push(digit, cell);
        self.run(&mut q)
    }

    /// Removes the candidate `digit` of `cell` and closes the state under BRT. Returns `false`
    /// on a contradiction. Removing a candidate that is not there changes nothing.
    #[must_use]
    pub fn eliminate(&mut self, digit: usize, cell: usize) -> bool {
        if self.cand[digit] & bit(cell) == 0 {
            return true;
        }
        let mut q = Queue::new();
        self.remove(digit, cell, &mut q) && self.run(&mut q)
    }

    /// Whether every cell is decided.
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.unsolved == 0
    }

    /// The candidate masks per digit (undecided cells only).
    #[must_use]
    pub fn cand(&self) -> &[u128; 9] {
        &self.cand
    }

    /// The undecided cells.
    #[must_use]
    pub fn unsolved(&self) -> u128 {
        self.unsolved
    }

    /// Per digit, the houses where it is decided (bit `h`, houses as in [`HOUSES`]).
    #[must_use]
    pub fn placed_houses(&self) -> &[u32; 9] {
        &self.placed
    }

    /// Per cell, the digits still possible (bit `d`); 0 for a decided cell.
    #[must_use]
    pub fn cell_digits(&self) -> &[u16; 81] {
        &self.digits
    }

    /// Per digit and house, the number of candidate places left.
    #[must_use]
    pub fn house_places(&self) -> &[[u8; 27]; 9] {
        &self.places
    }

    /// The decided values (1..=9, 0 = undecided).
    #[must_use]
    pub fn values(&self) -> &[u8; 81] {
        &self.value
    }

    /// The number of candidates left.
    #[must_use]
    pub fn candidate_count(&self) -> u32 {
        self.cand.iter().map(|m| m.count_ones()).sum()
    }

    /// Whether `digit` is a candidate of `cell`.
    #[must_use]
    pub fn has(&self, digit: usize, cell: usize) -> bool {
        self.cand[digit] & bit(cell) != 0
    }

    /// The state as a bitboard [`Candidates`] (decided cells placed, no givens recorded).
    #[must_use]
    pub fn to_candidates(&self) -> Candidates {
        let cand = std::array::from_fn(|d| CellSet::from_bits_truncate(self.cand[d]));
        let placed = std::array::from_fn(|d| {
            let mut m = 0u128;
            for (c, &v) in self.value.iter().enumerate() {
                if usize::from(v) == d + 1 {
                    m |= bit(c);
                }
            }
            CellSet::from_bits_truncate(m)
        });
        Candidates::from_parts(cand, placed, CellSet::EMPTY)
    }

    /// Makes the queued decisions and everything BRT derives from them.
    fn run(&mut self, q: &mut Queue) -> bool {
        while let Some((d, c)) = q.pop() {
            if self.unsolved & bit(c) == 0 {
                if usize::from(self.value[c]) == d + 1 {
                    continue;
                }
                return false;
            }
            if self.digits[c] & (1 << d) == 0 || !self.place(d, c, q) {
                return false;
            }
        }
        true
    }

    /// Decides `d` in `c` (a candidate): the cell's other digits go, then ECP on the peers.
    fn place(&mut self, d: usize, c: usize, q: &mut Queue) -> bool {
        let b = bit(c);
        self.unsolved &= !b;
        self.value[c] = d as u8 + 1;
        self.placed[d] |= CELL_HOUSE_BITS[c];
        let hs = CELL_HOUSE_IDX[c];
        let mut others = self.digits[c] & !(1 << d);
        self.digits[c] = 0;
        self.cand[d] &= !b;
        for h in hs {
            self.places[d][usize::from(h)] -= 1;
        }
        while others != 0 {
            let e = others.trailing_zeros() as usize;
            others &= others - 1;
            self.cand[e] &= !b;
            for h in hs {
                let h = usize::from(h);
                let n = self.places[e][h] - 1;
                self.places[e][h] = n;
                if n <= 1 && self.placed[e] & (1 << h) == 0 {
                    if n == 0 {
                        return false;
                    }
                    q.push(e, (self.cand[e] & HOUSE_BITS[h]).trailing_zeros() as usize);
                }
            }
        }
        let mut peers = PEER_BITS[c] & self.cand[d];
        while peers != 0 {
            let p = peers.trailing_zeros() as usize;
            peers &= peers - 1;
            if !self.remove(d, p, q) {
                return false;
            }
        }
        true
    }

    /// Removes candidate `d` of the undecided cell `c`, queueing the singles it makes.
    fn remove(&mut self, d: usize, c: usize, q: &mut Queue) -> bool {
        self.cand[d] &= !bit(c);
        let left = self.digits[c] & !(1 << d);
        self.digits[c] = left;
        if left == 0 {
            return false;
        }
        if left & (left - 1) == 0 {
            q.push(left.trailing_zeros() as usize, c);
        }
        for h in CELL_HOUSE_IDX[c] {
            let h = usize::from(h);
            let n = self.places[d][h] - 1;
            self.places[d][h] = n;
            if n <= 1 && self.placed[d] & (1 << h) == 0 {
                if n == 0 {
                    return false;
                }
                q.push(d, (self.cand[d] & HOUSE_BITS[h]).trailing_zeros() as usize);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A naive BRT: repeat passes of ECP, naked and hidden singles over plain arrays.
    pub(crate) fn naive_brt(values: &[u8; 81]) -> Option<[u16; 81]> {
        let mut cells = [0x1ffu16; 81];
        for (i, &v) in values.iter().enumerate() {
            if v > 0 {
                cells[i] = 1 << (v - 1);
            }
        }
        let mut decided = [false; 81];
        loop {
            let mut changed = false;
            for c in 0..81 {
                if cells[c] == 0 {
                    return None;
                }
                if !decided[c] && cells[c].count_ones() == 1 {
                    decided[c] = true;
                    changed = true;
                    for p in PEERS[c] {
                        let p = p.index();
                        if cells[p] & cells[c] != 0 {
                            if decided[p] {
                                return None;
                            }
                            cells[p] &= !cells[c];
                        }
                    }
                }
            }
            for h in HOUSES {
                for d in 0..9 {
                    let at: Vec<usize> = h
                        .into_iter()
                        .map(|c| c.index())
                        .filter(|&c| cells[c] >> d & 1 == 1)
                        .collect();
                    if at.is_empty() {
                        return None;
                    }
                    if at.len() == 1 && cells[at[0]] != 1 << d {
                        cells[at[0]] = 1 << d;
                        changed = true;
                    }
                }
            }
            if !changed {
                return Some(cells);
            }
        }
    }

    #[test]
    fn grid_matches_naive_brt_on_random_puzzles() {
        let mut rng = fastrand::Rng::with_seed(41);
        for round in 0..3000 {
            let n = 15 + round % 30;
            let mut values = [0u8; 81];
            for _ in 0..n {
                values[rng.usize(..81)] = rng.u8(1..10);
            }
            let fast = Grid::from_values(&values);
            let slow = naive_brt(&values);
            match (fast, slow) {
                (None, None) => {}
                (Some(g), Some(cells)) => {
                    for (c, &want) in cells.iter().enumerate() {
                        let got = if g.values()[c] > 0 {
                            1 << (g.values()[c] - 1)
                        } else {
                            g.cell_digits()[c]
                        };
                        assert_eq!(got, want, "round {round} cell {c}");
                    }
                }
                (f, s) => panic!("round {round}: fast {} slow {}", f.is_some(), s.is_some()),
            }
        }
    }
}
