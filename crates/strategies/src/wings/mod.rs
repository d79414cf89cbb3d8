//! The wings family: small groups of cells with few candidates whose digits force a common
//! digit `z` into at least one of some "pincer" cells, so every cell that sees all of those
//! pincer cells loses `z`.
//!
//! | file | technique | pattern |
//! |---|---|---|
//! | [`w_wing`] | W-Wing | two equal bivalue cells `{x,y}` joined by a strong link on `x` |
//! | [`xy_wing`] | XY-Wing | bivalue pivot `{x,y}`, bivalue pincers `{x,z}`, `{y,z}` |
//! | [`xyz_wing`] | XYZ-Wing | trivalue pivot `{x,y,z}`, bivalue pincers `{x,z}`, `{y,z}` |
//! | [`wxyz_wing`] | WXYZ-Wing | four cells, four digits, one non-restricted digit |
//!
//! Shared vocabulary: a cell *sees* another when they share a house (they are peers). A set
//! of cells that all see one another always lies inside one house (a clique of the Sudoku
//! graph is a subset of a row, a column or a box), so "restricted" (all holders of a digit see
//! one another) and "inside one house" are the same test.

use crate::{Step, TechniqueId};
use bitdoku_bitboard::{Cell, CellSet, Digit, DigitSet};

pub mod w_wing;
pub mod wxyz_wing;
pub mod xy_wing;
pub mod xyz_wing;

/// The step of a three-cell wing (XY- or XYZ-Wing): `z` leaves `targets`; the pivot and the
/// two pincers are the pattern.
pub(crate) fn three_cell_step(
    id: TechniqueId,
    z: Digit,
    targets: CellSet,
    digits: DigitSet,
    pivot: Cell,
    pincers: [Cell; 2],
) -> Step {
    let mut step = Step::new(id);
    step.eliminate(z, targets);
    step.evidence.digits = digits;
    step.evidence.pivot = CellSet::single(pivot);
    step.evidence.pincers = CellSet::single(pincers[0]).with(pincers[1]);
    step.evidence.cells = step.evidence.pincers.with(pivot);
    step
}

/// Shared test states of the family.
#[cfg(test)]
pub(crate) mod fixtures {
    /// Test helper: an otherwise empty grid (every other cell keeps all nine candidates) where each
    /// `rXcY=digits` token of `cells` keeps only those digits, minus the `drc` triples of
    /// `deleted`. Cells with nine candidates never take part in a wing, so the listed cells are the
    /// only possible pattern cells and the eliminations are easy to check by hand.
    pub(crate) fn pencil(cells: &str, deleted: &str) -> bitdoku_bitboard::Candidates {
        let mut del: Vec<String> = deleted.split_whitespace().map(str::to_string).collect();
        for tok in cells.split_whitespace() {
            let (cell, keep) = tok.split_once('=').expect("rXcY=digits");
            let b = cell.as_bytes();
            for d in '1'..='9' {
                if !keep.contains(d) {
                    del.push(format!("{d}{}{}", b[1] as char, b[3] as char));
                }
            }
        }
        crate::testkit::state(&".".repeat(81), &del.join(" "))
    }

    /// magictour_top1465 #158 after singles and locked candidates: one W-Wing, one XY-Wing,
    /// one XYZ-Wing and three WXYZ-Wings (see the tests of each technique).
    pub(crate) const P158: &str = "9+6+4..+37.1+52+74+1...+3.+1.+7+6.5.+47+91.+35+4...8.+1+7.+93+5.+5.+9...+1+7+6+7+582+1+34+91+39....+7..+4.39+7+1+5+6";
    /// Candidates deleted in that state beyond the basic rule.
    pub(crate) const P158_DELETED: &str = "836 838 248 867";
}
