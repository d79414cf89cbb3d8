//! The base state of a propagation ([`Base`]): what [`super::propagate`] reads of the state
//! it starts from, computed once per search.

use super::propagate::Lit;
use bitdoku_bitboard::tables::HOUSES;
use bitdoku_bitboard::{Candidates, CellSet, CountPlanes};

/// The base state seen by propagation: candidates, bivalue cells, two-place houses.
#[derive(Clone, Debug)]
pub struct Base {
    /// Candidates per digit.
    pub cand: [CellSet; 9],
    /// Cells with at least one candidate.
    pub unsolved: CellSet,
    /// Cells with exactly two candidates.
    pub bivalue: CellSet,
    /// Cells with two or more candidates (those a nested search tries or probes).
    pub open: CellSet,
    /// Per digit, bit `h` when house `h` has exactly two places for the digit.
    pub two_places: [u32; 9],
    /// Per cell, bit `d` when the digit is a candidate there.
    pub digits: [u16; 81],
    /// Per digit, the candidates whose removal alone derives nothing: the cell keeps two or
    /// more candidates and each of its houses two or more places of the digit.
    pub quiet: [CellSet; 9],
    /// Per digit and house, the number of places of the digit there.
    pub places: [[u8; 27]; 9],
}

impl Base {
    /// The base of `state`.
    #[must_use]
    pub fn new(state: &Candidates) -> Base {
        Base::from_masks(*state.masks())
    }

    /// The base of the candidates `cand` (per digit).
    #[must_use]
    pub fn from_masks(cand: [CellSet; 9]) -> Base {
        let mut places = [[0u8; 27]; 9];
        for (d, counts) in places.iter_mut().enumerate() {
            for (n, house) in counts.iter_mut().zip(HOUSES) {
                *n = (cand[d] & house).len() as u8;
            }
        }
        let mut digits = [0u16; 81];
        for (d, m) in cand.iter().enumerate() {
            for c in *m {
                digits[c.index()] |= 1 << d;
            }
        }
        Base::from_parts(cand, digits, places)
    }

    /// The base of `cand` whose per-cell digits and per-house places are already known (a
    /// propagation keeps both for the state it derives).
    pub(crate) fn from_parts(cand: [CellSet; 9], digits: [u16; 81], places: [[u8; 27]; 9]) -> Base {
        let planes = CountPlanes::new(&cand);
        let mut two_places = [0u32; 9];
        let mut quiet = [CellSet::EMPTY; 9];
        for (d, two) in two_places.iter_mut().enumerate() {
            quiet[d] = cand[d] & planes.at_least(3);
            for (h, house) in HOUSES.iter().enumerate() {
                let n = places[d][h];
                if n == 2 {
                    *two |= 1 << h;
                }
                if n <= 2 {
                    quiet[d] -= *house;
                }
            }
        }
        let (unsolved, bivalue, open) = (planes.at_least(1), planes.exactly(2), planes.at_least(2));
        Base { cand, unsolved, bivalue, open, two_places, digits, quiet, places }
    }

    /// Whether the literal's candidate is in the base state.
    #[must_use]
    pub fn has(&self, lit: Lit) -> bool {
        self.cand[lit.digit().index()].contains(lit.cell())
    }
}
