//! [`Findings`]: what one technique found on a grid, as plain lists of (cell, digit) pairs, and
//! the one applier shared by every technique.
//!
//! A technique walks the grid and records every elimination and placement of every instance it
//! finds (duplicates are harmless). Only effects that change the grid are recorded (an
//! elimination of a candidate that is present, a placement in a cell that still has the
//! digit), so "the technique fired" is simply "the findings are not empty".
//!
//! [`Findings::apply`] follows the rule every engine of the project uses, so that the naive and
//! the bitboard engines go through the same sequence of states: all eliminations first, then
//! the placements in digit order (1..9), then cell order (row-major); a placement whose
//! candidate is already gone is skipped.

use crate::grid::NaiveGrid;

/// The eliminations and placements found by one technique on one grid.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Findings {
    /// (cell, digit) candidates to remove.
    pub eliminations: Vec<(usize, u8)>,
    /// (cell, digit) values to place.
    pub placements: Vec<(usize, u8)>,
}

impl Findings {
    /// No finding.
    #[must_use]
    pub fn new() -> Findings {
        Findings::default()
    }

    /// Whether nothing was found.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.eliminations.is_empty() && self.placements.is_empty()
    }

    /// Records the elimination of `digit` from `cell` if it is a candidate there.
    pub fn eliminate(&mut self, grid: &NaiveGrid, cell: usize, digit: u8) {
        if grid.has(cell, digit) {
            self.eliminations.push((cell, digit));
        }
    }

    /// Records the placement of `digit` in `cell` if it is a candidate there.
    pub fn place(&mut self, grid: &NaiveGrid, cell: usize, digit: u8) {
        if grid.has(cell, digit) {
            self.placements.push((cell, digit));
        }
    }

    /// Applies everything: eliminations, then placements sorted by digit then cell, skipping a
    /// placement whose candidate has gone in the meantime. Returns whether the grid changed.
    pub fn apply(&self, grid: &mut NaiveGrid) -> bool {
        let mut changed = false;
        for &(cell, digit) in &self.eliminations {
            changed |= grid.eliminate(cell, digit);
        }
        let mut placements = self.placements.clone();
        placements.sort_by_key(|&(cell, digit)| (digit, cell));
        placements.dedup();
        for (cell, digit) in placements {
            if grid.has(cell, digit) {
                grid.place(cell, digit);
                changed = true;
            }
        }
        changed
    }

    /// The effects in the project's notation (`r1c2=5`, `r3c4<>7`), sorted and deduplicated:
    /// placements first, each group by digit then cell. For tests and explanations.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut places = self.placements.clone();
        places.sort_by_key(|&(c, d)| (d, c));
        places.dedup();
        let mut elims = self.eliminations.clone();
        elims.sort_by_key(|&(c, d)| (d, c));
        elims.dedup();
        let places = places.iter().map(|&(c, d)| format!("r{}c{}={d}", c / 9 + 1, c % 9 + 1));
        let elims = elims.iter().map(|&(c, d)| format!("r{}c{}<>{d}", c / 9 + 1, c % 9 + 1));
        places.chain(elims).collect::<Vec<_>>().join(" ")
    }
}
