//! The singles family: placements found by looking at one house or one cell.
//!
//! Each technique reports every instance of its own pattern, whatever the others find: a full
//! house is also a naked single and usually a hidden single, and all three report it. The
//! engine's order (HoDoKu's: full house, naked single, hidden single) decides which one is
//! credited when they overlap.

use crate::{Step, TechniqueId};
use bitdoku_bitboard::{Cell, CellSet, Digit, DigitSet, HouseSet, tables};

pub mod full_house;
pub mod hidden_single;
pub mod naked_single;

/// The step placing `digit` in `cell`. Its base is every house of the cell in which `alone`
/// (the unsolved cells for a full house, the digit's candidates for a hidden single) holds
/// only that cell; `None` leaves the base empty (a naked single is about the cell itself).
pub fn placement(id: TechniqueId, cell: Cell, digit: Digit, alone: Option<CellSet>) -> Step {
    let mut step = Step::new(id);
    step.place(cell, digit);
    step.evidence.digits = DigitSet::single(digit);
    step.evidence.cells = CellSet::single(cell);
    if let Some(alone) = alone {
        step.evidence.base = tables::CELL_HOUSES[cell.index()]
            .into_iter()
            .filter(|h| (alone & h.cells()).is_single())
            .collect::<HouseSet>();
    }
    step
}
