//! Full House: the last unsolved cell of a house.
//!
//! **Pattern.** A house (row, column or box) has exactly one unsolved cell. That cell can only
//! hold the one digit missing from the house, which is its only candidate.
//!
//! **Example.** Row 4 reads `3 1 . 9 8 2 6 5 4`: r4c3 is its only empty cell, so r4c3=7.
//!
//! **Rating.** HoDoKu order 100, score 4 (easy); SE 1.0.
//!
//! **Find-all semantics.**
//! - An instance is an unsolved cell that is the only unsolved cell of at least one of its
//!   three houses, and that has exactly one candidate `d` (in a consistent state this always
//!   holds; a cell with zero or several candidates is skipped, it cannot be placed safely).
//! - One step per cell, however many of its houses it completes: it places `d` in the cell.
//!   `evidence.digits` = {d}, `evidence.cells` = the cell, `evidence.base` = every house of
//!   the cell in which it is the only unsolved cell.
//! - Nothing else is required: a full house is also a naked single (and usually a hidden
//!   single); those techniques report the same cell too. In a state without placed cells (a
//!   729-character candidate grid) every cell counts as unsolved, so no full house exists.
//! - Steps come in cell order (row-major).

use crate::id::{Family, Level};
use crate::technique::{Cost, Hodoku, HodokuChoice, Presets, Reglib, Technique};
use crate::{Sink, TechniqueId};
use bitdoku_bitboard::{Candidates, CellSet, Digit};
use std::ops::ControlFlow;

/// Full House's registry row (see [`Technique`]).
pub(crate) const ROW: Technique = Technique {
    id: TechniqueId::FullHouse,
    name: "Full House",
    family: Family::Singles,
    hodoku: Hodoku { order: 100, score: 4, level: Level::Easy, choice: HodokuChoice::Queue },
    se: 1.0,
    reglib: Reglib::Codes(&["0000"]),
    needs_uniqueness: false,
    presets: Presets { singles: true, seeds: Some(0), hodoku: true },
    naive: true,
    find: Some(find),
    find_changed: None,
    digit_local: false,
    cost: Cost::Light,
};

/// Finds every full house (see the module docs for the exact semantics).
pub fn find(state: &Candidates, sink: &mut dyn Sink) -> ControlFlow<()> {
    let unsolved = state.unsolved();
    let mut last = unsolved.alone_in_a_house();
    if last.is_empty() {
        return ControlFlow::Continue(());
    }
    // Only cells with exactly one candidate can be placed.
    last &= state.counts().exactly(1);
    if sink.union_only() {
        if last.is_empty() {
            return ControlFlow::Continue(());
        }
        let placements = std::array::from_fn(|d| state.masks()[d] & last);
        let none = [CellSet::EMPTY; 9];
        return sink.push_effects(TechniqueId::FullHouse, &placements, &none, last.len());
    }
    for cell in last {
        let Some(digit) = Digit::all().find(|&d| state.has(cell, d)) else { continue };
        sink.push(super::placement(TechniqueId::FullHouse, cell, digit, Some(unsolved)))?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use crate::TechniqueId::FullHouse;
    use crate::testkit::{check, check_not_applicable, check_step, grid, state};

    /// A solved grid (a valid Sudoku solution) used to carve positions.
    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn with_holes(holes: &[usize]) -> String {
        SOLUTION
            .chars()
            .enumerate()
            .map(|(i, c)| if holes.contains(&i) { '.' } else { c })
            .collect()
    }

    #[test]
    fn last_cell_of_a_row() {
        // r1c3 (value 4) is the only hole: it completes row 1, column 3 and box 1 at once.
        let s = state(&with_holes(&[2]), "");
        let step = check_step(FullHouse, &s, "r1c3=4");
        assert_eq!(step.evidence.base.to_string(), "r1 c3 b1");
        check(FullHouse, &s, "r1c3=4");
    }

    #[test]
    fn one_step_per_cell_and_only_completing_houses_in_base() {
        // Holes r1c1 (5), r1c2 (3) and r2c1 (6): r1c2 is last in c2 and r2c1 last in r2.
        // Row 1 has two holes and box 1 three, so r1c1 is no full house.
        let s = state(&with_holes(&[0, 1, 9]), "");
        let step = check_step(FullHouse, &s, "r1c2=3");
        assert_eq!(step.evidence.base.to_string(), "c2");
        check(FullHouse, &s, "r1c2=3 r2c1=6");
    }

    #[test]
    fn must_not_fire() {
        // Every house with a hole has at least two.
        let s = state(&with_holes(&[0, 1, 9, 10]), "");
        check_not_applicable(FullHouse, &s);
        // A candidate grid has no placed cells, so no house is nearly full.
        let g: String = SOLUTION
            .chars()
            .flat_map(|c| (1..=9).map(move |d| if c == char::from(b'0' + d) { c } else { '.' }))
            .collect();
        check_not_applicable(FullHouse, &grid(&g));
    }
}
