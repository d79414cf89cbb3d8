//! The WXYZ-Wing search (semantics in the parent module's doc), in two stages.
//!
//! 1. The digit quads `Q` in increasing mask order, each with its cells `W` = the pool cells
//!    (2..=4 candidates) holding no digit outside `Q`. Quads are built by deciding digits 9
//!    down to 1, "out" before "in" (that is increasing mask order); deciding "out" removes
//!    that digit's cells, so `W` shrinks along a branch, and a branch dies as soon as `W` has
//!    fewer than four cells or an "in" digit has no cell left in `W`.
//! 2. The four-cell sets of `W` in row-major order, each partial set filtered with masks
//!    before its next cell is chosen:
//!    * *clashes* (one [`CellSet`] per pool cell, computed once per call): a cell not seeing
//!      `x` that holds two of `x`'s digits would make two non-restricted digits, and a cell
//!      with the same two digits as a bivalue `x` would make a pair of two digits;
//!    * every pair holds three digits, so every triple holds all of `Q`: the third cell holds
//!      what the first two lack, the fourth what each pair of the first three lacks;
//!    * the fourth cell sees one of the first three: minimality makes `S` connected (split
//!      into 1 + 3 cells that do not see each other, the single cell shares at most `Z` with
//!      the others, so its other digit is missing there and the three hold three digits; split
//!      2 + 2, each pair holds three digits and they share at most `Z`, five digits in all);
//!    * at most one non-restricted digit so far, and while it is known (`z`), some cell must
//!      still see all its holders: more cells only add constraints.
//!
//! A digit is non-restricted exactly when two pattern cells that do not see each other both
//! hold it (cells that pairwise see each other share a house), so the non-restricted digits
//! are the OR, over non-seeing pairs, of the AND of their candidate masks.

use super::push;
use crate::Sink;
use bitdoku_bitboard::tables::PEERS;
use bitdoku_bitboard::{Candidates, Cell, CellSet, DigitSet};
use std::ops::ControlFlow;

/// Whether `bits` has at least two bits set: clearing the lowest set bit leaves some.
/// Example: `0b0110 & 0b0101 = 0b0100` (two bits), `0b1000 & 0b0111 = 0` (one bit).
#[inline]
const fn two_or_more(bits: u16) -> bool {
    bits & bits.wrapping_sub(1) != 0
}

/// Whether `bits` has at least three bits set: clearing the lowest set bit twice leaves some.
#[inline]
const fn three_or_more(bits: u16) -> bool {
    two_or_more(bits & bits.wrapping_sub(1))
}

/// The state's digit planes and the pool cells' candidate masks.
pub(super) struct Search<'a> {
    masks: &'a [CellSet; 9],
    bits: &'a [u16; 81],
    clashes: &'a [CellSet; 81],
    /// `below[d]` = the cells holding any digit under `d` (0-based): prefix unions.
    below: [CellSet; 9],
}

impl Search<'_> {
    /// Pushes every WXYZ-Wing of `state`.
    pub(super) fn run(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
        let counts = state.counts();
        let pool = counts.at_least(2) - counts.at_least(5);
        if pool.len() < 4 {
            return ControlFlow::Continue(());
        }
        let masks = state.masks();
        // Candidates of the pool cells as 9-bit masks (a stack array, filled digit-major).
        let mut bits = [0u16; 81];
        for (d, &m) in masks.iter().enumerate() {
            for cell in m & pool {
                bits[cell.index()] |= 1 << d;
            }
        }
        let mut clashes = [CellSet::EMPTY; 81];
        for cell in pool {
            let i = cell.index();
            clashes[i] = Search::clashes(masks, cell, bits[i], counts.exactly(2));
        }
        let mut below = [CellSet::EMPTY; 9];
        for d in 1..9 {
            below[d] = below[d - 1] | masks[d - 1];
        }
        Search { masks, bits: &bits, clashes: &clashes, below }.quads(pool, 9, 0, sink)
    }

    /// Visits the quads that extend `quad` (decided: digits `undecided..9`) with `cells` = the
    /// pool cells holding no digit decided "out".
    fn quads(
        &self,
        cells: CellSet,
        undecided: usize,
        quad: u16,
        sink: &mut dyn Sink,
    ) -> ControlFlow<()> {
        let missing = 4 - quad.count_ones() as usize;
        if cells.len() < 4 || undecided < missing {
            return ControlFlow::Continue(());
        }
        if missing == 0 {
            // Every undecided digit is out.
            let cells = cells - self.below[undecided];
            let covered =
                DigitSet::from_bits(quad).iter().all(|d| self.masks[d.index()].intersects(cells));
            return if covered { self.sets(cells, quad, sink) } else { ControlFlow::Continue(()) };
        }
        let d = undecided - 1;
        self.quads(cells - self.masks[d], d, quad, sink)?;
        if self.masks[d].intersects(cells) {
            self.quads(cells, d, quad | 1 << d, sink)?;
        }
        ControlFlow::Continue(())
    }

    /// The cells that can never share a pattern with `x`: those not seeing `x` that hold two of
    /// its digits (two non-restricted digits at once) and, when `x` is bivalue, those with the
    /// same two digits (a pair holding two digits). "Holds two of X" is counted with two
    /// running planes: `two |= one & m; one |= m` per digit, e.g. for X = {1,2,5}, a cell
    /// holding 2 and 5 enters `one` with 2 and `two` with 5.
    fn clashes(masks: &[CellSet; 9], x: Cell, digits: u16, bivalue: CellSet) -> CellSet {
        let (mut one, mut two) = (CellSet::EMPTY, CellSet::EMPTY);
        for d in DigitSet::from_bits(digits).iter() {
            two |= one & masks[d.index()];
            one |= masks[d.index()];
        }
        let same = if digits.count_ones() == 2 { two & bivalue } else { CellSet::EMPTY };
        (two - PEERS[x.index()]) | same
    }

    /// The cells that would lose `z` (a one-bit digit mask, or 0 for none yet) if `cells`
    /// were the pattern: the holders of `z` outside the pattern seeing every pattern cell
    /// holding it. More pattern cells can only shrink it, so an empty answer ends a branch.
    fn reach(&self, z: u16, cells: &[Cell]) -> CellSet {
        if z == 0 {
            return CellSet::ALL;
        }
        let holders = cells.iter().filter(|c| self.bits[c.index()] & z != 0);
        holders.fold(self.masks[z.trailing_zeros() as usize], |t, c| t & PEERS[c.index()])
    }

    /// Enumerates the 4-subsets of `cells` (candidates within `quad`) that meet the rules and
    /// pushes their steps.
    fn sets(&self, cells: CellSet, quad: u16, sink: &mut dyn Sink) -> ControlFlow<()> {
        let m = |c: Cell| self.bits[c.index()];
        // The digits two cells share when they do not see each other (non-restricted digits).
        let loose = |x: Cell, y: Cell| if PEERS[x.index()].contains(y) { 0 } else { m(x) & m(y) };
        // Each `rest_*` holds the cells after the one just taken: popping the lowest cell
        // (`x & (x - 1)`) walks a set in row-major order and leaves exactly the later cells.
        let mut rest_a = cells;
        while let Some(a) = rest_a.pop_first() {
            let mut rest_b = rest_a - self.clashes[a.index()];
            while let Some(b) = rest_b.pop_first() {
                let ab = m(a) | m(b);
                let loose_ab = loose(a, b);
                if self.reach(loose_ab, &[a, b]).is_empty() {
                    continue;
                }
                // The triple must hold all of Q: c holds the digit a and b lack, if any.
                let lack = quad & !ab;
                let holding = if lack == 0 {
                    CellSet::ALL
                } else {
                    self.masks[lack.trailing_zeros() as usize]
                };
                let mut rest_c = (rest_b & holding) - self.clashes[b.index()];
                while let Some(c) = rest_c.pop_first() {
                    let (ac, bc) = (m(a) | m(c), m(b) | m(c));
                    let loose_abc = loose_ab | loose(a, c) | loose(b, c);
                    if two_or_more(loose_abc) || self.reach(loose_abc, &[a, b, c]).is_empty() {
                        continue;
                    }
                    // d holds what each pair of a, b, c lacks, and sees one of them.
                    let need = quad & !(ab & ac & bc);
                    let seen = PEERS[a.index()] | PEERS[b.index()] | PEERS[c.index()];
                    for d in rest_c & seen {
                        let md = m(d);
                        let z = loose_abc | loose(a, d) | loose(b, d) | loose(c, d);
                        // Exactly one non-restricted digit: z is a power of two.
                        if md & need == need
                            && three_or_more(m(c) | md)
                            && z != 0
                            && !two_or_more(z)
                        {
                            let set = CellSet::single(a).with(b).with(c).with(d);
                            push(self.masks, set, quad, z.trailing_zeros() as usize, sink)?;
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::state;

    #[test]
    fn bit_count_tests() {
        assert!(!two_or_more(0b1000) && two_or_more(0b0110));
        assert!(!three_or_more(0b0110) && three_or_more(0b1_0110));
    }

    /// r1c1 {1,2}: r5c5 {1,2,3} holds both digits without seeing r1c1 (clash), r1c9 {1,2,3}
    /// holds both but sees it (no clash), r9c9 {1,2} is a second bivalue {1,2} (clash), r9c1
    /// {1,3} holds one digit only (no clash). r1c1 itself is listed too (harmless: a set's
    /// later cells never include it).
    #[test]
    fn clashes_of_a_bivalue_cell() {
        let mut deleted = Vec::new();
        for (cell, keep) in [("11", "12"), ("55", "123"), ("19", "123"), ("99", "12"), ("91", "13")]
        {
            deleted.extend(
                (1..=9).filter(|d| !keep.contains(&d.to_string())).map(|d| format!("{d}{cell}")),
            );
        }
        let s = state(&".".repeat(81), &deleted.join(" "));
        let x = Cell::from_rc(0, 0);
        let clashes = Search::clashes(s.masks(), x, 0b11, s.counts().exactly(2));
        let pool = s.counts().at_least(2) - s.counts().at_least(5);
        assert_eq!((clashes & pool).to_string(), "r1c1 r5c5 r9c9");
    }
}
